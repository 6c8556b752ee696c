//! Postings: the feed list, one posting, create (video upload or AI request), edit, archive.

use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};

use serde::Serialize;

use super::ApiJson;
use super::internship_lists::{list_internships, list_matches};
use super::posting_form::{PostingInput, refuse_past_deadline};
use super::profile_viewers::ProfileViewer;
use super::uploads::{self, MB};
use crate::auth::{Employer, MaybeUser};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult, OptionExt};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::ai_requests::AiVideoRequest;
use crate::store::internships::{self, Internship, Video};
use crate::store::users::{Role, User};

pub use super::internship_views::{AI_MARKER, InternshipView, video_url, view};
pub use crate::media::files::{CAPTIONS, VIDEO, VIDEO_MAX};
pub const NOT_FOUND: &str = "Internship not found";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/internships",
            // The upload layers wrap the POST only: the feed's GET is the hottest route.
            post(create_internship)
                .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(
                    uploads::finish_body,
                ))
                .layer(DefaultBodyLimit::max((VIDEO_MAX + 2 * MB) as usize))
                .get(list_internships),
        )
        .route(
            "/api/internships/{id}",
            get(get_internship).delete(delete_internship),
        )
        .route("/api/employers/internships", get(list_own_internships))
        .route("/api/matches", get(list_matches))
        .route(
            "/api/employers/internships/{id}",
            put(update_internship)
                .layer::<_, std::convert::Infallible>(axum::middleware::from_fn(
                    uploads::finish_body,
                ))
                .layer(DefaultBodyLimit::max((VIDEO_MAX + 2 * MB) as usize)),
        )
}

async fn get_internship(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    crate::auth::ClientIp(ip): crate::auth::ClientIp,
    Path(id): Path<u64>,
) -> AppResult<Json<InternshipView>> {
    let r = state.store().read()?;
    let i = r
        .get::<Internship>(id)?
        .filter(|i| i.is_public() || viewer.as_ref().is_some_and(|u| u.id == i.employer_id))
        .ok_or_not_found(NOT_FOUND)?;
    if viewer.as_ref().is_none_or(|u| u.role == Role::Student) {
        let who = match &viewer {
            Some(u) => ProfileViewer::User(u.id),
            None => ProfileViewer::Address(ip),
        };
        if state.profile_viewers.first_today(i.employer_id, who) {
            count_profile_view(&state, i.employer_id);
        }
    }
    Ok(Json(view(&r, state.media(), &i, viewer.as_ref())?))
}

/// Counts a view of an employer's posting (company page, internship detail) by a student or a
/// visitor, once a day per viewer. Fire and forget through the group commit: the page does
/// not wait for it.
fn count_profile_view(state: &AppState, employer_id: u64) {
    let batch = state.batch.clone();
    tokio::spawn(async move {
        let _ = batch
            .run(move |w| {
                if let Some(mut e) = w.get::<User>(employer_id)? {
                    e.profile_views += 1;
                    w.put(&e)?;
                }
                Ok::<_, crate::store::StoreError>(())
            })
            .await;
    });
}

async fn list_own_internships(
    State(state): State<AppState>,
    Employer(me): Employer,
) -> AppResult<Json<Vec<InternshipView>>> {
    let r = state.store().read()?;
    let list = internships::by_employer(&r, me.id, false)?;
    let out = list
        .iter()
        .map(|i| view(&r, state.media(), i, Some(&me)))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(Json(out))
}

fn is_multipart(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"))
}

/// The posting form with its video and captions files (multipart), or the JSON form.
struct PostingForm {
    input: PostingInput,
    video: Option<uploads::Upload>,
    captions: Option<uploads::Upload>,
}

async fn read_posting(state: &AppState, req: Request) -> AppResult<PostingForm> {
    if is_multipart(req.headers()) {
        uploads::check_length(req.headers(), VIDEO_MAX + 2 * MB, VIDEO.too_large)?;
        let mp = Multipart::from_request(req, state)
            .await
            .map_err(|e| AppError::bad_request(e.body_text()))?;
        let mut form = uploads::read_form(mp, &state.paths().tmp(), &[&VIDEO, &CAPTIONS]).await?;
        Ok(PostingForm {
            input: PostingInput::from_form(&form)?,
            video: form.take_file(VIDEO.field),
            captions: form.take_file(CAPTIONS.field),
        })
    } else {
        let ApiJson(input) = ApiJson::<PostingInput>::from_request(req, state).await?;
        Ok(PostingForm {
            input,
            video: None,
            captions: None,
        })
    }
}

/// Takes in the form's files: captions checked and stored, the video probed, given its poster
/// and rendition or queued (src/media). Returns the new video (None when none was sent) and,
/// when captions came without a video, their stored name. Nothing is left behind on error.
async fn take_media(
    state: &AppState,
    video: Option<uploads::Upload>,
    captions: Option<uploads::Upload>,
) -> AppResult<(Option<crate::media::Ingested>, Option<String>)> {
    let media = state.media();
    let captions = match captions {
        Some(c) => Some(media.keep_captions(c.into_incoming())?),
        None => None,
    };
    let Some(video) = video else {
        return Ok((None, captions));
    };
    match media.ingest(video.into_incoming(), captions.clone()).await {
        Ok(ingested) => Ok((Some(ingested), None)),
        Err(e) => {
            if let Some(c) = &captions {
                media.store.remove(c);
            }
            Err(e)
        }
    }
}

/// Commits a posting change; the new video's files are removed again if the commit fails.
fn commit_with_video<T>(
    state: &AppState,
    new_video: Option<&Video>,
    f: impl FnOnce(&crate::store::Wtx) -> AppResult<(T, Vec<Internship>)>,
) -> AppResult<T> {
    let out = state.services.write_postings(f);
    if out.is_err()
        && let Some(v) = new_video
    {
        state.media().discard(v);
    }
    out
}

