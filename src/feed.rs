//! A student's ranked feed, cached. Two levels, both retired when postings change (the
//! postings generation moves):
//! - the table: every live posting's scoring facts (`matching::Facts`), built with one scan
//!   of the store per generation (the costly part: decoding 100,000 postings);
//! - rankings (score, id) per (generation, day, interests, grade, location), computed from the
//!   table in a few milliseconds and shared by every student with the same profile.

use std::sync::{Arc, Mutex};

use time::Date;

use crate::matching::Facts;
use crate::store::internships::Internship;

/// Rankings kept at once, and how much of each: the first `KEEP` postings are 40 pages of
/// the feed; a student scrolling past them gets a ranking computed for the request. So memory
/// stays at 32 KB a profile whatever the number of postings.
const CAPACITY: usize = 256;
pub const KEEP: usize = 2000;

#[derive(Clone, PartialEq, Eq)]
pub struct Key {
    pub generation: i64,
    pub day: Date,
    pub interests: Vec<String>,
    pub grade: String,
    pub location: String,
}

/// Best first: (score, id) descending; `complete` when nothing was cut off after `KEEP`.
pub struct Ranked {
    pub top: Vec<(u8, u64)>,
    pub complete: bool,
}

pub type Ranking = Arc<Ranked>;

impl Ranked {
    /// The items after `cursor`, or None when the page could reach past what was kept (then
    /// the caller ranks everything).
    pub fn page_after(&self, cursor: Option<(u8, u64)>, limit: usize) -> Option<&[(u8, u64)]> {
        let rest = after(&self.top, cursor);
        (self.complete || rest.len() > limit).then_some(rest)
    }
}

/// Sorts best first and keeps the first `keep`.
pub fn best_first(mut list: Vec<(u8, u64)>, keep: usize) -> Ranked {
    let complete = list.len() <= keep;
    if !complete {
        list.select_nth_unstable_by(keep - 1, |a, b| b.cmp(a));
        list.truncate(keep);
        // Kept for as long as the profile's ranking: without this each held the capacity of
        // the whole list (1.6 MB at 100,000 postings instead of 32 KB).
        list.shrink_to_fit();
    }
    list.sort_unstable_by(|a, b| b.cmp(a));
    Ranked {
        top: list,
        complete,
    }
}

/// Where a posting is, for the lists' location filter.
pub struct Place {
    location: String,
    anywhere: bool,
}

impl Place {
    pub fn of(i: &Internship) -> Place {
        let location = i.location.to_lowercase();
        Place {
            anywhere: location.contains("remote") || i.work_style.eq_ignore_ascii_case("remote"),
            location,
        }
    }

    /// Case-insensitive (`wanted` is lower-cased); Remote postings match any location.
    pub fn is_at(&self, wanted: &str) -> bool {
        wanted.is_empty() || self.anywhere || self.location.contains(wanted)
    }
}

/// One live posting, as the feed ranks and filters it.
pub struct Row {
    pub id: u64,
    pub facts: Facts,
    pub place: Place,
}

impl Row {
    pub fn of(i: &Internship) -> Row {
        Row {
            id: i.id,
            facts: Facts::of(i),
            place: Place::of(i),
        }
    }
}

pub struct Table {
    generation: i64,
    pub rows: Vec<Row>,
}

pub struct FeedCache {
    table: Mutex<Option<Arc<Table>>>,
    building: Mutex<()>,
    /// Requests that miss wait here, on the async side, for their turn to rank: waiting inside
    /// the blocking pool parked a thread per waiting request.
    pub turn: tokio::sync::Semaphore,
    entries: Mutex<Vec<(Key, Ranking)>>,
}

impl Default for FeedCache {
    fn default() -> Self {
        FeedCache {
            table: Mutex::default(),
            building: Mutex::default(),
            turn: tokio::sync::Semaphore::new(1),
            entries: Mutex::default(),
        }
    }
}

impl FeedCache {
    /// The table at `generation`, or the one `build` makes (then kept; one build at a time).
    pub fn table<E>(
        &self,
        generation: i64,
        build: impl FnOnce() -> Result<Vec<Row>, E>,
    ) -> Result<Arc<Table>, E> {
        let current = || {
            let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
            t.as_ref().filter(|t| t.generation == generation).cloned()
        };
        if let Some(t) = current() {
            return Ok(t);
        }
        let _one_at_a_time = self.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = current() {
            return Ok(t);
        }
        let table = Arc::new(Table {
            generation,
            rows: build()?,
        });
        *self.table.lock().unwrap_or_else(|e| e.into_inner()) = Some(table.clone());
        Ok(table)
    }

    /// The cached ranking for `key`, or the one `compute` makes (then cached). Callers hold a
    /// `turn` permit, so concurrent misses for one profile compute it once.
    pub fn ranked<E>(
        &self,
        key: Key,
        compute: impl FnOnce() -> Result<Vec<(u8, u64)>, E>,
    ) -> Result<Ranking, E> {
        if let Some(hit) = self.lookup(&key) {
            return Ok(hit);
        }
        let ranking = Arc::new(best_first(compute()?, KEEP));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_first_keeps_the_top_in_order() {
        let list: Vec<(u8, u64)> = (0..100).map(|id| ((id * 37 % 11) as u8, id)).collect();
        let mut all = list.clone();
        all.sort_unstable_by(|a, b| b.cmp(a));
        let cut = best_first(list.clone(), 10);
        assert!(!cut.complete);
        assert_eq!(cut.top, all[..10]);
        assert!(cut.top.capacity() < 100, "the cut-off part is given back");
        let whole = best_first(list, 100);
        assert!(whole.complete);
        assert_eq!(whole.top, all);
        assert_eq!(after(&whole.top, Some(all[9])), &all[10..]);
        // Within the kept top a page is served from it; reaching its end needs everything.
        assert_eq!(cut.page_after(None, 5), Some(&all[..10]));
        assert_eq!(cut.page_after(Some(all[3]), 5), Some(&all[4..10]));
        assert_eq!(cut.page_after(Some(all[4]), 5), None);
        assert_eq!(whole.page_after(Some(all[97]), 5), Some(&all[98..]));
    }
}
