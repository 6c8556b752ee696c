//! A student's data rights: a full export, and deleting the account. Deletion removes the
//! person (record, e-mail, sessions, photo and transcript files, likes, bookmarks, reports,
//! blocks); what they wrote to others (comments, messages, applications) stays for the other
//! party with no name attached, so it reads "Deleted student".

use serde_json::{Value, json};

use crate::clock::{now_ms, rfc3339};
use crate::error::{AppResult, OptionExt};
use crate::i18n::Lang;
use crate::infra::Services;
use crate::store::applications::{self, Application};
use crate::store::audit::{self, Actor, Event};
use crate::store::internships::Internship;
use crate::store::messages::{self, Message};
use crate::store::reports;
use crate::store::social::{self, Mark};
use crate::store::users::{self, User};
use crate::store::{Reader, sessions, tables};

fn title_of(r: &impl Reader, id: u64) -> AppResult<(String, String)> {
    Ok(r.get::<Internship>(id)?
        .map(|i| (i.title, i.company))
        .unwrap_or_default())
}

fn marks(r: &impl Reader, mark: Mark, id: u64) -> AppResult<Vec<Value>> {
    social::by_user(r, mark, id)?
        .into_iter()
        .map(|(iid, at)| {
            let (title, company) = title_of(r, iid)?;
            Ok(json!({"internshipId": iid, "title": title, "company": company, "at": rfc3339(at)}))
        })
        .collect()
}

/// Everything the store holds about a student, as one JSON document; the export itself is
/// recorded in the audit log (in the same transaction as nothing else: it only reads).
pub fn export(s: &Services, me: &User) -> AppResult<Value> {
    let now = now_ms();
    s.store.write(|w| {
        audit::append(
            w,
            now,
            Actor::User(me.id),
            Event::DataExported,
            ("user", Some(me.id)),
            Some(me.id),
        )
        .map_err(crate::error::AppError::from)
    })?;
    let r = s.store.read()?;
    let u = r
        .get::<User>(me.id)?
        .ok_or_not_found(crate::t!("user-not-found"))?;
    let mut apps = Vec::new();
    for a in applications::by_student(&r, u.id)? {
        apps.push(application(&r, &a, u.id)?);
    }
    let comments: Vec<Value> = social::comments_by(&r, u.id)?
        .into_iter()
        .map(|c| {
            let (title, company) = title_of(&r, c.internship_id)?;
            Ok(json!({
                "id": c.id, "internshipId": c.internship_id, "internshipTitle": title,
                "company": company, "content": c.content, "createdAt": rfc3339(c.created_at),
                "state": match c.state {
                    social::CommentState::Visible => "visible",
                    social::CommentState::Held(_) => "awaiting_review",
                    social::CommentState::Hidden => "hidden",
                },
            }))
        })
        .collect::<AppResult<_>>()?;
    let filed: Vec<Value> = reports::by_reporter(&r, u.id)?
        .iter()
        .map(|rep| {
            json!({
                "id": rep.id, "targetType": rep.target.as_str(), "targetId": rep.target_id,
                "reason": rep.reason.as_str(), "details": rep.details,
                "createdAt": rfc3339(rep.created_at),
                "status": if rep.resolution.is_some() { "resolved" } else { "open" },
            })
        })
        .collect();
    let blocks: Vec<Value> = social::blocks_of(&r, u.id)?
        .into_iter()
        .map(|(eid, at)| {
            let company = r.get::<User>(eid)?.map(|e| e.company).unwrap_or_default();
            Ok(json!({"employerId": eid, "company": company, "blockedAt": rfc3339(at)}))
        })
        .collect::<AppResult<_>>()?;
    let mut entries = Vec::new();
    let mut before = None;
    loop {
        let (page, next) = super::audit::page(&r, Some(u.id), before, 200)?;
        entries.extend(page);
        match next {
            Some(n) => before = Some(n),
            None => break,
        }
    }
    Ok(json!({
        "exportedAt": rfc3339(now),
        "about": crate::t!("everything-internreel-stores-about-you-files-photo"),
        "profile": {
            "id": u.id, "firstName": u.first_name, "lastName": u.last_name, "email": u.email,
            "createdAt": rfc3339(u.created_at), "grade": u.grade, "school": u.school,
            "interests": u.interests, "gpa": u.gpa,
            "photo": u.photo.is_some(), "transcript": u.transcript.as_ref().map(|t| t.1.clone()),
        },
        "applications": apps,
        "likes": marks(&r, Mark::Like, u.id)?,
        "bookmarks": marks(&r, Mark::Bookmark, u.id)?,
        "comments": comments,
        "reports": filed,
        "blockedCompanies": blocks,
        "placements": super::placements::student_data::export(&r, u.id)?,
        "auditEntries": entries,
    }))
}

