//! Time controls (Bedenkzeit): periods, increment or delay, and when a period's time is added.
//!
//! FIDE Art. 6.3.1 (2017/2023): the number of moves and the time per period must be specified in
//! advance; Art. 6.3.2: saved time carries over; delay mode: the main time only runs after the
//! delay has expired.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A complete time control as written in a rule profile.
///
/// TOML shape (in a profile's `[time_control]` table):
/// ```toml
/// periods = [ { moves = 40, minutes = 90 }, { minutes = 30 } ]
/// per_move = { kind = "increment", seconds = 30, from_move = 1 }
/// period_time_added = "on_move"
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// The periods in order. A period without `moves` lasts for the rest of the game and must be
    /// the last one; a period with `repeat = true` repeats until the end of the game and must
    /// also be the last.
    pub periods: Vec<Period>,
    /// Increment or delay per move, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move: Option<PerMove>,
    /// When a period's time is added to the clock.
    #[serde(default)]
    pub period_time_added: PeriodAddition,
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// Moves to be completed in this period; `None` = the rest of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Base time of the period in whole minutes.
    #[serde(default)]
    pub minutes: u32,
    /// Extra seconds of base time (for controls such as 3 min 30 s); usually 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seconds: u32,
    /// The period repeats until the end of the game ("1 h for each further 20 moves").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

impl Period {
    /// Base time in milliseconds.
    pub fn base_ms(&self) -> u64 {
        (u64::from(self.minutes) * 60 + u64::from(self.seconds)) * 1000
    }
}

/// Time added or waited per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerMove {
    pub kind: PerMoveKind,
    pub seconds: u32,
    /// The first move (1-based) from which the increment or delay applies; 1 = from move 1.
    #[serde(default = "one")]
    pub from_move: u32,
}

fn one() -> u32 {
    1
}

/// The kind of per-move time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PerMoveKind {
    /// Fischer increment: added after each move.
    Increment,
    /// Bronstein delay: the time used, up to the delay, is given back after the move.
    Bronstein,
    /// Simple (US) delay: the main time runs only after the delay has expired (FIDE "delay mode").
    SimpleDelay,
}

/// When the next period's time is added to a player's clock.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodAddition {
    /// When the player completes the required number of moves (FIDE; clocks with move counters).
    #[default]
    OnMove,
    /// When the player's time in the period runs out (DGT 3000 presets without a move counter).
    OnFlag,
}

impl PerMoveKind {
    /// Whether time is added per move (Fischer), as opposed to a delay.
    pub fn is_increment(self) -> bool {
        self == PerMoveKind::Increment
    }
}

impl TimeControl {
    /// Checks that the time control is possible; returns a description of the first problem.
    pub fn validate(&self) -> Result<(), String> {
        if self.periods.is_empty() {
            return Err("a time control needs at least one period".into());
        }
        let last = self.periods.len() - 1;
        for (i, p) in self.periods.iter().enumerate() {
            let n = i + 1;
            if p.base_ms() == 0 && !(p.moves.is_some() && self.per_move.is_some() && i > 0) {
                return Err(format!("period {n} has no time (minutes = 0)"));
            }
            if p.seconds >= 60 {
                return Err(format!(
                    "period {n}: seconds = {} must be below 60 (use minutes)",
                    p.seconds
                ));
            }
            if p.moves == Some(0) {
                return Err(format!(
                    "period {n}: moves = 0 (omit `moves` for the rest of the game)"
                ));
            }
            if i < last && p.moves.is_none() {
                return Err(format!(
                    "period {n} lasts for the rest of the game but period {} follows it",
                    n + 1
                ));
            }
            if p.repeat && i < last {
                return Err(format!("period {n} repeats but is not the last period"));
            }
            if p.repeat && p.moves.is_none() {
                return Err(format!("period {n} repeats but has no number of moves"));
            }
        }
        if let Some(pm) = self.per_move {
            if pm.seconds == 0 {
                return Err("per_move.seconds is 0 (omit per_move for no increment)".into());
            }
            if pm.seconds > 600 {
                return Err(format!(
                    "per_move.seconds = {} is over 10 minutes",
                    pm.seconds
                ));
            }
            if pm.from_move == 0 {
                return Err("per_move.from_move is 0; moves count from 1".into());
            }
        }
        Ok(())
    }

    /// The initial time on each clock: the first period's base time.
    pub fn initial_ms(&self) -> u64 {
        self.periods.first().map(Period::base_ms).unwrap_or(0)
    }

    /// Whether the game has an increment or delay per move (Guidelines III do not apply then).
    pub fn has_per_move(&self) -> bool {
        self.per_move.is_some()
    }
}

/// FIDE-style notation such as `90/40 + 30 + 30s` (minutes per moves, then the rest, then the
/// increment), `120/40 + 60/20 rep.` for repeating periods, `d5s` for a delay.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            if p.seconds == 0 {
                write!(f, "{}", p.minutes)?;
            } else {
                write!(f, "{}:{:02}", p.minutes, p.seconds)?;
            }
            if let Some(m) = p.moves {
                write!(f, "/{m}")?;
            }
            if p.repeat {
                f.write_str(" rep.")?;
            }
        }
        if let Some(pm) = self.per_move {
            match pm.kind {
                PerMoveKind::Increment => write!(f, " + {}s", pm.seconds)?,
                PerMoveKind::Bronstein => write!(f, " + d{}s (Bronstein)", pm.seconds)?,
                PerMoveKind::SimpleDelay => write!(f, " + d{}s", pm.seconds)?,
            }
            if pm.from_move > 1 {
                write!(f, " from move {}", pm.from_move)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundesliga() -> TimeControl {
        TimeControl {
            periods: vec![
                Period {
                    moves: Some(40),
                    minutes: 90,
                    seconds: 0,
                    repeat: false,
                },
                Period {
                    moves: None,
                    minutes: 30,
                    seconds: 0,
                    repeat: false,
                },
            ],
            per_move: Some(PerMove {
                kind: PerMoveKind::Increment,
                seconds: 30,
                from_move: 1,
            }),
            period_time_added: PeriodAddition::OnMove,
        }
    }

    #[test]
    fn displays_fide_notation() {
        assert_eq!(bundesliga().to_string(), "90/40 + 30 + 30s");
    }

    #[test]
    fn rejects_rest_of_game_before_last() {
        let mut tc = bundesliga();
        tc.periods.swap(0, 1);
        assert!(tc.validate().unwrap_err().contains("rest of the game"));
    }
}
