//! The district's hazardous-duties screen of a posting (domain/hazards.rs holds the terms):
//! every text students see, the captions included; the system report that holds a posting;
//! and the screened fields as the admin reviews them.

use serde::Serialize;

use crate::clock::now_ms;
use crate::domain::hazards;
use crate::domain::reports::{Action, TargetKind};
use crate::error::AppResult;
use crate::store::internships::{Internship, Requirements};
use crate::store::{Reader, Wtx, reports};

/// Every text of a posting that students see, by the form's labels (empty ones included).
fn texts(i: &Internship, captions: &str) -> Vec<(&'static str, String)> {
    let list = |l: &[String]| l.join(", ");
    let requirements = match &i.requirements {
        Requirements::Text(t) => t.clone(),
        Requirements::List(l) => l.join("\n"),
    };
    vec![
        ("Title", i.title.clone()),
        ("Description", i.description.clone()),
        ("Requirements", requirements),
        ("Skills", list(&i.skills)),
        ("Benefits", list(&i.benefits)),
        ("Tags", list(&i.tags)),
        ("Location", i.location.clone()),
        ("Duration", i.duration.clone()),
        ("Pay", i.salary.clone().unwrap_or_default()),
        ("Work style", i.work_style.clone()),
        ("Age requirement", i.age_requirement.clone()),
        ("Grade requirement", i.grade_requirement.clone()),
        ("Captions", captions.trim().to_string()),
    ]
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldView {
    /// In the reader's language (the screen's words, not the employer's).
    pub label: String,
    pub text: String,
    pub terms: Vec<String>,
}

/// A posting's screened texts for the admin, each with the terms found in it.
pub fn screened_fields(i: &Internship, captions: &str) -> Vec<FieldView> {
    texts(i, captions)
        .into_iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(label, text)| FieldView {
            label: crate::i18n::tr(label).into_owned(),
            terms: hazards::screen(&[&text]),
            text,
        })
        .collect()
}

/// Screens a posting's text for hazardous duties, setting `held_terms` (before saving). Terms
/// the district already released for this posting do not hold it again.
pub fn screen_posting(r: &impl Reader, i: &mut Internship, captions: &str) -> AppResult<()> {
    let all = texts(i, captions);
    let refs: Vec<&str> = all.iter().map(|(_, t)| t.as_str()).collect();
    let mut terms = hazards::screen(&refs);
    if i.id != 0 && !terms.is_empty() {
        for rep in reports::about(r, TargetKind::Internship, i.id)? {
            let released = rep.reporter_id.is_none()
                && rep
                    .resolution
                    .as_ref()
                    .is_some_and(|x| x.action == Action::Release && x.note != EDITED_AWAY);
            if released {
                terms.retain(|t| !rep.held_terms.contains(t));
            }
        }
    }
    i.held_terms = terms;
    Ok(())
}

const EDITED_AWAY: &str = "The employer edited the text; nothing hazardous is mentioned any more.";

/// After a screened posting is saved: opens (or updates) its system report when held, and
/// closes it when an edit took the terms away.
pub fn sync_posting_hold(w: &Wtx, i: &Internship) -> AppResult<()> {
    let now = now_ms();
    if i.held_terms.is_empty() {
        reports::end_hold(
            w,
            TargetKind::Internship,
            i.id,
            Action::Release,
            EDITED_AWAY,
            now,
        )?;
    } else {
        reports::hold(w, TargetKind::Internship, i.id, &i.held_terms, now)?;
    }
    Ok(())
}
