//! Conflict warnings: where a historical profile's rule gives a different outcome from the Laws
//! in force, the proposal says what the Laws in force would prescribe, beside the profile's
//! outcome, so that the arbiter confirms knowingly.
//!
//! The Laws in force are a profile too (`config/rules/fide-2023.toml`, compiled in): the same
//! request is proposed under it, on the same state, mode and time control, and the two
//! consequences are compared. Nothing here branches on a profile's name: a profile whose `laws`
//! are the Laws in force (e.g. `bundesliga`) gets no warnings, since its league rules are not an
//! edition of the Laws.

use std::sync::OnceLock;

use super::*;
use crate::profile::RuleProfile;

/// The profile of the Laws in force.
const LAWS_IN_FORCE: &str = include_str!("../../../../config/rules/fide-2023.toml");

/// The Laws in force, parsed once (`None` if the compiled-in text does not parse, which the
/// tests rule out).
pub fn laws_in_force() -> Option<&'static RuleProfile> {
    static P: OnceLock<Option<RuleProfile>> = OnceLock::new();
    P.get_or_init(|| {
        RuleProfile::parse(
            std::path::Path::new("config/rules/fide-2023.toml"),
            LAWS_IN_FORCE,
        )
        .ok()
    })
    .as_ref()
}

/// Whether the Laws rule on this kind of intervention (a league's procedure, a protest or a
/// lineup is not an edition's rule).
fn ruled_by_the_laws(kind: &InterventionKind) -> bool {
    matches!(
        kind,
        InterventionKind::IllegalMove { .. }
            | InterventionKind::DrawClaim { .. }
            | InterventionKind::DrawAgreement
            | InterventionKind::FlagFall { .. }
            | InterventionKind::Penalty { .. }
            | InterventionKind::ElectronicDevice { .. }
            | InterventionKind::GameEnded
            | InterventionKind::ExternalDisturbance { .. }
            | InterventionKind::RefusalToComply { .. }
            | InterventionKind::UnableToRecord { .. }
    )
}

/// What a proposal changes, for the comparison: the clocks, the result, a warning, zeroed
/// boards; an open decision; a missing fact.
fn outcome(p: &Proposal) -> (Vec<TimeChange>, Option<GameResult>, bool, bool, bool) {
    (
        p.consequence.clock.clone(),
        p.consequence.result,
        p.consequence.warning,
        p.decision.is_some(),
        p.missing.is_some(),
    )
}

/// Proposes `req` under the Laws in force as well and, where the outcome differs, sets
/// `p.conflict` to what they prescribe.
pub(super) fn check(m: &Match, s: &MatchState, req: &Request, now: MonoMs, p: &mut Proposal) {
    let Some(reference) = laws_in_force() else {
        return;
    };
    if m.profile.laws == reference.laws || !ruled_by_the_laws(&req.kind) {
        return;
    }
    let mut under = m.clone();
    under.profile = reference.clone();
    let q = propose_by_profile(&under, s, req, now);
    if outcome(&q) == outcome(p) {
        return;
    }
    let said = if q.decision.is_some() {
        msg!("conflict-outcome-open")
    } else if q.missing.is_some() {
        msg!("conflict-outcome-arbiter-enters")
    } else if let Some(sm) = q.consequence.summary_msg.as_deref() {
        sm.clone()
    } else {
        msg!("conflict-outcome-no-change")
    };
    p.conflict = Some(msg!(
        "conflict-laws-in-force",
        laws = &reference.laws,
        articles = q.articles.join("; "),
        outcome = said
    ));
}
