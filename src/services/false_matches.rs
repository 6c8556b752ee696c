//! A district admin's word that the hazardous-duties screen held a posting by mistake for
//! one term ("'driving' matched “delivery network”"): the mark, kept with the posting
//! (store/posting_screens.rs) with the places it covers, audited; the posting re-screened
//! without that term, so with nothing else holding it it goes live (or waits for the
//! employer's verification) the normal way. Later edits are screened normally; the mark keeps
//! covering the term only where it matched when marked (`FalseMatch::covers`, docs in
//! README's "Safety").

use crate::clock::now_ms;
use crate::domain::hazards::FalseMatch;
use crate::domain::reports::TargetKind;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::store::Reader;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::posting_screens;
use crate::store::reports::Report;

use super::posting_screen;
use super::reports::{self, ReportView};

fn not_held() -> String {
    crate::t!("only-a-posting-held-by-the-hazardous")
}

/// Marks `term` a false match of the posting that the open system report `report_id` holds.
/// Who may is the route's business (a district admin); what is checked here, in the
/// transaction that changes it: the report holds a posting, is open, and holds it for `term`.
pub fn mark(s: &Services, report_id: u64, term: &str, actor: Actor) -> AppResult<ReportView> {
    let term = term.trim().to_string();
    if term.is_empty() {
        return Err(AppError::bad_request(crate::t!(
            "please-choose-the-term-that-matched-by"
        )));
    }
    s.write_postings(|w| {
        let rep = w
            .get::<Report>(report_id)?
            .ok_or_not_found(crate::t!("report-not-found"))?;
        if rep.reporter_id.is_some() || rep.target != TargetKind::Internship {
            return Err(AppError::bad_request(not_held()));
        }
        if rep.resolution.is_some() {
            return Err(AppError::Conflict(crate::t!(
                "this-report-is-already-resolved"
            )));
        }
        let mut i = w
            .get::<Internship>(rep.target_id)?
            .ok_or_not_found(crate::t!("report-not-found"))?;
        if !i.held_terms.contains(&term) {
            return Err(AppError::bad_request(crate::t!(
                "this-posting-is-not-held-for-term",
                term = term
            )));
        }
        let captions = super::posting_screen::caption_text(&s.media, w, &i)?;
        let now = now_ms();
        let marked: Vec<_> = posting_screen::places(&i, &captions)
            .into_iter()
            .filter(|p| p.term == term)
            .collect();
        let mut row = posting_screens::get(w, i.id)?;
        row.false_matches.retain(|m| m.term != term);
        row.false_matches.push(FalseMatch {
            term: term.clone(),
            places: marked.clone(),
            at: now,
        });
        posting_screens::put(w, &row)?;
        let places = posting_screen::screen_posting(w, &mut i, &captions)?;
        w.put(&i)?;
        posting_screen::sync_hold_noted(w, &i, &places, &posting_screen::all_false().encode())?;
        audit::append(
            w,
            now,
            actor,
            Event::HazardFalseMatch {
                report: report_id,
                term: term.clone(),
                places: marked
                    .iter()
                    .map(|p| posting_screen::place_line(&p.term, &p.text, &p.field))
                    .collect::<Vec<_>>()
                    .join("; "),
            },
            ("internship", Some(i.id)),
            None,
        )?;
        tracing::info!(report = report_id, internship = i.id, term = %term, "false match marked");
        Ok(((), vec![i]))
    })?;
    let r = s.store.read()?;
    let rep = r
        .get::<Report>(report_id)?
        .ok_or_not_found(crate::t!("report-not-found"))?;
    reports::view(s, &r, &rep)
}
