//! The game on a board as its feed and the arbiter report it: positions and irregular
//! placements on the e-board, moves made, taken back and recovered from the board's log, a
//! game taken up again after a restart, and a position or clock mode the arbiter sets.

use super::{Applied, Applying, BoardState, MoveStatus, NoteEntry, device, game_record};
use crate::record::{
    BoardIrregularity, BoardPosition, BoardSetup, GameReconciled, MoveMade, MovesRecovered,
    MovesTakenBack, ReconcileOutcome,
};

/// `board_position`: the placement the e-board shows.
pub(super) fn position(bs: &mut BoardState, cx: &Applying, e: &BoardPosition) -> Applied {
    bs.placement = Some(e.placement.clone());
    game_record::placement_shown(bs, &e.placement);
    bs.last_data = Some(cx.at);
    Ok(())
}

/// `irregularity`: a placement that is no legal move.
pub(super) fn irregularity(bs: &mut BoardState, cx: &Applying, e: &BoardIrregularity) -> Applied {
    game_record::irregular(
        bs,
        cx.at,
        &e.placement,
        e.detail_msg.as_ref().map(|m| m.id.as_ref()),
    );
    bs.irregularities.push(NoteEntry {
        at: cx.at,
        text: e.detail.clone(),
        msg: e.detail_msg.clone(),
    });
    bs.last_data = Some(cx.at);
    Ok(())
}

/// `move`: a move on the board, mirrored on the clock and counted.
pub(super) fn made(bs: &mut BoardState, cx: &Applying, e: &MoveMade) -> Applied {
    if let Some(mirror) = &mut bs.mirror {
        mirror.apply_move(e.ply);
    }
    // A move before the previous one was completed on the clock: how long either
    // player thought cannot be told until both have completed a move again.
    if bs
        .moves
        .iter()
        .rev()
        .find(|m| m.status == MoveStatus::Played)
        .is_some_and(|m| m.clock_ms.is_none())
    {
        bs.running_for_ms = [None, None];
    }
    game_record::apply_move(bs, cx.at, e, cx.game_ends);
    device::check_counts(bs, cx.at);
    bs.last_data = Some(cx.at);
    Ok(())
}

/// `takeback`: moves taken back on the board, noted.
pub(super) fn taken_back(bs: &mut BoardState, cx: &Applying, e: &MovesTakenBack) -> Applied {
    game_record::take_back(bs, cx.at, e.to_ply);
    device::check_counts(bs, cx.at);
    let text = if e.detail.is_empty() {
        format!("moves taken back to ply {}", e.to_ply)
    } else {
        e.detail.clone()
    };
    bs.feed_notes.push(NoteEntry {
        at: cx.at,
        text,
        msg: None,
    });
    bs.last_data = Some(cx.at);
    Ok(())
}

/// `moves_recovered`: moves read from the e-board's log after a gap, noted.
pub(super) fn recovered(bs: &mut BoardState, cx: &Applying, e: &MovesRecovered) -> Applied {
    let text = if e.detail.is_empty() {
        format!(
            "plies {} to {} recovered from the e-board's move log",
            e.from_ply, e.to_ply
        )
    } else {
        e.detail.clone()
    };
    bs.feed_notes.push(NoteEntry {
        at: cx.at,
        text,
        msg: None,
    });
    Ok(())
}

/// `reconciled`: a feed started again took up the journaled game: the clocks of journaled
/// moves its log told, and a different game left for the arbiter.
pub(super) fn reconciled(bs: &mut BoardState, cx: &Applying, e: &GameReconciled) -> Applied {
    let game: Vec<usize> = bs.game_moves().map(|(i, _)| i).collect();
    for &(n, ms) in &e.clocks {
        if let Some(&i) = usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|k| game.get(k))
        {
            let mv = &mut bs.moves[i];
            if mv.clock_ms.is_none() {
                mv.clock_ms = Some(ms);
                mv.completed_at.get_or_insert(cx.at);
            }
        }
    }
    bs.reconciled.push((cx.at, e.clone()));
    bs.mismatch = match e.outcome {
        // Nothing of the other game is taken: the arbiter decides.
        ReconcileOutcome::Different => Some((cx.at, e.clone())),
        ReconcileOutcome::Same | ReconcileOutcome::Extended => None,
    };
    Ok(())
}

/// `board_setup`: the arbiter sets a position (not after the result) or the clock's mode.
pub(super) fn setup(bs: &mut BoardState, cx: &Applying, e: &BoardSetup) -> Applied {
    if bs.locked.is_some() && e.fen.is_some() {
        return Err(format!(
            "the game on board {} is finished: correct its result before setting a position",
            bs.board
        ));
    }
    if let Some(fen) = &e.fen {
        game_record::set_position(bs, cx.at, fen)?;
    }
    if let Some(mode) = e.clock_adds {
        bs.device.mode = Some(mode);
        if let Some(mirror) = &mut bs.mirror {
            mirror.set_period_addition(mode);
        }
    }
    device::check_counts(bs, cx.at);
    Ok(())
}
