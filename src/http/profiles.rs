//! Profiles: a student's (and what an employer may see of it), an employer's, the profile
//! photo and the transcript.

use axum::Json;
use axum::Router;
use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};

use super::ApiJson;
use super::accounts::{EmployerFields, StudentProfile, check_employer, check_student, taken};
use super::uploads::{self, Accept, MB};
use super::views::UserView;
use crate::auth::{AnyUser, Employer, Student, UserOrAdmin};
use crate::clock::now_ms;
use crate::error::{AppError, AppResult};
use crate::services::email_confirmation;
use crate::services::student_files::{self, File, Kind, employer_may_see_student};
use crate::state::AppState;
use crate::store::Reader;
use crate::store::users::{self, Role, User};
use crate::validate::Checks;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/users/{id}",
            put(update_student)
                .get(get_user)
                .delete(super::data_rights::delete_account),
        )
        .route("/api/users/me/interests", put(set_interests))
        .route(
            "/api/employers/profile",
            get(get_employer_profile).put(update_employer_profile),
        )
        .route(
            "/api/users/{id}/photo",
            uploads::upload_route(post(upload_photo), PHOTO_MAX + MB).get(get_photo),
        )
        .route(
            "/api/users/{id}/transcript",
            uploads::upload_route(post(upload_transcript), TRANSCRIPT_MAX + MB).get(get_transcript),
        )
}

const PHOTO_MAX: u64 = 5 * MB;
const TRANSCRIPT_MAX: u64 = 10 * MB;

/// A user may read their own record; employers the students who applied to them; students
/// the public company profile of an employer they applied to.
async fn get_user(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
) -> AppResult<Json<UserView>> {
    if me.id == id {
        return Ok(Json(UserView::from(&me)));
    }
    let r = state.store().read()?;
    if me.role == Role::Employer && employer_may_see_student(&r, me.id, id)? {
        let u = r
            .get::<User>(id)?
            .ok_or_else(|| AppError::not_found(crate::t!("user-not-found")))?;
        return Ok(Json(UserView::from(&u)));
    }
    if me.role == Role::Student && employer_may_see_student(&r, id, me.id)? {
        let u = r
            .get::<User>(id)?
            .ok_or_else(|| AppError::not_found(crate::t!("user-not-found")))?;
        // The company's public profile: not its own counters.
        let mut view = UserView::from(&u);
        view.profile_views = None;
        return Ok(Json(view));
    }
    Err(AppError::forbidden())
}

