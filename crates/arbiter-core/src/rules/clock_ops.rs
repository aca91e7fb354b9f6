//! The arbiter's operations on a board's clock as journal records: pause and resume (FIDE 6.11),
//! both times set (6.10.2), a move counter set (6.10.2, 7.1), the used times reconstructed in
//! proportion (1987 Art. 12.6; DSB note on 7.1) with the profile's minimum, and a defective clock
//! replaced by one set to the values reconstructed from the last reports (6.10.1; 1987 12.4)
//! with the profile's minimum. Each is one `clock_adjusted` record with the clock before and
//! after, computed by the board's clock model.

use super::*;
use crate::clock::{ClockOperation, ClockTimes, OperationOutcome, TimeFloor};
use crate::record::ClockAdjusted;

/// Why an operation cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OperationError {
    #[error("board {0} is not in this match")]
    NoBoard(BoardNo),
    #[error("board {0} has no clock model yet (no session with a time control)")]
    NoClock(BoardNo),
    #[error("the game on board {0} is finished: correct its result first")]
    Finished(BoardNo),
    #[error("{0}")]
    Clock(#[from] crate::clock::ClockError),
}

/// The operation as the profile and the journal have it: a reconstruction gets the profile's
/// minimum, and the times the journal recorded after each player's move `to_move` where it
/// holds them (the actual distribution of the time, used instead of the proportion: DSB note on
/// 7.1; 1987 12.6 "wenn es … nicht möglich ist, … festzustellen").
fn with_profile(m: &Match, bs: &BoardState, op: ClockOperation) -> ClockOperation {
    match op {
        ClockOperation::Reconstruct { to_move, .. } => ClockOperation::Reconstruct {
            to_move,
            floor: m.profile.clock_corrections.reconstruction_floor,
            recorded: recorded_after(bs, to_move),
        },
        other => other,
    }
}

/// Both clocks as the journal recorded them after each player's move `n`: White's once his
/// n-th move was completed, Black's once his n-th was (the first report after each move that
/// showed the mover's clock stopped).
pub fn recorded_after(bs: &BoardState, n: u32) -> Option<ByColor<ClockMs>> {
    if n == 0 {
        return None;
    }
    let at = |ply: u32| {
        bs.game_moves()
            .map(|(_, e)| e)
            .find(|e| e.ply == ply)
            .and_then(|e| e.clock_ms)
    };
    Some(ByColor {
        white: ClockMs::new(at(2 * n - 1)?),
        black: ClockMs::new(at(2 * n)?),
    })
}

/// The minimum a replacement clock's values were raised to, per player, against the times the
/// console's clock shows now (the value before the floor).
fn replacement_floors(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    op: &ClockOperation,
    now: MonoMs,
) -> Vec<crate::clock::FloorApplied> {
    let ClockOperation::ReplaceClock(set) = op else {
        return Vec::new();
    };
    let Some(c) = crate::clock_now::clock_at(s, bs, now) else {
        return Vec::new();
    };
    let floor = m.profile.clock_corrections.replacement_floor;
    let mut v = Vec::new();
    for (color, (set, moves)) in set.remaining.zip(set.moves).zip_color() {
        let min = floor.minimum_ms(&m.time_control, moves);
        let (set, computed) = (set.ms(), c.of(color).ms());
        if min > 0 && set == min && computed < min {
            v.push(crate::clock::FloorApplied {
                color,
                computed_ms: computed,
                floor_ms: min,
            });
        }
    }
    v
}

