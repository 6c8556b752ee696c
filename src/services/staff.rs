//! Named staff: invites (a single-use link to set a password and enrol an authenticator),
//! sign-in with a password and a TOTP or recovery code, roles, turning off. Shared by the
//! CLI (`internreel staff ...`) and the admin's Staff tab.

use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::{AppError, AppResult, FieldErrors};
use crate::i18n::Text;
use crate::store::audit::{self, Actor, Event};
use crate::store::staff::{self, Invite, InviteBrowser, Staff, StaffRole};
use crate::store::{Reader, StoreResult, Wtx, sessions};
use crate::validate::Checks;

/// An invite link is good for 72 hours.
pub const INVITE_MS: i64 = 72 * 60 * 60 * 1000;
pub const PASSWORD_MIN: usize = 12;
pub fn wrong_code() -> String {
    crate::t!("that-code-is-not-right-check-that")
}
pub fn invite_gone() -> String {
    crate::t!("this-invite-link-is-invalid-or-has")
}
pub fn admin_only() -> String {
    crate::t!("only-a-district-admin-can-do-this")
}
pub fn invite_elsewhere() -> String {
    crate::t!("this-invite-link-was-opened-in-another")
}

#[derive(Serialize, Clone)]
#[serde(rename_all = "camelCase")]
pub struct StaffView {
    pub id: u64,
    pub email: String,
    pub name: String,
    pub role: &'static str,
    pub school: Option<String>,
    pub status: &'static str,
    pub last_sign_in_at: Option<i64>,
    pub created_at: i64,
}

impl From<&Staff> for StaffView {
    fn from(s: &Staff) -> Self {
        StaffView {
            id: s.id,
            email: s.email.clone(),
            name: s.name.clone(),
            role: s.role.as_str(),
            school: s.school.clone(),
            status: s.status(),
            last_sign_in_at: s.last_sign_in,
            created_at: s.created_at,
        }
    }
}

/// Who a signed-in staff member is, as the session answer and the pages show it.
#[derive(Serialize, Clone, Debug)]
pub struct Who {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub role: &'static str,
    pub school: Option<String>,
}

impl From<&Staff> for Who {
    fn from(s: &Staff) -> Self {
        Who {
            id: s.id,
            name: s.name.clone(),
            email: s.email.clone(),
            role: s.role.as_str(),
            school: s.school.clone(),
        }
    }
}

pub struct NewStaff {
    pub email: String,
    pub name: String,
    pub role: String,
    pub school: String,
}

fn invite_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// The hash of a browser's invite cookie, as the invite keeps it.
pub fn browser_hash(cookie: &str) -> [u8; 32] {
    Sha256::digest(cookie.as_bytes()).into()
}

/// A fresh invite on `s` (replacing any earlier one and a not yet finished enrolment): a new
/// TOTP secret, no password, no recovery codes. Returns the link.
fn fresh_invite(r: &impl Reader, s: &mut Staff, now: i64) -> StoreResult<String> {
    let token = crate::tokens::random_hex(32);
    s.invite = Some(Invite {
        hash: invite_hash(&token),
        expires_at: now + INVITE_MS,
    });
    s.totp_secret = crate::totp::new_secret();
    s.enrolled = false;
    s.password_hash = None;
    s.recovery.clear();
    s.last_step = 0;
    Ok(format!(
        "{}/staff/invite/{token}",
        super::password_reset::public_url(r)?
    ))
}

fn invite_mail(w: &Wtx, s: &Staff, link: &str, now: i64) -> StoreResult<()> {
    let district = super::settings::district_signature_arg(w)?;
    let added = match s.role {
        StaffRole::Admin => crate::said!(
            "district-added-you-to-internreel-as-a",
            district = district.clone()
        ),
        StaffRole::Coordinator => crate::said!(
            "district-added-you-to-internreel-as-the",
            district = district.clone(),
            school = match s.school.as_deref() {
                Some(school) => crate::i18n::Value::Plain(school.to_string()),
                None => crate::i18n::Value::Text(Box::new(crate::said!("your-school"))),
            }
        ),
    };
    // By key, line by line: the outbox writes each in its reader's language.
    crate::store::outbox::enqueue(
        w,
        &s.email,
        &crate::said!("your-internreel-staff-account").encode(),
        &format!(
            "{}\n\n{added}\n\n{link}\n\n{}\n\n{}",
            crate::said!("hello-name", name = &s.name),
            crate::said!("if-you-did-not-expect-this-ignore"),
            super::settings::district_signature_line(w)?,
        ),
        now,
    )?;
    Ok(())
}

