//! The district's hazardous-duties screen of a posting (domain/hazards.rs holds the terms):
//! every text students see, the captions included; where each term matched; the system
//! report that holds a posting; and the screened fields as the admin reviews them.

use serde::Serialize;

use crate::clock::now_ms;
use crate::domain::hazards::{self, Place};
use crate::domain::reports::{Action, TargetKind};
use crate::error::AppResult;
use crate::media::Pipeline;
use crate::store::internships::{Internship, Requirements};
use crate::store::{Reader, Wtx, posting_screens, reports};

/// The screened texts: (key, the form's label). The key names a field in the JSON
/// (`heldPlaces[].field`), the label is shown in the reader's language.
const FIELDS: [(&str, &str); 13] = [
    ("title", "Title"),
    ("description", "Description"),
    ("requirements", "Requirements"),
    ("skills", "Skills"),
    ("benefits", "Benefits"),
    ("tags", "Tags"),
    ("location", "Location"),
    ("duration", "Duration"),
    ("pay", "Pay"),
    ("workStyle", "Work style"),
    ("ageRequirement", "Age requirement"),
    ("gradeRequirement", "Grade requirement"),
    ("captions", "Captions"),
];

/// The form's English label of a field key ("description" → "Description").
pub fn field_label(key: &str) -> &'static str {
    FIELDS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("Text", |(_, label)| label)
}

/// Every text of a posting that students see, with its field (empty ones included).
fn texts(i: &Internship, captions: &str) -> Vec<((&'static str, &'static str), String)> {
    let list = |l: &[String]| l.join(", ");
    let requirements = match &i.requirements {
        Requirements::Text(t) => t.clone(),
        Requirements::List(l) => l.join("\n"),
    };
    FIELDS
        .into_iter()
        .zip([
            i.title.clone(),
            i.description.clone(),
            requirements,
            list(&i.skills),
            list(&i.benefits),
            list(&i.tags),
            i.location.clone(),
            i.duration.clone(),
            i.salary.clone().unwrap_or_default(),
            i.work_style.clone(),
            i.age_requirement.clone(),
            i.grade_requirement.clone(),
            captions.trim().to_string(),
        ])
        .collect()
}

/// The words of every caption track's cues (store/captions.rs, and the form's older file
/// while there is no English track), one cue a line, for the screen.
pub fn caption_text(media: &Pipeline, r: &impl Reader, i: &Internship) -> AppResult<String> {
    let rows = crate::store::captions::get(r, i.id)?.tracks;
    let mut out = String::new();
    if !rows.iter().any(|t| t.lang == "en") {
        out.push_str(&media.caption_text(&i.video));
    }
    for t in rows {
        out.push('\n');
        out.push_str(&t.cue_text);
    }
    Ok(out)
}

/// Where a held term matched, for the employer and the admin: "'driving' matched “delivery
/// van” in the description".
#[derive(Serialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct PlaceView {
    pub term: String,
    /// The field's key ("description"; `FIELDS`).
    pub field: String,
    /// The field's label in the reader's language.
    pub field_label: String,
    /// The writer's own words that matched.
    pub text: String,
}

impl PlaceView {
    pub fn of(p: &Place) -> PlaceView {
        PlaceView {
            term: p.term.clone(),
            field: p.field.clone(),
            field_label: crate::i18n::tr(field_label(&p.field)).into_owned(),
            text: p.text.clone(),
        }
    }
}

/// "'driving' matched “delivery van” in the description" (English: the CLI's and the audit
/// log's line).
pub fn place_line(term: &str, text: &str, field: &str) -> String {
    format!(
        "'{term}' matched \u{201C}{text}\u{201D} in the {}",
        field_label(field).to_lowercase()
    )
}

/// Where the screen finds each term in a posting now: term by term (as `screen` names
/// them), then field by field.
pub fn places(i: &Internship, captions: &str) -> Vec<Place> {
    let mut out: Vec<Place> = texts(i, captions)
        .into_iter()
        .flat_map(|((key, _), text)| hazards::locate(key, &text))
        .collect();
    out.sort_by_key(|p| hazards::rank(&p.term));
    out
}

/// One marked stretch of a screened text: [start, end) in UTF-16 code units, as the
/// browser's strings count.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkView {
    pub term: String,
    pub start: usize,
    pub end: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldView {
    /// The field's key ("description").
    pub field: &'static str,
    /// In the reader's language (the screen's words, not the employer's).
    pub label: String,
    pub text: String,
    pub terms: Vec<String>,
    /// Where in `text` the screen found the terms.
    pub marks: Vec<MarkView>,
}

