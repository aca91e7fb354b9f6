//! The scenario description: incidents scripted per board (serde; TOML or JSON).
//!
//! ```toml
//! [[incident]]
//! kind = "late_arrival"   # the player of `color` arrives `delay_s` late (clock runs)
//! board = 3
//! color = "black"
//! delay_s = 600
//!
//! [[incident]]
//! kind = "illegal_move"   # before ply `after_ply + 1` an illegal move stands `hold_s`,
//! board = 2               # the clock is pressed, then the arbiter restores the position
//! after_ply = 10
//! ```
//! Kinds: `late_arrival`, `illegal_move`, `clock_adjust`, `flag`, `pause`, `disconnect`,
//! `corrupt`, `wrong_preset`, the device faults `garbage_only`, `zero_clock_reports`,
//! `no_clock`, `battery_low`, `period_at_zero`, `flood`, `takeback`, `turn_bits_2015`, the
//! hostile feeds `garbage_flood`, `unsolicited_acks`, `livechess_noise`, and LiveChess' own
//! habits `livechess_correction`, `livechess_two_moves` (see `docs/FEEDS.md`). `after_ply` counts the half-moves already played; `offset_s` is
//! the game time after that ply's clock press (default 5 s).

use serde::{Deserialize, Serialize};

/// A colour in a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorName {
    White,
    Black,
}

impl From<ColorName> for shakmaty::Color {
    fn from(c: ColorName) -> Self {
        match c {
            ColorName::White => shakmaty::Color::White,
            ColorName::Black => shakmaty::Color::Black,
        }
    }
}

fn two() -> u64 {
    2
}

fn five() -> u64 {
    5
}
fn ten() -> u64 {
    10
}
fn three() -> u32 {
    3
}
fn two_hundred() -> usize {
    200
}
fn ten_thousand() -> usize {
    10_000
}
fn thousand() -> u32 {
    1_000
}
fn hundred() -> u32 {
    100
}

/// What a hostile LiveChess endpoint sends (`livechess_noise`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LiveChessJunk {
    /// Text that is not JSON.
    BadJson,
    /// A feed event cut in the middle.
    Truncated,
    /// Binary websocket messages.
    Binary,
    /// A message longer than the console reads
    /// (`arbiter_protocol::budget::MAX_WS_MESSAGE_BYTES`): the console drops the link.
    Oversized,
    /// A feed event whose move list is longer than `MAX_PLIES`.
    LongList,
    /// Bad JSON, truncated, binary and long lists in turn.
    #[default]
    Mixed,
}

