//! How a student's account came to be and is kept: self sign-up, the district's roster or a
//! school account; the roster's id and guardians; school-account links; whether the district
//! turned it off; the last sign-in. Kept beside `User` (a new table, so no schema step).

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

const SSO_SPACE: &str = "sso";
const ROSTER_SPACE: &str = "roster";

/// Variants are only appended (postcard).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    #[default]
    SelfSignup,
    Roster,
    SchoolAccount,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::SelfSignup => "self_signup",
            Source::Roster => "roster",
            Source::SchoolAccount => "school_account",
        }
    }
}

/// A parent or guardian the roster lists for the student.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guardian {
    pub name: String,
    pub relationship: String,
    pub email: String,
    pub phone: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Identity {
    /// The user's id.
    pub id: u64,
    pub source: Source,
    /// The roster's `sourcedId`.
    pub roster_id: Option<String>,
    pub guardians: Vec<Guardian>,
    /// (provider name, the provider's subject) of each linked school account.
    pub links: Vec<(String, String)>,
    /// Turned off by the roster (`enabledUser=false` or `tobedeleted`).
    pub disabled: bool,
    pub last_sign_in: Option<i64>,
}

impl Entity for Identity {
    const TABLE: tables::EntityTable = tables::STUDENT_IDENTITY;
    fn id(&self) -> u64 {
        self.id
    }
}

/// The student's identity record, or the one of a self-signed-up account that has none yet.
pub fn of(r: &impl Reader, user_id: u64) -> StoreResult<Identity> {
    Ok(r.get::<Identity>(user_id)?.unwrap_or(Identity {
        id: user_id,
        ..Identity::default()
    }))
}

pub fn save(w: &Wtx, i: &Identity) -> StoreResult<()> {
    if let Some(old) = w.get::<Identity>(i.id)? {
        if let Some(rid) = &old.roster_id
            && i.roster_id.as_ref() != Some(rid)
        {
            w.key_remove(ROSTER_SPACE, rid)?;
        }
        for (p, sub) in &old.links {
            if !i.links.iter().any(|(q, t)| q == p && t == sub) {
                w.key_remove(SSO_SPACE, &link_key(p, sub))?;
            }
        }
    }
    if let Some(rid) = &i.roster_id {
        w.key_put(ROSTER_SPACE, rid, i.id)?;
    }
    for (p, sub) in &i.links {
        w.key_put(SSO_SPACE, &link_key(p, sub), i.id)?;
    }
    w.put(i)
}

/// Removes the record and its lookups (account deletion).
pub fn remove(w: &Wtx, user_id: u64) -> StoreResult<()> {
    if let Some(old) = w.get::<Identity>(user_id)? {
        if let Some(rid) = &old.roster_id {
            w.key_remove(ROSTER_SPACE, rid)?;
        }
        for (p, sub) in &old.links {
            w.key_remove(SSO_SPACE, &link_key(p, sub))?;
        }
        w.delete::<Identity>(user_id)?;
    }
    w.pair_remove(tables::ROSTER_INVITES, (user_id, 0))?;
    Ok(())
}

/// When `roster invite` last e-mailed the student a set-password link.
pub fn last_invited(r: &impl Reader, user_id: u64) -> StoreResult<Option<i64>> {
    r.pair(tables::ROSTER_INVITES, (user_id, 0))
}

pub fn note_invited(w: &Wtx, user_id: u64, now: i64) -> StoreResult<()> {
    w.pair_put(tables::ROSTER_INVITES, (user_id, 0), now)
}

fn link_key(provider: &str, subject: &str) -> String {
    format!("{provider}\u{1f}{subject}")
}

/// The user linked to a provider's subject.
pub fn by_link(r: &impl Reader, provider: &str, subject: &str) -> StoreResult<Option<u64>> {
    r.key_get(SSO_SPACE, &link_key(provider, subject))
}

pub fn by_roster_id(r: &impl Reader, roster_id: &str) -> StoreResult<Option<u64>> {
    r.key_get(ROSTER_SPACE, roster_id)
}

/// Notes a sign-in's time.
pub fn note_sign_in(w: &Wtx, user_id: u64, now: i64) -> StoreResult<()> {
    let mut i = of(w, user_id)?;
    i.last_sign_in = Some(now);
    save(w, &i)
}

const SCHOOLS_KEY: &str = "roster_schools";

/// A school of the roster (`orgs.csv` rows of type school).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct School {
    pub sourced_id: String,
    pub name: String,
}

/// The roster's schools, sorted by name (empty before any import).
pub fn schools(r: &impl Reader) -> StoreResult<Vec<School>> {
    Ok(r.meta_get(SCHOOLS_KEY)?
        .and_then(|b| super::codec::decode(&b).ok())
        .unwrap_or_default())
}

pub fn set_schools(w: &Wtx, list: &[School]) -> StoreResult<()> {
    w.meta_put(SCHOOLS_KEY, &super::codec::encode(&list.to_vec()))
}
