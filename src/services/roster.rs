//! Applying a district roster: students created or updated (pre-provisioned, no password),
//! turned off or on, their guardians kept, the roster's schools made the sign-up form's list.
//! One transaction: a run either lands whole or not at all, and a dry run is the same run
//! rolled back. Running the same file twice changes nothing.

use crate::domain::roster::{Roster, RosterStudent, grade_number};
use crate::error::{AppError, AppResult};
use crate::infra::Services;
use crate::store::audit::{self, Actor, Event};
use crate::store::identity::{self, Guardian, Identity, School, Source};
use crate::store::outbox::EmailConfirmation;
use crate::store::users::{self, Role, User, UserWriteError};
use crate::store::{Reader, StoreError, Wtx, sessions};

#[derive(Debug, Default)]
pub struct Report {
    pub created: usize,
    pub updated: usize,
    pub disabled: usize,
    pub enabled: usize,
    pub unchanged: usize,
    pub schools: usize,
    /// Rows not taken, with their file, line and why.
    pub refused: Vec<String>,
    /// Users whose sessions ended (turned off, or a password cleared).
    pub ended: Vec<u64>,
    /// Self sign-ups that never proved their address, taken over without their password
    /// (their file and line).
    pub reclaimed: Vec<String>,
    /// Existing students whose school or grade the roster changed (each was told).
    pub moved: Vec<Moved>,
}

/// An existing student the roster gave another school or grade: the district sees each one,
/// never a silent move between schools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    pub user_id: u64,
    pub name: String,
    /// The roster's id (a plain CSV's: the e-mail).
    pub roster_id: String,
    /// (before, after) when it changed.
    pub school: Option<(String, String)>,
    /// (before, after) as the roster writes grades (9 to 12), when it changed.
    pub grade: Option<(String, String)>,
}

impl Moved {
    /// "Ava Chen (S-1001): school Lincoln High School → Roosevelt High School; grade 11 → 12".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some((from, to)) = &self.school {
            parts.push(format!("school {} → {}", or_none(from), or_none(to)));
        }
        if let Some((from, to)) = &self.grade {
            parts.push(format!("grade {} → {}", or_none(from), or_none(to)));
        }
        format!("{} ({}): {}", self.name, self.roster_id, parts.join("; "))
    }

    /// What the student reads in the app and by e-mail.
    fn notice(&self) -> String {
        match (&self.school, &self.grade) {
            (Some((from, to)), Some((g_from, g_to))) => crate::said!(
                "your-school-s-records-moved-you-from",
                from = or_none_arg(from),
                to = to,
                grade_from = or_none_arg(g_from),
                grade_to = g_to
            )
            .encode(),
            (Some((from, to)), None) => crate::said!(
                "your-school-s-records-moved-you-from-2",
                from = or_none_arg(from),
                to = to
            )
            .encode(),
            (None, Some((from, to))) => crate::said!(
                "your-school-s-records-changed-your-grade",
                from = or_none_arg(from),
                to = to
            )
            .encode(),
            (None, None) => String::new(),
        }
    }
}

/// `or_none` as a text's argument, "(none)" in the reader's language.
fn or_none_arg(v: &str) -> crate::i18n::Value {
    if v.trim().is_empty() {
        crate::i18n::Value::Text(Box::new(crate::said!("none")))
    } else {
        crate::i18n::Value::Plain(v.to_string())
    }
}

fn or_none(v: &str) -> &str {
    if v.trim().is_empty() { "(none)" } else { v }
}

impl Report {
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} created, {} updated, {} turned off, {} turned on, {} unchanged, {} refused; {} schools",
            self.created,
            self.updated,
            self.disabled,
            self.enabled,
            self.unchanged,
            self.refused.len(),
            self.schools
        );
        if !self.moved.is_empty() {
            s.push_str(&format!(
                "; {} students' school or grade changed",
                self.moved.len()
            ));
        }
        s
    }
}

enum Failed {
    Store(StoreError),
    DryRun(Box<Report>),
}

impl From<StoreError> for Failed {
    fn from(e: StoreError) -> Self {
        Failed::Store(e)
    }
}

/// Applies `roster`; with `dry_run` nothing is kept and the report says what would change.
pub fn import(
    s: &Services,
    roster: Roster,
    actor: Actor,
    dry_run: bool,
    now: i64,
) -> AppResult<Report> {
    let result = s.store.write(|w| {
        let mut report = Report {
            refused: roster.refused.clone(),
            ..Report::default()
        };
        let schools: Vec<School> = roster
            .schools
            .iter()
            .map(|(id, name)| School {
                sourced_id: id.clone(),
                name: name.clone(),
            })
            .collect();
        report.schools = schools.len();
        if identity::schools(w)? != schools {
            identity::set_schools(w, &schools)?;
        }
        for st in &roster.students {
            if let Err(why) = apply(w, st, &mut report, now)? {
                report.refused.push(format!("{}: {why}", st.line));
            }
        }
        if dry_run {
            return Err(Failed::DryRun(Box::new(report)));
        }
        audit::append(
            w,
            now,
            actor,
            Event::RosterImported {
                summary: report.summary(),
            },
            ("roster", None),
            None,
        )?;
        Ok(report)
    });
    match result {
        Ok(report) => {
            for id in &report.ended {
                s.sessions_ended(*id);
            }
            Ok(report)
        }
        Err(Failed::DryRun(report)) => Ok(*report),
        Err(Failed::Store(e)) => Err(AppError::from(e)),
    }
}

