//! What a posting looks like to a viewer: the posting's shared part (the same for everyone)
//! and a personal part (match score and reasons, liked, saved, applied). List pages of them are
//! rendered fast by view_cache.rs.

use std::collections::HashSet;

use serde::Serialize;

use crate::clock::{self, rfc3339};
use crate::domain::matching;
use crate::error::AppResult;
use crate::media::Pipeline;
use crate::store::internships::{self, Internship, Requirements, Video};
use crate::store::social::{self, Mark};
use crate::store::users::{Role, User};
use crate::store::{Reader, applications};

pub use crate::domain::markers::AI_MARKER;

#[derive(Serialize)]
#[serde(untagged)]
pub enum RequirementsView {
    Text(String),
    List(Vec<String>),
}

/// The part of a posting's view that is the same for every viewer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedView {
    pub id: u64,
    pub title: String,
    pub company: String,
    pub company_icon: String,
    pub industry: String,
    pub location: String,
    pub description: String,
    pub requirements: RequirementsView,
    pub duration: String,
    pub salary: Option<String>,
    pub deadline: String,
    pub application_deadline: String,
    pub posted_date: String,
    pub created_at: String,
    /// Null while the video is converting or failed, so no client shows a broken player.
    pub video_url: Option<String>,
    pub video_status: &'static str,
    pub poster_url: Option<String>,
    /// Seconds.
    pub video_duration: Option<f64>,
    /// The English track, else the first (clients from before tracks by language).
    pub captions_url: Option<String>,
    /// Every caption track, by the language the employer declared.
    pub captions: Vec<crate::services::captions::TrackView>,
    /// Why the conversion failed (shown to the employer with a way to upload another).
    pub video_error: Option<String>,
    pub employer_id: u64,
    pub application_count: u64,
    pub work_style: String,
    pub age_requirement: String,
    pub grade_requirement: String,
    pub skills: Vec<String>,
    pub benefits: Vec<String>,
    pub tags: Vec<String>,
    pub hours_per_week: Option<u32>,
    pub likes: u64,
    pub comments: u64,
    pub bookmarks: u64,
    pub archived: bool,
    /// The district verified the employer ("Verified by ..." badge).
    pub employer_verified: bool,
    /// `public`, or why only the employer sees it (`awaiting_review`, `held_for_review`,
    /// `hidden`, `suspended`, `archived`, `awaiting_captions`).
    pub visibility: &'static str,
    /// What the hazardous-duties screen matched (held postings only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub held_terms: Vec<String>,
    /// Where each held term matched: the field and the words ("'driving' matched “delivery
    /// van” in the description").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub held_places: Vec<crate::services::posting_screen::PlaceView>,
    pub hazardous_duties_confirmed: bool,
    /// Why the district hid it (its resolution's note), for the employer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_reason: Option<String>,
    /// The district's captions rule, while it holds the posting or someone's word is on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captions_rule: Option<crate::services::caption_rule::RuleView>,
}

/// The part that depends on who is looking (all empty for anyone but a student).
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Personal {
    pub match_score: Option<u8>,
    pub match_reasons: Option<Vec<String>>,
    pub is_liked: bool,
    pub is_bookmarked: bool,
    pub has_applied: bool,
}

#[derive(Serialize)]
pub struct InternshipView {
    #[serde(flatten)]
    pub shared: SharedView,
    #[serde(flatten)]
    pub personal: Personal,
}

pub fn initials(company: &str) -> String {
    company
        .split_whitespace()
        .filter_map(|w| w.chars().find(|c| c.is_alphanumeric()))
        .take(2)
        .flat_map(char::to_uppercase)
        .collect()
}

pub use crate::media::files::video_url;

pub fn video_status(media: &Pipeline, v: &Video) -> &'static str {
    match v {
        Video::AiProcessing => "processing",
        Video::Transcoding(_) => "transcoding",
        Video::Failed(_) => "failed",
        _ => match v.served_file() {
            Some(f) if media.store.exists(f) => "ready",
            _ => "missing",
        },
    }
}

