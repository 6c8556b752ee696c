//! The district's captions rule (domain/captions_rule.rs; `settings set captions-required`)
//! kept in step on each posting: `apply` before a posting is saved (the screens call it), the
//! employer's "this video has no speech", the admin's list of postings waiting for captions
//! and the admin's review that lets one go live, and every posting again when the setting
//! changes.

use serde::Serialize;

use crate::clock::rfc3339;
use crate::domain::captions_rule::{Confirmation, Sound, confirmation};
use crate::error::{AppError, AppResult};
use crate::infra::Services;
use crate::services::settings;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::{Internship, Video};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, captions};

/// The setting's key.
pub const SETTING: &str = "captions-required";

/// The rule is on: `captions-required on` (set when a data directory is created,
/// `store::meta::new_directory_defaults`; a directory from before the rule has no value: off).
pub fn required(r: &impl Reader) -> StoreResult<bool> {
    Ok(settings::get(r, SETTING)?.as_deref() == Some("on"))
}

/// Whether the posting has captions in at least one language (a track, or the form's older
/// captions file).
pub fn has_captions(r: &impl Reader, i: &Internship) -> StoreResult<bool> {
    if i.video.captions().is_some() {
        return Ok(true);
    }
    Ok(i.id != 0 && !captions::get(r, i.id)?.tracks.is_empty())
}

/// Sets whether the rule holds `i`, from the setting, its tracks and what was heard (before
/// it is saved).
pub fn apply(r: &impl Reader, i: &mut Internship) -> StoreResult<()> {
    let waiting = !matches!(i.video, Video::None | Video::AiProcessing)
        && i.captions_rule.waits(required(r)?, has_captions(r, i)?);
    i.captions_rule.waiting = waiting;
    Ok(())
}

/// The rule as the posting's JSON shows it, while it holds the posting or someone's word is
/// on it.
#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct RuleView {
    /// `no_audio`, `silent`, `brief` or `sustained` (None: not measured).
    pub sound: Option<&'static str>,
    /// Seconds of speech-level sound heard.
    pub loud_seconds: f64,
    /// The rule holds the posting.
    pub waiting: bool,
    /// The employer confirmed the video has no speech.
    pub no_speech_confirmed: bool,
    /// The employer confirmed, and the district reviews the clip (sustained sound).
    pub review_asked: bool,
    /// The district admin reviewed it and let it go live without captions.
    pub cleared_by_district: bool,
}

pub fn view(i: &Internship) -> Option<RuleView> {
    let rule = &i.captions_rule;
    if !rule.waiting && rule.no_speech_at.is_none() && rule.cleared_at.is_none() {
        return None;
    }
    Some(RuleView {
        sound: rule.sound.map(Sound::as_str),
        loud_seconds: (f64::from(rule.loud_ms) / 100.0).round() / 10.0,
        waiting: rule.waiting,
        no_speech_confirmed: rule.no_speech_at.is_some(),
        review_asked: rule.review_asked(),
        cleared_by_district: rule.cleared_at.is_some(),
    })
}

/// Employer `me` confirms posting `id`'s video has no speech: enough for a clip with brief
/// sound (or none); a clip with sustained speech-level sound waits for the admin's review.
pub fn confirm_no_speech(
    s: &Services,
    me: &User,
    id: u64,
    now: i64,
) -> AppResult<(Internship, Confirmation)> {
    s.write_postings(|w| {
        let mut i = owned(w, me, id)?;
        if matches!(i.video, Video::None | Video::AiProcessing) {
            return Err(AppError::BadRequest(crate::t!(
                "captions-rule-no-video-to-confirm"
            )));
        }
        let outcome = confirmation(i.captions_rule.sound);
        i.captions_rule.no_speech_at = Some(now);
        i.updated_at = now;
        apply(w, &mut i)?;
        w.put(&i)?;
        Ok(((i.clone(), outcome), vec![i]))
    })
}

