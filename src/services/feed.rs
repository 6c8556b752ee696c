//! A student's (or guest's) ranked feed, cached. Two levels, both retired when postings
//! change (the postings generation moves):
//! - the table: every live posting's scoring facts (`matching::Facts`), built with one scan
//!   of the store per generation (the costly part: decoding 100,000 postings);
//! - rankings (score, id) per (generation, day, interests, grade, location), computed from the
//!   table in a few milliseconds and shared by every student with the same profile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use time::Date;

use crate::cache::{Bounds, Versioned};
use crate::domain::matching::{self, Facts};
use crate::error::{AppError, AppResult};
use crate::infra::Services;
use crate::store::internships::{self, Internship};
use crate::store::users::User;

/// Rankings kept at once, and how much of each: the first `KEEP` postings are 40 pages of
/// the feed; a student scrolling past them gets a ranking computed for the request. So memory
/// stays at 32 KB a profile whatever the number of postings.
const RANKINGS: Bounds = Bounds::entries(256);
pub const KEEP: usize = 2000;

/// What a ranking depends on besides the postings generation.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    day: Date,
    interests: Vec<String>,
    grade: String,
    location: String,
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
    /// Its place in `Table::places`: postings share a few hundred places, and a string of
    /// its own per row was a third of the table at 1,000,000 postings.
    place: u32,
    /// Its video plays now (not awaiting an AI video or a conversion).
    pub playable: bool,
}

/// A ranking key: the match score, with postings whose video plays first (a card without a
/// video is not what the feed should open on). `score_of` reads the score back.
pub fn rank_key(score: u8, playable: bool) -> u8 {
    score.min(PLAYABLE - 1) + if playable { PLAYABLE } else { 0 }
}

/// The match score of a ranking key.
pub fn score_of(key: u8) -> u8 {
    key % PLAYABLE
}

const PLAYABLE: u8 = 128;

pub struct Table {
    pub rows: Vec<Row>,
    places: Vec<Place>,
}

impl Table {
    /// The table of the postings `each` gives (about `count`), each place kept once.
    fn build(
        count: usize,
        each: impl FnOnce(&mut dyn FnMut(&Internship)) -> AppResult<()>,
    ) -> AppResult<Table> {
        let mut rows = Vec::with_capacity(count);
        let mut places: Vec<Place> = Vec::new();
        let mut known: HashMap<(String, bool), u32> = HashMap::new();
        each(&mut |i: &Internship| {
            let p = Place::of(i);
            let place = *known
                .entry((p.location.clone(), p.anywhere))
                .or_insert_with(|| {
                    places.push(p);
                    (places.len() - 1) as u32
                });
            rows.push(Row {
                id: i.id,
                facts: i.match_facts(),
                place,
                playable: i.video.plays(),
            });
        })?;
        rows.shrink_to_fit();
        Ok(Table { rows, places })
    }
}

pub struct FeedCache {
    /// The table at the current generation (one key).
    table: Versioned<(), Arc<Table>>,
    building: Mutex<()>,
    /// Requests that miss wait here, on the async side, for their turn to rank: waiting inside
    /// the blocking pool parked a thread per waiting request.
    turn: tokio::sync::Semaphore,
    rankings: Versioned<Key, Ranking>,
}

impl Default for FeedCache {
    fn default() -> Self {
        FeedCache {
            table: Versioned::new(Bounds::entries(1)),
            building: Mutex::default(),
            turn: tokio::sync::Semaphore::new(1),
            rankings: Versioned::new(RANKINGS),
        }
    }
}

/// The postings generation, as a cache version (it starts at 0 and only grows).
fn version(generation: i64) -> u64 {
    generation.max(0) as u64
}

impl FeedCache {
    /// The table of scoring facts at the store's current postings generation, and that
    /// generation (both from one snapshot). Blocking: a new generation scans every posting,
    /// one build at a time.
    pub fn table(&self, s: &Services) -> AppResult<(i64, Arc<Table>)> {
        let r = s.store.read()?;
        let generation = crate::search::generation(&r)?;
        if let Some(t) = self.table.get(version(generation), &()) {
            return Ok((generation, t));
        }
        let _one_at_a_time = self.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = self.table.get(version(generation), &()) {
            return Ok((generation, t));
        }
        let count = crate::store::Reader::count::<Internship>(&r)? as usize;
        let table = Arc::new(Table::build(count, |add| {
            Ok(internships::each_public(&r, |i| add(&i))?)
        })?);
        self.table.keep(version(generation), (), table.clone(), 0);
        Ok((generation, table))
    }

    /// The student's ranking over every live posting at `location` on `today`, its first
    /// `KEEP` cached per profile. A miss with a new postings generation decodes every posting
    /// once (hundreds of milliseconds at 100,000), so it runs on the blocking pool; a miss for
    /// another profile only scores the cached table. Concurrent misses wait for their turn, so
    /// one profile is ranked once. `r` is the caller's snapshot (the generation is read there).
    pub async fn ranking(
        self: &Arc<Self>,
        s: &Services,
        r: &impl crate::store::Reader,
        student: &User,
        location: &str,
        today: Date,
    ) -> AppResult<Ranking> {
        let key = Key {
            day: today,
            interests: student.interests.clone(),
            grade: student.grade.clone(),
            location: location.to_string(),
        };
        let generation = crate::search::generation(r)?;
        if let Some(hit) = self.rankings.get(version(generation), &key) {
            return Ok(hit);
        }
        let _turn = self
            .turn
            .acquire()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        if let Some(hit) = self.rankings.get(version(generation), &key) {
            return Ok(hit);
        }
        let (cache, s, student) = (self.clone(), s.clone(), student.clone());
        tokio::task::spawn_blocking(move || {
            let (generation, table) = cache.table(&s)?;
            let all = score_all(&table, &student, &key.location, today);
            let ranking = Arc::new(best_first(all, KEEP));
            let size = ranking.top.len() * 16;
            cache
                .rankings
                .keep(version(generation), key, ranking.clone(), size);
            Ok(ranking)
        })
        .await
        .map_err(|e| AppError::Internal(e.into()))?
    }

    /// The whole ranking, for one request that scrolled past the cached top.
    pub async fn full_ranking(
        self: &Arc<Self>,
        s: &Services,
        student: &User,
        location: &str,
        today: Date,
    ) -> AppResult<Vec<(u8, u64)>> {
        let (cache, s, student, location) = (
            self.clone(),
            s.clone(),
            student.clone(),
            location.to_string(),
        );
        tokio::task::spawn_blocking(move || {
            let (_, table) = cache.table(&s)?;
            let all = score_all(&table, &student, &location, today);
            Ok(best_first(all, usize::MAX).top)
        })
        .await
        .map_err(|e| AppError::Internal(e.into()))?
    }
}

/// Every open posting at `location` with the student's score; closed postings are left out of
/// the feed (and so of the matches).
fn score_all(table: &Table, student: &User, location: &str, today: Date) -> Vec<(u8, u64)> {
    let seeker = student.seeker();
    let here: Vec<bool> = table.places.iter().map(|p| p.is_at(location)).collect();
    table
        .rows
        .iter()
        .filter(|row| row.facts.open_on(today) && here[row.place as usize])
        .map(|row| {
            let score = matching::score_of(&seeker, &row.facts, today);
            (rank_key(score, row.playable), row.id)
        })
        .collect()
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
