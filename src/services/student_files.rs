//! A student's photo and transcript: who may see them (the student, and an employer the
//! student applied to) and the audit entry an employer's view leaves (a photo shown again
//! within minutes makes one entry; every transcript view makes its own).

use crate::error::{AppError, AppResult};
use crate::infra::Services;
use crate::services::audit::RecentViews;
use crate::store::Reader;
use crate::store::applications;
use crate::store::audit::{self, Actor, Event};
use crate::store::users::{Role, User};

/// True when the student has applied to one of the employer's postings.
pub fn employer_may_see_student(
    r: &impl Reader,
    employer_id: u64,
    student_id: u64,
) -> AppResult<bool> {
    Ok(applications::by_student(r, student_id)?
        .iter()
        .any(|a| a.employer_id == employer_id))
}

/// Which of the student's files.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Photo,
    Transcript,
}

/// A file as read for a viewer.
pub struct File {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// The file for `viewer`; 403 when they may not see it, 404 when there is none.
pub fn open(
    s: &Services,
    recent: &RecentViews,
    viewer: &User,
    student_id: u64,
    kind: Kind,
    now: i64,
) -> AppResult<File> {
    let r = s.store.read()?;
    let allowed = viewer.id == student_id
        || (viewer.role == Role::Employer && employer_may_see_student(&r, viewer.id, student_id)?);
    if !allowed {
        return Err(AppError::forbidden());
    }
    let not_found = || AppError::not_found(crate::t!("file-not-found"));
    let student = r.get::<User>(student_id)?.ok_or_else(not_found)?;
    let (name, mime) = match kind {
        Kind::Photo => student.photo.map(|p| {
            let mime = mime_guess::from_path(&p)
                .first_or_octet_stream()
                .to_string();
            (p, mime)
        }),
        Kind::Transcript => student.transcript,
    }
    .ok_or_else(not_found)?;
    let bytes = std::fs::read(s.paths.images().join(&name)).map_err(|_| not_found())?;
    let transcript = kind == Kind::Transcript;
    if viewer.id != student_id && (transcript || recent.should_record(viewer.id, student_id, now)) {
        let event = if transcript {
            Event::TranscriptViewed
        } else {
            Event::PhotoViewed
        };
        s.store.write(|w| {
            audit::append(
                w,
                now,
                Actor::User(viewer.id),
                event,
                ("user", Some(student_id)),
                Some(student_id),
            )
        })?;
    }
    Ok(File { bytes, mime })
}