/// A posting's screened texts for the admin, each with the terms found in it and where.
pub fn screened_fields(i: &Internship, captions: &str) -> Vec<FieldView> {
    texts(i, captions)
        .into_iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|((key, label), text)| {
            let utf16 = |byte: usize| text[..byte].encode_utf16().count();
            let marks = hazards::marks(&text)
                .into_iter()
                .map(|(term, from, to)| MarkView {
                    term,
                    start: utf16(from),
                    end: utf16(to),
                })
                .collect();
            FieldView {
                field: key,
                label: crate::i18n::tr(label).into_owned(),
                terms: hazards::screen(&[&text]),
                marks,
                text,
            }
        })
        .collect()
}

/// Screens a posting's text for hazardous duties, setting `held_terms` (before saving), and
/// answers where the held terms matched (for `sync_posting_hold`). Terms the district
/// already released for this posting do not hold it again, nor does a term it marked a
/// false match while the mark covers where it matches (`FalseMatch::covers`).
pub fn screen_posting(
    r: &impl Reader,
    i: &mut Internship,
    captions: &str,
) -> AppResult<Vec<Place>> {
    let all = texts(i, captions);
    let refs: Vec<&str> = all.iter().map(|(_, t)| t.as_str()).collect();
    let mut terms = hazards::screen(&refs);
    let found = places(i, captions);
    if i.id != 0 && !terms.is_empty() {
        for rep in reports::about(r, TargetKind::Internship, i.id)? {
            let released = rep.reporter_id.is_none()
                && rep.resolution.as_ref().is_some_and(|x| {
                    // The note by key, or in English as stored before keys.
                    let note = crate::i18n::Lang::En.tr(&x.note);
                    x.action == Action::Release
                        && note != crate::i18n::Lang::En.write(&edited_away())
                        && note != crate::i18n::Lang::En.write(&all_false())
                });
            if released {
                terms.retain(|t| !rep.held_terms.contains(t));
            }
        }
        let marks = posting_screens::get(r, i.id)?.false_matches;
        terms.retain(|t| !marks.iter().any(|m| &m.term == t && m.covers(&found)));
    }
    i.held_terms = terms;
    // The district's other screen before a posting is saved: its captions rule.
    crate::services::caption_rule::apply(r, i)?;
    Ok(found
        .into_iter()
        .filter(|p| i.held_terms.contains(&p.term))
        .collect())
}

/// The note of a hold ended by an edit that took its terms away.
fn edited_away() -> crate::i18n::Text {
    crate::said!("the-employer-edited-the-text-nothing-hazardous")
}

/// The note of a hold ended by false-match marks (not a release of its terms for good).
pub fn all_false() -> crate::i18n::Text {
    crate::said!("every-term-that-held-the-posting-was")
}

/// After a screened posting is saved: keeps where its held terms matched, and opens (or
/// updates) its system report when held, and closes it when an edit took the terms away.
pub fn sync_posting_hold(w: &Wtx, i: &Internship, places: &[Place]) -> AppResult<()> {
    sync_hold_noted(w, i, places, &edited_away().encode())
}

/// `sync_posting_hold`, closing a hold that ended with `note`.
pub fn sync_hold_noted(w: &Wtx, i: &Internship, places: &[Place], note: &str) -> AppResult<()> {
    let now = now_ms();
    let mut row = posting_screens::get(w, i.id)?;
    row.places = places.to_vec();
    posting_screens::put(w, &row)?;
    if i.held_terms.is_empty() {
        reports::end_hold(w, TargetKind::Internship, i.id, Action::Release, note, now)?;
    } else {
        super::staff_alerts::hold(w, TargetKind::Internship, i.id, &i.held_terms, now)?;
    }
    Ok(())
}

/// Where the terms that hold a posting matched, as of its last screen (empty when nothing
/// holds it, or it was held before places were kept).
pub fn held_places(r: &impl Reader, i: &Internship) -> AppResult<Vec<PlaceView>> {
    if i.held_terms.is_empty() {
        return Ok(Vec::new());
    }
    Ok(posting_screens::get(r, i.id)?
        .places
        .iter()
        .filter(|p| i.held_terms.contains(&p.term))
        .map(PlaceView::of)
        .collect())
}
