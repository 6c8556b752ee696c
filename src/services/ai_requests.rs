//! AI-video requests: listing and fulfilment, shared by the admin API and the CLI.

use serde::Serialize;

use crate::clock::{DAY_MS, rfc3339};
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
    pub status: &'static str,
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
}

/// Every request, pending first, oldest first.
pub fn list(s: &Services, now: i64) -> AppResult<Vec<RequestView>> {
    let r = s.store.read()?;
    let mut out: Vec<(bool, i64, u64, RequestView)> = Vec::new();
    for req in r.scan_rev::<AiVideoRequest>(|_| true)? {
        // A deleted posting's request leaves the queue: nobody would see its video.
        let Some(i) = r.get::<Internship>(req.id)?.filter(|i| !i.archived) else {
            continue;
        };
        let pending = i.video == Video::AiProcessing;
        out.push((
            !pending,
            req.requested_at,
            req.id,
            RequestView {
                id: req.id,
                internship_id: i.id,
                status: if pending { "pending" } else { "completed" },
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
            },
        ));
    }
    // Pending first, then oldest first (ids break ties within a millisecond).
    out.sort_by_key(|(done, at, id, _)| (*done, *at, *id));
    Ok(out.into_iter().map(|(_, _, _, v)| v).collect())
}

fn pending_request(r: &impl Reader, id: u64) -> AppResult<Internship> {
    let _ = r
        .get::<AiVideoRequest>(id)?
        .ok_or_not_found("AI video request not found")?;
    let i = r
        .get::<Internship>(id)?
        .ok_or_not_found("AI video request not found")?;
    if i.archived {
        return Err(AppError::Conflict(
            "This posting was deleted by its employer; the request no longer needs a video".into(),
        ));
    }
    if i.video != Video::AiProcessing {
        return Err(AppError::Conflict(
            "This AI video request has already been fulfilled".into(),
        ));
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
    let out = s.store.write(|w| {
        let mut i = pending_request(w, id)?;
        let now = crate::clock::now_ms();
        i.video = ingested.video.clone();
        i.updated_at = now;
        w.put(&i)?;
        if let Some(job) = ingested.job_for(id, now) {
            w.put(&job)?;
        }
        if let Some(mut req) = w.get::<AiVideoRequest>(id)? {
            req.completed_at = Some(now);
            w.put(&req)?;
        }
        crate::services::notify::notify(
            w,
            i.employer_id,
            "ai_video_ready",
            format!("The AI-made video for \"{}\" is ready.", i.title),
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
        Ok(i)
    });
    match &out {
        Err(_) => s.media.discard(&ingested.video),
        Ok(i) if matches!(i.video, Video::Transcoding(_)) => s.media.wake(),
        Ok(_) => {}
    }
    out
}
