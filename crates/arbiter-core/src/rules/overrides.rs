//! Forms derive from the proposal: a field the rules decided (a draw claim's correctness found
//! in the game record, the consequence) is journaled otherwise only with an override record
//! beside the proposal: the field, the proposed and the chosen value, and the arbiter's reason.

use super::*;
use crate::intervention::OverrideField;

/// What the arbiter confirms: the consequence, his reason, and the reason for each field he
/// sets against the proposal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Confirmation {
    pub confirmed: Consequence,
    pub reason: String,
    /// The fields overridden, each with its reason.
    pub overrides: Vec<(OverrideField, String)>,
}

/// What a consequence changes, without its words.
fn effect(c: &Consequence) -> Consequence {
    Consequence {
        summary: String::new(),
        summary_msg: None,
        ..c.clone()
    }
}

fn words(c: &Consequence) -> Msg {
    match &c.summary_msg {
        Some(m) => (**m).clone(),
        None if effect(c) == Consequence::default() => msg!("override-value-nothing"),
        None => msg!("override-value-text", text = &c.summary),
    }
}

fn yes_no(b: bool) -> Msg {
    if b {
        msg!("override-value-correct")
    } else {
        msg!("override-value-incorrect")
    }
}

/// The fields where `req` and `confirmed` contradict the proposal `p`: (field, proposed value,
/// chosen value). A time correction's own amount, where the rules prescribe none,
/// is the arbiter's entry, no contradiction.
pub fn contradictions(
    m: &Match,
    s: &MatchState,
    req: &Request,
    p: &Proposal,
    confirmed: &Consequence,
    now_mono: MonoMs,
) -> Vec<(OverrideField, Msg, Msg)> {
    let mut v = Vec::new();
    let mut expected = p.consequence.clone();
    if let InterventionKind::DrawClaim { correct, .. } = &req.kind
        && let Some(found) = p.finding
        && found != *correct
    {
        v.push((OverrideField::ClaimCorrect, yes_no(found), yes_no(*correct)));
        // What the arbiter's finding gives is the consequence the override confirms.
        expected = propose_on_finding(m, s, req, now_mono).consequence;
    }
    let own_amount = matches!(req.kind, InterventionKind::TimeCorrection)
        && expected.clock.is_empty()
        && effect(&Consequence {
            clock: Vec::new(),
            ..confirmed.clone()
        }) == effect(&expected);
    if effect(confirmed) != effect(&expected) && !own_amount {
        v.push((
            OverrideField::Consequence,
            words(&expected),
            words(confirmed),
        ));
    }
    v
}

/// The journal event for a confirmation that keeps to the proposal, or overrides each field it
/// contradicts with a reason: otherwise the message saying which field needs one. The
/// override records name the values the rules and the arbiter gave, beside the proposal.
pub fn confirm_checked(
    m: &Match,
    s: &MatchState,
    req: &Request,
    p: &Proposal,
    c: Confirmation,
    now_mono: MonoMs,
) -> Result<Event, Msg> {
    if let Some(what) = &p.reason_required
        && c.reason.trim().is_empty()
    {
        return Err(what.clone());
    }
    mandatory_kept(p, &c.confirmed)?;
    let overridden = with_reasons(
        contradictions(m, s, req, p, &c.confirmed, now_mono),
        &c.overrides,
    )?;
    let mut ev = confirm(req, p, c.confirmed, c.reason);
    if let Event::Intervention(iv) = &mut ev {
        iv.overridden = overridden;
    }
    Ok(ev)
}

/// A confirmation must keep every clock change the text makes mandatory ([`Proposal::mandatory`]:
/// "shall", "werden … zugesprochen"); no override removes one.
pub fn mandatory_kept(p: &Proposal, confirmed: &Consequence) -> Result<(), Msg> {
    match p.mandatory.iter().find(|tc| !confirmed.clock.contains(tc)) {
        Some(tc) => Err(msg!(
            "rules-override-mandatory",
            change = time_change(tc),
            articles = p.articles.join(", ")
        )),
        None => Ok(()),
    }
}

/// The override records for `contradictions` (field, what the rules give, what the arbiter
/// chose), each with its reason from `overrides`: the message naming the first field that has
/// none.
pub fn with_reasons(
    contradictions: Vec<(OverrideField, Msg, Msg)>,
    overrides: &[(OverrideField, String)],
) -> Result<Vec<Override>, Msg> {
    contradictions
        .into_iter()
        .map(|(field, proposed, chosen)| {
            let reason = overrides
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, r)| r.trim().to_string())
                .unwrap_or_default();
            if reason.is_empty() {
                return Err(msg!(
                    "rules-override-needs-reason",
                    field = Msg::new(field.message_id()),
                    proposed = proposed,
                    chosen = chosen
                ));
            }
            Ok(Override {
                field,
                proposed,
                chosen,
                reason,
            })
        })
        .collect()
}
