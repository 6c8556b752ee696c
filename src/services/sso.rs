//! School-account sign-in (OpenID Connect, authorization code flow with PKCE, `state` and
//! `nonce`) through the `openidconnect` crate: discovery from the issuer, the ID token's
//! signature (JWKS), issuer, audience, expiry and nonce checked by it. What we add: the
//! provider's e-mail domains, `email_verified`, and what an answer means for our accounts.

use base64::Engine;
use openidconnect::core::CoreAuthenticationFlow;
use openidconnect::{
    AuthorizationCode, CsrfToken, Nonce, PkceCodeChallenge, PkceCodeVerifier, Scope, TokenResponse,
};
use sha2::{Digest, Sha256};

use super::sso_provider as oidc;

pub use crate::domain::sso_refusal::Refusal;
use crate::error::AppResult;
use crate::infra::Services;
use crate::store::identity::{self, Source};
use crate::store::sso::{self, Answer, Flow, FlowRole, Provider};
use crate::store::staff;
use crate::store::users::{self, Role};

/// From the redirect to the provider's answer, and from the answer to the next step.
const FLOW_MS: i64 = 10 * 60 * 1000;

/// For the JSON steps after the redirect (`Refusal::Expired` on the sign-in page).
pub fn expired() -> String {
    crate::t!("this-sign-in-has-expired-or-was")
}

/// What an answer from the provider leads to.
pub enum Outcome {
    /// A student signed in (a linked account, or a roster account linked now).
    Student(u64),
    /// A first sign-in: the account is made once the student gives grade, school, interests.
    NewStudent,
    /// An account with this e-mail exists: it is linked once signed in to with its password.
    LinkNeeded,
    /// A staff member whose provider did more than one factor.
    Staff(u64),
    /// A staff member who still owes a TOTP code.
    StaffNeedsCode,
}

/// A sign-in refused: a sentence for the sign-in page, and which page.
pub struct Refused {
    pub role: FlowRole,
    pub why: Refusal,
}

fn refused(role: FlowRole, why: Refusal) -> Refused {
    Refused { role, why }
}

/// The data directory failed (logged): the reader can only try again.
fn unavailable(e: impl std::fmt::Display) -> Refusal {
    tracing::error!(error = %e, "school sign-in: the data directory failed");
    Refusal::Unavailable
}

/// The browser cookie's hash, which ties a flow to the browser that started it.
pub fn browser_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn provider(s: &Services, name: &str) -> AppResult<Option<Provider>> {
    Ok(sso::providers(&s.store.read()?)?
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name)))
}

/// The redirect URI registered at the provider for `name`.
pub fn redirect_uri(base: &str, name: &str) -> String {
    format!(
        "{}/api/auth/sso/{name}/callback",
        base.trim_end_matches('/')
    )
}

/// Starts a sign-in: the provider's authorization URL; the flow is stored under `browser`.
pub async fn begin(
    s: &Services,
    name: &str,
    role: FlowRole,
    base: &str,
    browser: [u8; 32],
    now: i64,
) -> Result<String, Refused> {
    let p = match provider(s, name) {
        Ok(Some(p)) => p,
        Ok(None) => return Err(refused(role, Refusal::UnknownProvider)),
        Err(e) => return Err(refused(role, unavailable(e))),
    };
    let serves = match role {
        FlowRole::Student => p.serves.students(),
        FlowRole::Staff => p.serves.staff(),
    };
    if !serves {
        return Err(refused(role, Refusal::UnknownProvider));
    }
    // The provider's discovery document as fetched in the last minutes: a start costs no
    // round trip to the provider (the callback's client is fetched afresh, with its keys).
    let (client, _) = oidc::client(&p, &redirect_uri(base, &p.name), oidc::Fresh::Cached)
        .await
        .map_err(|e| {
        tracing::warn!(provider = %p.name, error = %e, "school sign-in: the provider did not answer");
        refused(role, Refusal::NoAnswer(p.name.clone()))
    })?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, state, nonce) = client
        .authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        )
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let flow = Flow {
        id: 0,
        provider: p.name.clone(),
        role,
        browser,
        state: state.secret().clone(),
        nonce: nonce.secret().clone(),
        pkce_verifier: verifier.secret().clone(),
        answer: None,
        expires_at: now + FLOW_MS,
    };
    s.store
        .write(|w| sso::start(w, flow, now))
        .map_err(|e| refused(role, unavailable(e)))?;
    Ok(url.to_string())
}

