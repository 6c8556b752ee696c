//! The district's work-based-learning program in figures (placements by state, school,
//! grade and interest area; approved hours; employers hosting; completion rate), and the
//! student-level record states collect, as CSV.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::domain::placements::{EvaluationKind, State};
use crate::error::AppResult;
use crate::store::Reader;
use crate::store::internships::Internship;
use crate::store::placements::{self, Placement};
use crate::store::users::User;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SchoolRow {
    pub school: String,
    pub placements: usize,
    pub completed: usize,
    pub approved_hours: f64,
}

#[derive(Serialize)]
pub struct Count {
    pub name: String,
    pub n: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Program {
    pub placements: usize,
    pub by_state: BTreeMap<&'static str, usize>,
    pub by_school: Vec<SchoolRow>,
    pub by_grade: Vec<Count>,
    pub by_interest: Vec<Count>,
    pub approved_hours: f64,
    pub employers_hosting: usize,
    /// Completed among the placements that ended (completed or ended early); 0 when none.
    pub completion_rate: f64,
}

fn in_scope(p: &Placement, scope: Option<&str>) -> bool {
    scope.is_none_or(|s| super::students::same_school(&p.school, s))
}

fn approved_hours(r: &impl Reader, p: &Placement) -> AppResult<f64> {
    Ok(super::placements::totals(&placements::entries(r, p.id)?).approved)
}

fn interest(r: &impl Reader, p: &Placement) -> AppResult<String> {
    Ok(r.get::<Internship>(p.internship_id)?
        .map(|i| i.industry)
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "Other".into()))
}

fn counted(map: BTreeMap<String, usize>) -> Vec<Count> {
    map.into_iter().map(|(name, n)| Count { name, n }).collect()
}

/// The figures of every placement (or one school's).
pub fn figures(r: &impl Reader, scope: Option<&str>) -> AppResult<Program> {
    let all: Vec<Placement> = placements::all(r)?
        .into_iter()
        .filter(|p| in_scope(p, scope))
        .collect();
    let mut by_state: BTreeMap<&'static str, usize> =
        State::ALL.iter().map(|s| (s.as_str(), 0)).collect();
    let mut schools: BTreeMap<String, SchoolRow> = BTreeMap::new();
    let mut grades = BTreeMap::new();
    let mut interests = BTreeMap::new();
    let mut employers = std::collections::HashSet::new();
    let mut total = 0.0;
    let (mut completed, mut ended) = (0usize, 0usize);
    for p in &all {
        *by_state.entry(p.state.as_str()).or_default() += 1;
        let hours = approved_hours(r, p)?;
        total += hours;
        let row = schools
            .entry(p.school.clone())
            .or_insert_with(|| SchoolRow {
                school: p.school.clone(),
                placements: 0,
                completed: 0,
                approved_hours: 0.0,
            });
        row.placements += 1;
        row.approved_hours += hours;
        if p.state == State::Completed {
            row.completed += 1;
            completed += 1;
        }
        if matches!(p.state, State::Completed | State::EndedEarly) {
            ended += 1;
        }
        *grades.entry(p.grade.clone()).or_insert(0) += 1;
        *interests.entry(interest(r, p)?).or_insert(0) += 1;
        if matches!(
            p.state,
            State::Active | State::Completed | State::EndedEarly
        ) {
            employers.insert(p.employer_id);
        }
    }
    Ok(Program {
        placements: all.len(),
        by_state,
        by_school: schools.into_values().collect(),
        by_grade: counted(grades),
        by_interest: counted(interests),
        approved_hours: total,
        employers_hosting: employers.len(),
        completion_rate: if ended == 0 {
            0.0
        } else {
            completed as f64 / ended as f64
        },
    })
}

/// The student-level WBL record: one row per placement in every state (the rows the Program
/// tab counts, one school's for a coordinator). Columns: docs/placements.md.
pub fn csv(r: &impl Reader, scope: Option<&str>) -> AppResult<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = [
        "placement_id",
        "student_id",
        "roster_id",
        "name",
        "school",
        "grade",
        "employer",
        "posting",
        "interest_area",
        "supervisor",
        "start",
        "end",
        "planned_hours",
        "approved_hours",
        "evaluations_done",
        "paid",
        "agreement_signed",
        "completed",
        "state",
        "end_reason",
        "career_cluster",
        "worksite_visits",
        "last_visit",
        "safety_checklist",
    ];
    let checklist = crate::services::settings::safety_checklist(r)?;
    let zone = crate::services::settings::time_zone(r)?;
    let io = |e: csv::Error| crate::error::AppError::Internal(anyhow::anyhow!(e));
    w.write_record(header).map_err(io)?;
    let date = |d: Option<time::Date>| {
        d.map(crate::domain::placements::date_str)
            .unwrap_or_default()
    };
    for p in placements::all(r)?.iter().rev() {
        if !in_scope(p, scope) {
            continue;
        }
        let (student_id, roster_id, name) = if p.deidentified {
            (String::new(), String::new(), String::new())
        } else {
            (
                p.student_id.to_string(),
                crate::store::identity::of(r, p.student_id)?
                    .roster_id
                    .unwrap_or_default(),
                r.get::<User>(p.student_id)?
                    .map(|u| u.full_name())
                    .unwrap_or_default(),
            )
        };
        let internship = r.get::<Internship>(p.internship_id)?;
        let record = placements::record(r, p.id)?;
        let evals = [EvaluationKind::Midpoint, EvaluationKind::Final]
            .iter()
            .filter(|k| p.evaluations.iter().any(|e| e.kind == **k))
            .count();
        // The day the agreement was in force: the last of the four signatures (the school's).
        let signed = matches!(
            p.state,
            State::Active | State::Completed | State::EndedEarly
        )
        .then(|| p.signatures.iter().map(|s| s.at).max())
        .flatten()
        .map(|t| zone.date_of(t));
        let row = [
            p.id.to_string(),
            student_id,
            roster_id,
            name,
            p.school.clone(),
            p.grade.clone(),
            internship
                .as_ref()
                .map(|i| i.company.clone())
                .unwrap_or_default(),
            internship
                .as_ref()
                .map(|i| i.title.clone())
                .unwrap_or_default(),
            interest(r, p)?,
            if p.deidentified {
                String::new()
            } else {
                p.supervisor.name.clone()
            },
            date(p.start),
            date(p.end),
            p.planned_hours.to_string(),
            crate::domain::placements::fmt_hours(approved_hours(r, p)?),
            evals.to_string(),
            if p.paid { "yes" } else { "no" }.to_string(),
            date(signed),
            if p.state == State::Completed {
                "yes"
            } else {
                "no"
            }
            .to_string(),
            p.state.as_str().to_string(),
            if p.deidentified {
                String::new()
            } else {
                p.end_reason.clone().unwrap_or_default()
            },
            record.cluster.clone().unwrap_or_default(),
            record.visits.len().to_string(),
            date(record.visits.iter().map(|v| v.date).max()),
            format!(
                "{} of {}",
                checklist
                    .iter()
                    .filter(|i| record.checklist.iter().any(|(t, _, _)| t == *i))
                    .count(),
                checklist.len()
            ),
        ];
        // A cell a spreadsheet would run as a formula is quoted as text.
        let row: Vec<String> = row
            .into_iter()
            .map(|c| {
                if c.starts_with(['=', '+', '-', '@']) {
                    format!("'{c}")
                } else {
                    c
                }
            })
            .collect();
        w.write_record(&row).map_err(io)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| crate::error::AppError::Internal(anyhow::anyhow!(e.to_string())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