fn checked(new: &NewStaff, r: &impl Reader) -> AppResult<(StaffRole, Option<String>)> {
    let mut c = Checks::new();
    let email = new.email.trim();
    c.required("email", email, &crate::t!("email-is-required"))
        .email(
            "email",
            email,
            &crate::t!("please-enter-a-valid-email-address"),
        )
        .max_len("email", email, 254)
        .required("name", new.name.trim(), &crate::t!("name-is-required"))
        .max_len("name", new.name.trim(), 100)
        .max_len("school", new.school.trim(), 100);
    let role = StaffRole::parse(&new.role);
    c.check(
        "role",
        role.is_some(),
        &crate::t!("role-must-be-admin-or-coordinator"),
    );
    let school = Some(new.school.trim().to_string()).filter(|s| !s.is_empty());
    c.check(
        "school",
        role != Some(StaffRole::Coordinator) || school.is_some(),
        &crate::t!("a-coordinator-needs-a-school"),
    );
    if !c.has("email") && staff::by_email(r, email)?.is_some() {
        c.fail(
            "email",
            &crate::t!("a-staff-account-with-this-email-already"),
        );
    }
    c.finish()?;
    let role = role.unwrap_or(StaffRole::Coordinator);
    Ok((role, school.filter(|_| role == StaffRole::Coordinator)))
}

/// Adds a staff member and queues the invite e-mail; returns it and the invite link.
pub fn add(w: &Wtx, actor: Actor, new: &NewStaff, now: i64) -> AppResult<(Staff, String)> {
    let (role, school) = checked(new, w)?;
    let mut s = Staff {
        id: 0,
        email: new.email.trim().to_string(),
        name: new.name.trim().to_string(),
        role,
        school,
        password_hash: None,
        totp_secret: Vec::new(),
        enrolled: false,
        recovery: Vec::new(),
        disabled: false,
        invite: None,
        created_at: now,
        last_sign_in: None,
        last_step: 0,
    };
    let link = fresh_invite(w, &mut s, now)?;
    let s = staff::save(w, s)?;
    invite_mail(w, &s, &link, now)?;
    audit::append(
        w,
        now,
        actor,
        Event::StaffChanged {
            staff: s.id,
            // By key (the whole summary's entry; `by` added where it is read).
            change: match (&s.role, &s.school) {
                (StaffRole::Coordinator, Some(school)) => {
                    Text::new("by-added-name-email-as-coordinator-of").arg("school", school)
                }
                _ => Text::new("by-added-name-email-as-admin"),
            }
            .arg("name", &s.name)
            .arg("email", &s.email)
            .encode(),
        },
        ("staff", Some(s.id)),
        None,
    )?;
    Ok((s, link))
}

/// The staff member of a live invite.
pub fn by_invite(r: &impl Reader, token: &str, now: i64) -> AppResult<Staff> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(invite_gone()));
    }
    match staff::by_invite(r, &invite_hash(token))? {
        Some(s) if !s.disabled && s.invite.as_ref().is_some_and(|i| i.expires_at > now) => Ok(s),
        _ => Err(AppError::not_found(invite_gone())),
    }
}

/// Opens a live invite in a browser: the first browser to open it keeps it (the e-mailed link
/// proves nothing once copied, so the authenticator's secret goes to one browser only);
/// another browser is refused, and the real invitee then asks for a new invite.
pub fn open_invite(w: &Wtx, token: &str, browser: [u8; 32], now: i64) -> AppResult<Staff> {
    let s = by_invite(w, token, now)?;
    let invite = invite_hash(token);
    match staff::invite_browser(w, s.id, &invite)? {
        None => staff::bind_invite_browser(
            w,
            &InviteBrowser {
                id: s.id,
                invite,
                browser,
            },
        )?,
        Some(b) if b == browser => {}
        Some(_) => return Err(elsewhere(&s)),
    }
    Ok(s)
}

/// The staff member of a live invite that this browser opened first.
pub fn invite_in_browser(
    r: &impl Reader,
    token: &str,
    browser: Option<[u8; 32]>,
    now: i64,
) -> AppResult<Staff> {
    let s = by_invite(r, token, now)?;
    match staff::invite_browser(r, s.id, &invite_hash(token))? {
        Some(b) if Some(b) == browser => Ok(s),
        _ => Err(elsewhere(&s)),
    }
}

fn elsewhere(s: &Staff) -> AppError {
    // For the operator: a link that reached two browsers may have been copied from somewhere.
    tracing::warn!(
        staff = s.id,
        "a staff invite was refused to a browser other than the one that first opened it"
    );
    AppError::Forbidden(invite_elsewhere())
}

/// Checks an invite's answer before the password is hashed (so a wrong code costs no hash).
pub fn check_enrolment(s: &Staff, password: &str, code: &str, now: i64) -> AppResult<u64> {
    let mut errors = FieldErrors::new();
    if password.chars().count() < PASSWORD_MIN {
        errors.insert(
            "password",
            crate::t!("password-must-be-at-least-n-characters", n = PASSWORD_MIN),
        );
    } else if password.len() > 256 {
        errors.insert(
            "password",
            crate::t!("password-must-be-at-most-max-characters", max = 256),
        );
    }
    let step = crate::totp::check(&s.totp_secret, code, (now / 1000) as u64, 0);
    if step.is_none() {
        errors.insert("code", wrong_code());
    }
    match step {
        Some(step) if errors.is_empty() => Ok(step),
        _ => Err(AppError::validation(errors)),
    }
}

