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

#[derive(Default)]
pub struct FeedCache {
    table: Mutex<Option<Arc<Table>>>,
    building: Mutex<()>,
    entries: Mutex<Vec<(Key, Ranking)>>,
    /// One ranking is computed at a time: concurrent misses for one profile wait for the first
    /// and then find it cached, instead of all scanning the postings at once.
    computing: Mutex<()>,
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