/// The claims we read, from the verified ID token.
struct Claims {
    subject: String,
    email: String,
    email_verified: bool,
    given_name: String,
    family_name: String,
    hd: Option<String>,
    mfa: bool,
}

/// Reads the provider's answer: the code exchanged (with the PKCE verifier), the ID token
/// verified. Any failure is a sentence for the person, and a log line for the operator.
/// The provider's redirect back: its query's `state`, and `code` or `error`.
pub struct Callback<'a> {
    pub state: &'a str,
    pub code: Option<&'a str>,
    pub error: Option<&'a str>,
}

pub async fn finish(
    s: &Services,
    name: &str,
    base: &str,
    browser: [u8; 32],
    cb: Callback<'_>,
    now: i64,
) -> Result<Outcome, Refused> {
    let Callback { state, code, error } = cb;
    let read = |f: &dyn Fn(&crate::store::Rtx) -> crate::store::StoreResult<Option<Flow>>| {
        s.store.read().and_then(|r| f(&r))
    };
    // The state names the flow; the cookie must be the browser's that started it.
    let flow = match read(&|r| sso::by_state(r, state)) {
        Ok(Some(f)) if f.expires_at > now && f.answer.is_none() => f,
        Ok(_) => {
            let role = read(&|r| sso::by_browser(r, &browser))
                .ok()
                .flatten()
                .map_or(FlowRole::Student, |f| f.role);
            return Err(refused(role, Refusal::Expired));
        }
        Err(e) => return Err(refused(FlowRole::Student, unavailable(e))),
    };
    let role = flow.role;
    // Used up now, whatever follows: a replayed state finds nothing.
    let _ = s.store.write(|w| {
        w.key_remove("sso-state", &flow.state)?;
        Ok::<_, crate::store::StoreError>(())
    });
    if flow.browser != browser || !flow.provider.eq_ignore_ascii_case(name) {
        return Err(refused(role, Refusal::Expired));
    }
    if let Some(e) = error {
        tracing::info!(provider = %flow.provider, error = %e, "school sign-in: the provider refused");
        return Err(refused(role, Refusal::ProviderRefused(flow.provider)));
    }
    let Some(code) = code.filter(|c| !c.is_empty() && c.len() < 4096) else {
        return Err(refused(role, Refusal::Expired));
    };
    let p = match provider(s, &flow.provider) {
        Ok(Some(p)) => p,
        _ => return Err(refused(role, Refusal::UnknownProvider)),
    };
    let claims = verified_claims(&p, base, &flow, code).await.map_err(|e| {
        tracing::warn!(provider = %p.name, error = %e, "school sign-in refused");
        refused(role, Refusal::NotConfirmed(p.name.clone()))
    })?;
    if !claims.email_verified || claims.email.is_empty() {
        return Err(refused(role, Refusal::EmailUnverified(p.name)));
    }
    if !domain_allowed(&p, &claims) {
        return Err(refused(role, Refusal::DomainNotAccepted(claims.email)));
    }
    outcome(s, &p, flow, claims, now).map_err(|e| refused(role, e))
}

