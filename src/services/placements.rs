//! Over 500 lines: the agreement's life in one place: made, filled in, signed by four parties
//! (the guardian through a link), voided, cancelled or ended, each step with its audit entry.
//! Placements: made when an application is moved to Hired; the employer's details, the
//! student's guardian, the four signatures of the training agreement (any order, the
//! school's last; a change after a signature voids them all), the guardian's e-mailed link,
//! cancelling. Hours, evaluations and completion are in `placement_work.rs`; what each party
//! sees in `placement_views.rs`.

use sha2::{Digest, Sha256};
use time::Date;

use crate::domain::placements::{self as rules, Party, State};
use crate::error::{AppError, AppResult};
use crate::store::applications::Application;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::placements::{self, Guardian, GuardianSource, Placement, Signature, Supervisor};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx, identity};
use crate::validate::Checks;

pub const NOT_FOUND: &str = "Placement not found";
/// A guardian's link lasts 14 days.
pub const GUARDIAN_LINK_MS: i64 = 14 * 24 * 60 * 60 * 1000;
/// The guardian's copy of the signed agreement stays downloadable for 30 days.
pub const GUARDIAN_COPY_MS: i64 = 30 * 24 * 60 * 60 * 1000;
pub const LINK_GONE: &str =
    "This signing link is invalid or has expired. Ask the student or the school to send a new one.";
/// The federal minimum wage (29 U.S.C. 206), the floor of a paid placement's wage.
pub const MIN_WAGE_CENTS: u32 = 725;

/// Who acts on a placement.
#[derive(Debug, Clone)]
pub enum Who {
    Student(u64),
    Employer(u64),
    /// The school: an admin (`scope` None) or a coordinator of `scope`.
    School {
        actor: Actor,
        scope: Option<String>,
    },
}

impl Who {
    pub fn actor(&self) -> Actor {
        match self {
            Who::Student(id) | Who::Employer(id) => Actor::User(*id),
            Who::School { actor, .. } => *actor,
        }
    }
    pub fn party(&self) -> Party {
        match self {
            Who::Student(_) => Party::Student,
            Who::Employer(_) => Party::Supervisor,
            Who::School { .. } => Party::School,
        }
    }
}

/// The placement, if `who` may read it: its student, its employer, the school (a
/// coordinator: of the student's school). Someone else's is a 403, an unknown one a 404.
pub fn visible(r: &impl Reader, id: u64, who: &Who) -> AppResult<Placement> {
    let p = r
        .get::<Placement>(id)?
        .ok_or_else(|| AppError::not_found(NOT_FOUND))?;
    let ok = match who {
        Who::Student(u) => p.student_id == *u,
        Who::Employer(u) => p.employer_id == *u,
        Who::School { scope: None, .. } => true,
        Who::School {
            scope: Some(school),
            ..
        } => super::students::same_school(&p.school, school),
    };
    if !ok {
        return Err(AppError::Forbidden("This placement is not yours".into()));
    }
    Ok(p)
}