fn application(r: &impl Reader, a: &Application, me: u64) -> AppResult<Value> {
    let (title, company) = title_of(r, a.internship_id)?;
    let thread: Vec<Value> = messages::thread(r, a.id)?
        .iter()
        .map(|m: &Message| {
            json!({
                "id": m.id, "from": if m.sender_id == me { "you" } else { "employer" },
                "content": m.content, "createdAt": rfc3339(m.created_at),
                "readAt": m.read_at.map(rfc3339), "hiddenByDistrict": m.hidden,
            })
        })
        .collect();
    Ok(json!({
        "id": a.id, "internshipId": a.internship_id, "title": title, "company": company,
        "status": a.status.as_str(), "appliedAt": rfc3339(a.applied_at),
        "history": a.history.iter().map(|(st, at)| json!({"status": st.as_str(), "at": rfc3339(*at)})).collect::<Vec<_>>(),
        "messages": thread,
    }))
}

/// Deletes a student's account in one transaction; returns the image files to remove once it
/// committed.
pub fn delete_student(s: &Services, id: u64) -> AppResult<Vec<String>> {
    let now = now_ms();
    let files = s.store.write(|w| {
        let u = w
            .get::<User>(id)?
            .ok_or_not_found(crate::t!("user-not-found"))?;
        for mark in [Mark::Like, Mark::Bookmark] {
            for (iid, _) in social::by_user(w, mark, id)? {
                social::toggle(w, mark, iid, id, now)?;
            }
        }
        reports::remove_by_reporter(w, id)?;
        for (eid, _) in social::blocks_of(w, id)? {
            social::unblock(w, id, eid)?;
        }
        sessions::end_user_sessions(w, id, now)?;
        w.email_remove(&users::email_key(&u.email))?;
        crate::store::identity::remove(w, u.id)?;
        super::placements::student_data::forget_student(w, id)?;
        crate::store::languages::forget_user(w, id, &u.email)?;
        // The words of theirs a resolution hid stay in the log only as a hash and a length.
        audit::redact_hidden_words(w, |kind, rid| match kind {
            "comment" => w
                .get::<social::Comment>(rid)
                .ok()
                .flatten()
                .is_some_and(|c| c.user_id == id),
            _ => w
                .get::<Message>(rid)
                .ok()
                .flatten()
                .is_some_and(|m| m.sender_id == id),
        })?;
        w.delete::<User>(id)?;
        // Applications stay for the employer's pipeline, with no contact data (the record
        // holds ids only); the pair index that finds them by student goes.
        for (aid, _) in w.members(tables::APPLICATIONS_BY_STUDENT, id)? {
            if let Some(a) = w.get::<Application>(aid)? {
                forget_name_in_employers_news(w, &u, &a)?;
            }
            w.pair_remove(tables::APPLICATIONS_BY_STUDENT, (id, aid))?;
        }
        audit::append(
            w,
            now,
            Actor::System,
            Event::AccountDeleted,
            ("user", Some(id)),
            Some(id),
        )?;
        forget_mail_and_notifications(w, &u)?;
        // The deleted record's bytes stay in freed pages until the file is compacted, which
        // the next start does (store/mod.rs).
        crate::store::meta::set_i64(w, crate::store::COMPACT_DUE, 1)?;
        let mut files: Vec<String> = u.photo.into_iter().collect();
        files.extend(u.transcript.map(|t| t.0));
        Ok::<_, crate::error::AppError>(files)
    })?;
    s.sessions_ended(id);
    tracing::info!(user = id, "student account deleted");
    Ok(files)
}

