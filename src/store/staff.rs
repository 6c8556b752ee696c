//! Named staff members: district admins and school coordinators, who sign in with a password
//! and a TOTP code. Looked up by e-mail through `tables::KEYS` ("staff-email").

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

const EMAIL_SPACE: &str = "staff-email";

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StaffRole {
    /// Everything the pin's admin may do, and the staff list.
    Admin,
    /// The students, placements and reports of one school.
    Coordinator,
}

impl StaffRole {
    pub fn as_str(self) -> &'static str {
        match self {
            StaffRole::Admin => "admin",
            StaffRole::Coordinator => "coordinator",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "admin" => Some(StaffRole::Admin),
            "coordinator" => Some(StaffRole::Coordinator),
            _ => None,
        }
    }
}

/// A single-use link to set the password and enrol the authenticator (stored as a hash).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invite {
    pub hash: [u8; 32],
    pub expires_at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Staff {
    pub id: u64,
    /// As typed; the lookup is on the lower-cased form.
    pub email: String,
    pub name: String,
    pub role: StaffRole,
    /// A coordinator's school (the roster's school name).
    pub school: Option<String>,
    /// None until the invite is accepted.
    pub password_hash: Option<String>,
    /// The TOTP secret (raw bytes): made with the invite, in use once `enrolled`.
    pub totp_secret: Vec<u8>,
    pub enrolled: bool,
    /// SHA-256 of each unused recovery code.
    pub recovery: Vec<[u8; 32]>,
    pub disabled: bool,
    pub invite: Option<Invite>,
    pub created_at: i64,
    pub last_sign_in: Option<i64>,
    /// The last TOTP time step accepted: a code is good once.
    pub last_step: u64,
}

impl Entity for Staff {
    const TABLE: tables::EntityTable = tables::STAFF;
    fn id(&self) -> u64 {
        self.id
    }
}

impl Staff {
    pub fn status(&self) -> &'static str {
        if self.disabled {
            "disabled"
        } else if self.enrolled {
            "active"
        } else {
            "invited"
        }
    }
}

fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

pub fn by_email(r: &impl Reader, email: &str) -> StoreResult<Option<Staff>> {
    match r.key_get(EMAIL_SPACE, &email_key(email))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

/// Saves a staff member (a new one with `id` 0 gets the next id) and its e-mail's lookup.
pub fn save(w: &Wtx, mut s: Staff) -> StoreResult<Staff> {
    if s.id == 0 {
        s.id = w.next_id::<Staff>()?;
    }
    if let Some(old) = w.get::<Staff>(s.id)?
        && email_key(&old.email) != email_key(&s.email)
    {
        w.key_remove(EMAIL_SPACE, &email_key(&old.email))?;
    }
    w.key_put(EMAIL_SPACE, &email_key(&s.email), s.id)?;
    w.put(&s)?;
    Ok(s)
}

/// Every staff member, in the order they were added.
pub fn all(r: &impl Reader) -> StoreResult<Vec<Staff>> {
    let mut out = r.scan_rev::<Staff>(|_| true)?;
    out.reverse();
    Ok(out)
}

/// The staff member holding the invite with this hash.
pub fn by_invite(r: &impl Reader, hash: &[u8; 32]) -> StoreResult<Option<Staff>> {
    Ok(all(r)?
        .into_iter()
        .find(|s| s.invite.as_ref().is_some_and(|i| &i.hash == hash)))
}

/// The browser that first opened a staff member's invite: only it is shown the
/// authenticator's secret and may finish the invite (a copied link opened elsewhere is not).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InviteBrowser {
    /// The staff member's id.
    pub id: u64,
    /// The invite it was opened for (a new invite is opened afresh).
    pub invite: [u8; 32],
    /// SHA-256 of the browser's invite cookie.
    pub browser: [u8; 32],
}

impl Entity for InviteBrowser {
    const TABLE: tables::EntityTable = tables::STAFF_INVITE_BROWSERS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// The browser bound to this invite of `staff`, if one opened it.
pub fn invite_browser(
    r: &impl Reader,
    staff: u64,
    invite: &[u8; 32],
) -> StoreResult<Option<[u8; 32]>> {
    Ok(r.get::<InviteBrowser>(staff)?
        .filter(|b| &b.invite == invite)
        .map(|b| b.browser))
}

pub fn bind_invite_browser(w: &Wtx, b: &InviteBrowser) -> StoreResult<()> {
    w.put(b)
}

pub fn forget_invite_browser(w: &Wtx, staff: u64) -> StoreResult<()> {
    w.delete::<InviteBrowser>(staff)
}

/// Whether an enabled named admin has finished setting up (the pin may then be turned off).
pub fn has_active_admin(r: &impl Reader) -> StoreResult<bool> {
    Ok(all(r)?
        .iter()
        .any(|s| s.role == StaffRole::Admin && s.enrolled && !s.disabled))
}