async fn verified_claims(
    p: &Provider,
    base: &str,
    flow: &Flow,
    code: &str,
) -> Result<Claims, String> {
    let (client, http) = oidc::client(p, &redirect_uri(base, &p.name), oidc::Fresh::Now).await?;
    let call = move |req| oidc::send(http.clone(), req);
    let token = client
        .exchange_code(AuthorizationCode::new(code.to_string()))
        .map_err(|e| format!("token endpoint: {e}"))?
        .set_pkce_verifier(PkceCodeVerifier::new(flow.pkce_verifier.clone()))
        .request_async(&call)
        .await
        .map_err(|e| format!("token exchange: {e}"))?;
    let id_token = token.id_token().ok_or("no ID token in the answer")?;
    let verifier = client.id_token_verifier();
    let c = id_token
        .claims(&verifier, &Nonce::new(flow.nonce.clone()))
        .map_err(|e| format!("ID token: {e}"))?;
    let first = |o: Option<&openidconnect::LocalizedClaim<_>>| {
        o.and_then(|l| l.get(None))
            .map(|v: &openidconnect::EndUserGivenName| v.to_string())
    };
    let given_name = first(c.given_name()).unwrap_or_default();
    let family_name = c
        .family_name()
        .and_then(|l| l.get(None))
        .map(|v| v.to_string())
        .unwrap_or_default();
    let (given_name, family_name) = if given_name.is_empty() && family_name.is_empty() {
        let full = c
            .name()
            .and_then(|l| l.get(None))
            .map(|v| v.to_string())
            .unwrap_or_default();
        match full.trim().rsplit_once(' ') {
            Some((g, f)) => (g.to_string(), f.to_string()),
            None => (full, String::new()),
        }
    } else {
        (given_name, family_name)
    };
    let mfa = c
        .auth_method_refs()
        .is_some_and(|a| a.iter().any(|m| m.as_str() == "mfa"));
    Ok(Claims {
        subject: c.subject().to_string(),
        email: c.email().map(|e| e.to_string()).unwrap_or_default(),
        email_verified: c.email_verified().unwrap_or(false),
        given_name,
        family_name,
        // Google's Workspace domain: a claim the crate's standard set does not name. The
        // token's signature was checked above, so its payload can be read as it is.
        hd: payload_claim(&id_token.to_string(), "hd"),
        mfa,
    })
}

fn payload_claim(jwt: &str, name: &str) -> Option<String> {
    let payload = jwt.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .ok()?;
    let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    v.get(name)?.as_str().map(str::to_string)
}

/// Google's issuer: the only provider whose `hd` claim (the Workspace domain) means anything.
const GOOGLE_ISSUER: &str = "https://accounts.google.com";

/// The e-mail's own domain must be one of the provider's. `hd` names a Google Workspace
/// domain, so only Google's is read, and then it must be listed too: a Google account made
/// for a school address outside the school's Workspace has none. Another provider's `hd` is
/// any text its tenant chose and never widens the list.
fn domain_allowed(p: &Provider, c: &Claims) -> bool {
    if p.domains.is_empty() {
        return true;
    }
    let listed = |d: &str| p.domains.iter().any(|l| l.eq_ignore_ascii_case(d));
    let email_domain = c.email.rsplit_once('@').map_or("", |(_, d)| d);
    if !listed(email_domain) {
        return false;
    }
    if p.issuer.trim_end_matches('/') == GOOGLE_ISSUER {
        return c.hd.as_deref().is_some_and(listed);
    }
    true
}

/// What the verified answer means here; stores the flow's next step when one is owed.
fn outcome(
    s: &Services,
    p: &Provider,
    flow: Flow,
    c: Claims,
    now: i64,
) -> Result<Outcome, Refusal> {
    let answer = |link_user, staff| Answer {
        subject: c.subject.clone(),
        email: c.email.clone(),
        given_name: c.given_name.clone(),
        family_name: c.family_name.clone(),
        mfa: c.mfa,
        link_user,
        staff,
    };
    let result = s.store.write(|w| -> Result<Outcome, StoreOrRefusal> {
        match flow.role {
            FlowRole::Staff => {
                let member = staff::by_email(w, &c.email)?
                    .filter(|m| m.enrolled && !m.disabled)
                    .ok_or_else(|| {
                        StoreOrRefusal::Refusal(Refusal::NoStaffAccount(c.email.clone()))
                    })?;
                if c.mfa {
                    sso::remove(w, &flow)?;
                    Ok(Outcome::Staff(member.id))
                } else {
                    sso::answered(
                        w,
                        flow.clone(),
                        answer(None, Some(member.id)),
                        now + FLOW_MS,
                    )?;
                    Ok(Outcome::StaffNeedsCode)
                }
            }
            FlowRole::Student => {
                if let Some(id) = identity::by_link(w, &p.name, &c.subject)? {
                    sso::remove(w, &flow)?;
                    return student_allowed(w, id).map(|()| Outcome::Student(id));
                }
                match users::by_email(w, &c.email)? {
                    Some(u) if u.role == Role::Employer => {
                        Err(StoreOrRefusal::Refusal(Refusal::EmployerAccount))
                    }
                    Some(u) => {
                        let mut i = identity::of(w, u.id)?;
                        // A roster account has no password of its own: the district's roster
                        // and the provider name the same verified address, so it is linked
                        // now. A password account is linked only after a sign-in with it.
                        if i.source == Source::Roster && u.password_hash.is_empty() {
                            student_allowed(w, u.id)?;
                            i.links.push((p.name.clone(), c.subject.clone()));
                            identity::save(w, &i)?;
                            sso::remove(w, &flow)?;
                            Ok(Outcome::Student(u.id))
                        } else {
                            sso::answered(
                                w,
                                flow.clone(),
                                answer(Some(u.id), None),
                                now + FLOW_MS,
                            )?;
                            Ok(Outcome::LinkNeeded)
                        }
                    }
                    None => {
                        sso::answered(w, flow.clone(), answer(None, None), now + FLOW_MS)?;
                        Ok(Outcome::NewStudent)
                    }
                }
            }
        }
    });
    result.map_err(|e| match e {
        StoreOrRefusal::Refusal(r) => r,
        StoreOrRefusal::Store(e) => unavailable(e),
    })
}

