//! What the console shows about a board at an instant, decided in one place:
//! [`board_status`] (flags, a stale or lost feed, a clock that disagrees with the board, the
//! scoresheet and quickplay indicators, absent players, recent alerts of the clock model), with
//! both clocks from [`crate::clock_now::clock_at`]. The TUI only formats what it returns.

use serde::Serialize;

use crate::by_colour::ByColor;

mod alerts;
mod clock_to_set;
use alerts::alerts_of;
pub use clock_to_set::{
    CLOCK_COMMAND_MAX_MS, ClockToSet, PendingAdjustment, clock_refused, clock_to_set,
    pending_adjustments, ruling_goes_to_clock,
};

use crate::clock::{ClockAlert, ClockMs};
use crate::clock_now::{ClockNow, clock_at};
use crate::matchfile::Match;
use crate::model::Color;
use crate::rules;
use crate::state::{BoardState, MatchState};
use crate::time::{MonoMs, WallMs};

/// How long an alert of the clock model stays on the main screen (the log keeps it).
pub const CLOCK_ALERT_MS: u64 = 120_000;

/// Something about a board the arbiter should see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "alert", rename_all = "snake_case")]
pub enum BoardAlert {
    /// The player's time is up (the clock shows a flag or 0:00).
    Flag {
        #[serde(with = "crate::model::colour")]
        color: Color,
    },
    /// The feed is stale, lost or reconnecting, or silent while the clock runs.
    Stale,
    /// The clock runs for the player who is not on move on the board.
    ClockMismatch,
    /// The player may stop keeping score (FIDE 8.4 and the profile's threshold).
    NoScoresheet {
        #[serde(with = "crate::model::colour")]
        color: Color,
    },
    /// The player may claim under the quickplay-finish rule.
    Quickplay {
        #[serde(with = "crate::model::colour")]
        color: Color,
    },
    /// The round has started and the player has neither arrived nor moved.
    Absent {
        #[serde(with = "crate::model::colour")]
        color: Color,
    },
    /// A recent alert of the clock model (a wrong preset, an unexplained change, …).
    Clock(ClockAlert),
    /// The game ended by itself at a move (checkmate, stalemate, a dead position, and where the
    /// profile says so fivefold repetition or 75 moves): stop the clock and record the result.
    GameOver {
        /// What the position showed: a message id ("rules-end-checkmate", …).
        reason: &'static str,
        result: crate::model::GameResult,
        /// The move that ended it ("38...Qh2#").
        #[serde(rename = "move")]
        mv: String,
    },
    /// The device added a period's time before the player had completed the period's moves:
    /// not earned (the console's model keeps 0:00 for him).
    TimeNotEarned {
        #[serde(with = "crate::model::colour")]
        color: Color,
        added_ms: u64,
        completed: u32,
        required: u32,
    },
    /// The clock's move counter (its presses and the arbiter's settings) and the moves
    /// completed on the board disagree: set the counter.
    MoveCount {
        #[serde(with = "crate::model::colour")]
        color: Color,
        device: u32,
        board: u32,
    },
    /// An arbiter's clock correction the device still does not show after 60 s: the value the
    /// device shows and the value decided.
    CorrectionNotShown {
        #[serde(with = "crate::model::colour")]
        color: Color,
        device_ms: u64,
        decided_ms: u64,
    },
    /// The clock shows the flag of a period that is not the last one (DGT 0x40): the next
    /// period's time was added; the arbiter checks whether the required moves were made.
    PeriodFlag {
        #[serde(with = "crate::model::colour")]
        color: Color,
    },
    /// The e-board reports that no clock is connected: the times shown are the last reading.
    NoClock,
    /// The clock shows its low-battery indication.
    BatteryLow,
    /// The e-board's pieces do not match the moves reconstructed from them (LiveChess).
    BoardMismatch,
    /// After a restart the board reported another game than the journal's: nothing of it is
    /// taken until the arbiter decides which stands (`InterventionKind::GameMismatch`).
    GameMismatch,
    /// The feed is not live and what it received lately was garbage or malformed.
    Garbled,
    /// The board's clock was started apart from the round, this long after it (DSB note to
    /// 6.7.1: no single board may be started after the round start).
    StartedApart { after_ms: u64 },
    /// A claim on the board is still open (a postponed quickplay-finish claim): its id.
    OpenClaim { id: u64 },
    /// After an incorrect claim on a written move, another move was made: the written move had
    /// to be made (FIDE 9.5.3; pre-2009 9.5; 1987 10.11 b).
    WrittenMoveNotPlayed {
        intended: String,
        played: String,
        /// The article the written move rests on (the profile's claim article).
        article: String,
    },
    /// An arbiter's change of a player's time that the device does not show yet: to be set on
    /// the clock ("+2:00 White to set"); after 60 s [`BoardAlert::CorrectionNotShown`] says it.
    AdjustmentToSet {
        #[serde(with = "crate::model::colour")]
        color: Color,
        delta_ms: i64,
    },
    /// The clock refused the times the arbiter sent it (its ACK to SETNRUN says so: not in its
    /// host-controlled mode) while a ruling is still to be set: set it by hand.
    ClockRefused,
    /// Before the first move the clock's times differ from the time control: what the time
    /// control gives now and what the clock shows, written `[white, black]`.
    ClockSetWrong {
        #[serde(with = "crate::by_colour::array")]
        expected_ms: ByColor<ClockMs>,
        #[serde(with = "crate::by_colour::array")]
        shown_ms: ByColor<ClockMs>,
    },
    /// The board's clock was started before the round start, this long before it (DSB note to
    /// 6.7.1: no single board is started apart from the round).
    StartedBeforeRound { before_ms: u64 },
    /// Period time the moves completed on the board entitle the player to, not credited by the
    /// device yet: pending in the device (the console's model counts it).
    PeriodTimePending {
        #[serde(with = "crate::model::colour")]
        color: Color,
        ms: u64,
    },
    /// The e-board shows an illegal move or position (no legal move of the game reaches it):
    /// the board's position is unknown, the game record keeps the last legal one; the arbiter
    /// intervenes (FIDE 7.5.1; pre-2009 7.4; 2017 A.4.4 for an illegal position in rapid).
    IllegalPosition {
        /// The half-move the illegal move was made as.
        ply: u32,
        #[serde(with = "crate::model::colour")]
        player: Color,
    },
}