/// Makes the placement of an application just moved to Hired (once per application); the
/// worksite defaults to the posting's location, the guardian to the roster's.
pub fn create_for_hired(w: &Wtx, a: &Application, now: i64) -> StoreResult<Option<Placement>> {
    if placements::of_application(w, a.id)?.is_some() {
        return Ok(None);
    }
    let internship = w.get::<Internship>(a.internship_id)?;
    let student = w.get::<User>(a.student_id)?;
    let roster_guardian = identity::of(w, a.student_id)?
        .guardians
        .into_iter()
        .next()
        .map(|g| Guardian {
            name: g.name,
            relationship: g.relationship,
            email: g.email,
            phone: g.phone,
            source: GuardianSource::Roster,
            confirmed: true,
        });
    let p = placements::insert(
        w,
        Placement {
            id: 0,
            application_id: a.id,
            student_id: a.student_id,
            employer_id: a.employer_id,
            internship_id: a.internship_id,
            state: State::Setup,
            supervisor: Supervisor::default(),
            worksite: internship
                .as_ref()
                .map(|i| i.location.clone())
                .unwrap_or_default(),
            start: None,
            end: None,
            schedule: String::new(),
            planned_hours: 0,
            paid: false,
            hourly_wage_cents: None,
            guardian: roster_guardian,
            signatures: Vec::new(),
            guardian_link: None,
            guardian_link_sent_at: None,
            guardian_declined: None,
            evaluations: Vec::new(),
            reflection: None,
            end_reason: None,
            history: vec![(
                now,
                "Placement created when the application was moved to Hired".into(),
            )],
            reminded: Vec::new(),
            created_at: now,
            finished_at: None,
            deidentified: false,
            school: student
                .as_ref()
                .map(|s| s.school.clone())
                .unwrap_or_default(),
            grade: student
                .as_ref()
                .map(|s| s.grade.clone())
                .unwrap_or_default(),
            guardian_copy: None,
        },
    )?;
    super::notify::notify(
        w,
        p.employer_id,
        "placement",
        format!(
            "You hired {}. Fill in the placement's details (supervisor, dates, hours) so everyone can sign the training agreement.",
            student.as_ref().map(User::full_name).unwrap_or_default()
        ),
        &format!("/placements/{}", p.id),
    )?;
    super::notify::notify(
        w,
        p.student_id,
        "placement",
        "Congratulations on your internship! Add your parent or guardian on your placement page: they sign the training agreement too.".into(),
        &format!("/placements/{}", p.id),
    )?;
    Ok(Some(p))
}

/// The agreement text with the placement's facts.
pub fn agreement_text(r: &impl Reader, p: &Placement) -> StoreResult<String> {
    let template = super::settings::agreement_template(r)?;
    let student = r.get::<User>(p.student_id)?;
    let employer = r.get::<User>(p.employer_id)?;
    let internship = r.get::<Internship>(p.internship_id)?;
    let caps = super::settings::hour_caps(r)?;
    let district = super::settings::district_signature(r)?;
    let date = |d: Option<Date>| {
        d.map(rules::long_date)
            .unwrap_or_else(|| "(not set)".into())
    };
    let supervisor = if p.supervisor.name.is_empty() {
        "(not named yet)".to_string()
    } else if p.supervisor.title.is_empty() {
        p.supervisor.name.clone()
    } else {
        format!("{} ({})", p.supervisor.name, p.supervisor.title)
    };
    let value = |k: &str| -> String {
        match k {
            "student" => student
                .as_ref()
                .map(User::full_name)
                .unwrap_or_else(|| "the student".into()),
            "grade" => p.grade.clone(),
            "school" => p.school.clone(),
            "company" => employer
                .as_ref()
                .map(|e| e.company.clone())
                .or_else(|| internship.as_ref().map(|i| i.company.clone()))
                .unwrap_or_default(),
            "title" => internship
                .as_ref()
                .map(|i| i.title.clone())
                .unwrap_or_default(),
            "supervisor" => supervisor.clone(),
            "worksite" => p.worksite.clone(),
            "start" => date(p.start),
            "end" => date(p.end),
            "schedule" => p.schedule.clone(),
            "hours" => p.planned_hours.to_string(),
            "pay" => match (p.paid, p.hourly_wage_cents) {
                (true, Some(c)) => format!("paid ${}.{:02} an hour", c / 100, c % 100),
                _ => "unpaid".into(),
            },
            "district" => district.clone(),
            "max_day" => rules::fmt_hours(caps.per_day),
            "max_week" => rules::fmt_hours(caps.per_week),
            "guardian" => p
                .guardian
                .as_ref()
                .map(|g| g.name.clone())
                .unwrap_or_else(|| "(not given yet)".into()),
            _ => String::new(),
        }
    };
    Ok(rules::fill(&template, value))
}

