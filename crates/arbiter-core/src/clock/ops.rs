//! The arbiter's clock operations, as journal actions that keep the values before and after.
//!
//! The physical clock stays authoritative: an operation records what the arbiter does on the
//! clock, and the mirror then expects the next sample to show exactly that change (classified
//! as an arbiter adjustment rather than unexplained).

use serde::{Deserialize, Serialize};

use super::ClockMs;
use super::control::TimeControl;
use super::reading::ClockTimes;
use crate::by_colour::ByColor;
use crate::model::Color;

/// One arbiter operation on a board's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum ClockOperation {
    /// Add time to one player (FIDE 7.5.5 +2 min, 12.5 disturbance, …).
    AddTime {
        #[serde(with = "crate::model::colour")]
        color: Color,
        ms: u64,
    },
    /// Take time from one player (a penalty, a correction).
    SubtractTime {
        #[serde(with = "crate::model::colour")]
        color: Color,
        ms: u64,
    },
    /// Set both remaining times (a replaced or wrongly set clock, FIDE 6.10): written
    /// `"white_ms": …, "black_ms": …` beside the tag.
    SetTimes(#[serde(with = "crate::by_colour::ms")] ByColor<ClockMs>),
    /// Set a player's count of completed moves (FIDE 6.10.2, 7.1).
    SetMoves {
        #[serde(with = "crate::model::colour")]
        color: Color,
        moves: u32,
    },
    /// The arbiter pauses the clock (FIDE 6.11.1).
    Pause,
    /// The arbiter restarts the clock (FIDE 6.11.3).
    Resume,
    /// Restore the times of the position after each player's move `to_move`, in proportion to
    /// the times used so far (NRW 1987, printed FIDE Laws Art. 12.6; DSB note on 7.1), raised to
    /// the profile's minimum (`floor`; journals without it: the 1987 minimum).
    Reconstruct {
        to_move: u32,
        #[serde(default)]
        floor: TimeFloor,
        /// The times the journal recorded after each player's move `to_move` (White's, Black's):
        /// the actual distribution of the time, used instead of the proportion where it is
        /// known (DSB note on 7.1: the rule of three only where it cannot be established).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::by_colour::array::option"
        )]
        recorded: Option<ByColor<ClockMs>>,
    },
    /// A defective clock replaced by another set to these values (FIDE 6.10.1, pre-2009 6.11,
    /// 1987 12.4): both times and both move counters, written as [`ClockTimes`] beside the tag.
    ReplaceClock(ClockTimes),
    /// An increment introduced for both players from move `from_move` on (Guidelines III.4:
    /// the claimant's request granted): the clock model credits it after every move from
    /// then on, as the clock set by the arbiter does.
    SetIncrement { seconds: u32, from_move: u32 },
}

/// The least remaining time an arbiter's reconstruction or replacement of a clock may leave a
/// player (profile `[clock_corrections]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeFloor {
    /// No minimum: the arbiter's best judgement (FIDE 2017/2023 6.10.1, 7.1; pre-2009 6.11, 6.14).
    None,
    /// At least 5 minutes until the next control (DSB note on 6.10).
    FiveMinutes,
    /// At least 5 minutes in all and 1 minute per move still due before the control (1987 Art.
    /// 12.4 and 12.6).
    #[default]
    FiveMinutesAndOnePerMove,
}

impl TimeFloor {
    /// The minimum remaining time after `moves_done` completed moves under `tc` (0 for `None`).
    pub fn minimum_ms(self, tc: &TimeControl, moves_done: u32) -> u64 {
        match self {
            TimeFloor::None => 0,
            TimeFloor::FiveMinutes => 5 * 60_000,
            TimeFloor::FiveMinutesAndOnePerMove => minimum_after_reconstruction(tc, moves_done),
        }
    }
}

/// The clock before and after an operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OperationOutcome {
    pub before: ClockTimes,
    pub after: ClockTimes,
    /// A remark for the arbiter (e.g. that a minimum time was applied).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Where a minimum bound a computed time: the value computed and the minimum set instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub floors: Vec<FloorApplied>,
}

