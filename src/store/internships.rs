//! Postings and their counters.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};
use crate::domain::captions_rule::CaptionsRule;
use crate::domain::matching::{Facts, Posting};
use crate::domain::review::{EmployerStatus, Visibility};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Requirements {
    Text(String),
    List(Vec<String>),
}

/// A posting's video. Variants are only ever appended: postcard stores the variant's index,
/// so rows written before a variant existed still decode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Video {
    /// A file in the media store, as uploaded (rows from before the media pipeline).
    File(String),
    /// An AI-made video was requested and is not there yet.
    AiProcessing,
    /// No video at all.
    None,
    /// An upload waiting for (or in) its conversion to the web rendition; `file` is the
    /// source, which is never served.
    Transcoding(Media),
    /// The web rendition (or an upload that already played everywhere).
    Ready(Media),
    /// The conversion failed (after a retry); the source is gone.
    Failed(Failure),
}

/// A video file with what was learnt about it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Media {
    pub file: String,
    pub poster: Option<String>,
    pub duration_ms: Option<u32>,
    pub captions: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub reason: String,
    pub poster: Option<String>,
    pub captions: Option<String>,
}

impl Video {
    /// The file a player may load (None while converting, failed, AI-pending or absent).
    pub fn served_file(&self) -> Option<&str> {
        match self {
            Video::File(f) => Some(f),
            Video::Ready(m) => Some(&m.file),
            _ => None,
        }
    }

    pub fn poster(&self) -> Option<&str> {
        match self {
            Video::Transcoding(m) | Video::Ready(m) => m.poster.as_deref(),
            Video::Failed(f) => f.poster.as_deref(),
            _ => None,
        }
    }

    /// Whether there is a video to play now (not awaiting an AI video, a conversion, or
    /// failed).
    pub fn plays(&self) -> bool {
        matches!(self, Video::Ready(_) | Video::File(_))
    }

    pub fn captions(&self) -> Option<&str> {
        match self {
            Video::Transcoding(m) | Video::Ready(m) => m.captions.as_deref(),
            Video::Failed(f) => f.captions.as_deref(),
            _ => None,
        }
    }

    pub fn duration_ms(&self) -> Option<u32> {
        match self {
            Video::Transcoding(m) | Video::Ready(m) => m.duration_ms,
            _ => None,
        }
    }

