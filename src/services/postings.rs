//! Postings: create (an uploaded video or an AI-video request), edit and archive, for HTTP and
//! anything else that acts for an employer. Each checks the form, takes in the files (the
//! video probed and given its poster and rendition, or queued), screens the posting for the
//! district, commits through `Services::write_postings` (generation and index) and removes
//! the new files again when anything fails.

use time::Date;

use super::posting_form::{PostingInput, refuse_past_deadline};
use crate::clock;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::media::files::Upload;
use crate::media::{Ingested, Pipeline};
use crate::services::posting_screen::{screen_posting, sync_posting_hold};
use crate::store::ai_requests::AiVideoRequest;
use crate::store::internships::{self, Internship, Video};
use crate::store::transcodes::TranscodeJob;
use crate::store::users::User;
use crate::store::{Reader, Wtx};

pub fn not_found() -> String {
    crate::t!("internship-not-found")
}

fn captions_need_video() -> String {
    crate::t!("captions-can-be-attached-to-an-uploaded")
}

/// Whether a posting still takes applications on `today` (its deadline not passed).
pub fn open_on(i: &Internship, today: Date) -> bool {
    crate::domain::applications::open_on(clock::parse_date(&i.deadline), today)
}

/// The files sent with the posting form.
#[derive(Default)]
pub struct Files {
    pub video: Option<Upload>,
    pub captions: Option<Upload>,
}

/// Loads a posting the employer owns: 404 when missing or archived, 403 when another's.
pub fn owned(r: &impl Reader, me: &User, id: u64) -> AppResult<Internship> {
    let i = r
        .get::<Internship>(id)?
        .filter(|i| !i.archived)
        .ok_or_not_found(not_found())?;
    if i.employer_id != me.id {
        return Err(AppError::Forbidden(crate::t!(
            "this-posting-belongs-to-another-employer"
        )));
    }
    Ok(i)
}

/// A new posting of employer `me`: with the uploaded video, or waiting for the AI video the
/// form requests (then queued for the district's admin).
/// Uploaded videos a company may keep before the district has verified it: enough to
/// prepare its postings, too few to use the server's converter as a free service.
pub const PENDING_VIDEO_MAX: usize = 3;

/// Refuses one more uploaded video from a company awaiting review that already keeps
/// `PENDING_VIDEO_MAX` (a replaced video of posting `replacing` does not count).
fn refuse_pending_upload(s: &Services, me: &User, replacing: Option<u64>) -> AppResult<()> {
    if me.review.status != crate::domain::review::EmployerStatus::Pending {
        return Ok(());
    }
    let kept = internships::by_employer(&s.store.read()?, me.id, true)?
        .iter()
        .filter(|i| Some(i.id) != replacing && !i.video.files().is_empty())
        .count();
    if kept >= PENDING_VIDEO_MAX {
        return Err(AppError::Forbidden(crate::t!(
            "your-company-is-awaiting-district-review-until",
            max = PENDING_VIDEO_MAX
        )));
    }
    Ok(())
}

