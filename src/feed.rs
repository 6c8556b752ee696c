//! A student's ranked feed, cached: scoring every live posting costs a full scan, so the
//! ranking (score, id) is kept per (postings generation, day, interests, grade, location) and
//! shared by every student with the same profile. Any change to postings bumps the generation,
//! which retires the old rankings.

use std::sync::{Arc, Mutex};

use time::Date;

/// Rankings kept at once (each is 16 bytes a posting).
const CAPACITY: usize = 16;

#[derive(Clone, PartialEq, Eq)]
pub struct Key {
    pub generation: i64,
    pub day: Date,
    pub interests: Vec<String>,
    pub grade: String,
    pub location: String,
}

/// Best first: (score, id) descending.
pub type Ranking = Arc<Vec<(u8, u64)>>;

#[derive(Default)]
pub struct FeedCache {
    entries: Mutex<Vec<(Key, Ranking)>>,
    /// One ranking is computed at a time: concurrent misses for one profile wait for the first
    /// and then find it cached, instead of all scanning the postings at once.
    computing: Mutex<()>,
}

impl FeedCache {
    /// The cached ranking for `key`, or the one `compute` makes (then cached).
    pub fn ranked<E>(
        &self,
        key: Key,
        compute: impl FnOnce() -> Result<Vec<(u8, u64)>, E>,
    ) -> Result<Ranking, E> {
        if let Some(hit) = self.lookup(&key) {
            return Ok(hit);
        }
        let _one_at_a_time = self.computing.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(hit) = self.lookup(&key) {
            return Ok(hit);
        }
        let mut list = compute()?;
        list.sort_unstable_by(|a, b| b.cmp(a));
        let ranking = Arc::new(list);
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain(|(k, _)| k.generation == key.generation && k.day == key.day);
        if entries.len() >= CAPACITY {
            entries.remove(0);
        }
        entries.push((key, ranking.clone()));
        Ok(ranking)
    }

    pub fn lookup(&self, key: &Key) -> Option<Ranking> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let pos = entries.iter().position(|(k, _)| k == key)?;
        // Most recently used last.
        let hit = entries.remove(pos);
        let ranking = hit.1.clone();
        entries.push(hit);
        Some(ranking)
    }
}

/// The items after the cursor (exclusive) in a best-first ranking.
pub fn after(ranking: &[(u8, u64)], cursor: Option<(u8, u64)>) -> &[(u8, u64)] {
    match cursor {
        None => ranking,
        Some(c) => {
            let start = ranking.partition_point(|item| *item >= c);
            &ranking[start..]
        }
    }
}
