//! The four signatures of the training agreement: any order, the school's last, each of the
//! text its signer read in their language (its SHA-256 kept); the fourth makes the placement
//! active.

use crate::domain::placements::{self as rules, Party, State};
use crate::error::{AppError, AppResult};
use crate::store::audit::Actor;
use crate::store::placements::{self, Placement, Signature};
use crate::store::users::User;
use crate::store::{Reader, Wtx};
use crate::validate::Checks;

use super::agreement::audit_change;
use super::agreement::{agreement_texts, in_language, signed_in};
use super::{GUARDIAN_COPY_MS, changed, stale};
use super::{Who, guardian_mail, visible};
use super::{hex, sha256};

/// Who signs and what they read: the SHA-256 of the text the signer's page showed (when the
/// client sends it), else the text in the language they were answered in.
pub struct SignedBy {
    pub name: String,
    pub ip: String,
    pub user_agent: String,
    pub read_sha256: Option<String>,
    pub lang: crate::i18n::Lang,
}

/// A signature by the student, the supervisor (the employer) or the school.
pub fn sign(w: &Wtx, who: &Who, id: u64, by: SignedBy, now: i64) -> AppResult<Placement> {
    let p = visible(w, id, who)?;
    let name = crate::validate::clean(&by.name);
    if name.is_empty() || name.chars().count() > 100 {
        let mut c = Checks::new();
        c.fail("name", &crate::t!("type-your-full-name-to-sign"));
        c.finish()?;
    }
    if let Who::Student(u) = who {
        let me = w
            .get::<User>(*u)?
            .map(|u| u.full_name())
            .unwrap_or_default();
        if !rules::same_name(&me, &name) {
            let mut c = Checks::new();
            c.fail(
                "name",
                &crate::t!("type-your-full-name-as-on-your", name = &me),
            );
            c.finish()?;
        }
    }
    if matches!(who, Who::Employer(_))
        && let Some(why) = super::supervisor_refusal(w, &p)?
    {
        return Err(AppError::Conflict(why));
    }
    // The supervisor signs as the person the details name (the PDF prints the typed name), not
    // as a nickname or someone else.
    if matches!(who, Who::Employer(_))
        && !p.supervisor.name.is_empty()
        && !rules::same_name(&p.supervisor.name, &name)
    {
        let mut c = Checks::new();
        c.fail(
            "name",
            &crate::t!(
                "type-the-supervisor-s-full-name-as",
                name = &p.supervisor.name
            ),
        );
        c.finish()?;
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
pub(super) fn add_signature(
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
    if let Some(why) = rules::may_sign(p.state, party, &signed, super::guardian_in(&p)) {
        return Err(AppError::Conflict(why.into()));
    }
    let texts = agreement_texts(w, &p)?;
    // Every signature is of a text shown now: signatures over another are voided first
    // (`agreement::settle`), never signed beside.
    if p.signatures
        .iter()
        .any(|s| signed_in(&texts, &s.sha256).is_none())
    {
        return Err(AppError::Conflict(stale()));
    }
    // A signature is of the text its signer read, in the language they read it in: not of
    // one that changed since their page loaded (before the first signature the texts follow
    // the posting and the templates).
    let sha = match by.read_sha256.as_deref() {
        Some(h) => texts
            .iter()
            .map(|(_, t)| sha256(t))
            .find(|sha| h.trim().eq_ignore_ascii_case(&hex(sha)))
            .ok_or_else(|| AppError::Conflict(changed()))?,
        None => sha256(&in_language(&texts, by.lang).1),
    };
    super::agreement::freeze(w, &p, &texts, now)?;
    p.signatures.push(Signature {
        party,
        name: name.clone(),
        at: now,
        ip: by.ip,
        user_agent: by.user_agent.chars().take(300).collect(),
        sha256: sha,
        by: signer,
    });
    let line = match party {
        Party::Student => crate::said!("student-signed-name", name = &name),
        Party::Guardian => crate::said!("parent-or-guardian-signed-name", name = &name),
        Party::Supervisor => crate::said!("supervisor-employer-signed-name", name = &name),
        Party::School => crate::said!("school-signed-name", name = &name),
    };
    p.history.push((now, line.encode()));
    audit_change(
        w,
        now,
        actor,
        &p,
        crate::i18n::Text::new("by-signed-the-agreement-as-party-name")
            .arg("party", party.as_str())
            .arg("name", &name)
            .arg("hash", hex(&sha))
            .encode(),
    )?;
    super::school_mail::signature_due(w, &p, now)?;
    if p.signatures.len() == Party::ALL.len() {
        p.state = State::Active;
        p.guardian_link = None;
        p.history.push((
            now,
            crate::said!("all-four-parties-signed-the-placement-is").encode(),
        ));
        let base = crate::services::password_reset::public_url(w)?;
        let text = crate::said!("everyone-signed-the-internship-agreement-the-placement");
        let link = format!("/placements/{}", p.id);
        crate::services::notify::notify(w, p.student_id, "placement", text.clone(), &link)?;
        crate::services::notify::notify(w, p.employer_id, "placement", text, &link)?;
        // The guardian has no account: their copy comes by a link of its own (30 days).
        if p.guardian.is_some() {
            let token = crate::tokens::random_hex(32);
            p.guardian_copy = Some((sha256(&token), now + GUARDIAN_COPY_MS));
            let url = format!("{base}/api/guardian/{token}/agreement.pdf");
            guardian_mail::signed_copy(w, &p, &url, now)?;
        }
    }
    placements::save(w, &p)?;
    Ok(p)
}