/// A roster-disabled student may not sign in (the sign-in page says it as `Refusal::TurnedOff`).
pub fn turned_off() -> String {
    crate::t!("your-school-has-turned-off-this-account")
}

fn student_allowed(r: &impl crate::store::Reader, id: u64) -> Result<(), StoreOrRefusal> {
    if identity::of(r, id)?.disabled {
        return Err(StoreOrRefusal::Refusal(Refusal::TurnedOff));
    }
    Ok(())
}

enum StoreOrRefusal {
    Store(crate::store::StoreError),
    Refusal(Refusal),
}

impl From<crate::store::StoreError> for StoreOrRefusal {
    fn from(e: crate::store::StoreError) -> Self {
        StoreOrRefusal::Store(e)
    }
}

/// The answered flow of a browser, if any.
pub fn pending(s: &Services, browser: &[u8; 32], now: i64) -> AppResult<Option<(Flow, Answer)>> {
    let r = s.store.read()?;
    Ok(sso::by_browser(&r, browser)?
        .filter(|f| f.expires_at > now)
        .and_then(|f| f.answer.clone().map(|a| (f, a))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sso::ServesRole;

    fn claims(email: &str, hd: Option<&str>) -> Claims {
        Claims {
            subject: "s".into(),
            email: email.into(),
            email_verified: true,
            given_name: String::new(),
            family_name: String::new(),
            hd: hd.map(str::to_string),
            mfa: true,
        }
    }

    fn provider_at(issuer: &str) -> Provider {
        Provider {
            name: "P".into(),
            issuer: issuer.into(),
            client_id: "c".into(),
            client_secret: "s".into(),
            domains: vec!["lakeside.k12.ca.us".into()],
            serves: ServesRole::Both,
        }
    }

    #[test]
    fn hd_counts_only_from_google_and_never_instead_of_the_e_mail_s_domain() {
        let other = provider_at("https://login.example.org/tenant");
        let google = provider_at("https://accounts.google.com");
        let school = Some("lakeside.k12.ca.us");
        for p in [&other, &google] {
            // An address outside the listed domains is refused whatever `hd` says.
            assert!(!domain_allowed(p, &claims("dana@district.example", school)));
        }
        assert!(domain_allowed(
            &other,
            &claims("ana@Lakeside.k12.ca.us", None)
        ));
        assert!(domain_allowed(
            &other,
            &claims("ana@lakeside.k12.ca.us", Some("x.example"))
        ));
        // Google: the Workspace domain must be listed too (a consumer Google account made
        // with a school address has no `hd`).
        assert!(domain_allowed(
            &google,
            &claims("ana@lakeside.k12.ca.us", school)
        ));
        assert!(!domain_allowed(
            &google,
            &claims("ana@lakeside.k12.ca.us", None)
        ));
        assert!(!domain_allowed(
            &google,
            &claims("ana@lakeside.k12.ca.us", Some("evil.example"))
        ));
    }
}
