//! AI-video requests: listing and fulfilment, shared by the admin API and the CLI.

use serde::Serialize;

use crate::clock::{DAY_MS, rfc3339};
use crate::domain::review::Visibility;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::store::Reader;
use crate::store::ai_requests::AiVideoRequest;
use crate::store::internships::{Internship, Video};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestView {
    pub id: u64,
    pub internship_id: u64,
    /// `pending` (the district's to make), `on_hold` (its posting cannot go live yet: held,
    /// hidden, its employer awaiting review or suspended; no clock runs), `completed`.
    pub status: &'static str,
    /// Why an `on_hold` request waits: the posting's visibility (`held_for_review`,
    /// `hidden`, `awaiting_review`, `suspended`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_hold_because: Option<&'static str>,
    pub requested_at: String,
    pub completed_at: Option<String>,
    pub overdue: bool,
    pub age_hours: i64,
    pub title: String,
    pub company: String,
    pub location: String,
    pub description: String,
    pub salary: Option<String>,
    pub duration: String,
    pub deadline: String,
    pub posted_date: String,
    pub video_url: Option<String>,
    pub poster_url: Option<String>,
    /// Seconds (the caption editor checks cue times against it).
    pub video_duration: Option<f64>,
    /// The posting's caption tracks (the admin's caption editor opens them).
    pub captions: Vec<crate::services::captions::TrackView>,
}

/// Every request: pending first, then on hold, then completed; oldest first.
pub fn list(s: &Services, now: i64) -> AppResult<Vec<RequestView>> {
    let r = s.store.read()?;
    let mut out: Vec<(u8, i64, u64, RequestView)> = Vec::new();
    for req in r.scan_rev::<AiVideoRequest>(|_| true)? {
        // A deleted posting's request leaves the queue: nobody would see its video.
        let Some(i) = r.get::<Internship>(req.id)?.filter(|i| !i.archived) else {
            continue;
        };
        let waiting = i.video == Video::AiProcessing;
        // A video for a posting that cannot go live is not the district's to make yet.
        let visibility = i.visibility();
        let on_hold = (waiting && visibility != Visibility::Public).then(|| visibility.as_str());
        let pending = waiting && on_hold.is_none();
        let rank = if pending {
            0
        } else if on_hold.is_some() {
            1
        } else {
            2
        };
        out.push((
            rank,
            req.requested_at,
            req.id,
            RequestView {
                id: req.id,
                internship_id: i.id,
                status: match (pending, on_hold) {
                    (true, _) => "pending",
                    (false, Some(_)) => "on_hold",
                    _ => "completed",
                },
                on_hold_because: on_hold,
                requested_at: rfc3339(req.requested_at),
                completed_at: req.completed_at.map(rfc3339),
                overdue: pending && now - req.requested_at > DAY_MS,
                age_hours: (now - req.requested_at) / (60 * 60 * 1000),
                title: i.title.clone(),
                company: i.company.clone(),
                location: i.location.clone(),
                description: i.description.clone(),
                salary: i.salary.clone(),
                duration: i.duration.clone(),
                deadline: i.deadline.clone(),
                posted_date: crate::clock::format_date(crate::clock::date_of(i.created_at)),
                video_url: crate::media::files::video_url(&i.video),
                poster_url: i.video.poster().map(|p| format!("/api/posters/{p}")),
                video_duration: i
                    .video
                    .duration_ms()
                    .map(|ms| (f64::from(ms) / 100.0).round() / 10.0),
                captions: crate::services::captions::tracks(&r, &i)?,
            },
        ));
    }
    // Pending first, then those on hold, then completed; oldest first within each (ids break
    // ties within a millisecond).
    out.sort_by_key(|(done, at, id, _)| (*done, *at, *id));
    Ok(out.into_iter().map(|(_, _, _, v)| v).collect())
}

