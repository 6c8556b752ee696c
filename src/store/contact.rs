//! Messages sent through the contact form.

use serde::{Deserialize, Serialize};

use super::{Entity, StoreResult, Wtx, tables};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ContactMessage {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
}

impl Entity for ContactMessage {
    const TABLE: tables::EntityTable = tables::CONTACT_MESSAGES;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn insert(w: &Wtx, mut m: ContactMessage) -> StoreResult<ContactMessage> {
    m.id = w.next_id::<ContactMessage>()?;
    w.put(&m)?;
    Ok(m)
}