pub async fn create(
    s: &Services,
    me: &User,
    input: PostingInput,
    files: Files,
    now: i64,
) -> AppResult<Internship> {
    let ai = input.ai_video_requested && files.video.is_none();
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
    if files.video.is_none() && !ai {
        return Err(AppError::bad_request(crate::t!(
            "please-attach-a-video-file-or-request"
        )));
    }
    if files.video.is_none() && files.captions.is_some() {
        return Err(AppError::bad_request(captions_need_video()));
    }
    if files.video.is_some() {
        refuse_pending_upload(s, me, None)?;
    }
    let (ingested, _) = take_media(&s.media, files).await?;
    i.video = match &ingested {
        Some(m) => m.video.clone(),
        None => Video::AiProcessing,
    };
    i.captions_rule = crate::domain::captions_rule::CaptionsRule::measured(
        ingested.as_ref().and_then(|m| m.sound),
    );
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let captions = s.media.caption_text(&i.video);
    let saved = commit_with_video(s, new_video.as_ref(), |w| {
        let places = screen_posting(w, &mut i, &captions)?;
        let i = internships::insert(w, i)?;
        sync_posting_hold(w, &i, &places)?;
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
        s.media.wake();
    }
    Ok(saved)
}

/// Employer `me` edits posting `id`: the form's fields, and a new video or captions when sent.
/// A new video ends the posting's AI-video request and voids a queued conversion of the old.
pub async fn update(
    s: &Services,
    me: &User,
    id: u64,
    input: PostingInput,
    files: Files,
    now: i64,
) -> AppResult<Internship> {
    let mut i = owned(&s.store.read()?, me, id)?;
    let was = i.deadline.clone();
    let confirmed = input.hazardous_duties_confirmed;
    input.apply(&mut i)?;
    refuse_past_deadline(&i, Some(&was))?;
    i.updated_at = now;
    if files.video.is_some() {
        refuse_pending_upload(s, me, Some(id))?;
    }
    let (ingested, captions_only) = take_media(&s.media, files).await?;
    let new_video = ingested.as_ref().map(|m| m.video.clone());
    let result = commit_with_video(s, new_video.as_ref(), |w| {
        // Re-read inside the transaction: the posting may have changed meanwhile (its video
        // converted by the worker, say), and only the form's fields and new files are ours.
        let fresh = owned(w, me, id)?;
        let old_video = fresh.video.clone();
        // What was heard, and whose word is on it, belong to the video they were about.
        i.captions_rule = match &ingested {
            Some(m) => crate::domain::captions_rule::CaptionsRule::measured(m.sound),
            None => fresh.captions_rule.clone(),
        };
        i.video = match (&new_video, &captions_only) {
            (Some(v), _) => v.clone(),
            (None, Some(c)) => crate::media::with_captions(&fresh.video, c.clone())
                .ok_or_else(|| AppError::bad_request(captions_need_video()))?,
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
        // Captions sent with the form are the English track from now on.
        let replaced_en =
            if i.video.captions().is_some() && i.video.captions() != old_video.captions() {
                crate::store::captions::drop_track(w, id, "en")?
            } else {
                None
            };
        let captions = crate::services::posting_screen::caption_text(&s.media, w, &i)?;
        let places = screen_posting(w, &mut i, &captions)?;
        w.put(&i)?;
        sync_posting_hold(w, &i, &places)?;
        if new_video.is_some() {
            // A job for the replaced upload is void; the new one (if any) takes its place.
            w.delete::<TranscodeJob>(id)?;
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
        Ok(((i.clone(), old_video, replaced_en), vec![i]))
    });
    let (saved, old_video, replaced_en) = match result {
        Ok(x) => x,
        Err(e) => {
            if let Some(c) = &captions_only {
                s.media.store.remove(c);
            }
            return Err(e);
        }
    };
    s.media.discard_replaced(&old_video, &saved.video);
    if let Some(f) = replaced_en {
        s.media.store.remove(&f);
    }
    if matches!(saved.video, Video::Transcoding(_)) {
        s.media.wake();
    }
    Ok(saved)
}

/// Archives the posting: it leaves the feed and search, while applications and their
/// messages stay readable by both sides.
pub fn archive(s: &Services, me: &User, id: u64, now: i64) -> AppResult<()> {
    s.write_postings(|w| {
        let mut i = owned(w, me, id)?;
        i.archived = true;
        i.updated_at = now;
        w.put(&i)?;
        Ok(((), vec![i]))
    })
}

/// Takes in the form's files: captions checked and stored, the video probed, given its poster
/// and rendition or queued (src/media). Returns the new video (None when none was sent) and,
/// when captions came without a video, their stored name. Nothing is left behind on error.
async fn take_media(
    media: &Pipeline,
    files: Files,
) -> AppResult<(Option<Ingested>, Option<String>)> {
    let captions = match files.captions {
        Some(c) => Some(media.keep_captions(c.into_incoming())?),
        None => None,
    };
    let Some(video) = files.video else {
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
    s: &Services,
    new_video: Option<&Video>,
    f: impl FnOnce(&Wtx) -> AppResult<(T, Vec<Internship>)>,
) -> AppResult<T> {
    let out = s.write_postings(f);
    if out.is_err()
        && let Some(v) = new_video
    {
        s.media.discard(v);
    }
    out
}
