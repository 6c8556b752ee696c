//! Admin commands that change data. The CLI runs them through the running server's control
//! socket when one serves the data directory, and directly on the store otherwise.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::http::internships::VIDEO;
use crate::http::uploads;
use crate::state::Services;
use crate::store::Reader;
use crate::store::contact::ContactMessage;

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum Command {
    Seed {
        force: bool,
    },
    /// The CLI hashes the pin itself: the pin never crosses the socket.
    SetPinHash {
        hash: String,
    },
    ContactList,
    AiList {
        pending: bool,
        json: bool,
    },
    AiFulfil {
        id: u64,
        video: PathBuf,
    },
}

/// Runs a command; Ok is the text to print, Err the error to print (exit code 1).
pub fn run(s: &Services, cmd: Command) -> Result<String, String> {
    match cmd {
        Command::Seed { force } => crate::fixtures::seed(s, force)
            .map(|r| {
                format!(
                    "seeded {} employers, {} students and {} internships\nstudent sign-in:  {} / {}\nemployer sign-in: {} / {}\n",
                    r.employers, r.students, r.internships, r.demo_student.0, r.demo_student.1,
                    r.demo_employer.0, r.demo_employer.1
                )
            })
            .map_err(|e| format!("{e:#}")),
        Command::SetPinHash { hash } => s
            .store
            .write(|w| crate::store::meta::set_admin_pin_hash(w, &hash))
            .map(|_| "admin pin set\n".to_string())
            .map_err(|e| e.to_string()),
        Command::ContactList => contact_list(s).map_err(|e| e.to_string()),
        Command::AiList { pending, json } => ai_list(s, pending, json),
        Command::AiFulfil { id, video } => {
            crate::ai_requests::check_pending(s, id).map_err(|e| e.to_string())?;
            let accept = uploads::Accept {
                field: "video",
                ..VIDEO
            };
            let upload = uploads::from_path(&video, &s.paths.tmp(), &accept).map_err(|e| e.to_string())?;
            let i = crate::ai_requests::fulfil(s, id, upload).map_err(|e| e.to_string())?;
            Ok(format!(
                "request {id} fulfilled: \"{}\" at {} now plays {}\n",
                i.title,
                i.company,
                crate::http::internships::video_url(&i.video)
            ))
        }
    }
}

fn contact_list(s: &Services) -> Result<String, crate::store::StoreError> {
    let r = s.store.read()?;
    let list = r.scan_rev::<ContactMessage>(|_| true)?;
    if list.is_empty() {
        return Ok("no contact messages\n".into());
    }
    let mut out = String::new();
    for m in list {
        out.push_str(&format!(
            "#{} {} — {} <{}>\nsubject: {}\n{}\n\n",
            m.id,
            crate::clock::rfc3339(m.created_at),
            m.name,
            m.email,
            m.subject,
            m.message
        ));
    }
    Ok(out)
}

fn ai_list(s: &Services, pending_only: bool, json: bool) -> Result<String, String> {
    let mut list =
        crate::ai_requests::list(s, crate::clock::now_ms()).map_err(|e| e.to_string())?;
    if pending_only {
        list.retain(|r| r.status == "pending");
    }
    if json {
        return serde_json::to_string_pretty(&list)
            .map(|s| s + "\n")
            .map_err(|e| e.to_string());
    }
    if list.is_empty() {
        return Ok("no AI video requests\n".into());
    }
    let mut out = format!(
        "{:<6} {:<24} {:<32} {:<20} {:>6} {:<10} {}\n",
        "ID", "COMPANY", "TITLE", "REQUESTED", "AGE", "STATUS", "OVERDUE"
    );
    let cut = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    for r in list {
        out.push_str(&format!(
            "{:<6} {:<24} {:<32} {:<20} {:>5}h {:<10} {}\n",
            r.id,
            cut(&r.company, 24),
            cut(&r.title, 32),
            cut(&r.requested_at, 19),
            r.age_hours,
            r.status,
            if r.overdue { "yes" } else { "no" }
        ));
    }
    Ok(out)
}