/// The move a player wrote for a claim found incorrect, and what he played next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WrittenMove {
    /// The claim (its record's sequence number).
    pub claim: u64,
    pub intended: String,
    /// The move made after the claim, when it is not the written one; `None`: none yet.
    pub played: Option<String>,
}

/// The written move still due after the board's latest claim, if that claim was incorrect and
/// rested on a written move: `played` is the other move made instead, if any. `None` once the
/// written move was made.
pub fn written_move_due(bs: &BoardState) -> Option<WrittenMove> {
    let c = bs.claims.last()?;
    if c.status != crate::intervention::ClaimStatus::Incorrect {
        return None;
    }
    let intended = c.intended.clone()?;
    let game = crate::game::Game::from_fen(c.fen.as_deref()?).ok()?;
    let want = game.legal_move(&intended, &intended)?;
    let next = bs.game_moves().map(|(_, e)| e).find(|e| e.at.seq > c.id);
    match next {
        None => Some(WrittenMove {
            claim: c.id,
            intended,
            played: None,
        }),
        Some(e) if game.legal_move(&e.uci, &e.san) == Some(want) => None,
        Some(e) => Some(WrittenMove {
            claim: c.id,
            intended,
            played: Some(e.san.clone()),
        }),
    }
}

/// How long new garbage counts as "lately" for [`BoardAlert::Garbled`].
pub const GARBLED_MS: u64 = 15_000;