pub fn shared_view(r: &impl Reader, media: &Pipeline, i: &Internship) -> AppResult<SharedView> {
    let stats = internships::stats(r, i.id)?;
    let captions = crate::services::captions::tracks(r, i)?;
    Ok(SharedView {
        id: i.id,
        title: i.title.clone(),
        company: i.company.clone(),
        company_icon: initials(&i.company),
        industry: i.industry.clone(),
        location: i.location.clone(),
        description: i.description.clone(),
        requirements: match &i.requirements {
            Requirements::Text(t) => RequirementsView::Text(t.clone()),
            Requirements::List(l) => RequirementsView::List(l.clone()),
        },
        duration: i.duration.clone(),
        salary: i.salary.clone(),
        deadline: i.deadline.clone(),
        application_deadline: i.deadline.clone(),
        posted_date: clock::format_date(clock::date_of(i.created_at)),
        created_at: rfc3339(i.created_at),
        video_url: video_url(&i.video),
        video_status: video_status(media, &i.video),
        poster_url: i.video.poster().map(|p| format!("/api/posters/{p}")),
        video_duration: i
            .video
            .duration_ms()
            .map(|ms| (f64::from(ms) / 100.0).round() / 10.0),
        captions_url: captions.first().map(|t| t.url.clone()),
        captions,
        video_error: match &i.video {
            Video::Failed(f) => Some(f.reason.clone()),
            _ => None,
        },
        employer_id: i.employer_id,
        application_count: stats.applications,
        work_style: i.work_style.clone(),
        age_requirement: i.age_requirement.clone(),
        grade_requirement: i.grade_requirement.clone(),
        skills: i.skills.clone(),
        benefits: i.benefits.clone(),
        tags: i.tags.clone(),
        hours_per_week: i.hours_per_week,
        likes: stats.likes,
        comments: stats.comments,
        bookmarks: stats.bookmarks,
        archived: i.archived,
        employer_verified: i.employer_status == crate::domain::review::EmployerStatus::Verified,
        visibility: i.visibility().as_str(),
        held_terms: i.held_terms.clone(),
        held_places: crate::services::posting_screen::held_places(r, i)?,
        hazardous_duties_confirmed: i.hazard_confirmed_at.is_some(),
        hidden_reason: if i.hidden {
            hidden_reason(r, i.id)?
        } else {
            None
        },
        captions_rule: crate::services::caption_rule::view(i),
    })
}

/// The note of the latest resolution that hid posting `id`, when it has one.
fn hidden_reason(r: &impl Reader, id: u64) -> AppResult<Option<String>> {
    use crate::domain::reports::{Action, TargetKind};
    Ok(crate::store::reports::about(r, TargetKind::Internship, id)?
        .into_iter()
        .filter_map(|rep| rep.resolution)
        .filter(|x| x.action == Action::Hide && !x.note.trim().is_empty())
        .max_by_key(|x| x.at)
        .map(|x| crate::i18n::tr(&x.note).into_owned()))
}

/// A student's marks, read once per page instead of three lookups per posting.
#[derive(Default)]
pub struct Marks {
    pub(super) liked: HashSet<u64>,
    pub(super) saved: HashSet<u64>,
    pub(super) applied: HashSet<u64>,
}

impl Marks {
    pub fn of(r: &impl Reader, student: &User) -> AppResult<Marks> {
        let ids = |mark| -> AppResult<HashSet<u64>> {
            Ok(social::by_user(r, mark, student.id)?
                .into_iter()
                .map(|(id, _)| id)
                .collect())
        };
        Ok(Marks {
            liked: ids(Mark::Like)?,
            saved: ids(Mark::Bookmark)?,
            applied: applications::by_student(r, student.id)?
                .into_iter()
                .map(|a| a.internship_id)
                .collect(),
        })
    }

    /// Liked, saved, applied.
    pub fn flags(&self, id: u64) -> [bool; 3] {
        [
            self.liked.contains(&id),
            self.saved.contains(&id),
            self.applied.contains(&id),
        ]
    }

    /// The personal part for `i`, with the match score and reasons.
    pub fn personal(&self, student: &User, i: &Internship, today: time::Date) -> Personal {
        let m = matching::score(&student.seeker(), &i.match_facts(), today);
        Personal {
            match_score: Some(m.score),
            match_reasons: Some(crate::i18n::current().write_all(&m.reasons)),
            is_liked: self.liked.contains(&i.id),
            is_bookmarked: self.saved.contains(&i.id),
            has_applied: self.applied.contains(&i.id),
        }
    }
}

/// One posting's view for one viewer (per-student flags and score only for students).
pub fn view(
    r: &impl Reader,
    media: &Pipeline,
    i: &Internship,
    viewer: Option<&User>,
) -> AppResult<InternshipView> {
    let personal = match viewer.filter(|u| u.role == Role::Student) {
        Some(s) => Marks::of(r, s)?.personal(s, i, clock::today()),
        None => Personal::default(),
    };
    let mut shared = shared_view(r, media, i)?;
    // Why a video failed, in the reader's language (the cached fragments keep the English: only
    // the owner's screens, which come here, show it).
    shared.video_error = shared.video_error.map(|e| crate::i18n::tr(&e).into_owned());
    Ok(InternshipView { shared, personal })
}