/// What the employer was told of the application ("Ava applied to ...") names the student: in
/// its notification and in its e-mail not sent yet, the name goes with the account.
fn forget_name_in_employers_news(
    w: &crate::store::Wtx,
    u: &User,
    a: &Application,
) -> AppResult<()> {
    use crate::store::notifications::Notification;
    use crate::store::outbox::{Mail, MailStatus};
    let Some(title) = w.get::<Internship>(a.internship_id)?.map(|i| i.title) else {
        return Ok(());
    };
    let named = crate::said!(
        "name-applied-to-title",
        name = &u.first_name,
        title = &title
    );
    let anonymous = crate::said!("a-student-applied-to-title", title = &title);
    // A notification holds the text by key; one stored before keys, in English.
    let stored = [
        (named.encode(), anonymous.encode()),
        (Lang::En.write(&named), Lang::En.write(&anonymous)),
    ];
    for (nid, _) in w.members(tables::NOTIFICATIONS_BY_USER, a.employer_id)? {
        if let Some(mut n) = w.get::<Notification>(nid)?
            && let Some((named, anonymous)) = stored.iter().find(|(n2, _)| n.text.contains(n2))
        {
            n.text = n.text.replace(named, anonymous);
            w.put(&n)?;
        }
    }
    let Some(employer) = w.get::<User>(a.employer_id)? else {
        return Ok(());
    };
    // An e-mail is written in its reader's language when it is queued.
    let lang = crate::store::languages::of_email(w, &employer.email)?.unwrap_or_default();
    let (named, anonymous) = (lang.write(&named), lang.write(&anonymous));
    let key = users::email_key(&employer.email);
    let mut unsent = Vec::new();
    w.each_rev(|m: Mail| {
        let waiting = matches!(m.status, MailStatus::Queued | MailStatus::OutboxOnly);
        if waiting
            && users::email_key(&m.to) == key
            && (m.text.contains(&named) || m.subject.contains(&named))
        {
            unsent.push(m);
        }
        true
    })?;
    for mut m in unsent {
        m.text = m.text.replace(&named, &anonymous);
        m.subject = m.subject.replace(&named, &anonymous);
        w.put(&m)?;
    }
    Ok(())
}

/// The account's e-mails (sent or not: they hold the address and the person's words),
/// notifications, reset token and e-mail settings.
fn forget_mail_and_notifications(w: &crate::store::Wtx, u: &User) -> AppResult<()> {
    use crate::store::notifications::Notification;
    use crate::store::outbox::{Mail, ResetToken};
    let key = users::email_key(&u.email);
    let mut mails = Vec::new();
    w.each_rev(|m: Mail| {
        if users::email_key(&m.to) == key {
            mails.push(m.id);
        }
        true
    })?;
    for id in mails {
        w.delete::<Mail>(id)?;
    }
    for (nid, _) in w.members(tables::NOTIFICATIONS_BY_USER, u.id)? {
        w.pair_remove(tables::NOTIFICATIONS_BY_USER, (u.id, nid))?;
        w.delete::<Notification>(nid)?;
    }
    w.delete::<ResetToken>(u.id)?;
    crate::store::notifications::set_email_off(w, u.id, false)?;
    let token_key = format!("email_off_token_of:{}", u.id);
    if let Some(t) = crate::store::meta::get_string(w, &token_key)? {
        w.meta_remove(&format!("email_off_token:{t}"))?;
        w.meta_remove(&token_key)?;
    }
    Ok(())
}