/// One scripted incident.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Incident {
    /// The player arrives late: their clock runs, their first move comes `delay_s` later.
    LateArrival {
        board: u16,
        color: ColorName,
        delay_s: u64,
    },
    /// An illegal move (a piece of the side to move put on a square no legal move reaches);
    /// the clock is pressed; after `hold_s` the arbiter restores the position and the clock.
    IllegalMove {
        board: u16,
        after_ply: u32,
        #[serde(default = "ten")]
        hold_s: u64,
    },
    /// The arbiter adds (or removes, negative) time on the clock.
    ClockAdjust {
        board: u16,
        after_ply: u32,
        color: ColorName,
        add_s: i64,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The side to move after `after_ply` never moves: its flag falls.
    Flag { board: u16, after_ply: u32 },
    /// The clock is paused for `duration_s`.
    Pause {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The board stops answering for `duration_s` (cable pulled).
    Disconnect {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// `bytes` corrupted bytes are sent in the stream.
    Corrupt {
        board: u16,
        after_ply: u32,
        bytes: usize,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The clock was set with a wrong time for one side.
    WrongPreset {
        board: u16,
        color: ColorName,
        preset_s: u64,
    },
    /// The line carries only noise for `duration_s`: `bytes_per_s` bytes a second that form no
    /// frame, and the board does not answer (a broken cable or adapter).
    GarbageOnly {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "two_hundred")]
        bytes_per_s: usize,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The clock sends `count` empty clock reports (all zeros), as Bluetooth boards do after a
    /// clock command.
    ZeroClockReports {
        board: u16,
        after_ply: u32,
        #[serde(default = "three")]
        count: u32,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The clock is unplugged from the board for `duration_s`: clock reports say "no clock"
    /// (DGT status 0x20; LiveChess `clock: null`).
    NoClock {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The clock's battery runs low: from then on its reports carry the low-battery bit (0x04).
    BatteryLow {
        board: u16,
        after_ply: u32,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// A DGT 3000 without a move counter: both clocks start with `first_period_s`; when one
    /// side reaches 0:00 the next period's time (the time control's bonus) is added to both
    /// sides and that side shows the period flag (0x40, not blinking) for five minutes; at 0:00
    /// in the last period the final flag (0x10) shows and the clock freezes.
    PeriodAtZero { board: u16, first_period_s: u64 },
    /// A flood: `per_s` extra messages per second of game time for `duration_s`. DGT: clock
    /// reports alternating between the display and one second more; LiveChess: events
    /// alternating between the move list and the list without its last move (a takeback and a
    /// resend, again and again).
    Flood {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        per_s: u32,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// LiveChess: `plies` moves are taken back (the list gets shorter), then, a second later,
    /// the full list is sent again, twice (a resend).
    Takeback {
        board: u16,
        after_ply: u32,
        plies: u32,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// The clock's turn bits as the 2015 protocol header describes them (0x08 with the right
    /// side running, 0x10 with the left), the other way round from the clocks recorded.
    TurnBits2015 { board: u16 },
    /// DGT: a flood of noise on the line while the board plays on and answers: `bytes_per_s`
    /// bytes a second of game time of line noise, frames of the wrong length, frames cut short,
    /// impossible lengths and messages of unknown ids; never a valid frame.
    GarbageFlood {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "ten_thousand")]
        bytes_per_s: usize,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// DGT: `per_s` clock acknowledgements a second that answer no command (SETNRUN carried
    /// out and refused, BEEP, ASCII), as a broken or hostile clock might send them.
    UnsolicitedAcks {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "thousand")]
        per_s: u32,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// LiveChess: `per_s` messages a second the console cannot use (`what`; oversized: one a
    /// second at most). With `only`, the endpoint sends nothing else for `duration_s` (the
    /// board's own events stop; pings are still answered).
    LivechessNoise {
        board: u16,
        after_ply: u32,
        duration_s: u64,
        #[serde(default = "hundred")]
        per_s: u32,
        #[serde(default)]
        what: LiveChessJunk,
        #[serde(default)]
        only: bool,
        #[serde(default = "five")]
        offset_s: u64,
    },
    /// LiveChess recognises move `after_ply + 1` wrongly (another legal move, of the same piece
    /// where it has one) and `delay_s` later takes it back and sends the right one. The board
    /// itself (its DGT stream) has the right move all along.
    LivechessCorrection {
        board: u16,
        after_ply: u32,
        #[serde(default = "two")]
        delay_s: u64,
    },
    /// LiveChess reports move `after_ply + 1` only together with the next one: two moves in
    /// one message.
    LivechessTwoMoves { board: u16, after_ply: u32 },
}

impl Incident {
    pub fn board(&self) -> u16 {
        match self {
            Incident::LateArrival { board, .. }
            | Incident::IllegalMove { board, .. }
            | Incident::ClockAdjust { board, .. }
            | Incident::Flag { board, .. }
            | Incident::Pause { board, .. }
            | Incident::Disconnect { board, .. }
            | Incident::Corrupt { board, .. }
            | Incident::WrongPreset { board, .. }
            | Incident::GarbageOnly { board, .. }
            | Incident::ZeroClockReports { board, .. }
            | Incident::NoClock { board, .. }
            | Incident::BatteryLow { board, .. }
            | Incident::PeriodAtZero { board, .. }
            | Incident::Flood { board, .. }
            | Incident::Takeback { board, .. }
            | Incident::GarbageFlood { board, .. }
            | Incident::UnsolicitedAcks { board, .. }
            | Incident::LivechessNoise { board, .. }
            | Incident::LivechessCorrection { board, .. }
            | Incident::LivechessTwoMoves { board, .. }
            | Incident::TurnBits2015 { board } => *board,
        }
    }

    /// The ply after which the incident is scripted; `None` for one of the start
    /// (`late_arrival`, `wrong_preset`) or of the whole game (`period_at_zero`,
    /// `turn_bits_2015`).
    pub fn after_ply(&self) -> Option<u32> {
        match self {
            Incident::IllegalMove { after_ply, .. }
            | Incident::ClockAdjust { after_ply, .. }
            | Incident::Flag { after_ply, .. }
            | Incident::Pause { after_ply, .. }
            | Incident::Disconnect { after_ply, .. }
            | Incident::Corrupt { after_ply, .. }
            | Incident::GarbageOnly { after_ply, .. }
            | Incident::ZeroClockReports { after_ply, .. }
            | Incident::NoClock { after_ply, .. }
            | Incident::BatteryLow { after_ply, .. }
            | Incident::Flood { after_ply, .. }
            | Incident::Takeback { after_ply, .. }
            | Incident::GarbageFlood { after_ply, .. }
            | Incident::UnsolicitedAcks { after_ply, .. }
            | Incident::LivechessNoise { after_ply, .. }
            | Incident::LivechessCorrection { after_ply, .. }
            | Incident::LivechessTwoMoves { after_ply, .. } => Some(*after_ply),
            Incident::LateArrival { .. }
            | Incident::WrongPreset { .. }
            | Incident::PeriodAtZero { .. }
            | Incident::TurnBits2015 { .. } => None,
        }
    }

    /// The seconds after the move before that the incident starts (`offset_s`); 0 for one
    /// that has none.
    pub fn offset_s(&self) -> u64 {
        match self {
            Incident::ClockAdjust { offset_s, .. }
            | Incident::Pause { offset_s, .. }
            | Incident::Disconnect { offset_s, .. }
            | Incident::Corrupt { offset_s, .. }
            | Incident::GarbageOnly { offset_s, .. }
            | Incident::ZeroClockReports { offset_s, .. }
            | Incident::NoClock { offset_s, .. }
            | Incident::BatteryLow { offset_s, .. }
            | Incident::Flood { offset_s, .. }
            | Incident::Takeback { offset_s, .. }
            | Incident::GarbageFlood { offset_s, .. }
            | Incident::UnsolicitedAcks { offset_s, .. }
            | Incident::LivechessNoise { offset_s, .. } => *offset_s,
            Incident::LateArrival { .. }
            | Incident::IllegalMove { .. }
            | Incident::Flag { .. }
            | Incident::WrongPreset { .. }
            | Incident::PeriodAtZero { .. }
            | Incident::TurnBits2015 { .. }
            | Incident::LivechessCorrection { .. }
            | Incident::LivechessTwoMoves { .. } => 0,
        }
    }
}

/// A scenario: the incidents to script.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    #[serde(default, rename = "incident")]
    pub incidents: Vec<Incident>,
}

impl Scenario {
    /// Parses a TOML scenario.
    pub fn from_toml(text: &str) -> anyhow::Result<Scenario> {
        Ok(toml::from_str(text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_toml() {
        let s = Scenario::from_toml(
            r#"
[[incident]]
kind = "late_arrival"
board = 3
color = "black"
delay_s = 600

[[incident]]
kind = "illegal_move"
board = 2
after_ply = 10

[[incident]]
kind = "corrupt"
board = 1
after_ply = 4
bytes = 50
"#,
        )
        .unwrap();
        assert_eq!(s.incidents.len(), 3);
        assert_eq!(
            s.incidents[1],
            Incident::IllegalMove {
                board: 2,
                after_ply: 10,
                hold_s: 10
            }
        );
        assert!(Scenario::from_toml("[[incident]]\nkind = \"teleport\"\nboard = 1\n").is_err());
    }
}
