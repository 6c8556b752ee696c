//! Reports: filing one, the district's list, and resolving (dismiss, hide, suspend, release).
//! The automatic holds (hazardous duties in a posting, the comment word list) are reports
//! too, filed by the system, so the admin has one queue.
//! Over 500 lines: filing, the lists (a coordinator's scope among them), resolving and the
//! views they answer with are one entity's rules, read together.

use serde::Serialize;

use crate::clock::{now_ms, rfc3339};
use crate::domain::reports::{Action, DETAILS_MAX, NOTE_MAX, Reason, TargetKind};
use crate::domain::review::EmployerStatus;
use crate::error::{AppError, AppResult, OptionExt};
use crate::infra::Services;
use crate::store::applications::Application;
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::messages::Message;
use crate::store::reports::{self, Report, Resolution};
use crate::store::social::{self, Comment, CommentState};
use crate::store::users::{Role, User};
use crate::store::{Reader, Wtx};

use super::posting_screen::PlaceView;

pub fn not_found() -> String {
    crate::t!("not-found-2")
}

/// Files a person's report. The target must be one the reporter can see, and not their own.
pub fn file(
    s: &Services,
    reporter: &User,
    target: &str,
    target_id: u64,
    reason: &str,
    details: &str,
) -> AppResult<Report> {
    let target = TargetKind::parse(target)
        .ok_or_else(|| AppError::bad_request(crate::t!("please-choose-what-to-report")))?;
    let reason = Reason::parse(reason)
        .ok_or_else(|| AppError::bad_request(crate::t!("please-choose-a-reason")))?;
    let details = details.trim().to_string();
    if crate::validate::has_hidden_chars(&details, true) {
        return Err(AppError::bad_request(crate::validate::hidden_chars()));
    }
    if details.chars().count() > DETAILS_MAX {
        return Err(AppError::bad_request(crate::t!(
            "details-must-be-at-most-max-characters",
            max = DETAILS_MAX
        )));
    }
    let rep = s.store.write(|w| {
        let author = visible_author(w, reporter, target, target_id)?;
        if author == Some(reporter.id) {
            return Err(AppError::bad_request(crate::t!(
                "you-cannot-report-your-own-post"
            )));
        }
        if reports::open_by(w, reporter.id, target.key(target_id))?.is_some() {
            return Err(AppError::Conflict(crate::t!(
                "you-have-already-reported-this"
            )));
        }
        let rep = reports::insert(
            w,
            Report {
                id: 0,
                reporter_id: Some(reporter.id),
                target,
                target_id,
                reason,
                details,
                held_terms: vec![],
                created_at: now_ms(),
                resolution: None,
            },
        )?;
        super::staff_alerts::report_filed(w, &rep, rep.created_at)?;
        Ok(rep)
    })?;
    tracing::info!(
        report = rep.id,
        target = target.as_str(),
        target_id,
        "report filed"
    );
    Ok(rep)
}

