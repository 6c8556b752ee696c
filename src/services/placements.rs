//! Over 500 lines: the agreement's life in one place: made, filled in, signed by four parties
//! (the guardian through a link), voided, cancelled or ended, each step with its audit entry.
//! Placements: made when an application is moved to Hired; the employer's details, the
//! student's guardian, the four signatures of the training agreement (any order, the
//! school's last; a change after a signature voids them all), the guardian's e-mailed link,
//! cancelling. The agreement's text (frozen at the first signature) and voiding are in
//! `placement_agreement.rs`, the mails to the guardian in `placement_mail.rs`; hours,
//! evaluations and completion in `placement_work.rs`; what each party sees in
//! `placement_views.rs`.

use time::Date;

use crate::domain::guardians;
use crate::domain::placements::{self as rules, Party, State};
use crate::error::{AppError, AppResult};
use crate::store::applications::Application;
use crate::store::audit::Actor;
use crate::store::internships::Internship;
use crate::store::placements::{self, Guardian, GuardianSource, Placement, Signature, Supervisor};
use crate::store::users::User;
use crate::store::{Reader, StoreResult, Wtx, identity};
use crate::validate::Checks;

pub(super) use super::placement_agreement::audit_change;
pub use super::placement_agreement::{agreement_text, hex, sha256};
use super::placement_agreement::{tell_everyone, void_signatures};
use super::placement_mail;

pub const NOT_FOUND: &str = "Placement not found";
/// The guardian's copy of the signed agreement stays downloadable for 30 days.
pub const GUARDIAN_COPY_MS: i64 = 30 * 24 * 60 * 60 * 1000;
pub const STALE: &str =
    "The agreement changed after it was signed. Read it again: every party signs it again.";
pub const CHANGED: &str = "The agreement changed since you opened it. Read it again, then sign.";
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
            now,
        )?;
    }
    placement_mail::send_link_if_due(w, &mut p, now)?;
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
    // The name greets a third party in the district's mail: a plain name, nothing else.
    if !g.name.trim().is_empty() && !guardians::is_plain_name(&g.name) {
        c.fail(
            "name",
            "Write their name with letters, spaces, hyphens and apostrophes only",
        );
    }
    // Never the student's own mailbox, plus-addressed (ava+x@) or not.
    if let Some(me) = w.get::<User>(student_id)?
        && guardians::is_own_mailbox(&me.email, &g.email)
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
    if placement_mail::would_mail(&p) {
        placement_mail::throttle(w, p.id, now)?;
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
    placement_mail::send_link_if_due(w, &mut p, now)?;
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

/// A fresh guardian's link, e-mailed; its token (the demo signs with it).
pub fn guardian_token(w: &Wtx, p: &mut Placement, now: i64) -> StoreResult<String> {
    placement_mail::link(w, p, now)
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
    // The student's resends are throttled (a mail to a third party); the school's are not.
    if matches!(who, Who::Student(_)) {
        placement_mail::throttle(w, p.id, now)?;
    }
    p.guardian_declined = None;
    placement_mail::link(w, &mut p, now)?;
    placements::save(w, &p)?;
    Ok(())
}

/// How a signature arrived: the typed name, the client's address and browser, and the hash
/// of the text the signer's page showed (when the client sends it).
pub struct SignedBy {
    pub name: String,
    pub ip: String,
    pub user_agent: String,
    pub read_sha256: Option<String>,
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
    // Every signature is of the one text shown: signatures over another are voided first
    // (`placement_agreement::settle`), never signed beside.
    if p.signatures.iter().any(|s| s.sha256 != sha) {
        return Err(AppError::Conflict(STALE.into()));
    }
    // A signature is of the text its signer read: not of one that changed since their page
    // loaded (before the first signature the text follows the posting and the template).
    if by
        .read_sha256
        .as_deref()
        .is_some_and(|h| !h.trim().eq_ignore_ascii_case(&hex(&sha)))
    {
        return Err(AppError::Conflict(CHANGED.into()));
    }
    super::placement_agreement::freeze(w, &p, &text, now)?;
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
        if p.guardian.is_some() {
            let token = crate::tokens::random_hex(32);
            p.guardian_copy = Some((sha256(&token), now + GUARDIAN_COPY_MS));
            let url = format!("{base}/api/guardian/{token}/agreement.pdf");
            placement_mail::signed_copy(w, &p, &url, now)?;
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
        .push((now, "The parent or guardian declined".into()));
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
        now,
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