/// A computed time raised to the profile's minimum (a reconstruction, a replacement clock):
/// the value before the floor and the floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FloorApplied {
    #[serde(with = "crate::model::colour")]
    pub color: Color,
    pub computed_ms: u64,
    pub floor_ms: u64,
}

/// An operation that cannot be applied.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ClockError {
    #[error("cannot take {ms} ms from a player who has {available_ms} ms")]
    NotEnoughTime { ms: u64, available_ms: u64 },
    #[error("it is not known which side of the clock is White")]
    OrientationUnknown,
    #[error("the clock is already paused")]
    AlreadyPaused,
    #[error("the clock is not paused")]
    NotPaused,
    #[error("cannot reconstruct move {to_move}: only {moves_now} moves were completed")]
    ReconstructAhead { to_move: u32, moves_now: u32 },
    #[error("no clock reading yet")]
    NoReading,
}

/// The time used for the first `moves_then` moves, in proportion to the time `used_ms` used for
/// `moves_now` moves: `used × then / now` (rounded down to the millisecond).
///
/// The worked example of the 1987 text: after Black's 30th move the clocks show 90 min used
/// by White and 60 min by Black; an irregularity at move 20 gives 90 × 20 / 30 = 60 min and
/// 60 × 20 / 30 = 40 min.
pub fn proportional_used(used_ms: u64, moves_now: u32, moves_then: u32) -> u64 {
    if moves_now == 0 {
        return 0;
    }
    let v = u128::from(used_ms) * u128::from(moves_then.min(moves_now)) / u128::from(moves_now);
    u64::try_from(v).unwrap_or(u64::MAX)
}

/// The values of a replacement clock from the times reconstructed from the last reports, each
/// raised to `floor`'s minimum; and whether a minimum was applied.
pub fn replacement(tc: &TimeControl, times: ClockTimes, floor: TimeFloor) -> (ClockTimes, bool) {
    let mut raised = false;
    let remaining = times.remaining.zip(times.moves).map(|(ms, moves)| {
        let min = ClockMs::new(floor.minimum_ms(tc, moves));
        if ms < min {
            raised = true;
            min
        } else {
            ms
        }
    });
    (ClockTimes { remaining, ..times }, raised)
}

/// The least time the arbiter may leave a player after a reconstruction: 5 minutes in all and
/// 1 minute per move still required before the next control (1987 Art. 12.4/12.6).
pub fn minimum_after_reconstruction(tc: &TimeControl, moves_done: u32) -> u64 {
    let per_move = tc
        .periods
        .iter()
        .scan(0u32, |sum, p| {
            *sum = sum.saturating_add(p.moves.unwrap_or(u32::MAX));
            Some(*sum)
        })
        .find(|&end| end > moves_done)
        .filter(|&end| end != u32::MAX)
        .map_or(0, |end| u64::from(end - moves_done) * 60_000);
    per_move.max(5 * 60_000)
}

/// Reconstructs the times after each player's move `to_move` from the times `now`: the time
/// each player used is scaled by `to_move / moves_now` and subtracted from the time credited
/// by the time control up to that move; the result is raised to `floor`'s minimum where needed.
/// Returns the new times and whether a minimum was applied.
pub fn reconstruct(
    tc: &TimeControl,
    now: ClockTimes,
    to_move: u32,
    floor: TimeFloor,
) -> Result<(ClockTimes, bool), ClockError> {
    reconstruct_with_floors(tc, now, to_move, floor).map(|(t, f)| (t, !f.is_empty()))
}

