//! The school's record of a placement, what a coordinator kept on paper beside it: the career
//! cluster it is filed under, the district's worksite safety checklist ticked with who and
//! when, and the worksite visits (date, by whom, notes). The school reads and writes it.

use serde::Serialize;
use time::Date;

use crate::domain::placements::records::{
    DEFAULT_CHECKLIST, DEFAULT_CHECKLIST_KEYS, DEFAULT_CLUSTER_KEYS, DEFAULT_CLUSTERS, default_key,
};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::placements::{self, Placement, PlacementRecord, Visit};
use crate::store::{Reader, StoreResult, Wtx};
use crate::validate::Checks;

use super::agreement::audit_change;
use super::{Who, today, visible};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub cluster: Option<String>,
    /// The district's clusters to choose from.
    pub clusters: Vec<String>,
    /// Each of `clusters` in the reader's language (a district's own words as written).
    pub cluster_labels: Vec<String>,
    pub checklist: Vec<CheckItem>,
    pub visits: Vec<VisitView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckItem {
    pub item: String,
    /// `item` in the reader's language (a district's own words as written).
    pub label: String,
    pub done: bool,
    pub by: Option<String>,
    pub at: Option<i64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VisitView {
    pub date: String,
    pub by: String,
    pub notes: String,
}

/// A list's item in the reader's language: a default by its key, a district's own as written.
fn label_of(item: &str, defaults: &[&str], keys: &[&'static str]) -> String {
    match default_key(item, defaults, keys) {
        Some(key) => crate::i18n::current().write(&crate::i18n::Text::new(key)),
        None => item.to_string(),
    }
}

/// `label_of` as a stored text's argument: a default by its key, a district's own as written.
fn label_value(item: &str, defaults: &[&str], keys: &[&'static str]) -> crate::i18n::Value {
    match default_key(item, defaults, keys) {
        Some(key) => crate::i18n::Value::Text(Box::new(crate::i18n::Text::new(key))),
        None => crate::i18n::Value::Plain(item.to_string()),
    }
}

/// The record as the school reads it (None for the student and the employer).
pub fn view(r: &impl Reader, p: &Placement, who: &Who) -> StoreResult<Option<RecordView>> {
    if !matches!(who, Who::School { .. }) {
        return Ok(None);
    }
    let rec = placements::record(r, p.id)?;
    let checklist = crate::services::settings::safety_checklist(r)?
        .into_iter()
        .map(|item| {
            let tick = rec.checklist.iter().find(|(i, _, _)| *i == item);
            CheckItem {
                label: label_of(&item, &DEFAULT_CHECKLIST, &DEFAULT_CHECKLIST_KEYS),
                done: tick.is_some(),
                by: tick.map(|(_, by, _)| by.clone()),
                at: tick.map(|(_, _, at)| *at),
                item,
            }
        })
        .collect();
    let clusters = crate::services::settings::career_clusters(r)?;
    Ok(Some(RecordView {
        cluster: rec.cluster.clone(),
        cluster_labels: clusters
            .iter()
            .map(|c| label_of(c, &DEFAULT_CLUSTERS, &DEFAULT_CLUSTER_KEYS))
            .collect(),
        clusters,
        checklist,
        visits: rec
            .visits
            .iter()
            .map(|v| VisitView {
                date: crate::domain::placements::date_str(v.date),
                by: v.by.clone(),
                notes: v.notes.clone(),
            })
            .collect(),
    }))
}

/// Who at the school acts: a named staff member's name, or "" for the district pin (each
/// reader's page names that in its language).
fn school_name(r: &impl Reader, who: &Who) -> AppResult<String> {
    match who {
        Who::School {
            actor: Actor::Staff(id),
            ..
        } => Ok(r
            .get::<crate::store::staff::Staff>(*id)?
            .map(|m| m.name)
            .unwrap_or_default()),
        Who::School { .. } => Ok(String::new()),
        _ => Err(AppError::Forbidden(crate::t!(
            "only-the-school-keeps-the-placement-s"
        ))),
    }
}

fn load(w: &Wtx, who: &Who, id: u64) -> AppResult<(Placement, PlacementRecord, String)> {
    let p = visible(w, id, who)?;
    let by = school_name(w, who)?;
    if p.deidentified {
        return Err(AppError::Conflict(crate::t!(
            "this-placement-s-record-was-de-identified"
        )));
    }
    let rec = placements::record(w, id)?;
    Ok((p, rec, by))
}

/// The school files the placement under a career cluster of the district's list (empty: none).
pub fn set_cluster(w: &Wtx, who: &Who, id: u64, cluster: &str, now: i64) -> AppResult<Placement> {
    let (p, mut rec, _) = load(w, who, id)?;
    let cluster = cluster.trim();
    if !cluster.is_empty()
        && !crate::services::settings::career_clusters(w)?
            .iter()
            .any(|c| c == cluster)
    {
        let mut c = Checks::new();
        c.fail(
            "cluster",
            &crate::t!("choose-a-career-cluster-from-the-district"),
        );
        c.finish()?;
    }
    rec.cluster = (!cluster.is_empty()).then(|| cluster.to_string());
    w.put(&rec)?;
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        crate::i18n::Text::new("by-filed-the-placement-under-cluster")
            .arg(
                "cluster",
                label_value(cluster, &DEFAULT_CLUSTERS, &DEFAULT_CLUSTER_KEYS),
            )
            .encode(),
    )?;
    Ok(p)
}

/// The school ticks (or unticks) an item of the district's safety checklist.
pub fn tick(w: &Wtx, who: &Who, id: u64, item: &str, done: bool, now: i64) -> AppResult<Placement> {
    let (p, mut rec, by) = load(w, who, id)?;
    if !crate::services::settings::safety_checklist(w)?
        .iter()
        .any(|i| i == item)
    {
        let mut c = Checks::new();
        c.fail("item", &crate::t!("that-item-is-not-on-the-district"));
        c.finish()?;
    }
    rec.checklist.retain(|(i, _, _)| i != item);
    if done {
        rec.checklist.push((item.to_string(), by, now));
    }
    w.put(&rec)?;
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        crate::i18n::Text::new(if done {
            "by-ticked-the-safety-item-item"
        } else {
            "by-unticked-the-safety-item-item"
        })
        .arg(
            "item",
            label_value(item, &DEFAULT_CHECKLIST, &DEFAULT_CHECKLIST_KEYS),
        )
        .encode(),
    )?;
    Ok(p)
}

/// The school records a worksite visit: its day (not in the future) and notes.
pub fn add_visit(
    w: &Wtx,
    who: &Who,
    id: u64,
    date: &str,
    notes: &str,
    now: i64,
) -> AppResult<Placement> {
    let (p, mut rec, by) = load(w, who, id)?;
    let notes = crate::validate::clean(notes);
    let day = Date::parse(
        date.trim(),
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .ok();
    let today = today(w, now)?;
    let mut c = Checks::new();
    c.check(
        "date",
        day.is_some(),
        &crate::t!("please-choose-the-day-of-the-visit"),
    );
    c.check(
        "date",
        day.is_none_or(|d| d <= today),
        &crate::t!("a-visit-is-recorded-once-it-happened"),
    );
    c.required(
        "notes",
        &notes,
        &crate::t!("say-what-you-saw-and-discussed"),
    )
    .max_len("notes", &notes, 2000);
    c.finish()?;
    let Some(date) = day else {
        return Err(AppError::bad_request(crate::t!(
            "please-choose-the-day-of-the-visit"
        )));
    };
    rec.visits.push(Visit {
        date,
        by: by.clone(),
        notes,
        at: now,
    });
    rec.visits.sort_by_key(|v| v.date);
    w.put(&rec)?;
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        crate::i18n::Text::new("by-recorded-a-worksite-visit-on-date")
            .arg("date", date.to_string())
            .encode(),
    )?;
    Ok(p)
}
