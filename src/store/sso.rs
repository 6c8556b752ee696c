//! School-account sign-in: the providers the district set up (kept in meta), and each
//! sign-in in flight, from the redirect to the provider to the person's next step.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, codec, tables};

const PROVIDERS_KEY: &str = "sso_providers";
const STATE_SPACE: &str = "sso-state";
const BROWSER_SPACE: &str = "sso-browser";

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServesRole {
    Students,
    Staff,
    Both,
}

impl ServesRole {
    pub fn students(self) -> bool {
        matches!(self, ServesRole::Students | ServesRole::Both)
    }
    pub fn staff(self) -> bool {
        matches!(self, ServesRole::Staff | ServesRole::Both)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ServesRole::Students => "students",
            ServesRole::Staff => "staff",
            ServesRole::Both => "both",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "students" => Some(ServesRole::Students),
            "staff" => Some(ServesRole::Staff),
            "both" => Some(ServesRole::Both),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Provider {
    pub name: String,
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    /// E-mail domains (lower case) whose accounts may sign in; empty: any.
    pub domains: Vec<String>,
    pub serves: ServesRole,
}

pub fn providers(r: &impl Reader) -> StoreResult<Vec<Provider>> {
    Ok(r.meta_get(PROVIDERS_KEY)?
        .and_then(|b| codec::decode(&b).ok())
        .unwrap_or_default())
}

pub fn set_providers(w: &Wtx, list: &[Provider]) -> StoreResult<()> {
    w.meta_put(PROVIDERS_KEY, &codec::encode(&list.to_vec()))
}

/// Who signs in, as the flow knows it. Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlowRole {
    Student,
    Staff,
}

/// The provider's verified answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Answer {
    pub subject: String,
    pub email: String,
    pub given_name: String,
    pub family_name: String,
    /// The provider said it used more than one factor (`amr` holds `mfa`).
    pub mfa: bool,
    /// The account with this e-mail that must be signed in to once before it is linked.
    pub link_user: Option<u64>,
    /// The staff member waiting for a TOTP code.
    pub staff: Option<u64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Flow {
    pub id: u64,
    pub provider: String,
    pub role: FlowRole,
    /// SHA-256 of the browser cookie that started it: the callback must come from it.
    pub browser: [u8; 32],
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    /// Set once the provider answered; the flow then waits for the person's next step.
    pub answer: Option<Answer>,
    pub expires_at: i64,
}

impl Entity for Flow {
    const TABLE: tables::EntityTable = tables::SSO_PENDING;
    fn id(&self) -> u64 {
        self.id
    }
}

fn hex(h: &[u8; 32]) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// The flow's key in the expiry index.
fn expiry_key(flow: &Flow) -> (u64, u64) {
    (u64::try_from(flow.expires_at).unwrap_or(0), flow.id)
}

pub fn start(w: &Wtx, mut flow: Flow, now: i64) -> StoreResult<Flow> {
    purge_expired(w, now)?;
    // A browser has one sign-in in flight: a new start replaces the earlier one.
    if let Some(old) = by_browser(w, &flow.browser)? {
        remove(w, &old)?;
    }
    flow.id = w.next_id::<Flow>()?;
    w.key_put(STATE_SPACE, &flow.state, flow.id)?;
    w.key_put(BROWSER_SPACE, &hex(&flow.browser), flow.id)?;
    w.pair_put(tables::SSO_BY_EXPIRY, expiry_key(&flow), 0)?;
    w.put(&flow)?;
    Ok(flow)
}

pub fn by_state(r: &impl Reader, state: &str) -> StoreResult<Option<Flow>> {
    match r.key_get(STATE_SPACE, state)? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

pub fn by_browser(r: &impl Reader, browser: &[u8; 32]) -> StoreResult<Option<Flow>> {
    match r.key_get(BROWSER_SPACE, &hex(browser))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

/// Records the provider's answer; the state can never be used again.
pub fn answered(w: &Wtx, mut flow: Flow, answer: Answer, expires_at: i64) -> StoreResult<Flow> {
    w.key_remove(STATE_SPACE, &flow.state)?;
    w.pair_remove(tables::SSO_BY_EXPIRY, expiry_key(&flow))?;
    flow.answer = Some(answer);
    flow.expires_at = expires_at;
    w.pair_put(tables::SSO_BY_EXPIRY, expiry_key(&flow), 0)?;
    w.put(&flow)?;
    Ok(flow)
}

pub fn remove(w: &Wtx, flow: &Flow) -> StoreResult<()> {
    w.key_remove(STATE_SPACE, &flow.state)?;
    w.key_remove(BROWSER_SPACE, &hex(&flow.browser))?;
    w.pair_remove(tables::SSO_BY_EXPIRY, expiry_key(flow))?;
    w.delete::<Flow>(flow.id)
}

/// At most this many expired flows are removed by one start (the rest by the next ones).
const PURGE_AT_ONCE: usize = 200;

/// Removes expired flows from the front of the expiry index: the work is the expired
/// flows', not every live flow's.
fn purge_expired(w: &Wtx, now: i64) -> StoreResult<()> {
    let due = u64::try_from(now).unwrap_or(0).saturating_add(1);
    for (at, id) in w.pairs_below(tables::SSO_BY_EXPIRY, due, PURGE_AT_ONCE)? {
        match w.get::<Flow>(id)? {
            Some(f) => remove(w, &f)?,
            None => {
                w.pair_remove(tables::SSO_BY_EXPIRY, (at, id))?;
            }
        }
    }
    Ok(())
}

/// At start-up: every flow is checked once, the expired removed and the rest put in the
/// expiry index (flows stored before the index existed have no entry).
pub fn sweep(w: &Wtx, now: i64) -> StoreResult<()> {
    for f in w.scan_rev::<Flow>(|_| true)? {
        if f.expires_at <= now {
            remove(w, &f)?;
        } else {
            w.pair_put(tables::SSO_BY_EXPIRY, expiry_key(&f), 0)?;
        }
    }
    Ok(())
}
