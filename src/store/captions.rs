//! A posting's caption tracks, one per language, kept beside it (a table of its own, so the
//! postings' layout stays as it is). A captions file attached with the posting form before
//! tracks existed (`Media::captions`) counts as the English track while the posting has no
//! English row here.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct CaptionTracks {
    /// The posting's id.
    pub id: u64,
    /// At most one per language.
    pub tracks: Vec<CaptionTrack>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CaptionTrack {
    /// The language the employer declared ("en", "es").
    pub lang: String,
    /// The stored WebVTT file (clean form) in the media store.
    pub file: String,
    /// The words of its cues, one cue a line, for the district's screens.
    pub cue_text: String,
    pub updated_at: i64,
}

impl Entity for CaptionTracks {
    const TABLE: tables::EntityTable = tables::CAPTION_TRACKS;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn get(r: &impl Reader, internship_id: u64) -> StoreResult<CaptionTracks> {
    Ok(r.get(internship_id)?.unwrap_or(CaptionTracks {
        id: internship_id,
        tracks: Vec::new(),
    }))
}

/// Keeps the row, or removes it when it holds no track.
pub fn put(w: &Wtx, t: &CaptionTracks) -> StoreResult<()> {
    if t.tracks.is_empty() {
        w.delete::<CaptionTracks>(t.id)
    } else {
        w.put(t)
    }
}

/// Removes posting `id`'s track in `lang`; answers its file, to remove from the media store
/// once committed. The posting form's captions upload calls it for English, so the file it
/// sends is the English track.
pub fn drop_track(w: &Wtx, id: u64, lang: &str) -> StoreResult<Option<String>> {
    let mut row = get(w, id)?;
    let Some(at) = row.tracks.iter().position(|t| t.lang == lang) else {
        return Ok(None);
    };
    let gone = row.tracks.remove(at);
    put(w, &row)?;
    Ok(Some(gone.file))
}

/// Every stored file of every posting's tracks (backups, the sweep of unreferenced files).
pub fn all_files(r: &impl Reader) -> StoreResult<Vec<String>> {
    let mut out = Vec::new();
    r.each_rev(|t: CaptionTracks| {
        out.extend(t.tracks.into_iter().map(|x| x.file));
        true
    })?;
    Ok(out)
}
