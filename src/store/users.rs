//! Students and employers: one record type, the role decides which fields matter.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};
use crate::domain::matching::Seeker;
pub use crate::domain::review::EmployerStatus;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Student,
    Employer,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct User {
    pub id: u64,
    pub role: Role,
    pub first_name: String,
    pub last_name: String,
    /// As typed; uniqueness is on the lower-cased form.
    pub email: String,
    pub password_hash: String,
    pub created_at: i64,
    // Student fields.
    pub grade: String,
    pub school: String,
    pub interests: Vec<String>,
    pub gpa: String,
    /// File name under `images/`, and a counter so browsers refetch after a change.
    pub photo: Option<String>,
    pub photo_version: u32,
    /// File name under `images/` and its media type.
    pub transcript: Option<(String, String)>,
    // Employer fields.
    pub company: String,
    pub position: String,
    pub company_size: String,
    pub industry: String,
    pub website: String,
    pub phone: String,
    pub address: String,
    pub company_description: String,
    pub profile_views: u64,
    // Schema 2.
    /// Employers: the district's review (students stay `Verified`).
    pub review: Review,
}

/// The district's decision on an employer account.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub status: EmployerStatus,
    /// Why it was suspended.
    pub reason: Option<String>,
    pub changed_at: Option<i64>,
}

impl Entity for User {
    const TABLE: tables::EntityTable = tables::USERS;
    fn id(&self) -> u64 {
        self.id
    }
}

impl User {
    /// What the match score reads of a student: interests and grade.
    pub fn seeker(&self) -> Seeker<'_> {
        Seeker::of(&self.interests, &self.grade)
    }

    pub fn blank(role: Role) -> Self {
        User {
            id: 0,
            role,
            first_name: String::new(),
            last_name: String::new(),
            email: String::new(),
            password_hash: String::new(),
            created_at: 0,
            grade: String::new(),
            school: String::new(),
            interests: Vec::new(),
            gpa: String::new(),
            photo: None,
            photo_version: 0,
            transcript: None,
            company: String::new(),
            position: String::new(),
            company_size: String::new(),
            industry: String::new(),
            website: String::new(),
            phone: String::new(),
            address: String::new(),
            company_description: String::new(),
            profile_views: 0,
            review: Review {
                status: match role {
                    Role::Student => EmployerStatus::Verified,
                    Role::Employer => EmployerStatus::Pending,
                },
                reason: None,
                changed_at: None,
            },
        }
    }

    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

pub fn by_email(r: &impl Reader, email: &str) -> StoreResult<Option<User>> {
    match r.email_lookup(&email_key(email))? {
        Some(id) => r.get(id),
        None => Ok(None),
    }
}

/// Why an insert or update was refused.
#[derive(Debug)]
pub enum UserWriteError {
    EmailTaken,
    Store(super::StoreError),
}

impl From<super::StoreError> for UserWriteError {
    fn from(e: super::StoreError) -> Self {
        Self::Store(e)
    }
}

/// Inserts a new user, assigning its id; refuses a taken email.
pub fn insert(w: &Wtx, mut user: User) -> Result<User, UserWriteError> {
    let key = email_key(&user.email);
    if w.email_lookup(&key)?.is_some() {
        return Err(UserWriteError::EmailTaken);
    }
    user.id = w.next_id::<User>()?;
    w.email_put(&key, user.id)?;
    w.put(&user)?;
    Ok(user)
}

/// Saves a changed user, moving the email index when the email changed.
pub fn update(w: &Wtx, old_email: &str, user: &User) -> Result<(), UserWriteError> {
    let old_key = email_key(old_email);
    let new_key = email_key(&user.email);
    if old_key != new_key {
        if w.email_lookup(&new_key)?.is_some() {
            return Err(UserWriteError::EmailTaken);
        }
        w.email_remove(&old_key)?;
        w.email_put(&new_key, user.id)?;
    }
    w.put(user)?;
    Ok(())
}