/// A board as the screens show it, at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardStatus {
    pub clock: Option<ClockNow>,
    /// The console's own time model where it differs from the device (time credited too early
    /// is not earned; a device adding a period only at zero), see `clock_now::model_at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_clock: Option<ClockNow>,
    /// Who is on move on the board (from the move list).
    #[serde(with = "crate::model::colour")]
    pub to_move: Color,
    /// The move number in progress (1 before the first move).
    pub move_no: u32,
    /// The period (1-based) of the player on move.
    pub period: usize,
    /// Time since the feed last delivered data.
    pub age_ms: Option<u64>,
    /// Illegal moves recorded by the arbiter (written `[white, black]`).
    #[serde(with = "crate::by_colour::array")]
    pub illegal: ByColor<usize>,
    /// Below the profile's time-trouble marker (`scoresheet.time_trouble_below_s`), written
    /// `[white, black]`.
    #[serde(with = "crate::by_colour::array")]
    pub time_trouble: ByColor<bool>,
    /// The feed's counters as last journaled (shed, rate-limited, garbage, malformed, …).
    pub counters: Option<crate::record::FeedCounters>,
    /// Nothing once the game has a result. In the order they are detected (the scenario
    /// output shows them so); the screens take [`BoardStatus::ranked`].
    pub alerts: Vec<BoardAlert>,
    /// The same alerts ranked for the screens: the most severe first (ties keep the order of
    /// `alerts`), each with its severity, what clears it and when it arose.
    #[serde(skip)]
    pub ranked: Vec<RankedAlert>,
    /// Each player's attendance for the screens' marks: absent once the round
    /// has started; late where the arrival came more than [`LATE_MARK_AFTER_MS`] after the
    /// round started (with how late from the start the default time counts from).
    #[serde(skip)]
    pub attendance: ByColor<Attendance>,
    /// The arbiter's clock changes the device does not show yet ("+2:00 White to set"): gone
    /// once a clock report shows them (the clock model compares the reported times with the
    /// expected ones, within its tolerance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<PendingAdjustment>,
}

/// Illegal moves recorded on a board, per colour.
pub fn illegal_counts(bs: &BoardState) -> ByColor<usize> {
    ByColor::new_with(|c| bs.illegal.iter().filter(|e| e.player == c).count())
}

/// The board's status at the console's monotonic moment `now`.
pub fn board_status(m: &Match, s: &MatchState, bs: &BoardState, now: MonoMs) -> BoardStatus {
    use shakmaty::Position as _;
    // The game record's position when known; else the moves reported.
    let (plies, to_move) = match bs.position() {
        Some(p) => (bs.game.game.ply(), p.turn()),
        None => {
            let plies = u32::try_from(bs.moves.len()).unwrap_or(u32::MAX);
            let to_move = if plies % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            (plies, to_move)
        }
    };
    let clock = clock_at(s, bs, now);
    let model_clock = crate::clock_now::model_at(s, bs, now).filter(|mc| {
        clock.is_some_and(|c| (mc.shown.white, mc.shown.black) != (c.shown.white, c.shown.black))
    });
    let age_ms = bs.last_data.map(|d| now.saturating_since(d.mono_ms));
    let mirror = bs
        .mirror
        .as_ref()
        .filter(|mr| mr.last_reading().is_some() && mr.white_side().is_some());
    let period = mirror
        .and_then(|mr| mr.side_of(to_move).map(|side| mr.period(side) as usize + 1))
        .unwrap_or_else(|| rules::period_of(m, plies / 2));
    let mut alerts = Vec::new();
    if bs.result.is_none() {
        alerts_of(m, s, bs, now, clock, plies, to_move, &mut alerts);
    }
    let below = rules::indicator_settings(m).time_trouble_below_ms;
    let trouble = |c: Color| clock.is_some_and(|k| k.of(c).ms() < below) && bs.result.is_none();
    BoardStatus {
        time_trouble: ByColor::new_with(trouble),
        clock,
        model_clock,
        to_move,
        move_no: plies / 2 + 1,
        period,
        age_ms,
        illegal: illegal_counts(bs),
        counters: bs.counters.map(|(_, c)| c),
        ranked: rank(m, s, bs, now, &alerts),
        attendance: ByColor::new_with(|c| attendance(m, s, bs, c, plies)),
        alerts,
        pending: pending_adjustments(bs),
    }
}

