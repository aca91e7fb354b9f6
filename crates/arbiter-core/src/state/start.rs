//! The start of play: the round started, the start the captains agreed, the players'
//! arrivals, colours set by the arbiter and the lot that decides a drawn play-off.

use super::{Applied, Applying, BoardState, MatchState, Stamp, team_index};
use crate::procedure::{ColoursOverridden, LotDrawn, StartAgreed};
use crate::record::{PlayerArrived, RoundStarted};
use crate::time::WallMs;

/// `round_started`: the actual start of the round, at the time the arbiter entered; once.
pub(super) fn round_started(state: &mut MatchState, cx: &Applying, e: &RoundStarted) -> Applied {
    if state.round_started.is_some() {
        return Err("the round was already started".into());
    }
    state.round_started = Some(Stamp::entered(cx.rec, e.at));
    Ok(())
}

/// `player_arrived`: a player at the board, at the time the arbiter entered. The first
/// arrival stands; a second one is not kept silently.
pub(super) fn arrived(bs: &mut BoardState, cx: &Applying, e: &PlayerArrived) -> Applied {
    let slot = &mut bs.arrived[team_index(e.team)];
    match slot {
        None => {
            *slot = Some(Stamp::entered(cx.rec, e.at));
            Ok(())
        }
        Some(first) => Err(format!(
            "board {}: the {} player already arrived (record {}): a second arrival is not \
             recorded",
            bs.board, e.team, first.seq
        )),
    }
}

/// `start_agreed`: the start of play the captains agreed, before the round started.
pub(super) fn agreed(state: &mut MatchState, cx: &Applying, e: &StartAgreed) -> Applied {
    let t = chrono::DateTime::parse_from_rfc3339(&e.time)
        .map_err(|err| format!("agreed start {:?} is not an RFC 3339 time: {err}", e.time))?;
    if state.round_started.is_some() {
        return Err("the round was already started".into());
    }
    state.procedure.agreed_start = Some((cx.at, WallMs::from_datetime(&t)));
    Ok(())
}

/// `colours_overridden`: a board's colours set by the arbiter, with the reason; the last one
/// per board stands.
pub(super) fn colours_overridden(
    state: &mut MatchState,
    cx: &Applying,
    e: &ColoursOverridden,
) -> Applied {
    if e.reason.trim().is_empty() {
        return Err("colours can be overridden only with a reason".into());
    }
    let p = &mut state.procedure;
    p.colour_overrides.retain(|(_, c)| c.board != e.board);
    p.colour_overrides.push((cx.at, e.clone()));
    Ok(())
}

/// `lot_drawn`: the lot that decided a drawn play-off, once, naming who drew it.
pub(super) fn lot_drawn(state: &mut MatchState, cx: &Applying, e: &LotDrawn) -> Applied {
    let p = &mut state.procedure;
    if let Some((first, _)) = &p.lot {
        return Err(format!("the lot was already drawn (record {})", first.seq));
    }
    if e.drawn_by.trim().is_empty() {
        return Err("a lot names who drew it".into());
    }
    p.lot = Some((cx.at, e.clone()));
    Ok(())
}
