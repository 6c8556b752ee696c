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

/// The student-level WBL record: one row per placement that started.
pub fn csv(r: &impl Reader, scope: Option<&str>) -> AppResult<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let header = [
        "student_id",
        "name",
        "school",
        "grade",
        "employer",
        "posting",
        "interest_area",
        "start",
        "end",
        "approved_hours",
        "evaluations_done",
        "paid",
        "completed",
        "state",
    ];
    let io = |e: csv::Error| crate::error::AppError::Internal(anyhow::anyhow!(e));
    w.write_record(header).map_err(io)?;
    for p in placements::all(r)?.iter().rev() {
        if !in_scope(p, scope)
            || matches!(
                p.state,
                State::Setup | State::AwaitingSignatures | State::Cancelled
            )
        {
            continue;
        }
        let name = if p.deidentified {
            String::new()
        } else {
            r.get::<User>(p.student_id)?
                .map(|u| u.full_name())
                .unwrap_or_default()
        };
        let internship = r.get::<Internship>(p.internship_id)?;
        let evals = [EvaluationKind::Midpoint, EvaluationKind::Final]
            .iter()
            .filter(|k| p.evaluations.iter().any(|e| e.kind == **k))
            .count();
        let row = [
            if p.deidentified {
                String::new()
            } else {
                p.student_id.to_string()
            },
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
            p.start
                .map(crate::domain::placements::date_str)
                .unwrap_or_default(),
            p.end
                .map(crate::domain::placements::date_str)
                .unwrap_or_default(),
            crate::domain::placements::fmt_hours(approved_hours(r, p)?),
            evals.to_string(),
            if p.paid { "yes" } else { "no" }.to_string(),
            if p.state == State::Completed {
                "yes"
            } else {
                "no"
            }
            .to_string(),
            p.state.as_str().to_string(),
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
