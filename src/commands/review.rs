//! The CLI's side of the district's review: employers, reports, the audit log and settings
//! (`internreel employers|reports|audit|settings ...`). Each runs through the running server's
//! control socket or directly on the data directory, like every admin command.

use super::CommandResult;
use crate::commands::CommandError;
use crate::domain::review::EmployerStatus;
use crate::infra::Services;
use crate::services::{audit, employers, reports, settings};
use crate::store::audit::{Actor, Event};

fn json<T: serde::Serialize>(v: &T) -> CommandResult {
    serde_json::to_string_pretty(v)
        .map(|s| s + "\n")
        .map_err(CommandError::from)
}

pub fn employers_list(s: &Services, pending: bool, as_json: bool) -> CommandResult {
    let list = employers::list(s, pending).map_err(CommandError::from)?;
    if as_json {
        return json(&list);
    }
    if list.is_empty() {
        return Ok(if pending {
            "no employer awaits review\n".into()
        } else {
            "no employer accounts\n".into()
        });
    }
    let mut out = String::new();
    for e in &list {
        out.push_str(&format!(
            "#{:<5} {:<10} {} — {} <{}>{}, {}; signed up {}; {} posting(s){}\n",
            e.id,
            e.status,
            e.company,
            e.contact_name,
            e.email,
            if e.email_confirmed {
                ""
            } else {
                " (e-mail not confirmed)"
            },
            if e.website.is_empty() {
                "no website"
            } else {
                &e.website
            },
            &e.created_at[..10],
            e.postings,
            e.status_reason
                .as_ref()
                .map(|r| format!("; reason: {r}"))
                .unwrap_or_default(),
        ));
    }
    Ok(out)
}

pub fn employer_status(s: &Services, id: u64, suspend: Option<String>) -> CommandResult {
    let status = if suspend.is_some() {
        EmployerStatus::Suspended
    } else {
        EmployerStatus::Verified
    };
    let e =
        employers::set_status(s, id, status, suspend, Actor::Cli).map_err(CommandError::from)?;
    Ok(format!(
        "{} employer #{} ({})\n",
        match status {
            EmployerStatus::Suspended => "Suspended",
            _ => "Verified",
        },
        e.id,
        e.company
    ))
}

pub fn reports_list(s: &Services, open: bool, as_json: bool) -> CommandResult {
    let list = reports::list(s, open).map_err(CommandError::from)?;
    if as_json {
        return json(&list);
    }
    if list.is_empty() {
        return Ok("no reports\n".into());
    }
    let mut out = String::new();
    for r in &list {
        let by = r
            .reporter
            .as_ref()
            .map(|p| p.name.clone())
            .unwrap_or_else(|| "the automatic screen".into());
        let mut text: String = r.content.text.chars().take(80).collect();
        text = text.replace('\n', " ");
        let places: String = r
            .held_places
            .iter()
            .map(|p| {
                format!(
                    "       {}\n",
                    crate::services::posting_screen::place_line(&p.term, &p.text, &p.field)
                )
            })
            .collect();
        out.push_str(&format!(
            "#{:<5} {:<8} {} #{} — {} (by {}){}\n{places}       \"{}\" by {}{}\n",
            r.id,
            r.status,
            r.target_type,
            r.target_id,
            r.reason_label,
            by,
            if r.held_terms.is_empty() {
                String::new()
            } else {
                format!("; matched: {}", r.held_terms.join(", "))
            },
            text,
            r.content.author_name,
            r.resolution
                .as_ref()
                .map(|x| format!("\n       resolved: {} {}", x.action, x.note))
                .unwrap_or_default(),
        ));
    }
    Ok(out)
}

pub fn reports_resolve(s: &Services, id: u64, action: &str, note: &str) -> CommandResult {
    let r = match reports::resolve(s, id, action, note, Actor::Cli, reports::Reach::District)
        .map_err(CommandError::from)?
    {
        reports::Resolved::Done(r) | reports::Resolved::Escalated(r) => r,
    };
    Ok(format!(
        "Resolved report #{}: {}\n",
        r.id,
        r.resolution.map(|x| x.action).unwrap_or_default()
    ))
}

pub fn audit_list(s: &Services, user: Option<u64>, limit: usize, as_json: bool) -> CommandResult {
    let r = s.store.read().map_err(CommandError::from)?;
    let (entries, _) =
        audit::page(&r, user, None, limit.clamp(1, 10_000)).map_err(CommandError::from)?;
    if as_json {
        return json(&entries);
    }
    if entries.is_empty() {
        return Ok("the audit log is empty\n".into());
    }
    Ok(entries
        .iter()
        .map(|e| format!("{}  {:<22} {}\n", e.at, e.action, e.summary))
        .collect())
}

pub fn settings_set(s: &Services, key: &str, value: &str) -> CommandResult {
    if !settings::KEYS.iter().any(|(k, _)| *k == key) {
        let known: Vec<&str> = settings::KEYS.iter().map(|(k, _)| *k).collect();
        return Err(format!("unknown setting '{key}'; known: {}", known.join(", ")).into());
    }
    let value = value.trim();
    if key == "evaluation-rubric" {
        return set_rubric(s, value);
    }
    let max = if settings::is_file_setting(key) {
        settings::TEMPLATE_MAX
    } else {
        120
    };
    if value.chars().count() > max {
        return Err(format!("the value must be at most {max} characters").into());
    }
    settings::check_value(&s.store.read().map_err(CommandError::from)?, key, value)?;
    s.store
        .write(|w| {
            settings::set(w, key, value)?;
            if key == "admin-pin" && value == "off" {
                // Sessions signed in with the pin end with it.
                crate::store::sessions::end_admin_sessions(w, crate::clock::now_ms())?;
            }
            crate::store::audit::append(
                w,
                crate::clock::now_ms(),
                Actor::Cli,
                Event::SettingChanged {
                    key: key.into(),
                    value: value.into(),
                },
                ("setting", None),
                None,
            )
            .map(|_| ())
        })
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    if key == crate::services::caption_rule::SETTING {
        // Postings are held or let go as the rule now says, the search index with them.
        let waiting = crate::services::caption_rule::apply_to_all(s).map_err(|e| e.to_string())?;
        return Ok(format!(
            "Set {key} to \"{value}\" ({waiting} posting(s) wait for captions)\n"
        ));
    }
    if settings::is_file_setting(key) {
        return Ok(format!(
            "Set {key} ({} characters)\n",
            value.chars().count()
        ));
    }
    Ok(format!("Set {key} to \"{value}\"\n"))
}