/// How urgent an alert is. The board row shows the most severe one and counts the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// A fact for the record (a clock started apart from the round).
    Info,
    /// Worth a look when there is time (an indicator, a clock's own message).
    Notice,
    /// Needs the arbiter soon (an absent player, a silent feed, a claim to decide).
    Warning,
    /// Needs the arbiter now (a flag, a game over on the board, a clock that disagrees).
    Critical,
}

/// What ends an alert (its lifetime): the screens say it in the legend and the board detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Clears {
    /// The condition ends by itself (the feed is live again, the player arrives or moves, the
    /// clock shows the ruling, the indicator no longer holds).
    ConditionEnds,
    /// The arbiter's decision: a result, the claim decided, the decision on a game mismatch.
    Decision,
    /// A remark of the arbiter on the board for the report (`x`): the facts are then in the
    /// report, the board row no longer needs to carry them.
    Remark,
    /// A message of the clock: shown for [`CLOCK_ALERT_MS`], kept in the log.
    Expires,
}

/// An alert with its rank, its lifetime and the record it arose with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankedAlert {
    pub alert: BoardAlert,
    pub severity: Severity,
    pub clears: Clears,
    /// The record that raised it, where one does (`None`: a state of the clocks at this
    /// instant, such as an indicator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<crate::state::Stamp>,
}

/// A player's presence as the screens mark it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Attendance {
    /// At the board (or the round has not started, or the game has a result).
    Present,
    /// The round has started and the player has neither arrived nor moved.
    Absent,
    /// Arrived this long after the start the default time counts from.
    Late { ms: u64 },
}

fn attendance(m: &Match, s: &MatchState, bs: &BoardState, color: Color, plies: u32) -> Attendance {
    if s.round_started.is_none() || bs.result.is_some() {
        return Attendance::Present;
    }
    let team = if color.is_white() {
        rules::colours::white_team(m, s, bs.board)
    } else {
        rules::colours::white_team(m, s, bs.board).other()
    };
    let moved = plies >= if color.is_white() { 1 } else { 2 };
    let Some(arrival) = bs.arrived(team) else {
        return if moved {
            Attendance::Present
        } else {
            Attendance::Absent
        };
    };
    let started = s.round_started.map_or(WallMs::MAX, |r| r.wall_ms);
    let after_start = u64::try_from(arrival.wall_ms.saturating_since(started)).unwrap_or(0);
    match rules::lateness(m, s, bs, team) {
        Some(ms) if ms > 0 && after_start > LATE_MARK_AFTER_MS => Attendance::Late { ms },
        _ => Attendance::Present,
    }
}

/// An arrival recorded within this time after the round started counts as at the start for
/// the screens' late mark: attendance is taken just after the clocks are started. (How late a
/// player was, for the default time and the report, is `rules::lateness`, to the second.)
pub const LATE_MARK_AFTER_MS: u64 = 60_000;

/// The kinds of [`BoardAlert`], without their facts: for the legend and the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    Flag,
    GameOver,
    IllegalPosition,
    ClockMismatch,
    WrittenMoveNotPlayed,
    GameMismatch,
    CorrectionNotShown,
    ClockRefused,
    TimeNotEarned,
    Absent,
    Stale,
    OpenClaim,
    MoveCount,
    PeriodFlag,
    BoardMismatch,
    NoClock,
    AdjustmentToSet,
    Garbled,
    ClockSetWrong,
    Clock,
    Quickplay,
    NoScoresheet,
    BatteryLow,
    PeriodTimePending,
    StartedApart,
    StartedBeforeRound,
}