    /// Every stored file this video refers to (source or rendition, poster, captions): what
    /// backups copy, what start-up keeps, what replacing the video removes.
    pub fn files(&self) -> Vec<&str> {
        let mut out = Vec::with_capacity(3);
        match self {
            Video::File(f) => out.push(f.as_str()),
            Video::Transcoding(m) | Video::Ready(m) => out.push(m.file.as_str()),
            _ => {}
        }
        out.extend(self.poster());
        out.extend(self.captions());
        out
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Internship {
    pub id: u64,
    pub employer_id: u64,
    pub title: String,
    /// Copied from the employer's profile and kept in step with it.
    pub company: String,
    pub industry: String,
    pub location: String,
    pub description: String,
    pub requirements: Requirements,
    pub duration: String,
    pub salary: Option<String>,
    /// YYYY-MM-DD.
    pub deadline: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub video: Video,
    pub work_style: String,
    pub age_requirement: String,
    pub grade_requirement: String,
    pub skills: Vec<String>,
    pub benefits: Vec<String>,
    pub tags: Vec<String>,
    pub hours_per_week: Option<u32>,
    /// Deleted by the employer: gone from the feed and search, kept for applications.
    pub archived: bool,
    // Schema 2.
    /// The employer's standing, copied from its account and kept in step with it (as
    /// `company` is), so deciding visibility reads nothing else.
    pub employer_status: EmployerStatus,
    /// When the employer confirmed the posting has no hazardous duties (None: an older
    /// client that never asked).
    pub hazard_confirmed_at: Option<i64>,
    /// Hazardous duties the text mentions: non-empty holds the posting for review.
    pub held_terms: Vec<String>,
    /// Hidden by the district after a report (kept for the record).
    pub hidden: bool,
    // Schema 3.
    /// The district's captions rule for the posting's video: what was heard, the employer's
    /// and the admin's word, and whether it holds the posting (services/caption_rule.rs).
    pub captions_rule: CaptionsRule,
}

impl Internship {
    /// What the match score reads of the posting.
    pub fn match_facts(&self) -> Facts {
        Facts::of(&Posting {
            title: &self.title,
            industry: &self.industry,
            tags: &self.tags,
            skills: &self.skills,
            grade_requirement: &self.grade_requirement,
            work_style: &self.work_style,
            deadline: crate::clock::parse_date(&self.deadline),
        })
    }

    /// An empty posting of `employer_id`, created at `now`, with no video.
    pub fn blank(employer_id: u64, now: i64) -> Internship {
        Internship {
            id: 0,
            employer_id,
            title: String::new(),
            company: String::new(),
            industry: String::new(),
            location: String::new(),
            description: String::new(),
            requirements: Requirements::Text(String::new()),
            duration: String::new(),
            salary: None,
            deadline: String::new(),
            created_at: now,
            updated_at: now,
            video: Video::None,
            work_style: String::new(),
            age_requirement: String::new(),
            grade_requirement: String::new(),
            skills: vec![],
            benefits: vec![],
            tags: vec![],
            hours_per_week: None,
            archived: false,
            employer_status: EmployerStatus::Pending,
            hazard_confirmed_at: None,
            held_terms: vec![],
            hidden: false,
            captions_rule: CaptionsRule::default(),
        }
    }

    pub fn visibility(&self) -> Visibility {
        Visibility::decide(
            self.archived,
            self.hidden,
            self.employer_status,
            &self.held_terms,
            self.captions_rule.waiting,
        )
    }

    /// Seen by students and visitors (lists, search, feed, details, likes, applying).
    pub fn is_public(&self) -> bool {
        self.visibility() == Visibility::Public
    }
}

impl Entity for Internship {
    const TABLE: tables::EntityTable = tables::INTERNSHIPS;
    fn id(&self) -> u64 {
        self.id
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Stats {
    pub id: u64,
    pub likes: u64,
    pub bookmarks: u64,
    pub comments: u64,
    pub applications: u64,
}

impl Entity for Stats {
    const TABLE: tables::EntityTable = tables::INTERNSHIP_STATS;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn stats(r: &impl Reader, id: u64) -> StoreResult<Stats> {
    Ok(r.get::<Stats>(id)?.unwrap_or(Stats {
        id,
        ..Stats::default()
    }))
}

/// Changes one counter of an internship inside the caller's transaction.
pub fn bump(w: &Wtx, id: u64, f: impl FnOnce(&mut Stats)) -> StoreResult<Stats> {
    let mut s = stats(w, id)?;
    f(&mut s);
    w.put(&s)?;
    Ok(s)
}

pub fn insert(w: &Wtx, mut i: Internship) -> StoreResult<Internship> {
    i.id = w.next_id::<Internship>()?;
    w.put(&i)?;
    w.pair_put(
        tables::INTERNSHIPS_BY_EMPLOYER,
        (i.employer_id, i.id),
        i.created_at,
    )?;
    Ok(i)
}

/// Visits the postings students see (not archived, held, hidden or of an unverified
/// employer), newest first, one at a time.
pub fn each_public(r: &impl Reader, mut f: impl FnMut(Internship)) -> StoreResult<()> {
    r.each_rev(|i: Internship| {
        if i.is_public() {
            f(i);
        }
        true
    })
}

/// An employer's postings (archived ones included when asked), newest first.
pub fn by_employer(
    r: &impl Reader,
    employer_id: u64,
    include_archived: bool,
) -> StoreResult<Vec<Internship>> {
    let mut out = Vec::new();
    for (id, _) in r
        .members(tables::INTERNSHIPS_BY_EMPLOYER, employer_id)?
        .into_iter()
        .rev()
    {
        if let Some(i) = r.get::<Internship>(id)?
            && (include_archived || !i.archived)
        {
            out.push(i);
        }
    }
    Ok(out)
}
