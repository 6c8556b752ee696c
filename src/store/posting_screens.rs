//! What the hazardous-duties screen found in a posting, kept beside it (a table of its own,
//! so postings' layout stays as it is): where each held term matched as of the last screen,
//! and the terms the district marked as false matches for this posting.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};
use crate::domain::hazards::{FalseMatch, Place};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PostingScreen {
    /// The posting's id.
    pub id: u64,
    /// Where the terms that hold it matched (empty while nothing holds it).
    pub places: Vec<Place>,
    /// At most one per term, the latest.
    pub false_matches: Vec<FalseMatch>,
}

impl Entity for PostingScreen {
    const TABLE: tables::EntityTable = tables::POSTING_SCREENS;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn get(r: &impl Reader, internship_id: u64) -> StoreResult<PostingScreen> {
    Ok(r.get(internship_id)?.unwrap_or(PostingScreen {
        id: internship_id,
        ..PostingScreen::default()
    }))
}

/// Keeps the row, or removes it when it holds nothing.
pub fn put(w: &Wtx, s: &PostingScreen) -> StoreResult<()> {
    if s.places.is_empty() && s.false_matches.is_empty() {
        w.delete::<PostingScreen>(s.id)
    } else {
        w.put(s)
    }
}