impl AlertKind {
    /// Every kind, the most severe first.
    pub const ALL: [AlertKind; 26] = [
        AlertKind::Flag,
        AlertKind::GameOver,
        AlertKind::IllegalPosition,
        AlertKind::ClockMismatch,
        AlertKind::WrittenMoveNotPlayed,
        AlertKind::GameMismatch,
        AlertKind::CorrectionNotShown,
        AlertKind::ClockRefused,
        AlertKind::TimeNotEarned,
        AlertKind::Absent,
        AlertKind::Stale,
        AlertKind::OpenClaim,
        AlertKind::MoveCount,
        AlertKind::PeriodFlag,
        AlertKind::BoardMismatch,
        AlertKind::NoClock,
        AlertKind::AdjustmentToSet,
        AlertKind::Garbled,
        AlertKind::ClockSetWrong,
        AlertKind::Clock,
        AlertKind::Quickplay,
        AlertKind::NoScoresheet,
        AlertKind::BatteryLow,
        AlertKind::PeriodTimePending,
        AlertKind::StartedApart,
        AlertKind::StartedBeforeRound,
    ];

    pub fn severity(self) -> Severity {
        use AlertKind as K;
        match self {
            K::Flag
            | K::GameOver
            | K::IllegalPosition
            | K::ClockMismatch
            | K::WrittenMoveNotPlayed
            | K::GameMismatch
            | K::CorrectionNotShown
            | K::ClockRefused
            | K::TimeNotEarned => Severity::Critical,
            K::Absent
            | K::Stale
            | K::OpenClaim
            | K::MoveCount
            | K::PeriodFlag
            | K::BoardMismatch
            | K::NoClock
            | K::AdjustmentToSet
            | K::Garbled
            | K::ClockSetWrong => Severity::Warning,
            K::Clock | K::Quickplay | K::NoScoresheet | K::BatteryLow | K::PeriodTimePending => {
                Severity::Notice
            }
            K::StartedApart | K::StartedBeforeRound => Severity::Info,
        }
    }

    pub fn clears(self) -> Clears {
        use AlertKind as K;
        match self {
            // The result ends them (a flag or a game over is not resolved any other way);
            // the claim's decision, the decision on the mismatch, the ruling on the written
            // move.
            K::Flag | K::GameOver | K::WrittenMoveNotPlayed | K::GameMismatch | K::OpenClaim => {
                Clears::Decision
            }
            K::Clock => Clears::Expires,
            K::StartedApart | K::StartedBeforeRound => Clears::Remark,
            K::ClockMismatch
            | K::IllegalPosition
            | K::CorrectionNotShown
            | K::ClockRefused
            | K::TimeNotEarned
            | K::Absent
            | K::Stale
            | K::MoveCount
            | K::PeriodFlag
            | K::BoardMismatch
            | K::NoClock
            | K::AdjustmentToSet
            | K::Garbled
            | K::Quickplay
            | K::NoScoresheet
            | K::BatteryLow
            | K::ClockSetWrong
            | K::PeriodTimePending => Clears::ConditionEnds,
        }
    }
}

impl BoardAlert {
    pub fn kind(&self) -> AlertKind {
        use AlertKind as K;
        match self {
            BoardAlert::Flag { .. } => K::Flag,
            BoardAlert::Stale => K::Stale,
            BoardAlert::ClockMismatch => K::ClockMismatch,
            BoardAlert::NoScoresheet { .. } => K::NoScoresheet,
            BoardAlert::Quickplay { .. } => K::Quickplay,
            BoardAlert::Absent { .. } => K::Absent,
            BoardAlert::Clock(_) => K::Clock,
            BoardAlert::GameOver { .. } => K::GameOver,
            BoardAlert::TimeNotEarned { .. } => K::TimeNotEarned,
            BoardAlert::MoveCount { .. } => K::MoveCount,
            BoardAlert::CorrectionNotShown { .. } => K::CorrectionNotShown,
            BoardAlert::PeriodFlag { .. } => K::PeriodFlag,
            BoardAlert::NoClock => K::NoClock,
            BoardAlert::BatteryLow => K::BatteryLow,
            BoardAlert::BoardMismatch => K::BoardMismatch,
            BoardAlert::GameMismatch => K::GameMismatch,
            BoardAlert::Garbled => K::Garbled,
            BoardAlert::StartedApart { .. } => K::StartedApart,
            BoardAlert::OpenClaim { .. } => K::OpenClaim,
            BoardAlert::WrittenMoveNotPlayed { .. } => K::WrittenMoveNotPlayed,
            BoardAlert::AdjustmentToSet { .. } => K::AdjustmentToSet,
            BoardAlert::ClockRefused => K::ClockRefused,
            BoardAlert::ClockSetWrong { .. } => K::ClockSetWrong,
            BoardAlert::StartedBeforeRound { .. } => K::StartedBeforeRound,
            BoardAlert::PeriodTimePending { .. } => K::PeriodTimePending,
            BoardAlert::IllegalPosition { .. } => K::IllegalPosition,
        }
    }

