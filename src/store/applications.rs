//! Applications and the hiring pipeline.

use serde::{Deserialize, Serialize};

use super::{Entity, Reader, StoreResult, Wtx, tables};

/// Kept in the record as its variant's index: variants are only appended.
pub use crate::domain::applications::Status;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Application {
    pub id: u64,
    pub internship_id: u64,
    pub student_id: u64,
    pub employer_id: u64,
    pub status: Status,
    pub applied_at: i64,
    /// Every status with the time it was set, the first being `pending` at `applied_at`.
    pub history: Vec<(Status, i64)>,
}

impl Entity for Application {
    const TABLE: tables::EntityTable = tables::APPLICATIONS;
    fn id(&self) -> u64 {
        self.id
    }
}

pub fn find(r: &impl Reader, internship_id: u64, student_id: u64) -> StoreResult<Option<u64>> {
    Ok(
        r.pair(tables::APPLICATION_BY_PAIR, (internship_id, student_id))?
            .map(|v| v as u64),
    )
}

/// Inserts a new application with its indexes and the posting's counter.
pub fn insert(w: &Wtx, mut a: Application) -> StoreResult<Application> {
    a.id = w.next_id::<Application>()?;
    w.put(&a)?;
    w.pair_put(
        tables::APPLICATIONS_BY_STUDENT,
        (a.student_id, a.id),
        a.applied_at,
    )?;
    w.pair_put(
        tables::APPLICATIONS_BY_EMPLOYER,
        (a.employer_id, a.id),
        a.applied_at,
    )?;
    w.pair_put(
        tables::APPLICATION_BY_PAIR,
        (a.internship_id, a.student_id),
        a.id as i64,
    )?;
    super::internships::bump(w, a.internship_id, |s| s.applications += 1)?;
    Ok(a)
}

fn load_all(r: &impl Reader, ids: Vec<(u64, i64)>) -> StoreResult<Vec<Application>> {
    let mut out = Vec::with_capacity(ids.len());
    for (id, _) in ids.into_iter().rev() {
        if let Some(a) = r.get::<Application>(id)? {
            out.push(a);
        }
    }
    Ok(out)
}

/// A student's applications, newest first.
pub fn by_student(r: &impl Reader, student_id: u64) -> StoreResult<Vec<Application>> {
    load_all(r, r.members(tables::APPLICATIONS_BY_STUDENT, student_id)?)
}

/// The applications to an employer's postings, newest first.
pub fn by_employer(r: &impl Reader, employer_id: u64) -> StoreResult<Vec<Application>> {
    load_all(r, r.members(tables::APPLICATIONS_BY_EMPLOYER, employer_id)?)
}

pub fn count_by_employer(r: &impl Reader, employer_id: u64) -> StoreResult<usize> {
    Ok(r.members(tables::APPLICATIONS_BY_EMPLOYER, employer_id)?
        .len())
}

/// A page of the ids of applications to an employer's postings, newest first after the
/// `before` cursor, and whether more follow.
pub fn employer_page(
    r: &impl Reader,
    employer: u64,
    before: Option<u64>,
    limit: usize,
) -> StoreResult<(Vec<(u64, i64)>, bool)> {
    r.members_page(
        tables::APPLICATIONS_BY_EMPLOYER,
        employer,
        before,
        limit,
        true,
    )
}
