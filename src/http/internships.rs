//! Postings: the feed list, one posting, create (video upload or AI request), edit, archive.

use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};

use serde::Serialize;

use super::ApiJson;
use super::internship_lists::{list_internships, list_matches};
use super::profile_viewers::ProfileViewer;
use super::uploads::{self, MB};
use crate::auth::{Employer, MaybeUser};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult, OptionExt};
use crate::services::posting_form::PostingInput;
use crate::services::postings::{self, Files};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::internships::{self, Internship};
use crate::store::users::{Role, User};

pub use super::internship_views::{AI_MARKER, InternshipView, video_url, view};
pub use crate::media::files::{CAPTIONS, VIDEO, VIDEO_MAX};
pub use crate::services::postings::not_found;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/internships",
            // The upload layers wrap the POST only: the feed's GET is the hottest route.
            uploads::upload_route(post(create_internship), VIDEO_MAX + 2 * MB)
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
            uploads::upload_route(put(update_internship), VIDEO_MAX + 2 * MB),
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
        .ok_or_not_found(not_found())?;
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
async fn read_posting(state: &AppState, req: Request) -> AppResult<(PostingInput, Files)> {
    if is_multipart(req.headers()) {
        uploads::check_length(req.headers(), VIDEO_MAX + 2 * MB, VIDEO.too_large)?;
        let mp = Multipart::from_request(req, state)
            .await
            .map_err(|e| AppError::bad_request(e.body_text()))?;
        let mut form = uploads::read_form(mp, &state.paths().tmp(), &[&VIDEO, &CAPTIONS]).await?;
        let input = PostingInput::from_fields(|name| form.text(name))?;
        let files = Files {
            video: form.take_file(VIDEO.field),
            captions: form.take_file(CAPTIONS.field),
        };
        Ok((input, files))
    } else {
        let ApiJson(input) = ApiJson::<PostingInput>::from_request(req, state).await?;
        Ok((input, Files::default()))
    }
}

async fn create_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    req: Request,
) -> AppResult<Response> {
    let (input, files) = read_posting(&state, req).await?;
    let saved = postings::create(&state.services, &me, input, files, now_ms()).await?;
    let r = state.store().read()?;
    Ok((
        StatusCode::CREATED,
        Json(view(&r, state.media(), &saved, Some(&me))?),
    )
        .into_response())
}

async fn update_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
    req: Request,
) -> AppResult<Json<InternshipView>> {
    // Ownership first: a stranger's upload is refused before it is read.
    postings::owned(&state.store().read()?, &me, id)?;
    let (input, files) = read_posting(&state, req).await?;
    let saved = postings::update(&state.services, &me, id, input, files, now_ms()).await?;
    let r = state.store().read()?;
    Ok(Json(view(&r, state.media(), &saved, Some(&me))?))
}

#[derive(Serialize)]
struct Deleted {
    message: String,
}

/// Archives the posting: it leaves the feed and search, while applications and their
/// messages stay readable by both sides.
async fn delete_internship(
    State(state): State<AppState>,
    Employer(me): Employer,
    Path(id): Path<u64>,
) -> AppResult<Json<Deleted>> {
    postings::archive(&state.services, &me, id, now_ms())?;
    Ok(Json(Deleted {
        message: crate::t!("internship-deleted"),
    }))
}
