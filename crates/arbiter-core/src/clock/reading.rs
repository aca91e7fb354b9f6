//! The inputs and outputs of the mirror in plain numbers: one clock reading, the times per
//! colour.

use serde::{Deserialize, Serialize};

use super::ClockMs;
use crate::by_colour::ByColor;
use crate::model::ClockSide;

/// One reading of a physical clock, as the state layer converts it from a `clock_sample`
/// record. Times are what the clock displays (whole seconds on DGT clocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    pub left_ms: u64,
    pub right_ms: u64,
    /// The side whose time runs; `None` when the clock is stopped.
    pub running: Option<ClockSide>,
    #[serde(default)]
    pub left_flag: bool,
    #[serde(default)]
    pub right_flag: bool,
    /// Which side is White, when the source reports it (LiveChess does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_side: Option<ClockSide>,
}

impl ClockReading {
    /// A stopped clock showing these times, no flags.
    pub fn stopped(left_ms: u64, right_ms: u64) -> ClockReading {
        ClockReading {
            left_ms,
            right_ms,
            running: None,
            left_flag: false,
            right_flag: false,
            white_side: None,
        }
    }

    /// The same clock with `side` running.
    pub fn running(left_ms: u64, right_ms: u64, side: ClockSide) -> ClockReading {
        ClockReading {
            running: Some(side),
            ..ClockReading::stopped(left_ms, right_ms)
        }
    }

    pub fn time(&self, side: ClockSide) -> u64 {
        match side {
            ClockSide::Left => self.left_ms,
            ClockSide::Right => self.right_ms,
        }
    }

    pub fn flag(&self, side: ClockSide) -> bool {
        match side {
            ClockSide::Left => self.left_flag,
            ClockSide::Right => self.right_flag,
        }
    }
}

/// The clock state the arbiter sees and changes: remaining times and completed moves per
/// colour. Kept before and after every arbiter operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "TimesWire", into = "TimesWire")]
pub struct ClockTimes {
    pub remaining: ByColor<ClockMs>,
    pub moves: ByColor<u32>,
}

/// [`ClockTimes`] as the journal writes it.
#[derive(Serialize, Deserialize)]
struct TimesWire {
    white_ms: ClockMs,
    black_ms: ClockMs,
    white_moves: u32,
    black_moves: u32,
}

impl From<TimesWire> for ClockTimes {
    fn from(w: TimesWire) -> ClockTimes {
        ClockTimes {
            remaining: ByColor {
                white: w.white_ms,
                black: w.black_ms,
            },
            moves: ByColor {
                white: w.white_moves,
                black: w.black_moves,
            },
        }
    }
}

impl From<ClockTimes> for TimesWire {
    fn from(t: ClockTimes) -> TimesWire {
        TimesWire {
            white_ms: t.remaining.white,
            black_ms: t.remaining.black,
            white_moves: t.moves.white,
            black_moves: t.moves.black,
        }
    }
}

/// Index of a clock side in per-side arrays.
pub(crate) fn side_index(side: ClockSide) -> usize {
    match side {
        ClockSide::Left => 0,
        ClockSide::Right => 1,
    }
}

pub(crate) const SIDES: [ClockSide; 2] = [ClockSide::Left, ClockSide::Right];
