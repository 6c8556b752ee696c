//! The transcode queue: one row per posting whose uploaded video waits for (or is in) its
//! conversion. A row is written in the same transaction as the posting that points at the
//! source, and removed in the same transaction that points the posting at the rendition, so a
//! crash anywhere leaves either the job or its result, never neither or both.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, tables};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TranscodeJob {
    /// The internship's id.
    pub id: u64,
    /// The uploaded file, in the media store.
    pub source: String,
    /// Failed runs so far (a crash of the server does not count).
    pub attempts: u8,
    pub queued_at: i64,
    pub last_error: Option<String>,
}

impl Entity for TranscodeJob {
    const TABLE: tables::EntityTable = tables::TRANSCODE_JOBS;
    fn id(&self) -> u64 {
        self.id
    }
}

/// Every queued job, oldest first.
pub fn queued(r: &impl Reader) -> StoreResult<Vec<TranscodeJob>> {
    let mut jobs = r.scan_rev::<TranscodeJob>(|_| true)?;
    jobs.sort_by_key(|j| (j.queued_at, j.id));
    Ok(jobs)
}