/// Finishes an invite: the password, the authenticator, ten recovery codes (returned once).
pub fn enrol(
    w: &Wtx,
    token: &str,
    browser: Option<[u8; 32]>,
    password_hash: String,
    step: u64,
    now: i64,
) -> AppResult<Vec<String>> {
    // Read again in the write: the invite may have been used or replaced meanwhile.
    let mut s = invite_in_browser(w, token, browser, now)?;
    staff::forget_invite_browser(w, s.id)?;
    let (codes, hashes) = crate::totp::recovery_codes();
    s.password_hash = Some(password_hash);
    s.enrolled = true;
    s.recovery = hashes;
    s.invite = None;
    s.last_step = step;
    let s = staff::save(w, s)?;
    audit::append(
        w,
        now,
        Actor::Staff(s.id),
        Event::StaffChanged {
            staff: s.id,
            change: Text::new("by-set-up-their-password-and-authenticator").encode(),
        },
        ("staff", Some(s.id)),
        None,
    )?;
    Ok(codes)
}

/// The second factor: a TOTP code not used before, or an unused recovery code (used up).
/// Changes `s` (the last step, the recovery codes); the caller saves it.
pub fn second_factor(s: &mut Staff, code: &str, now: i64) -> bool {
    if crate::totp::is_code(code) {
        match crate::totp::check(&s.totp_secret, code, (now / 1000) as u64, s.last_step) {
            Some(step) => {
                s.last_step = step;
                true
            }
            None => false,
        }
    } else {
        let h = crate::totp::recovery_hash(code);
        match s.recovery.iter().position(|r| *r == h) {
            Some(i) => {
                s.recovery.remove(i);
                true
            }
            None => false,
        }
    }
}

/// What an operator or an admin may change about a staff member.
pub enum Change {
    Role {
        role: StaffRole,
        school: Option<String>,
    },
    Disable,
    Enable,
    /// A new invite: new secret, password and recovery codes.
    ResetTwoFactor,
}

/// Applies a change; returns the staff member and, for a reset, the new invite link. Every
/// session of the member ends (a role or a turned-off account takes effect at once).
pub fn change(
    w: &Wtx,
    actor: Actor,
    id: u64,
    change: Change,
    now: i64,
) -> AppResult<(Staff, Option<String>)> {
    let Some(mut s) = w.get::<Staff>(id)? else {
        return Err(AppError::not_found(crate::t!("staff-member-not-found")));
    };
    let mut link = None;
    let what = match change {
        Change::Role { role, school } => {
            let school = school
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .or(s.school.clone());
            if role == StaffRole::Coordinator && school.is_none() {
                let mut errors = FieldErrors::new();
                errors.insert("school", crate::t!("a-coordinator-needs-a-school"));
                return Err(AppError::validation(errors));
            }
            if s.role == StaffRole::Admin && role != StaffRole::Admin {
                last_admin_guard(w, &s)?;
            }
            s.role = role;
            s.school = school.filter(|_| role == StaffRole::Coordinator);
            match (&s.role, &s.school) {
                (StaffRole::Coordinator, Some(school)) => {
                    Text::new("by-made-name-coordinator-of-school").arg("school", school)
                }
                _ => Text::new("by-made-name-admin"),
            }
            .arg("name", &s.name)
            .encode()
        }
        Change::Disable => {
            if s.role == StaffRole::Admin {
                last_admin_guard(w, &s)?;
            }
            s.disabled = true;
            Text::new("by-turned-off-the-staff-account-of")
                .arg("name", &s.name)
                .encode()
        }
        Change::Enable => {
            s.disabled = false;
            Text::new("by-turned-on-the-staff-account-of")
                .arg("name", &s.name)
                .encode()
        }
        Change::ResetTwoFactor => {
            let l = fresh_invite(w, &mut s, now)?;
            staff::forget_invite_browser(w, s.id)?;
            invite_mail(w, &s, &l, now)?;
            link = Some(l);
            Text::new("by-reset-the-password-and-authenticator-of")
                .arg("name", &s.name)
                .encode()
        }
    };
    let s = staff::save(w, s)?;
    sessions::end_staff_sessions(w, s.id, now)?;
    audit::append(
        w,
        now,
        actor,
        Event::StaffChanged {
            staff: s.id,
            change: what,
        },
        ("staff", Some(s.id)),
        None,
    )?;
    Ok((s, link))
}

/// With the pin turned off, the last working admin cannot be demoted or turned off: nobody
/// could manage staff after.
fn last_admin_guard(r: &impl Reader, s: &Staff) -> AppResult<()> {
    let pin_off = super::settings::admin_pin_off(r)?;
    let others = staff::all(r)?
        .into_iter()
        .any(|o| o.id != s.id && o.role == StaffRole::Admin && o.enrolled && !o.disabled);
    if pin_off && !others {
        return Err(AppError::Conflict(crate::t!(
            "this-is-the-last-named-admin-and"
        )));
    }
    Ok(())
}

/// A staff member by e-mail (the CLI's handle).
pub fn id_of(r: &impl Reader, email: &str) -> AppResult<u64> {
    staff::by_email(r, email)?.map(|s| s.id).ok_or_else(|| {
        AppError::not_found(crate::t!("no-staff-member-with-the-e-mail", email = email))
    })
}