/// Posting `id` of employer `me` (services/postings.rs's `owned`, which uses this module).
fn owned(r: &impl Reader, me: &User, id: u64) -> AppResult<Internship> {
    let i = r
        .get::<Internship>(id)?
        .filter(|i| !i.archived)
        .ok_or_else(|| AppError::NotFound(crate::t!("captions-rule-posting-not-found")))?;
    if i.employer_id != me.id {
        return Err(AppError::Forbidden(crate::t!(
            "this-posting-belongs-to-another-employer"
        )));
    }
    Ok(i)
}

/// A posting waiting for captions, as the admin's review lists it.
#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct WaitingView {
    pub id: u64,
    pub title: String,
    pub company: String,
    pub employer_id: u64,
    pub sound: Option<&'static str>,
    pub loud_seconds: f64,
    /// The employer confirmed the video has no speech and asks for the review.
    pub review_asked: bool,
    /// Since the posting last changed.
    pub updated_at: String,
    /// Why else it is not live, if something else holds it too (`held_for_review`, ...).
    pub visibility: &'static str,
    pub video_url: Option<String>,
    pub poster_url: Option<String>,
    pub video_duration: Option<f64>,
}

/// Every posting the rule holds: those whose employer asks for the review first, then the
/// longest waiting.
pub fn waiting(r: &impl Reader) -> AppResult<Vec<WaitingView>> {
    let mut out: Vec<(bool, i64, WaitingView)> = Vec::new();
    r.each_rev(|i: Internship| {
        if i.captions_rule.waiting && !i.archived {
            out.push((
                !i.captions_rule.review_asked(),
                i.updated_at,
                WaitingView {
                    id: i.id,
                    title: i.title.clone(),
                    company: i.company.clone(),
                    employer_id: i.employer_id,
                    sound: i.captions_rule.sound.map(Sound::as_str),
                    loud_seconds: (f64::from(i.captions_rule.loud_ms) / 100.0).round() / 10.0,
                    review_asked: i.captions_rule.review_asked(),
                    updated_at: rfc3339(i.updated_at),
                    visibility: i.visibility().as_str(),
                    video_url: crate::media::files::video_url(&i.video),
                    poster_url: i.video.poster().map(|p| format!("/api/posters/{p}")),
                    video_duration: i
                        .video
                        .duration_ms()
                        .map(|ms| (f64::from(ms) / 100.0).round() / 10.0),
                },
            ));
        }
        true
    })?;
    out.sort_by_key(|(later, at, v)| (*later, *at, v.id));
    Ok(out.into_iter().map(|(_, _, v)| v).collect())
}

/// The district admin heard posting `id`'s video and lets it go live without captions.
pub fn clear(s: &Services, id: u64, actor: Actor, now: i64) -> AppResult<Internship> {
    s.write_postings(|w| {
        let mut i = w
            .get::<Internship>(id)?
            .filter(|i| !i.archived)
            .ok_or_else(|| AppError::NotFound(crate::t!("captions-rule-posting-not-found")))?;
        if !i.captions_rule.waiting {
            return Err(AppError::Conflict(crate::t!(
                "captions-rule-posting-does-not-wait"
            )));
        }
        i.captions_rule.cleared_at = Some(now);
        apply(w, &mut i)?;
        w.put(&i)?;
        audit::append(
            w,
            now,
            actor,
            Event::CaptionsCleared,
            ("internship", Some(id)),
            Some(i.employer_id),
        )?;
        Ok((i.clone(), vec![i]))
    })
}

/// After the setting changed: every posting held or let go as the rule now says. Answers
/// how many wait.
pub fn apply_to_all(s: &Services) -> AppResult<usize> {
    s.write_postings(|w| {
        let mut changed = Vec::new();
        let mut all = Vec::new();
        w.each_rev(|i: Internship| {
            all.push(i);
            true
        })?;
        let mut waiting = 0;
        for mut i in all {
            let was = i.captions_rule.waiting;
            apply(w, &mut i)?;
            waiting += usize::from(i.captions_rule.waiting && !i.archived);
            if i.captions_rule.waiting != was {
                w.put(&i)?;
                changed.push(i);
            }
        }
        Ok::<_, AppError>((waiting, changed))
    })
}