fn guardians(st: &RosterStudent) -> Vec<Guardian> {
    st.guardians
        .iter()
        .map(|g| Guardian {
            name: g.name.clone(),
            relationship: g.relationship.clone(),
            email: g.email.clone(),
            phone: g.phone.clone(),
        })
        .collect()
}

/// One student: Ok(Err(why)) refuses the row, Err is the store's.
fn apply(
    w: &Wtx,
    st: &RosterStudent,
    report: &mut Report,
    now: i64,
) -> Result<Result<(), String>, StoreError> {
    let by_roster = identity::by_roster_id(w, &st.sourced_id)?;
    let by_mail = users::by_email(w, &st.email)?;
    let existing = match (by_roster, &by_mail) {
        (Some(id), _) => w.get::<User>(id)?,
        (None, Some(u)) => Some(u.clone()),
        (None, None) => None,
    };
    let Some(mut user) = existing else {
        if !st.enabled {
            // Nothing to turn off; an account is not made just to be off.
            report.unchanged += 1;
            return Ok(Ok(()));
        }
        let mut u = User::blank(Role::Student);
        u.first_name = st.first_name.clone();
        u.last_name = st.last_name.clone();
        u.email = st.email.clone();
        u.grade = st.grade.clone();
        u.school = st.school.clone();
        u.created_at = now;
        let u = match users::insert(w, u) {
            Ok(u) => u,
            Err(UserWriteError::EmailTaken) => {
                return Ok(Err("its e-mail belongs to another account".into()));
            }
            Err(UserWriteError::Store(e)) => return Err(e),
        };
        identity::save(
            w,
            &Identity {
                id: u.id,
                source: Source::Roster,
                roster_id: Some(st.sourced_id.clone()),
                guardians: guardians(st),
                ..Identity::default()
            },
        )?;
        report.created += 1;
        return Ok(Ok(()));
    };
    if user.role != Role::Student {
        return Ok(Err("its e-mail belongs to an employer account".into()));
    }
    if let (Some(_), Some(other)) = (by_roster, &by_mail)
        && other.id != user.id
    {
        return Ok(Err("its e-mail belongs to another student's account".into()));
    }
    let mut ident = identity::of(w, user.id)?;
    // A self sign-up that never proved its address (no school account linked, no confirmed
    // change of address) may be a classmate who took this student's address first. The
    // roster says whose address it is, so the account is taken without what only its maker
    // knows: the password goes, its sessions end, an address change it asked for is dropped.
    // The address's owner gets in with the school account (linked at once, as any roster
    // account without a password) or a set-password link sent to the address (`roster
    // invite`, "Forgot password?"). Refusing the row instead would keep the real student
    // out until someone deleted the account by hand.
    let reclaimed = ident.source == Source::SelfSignup
        && ident.links.is_empty()
        && !super::email_confirmation::is_confirmed(w, &user)?;
    if reclaimed {
        user.password_hash.clear();
        ident.source = Source::Roster;
    }
    let before_user = (
        user.first_name.clone(),
        user.last_name.clone(),
        user.email.clone(),
        user.grade.clone(),
        user.school.clone(),
    );
    let old_email = user.email.clone();
    if st.enabled {
        user.first_name = st.first_name.clone();
        user.last_name = st.last_name.clone();
        user.email = st.email.clone();
        user.grade = st.grade.clone();
        user.school = st.school.clone();
    }
    let user_changed = reclaimed
        || before_user
            != (
                user.first_name.clone(),
                user.last_name.clone(),
                user.email.clone(),
                user.grade.clone(),
                user.school.clone(),
            );
    let moved = if st.enabled {
        move_of(&before_user.4, &before_user.3, st, user.id)
    } else {
        None
    };
    let mut ident_changed = reclaimed;
    if ident.roster_id.as_deref() != Some(st.sourced_id.as_str()) {
        ident.roster_id = Some(st.sourced_id.clone());
        ident_changed = true;
    }
    let g = guardians(st);
    if st.enabled && ident.guardians != g {
        ident.guardians = g;
        ident_changed = true;
    }
    let turned_off = st.enabled == ident.disabled;
    if turned_off {
        ident.disabled = !st.enabled;
        ident_changed = true;
        if ident.disabled {
            report.disabled += 1;
            sessions::end_user_sessions(w, user.id, now)?;
            report.ended.push(user.id);
        } else {
            report.enabled += 1;
        }
    }
    if user_changed {
        match users::update(w, &old_email, &user) {
            Ok(()) => {}
            Err(UserWriteError::EmailTaken) => {
                return Ok(Err("its e-mail belongs to another account".into()));
            }
            Err(UserWriteError::Store(e)) => return Err(e),
        }
    }
    if let Some(m) = moved {
        super::notify::notify_titled(
            w,
            user.id,
            "school_records",
            &crate::said!("your-school-s-records-changed").encode(),
            m.notice(),
            "/profile",
        )?;
        report.moved.push(m);
    }
    if reclaimed {
        w.delete::<EmailConfirmation>(user.id)?;
        sessions::end_user_sessions(w, user.id, now)?;
        report.ended.push(user.id);
        report.reclaimed.push(st.line.clone());
    }
    if ident_changed {
        identity::save(w, &ident)?;
    }
    if !turned_off {
        if user_changed || ident_changed {
            report.updated += 1;
        } else {
            report.unchanged += 1;
        }
    }
    Ok(Ok(()))
}

