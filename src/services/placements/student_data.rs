//! What a student's data export and account deletion do to their placements.

use crate::domain::placements::State;
use crate::error::AppResult;
use crate::store::placements::{self, EntryStatus, Placement};
use crate::store::{Reader, Wtx};

/// A student's placements for their data export: details, guardian, signatures, hours,
/// evaluations and reflection.
pub fn export(r: &impl Reader, student_id: u64) -> AppResult<serde_json::Value> {
    use serde_json::json;
    let mut out = Vec::new();
    for p in placements::of_student(r, student_id)? {
        let entries: Vec<serde_json::Value> = placements::entries(r, p.id)?
            .iter()
            .map(|e| {
                json!({"date": crate::domain::placements::date_str(e.date), "hours": e.hours(), "note": e.note,
                       "status": match &e.status { EntryStatus::Waiting => "waiting", EntryStatus::Approved => "approved", EntryStatus::Returned { .. } => "returned" }})
            })
            .collect();
        out.push(json!({
            "id": p.id, "applicationId": p.application_id, "state": p.state.as_str(),
            "startDate": p.start.map(crate::domain::placements::date_str), "endDate": p.end.map(crate::domain::placements::date_str),
            "worksite": p.worksite, "schedule": p.schedule, "plannedHours": p.planned_hours, "paid": p.paid,
            "supervisor": {"name": p.supervisor.name, "title": p.supervisor.title},
            "guardian": p.guardian.as_ref().map(|g| json!({"name": g.name, "relationship": g.relationship, "email": g.email, "phone": g.phone})),
            "signatures": p.signatures.iter().map(|s| json!({"party": s.party.as_str(), "name": s.name, "signedAt": crate::clock::rfc3339(s.at), "agreementSha256": super::hex(&s.sha256)})).collect::<Vec<_>>(),
            "hours": entries,
            "evaluations": p.evaluations.iter().map(|e| json!({"kind": e.kind.as_str(), "scores": e.scores.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(), "comments": e.comments})).collect::<Vec<_>>(),
            "reflection": p.reflection.as_ref().map(|(t, _)| t.clone()),
        }));
    }
    Ok(serde_json::Value::Array(out))
}

/// A deleted student's placements: a completed one stays, de-identified (school, grade,
/// employer, posting, dates, approved hours: the district's counts); the others go, with
/// their hours. Names, contact data and free text go in both cases.
pub fn forget_student(w: &Wtx, student_id: u64) -> AppResult<()> {
    for mut p in placements::of_student(w, student_id)? {
        w.pair_remove(
            crate::store::tables::PLACEMENTS_BY_STUDENT,
            (student_id, p.id),
        )?;
        let entries = placements::entries(w, p.id)?;
        // The coordinator's notes and ticks name people: they go with the student; the
        // career cluster stays with a completed placement's counts.
        let record = placements::record(w, p.id)?;
        w.delete::<crate::store::placements::PlacementRecord>(p.id)?;
        if p.state == State::Completed && record.cluster.is_some() {
            w.put(&crate::store::placements::PlacementRecord {
                placement_id: p.id,
                cluster: record.cluster,
                ..Default::default()
            })?;
        }
        if p.state != State::Completed {
            for e in &entries {
                placements::delete_entry(w, e)?;
            }
            w.pair_remove(
                crate::store::tables::PLACEMENTS_BY_EMPLOYER,
                (p.employer_id, p.id),
            )?;
            w.key_remove("placement-application", &p.application_id.to_string())?;
            p.guardian_link = None;
            placements::save(w, &p)?;
            placements::unfreeze_text(w, p.id)?;
            w.delete::<Placement>(p.id)?;
            continue;
        }
        // The frozen text names the student and the guardian; the ids would lead back to them.
        placements::unfreeze_text(w, p.id)?;
        w.key_remove("placement-application", &p.application_id.to_string())?;
        p.student_id = 0;
        p.application_id = 0;
        for mut e in entries {
            e.note.clear();
            placements::put_entry(w, e)?;
        }
        p.deidentified = true;
        p.guardian = None;
        p.guardian_declined = None;
        p.reflection = None;
        for e in &mut p.evaluations {
            e.comments.clear();
        }
        for s in &mut p.signatures {
            s.name.clear();
            s.ip.clear();
            s.user_agent.clear();
        }
        p.history.clear();
        placements::save(w, &p)?;
    }
    Ok(())
}