pub fn sha256(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

pub fn hex(h: &[u8; 32]) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// The audit entry of a placement's change (signatures, voids, approvals, completion...).
pub(super) fn audit_change(
    w: &Wtx,
    now: i64,
    actor: Actor,
    p: &Placement,
    change: String,
) -> StoreResult<()> {
    audit::append(
        w,
        now,
        actor,
        Event::PlacementChanged {
            placement: p.id,
            change,
        },
        ("placement", Some(p.id)),
        Some(p.student_id),
    )
    .map(|_| ())
}

/// Tells the student and the employer (in the app and by e-mail) and the guardian (by
/// e-mail) something about the placement.
fn tell_everyone(w: &Wtx, p: &Placement, text: &str) -> StoreResult<()> {
    let link = format!("/placements/{}", p.id);
    super::notify::notify(w, p.student_id, "placement", text.to_string(), &link)?;
    super::notify::notify(w, p.employer_id, "placement", text.to_string(), &link)?;
    if let Some(g) = &p.guardian {
        let district = super::settings::district_signature(w)?;
        crate::store::outbox::enqueue(
            w,
            &g.email,
            "About the internship agreement",
            &format!("Hello {},\n\n{text}\n\n{district}", g.name),
            crate::clock::now_ms(),
        )?;
    }
    Ok(())
}

/// Voids every signature (a detail changed after one): back to awaiting signatures.
fn void_signatures(
    w: &Wtx,
    p: &mut Placement,
    actor: Actor,
    now: i64,
    why: &str,
) -> StoreResult<()> {
    if p.signatures.is_empty() {
        return Ok(());
    }
    p.signatures.clear();
    p.history.push((now, format!("Signatures voided: {why}")));
    audit_change(w, now, actor, p, format!("voided every signature ({why})"))?;
    tell_everyone(
        w,
        p,
        &format!(
            "The internship agreement changed ({why}), so every signature was voided. Please read it again and sign."
        ),
    )
}

/// The employer's details.
pub struct Details {
    pub supervisor: Supervisor,
    pub worksite: String,
    pub start: String,
    pub end: String,
    pub schedule: String,
    pub planned_hours: f64,
    pub paid: bool,
    pub hourly_wage: Option<f64>,
}

fn parse_date(s: &str) -> Option<Date> {
    Date::parse(
        s.trim(),
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .ok()
}

/// The employer fills in or changes the details. Complete details in `setup` open the
/// agreement for signatures (and send the guardian's link); a change after a signature
/// voids them all.
pub fn update_details(
    w: &Wtx,
    employer_id: u64,
    id: u64,
    d: Details,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Employer(employer_id))?;
    if !matches!(p.state, State::Setup | State::AwaitingSignatures) {
        return Err(AppError::Conflict(
            "The details cannot change once the placement has started".into(),
        ));
    }
    let mut c = Checks::new();
    let s = &d.supervisor;
    c.required(
        "supervisor.name",
        &s.name,
        "The supervisor's name is required",
    )
    .max_len("supervisor.name", &s.name, 100)
    .max_len("supervisor.title", &s.title, 100)
    .required(
        "supervisor.email",
        &s.email,
        "The supervisor's e-mail is required",
    )
    .email(
        "supervisor.email",
        s.email.trim(),
        "Please enter a valid email address",
    )
    .max_len("supervisor.phone", &s.phone, 40)
    .required("worksite", &d.worksite, "The worksite address is required")
    .max_len("worksite", &d.worksite, 200)
    .max_len("schedule", &d.schedule, 200)
    .required("schedule", &d.schedule, "The weekly schedule is required");
    let start = parse_date(&d.start);
    let end = parse_date(&d.end);
    c.check("startDate", start.is_some(), "Please choose a start date");
    c.check("endDate", end.is_some(), "Please choose an end date");
    if let (Some(a), Some(b)) = (start, end) {
        c.check(
            "endDate",
            b >= a,
            "The end date must be on or after the start date",
        );
        c.check(
            "endDate",
            (b - a).whole_days() <= 366,
            "A placement lasts at most a year",
        );
    }
    let hours = d.planned_hours;
    c.check(
        "plannedHours",
        hours.is_finite() && (1.0..=2000.0).contains(&hours) && hours.fract() == 0.0,
        "Planned hours must be a whole number from 1 to 2000",
    );
    let wage = if d.paid {
        match d.hourly_wage {
            Some(x) if x.is_finite() && x >= f64::from(MIN_WAGE_CENTS) / 100.0 && x <= 200.0 => {
                Some((x * 100.0).round() as u32)
            }
            _ => {
                c.fail(
                    "hourlyWage",
                    "A paid placement pays at least the federal minimum wage ($7.25 an hour)",
                );
                None
            }
        }
    } else {
        None
    };
    c.finish()?;
    let new_supervisor = Supervisor {
        name: crate::validate::clean(&s.name),
        title: crate::validate::clean(&s.title),
        email: s.email.trim().to_string(),
        phone: crate::validate::clean(&s.phone),
    };
    let changed = p.supervisor != new_supervisor
        || p.worksite != d.worksite.trim()
        || p.start != start
        || p.end != end
        || p.schedule != d.schedule.trim()
        || p.planned_hours != hours as u32
        || p.paid != d.paid
        || p.hourly_wage_cents != wage;
    p.supervisor = new_supervisor;
    p.worksite = crate::validate::clean(&d.worksite);
    p.start = start;
    p.end = end;
    p.schedule = crate::validate::clean(&d.schedule);
    p.planned_hours = hours as u32;
    p.paid = d.paid;
    p.hourly_wage_cents = wage;
    if changed {
        void_signatures(
            w,
            &mut p,
            Actor::User(employer_id),
            now,
            "the employer changed the details",
        )?;
        p.history
            .push((now, "The employer saved the placement's details".into()));
    }
    if p.state == State::Setup {
        p.state = State::AwaitingSignatures;
        p.history
            .push((now, "The agreement is ready for signatures".into()));
        tell_everyone(
            w,
            &p,
            "The internship agreement is ready. Please read it and sign.",
        )?;
    }
    send_guardian_link_if_due(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The guardian's contact details.
pub struct GuardianInput {
    pub name: String,
    pub relationship: String,
    pub email: String,
    pub phone: String,
}

/// The student gives (or changes) their parent or guardian, unless the roster lists one.
pub fn set_guardian(
    w: &Wtx,
    student_id: u64,
    id: u64,
    g: GuardianInput,
    now: i64,
) -> AppResult<Placement> {
    let mut p = visible(w, id, &Who::Student(student_id))?;
    if p.state.is_final() || p.state == State::Active {
        return Err(AppError::Conflict(
            "The guardian cannot change once the placement has started".into(),
        ));
    }
    if p.guardian
        .as_ref()
        .is_some_and(|g| g.source == GuardianSource::Roster)
    {
        return Err(AppError::Forbidden(
            "Your school's records list your parent or guardian; ask your school to change it"
                .into(),
        ));
    }
    let mut c = Checks::new();
    c.required(
        "name",
        &g.name,
        "Your parent or guardian's name is required",
    )
    .max_len("name", &g.name, 100)
    .required(
        "relationship",
        &g.relationship,
        "Please say how they are related to you",
    )
    .max_len("relationship", &g.relationship, 40)
    .email(
        "email",
        g.email.trim(),
        "Please enter a valid email address",
    )
    .max_len("phone", &g.phone, 40);
    if let Some(me) = w.get::<User>(student_id)?
        && crate::store::users::email_key(&me.email) == crate::store::users::email_key(&g.email)
    {
        c.fail(
            "email",
            "This is your own e-mail address: enter your parent or guardian's",
        );
    }
    c.finish()?;
    let new = Guardian {
        name: crate::validate::clean(&g.name),
        relationship: crate::validate::clean(&g.relationship),
        email: g.email.trim().to_string(),
        phone: crate::validate::clean(&g.phone),
        source: GuardianSource::Student,
        confirmed: false,
    };
    let same = p.guardian.as_ref().is_some_and(|o| {
        o.name == new.name
            && o.email == new.email
            && o.relationship == new.relationship
            && o.phone == new.phone
    });
    if same {
        return Ok(p);
    }
    void_signatures(
        w,
        &mut p,
        Actor::User(student_id),
        now,
        "the student changed the parent or guardian",
    )?;
    p.guardian = Some(new);
    p.guardian_declined = None;
    p.guardian_link = None;
    p.history
        .push((now, "The student gave their parent or guardian".into()));
    send_guardian_link_if_due(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(p)
}

/// The school confirms a guardian the student gave (before the school signs).
pub fn confirm_guardian(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    let Some(g) = p.guardian.as_mut() else {
        return Err(AppError::Conflict(
            "The student has not given a parent or guardian yet".into(),
        ));
    };
    g.confirmed = true;
    let name = g.name.clone();
    p.history.push((
        now,
        format!("The school confirmed the parent or guardian ({name})"),
    ));
    audit_change(
        w,
        now,
        who.actor(),
        &p,
        format!("confirmed the guardian {name}"),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// Sends the guardian's link when the agreement is open and no live link was sent.
fn send_guardian_link_if_due(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<()> {
    if p.state != State::AwaitingSignatures
        || p.guardian.is_none()
        || p.signatures.iter().any(|s| s.party == Party::Guardian)
        || p.guardian_link.is_some_and(|(_, exp)| exp > now)
    {
        return Ok(());
    }
    guardian_link(w, p, now)
}

/// A fresh link for the guardian (the old one stops working), e-mailed.
fn guardian_link(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<()> {
    guardian_token(w, p, now).map(|_| ())
}

/// `guardian_link`, returning the link's token (the demo signs with it).
pub fn guardian_token(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<String> {
    let Some(g) = p.guardian.clone() else {
        return Ok(String::new());
    };
    let token = crate::tokens::random_hex(32);
    p.guardian_link = Some((sha256(&token), now + GUARDIAN_LINK_MS));
    p.guardian_link_sent_at = Some(now);
    let link = format!("{}/guardian/{token}", super::password_reset::public_url(w)?);
    let student = w
        .get::<User>(p.student_id)?
        .map(|u| u.full_name())
        .unwrap_or_default();
    let company = w
        .get::<Internship>(p.internship_id)?
        .map(|i| i.company)
        .unwrap_or_default();
    let district = super::settings::district_signature(w)?;
    crate::store::outbox::enqueue(
        w,
        &g.email,
        &format!("Please sign {student}'s internship agreement"),
        &format!(
            "Hello {},\n\n{student} has an internship at {company}. As their parent or guardian, please read the training agreement and sign it, or decline it. No account is needed. The link works for 14 days:\n\n{link}\n\nIf you did not expect this e-mail, contact {student}'s school.\n\n{district}",
            g.name
        ),
        now,
    )?;
    p.history
        .push((now, format!("The signing link was sent to {}", g.email)));
    Ok(token)
}

/// The student or the school sends the guardian a new link.
pub fn resend_guardian_link(w: &Wtx, who: &Who, id: u64, now: i64) -> AppResult<()> {
    let mut p = visible(w, id, who)?;
    if matches!(who, Who::Employer(_)) {
        return Err(AppError::Forbidden(
            "The student or the school sends the guardian's link".into(),
        ));
    }
    if p.state != State::AwaitingSignatures {
        return Err(AppError::Conflict(
            "This agreement is not open for signatures".into(),
        ));
    }
    if p.guardian.is_none() {
        return Err(AppError::Conflict("Add a parent or guardian first".into()));
    }
    if p.signatures.iter().any(|s| s.party == Party::Guardian) {
        return Err(AppError::Conflict(
            "The parent or guardian has already signed".into(),
        ));
    }
    p.guardian_declined = None;
    guardian_link(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(())
}

/// How a signature arrived: the typed name, the client's address and browser.
pub struct SignedBy {
    pub name: String,
    pub ip: String,
    pub user_agent: String,
}

fn loose(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A signature by the student, the supervisor (the employer) or the school.
pub fn sign(w: &Wtx, who: &Who, id: u64, by: SignedBy, now: i64) -> AppResult<Placement> {
    let p = visible(w, id, who)?;
    let name = crate::validate::clean(&by.name);
    if name.is_empty() || name.chars().count() > 100 {
        let mut c = Checks::new();
        c.fail("name", "Type your full name to sign");
        c.finish()?;
    }
    if let Who::Student(u) = who {
        let me = w
            .get::<User>(*u)?
            .map(|u| u.full_name())
            .unwrap_or_default();
        if loose(&me) != loose(&name) {
            let mut c = Checks::new();
            c.fail(
                "name",
                &format!("Type your full name as on your account: {me}"),
            );
            c.finish()?;
        }
    }
    let signer = match who {
        Who::Student(u) | Who::Employer(u) => *u,
        Who::School {
            actor: Actor::Staff(s),
            ..
        } => *s,
        Who::School { .. } => 0,
    };
    add_signature(w, p, who.party(), name, signer, who.actor(), by, now)
}

#[allow(clippy::too_many_arguments)]
fn add_signature(
    w: &Wtx,
    mut p: Placement,
    party: Party,
    name: String,
    signer: u64,
    actor: Actor,
    by: SignedBy,
    now: i64,
) -> AppResult<Placement> {
    let signed: Vec<Party> = p.signatures.iter().map(|s| s.party).collect();
    let confirmed = p.guardian.as_ref().is_some_and(|g| g.confirmed);
    if let Some(why) = rules::may_sign(p.state, party, &signed, confirmed) {
        return Err(AppError::Conflict(why.into()));
    }
    let text = agreement_text(w, &p)?;
    let sha = sha256(&text);
    p.signatures.push(Signature {
        party,
        name: name.clone(),
        at: now,
        ip: by.ip,
        user_agent: by.user_agent.chars().take(300).collect(),
        sha256: sha,
        by: signer,
    });
    p.history
        .push((now, format!("{} signed ({name})", party.label())));
    audit_change(
        w,
        now,
        actor,
        &p,
        format!(
            "signed the agreement as {} ({name}, sha256 {})",
            party.as_str(),
            hex(&sha)
        ),
    )?;
    if p.signatures.len() == Party::ALL.len() {
        p.state = State::Active;
        p.guardian_link = None;
        p.history.push((
            now,
            "All four parties signed: the placement is active".into(),
        ));
        let base = super::password_reset::public_url(w)?;
        let text = "Everyone signed the internship agreement: the placement is active. The signed agreement is on the placement page (PDF).";
        let link = format!("/placements/{}", p.id);
        super::notify::notify(w, p.student_id, "placement", text.into(), &link)?;
        super::notify::notify(w, p.employer_id, "placement", text.into(), &link)?;
        // The guardian has no account: their copy comes by a link of its own (30 days).
        if let Some(g) = p.guardian.clone() {
            let token = crate::tokens::random_hex(32);
            p.guardian_copy = Some((sha256(&token), now + GUARDIAN_COPY_MS));
            let district = super::settings::district_signature(w)?;
            crate::store::outbox::enqueue(
                w,
                &g.email,
                "The signed internship agreement",
                &format!(
                    "Hello {},\n\nEveryone signed the internship agreement. Your copy (PDF), for 30 days:\n\n{base}/api/guardian/{token}/agreement.pdf\n\n{district}",
                    g.name
                ),
                now,
            )?;
        }
    }
    placements::save(w, &p)?;
    Ok(p)
}

/// The placement of a live guardian link.
pub fn by_guardian_token(r: &impl Reader, token: &str, now: i64) -> AppResult<Placement> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(LINK_GONE));
    }
    match placements::by_guardian_link(r, &sha256(token))? {
        Some(p)
            if p.state == State::AwaitingSignatures
                && p.guardian_link.is_some_and(|(_, exp)| exp > now) =>
        {
            Ok(p)
        }
        _ => Err(AppError::not_found(LINK_GONE)),
    }
}

/// The guardian signs through the link (single use: the link ends with the signature).
pub fn guardian_sign(
    w: &Wtx,
    token: &str,
    by: SignedBy,
    consent: bool,
    now: i64,
) -> AppResult<Placement> {
    let mut p = by_guardian_token(w, token, now)?;
    let mut c = Checks::new();
    c.check(
        "consent",
        consent,
        "Please tick the box to give your consent",
    );
    let name = crate::validate::clean(&by.name);
    c.check(
        "name",
        !name.is_empty() && name.chars().count() <= 100,
        "Type your full name to sign",
    );
    c.finish()?;
    p.guardian_link = None;
    add_signature(w, p, Party::Guardian, name, 0, Actor::System, by, now)
}

/// The guardian declines, with why: the student and the school are told; the link ends.
pub fn guardian_decline(w: &Wtx, token: &str, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = by_guardian_token(w, token, now)?;
    let reason = crate::validate::clean(reason);
    let mut c = Checks::new();
    c.required("reason", &reason, "Please say why, so the school can help")
        .max_len("reason", &reason, 500);
    c.finish()?;
    p.guardian_link = None;
    p.guardian_declined = Some((reason.clone(), now));
    p.history
        .push((now, format!("The parent or guardian declined: {reason}")));
    audit_change(
        w,
        now,
        Actor::System,
        &p,
        format!("the guardian declined: {reason}"),
    )?;
    super::notify::notify(
        w,
        p.student_id,
        "placement",
        format!("Your parent or guardian declined the internship agreement: {reason}"),
        &format!("/placements/{}", p.id),
    )?;
    placements::save(w, &p)?;
    Ok(p)
}

/// Cancels a placement that has not started (the school or the employer), with why.
pub fn cancel(w: &Wtx, who: &Who, id: u64, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if matches!(who, Who::Student(_)) {
        return Err(AppError::Forbidden(
            "The school or the employer cancels a placement".into(),
        ));
    }
    move_to_final(w, &mut p, who, State::Cancelled, reason, now)?;
    Ok(p)
}

/// Ends an active placement early (the school), with why.
pub fn end_early(w: &Wtx, who: &Who, id: u64, reason: &str, now: i64) -> AppResult<Placement> {
    let mut p = visible(w, id, who)?;
    if !matches!(who, Who::School { .. }) {
        return Err(AppError::Forbidden(
            "Only the school ends a placement early".into(),
        ));
    }
    move_to_final(w, &mut p, who, State::EndedEarly, reason, now)?;
    Ok(p)
}

fn move_to_final(
    w: &Wtx,
    p: &mut Placement,
    who: &Who,
    to: State,
    reason: &str,
    now: i64,
) -> AppResult<()> {
    if !p.state.can_move_to(to) {
        return Err(AppError::Conflict(p.state.refusal(to)));
    }
    let reason = crate::validate::clean(reason);
    let mut c = Checks::new();
    c.required("reason", &reason, "Please give a reason")
        .max_len("reason", &reason, 500);
    c.finish()?;
    p.state = to;
    p.end_reason = Some(reason.clone());
    p.finished_at = Some(now);
    p.guardian_link = None;
    let what = match to {
        State::Cancelled => "cancelled",
        _ => "ended early",
    };
    p.history
        .push((now, format!("The placement was {what}: {reason}")));
    audit_change(
        w,
        now,
        who.actor(),
        p,
        format!("{what} the placement: {reason}"),
    )?;
    tell_everyone(
        w,
        p,
        &format!("The internship placement was {what}: {reason}"),
    )?;
    placements::save(w, p)?;
    Ok(())
}

/// The placement of a guardian's copy link (the signed agreement), while it lasts.
pub fn by_guardian_copy(r: &impl Reader, token: &str, now: i64) -> AppResult<Placement> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(AppError::not_found(LINK_GONE));
    }
    match placements::by_guardian_copy(r, &sha256(token))? {
        Some(p) if p.guardian_copy.is_some_and(|(_, exp)| exp > now) && !p.deidentified => Ok(p),
        _ => Err(AppError::not_found(LINK_GONE)),
    }
}
