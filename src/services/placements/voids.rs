//! Voiding: a fact of the agreement changed after a signature, so every signature goes, the
//! student and the employer are told what changed, and the guardian or a supervisor without an
//! account who had signed gets a new link saying why. `settle` does it before a signature over
//! a text that changed since the others signed.

use crate::domain::placements::{Party, State};
use crate::store::audit::Actor;
use crate::store::placements::{self, Placement};
use crate::store::{Reader, StoreResult, Wtx};

use super::agreement::{agreement_texts, audit_change, freeze, stale, tell_everyone};

/// Voids every signature (a fact of the text changed after one): the text unfreezes, the
/// placement awaits signatures, and the student and employer are told why and what changed
/// (`changes`, a sentence each). Returns who had signed, for `relink`.
pub(super) fn void_signatures(
    w: &Wtx,
    p: &mut Placement,
    actor: Actor,
    now: i64,
    why: &str,
    changes: &[String],
) -> StoreResult<Vec<Party>> {
    placements::unfreeze_text(w, p.id)?;
    if p.signatures.is_empty() {
        return Ok(Vec::new());
    }
    let signed: Vec<Party> = p.signatures.iter().map(|s| s.party).collect();
    p.signatures.clear();
    p.history.push((
        now,
        crate::said!("signatures-voided-why", why = why).encode(),
    ));
    for c in changes {
        p.history.push((now, c.clone()));
    }
    audit_change(
        w,
        now,
        actor,
        p,
        crate::i18n::Text::new("by-voided-every-signature-why-placement-placement")
            .arg("why", why)
            .encode(),
    )?;
    let mut text =
        crate::said!("the-internship-agreement-changed-why-so-every", why = why).encode();
    for c in changes {
        text.push('\n');
        text.push_str(c);
    }
    tell_everyone(w, p, &text)?;
    Ok(signed)
}

/// After a void: the guardian and a supervisor without an account who had signed (`signed`)
/// get a new link, its mail saying why and what changed.
pub(super) fn relink(
    w: &Wtx,
    p: &mut Placement,
    signed: &[Party],
    why: &str,
    changes: &[String],
    now: i64,
) -> StoreResult<()> {
    let mut lead = vec![
        crate::said!(
            "the-internship-agreement-changed-after-you-signed",
            why = why
        )
        .encode(),
    ];
    lead.extend(changes.iter().cloned());
    if signed.contains(&Party::Guardian) {
        super::guardian_mail::send_link_if_due(w, p, now, &lead)?;
    }
    if signed.contains(&Party::Supervisor) {
        super::supervisor::send_link_if_due(w, p, now, &lead)?;
    }
    Ok(())
}

/// Before a signature: an agreement awaiting signatures whose signatures were given over
/// another text than the one shown (signed before texts were frozen, and changed since) has
/// them voided, and everyone is told; one whose signatures all match has its text frozen.
/// Its own transaction, so the void stands even when the signature that follows is refused.
pub fn settle(w: &Wtx, id: u64, now: i64) -> StoreResult<()> {
    let Some(mut p) = w.get::<Placement>(id)? else {
        return Ok(());
    };
    if p.state != State::AwaitingSignatures || p.signatures.is_empty() {
        return Ok(());
    }
    if stale(w, &p)? {
        let why = crate::said!("its-wording-changed-after-it-was-signed").encode();
        let signed = void_signatures(w, &mut p, Actor::System, now, &why, &[])?;
        relink(w, &mut p, &signed, &why, &[], now)?;
        return placements::save(w, &p);
    }
    let texts = agreement_texts(w, &p)?;
    freeze(w, &p, &texts, now)
}