fn pending_request(r: &impl Reader, id: u64) -> AppResult<Internship> {
    let _ = r
        .get::<AiVideoRequest>(id)?
        .ok_or_not_found(crate::t!("ai-video-request-not-found"))?;
    let i = r
        .get::<Internship>(id)?
        .ok_or_not_found(crate::t!("ai-video-request-not-found"))?;
    if i.archived {
        return Err(AppError::Conflict(crate::t!(
            "this-posting-was-deleted-by-its-employer"
        )));
    }
    if i.video != Video::AiProcessing {
        return Err(AppError::Conflict(crate::t!(
            "this-ai-video-request-has-already-been"
        )));
    }
    let why = match i.visibility() {
        // The captions rule waits for the video itself: it is the video that may need them.
        Visibility::Public | Visibility::AwaitingCaptions => None,
        Visibility::HeldForReview => Some(crate::t!("this-posting-cannot-go-live-yet-it")),
        Visibility::Hidden => Some(crate::t!("this-posting-cannot-go-live-yet-the")),
        Visibility::AwaitingReview => Some(crate::t!("this-posting-cannot-go-live-yet-its")),
        Visibility::Suspended => Some(crate::t!("this-posting-cannot-go-live-yet-its-2")),
        Visibility::Archived => Some(crate::t!("this-posting-cannot-go-live-yet-it-2")),
    };
    if let Some(why) = why {
        return Err(AppError::Conflict(why));
    }
    Ok(i)
}

/// Refuses early (before reading an upload) when the request is unknown or done.
pub fn check_pending(s: &Services, id: u64) -> AppResult<()> {
    pending_request(&s.store.read()?, id).map(|_| ())
}

/// Takes in the video (and captions) like an employer's upload (src/media) and points the
/// posting at it, completing the request.
pub async fn fulfil(
    s: &Services,
    id: u64,
    video: crate::media::Incoming,
    captions: Option<crate::media::Incoming>,
    actor: crate::store::audit::Actor,
) -> AppResult<Internship> {
    let captions = match captions {
        Some(c) => Some(s.media.keep_captions(c)?),
        None => None,
    };
    let ingested = match s.media.ingest(video, captions.clone()).await {
        Ok(x) => x,
        Err(e) => {
            if let Some(c) = &captions {
                s.media.store.remove(c);
            }
            return Err(e);
        }
    };
    // Through the postings' writer: the captions rule may hold the posting now.
    let out = s.write_postings(|w| {
        let mut i = pending_request(w, id)?;
        let now = crate::clock::now_ms();
        i.video = ingested.video.clone();
        i.captions_rule = crate::domain::captions_rule::CaptionsRule::measured(ingested.sound);
        i.updated_at = now;
        crate::services::caption_rule::apply(w, &mut i)?;
        w.put(&i)?;
        if let Some(job) = ingested.job_for(id, now) {
            w.put(&job)?;
        }
        if let Some(mut req) = w.get::<AiVideoRequest>(id)? {
            req.completed_at = Some(now);
            w.put(&req)?;
        }
        // Said as it is: a video still converting is not ready yet.
        let text = if matches!(i.video, Video::Transcoding(_)) {
            crate::said!("the-ai-made-video-for-title-was", title = &i.title)
        } else {
            crate::said!("the-ai-made-video-for-title-is", title = &i.title)
        };
        crate::services::notify::notify(
            w,
            i.employer_id,
            "ai_video_ready",
            text,
            "/employer-dashboard",
        )?;
        crate::store::audit::append(
            w,
            now,
            actor,
            crate::store::audit::Event::AiVideoUploaded,
            ("internship", Some(id)),
            Some(i.employer_id),
        )?;
        Ok((i.clone(), vec![i]))
    });
    match &out {
        Err(_) => s.media.discard(&ingested.video),
        Ok(i) if matches!(i.video, Video::Transcoding(_)) => s.media.wake(),
        Ok(_) => {}
    }
    out
}