/// The author of a target the user may see (404 otherwise): a public posting, a shown comment
/// on one, a message of one of their own threads.
fn visible_author(
    r: &impl Reader,
    me: &User,
    target: TargetKind,
    id: u64,
) -> AppResult<Option<u64>> {
    Ok(match target {
        TargetKind::Internship => {
            let i = r
                .get::<Internship>(id)?
                .filter(|i| i.is_public() || i.employer_id == me.id)
                .ok_or_not_found(not_found())?;
            Some(i.employer_id)
        }
        TargetKind::Comment => {
            let c = r
                .get::<Comment>(id)?
                .filter(|c| c.state == CommentState::Visible || c.user_id == me.id)
                .ok_or_not_found(not_found())?;
            r.get::<Internship>(c.internship_id)?
                .filter(|i| i.is_public() || i.employer_id == me.id)
                .ok_or_not_found(not_found())?;
            Some(c.user_id)
        }
        TargetKind::Message => {
            let m = r
                .get::<Message>(id)?
                .filter(|m| !m.hidden && (m.sender_id == me.id || m.receiver_id == me.id))
                .ok_or_not_found(not_found())?;
            Some(m.sender_id)
        }
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonView {
    pub id: u64,
    pub name: String,
    pub role: &'static str,
}

#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ContentView {
    pub text: String,
    pub author_name: String,
    pub author_role: &'static str,
    pub internship_id: Option<u64>,
    pub internship_title: String,
    pub company: String,
    pub employer_id: Option<u64>,
    pub hidden: bool,
    /// A posting's texts as the hazardous-duties screen read them, each with the terms it
    /// found there (empty for comments and messages).
    pub fields: Vec<super::posting_screen::FieldView>,
    /// Where the screen finds each term in the posting now (`ReportView::held_places` keeps
    /// the report's).
    #[serde(skip)]
    pub places: Vec<crate::domain::hazards::Place>,
}

/// A term the district marked a false match for a posting, and where it had matched.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FalseMatchView {
    pub term: String,
    pub places: Vec<PlaceView>,
    pub marked_at: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolutionView {
    pub action: &'static str,
    pub note: String,
    pub resolved_at: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    pub id: u64,
    pub target_type: &'static str,
    pub target_id: u64,
    pub reason: &'static str,
    pub reason_label: String,
    pub details: String,
    pub created_at: String,
    pub status: &'static str,
    pub system: bool,
    pub held_terms: Vec<String>,
    /// Where each of `held_terms` matched in the posting's text (system holds of postings).
    pub held_places: Vec<PlaceView>,
    /// The terms marked false matches for this posting.
    pub false_matches: Vec<FalseMatchView>,
    pub reporter: Option<PersonView>,
    pub content: ContentView,
    pub resolution: Option<ResolutionView>,
}

/// A name for the admin's views: a deleted account reads "Deleted student".
pub fn person(r: &impl Reader, id: u64) -> AppResult<PersonView> {
    Ok(match r.get::<User>(id)? {
        Some(u) => PersonView {
            id,
            name: if u.role == Role::Employer {
                format!("{} ({})", u.full_name(), u.company)
            } else {
                u.full_name()
            },
            role: if u.role == Role::Employer {
                "employer"
            } else {
                "student"
            },
        },
        None => PersonView {
            id,
            name: "Deleted student".into(),
            role: "student",
        },
    })
}

fn posting_context(r: &impl Reader, c: &mut ContentView, internship_id: u64) -> AppResult<()> {
    if let Some(i) = r.get::<Internship>(internship_id)? {
        c.internship_id = Some(i.id);
        c.internship_title = i.title;
        c.company = i.company;
        c.employer_id = Some(i.employer_id);
    }
    Ok(())
}

fn content(s: &Services, r: &impl Reader, target: TargetKind, id: u64) -> AppResult<ContentView> {
    let mut c = ContentView::default();
    match target {
        TargetKind::Internship => {
            if let Some(i) = r.get::<Internship>(id)? {
                let captions = super::posting_screen::caption_text(&s.media, r, &i)?;
                c.fields = super::posting_screen::screened_fields(&i, &captions);
                c.places = super::posting_screen::places(&i, &captions);
                c.text = format!("{}\n\n{}", i.title, i.description);
                c.hidden = i.hidden;
                let p = person(r, i.employer_id)?;
                c.author_name = p.name;
                c.author_role = p.role;
                posting_context(r, &mut c, id)?;
            }
        }
        TargetKind::Comment => {
            if let Some(cm) = r.get::<Comment>(id)? {
                c.text = cm.content.clone();
                c.hidden = cm.state == CommentState::Hidden;
                let p = person(r, cm.user_id)?;
                c.author_name = p.name;
                c.author_role = p.role;
                posting_context(r, &mut c, cm.internship_id)?;
            }
        }
        TargetKind::Message => {
            if let Some(m) = r.get::<Message>(id)? {
                c.text = m.content.clone();
                c.hidden = m.hidden;
                let p = person(r, m.sender_id)?;
                c.author_name = p.name;
                c.author_role = p.role;
                if let Some(a) = r.get::<Application>(m.application_id)? {
                    posting_context(r, &mut c, a.internship_id)?;
                }
            }
        }
    }
    Ok(c)
}

pub fn view(s: &Services, r: &impl Reader, rep: &Report) -> AppResult<ReportView> {
    let content = content(s, r, rep.target, rep.target_id)?;
    let (held_places, false_matches) =
        if rep.reporter_id.is_none() && rep.target == TargetKind::Internship {
            let marks = crate::store::posting_screens::get(r, rep.target_id)?.false_matches;
            // A term a false mark still covers holds nothing (it is listed with the marks).
            let covered = |term: &str| {
                marks
                    .iter()
                    .any(|m| m.term == term && m.covers(&content.places))
            };
            (
                content
                    .places
                    .iter()
                    .filter(|p| rep.held_terms.contains(&p.term) && !covered(&p.term))
                    .map(PlaceView::of)
                    .collect(),
                marks
                    .iter()
                    .map(|m| FalseMatchView {
                        term: m.term.clone(),
                        places: m.places.iter().map(PlaceView::of).collect(),
                        marked_at: rfc3339(m.at),
                    })
                    .collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
    Ok(ReportView {
        id: rep.id,
        target_type: rep.target.as_str(),
        target_id: rep.target_id,
        reason: rep.reason.as_str(),
        reason_label: crate::i18n::current().write(&rep.reason.label()),
        details: rep.details.clone(),
        created_at: rfc3339(rep.created_at),
        status: if rep.resolution.is_some() {
            "resolved"
        } else {
            "open"
        },
        system: rep.reporter_id.is_none(),
        held_terms: rep.held_terms.clone(),
        held_places,
        false_matches,
        reporter: rep.reporter_id.map(|id| person(r, id)).transpose()?,
        content,
        resolution: rep.resolution.as_ref().map(|x| ResolutionView {
            action: x.action.as_str(),
            // A system note by key (or in English, stored before keys) in the reader's
            // language; a person's note as typed.
            note: crate::i18n::tr(&x.note).into_owned(),
            resolved_at: rfc3339(x.at),
        }),
    })
}

pub fn list(s: &Services, open_only: bool) -> AppResult<Vec<ReportView>> {
    list_scoped(s, open_only, None)
}

/// The reports, or with `school` only those about its students: filed by one of them, or
/// about a comment or message one of them wrote or received (a coordinator's view).
pub fn list_scoped(
    s: &Services,
    open_only: bool,
    school: Option<&str>,
) -> AppResult<Vec<ReportView>> {
    let r = s.store.read()?;
    let students = match school {
        Some(school) => Some(super::students::ids_of_school(&r, school)?),
        None => None,
    };
    let mut out = Vec::new();
    for rep in reports::all(&r)? {
        if open_only && rep.resolution.is_some() {
            continue;
        }
        if let Some(ids) = &students
            && !about_any(&r, &rep, ids)?
        {
            continue;
        }
        out.push(view(s, &r, &rep)?);
    }
    Ok(out)
}

/// Whether report `rep` involves one of `ids` (`store::reports::about_any`).
pub fn about_any(
    r: &impl Reader,
    rep: &reports::Report,
    ids: &std::collections::HashSet<u64>,
) -> AppResult<bool> {
    Ok(reports::about_any(r, rep, ids)?)
}

/// Whether resolving `rep` with `action` also resolves `other`, an open report about the same
/// target: only reports of the same kind (the district's automatic hold, or people's reports),
/// and people's reports only when the target is gone (hidden, its employer suspended): a
/// dismissal closes the one report the admin read, and releasing a hold never answers a
/// student's report about the same posting.
fn closes_too(rep: &Report, other: &Report, action: Action) -> bool {
    let system = rep.reporter_id.is_none();
    if other.id == rep.id {
        return true;
    }
    if (other.reporter_id.is_none()) != system {
        return false;
    }
    system || matches!(action, Action::Hide | Action::Suspend)
}

/// Who resolves: the district (an admin, the CLI), or a school's coordinator, who reaches the
/// reports about their students (`about_any`) and nothing of any other school's.
#[derive(Clone, Copy)]
pub enum Reach<'a> {
    District,
    School(&'a std::collections::HashSet<u64>),
}

/// What a resolution did: resolved the report, or (a coordinator's hide or release of a
/// posting, which every school's students see) asked the district's admins to.
pub enum Resolved {
    Done(ReportView),
    Escalated(ReportView),
}

/// Resolves a report, and the other open reports about the same target that the action
/// answers too (`closes_too`) and the resolver may see.
pub fn resolve(
    s: &Services,
    id: u64,
    action: &str,
    note: &str,
    actor: Actor,
    reach: Reach,
) -> AppResult<Resolved> {
    let action = Action::parse(action).ok_or_else(|| {
        AppError::bad_request(crate::t!("please-choose-an-action-dismiss-hide-suspend"))
    })?;
    let note = note.trim().to_string();
    if note.chars().count() > NOTE_MAX {
        return Err(AppError::bad_request(crate::t!(
            "the-note-must-be-at-most-max",
            max = NOTE_MAX
        )));
    }
    let escalated = s
        .write_postings(|w| {
            let rep = w
                .get::<Report>(id)?
                .ok_or_not_found(crate::t!("report-not-found"))?;
            let school = match reach {
                Reach::District => None,
                Reach::School(ids) => Some(ids),
            };
            if let Some(ids) = school
                && !about_any(w, &rep, ids)?
            {
                return Err(AppError::not_found(crate::t!("report-not-found")));
            }
            if rep.resolution.is_some() {
                return Err(AppError::Conflict(crate::t!(
                    "this-report-is-already-resolved"
                )));
            }
            let system = rep.reporter_id.is_none();
            let action = match action {
                // Closing an automatic hold without hiding lets the held item out.
                Action::Dismiss if system => Action::Release,
                Action::Release if !system => {
                    return Err(AppError::bad_request(crate::t!(
                        "only-something-held-by-the-automatic-screen"
                    )));
                }
                a => a,
            };
            if school.is_some() {
                // The district's review of employers is the admins'.
                if action == Action::Suspend {
                    return Err(AppError::Forbidden(super::staff::admin_only()));
                }
                if rep.target == TargetKind::Internship
                    && matches!(action, Action::Hide | Action::Release)
                {
                    escalate(w, &rep, action, &note, actor)?;
                    return Ok((None, Vec::new()));
                }
            }
            let (changed, suspended) = apply(w, &rep, action, actor)?;
            let now = now_ms();
            for mut other in reports::about(w, rep.target, rep.target_id)? {
                let visible = match school {
                    None => true,
                    Some(ids) => about_any(w, &other, ids)?,
                };
                if other.resolution.is_none() && visible && closes_too(&rep, &other, action) {
                    reports::resolve(
                        w,
                        &mut other,
                        Resolution {
                            action,
                            note: note.clone(),
                            at: now,
                        },
                    )?;
                }
            }
            let hidden_text = if action == Action::Hide {
                content(s, w, rep.target, rep.target_id)?.text
            } else {
                String::new()
            };
            audit::append(
                w,
                now,
                actor,
                Event::report_resolved(
                    id,
                    action.as_str().into(),
                    note.clone(),
                    hidden_text,
                    rep.target != TargetKind::Internship,
                ),
                (rep.target.as_str(), Some(rep.target_id)),
                None,
            )?;
            if action == Action::Hide && rep.target == TargetKind::Internship {
                tell_employer_of_hiding(w, rep.target_id, &note)?;
            }
            Ok::<_, AppError>((Some(suspended), changed))
        })
        .map(|done| match done {
            None => true,
            Some(suspended) => {
                if let Some(employer) = suspended {
                    s.sessions_ended(employer);
                }
                false
            }
        })?;
    let r = s.store.read()?;
    let v = view(
        s,
        &r,
        &r.get::<Report>(id)?
            .ok_or_not_found(crate::t!("report-not-found"))?,
    )?;
    Ok(if escalated {
        Resolved::Escalated(v)
    } else {
        Resolved::Done(v)
    })
}

/// A coordinator's hide or release of a posting: the report stays open, and every district
/// admin (the district's contact address when there is none yet) gets the coordinator's
/// request by e-mail, audited.
fn escalate(w: &Wtx, rep: &Report, action: Action, note: &str, actor: Actor) -> AppResult<()> {
    let Some(posting) = w.get::<Internship>(rep.target_id)? else {
        return Err(AppError::not_found(crate::t!("report-not-found")));
    };
    let who = match actor {
        Actor::Staff(id) => w
            .get::<crate::store::staff::Staff>(id)?
            .map(|m| match m.school {
                Some(school) => format!("{} ({school})", m.name),
                None => m.name,
            })
            .unwrap_or_else(|| "A coordinator".into()),
        _ => "A coordinator".into(),
    };
    let base = super::password_reset::public_url(w)?;
    // By key, line by line: the outbox writes each in its reader's language.
    let asks = match action {
        Action::Release => crate::said!(
            "who-asks-the-district-to-release-the",
            who = who,
            title = &posting.title,
            id = rep.id
        ),
        _ => crate::said!(
            "who-asks-the-district-to-hide-the",
            who = who,
            title = &posting.title,
            id = rep.id
        ),
    };
    let mut text = format!(
        "{asks}\n\n{}\n\n",
        crate::said!("a-posting-is-seen-by-every-school")
    );
    if !note.is_empty() {
        text.push_str(&format!(
            "{}\n\n",
            crate::said!("their-note-note", note = note)
        ));
    }
    text.push_str(&format!(
        "{}\n{base}/admin\n",
        crate::said!("open-the-reports-tab")
    ));
    let mut to: Vec<String> = crate::store::staff::all(w)?
        .into_iter()
        .filter(|m| m.role == crate::store::staff::StaffRole::Admin && m.enrolled && !m.disabled)
        .map(|m| m.email)
        .collect();
    if to.is_empty() {
        to.extend(super::settings::district_contact(w)?);
    }
    let now = now_ms();
    for address in &to {
        crate::store::outbox::enqueue(
            w,
            address,
            &crate::said!("a-coordinator-asks-the-district-to-review").encode(),
            &text,
            now,
        )?;
    }
    audit::append(
        w,
        now,
        actor,
        Event::ReportEscalated {
            report: rep.id,
            action: action.as_str().into(),
            note: note.to_string(),
        },
        (rep.target.as_str(), Some(rep.target_id)),
        None,
    )?;
    Ok(())
}

/// The employer learns that the district hid its posting, and why (the resolution's note).
fn tell_employer_of_hiding(w: &Wtx, internship: u64, note: &str) -> AppResult<()> {
    let Some(i) = w.get::<Internship>(internship)? else {
        return Ok(());
    };
    let district = super::settings::district_signature_arg(w)?;
    let why = note.trim().trim_end_matches('.');
    let text = if why.is_empty() {
        crate::said!(
            "district-hid-your-posting-title-students-no",
            district = district,
            title = &i.title
        )
    } else {
        crate::said!(
            "district-hid-your-posting-title-why-students",
            district = district,
            title = &i.title,
            why = why
        )
    };
    super::notify::notify_titled(
        w,
        i.employer_id,
        "posting_hidden",
        &crate::said!("your-posting-title-was-hidden-by-the", title = &i.title).encode(),
        text,
        "/employer-dashboard",
    )?;
    Ok(())
}

/// What an action changed: postings whose visibility changed, and the employer it suspended.
type Applied = (Vec<Internship>, Option<u64>);

/// Carries out an action on a report's target.
fn apply(w: &Wtx, rep: &Report, action: Action, actor: Actor) -> AppResult<Applied> {
    let mut changed = Vec::new();
    let mut suspended = None;
    match (action, rep.target) {
        (Action::Dismiss, _) => {}
        (Action::Hide, TargetKind::Internship) => {
            if let Some(mut i) = w.get::<Internship>(rep.target_id)? {
                i.hidden = true;
                w.put(&i)?;
                changed.push(i);
            }
        }
        (Action::Release, TargetKind::Internship) => {
            if let Some(mut i) = w.get::<Internship>(rep.target_id)? {
                i.held_terms.clear();
                w.put(&i)?;
                changed.push(i);
            }
        }
        (Action::Hide | Action::Release, TargetKind::Comment) => {
            if let Some(mut c) = w.get::<Comment>(rep.target_id)? {
                let state = if action == Action::Hide {
                    CommentState::Hidden
                } else {
                    CommentState::Visible
                };
                social::set_comment_state(w, &mut c, state)?;
            }
        }
        (Action::Hide, TargetKind::Message) => {
            if let Some(mut m) = w.get::<Message>(rep.target_id)? {
                m.hidden = true;
                w.put(&m)?;
            }
        }
        (Action::Release, TargetKind::Message) => {}
        (Action::Suspend, target) => {
            let employer = employer_behind(w, target, rep.target_id)?.ok_or_else(|| {
                AppError::bad_request(crate::t!("no-employer-stands-behind-this-a-student"))
            })?;
            changed = super::employers::apply_status(
                w,
                employer,
                EmployerStatus::Suspended,
                // Kept as the district wrote reasons before: in English.
                Some(format!(
                    "report #{}: {}",
                    rep.id,
                    crate::i18n::Lang::En.write(&rep.reason.label())
                )),
                actor,
            )?;
            suspended = Some(employer);
        }
    }
    Ok((changed, suspended))
}

/// The employer account that wrote or owns the target.
fn employer_behind(r: &impl Reader, target: TargetKind, id: u64) -> AppResult<Option<u64>> {
    let author = match target {
        TargetKind::Internship => r.get::<Internship>(id)?.map(|i| i.employer_id),
        TargetKind::Comment => r.get::<Comment>(id)?.map(|c| c.user_id),
        TargetKind::Message => r.get::<Message>(id)?.map(|m| m.sender_id),
    };
    Ok(match author {
        Some(a) => r
            .get::<User>(a)?
            .filter(|u| u.role == Role::Employer)
            .map(|u| u.id),
        None => None,
    })
}
