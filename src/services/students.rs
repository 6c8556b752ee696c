//! The district's view of its students: school, grade, where the account came from (roster,
//! school account, self sign-up), last sign-in; a coordinator's is one school's.

use std::collections::HashSet;

use serde::Serialize;

use crate::error::AppResult;
use crate::store::Reader;
use crate::store::identity;
use crate::store::users::{Role, User};

/// At most this many rows in one answer (the list is sorted by name; filter by school).
pub const LIST_MAX: usize = 2000;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StudentRow {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub school: String,
    pub grade: String,
    pub source: &'static str,
    pub last_sign_in_at: Option<i64>,
    pub disabled: bool,
}

/// Whether a student's school is `school` (case and surrounding spaces aside).
pub fn same_school(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// The students of `school` (or all) sorted by name, at most `LIST_MAX`; and how many matched.
pub fn list(r: &impl Reader, school: Option<&str>) -> AppResult<(Vec<StudentRow>, usize)> {
    let mut users: Vec<User> = Vec::new();
    r.each_rev(|u: User| {
        if u.role == Role::Student && school.is_none_or(|s| same_school(&u.school, s)) {
            users.push(u);
        }
        true
    })?;
    let total = users.len();
    users.sort_by_cached_key(|u| {
        (
            u.last_name.to_lowercase(),
            u.first_name.to_lowercase(),
            u.id,
        )
    });
    users.truncate(LIST_MAX);
    let mut rows = Vec::with_capacity(users.len());
    for u in users {
        let i = identity::of(r, u.id)?;
        rows.push(StudentRow {
            id: u.id,
            name: u.full_name(),
            email: u.email,
            school: u.school,
            grade: u.grade,
            source: i.source.as_str(),
            last_sign_in_at: i.last_sign_in,
            disabled: i.disabled,
        });
    }
    Ok((rows, total))
}

/// The ids of a school's students.
pub fn ids_of_school(r: &impl Reader, school: &str) -> AppResult<HashSet<u64>> {
    let mut ids = HashSet::new();
    r.each_rev(|u: User| {
        if u.role == Role::Student && same_school(&u.school, school) {
            ids.insert(u.id);
        }
        true
    })?;
    Ok(ids)
}

/// The roster's schools (its `orgs.csv`): the sign-up form's choices; empty before a roster.
pub fn roster_schools(r: &impl Reader) -> AppResult<Vec<String>> {
    Ok(identity::schools(r)?.into_iter().map(|s| s.name).collect())
}

/// The roster's schools, or before a roster the schools students named, sorted: the Students
/// tab's filter.
pub fn known_schools(r: &impl Reader) -> AppResult<Vec<String>> {
    let rostered = roster_schools(r)?;
    if !rostered.is_empty() {
        return Ok(rostered);
    }
    // No roster: the schools students named, as `named_schools` lists them.
    named_schools(r)
}

/// Every school the district's records name: the roster's schools and the schools students
/// gave, sorted, each once (case and surrounding spaces aside). What the staff form offers,
/// and what `staff add --school` and `roster invite --school` are checked against.
pub fn named_schools(r: &impl Reader) -> AppResult<Vec<String>> {
    let mut names = roster_schools(r)?;
    r.each_rev(|u: User| {
        let s = u.school.trim();
        if u.role == Role::Student && !s.is_empty() && !names.iter().any(|n| same_school(n, s)) {
            names.push(s.to_string());
        }
        true
    })?;
    names.sort_by_key(|n| n.to_lowercase());
    Ok(names)
}

/// `school` as the records name it (their capitals), or None when no roster or student does.
pub fn school_named(r: &impl Reader, school: &str) -> AppResult<Option<String>> {
    Ok(named_schools(r)?
        .into_iter()
        .find(|n| same_school(n, school)))
}