async fn create_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    req: Request,
) -> AppResult<Response> {
    let PostingForm {
        input,
        video,
        captions,
    } = read_posting(&state, req).await?;
    let ai = input.ai_video_requested && video.is_none();
    let now = now_ms();
    let mut i = Internship {
        company: me.company.clone(),
        industry: me.industry.clone(),
        employer_status: me.review.status,
        hazard_confirmed_at: input.hazardous_duties_confirmed.then_some(now),
        ..Internship::blank(me.id, now)
    };
    // The form is checked before any video work, so a typo costs no ffmpeg run.
    input.apply(&mut i)?;
    refuse_past_deadline(&i, None)?;
    if video.is_none() && !ai {
        return Err(AppError::bad_request(
            "Please attach a video file or request an AI-generated video",
        ));
    }
    if video.is_none() && captions.is_some() {
        return Err(AppError::bad_request(
            "Captions can be attached to an uploaded video; add them once the AI video is there",
        ));
    }
    let (ingested, _) = take_media(&state, video, captions).await?;
    i.video = match &ingested {
        Some(m) => m.video.clone(),
        None => Video::AiProcessing,
    };
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let saved = commit_with_video(&state, new_video.as_ref(), |w| {
        crate::services::reports::screen_posting(w, &mut i)?;
        let i = internships::insert(w, i)?;
        crate::services::reports::sync_posting_hold(w, &i)?;
        if let Some(job) = ingested.as_ref().and_then(|m| m.job_for(i.id, now)) {
            w.put(&job)?;
        }
        if ai {
            w.put(&AiVideoRequest {
                id: i.id,
                requested_at: now,
                completed_at: None,
            })?;
        }
        Ok((i.clone(), vec![i]))
    })?;
    if matches!(saved.video, Video::Transcoding(_)) {
        state.media().wake();
    }
    let r = state.store().read()?;
    Ok((
        StatusCode::CREATED,
        Json(view(&r, state.media(), &saved, Some(&me))?),
    )
        .into_response())
}

/// Loads a posting the employer owns: 404 when missing, 403 when another's.
pub fn owned(r: &impl Reader, me: &User, id: u64) -> AppResult<Internship> {
    let i = r
        .get::<Internship>(id)?
        .filter(|i| !i.archived)
        .ok_or_not_found(NOT_FOUND)?;
    if i.employer_id != me.id {
        return Err(AppError::Forbidden(
            "This posting belongs to another employer".into(),
        ));
    }
    Ok(i)
}

async fn update_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
    req: Request,
) -> AppResult<Json<InternshipView>> {
    let mut i = owned(&state.store().read()?, &me, id)?;
    let PostingForm {
        input,
        video,
        captions,
    } = read_posting(&state, req).await?;
    let was = i.deadline.clone();
    let confirmed = input.hazardous_duties_confirmed;
    input.apply(&mut i)?;
    refuse_past_deadline(&i, Some(&was))?;
    i.updated_at = now_ms();
    let (ingested, captions_only) = take_media(&state, video, captions).await?;
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let result = commit_with_video(&state, new_video.as_ref(), |w| {
        // Re-read inside the transaction: the posting may have changed meanwhile (its video
        // converted by the worker, say), and only the form's fields and new files are ours.
        let fresh = owned(w, &me, id)?;
        let old_video = fresh.video.clone();
        i.video = match (&new_video, &captions_only) {
            (Some(v), _) => v.clone(),
            (None, Some(c)) => crate::media::with_captions(&fresh.video, c.clone()).ok_or_else(|| {
                AppError::bad_request(
                    "Captions can be attached to an uploaded video; add them once the AI video is there",
                )
            })?,
            (None, None) => fresh.video,
        };
        // The district's side of the record is not the form's to change.
        i.employer_status = fresh.employer_status;
        i.hidden = fresh.hidden;
        i.hazard_confirmed_at = if confirmed {
            Some(i.updated_at)
        } else {
            fresh.hazard_confirmed_at
        };
        crate::services::reports::screen_posting(w, &mut i)?;
        w.put(&i)?;
        crate::services::reports::sync_posting_hold(w, &i)?;
        if new_video.is_some() {
            // A job for the replaced upload is void; the new one (if any) takes its place.
            w.delete::<crate::store::transcodes::TranscodeJob>(id)?;
            if let Some(job) = ingested.as_ref().and_then(|m| m.job_for(id, i.updated_at)) {
                w.put(&job)?;
            }
        }
        if new_video.is_some()
            && let Some(mut req) = w.get::<AiVideoRequest>(id)?
            && req.completed_at.is_none()
        {
            req.completed_at = Some(i.updated_at);
            w.put(&req)?;
        }
        Ok(((i.clone(), old_video), vec![i]))
    });
    let (saved, old_video) = match result {
        Ok(x) => x,
        Err(e) => {
            if let Some(c) = &captions_only {
                state.media().store.remove(c);
            }
            return Err(e);
        }
    };
    state.media().discard_replaced(&old_video, &saved.video);
    if matches!(saved.video, Video::Transcoding(_)) {
        state.media().wake();
    }
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

#[derive(Serialize)]
struct Deleted {
    message: &'static str,
}

/// Archives the posting: it leaves the feed and search, while applications and their
/// messages stay readable by both sides.
async fn delete_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
) -> AppResult<Json<Deleted>> {
    state.services.write_postings(|w| {
        let mut i = owned(w, &me, id)?;
        i.archived = true;
        i.updated_at = now_ms();
        w.put(&i)?;
        Ok::<_, AppError>(((), vec![i]))
    })?;
    Ok(Json(Deleted {
        message: "Internship deleted",
    }))
}
