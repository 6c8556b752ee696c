//! `internreel placements list|show|export`: the school's view from the console.

use std::path::Path;

use super::{CommandError, CommandResult};
use crate::clock::now_ms;
use crate::domain::placements::State;
use crate::infra::Services;
use crate::services::placements::Who;
use crate::services::placements::views;
use crate::store::audit::{self, Actor, Event};
use crate::store::placements;

fn cli() -> Who {
    Who::School {
        actor: Actor::Cli,
        scope: None,
    }
}

pub fn list(s: &Services, state: Option<&str>, json: bool) -> CommandResult {
    let want = match state {
        Some(x) => Some(State::parse(x).ok_or_else(|| format!("unknown state '{x}'"))?),
        None => None,
    };
    let r = s.store.read()?;
    let now = now_ms();
    let mut rows = Vec::new();
    for p in placements::all(&r)? {
        if want.is_some_and(|w| w != p.state) {
            continue;
        }
        rows.push(views::view(&r, &p, &cli(), now)?);
    }
    if json {
        return Ok(serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())? + "\n");
    }
    if rows.is_empty() {
        return Ok("no placements\n".into());
    }
    Ok(rows
        .iter()
        .map(|v| {
            format!(
                "#{}  {}  {} at {} ({})  {} to {}  {} h approved, {} h waiting{}{}\n",
                v.id,
                v.state,
                v.student.name,
                v.employer.company,
                v.internship.title,
                v.start_date.as_deref().unwrap_or("?"),
                v.end_date.as_deref().unwrap_or("?"),
                v.hours.approved,
                v.hours.waiting,
                if v.awaiting.is_empty() {
                    String::new()
                } else {
                    format!("  awaiting: {}", v.awaiting.join(", "))
                },
                if v.flags.is_empty() {
                    String::new()
                } else {
                    let flags: Vec<&str> = v.flags.iter().map(|f| f.english.as_str()).collect();
                    format!("  flags: {}", flags.join("; "))
                }
            )
        })
        .collect())
}

pub fn show(s: &Services, id: u64, json: bool) -> CommandResult {
    let r = s.store.read()?;
    let p = crate::services::placements::visible(&r, id, &cli())?;
    let v = views::view(&r, &p, &cli(), now_ms())?;
    if json {
        return Ok(serde_json::to_string_pretty(&v).map_err(|e| e.to_string())? + "\n");
    }
    let mut out = format!(
        "placement #{}: {}\nstudent: {} <{}>, {}, {}\nemployer: {} ({})\nsupervisor: {} {} <{}>\nworksite: {}\ndates: {} to {}, {}\nplanned: {} h; approved {} h, waiting {} h\n",
        v.id,
        v.state,
        v.student.name,
        v.student.email,
        v.student.school,
        v.student.grade,
        v.employer.company,
        v.internship.title,
        v.supervisor.name,
        v.supervisor.title,
        v.supervisor.email,
        v.worksite,
        v.start_date.as_deref().unwrap_or("?"),
        v.end_date.as_deref().unwrap_or("?"),
        v.schedule,
        v.planned_hours,
        v.hours.approved,
        v.hours.waiting
    );
    if let Some(g) = &v.guardian {
        out.push_str(&format!(
            "guardian: {} ({}) <{}>, given by the {}{}\n",
            g.name,
            g.relationship,
            g.email.as_deref().unwrap_or(""),
            g.source,
            if g.confirmed {
                ", confirmed"
            } else {
                ", not confirmed"
            }
        ));
    }
    for sig in &v.signatures {
        out.push_str(&format!(
            "signed: {} by {} at {}\n",
            sig.party,
            sig.name,
            crate::clock::rfc3339(sig.signed_at)
        ));
    }
    out.push_str(&format!("agreement sha256: {}\n", v.agreement_sha256));
    for f in &v.flags {
        out.push_str(&format!("flag: {}\n", f.english));
    }
    for h in &v.history {
        out.push_str(&format!("{}  {}\n", crate::clock::rfc3339(h.at), h.text));
    }
    Ok(out)
}

pub fn export(s: &Services, file: &Path) -> CommandResult {
    let text = crate::services::program::csv(&s.store.read()?, None)?;
    let rows = text.lines().count().saturating_sub(1);
    std::fs::write(file, text)
        .map_err(|e| CommandError(format!("writing {}: {e}", file.display())))?;
    s.store.write(|w| {
        audit::append(
            w,
            now_ms(),
            Actor::Cli,
            Event::ProgramExported,
            ("program", None),
            None,
        )
        .map(|_| ())
    })?;
    Ok(format!("Wrote {rows} placements to {}\n", file.display()))
}