/// `settings set evaluation-rubric FILE`: one competency per line (empty: the default).
fn set_rubric(s: &Services, text: &str) -> CommandResult {
    let lines: Vec<(String, String)> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| (String::new(), l.to_string()))
        .collect();
    let items = if lines.is_empty() {
        Vec::new()
    } else {
        settings::checked_rubric(&lines)?
    };
    s.store
        .write(|w| settings::save_rubric(w, Actor::Cli, &items, crate::clock::now_ms()))
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    let shown = settings::rubric(&s.store.read().map_err(CommandError::from)?)?;
    Ok(format!(
        "Set evaluation-rubric: {}\n",
        shown
            .iter()
            .map(|(_, l)| l.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

pub fn settings_list(s: &Services) -> CommandResult {
    let r = s.store.read().map_err(CommandError::from)?;
    let mut out = String::new();
    for (key, about) in settings::KEYS {
        let v = settings::get(&r, key).map_err(CommandError::from)?;
        let shown = match v {
            // A template or rubric is a page of text: its length says it is there.
            Some(v) if settings::is_file_setting(key) => {
                format!("({} characters)", v.chars().count())
            }
            Some(v) => format!("\"{v}\""),
            // The district pin and early-end certificates are on until turned off.
            None if matches!(*key, "admin-pin" | "certificate-on-early-end" | "push") => {
                "\"on\" (the default)".into()
            }
            None if *key == "time-zone" => "\"UTC\" (the default)".into(),
            // Only a directory from before the rule has no value.
            None if *key == crate::services::caption_rule::SETTING => {
                "\"off\" (a data directory from before the rule)".into()
            }
            None if *key == "quiet-hours" => "\"21:00-07:00\" (the default)".into(),
            None => "(not set)".into(),
        };
        out.push_str(&format!("{key} = {shown}\n    {about}\n"));
    }
    Ok(out)
}

/// `internreel captions waiting`: the postings the captions rule holds, those whose employer
/// asks for the district's review first.
pub fn captions_waiting(s: &Services, as_json: bool) -> CommandResult {
    use crate::services::caption_rule;
    let r = s.store.read().map_err(CommandError::from)?;
    let list = caption_rule::waiting(&r)?;
    if as_json {
        return json(&list);
    }
    let on = caption_rule::required(&r).map_err(CommandError::from)?;
    let mut out = format!("captions-required is {}\n", if on { "on" } else { "off" });
    if list.is_empty() {
        out.push_str("no posting waits for captions\n");
        return Ok(out);
    }
    for p in &list {
        out.push_str(&format!(
            "#{} {} — {}: {} s of speech-level sound{}\n",
            p.id,
            p.company,
            p.title,
            p.loud_seconds,
            if p.review_asked {
                "; the employer says it has no speech and asks for the review"
            } else {
                ""
            }
        ));
    }
    Ok(out)
}

/// `internreel mail list`: the outbox, newest first, with each mail's plain-text body (the
/// delivery, where no SMTP server is configured).
pub fn mail_list(s: &Services, as_json: bool) -> CommandResult {
    use crate::store::Reader;
    use crate::store::outbox::Mail;
    let r = s.store.read().map_err(CommandError::from)?;
    let mails = r.scan_rev(|_: &Mail| true).map_err(CommandError::from)?;
    if as_json {
        let v: Vec<serde_json::Value> = mails
            .iter()
            .map(|m| {
                serde_json::json!({
                    "id": m.id, "to": m.to, "subject": m.subject, "status": m.status.as_str(),
                    "createdAt": crate::clock::rfc3339(m.created_at), "attempts": m.attempts,
                    "lastError": m.last_error, "text": m.text,
                })
            })
            .collect();
        return json(&v);
    }
    if mails.is_empty() {
        return Ok("the outbox is empty\n".into());
    }
    Ok(mails
        .iter()
        .map(|m| {
            format!(
                "#{} {} to {} — {} ({})\n{}\n\n",
                m.id,
                crate::clock::rfc3339(m.created_at),
                m.to,
                m.subject,
                m.status.as_str(),
                m.text
            )
        })
        .collect())
}

/// `internreel users reset-link EMAIL`: a fresh password-reset link, for an admin to hand over.
pub fn reset_link(s: &Services, email: &str) -> CommandResult {
    let link = s
        .store
        .write(|w| {
            let Some(u) = crate::store::users::by_email(w, email)? else {
                return Ok(None);
            };
            crate::services::password_reset::issue(w, &u, crate::clock::now_ms()).map(Some)
        })
        .map_err(|e: crate::store::StoreError| e.to_string())?;
    match link {
        Some(l) => Ok(format!("{l}\n(valid 30 minutes, single use)\n")),
        None => Err(format!("no account with the e-mail {email}").into()),
    }
}