/// The school or grade change the roster makes to an existing student, if any (a school
/// written with other capitals or spaces is the same school).
fn move_of(school: &str, grade: &str, st: &RosterStudent, user_id: u64) -> Option<Moved> {
    let school = (!super::students::same_school(school, &st.school))
        .then(|| (school.to_string(), st.school.clone()));
    let grade = (grade != st.grade).then(|| {
        (
            grade_number(grade).to_string(),
            grade_number(&st.grade).to_string(),
        )
    });
    if school.is_none() && grade.is_none() {
        return None;
    }
    Some(Moved {
        user_id,
        name: format!("{} {}", st.first_name, st.last_name)
            .trim()
            .to_string(),
        roster_id: st.sourced_id.clone(),
        school,
        grade,
    })
}

/// A student already invited less than this long ago is not mailed again.
pub const REINVITE_AFTER_MS: i64 = 24 * 60 * 60 * 1000;

/// What `roster invite` did.
#[derive(Debug, Default)]
pub struct Invited {
    /// E-mails queued.
    pub sent: usize,
    /// Students without a password who were mailed less than a day ago.
    pub recent: usize,
}

/// Set-password links (valid 7 days) for the roster's students who have no password yet (of
/// one school, or all), queued as e-mails. A student mailed less than a day ago is skipped, so
/// running it twice mails nobody twice. A school no roster or student names is refused.
pub fn invite(s: &Services, school: Option<&str>, now: i64) -> AppResult<Invited> {
    let school = match school {
        None => None,
        Some(sc) => {
            let r = s.store.read()?;
            match super::students::school_named(&r, sc)? {
                Some(named) => Some(named),
                None => {
                    let known = super::students::named_schools(&r)?;
                    return Err(AppError::bad_request(if known.is_empty() {
                        crate::t!("no-school-named-and-no-roster", school = sc.trim())
                    } else {
                        crate::t!(
                            "no-school-named-known-schools",
                            school = sc.trim(),
                            known = known.join(", ")
                        )
                    }));
                }
            }
        }
    };
    let school = school.as_deref();
    let done = s.store.write(|w| {
        let mut targets = Vec::new();
        w.each_rev(|u: User| {
            if u.role == Role::Student
                && u.password_hash.is_empty()
                && school.is_none_or(|sc| super::students::same_school(&u.school, sc))
            {
                targets.push(u);
            }
            true
        })?;
        let mut done = Invited::default();
        for u in targets {
            let i = identity::of(w, u.id)?;
            if i.disabled || i.source != Source::Roster {
                continue;
            }
            if identity::last_invited(w, u.id)?.is_some_and(|at| now - at < REINVITE_AFTER_MS) {
                done.recent += 1;
                continue;
            }
            let link = super::password_reset::issue_invitation(w, &u, now)?;
            let district = super::settings::district_signature_arg(w)?;
            // By key, line by line: the outbox writes each in its reader's language.
            crate::store::outbox::enqueue(
                w,
                &u.email,
                &crate::said!("choose-your-password-for-internreel").encode(),
                &format!(
                    "{}\n\n{}\n\n{link}\n\n{}\n\n{}",
                    crate::said!("hello-name", name = &u.first_name),
                    crate::said!(
                        "district-set-up-an-internreel-account-for",
                        district = district.clone()
                    ),
                    crate::said!("if-the-link-has-expired-use-forgot"),
                    super::settings::district_signature_line(w)?,
                ),
                now,
            )?;
            identity::note_invited(w, u.id, now)?;
            done.sent += 1;
        }
        Ok::<_, StoreError>(done)
    })?;
    Ok(done)
}