/// The record for an arbiter's clock operation on `board` at `now`, with the clock before and
/// after it, and the outcome (a note where a minimum was applied).
pub fn clock_operation(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    op: ClockOperation,
    reason: &str,
    now: MonoMs,
) -> Result<(Event, OperationOutcome), OperationError> {
    let bs = s.board(board).ok_or(OperationError::NoBoard(board))?;
    if bs.locked.is_some() {
        return Err(OperationError::Finished(board));
    }
    let mut mirror = bs.mirror.clone().ok_or(OperationError::NoClock(board))?;
    let op = with_profile(m, bs, op);
    let mut outcome = mirror.apply_operation(&op)?;
    outcome
        .floors
        .extend(replacement_floors(m, s, bs, &op, now));
    let event = Event::from(ClockAdjusted {
        board,
        op,
        reason: reason.trim().to_string(),
        before: outcome.before,
        after: outcome.after,
        floors: outcome.floors.clone(),
    });
    Ok((event, outcome))
}

/// A proportional reconstruction of both clocks to move `to_move`, with the profile's minimum
/// (`[clock_corrections] reconstruction_floor`).
pub fn reconstruction(m: &Match, to_move: u32) -> ClockOperation {
    ClockOperation::Reconstruct {
        to_move,
        floor: m.profile.clock_corrections.reconstruction_floor,
        recorded: None,
    }
}

/// What an operation's outcome says about its times, as lines for the screen: the journal's
/// times used instead of the proportion, and every minimum applied with the value before it.
pub fn operation_notes(op: &ClockOperation, outcome: &OperationOutcome) -> Vec<Msg> {
    let mut v = Vec::new();
    if let ClockOperation::Reconstruct {
        to_move,
        recorded: Some(_),
        ..
    } = op
    {
        v.push(msg!("rules-clock-recorded-times", moves = *to_move));
    }
    v.extend(floor_notes(&outcome.floors));
    v
}

/// "floor applied": each minimum that bound a computed time, with the value before it.
pub fn floor_notes(floors: &[crate::clock::FloorApplied]) -> Vec<Msg> {
    floors
        .iter()
        .map(|f| {
            msg!(
                "rules-clock-floor-applied",
                player = f.color,
                computed = format_hms(f.computed_ms),
                floor = format_hms(f.floor_ms)
            )
        })
        .collect()
}

/// The values for a clock that replaces a defective one: both times as the console's clock shows
/// them now (counted on from the last reports), both players' completed moves, each time raised
/// to the profile's minimum (`[clock_corrections] replacement_floor`). Returns the operation and
/// whether a minimum was applied.
pub fn replacement_values(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
) -> Option<(ClockOperation, bool)> {
    let c = crate::clock_now::clock_at(s, bs, now)?;
    let moves = |color: Color| -> u32 {
        if bs.has_board_moves() {
            bs.completed(color, None)
        } else {
            bs.mirror
                .as_ref()
                .and_then(|mr| mr.color_moves(color))
                .unwrap_or(0)
        }
    };
    let times = ClockTimes {
        remaining: c.shown,
        moves: ByColor::new_with(moves),
    };
    let floor: TimeFloor = m.profile.clock_corrections.replacement_floor;
    let (t, raised) = crate::clock::replacement(&m.time_control, times, floor);
    Some((ClockOperation::ReplaceClock(t), raised))
}

/// The articles an operation rests on, for the screen and the record's reason.
pub fn operation_articles(m: &Match, op: &ClockOperation) -> Vec<String> {
    let cc = &m.profile.clock_corrections;
    let article = match op {
        ClockOperation::Pause | ClockOperation::Resume => "6.11",
        ClockOperation::SetTimes { .. } | ClockOperation::SetMoves { .. } => "6.10.2",
        ClockOperation::AddTime { .. } | ClockOperation::SubtractTime { .. } => "7.1",
        ClockOperation::Reconstruct { .. } => "7.1",
        ClockOperation::ReplaceClock { .. } => "6.10.1",
        ClockOperation::SetIncrement { .. } => "III.4",
    };
    let mut v = cite(m, article, "");
    if matches!(
        op,
        ClockOperation::Reconstruct { .. } | ClockOperation::ReplaceClock { .. }
    ) {
        for c in cite(m, &cc.article, &cc.source) {
            if !v.contains(&c) {
                v.push(c);
            }
        }
    }
    v
}