/// [`reconstruct`], saying for each player raised to the minimum the value computed before it.
pub fn reconstruct_with_floors(
    tc: &TimeControl,
    now: ClockTimes,
    to_move: u32,
    floor: TimeFloor,
) -> Result<(ClockTimes, Vec<FloorApplied>), ClockError> {
    let moves_now = now.moves.white.min(now.moves.black);
    if to_move > moves_now {
        return Err(ClockError::ReconstructAhead { to_move, moves_now });
    }
    let mut floors = Vec::new();
    let one = |(color, (remaining, moves)): (Color, (ClockMs, u32))| -> ClockMs {
        let used = tc
            .credited_after_moves(moves)
            .saturating_sub(remaining.ms());
        let used_then = proportional_used(used, moves, to_move);
        let value = tc.credited_after_moves(to_move).saturating_sub(used_then);
        let min = floor.minimum_ms(tc, to_move);
        if value < min {
            floors.push(FloorApplied {
                color,
                computed_ms: value,
                floor_ms: min,
            });
            ClockMs::new(min)
        } else {
            ClockMs::new(value)
        }
    };
    let remaining = now.remaining.zip(now.moves).zip_color().map(one);
    Ok((
        ClockTimes {
            remaining,
            moves: ByColor::new_with(|_| to_move),
        },
        floors,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_1987_worked_example() {
        // "Die Uhren zeigen für diese 30 Züge 90 Minuten für Weiß und 60 Minuten für Schwarz":
        // 90 × 20 / 30 = 60 minutes and 60 × 20 / 30 = 40 minutes.
        assert_eq!(proportional_used(90 * 60_000, 30, 20), 60 * 60_000);
        assert_eq!(proportional_used(60 * 60_000, 30, 20), 40 * 60_000);
        // The same through the clock: NRW 2½ h for 50 moves, after Black's 30th move.
        let tc: TimeControl = "150'/50 + 60'/20 rep.".parse().unwrap();
        let now = ClockTimes {
            remaining: ByColor {
                white: ClockMs::minutes(60),
                black: ClockMs::minutes(90),
            },
            moves: ByColor {
                white: 30,
                black: 30,
            },
        };
        let (then, raised) =
            reconstruct(&tc, now, 20, TimeFloor::FiveMinutesAndOnePerMove).unwrap();
        assert!(!raised);
        assert_eq!(then.remaining.white, ClockMs::minutes(90)); // 150 − 60
        assert_eq!(then.remaining.black, ClockMs::minutes(110)); // 150 − 40
        assert_eq!((then.moves.white, then.moves.black), (20, 20));
    }

    #[test]
    fn minimum_is_applied() {
        let tc: TimeControl = "40/120+60".parse().unwrap();
        let now = ClockTimes {
            remaining: ByColor {
                white: ClockMs::ZERO,
                black: ClockMs::minutes(1),
            },
            moves: ByColor {
                white: 39,
                black: 39,
            },
        };
        let (then, raised) =
            reconstruct(&tc, now, 38, TimeFloor::FiveMinutesAndOnePerMove).unwrap();
        assert!(raised);
        let (none, raised) = reconstruct(&tc, now, 38, TimeFloor::None).unwrap();
        assert!(!raised);
        assert!(none.remaining.white < ClockMs::minutes(5));
        assert_eq!(then.remaining.white, ClockMs::minutes(5));
        assert_eq!(minimum_after_reconstruction(&tc, 20), 20 * 60_000);
        assert_eq!(minimum_after_reconstruction(&tc, 45), 5 * 60_000);
        assert!(reconstruct(&tc, now, 40, TimeFloor::None).is_err());
        assert_eq!(proportional_used(u64::MAX, 1, 1), u64::MAX);
        assert_eq!(proportional_used(5, 0, 3), 0);
    }

    #[test]
    fn operations_serialise_with_a_tag() {
        let op = ClockOperation::AddTime {
            color: Color::White,
            ms: 120_000,
        };
        let json = serde_json::to_string(&op).unwrap();
        assert_eq!(json, r#"{"op":"add_time","color":"white","ms":120000}"#);
        assert_eq!(serde_json::from_str::<ClockOperation>(&json).unwrap(), op);
        let json = serde_json::to_string(&ClockOperation::Pause).unwrap();
        assert_eq!(json, r#"{"op":"pause"}"#);
    }
}
