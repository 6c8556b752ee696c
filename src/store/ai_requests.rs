//! Requests for an AI-made video, one per posting, fulfilled by an admin's upload.

use serde::{Deserialize, Serialize};

use super::{Entity, tables};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AiVideoRequest {
    /// The internship's id.
    pub id: u64,
    pub requested_at: i64,
    pub completed_at: Option<i64>,
}

impl Entity for AiVideoRequest {
    const TABLE: tables::EntityTable = tables::AI_VIDEO_REQUESTS;
    fn id(&self) -> u64 {
        self.id
    }
}