async fn update_student(
    State(state): State<AppState>,
    Student(me): Student,
    Path(id): Path<u64>,
    ApiJson(body): ApiJson<StudentProfile>,
) -> AppResult<Json<UserView>> {
    if me.id != id {
        return Err(AppError::Forbidden(crate::t!(
            "you-can-only-edit-your-own-profile"
        )));
    }
    let mut c = Checks::new();
    let mut user = me.clone();
    check_student(&mut c, &body, &mut user);
    c.finish()?;
    // A new address takes effect once confirmed by a link sent to it (the profile's other
    // fields are saved now); changes are few an hour, so the form tests no addresses.
    let new_email = (users::email_key(&user.email) != users::email_key(&me.email))
        .then(|| std::mem::replace(&mut user.email, me.email.clone()));
    if new_email.is_some() {
        state
            .throttles
            .email_changes
            .take(&format!("user:{}", me.id))
            .map_err(|wait| {
                AppError::throttled(wait, |when| {
                    crate::said!("too-many-e-mail-changes-please-try", when = when)
                })
            })?;
    }
    let now = now_ms();
    state
        .store()
        .write(|w| {
            users::update(w, &me.email, &user)?;
            if let Some(new) = &new_email {
                email_confirmation::request_change(w, &user, new, now)?;
            }
            Ok(())
        })
        .map_err(taken)?;
    if new_email.is_some() {
        state.mailer.wake();
    }
    let mut view = UserView::from(&user);
    view.pending_email = email_confirmation::pending_email(&state.store().read()?, &user, now)?;
    Ok(Json(view))
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Interests {
    interests: Vec<String>,
}

/// A student's interests alone: the step a rostered student takes before the feed at the first
/// sign-in (the roster gave everything else).
async fn set_interests(
    State(state): State<AppState>,
    Student(me): Student,
    ApiJson(body): ApiJson<Interests>,
) -> AppResult<Json<UserView>> {
    let mut c = Checks::new();
    let interests = c.interests("interests", &body.interests);
    c.finish()?;
    let mut user = me.clone();
    user.interests = interests;
    state
        .store()
        .write(|w| users::update(w, &me.email, &user))
        .map_err(taken)?;
    Ok(Json(UserView::from(&user)))
}

async fn get_employer_profile(Employer(me): Employer) -> Json<UserView> {
    Json(UserView::from(&me))
}

async fn update_employer_profile(
    State(state): State<AppState>,
    Employer(me): Employer,
    ApiJson(body): ApiJson<EmployerFields>,
) -> AppResult<Json<UserView>> {
    let mut c = Checks::new();
    let mut user = me.clone();
    check_employer(&mut c, &body, &mut user, true);
    // A new address takes effect at once (its confirmation follows), so a school's is
    // refused here as at sign-up: it would lock the student out of the school sign-in.
    if users::email_key(&user.email) != users::email_key(&me.email)
        && let Some(why) = crate::services::settings::school_address(
            &state.store().read()?,
            &user.email,
            Role::Employer,
        )?
    {
        c.fail("email", &why);
    }
    c.finish()?;
    crate::services::employers::update_profile(&state.services, &me, &user, now_ms())
        .map_err(taken)?;
    state.mailer.wake();
    let mut view = UserView::from(&user);
    view.email_confirmed = Some(email_confirmation::is_confirmed(
        &state.store().read()?,
        &user,
    )?);
    Ok(Json(view))
}

const PHOTO: Accept = Accept {
    field: "file",
    kinds: uploads::IMAGE_KINDS,
    max_bytes: PHOTO_MAX,
    too_large: || crate::t!("profile-photo-must-be-under-5mb"),
    wrong_type: || crate::t!("please-upload-an-image-file"),
    missing: || crate::t!("please-choose-an-image-file"),
};

const TRANSCRIPT: Accept = Accept {
    field: "file",
    kinds: uploads::TRANSCRIPT_KINDS,
    max_bytes: TRANSCRIPT_MAX,
    too_large: || crate::t!("transcript-must-be-under-10mb"),
    wrong_type: || crate::t!("please-upload-a-pdf-or-image-file"),
    missing: || crate::t!("please-choose-a-pdf-or-image-file"),
};

fn own_student(me: &User, id: u64) -> AppResult<()> {
    if me.id != id || me.role != Role::Student {
        return Err(AppError::Forbidden(crate::t!(
            "you-can-only-change-your-own-profile"
        )));
    }
    Ok(())
}

fn remove_image(state: &AppState, name: &str) {
    let _ = std::fs::remove_file(state.paths().images().join(name));
}

async fn upload_photo(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
    headers: HeaderMap,
    mp: Multipart,
) -> AppResult<Json<UserView>> {
    replace_student_file(&state, &me, id, &headers, mp, &PHOTO, |u, name, _| {
        u.photo_version += 1;
        u.photo.replace(name)
    })
    .await
}

async fn upload_transcript(
    State(state): State<AppState>,
    AnyUser(me): AnyUser,
    Path(id): Path<u64>,
    headers: HeaderMap,
    mp: Multipart,
) -> AppResult<Json<UserView>> {
    replace_student_file(
        &state,
        &me,
        id,
        &headers,
        mp,
        &TRANSCRIPT,
        |u, name, mime| u.transcript.replace((name, mime)).map(|(old, _)| old),
    )
    .await
}

/// Stores a student's new photo or transcript: the upload is checked and moved into place,
/// `set` puts its name (and media type) on the student and hands back the file it replaces,
/// which is removed once the change is committed (the new file, if the commit fails).
async fn replace_student_file(
    state: &AppState,
    me: &User,
    id: u64,
    headers: &HeaderMap,
    mp: Multipart,
    accept: &Accept,
    set: impl FnOnce(&mut User, String, String) -> Option<String>,
) -> AppResult<Json<UserView>> {
    own_student(me, id)?;
    uploads::check_length(headers, accept.max_bytes + MB, accept.too_large)?;
    let upload = uploads::read_file(mp, &state.paths().tmp(), accept).await?;
    // Employers see these files: no EXIF (GPS position) leaves with them.
    let upload = tokio::task::spawn_blocking(move || upload.strip_image_metadata().map(|_| upload))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))??;
    let mime = upload.mime.to_string();
    let name = upload.persist(&state.paths().images())?;
    let saved = state.store().write(|w| {
        let mut u = w
            .get::<User>(id)?
            .ok_or_else(|| AppError::not_found(crate::t!("user-not-found")))?;
        let old = set(&mut u, name.clone(), mime);
        w.put(&u)?;
        Ok::<_, AppError>((u, old))
    });
    match saved {
        Ok((u, old)) => {
            if let Some(old) = old {
                remove_image(state, &old);
            }
            Ok(Json(UserView::from(&u)))
        }
        Err(e) => {
            remove_image(state, &name);
            Err(e)
        }
    }
}

/// A student's file for the signed-in viewer (services/student_files.rs).
fn student_file(state: &AppState, viewer: &UserOrAdmin, id: u64, kind: Kind) -> AppResult<File> {
    let UserOrAdmin::User(viewer) = viewer else {
        return Err(AppError::forbidden());
    };
    student_files::open(
        &state.services,
        &state.photo_views,
        viewer,
        id,
        kind,
        now_ms(),
    )
}

async fn get_photo(
    State(state): State<AppState>,
    viewer: UserOrAdmin,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    file_response(&state, &viewer, id, Kind::Photo)
}

async fn get_transcript(
    State(state): State<AppState>,
    viewer: UserOrAdmin,
    Path(id): Path<u64>,
) -> AppResult<Response> {
    file_response(&state, &viewer, id, Kind::Transcript)
}

/// The file with its caching rule: a photo is asked again on shared school computers (its
/// URL carries its version, so a changed photo is a new URL anyway); a transcript is never
/// stored by the browser.
fn file_response(
    state: &AppState,
    viewer: &UserOrAdmin,
    id: u64,
    kind: Kind,
) -> AppResult<Response> {
    let File { bytes, mime } = student_file(state, viewer, id, kind)?;
    let mut res = ([(header::CONTENT_TYPE, mime)], bytes).into_response();
    let headers = res.headers_mut();
    match kind {
        Kind::Photo => {
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-cache"),
            );
        }
        Kind::Transcript => {
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            );
            headers.insert(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("inline; filename=\"transcript\""),
            );
        }
    }
    Ok(res)
}
