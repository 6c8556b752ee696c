//! A posting's caption tracks, one per language the employer declares (store/captions.rs):
//! put and delete for the posting's employer (or the district admin, who makes AI videos),
//! and the list a player offers (the words the
//! district's screen reads: `posting_screen::caption_text`). A track is checked and cleaned (media/webvtt.rs), stored through
//! the media store, and committed with the posting's screen verdict in one transaction; the
//! new file is removed again when the commit fails, a replaced one after it succeeds.

use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::infra::Services;
use crate::media::webvtt;
use crate::services::posting_screen::{caption_text, screen_posting, sync_posting_hold};
use crate::services::postings::owned;
use crate::store::captions::{self, CaptionTrack};
use crate::store::internships::{Internship, Video};
use crate::store::users::User;
use crate::store::{Reader, Wtx};

fn needs_video() -> String {
    crate::t!("captions-can-be-added-once-the-posting")
}
fn no_track() -> String {
    crate::t!("this-posting-has-no-captions-in-that")
}

/// Who writes a posting's captions: its employer, or the district admin (who made its AI
/// video, say).
#[derive(Clone, Copy)]
pub enum Editor<'a> {
    Employer(&'a User),
    District,
}

/// The posting `who` may caption: its employer's own, or any the district keeps (not deleted).
pub fn editable(r: &impl Reader, who: Editor, id: u64) -> AppResult<Internship> {
    match who {
        Editor::Employer(me) => owned(r, me, id),
        Editor::District => r
            .get::<Internship>(id)?
            .filter(|i| !i.archived)
            .ok_or_else(|| AppError::NotFound(crate::t!("captions-rule-posting-not-found"))),
    }
}

/// A track as the posting's JSON lists it.
#[derive(Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct TrackView {
    pub lang: &'static str,
    pub url: String,
}

/// The language code of a track, or the refusal naming the codes there are.
fn language(code: &str) -> AppResult<&'static str> {
    Lang::ALL
        .iter()
        .map(|l| l.code())
        .find(|c| *c == code)
        .ok_or_else(|| {
            let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            AppError::BadRequest(crate::t!(
                "captions-can-be-in-these-languages-codes",
                codes = codes.join(", ")
            ))
        })
}

/// The posting's tracks, in the product's language order (English first): the rows of
/// store/captions.rs, and the form's older single captions file as the English track while
/// there is no English row.
pub fn tracks(r: &impl Reader, i: &Internship) -> AppResult<Vec<TrackView>> {
    let rows = captions::get(r, i.id)?.tracks;
    let mut out = Vec::new();
    for lang in Lang::ALL.iter().map(|l| l.code()) {
        let file = rows
            .iter()
            .find(|t| t.lang == lang)
            .map(|t| t.file.as_str())
            .or_else(|| i.video.captions().filter(|_| lang == "en"));
        if let Some(f) = file {
            out.push(TrackView {
                lang,
                url: format!("/api/captions/{f}"),
            });
        }
    }
    Ok(out)
}

/// Removes the form's older captions file from a video (it becomes a track's business);
/// answers its name.
fn drop_form_captions(video: &mut Video) -> Option<String> {
    match video {
        Video::Transcoding(m) | Video::Ready(m) => m.captions.take(),
        Video::Failed(f) => f.captions.take(),
        _ => None,
    }
}

/// `who` sets posting `id`'s captions in `lang` to the WebVTT `vtt`: checked against the
/// video's length, cleaned, stored, screened and committed together. Answers the posting.
pub async fn put(
    s: &Services,
    who: Editor<'_>,
    id: u64,
    lang: &str,
    vtt: &str,
    now: i64,
) -> AppResult<Internship> {
    let i = editable(&s.store.read()?, who, id)?;
    let lang = language(lang)?;
    if matches!(i.video, Video::AiProcessing | Video::None) {
        return Err(AppError::bad_request(needs_video()));
    }
    let duration = i.video.duration_ms().map(u64::from);
    let cues = webvtt::clean(vtt.as_bytes(), duration).map_err(AppError::BadRequest)?;
    let cue_text = cues
        .iter()
        .map(|c| c.plain.replace('\n', " "))
        .collect::<Vec<_>>()
        .join("\n");
    let file = s.media.keep_text(webvtt::render(&cues), "vtt").await?;
    let result = s.write_postings(|w| {
        // Re-read inside the transaction: the video may have changed meanwhile.
        let mut i = editable(w, who, id)?;
        if matches!(i.video, Video::AiProcessing | Video::None) {
            return Err(AppError::bad_request(needs_video()));
        }
        if i.video.duration_ms().map(u64::from) != duration {
            webvtt::clean(vtt.as_bytes(), i.video.duration_ms().map(u64::from))
                .map_err(AppError::BadRequest)?;
        }
        let mut removed: Vec<String> = captions::drop_track(w, id, lang)?.into_iter().collect();
        if lang == "en" {
            removed.extend(drop_form_captions(&mut i.video));
        }
        let mut row = captions::get(w, id)?;
        row.tracks.push(CaptionTrack {
            lang: lang.to_string(),
            file: file.clone(),
            cue_text: cue_text.clone(),
            updated_at: now,
        });
        captions::put(w, &row)?;
        let saved = rescreen(s, w, i, now)?;
        Ok(((saved.clone(), removed), vec![saved]))
    });
    match result {
        Ok((saved, removed)) => {
            for f in removed {
                s.media.store.remove(&f);
            }
            Ok(saved)
        }
        Err(e) => {
            s.media.store.remove(&file);
            Err(e)
        }
    }
}

/// `who` removes posting `id`'s captions in `lang` (English includes the form's older
/// captions file). Answers the posting.
pub fn delete(
    s: &Services,
    who: Editor<'_>,
    id: u64,
    lang: &str,
    now: i64,
) -> AppResult<Internship> {
    editable(&s.store.read()?, who, id)?;
    let lang = language(lang)?;
    let (saved, removed) = s.write_postings(|w| {
        let mut i = editable(w, who, id)?;
        let mut removed: Vec<String> = captions::drop_track(w, id, lang)?.into_iter().collect();
        if lang == "en" {
            removed.extend(drop_form_captions(&mut i.video));
        }
        if removed.is_empty() {
            return Err(AppError::not_found(no_track()));
        }
        let saved = rescreen(s, w, i, now)?;
        Ok(((saved.clone(), removed), vec![saved]))
    })?;
    for f in removed {
        s.media.store.remove(&f);
    }
    Ok(saved)
}

/// Screens the posting with its tracks as they now are and saves it with the verdict.
fn rescreen(s: &Services, w: &Wtx, mut i: Internship, now: i64) -> AppResult<Internship> {
    i.updated_at = now;
    let text = caption_text(&s.media, w, &i)?;
    let places = screen_posting(w, &mut i, &text)?;
    w.put(&i)?;
    sync_posting_hold(w, &i, &places)?;
    Ok(i)
}
