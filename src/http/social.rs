//! Likes, bookmarks and comments.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::ApiJson;
use super::internships::video_url;
use crate::auth::{AnyUser, MaybeUser, UserOrAdmin};
use crate::clock::{now_ms, rfc3339};
use crate::error::{AppError, AppResult};
use crate::services::comments::{self, Content, Remover, live};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::social::{self, Comment, CommentState, Mark};
use crate::store::users::{Role, User};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/internships/{id}/like", post(toggle_like))
        .route("/api/internships/{id}/bookmark", post(toggle_bookmark))
        .route(
            "/api/internships/{id}/comments",
            get(list_comments).post(create_comment),
        )
        .route(
            "/api/internships/{id}/comments/{comment_id}",
            delete(delete_comment),
        )
        .route("/api/users/{id}/likes", get(list_likes))
        .route("/api/users/{id}/bookmarks", get(list_bookmarks))
}

/// A posting students and visitors may see and act on (like, save, comment).
/// Toggles in a group commit: answered after the batch holding it is durable.
async fn toggle(state: &AppState, mark: Mark, id: u64, user: &User) -> AppResult<(bool, u64)> {
    let user_id = user.id;
    state
        .batch
        .run(move |w| {
            live(w, id)?;
            Ok(social::toggle(w, mark, id, user_id, now_ms())?)
        })
        .await
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Liked {
    liked: bool,
    like_count: u64,
}

async fn toggle_like(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Liked>> {
    let (liked, like_count) = toggle(&state, Mark::Like, id, &me).await?;
    Ok(Json(Liked { liked, like_count }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Bookmarked {
    bookmarked: bool,
    bookmark_count: u64,
}

async fn toggle_bookmark(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Bookmarked>> {
    let (bookmarked, bookmark_count) = toggle(&state, Mark::Bookmark, id, &me).await?;
    Ok(Json(Bookmarked {
        bookmarked,
        bookmark_count,
    }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MarkView {
    internship_id: u64,
    created_at: String,
    title: String,
    company: String,
    location: String,
    video_url: Option<String>,
    poster_url: Option<String>,
}

fn marks(state: &AppState, mark: Mark, me: &User, id: u64) -> AppResult<Vec<MarkView>> {
    if me.id != id {
        return Err(AppError::Forbidden(crate::t!(
            "you-can-only-see-your-own-list"
        )));
    }
    let r = state.store().read()?;
    let mut out = Vec::new();
    for (iid, at) in social::by_user(&r, mark, id)? {
        if let Some(i) = r.get::<Internship>(iid)?.filter(|i| i.is_public()) {
            out.push(MarkView {
                internship_id: iid,
                created_at: rfc3339(at),
                title: i.title,
                company: i.company,
                location: i.location,
                video_url: video_url(&i.video),
                poster_url: i.video.poster().map(|p| format!("/api/posters/{p}")),
            });
        }
    }
    Ok(out)
}

async fn list_likes(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Vec<MarkView>>> {
    Ok(Json(marks(&state, Mark::Like, &me, id)?))
}

async fn list_bookmarks(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<Vec<MarkView>>> {
    Ok(Json(marks(&state, Mark::Bookmark, &me, id)?))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CommentAuthor {
    /// Only to the author: a student's id is not handed to everyone who reads the comments.
    id: Option<u64>,
    first_name: String,
    last_name: String,
    /// Students are minors: their photo is shown only to themselves.
    profile_image_url: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CommentView {
    id: u64,
    content: String,
    created_at: String,
    user: CommentAuthor,
    can_delete: bool,
    /// Held by the word list: shown to its author only, until the district releases it.
    awaiting_review: bool,
}

fn comment_view(
    r: &impl Reader,
    c: &Comment,
    viewer: Option<&User>,
    owner: u64,
) -> AppResult<CommentView> {
    let author = r.get::<User>(c.user_id)?;
    let is_self = viewer.is_some_and(|v| v.id == c.user_id);
    let (first_name, last_name, photo) = match &author {
        // An employer speaks as its company, never as a named person.
        Some(a) if a.role == Role::Employer => {
            (a.company.clone(), String::new(), super::views::photo_url(a))
        }
        Some(a) => (
            a.first_name.clone(),
            // Students are minors: others see "Noah K.", the author their whole name.
            if a.role == Role::Student && !is_self {
                a.last_name
                    .chars()
                    .find(|c| c.is_alphanumeric())
                    .map(|c| format!("{}.", c.to_uppercase()))
                    .unwrap_or_default()
            } else {
                a.last_name.clone()
            },
            if is_self || a.role == Role::Employer {
                super::views::photo_url(a)
            } else {
                None
            },
        ),
        None => ("Deleted student".to_string(), String::new(), None),
    };
    Ok(CommentView {
        id: c.id,
        content: c.content.clone(),
        created_at: rfc3339(c.created_at),
        user: CommentAuthor {
            id: (is_self || author.as_ref().is_some_and(|a| a.role != Role::Student))
                .then_some(c.user_id),
            first_name,
            last_name,
            profile_image_url: photo,
        },
        can_delete: viewer.is_some_and(|v| v.id == c.user_id || v.id == owner),
        awaiting_review: matches!(c.state, CommentState::Held(_)),
    })
}

/// Comments oldest first, paged (the cursor is the last comment's id).
async fn list_comments(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    Path(id): Path<u64>,
    uri: axum::http::Uri,
    Query(p): Query<super::paging::PageParams>,
) -> AppResult<axum::response::Response> {
    let limit = super::paging::limit(p.limit.as_deref())?;
    let after = super::paging::id_cursor(p.cursor.as_deref())?;
    let r = state.store().read()?;
    let i = live(&r, id)?;
    let (ids, more) = crate::store::social::comments_page(&r, id, after, limit)?;
    let mut out = Vec::with_capacity(ids.len());
    for (cid, _) in &ids {
        // Held comments only to their author; hidden ones to nobody.
        let shown = |c: &Comment| match c.state {
            CommentState::Visible => true,
            CommentState::Held(_) => viewer.as_ref().is_some_and(|v| v.id == c.user_id),
            CommentState::Hidden => false,
        };
        if let Some(c) = r.get::<Comment>(*cid)?.filter(shown)
            && comments::author_in_good_standing(r.get::<User>(c.user_id)?.as_ref())
        {
            out.push(comment_view(&r, &c, viewer.as_ref(), i.employer_id)?);
        }
    }
    let next = more
        .then(|| ids.last().map(|(c, _)| c.to_string()))
        .flatten();
    Ok(super::paging::respond(&uri, out, next))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NewComment {
    content: String,
}

async fn create_comment(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<NewComment>,
) -> AppResult<(StatusCode, Json<CommentView>)> {
    let content = Content::parse(&body.content)?;
    state
        .throttles
        .comments
        .take(&format!("user:{}", me.id))
        .map_err(|wait| {
            AppError::throttled(wait, |when| {
                crate::said!("too-many-comments-please-try-again-in", when = when)
            })
        })?;
    let (c, owner) = comments::post(
        &state.services,
        &state.comment_words,
        &me,
        id,
        content,
        now_ms(),
    )?;
    let r = state.store().read()?;
    Ok((
        StatusCode::CREATED,
        Json(comment_view(&r, &c, Some(&me), owner)?),
    ))
}

#[derive(Serialize)]
struct Removed {
    message: String,
}

/// The author, the posting's employer and the admin may remove a comment.
async fn delete_comment(
    State(state): State<AppState>,
    who: UserOrAdmin,
    Path((id, comment_id)): Path<(u64, u64)>,
) -> AppResult<Json<Removed>> {
    let by = match &who {
        UserOrAdmin::Admin(_) => Remover::Admin,
        UserOrAdmin::User(u) => Remover::User(u),
    };
    comments::remove(&state.services, by, id, comment_id)?;
    Ok(Json(Removed {
        message: crate::t!("comment-removed"),
    }))
}