    pub fn severity(&self) -> Severity {
        self.kind().severity()
    }
}

/// The alerts ranked: the most severe first, ties in the order detected.
fn rank(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
    alerts: &[BoardAlert],
) -> Vec<RankedAlert> {
    let mut out: Vec<RankedAlert> = alerts
        .iter()
        .map(|a| RankedAlert {
            alert: a.clone(),
            severity: a.severity(),
            clears: a.kind().clears(),
            since: since(m, s, bs, now, a),
        })
        .collect();
    out.sort_by_key(|r| std::cmp::Reverse(r.severity));
    out
}

/// The record an alert arose with, where one did.
fn since(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
    a: &BoardAlert,
) -> Option<crate::state::Stamp> {
    match a {
        BoardAlert::Flag { color } => rules::flags_down(m, s, bs, now)
            .into_iter()
            .flatten()
            .find(|f| f.color == *color)
            .and_then(|f| f.at)
            .or(bs.clock_at),
        BoardAlert::Stale | BoardAlert::ClockMismatch | BoardAlert::PeriodFlag { .. } => {
            if matches!(a, BoardAlert::Stale) {
                bs.last_data
            } else {
                bs.clock_at
            }
        }
        BoardAlert::Absent { .. } => s.round_started,
        BoardAlert::Clock(_) => bs.clock_alerts.last().map(|(at, _)| *at),
        BoardAlert::GameOver { .. } => rules::automatic_end(m, bs).map(|e| e.at),
        BoardAlert::MoveCount { .. } => bs.device.count_mismatch.map(|cm| cm.since),
        BoardAlert::CorrectionNotShown { .. } | BoardAlert::AdjustmentToSet { .. } => {
            bs.device.correction_due
        }
        BoardAlert::NoClock | BoardAlert::BatteryLow | BoardAlert::BoardMismatch => {
            bs.device_status.as_ref().map(|(at, _)| *at)
        }
        BoardAlert::GameMismatch => bs.mismatch.as_ref().map(|(at, _)| *at),
        BoardAlert::Garbled => bs.noise_at,
        BoardAlert::StartedApart { .. } | BoardAlert::StartedBeforeRound { .. } => bs
            .clock_presses
            .iter()
            .find(|p| p.sample.running.is_some())
            .map(|p| p.at),
        BoardAlert::OpenClaim { id } => bs.claims.iter().find(|c| c.id == *id).map(|c| c.at),
        BoardAlert::WrittenMoveNotPlayed { .. } => bs.claims.last().map(|c| c.at),
        BoardAlert::ClockRefused => bs.clock_command_acks.last().map(|(at, _)| *at),
        BoardAlert::ClockSetWrong { .. } | BoardAlert::PeriodTimePending { .. } => bs.clock_at,
        BoardAlert::IllegalPosition { .. } => bs.game.illegal.as_ref().map(|i| i.at),
        BoardAlert::TimeNotEarned { .. }
        | BoardAlert::NoScoresheet { .. }
        | BoardAlert::Quickplay { .. } => None,
    }
}

#[cfg(test)]
mod tests;
