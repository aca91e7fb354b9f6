//! The arbiter's interventions and decisions: a confirmed consequence (or a decision's chosen
//! one) applied to the board as data: clock changes (which the clock mirror then expects on
//! the device), the game changed, an illegal move counted, a result, claims, zeroed boards.

use super::{
    Applied, Applying, BoardState, DecisionNote, IllegalEntry, InterventionEntry, MatchState,
    Rejected, ResultEntry, claims, device, game_record,
};
use crate::clock::ClockOperation;
use crate::intervention::{Decision, GameChange, Intervention, InterventionKind};

/// `intervention`: a confirmed intervention.
pub(super) fn intervention(state: &mut MatchState, cx: &Applying, iv: &Intervention) -> Applied {
    apply_intervention(state, cx, iv, None);
    Ok(())
}

/// `decision`: where the rules left the outcome open, the option the arbiter chose, its basis,
/// and its consequence applied as an intervention's.
pub(super) fn decision(state: &mut MatchState, cx: &Applying, d: &Decision) -> Applied {
    let note = DecisionNote {
        situation: d.situation,
        offered: d.options.iter().map(|o| o.key.clone()).collect(),
        chosen: d.chosen.clone(),
        chosen_label: d
            .options
            .iter()
            .find(|o| o.key == d.chosen)
            .map(|o| o.label.clone())
            .unwrap_or_else(|| crate::i18n::Msg::new("decision-option-unknown")),
        basis: d.basis,
    };
    apply_intervention(state, cx, &d.intervention, Some(note));
    Ok(())
}

/// Applies a confirmed intervention (or a decision's chosen consequence). A part of it that
/// cannot apply is rejected (several may be); the rest applies and the intervention is kept.
fn apply_intervention(
    state: &mut MatchState,
    cx: &Applying,
    iv: &Intervention,
    decision: Option<DecisionNote>,
) {
    let c = &iv.confirmed;
    // A finished game changes only by a result correction.
    if let Some(bs) = iv.board.and_then(|b| state.boards.get(b.index()))
        && let Some(locked) = bs.locked
        && (c.result.is_some()
            || c.game.is_some()
            || !c.clock.is_empty()
            || !c.clock_ops.is_empty())
    {
        state.rejected.push(Rejected {
            seq: cx.rec.seq,
            reason: format!(
                "the game on board {} is finished (result recorded at record {}): a change needs \
                 a result correction",
                bs.board, locked.seq
            ),
        });
        return;
    }
    // The board was checked to be in the match before.
    if let Some(bs) = iv.board.and_then(|b| state.boards.get_mut(b.index())) {
        on_board(bs, &mut state.rejected, cx, iv);
    }
    for z in &c.zeroed {
        if !state.zeroed.contains(z) {
            state.zeroed.push(*z);
        }
    }
    state.interventions.push(InterventionEntry {
        at: cx.at,
        intervention: iv.clone(),
        decision,
    });
}

/// What an intervention changes on its board, in order: the game, the clock, an illegal move
/// counted, the result, a claim, a settled mismatch, the device's counts.
fn on_board(bs: &mut BoardState, rejected: &mut Vec<Rejected>, cx: &Applying, iv: &Intervention) {
    let (seq, at) = (cx.rec.seq, cx.at);
    let c = &iv.confirmed;
    // The offender of an illegal move: the player named, else the one whose illegal move
    // the board showed (before the change puts it right).
    let offender = iv.player.or(bs.game.illegal.as_ref().map(|i| i.player));
    if let Some(change) = &c.game
        && let Err(err) = game_record::apply_change(bs, at, change)
    {
        rejected.push(Rejected {
            seq,
            reason: format!("game change: {err}"),
        });
    }
    clock(bs, rejected, cx, iv);
    if let (InterventionKind::IllegalMove { kind, .. }, Some(player)) = (&iv.kind, offender) {
        if let Some(GameChange::Stood { .. }) = &c.game {
            // It stood: not penalised, not counted; a later claim against it is refused.
            game_record::illegal_stood(bs, at, player);
        } else {
            if c.game.is_none() {
                // Ruled on the last legal position (the game record's already), where no
                // move was made on the illegal one (those need the position reinstated).
                game_record::illegal_ruled(bs, false);
            }
            bs.illegal.push(IllegalEntry {
                at,
                player,
                kind: *kind,
            });
        }
    }
    if let Some(result) = c.result {
        result_of(bs, cx, result, c.summary.clone());
    }
    claims::apply_claim(bs, seq, at, iv);
    // The arbiter decided which game stands: the mismatch is settled.
    if iv.kind == InterventionKind::GameMismatch {
        bs.mismatch = None;
    }
    if let (InterventionKind::Resignation { at: when }, Some(_)) = (&iv.kind, c.result) {
        claims::void_after(
            bs,
            seq,
            crate::intervention::resignation_time(when.as_deref()),
        );
    }
    device::check_counts(bs, at);
}

/// An intervention's clock operations and time changes: the mirror expects each on the
/// physical clock, and a correction is due on the device.
fn clock(bs: &mut BoardState, rejected: &mut Vec<Rejected>, cx: &Applying, iv: &Intervention) {
    let (seq, at, clock_ms) = (cx.rec.seq, cx.at, cx.clock_ms);
    let c = &iv.confirmed;
    for op in &c.clock_ops {
        if let Some(mirror) = &mut bs.mirror {
            match mirror.apply_operation(op) {
                Ok(_) => device::after_clock_op(bs, at, clock_ms, op),
                Err(err) => rejected.push(Rejected {
                    seq,
                    reason: format!("clock operation: {err}"),
                }),
            }
        }
    }
    if !c.clock.is_empty() {
        bs.device.correction_due = Some(at);
    }
    if let (InterventionKind::FlagFall { .. }, Some(player)) = (&iv.kind, iv.player) {
        // Ruled: the time credited too early is the arbiter's matter now.
        bs.device.unearned[player] = None;
    }
    for tc in &c.clock {
        bs.time_changes.push((at, *tc));
        // The mirror expects the arbiter's change on the physical clock.
        if let Some(mirror) = &mut bs.mirror {
            let ms = tc.delta_ms.unsigned_abs();
            let op = if tc.delta_ms >= 0 {
                ClockOperation::AddTime {
                    color: tc.player,
                    ms,
                }
            } else {
                ClockOperation::SubtractTime {
                    color: tc.player,
                    ms,
                }
            };
            // The ruling stands (kept in `time_changes` above) whatever the mirror makes of
            // it: a mirror that cannot expect the change (which side is White unknown yet, or
            // less time left than taken) sees it on the device as an unexplained change, which
            // its status shows.
            let _ = mirror.apply_operation(&op);
        }
    }
}

/// The result an intervention rules; the first result ends the game.
fn result_of(bs: &mut BoardState, cx: &Applying, result: crate::model::GameResult, reason: String) {
    bs.result = Some(ResultEntry {
        at: cx.at,
        result,
        reason,
        ending: None,
        overridden: Vec::new(),
    });
    if bs.locked.is_none() {
        bs.locked = Some(cx.at);
        bs.locked_clock_ms = Some(cx.clock_ms);
    }
}
