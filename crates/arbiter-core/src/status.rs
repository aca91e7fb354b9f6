//! What the console shows about a board at an instant, decided in one place:
//! [`board_status`] (flags, a stale or lost feed, a clock that disagrees with the board, the
//! scoresheet and quickplay indicators, absent players, recent alerts of the clock model), with
//! both clocks from [`crate::clock_now::clock_at`]. The TUI only formats what it returns.

use serde::Serialize;

use crate::clock::ClockAlert;
use crate::clock_now::{ClockNow, clock_at, feed_is_current};
use crate::matchfile::Match;
use crate::model::{BoardNo, ClockSide, Color, MonoMs};
use crate::record::{ClockCommand, ClockRunMode, CommandOutcome, FeedState};
use crate::rules;
use crate::state::{BoardState, MatchState};

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
    /// control gives now and what the clock shows, `[white, black]`.
    ClockSetWrong {
        expected_ms: [u64; 2],
        shown_ms: [u64; 2],
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
    /// Illegal moves recorded by the arbiter: (White, Black).
    pub illegal: (usize, usize),
    /// Below the profile's time-trouble marker (`scoresheet.time_trouble_below_s`): (White,
    /// Black).
    pub time_trouble: (bool, bool),
    /// The feed's counters as last journaled (shed, rate-limited, garbage, malformed, …).
    pub counters: Option<crate::record::FeedCounters>,
    /// Nothing once the game has a result. In the order they are detected (the scenario
    /// output shows them so); the screens take [`BoardStatus::ranked`].
    pub alerts: Vec<BoardAlert>,
    /// The same alerts ranked for the screens: the most severe first (ties keep the order of
    /// `alerts`), each with its severity, what clears it and when it arose.
    #[serde(skip)]
    pub ranked: Vec<RankedAlert>,
    /// Each player's attendance for the screens' marks (White, Black): absent once the round
    /// has started; late where the arrival came more than [`LATE_MARK_AFTER_MS`] after the
    /// round started (with how late from the start the default time counts from).
    #[serde(skip)]
    pub attendance: [Attendance; 2],
    /// The arbiter's clock changes the device does not show yet ("+2:00 White to set"): gone
    /// once a clock report shows them (the clock model compares the reported times with the
    /// expected ones, within its tolerance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<PendingAdjustment>,
}

/// A change of one player's time that is still to be set on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PendingAdjustment {
    #[serde(with = "crate::model::colour")]
    pub color: Color,
    /// Milliseconds to add (negative: to take off).
    pub delta_ms: i64,
}

/// The arbiter's clock changes on a board that no clock report has shown yet.
pub fn pending_adjustments(bs: &BoardState) -> Vec<PendingAdjustment> {
    let Some(mr) = bs.mirror.as_ref().filter(|mr| mr.last_reading().is_some()) else {
        return Vec::new();
    };
    if bs.result.is_some() {
        return Vec::new();
    }
    [Color::White, Color::Black]
        .into_iter()
        .filter_map(|color| {
            let delta_ms = mr.pending_ms(mr.side_of(color)?)?;
            Some(PendingAdjustment { color, delta_ms })
        })
        .collect()
}

/// The largest time a clock command carries (DGT SETNRUN: the hours are one digit).
pub const CLOCK_COMMAND_MAX_MS: u64 = (9 * 3600 + 59 * 60 + 59) * 1000;

/// What a clock command would set on a board's clock at one instant: both clocks as
/// [`clock_at`] has them with the pending adjustments added, by colour and by side, and the
/// side that runs afterwards (the one that runs now; paused when the clock is stopped).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockToSet {
    pub board: BoardNo,
    pub white_ms: u64,
    pub black_ms: u64,
    pub left_ms: u64,
    pub right_ms: u64,
    pub run: ClockRunMode,
    /// The colour whose time runs afterwards (`None`: paused).
    #[serde(with = "crate::model::colour::option")]
    pub running: Option<Color>,
    /// The adjustments the command sets.
    pub pending: Vec<PendingAdjustment>,
}

impl ClockToSet {
    /// The journal record of the command as sent.
    pub fn record(&self) -> crate::record::Event {
        self.record_outcome(None)
    }

    /// The journal record of the command that was not sent, with why (in the journal's English
    /// words and as a message of the catalogue, for the reader's language).
    pub fn refused(&self, why: crate::i18n::Msg) -> crate::record::Event {
        self.record_outcome(Some(why))
    }

    fn record_outcome(&self, why: Option<crate::i18n::Msg>) -> crate::record::Event {
        crate::record::Event::ClockCommand(ClockCommand {
            board: self.board,
            white_ms: self.white_ms,
            black_ms: self.black_ms,
            left_ms: self.left_ms,
            right_ms: self.right_ms,
            run: self.run,
            outcome: if why.is_none() {
                CommandOutcome::Sent
            } else {
                CommandOutcome::Refused
            },
            error: why.as_ref().map(crate::i18n::english),
            error_msg: why.map(Box::new),
        })
    }
}

/// The times to send to a board's clock at `now` so that it shows the arbiter's rulings: the
/// one computation behind the console's "send to the clock" (the screen only formats it).
/// Refused, with the reason, where the match file does not say the clock accepts commands
/// (`clock_commands`), where no clock has reported, where the feed is not live (the clocks are
/// then only estimates: the arbiter sets the device by hand and reads it), where nothing is
/// pending, and where a time is beyond what the command carries.
pub fn clock_to_set(
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    now: MonoMs,
) -> Result<ClockToSet, crate::i18n::Msg> {
    use crate::msg;
    if !m.file.clock_commands.contains(&board.0) {
        return Err(msg!("clock-command-not-accepted", board = board));
    }
    let bs = s.board(board);
    let (Some(bs), Some(c)) = (bs, bs.and_then(|bs| clock_at(s, bs, now))) else {
        return Err(msg!("clock-command-no-clock", board = board));
    };
    if let Some(r) = &bs.result {
        return Err(msg!(
            "clock-command-finished",
            board = board,
            result = r.result
        ));
    }
    if !matches!(bs.feed, FeedState::Live) || c.estimated {
        let state = if matches!(bs.feed, FeedState::Live) {
            FeedState::Stale
        } else {
            bs.feed
        };
        return Err(msg!(
            "clock-command-not-live",
            board = board,
            state = crate::i18n::Msg::new(crate::words::feed_state(state))
        ));
    }
    let pending = pending_adjustments(bs);
    if pending.is_empty() {
        return Err(msg!("clock-command-nothing-pending", board = board));
    }
    let Some(mr) = bs.mirror.as_ref() else {
        return Err(msg!("clock-command-no-clock", board = board));
    };
    let with = |color: Color| {
        let delta: i64 = pending
            .iter()
            .filter(|p| p.color == color)
            .map(|p| p.delta_ms)
            .sum();
        let shown = i64::try_from(c.of(color)).unwrap_or(i64::MAX);
        u64::try_from(shown.saturating_add(delta)).unwrap_or(0)
    };
    let (white_ms, black_ms) = (with(Color::White), with(Color::Black));
    for ms in [white_ms, black_ms] {
        if ms > CLOCK_COMMAND_MAX_MS {
            return Err(msg!(
                "clock-command-too-long",
                time = crate::model::format_hms(ms)
            ));
        }
    }
    let (Some(white_side), Some(_)) = (mr.side_of(Color::White), mr.side_of(Color::Black)) else {
        return Err(msg!("clock-command-no-clock", board = board));
    };
    let (left_ms, right_ms) = match white_side {
        ClockSide::Left => (white_ms, black_ms),
        ClockSide::Right => (black_ms, white_ms),
    };
    let run = match c.running.and_then(|color| mr.side_of(color)) {
        Some(ClockSide::Left) => ClockRunMode::Left,
        Some(ClockSide::Right) => ClockRunMode::Right,
        None => ClockRunMode::Paused,
    };
    Ok(ClockToSet {
        board,
        white_ms,
        black_ms,
        left_ms,
        right_ms,
        run,
        running: c.running,
        pending,
    })
}

/// Whether the clock refused the last clock command (its answer after the command) and a
/// ruling is still to be set on it.
pub fn clock_refused(bs: &BoardState) -> bool {
    let Some((sent, _)) = bs.clock_commands.last() else {
        return false;
    };
    let answer = bs
        .clock_command_acks
        .iter()
        .rev()
        .find(|(at, _)| at.seq > sent.seq);
    matches!(answer, Some((_, false))) && !pending_adjustments(bs).is_empty()
}

/// Illegal moves recorded on a board, per colour.
pub fn illegal_counts(bs: &BoardState) -> (usize, usize) {
    let w = bs.illegal.iter().filter(|e| e.player.is_white()).count();
    (w, bs.illegal.len() - w)
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
    let model_clock = crate::clock_now::model_at(s, bs, now)
        .filter(|mc| clock.is_some_and(|c| (mc.white_ms, mc.black_ms) != (c.white_ms, c.black_ms)));
    let age_ms = bs.last_data.map(|d| now.saturating_sub(d.mono_ms));
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
    let trouble = |c: Color| clock.is_some_and(|k| k.of(c) < below) && bs.result.is_none();
    BoardStatus {
        time_trouble: (trouble(Color::White), trouble(Color::Black)),
        clock,
        model_clock,
        to_move,
        move_no: plies / 2 + 1,
        period,
        age_ms,
        illegal: illegal_counts(bs),
        counters: bs.counters.map(|(_, c)| c),
        ranked: rank(m, s, bs, now, &alerts),
        attendance: [Color::White, Color::Black].map(|c| attendance(m, s, bs, c, plies)),
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
    let started = s.round_started.map_or(i64::MAX, |r| r.wall_ms);
    let after_start = u64::try_from(arrival.wall_ms.saturating_sub(started)).unwrap_or(0);
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
    pub const ALL: [AlertKind; 25] = [
        AlertKind::Flag,
        AlertKind::GameOver,
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
        BoardAlert::TimeNotEarned { .. }
        | BoardAlert::NoScoresheet { .. }
        | BoardAlert::Quickplay { .. } => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn alerts_of(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now: MonoMs,
    clock: Option<ClockNow>,
    plies: u32,
    to_move: Color,
    alerts: &mut Vec<BoardAlert>,
) {
    if let Some(c) = bs.open_claim() {
        alerts.push(BoardAlert::OpenClaim { id: c.id });
    }
    if let Some(WrittenMove {
        intended,
        played: Some(played),
        ..
    }) = written_move_due(bs)
    {
        alerts.push(BoardAlert::WrittenMoveNotPlayed {
            intended,
            played,
            article: m.rules_for(bs.board).claims.article,
        });
    }
    let end = rules::automatic_end(m, bs);
    if let Some(e) = &end {
        alerts.push(BoardAlert::GameOver {
            reason: e.reason,
            result: e.result,
            mv: bs
                .moves
                .get(e.move_index)
                .map(|mv| {
                    let n = mv.ply.div_ceil(2);
                    if mv.color.is_white() {
                        format!("{n}.{}", mv.san)
                    } else {
                        format!("{n}...{}", mv.san)
                    }
                })
                .unwrap_or_default(),
        });
    }
    if let Some(sample) = bs.clock.filter(|_| end.is_none()) {
        for side in [ClockSide::Left, ClockSide::Right] {
            let flag = match side {
                ClockSide::Left => sample.left_flag,
                ClockSide::Right => sample.right_flag,
            };
            // A period flag is not a lost game; a flag the source does not qualify is taken as
            // a flag (older journals, LiveChess).
            if flag && sample.final_flag(side) == Some(false) {
                alerts.push(BoardAlert::PeriodFlag {
                    color: sample.colour_on(side),
                });
            }
        }
    }
    if bs
        .mirror
        .as_ref()
        .is_some_and(|mr| mr.white_side().is_some())
    {
        // Flags read from the clock and the game: a device adding time at zero before the
        // period's moves were completed does not hide one; one after the end does not count.
        for f in rules::flags_down(m, s, bs, now).into_iter().flatten() {
            alerts.push(BoardAlert::Flag { color: f.color });
        }
    } else if let (Some(c), Some(sample)) = (clock, bs.clock)
        && end.is_none()
    {
        for color in [Color::White, Color::Black] {
            let side_of = |side| sample.colour_on(side) == color;
            let final_flag = [ClockSide::Left, ClockSide::Right]
                .into_iter()
                .any(|side| side_of(side) && sample.final_flag(side) != Some(false));
            if final_flag || c.exact(color) == 0 {
                alerts.push(BoardAlert::Flag { color });
            }
        }
    }
    device_alerts(bs, s, now, end.is_some(), alerts);
    if let Some((_, d)) = &bs.device_status {
        if d.clock == crate::record::ClockPresence::Absent {
            alerts.push(BoardAlert::NoClock);
        }
        if d.battery_low {
            alerts.push(BoardAlert::BatteryLow);
        }
        if d.board_matches == Some(false) {
            alerts.push(BoardAlert::BoardMismatch);
        }
    }
    if bs.mismatch.is_some() {
        alerts.push(BoardAlert::GameMismatch);
    }
    let running = clock.and_then(|c| c.running);
    let current = feed_is_current(bs, running.is_some(), now);
    if !current && !matches!(bs.feed, FeedState::Connecting) {
        alerts.push(BoardAlert::Stale);
    }
    if !current
        && bs
            .noise_at
            .is_some_and(|at| now.saturating_sub(at.mono_ms) < GARBLED_MS)
    {
        alerts.push(BoardAlert::Garbled);
    }
    if let Some(r) = running
        && plies > 0
        && r != to_move
        && end.is_none()
    {
        alerts.push(BoardAlert::ClockMismatch);
    }
    let settings = rules::indicator_settings(m);
    // In a mode without notation (FIDE A.2) there is nothing to be exempt from.
    let notation = m.rules_for(bs.board).notation_required;
    let mirror = bs
        .mirror
        .as_ref()
        .filter(|mr| mr.last_reading().is_some() && mr.white_side().is_some());
    if let Some(mr) = mirror {
        let clock_now = s.clock_ms(now);
        for color in [Color::White, Color::Black] {
            if let Some(side) = mr.side_of(color) {
                let ind = mr.indicators(side, &settings, clock_now);
                if notation && ind.scoresheet_exempt {
                    alerts.push(BoardAlert::NoScoresheet { color });
                }
                if ind.quickplay_claim_possible {
                    alerts.push(BoardAlert::Quickplay { color });
                }
            }
        }
    } else if let Some(c) = clock {
        for color in [Color::White, Color::Black] {
            let ms = c.of(color);
            let completed = if color.is_white() {
                plies.div_ceil(2)
            } else {
                plies / 2
            };
            let on_move = plies.is_multiple_of(2) == color.is_white();
            let ind = rules::indicators_from_time(m, ms, completed, on_move);
            if notation && ms > 0 && ind.scoresheet_exempt {
                alerts.push(BoardAlert::NoScoresheet { color });
            }
            if ms > 0 && ind.quickplay_claim_possible {
                alerts.push(BoardAlert::Quickplay { color });
            }
        }
    }
    if let Some((at, a)) = bs.clock_alerts.last()
        && now.saturating_sub(at.mono_ms) < CLOCK_ALERT_MS
        && !matches!(
            a,
            ClockAlert::FlagFell(_) | ClockAlert::SampleOutOfOrder { .. }
        )
    {
        alerts.push(BoardAlert::Clock(a.clone()));
    }
    if let Some(after_ms) = rules::procedure::started_apart(m, s, bs)
        && !remarked_since_start(s, bs)
    {
        alerts.push(BoardAlert::StartedApart { after_ms });
    }
    if let Some(before_ms) = rules::procedure::started_before_round(m, s, bs)
        && !remarked_since_start(s, bs)
    {
        alerts.push(BoardAlert::StartedBeforeRound { before_ms });
    }
    if let Some(w) = rules::setting::wrong_setting(bs) {
        alerts.push(BoardAlert::ClockSetWrong {
            expected_ms: w.expected_ms,
            shown_ms: w.shown_ms,
        });
    }
    for (color, ms) in rules::setting::period_time_pending(bs) {
        alerts.push(BoardAlert::PeriodTimePending { color, ms });
    }
    if s.round_started.is_some() {
        let white_team = rules::colours::white_team(m, s, bs.board);
        for (color, team) in [
            (Color::White, white_team),
            (Color::Black, white_team.other()),
        ] {
            let moved = if color.is_white() {
                plies >= 1
            } else {
                plies >= 2
            };
            if bs.arrived(team).is_none() && !moved {
                alerts.push(BoardAlert::Absent { color });
            }
        }
    }
}

/// Whether the arbiter wrote a remark on the board for the report after its clock first ran:
/// that clears [`BoardAlert::StartedApart`] (its lifetime, [`Clears::Remark`]).
fn remarked_since_start(s: &MatchState, bs: &BoardState) -> bool {
    let Some(first) = bs.clock_presses.iter().find(|p| p.sample.running.is_some()) else {
        return false;
    };
    s.remarks
        .iter()
        .any(|r| r.board == Some(bs.board) && r.at.seq > first.at.seq)
}

/// The device bookkeeping's alerts: time credited too early, a move counter that disagrees with
/// the board, a correction not shown within 60 s.
fn device_alerts(
    bs: &BoardState,
    s: &MatchState,
    now: MonoMs,
    ended: bool,
    alerts: &mut Vec<BoardAlert>,
) {
    for color in [Color::White, Color::Black] {
        if let Some(u) = bs.device.unearned(color) {
            alerts.push(BoardAlert::TimeNotEarned {
                color,
                added_ms: u.added_ms,
                completed: u.completed,
                required: u.required,
            });
        }
    }
    // A move that ends the game is completed without a press (6.2.1.1): no counter to set.
    if let Some(cm) = bs.device.count_mismatch
        && !ended
        && now.saturating_sub(cm.since.mono_ms) >= crate::state::COUNT_MISMATCH_AFTER_MS
    {
        alerts.push(BoardAlert::MoveCount {
            color: cm.color,
            device: cm.device,
            board: cm.board,
        });
    }
    let overdue = bs
        .device
        .correction_due
        .is_some_and(|due| now.saturating_sub(due.mono_ms) >= crate::state::CORRECTION_WITHIN_MS);
    if clock_refused(bs) {
        alerts.push(BoardAlert::ClockRefused);
    }
    if !overdue {
        for p in pending_adjustments(bs) {
            alerts.push(BoardAlert::AdjustmentToSet {
                color: p.color,
                delta_ms: p.delta_ms,
            });
        }
    }
    if let Some(ms) = bs.device.must_show
        && now.saturating_sub(ms.at.mono_ms) >= crate::state::CORRECTION_WITHIN_MS
        && let Some(c) = clock_at(s, bs, now)
    {
        // Times set anew (a replacement clock): the device still shows others.
        for color in bs.set_times_not_shown() {
            alerts.push(BoardAlert::CorrectionNotShown {
                color,
                device_ms: c.of(color),
                decided_ms: ms.of(color),
            });
        }
    } else if let Some(due) = bs.device.correction_due
        && now.saturating_sub(due.mono_ms) >= crate::state::CORRECTION_WITHIN_MS
        && let Some(mr) = &bs.mirror
        && let Some(c) = clock_at(s, bs, now)
    {
        for color in [Color::White, Color::Black] {
            if let Some(side) = mr.side_of(color)
                && let Some(delta) = mr.pending_ms(side)
            {
                let device_ms = c.of(color);
                let decided_ms =
                    u64::try_from(i64::try_from(device_ms).unwrap_or(i64::MAX) + delta)
                        .unwrap_or(0);
                alerts.push(BoardAlert::CorrectionNotShown {
                    color,
                    device_ms,
                    decided_ms,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::clock_now::STALE_AFTER_MS;
    use crate::journal::Chain;
    use crate::model::{BoardNo, GameResult, TeamSide};
    use crate::record::{
        ClockSample, Event, FeedStatus, MoveMade, Origin, PlayerArrived, ResultRecorded,
        RoundStarted, SessionStarted,
    };
    use crate::state::apply;

    const B1: BoardNo = BoardNo(1);

    /// The demo match under a profile, compiled in from the repository's `config/`.
    fn demo(profile: &str) -> Match {
        let profile_src = match profile {
            "trier" => include_str!("../../../config/rules/trier.toml"),
            _ => include_str!("../../../config/rules/bundesliga.toml"),
        };
        Match::from_texts(
            Path::new("config/matches/demo-bundesliga.toml"),
            include_str!("../../../config/matches/demo-bundesliga.toml"),
            Path::new("profile.toml"),
            profile_src,
        )
        .unwrap()
    }

    /// Applies events at the given monotonic times.
    fn state(m: &Match, events: &[(MonoMs, Event)]) -> MatchState {
        let mut s = MatchState::with_boards(m.file.boards);
        let mut chain = Chain::default();
        let mut out = Vec::new();
        let session = SessionStarted {
            match_sha256: m.match_sha256.clone(),
            profile_sha256: m.profile_sha256.clone(),
            match_path: "demo".into(),
            profile_id: m.profile.id.clone(),
            boards: m.file.boards,
            software: "test".into(),
            time_control: Some(m.time_control.clone()),
            profile_path: None,
            match_text: None,
            profile_text: None,
        };
        let mut push = |mono: MonoMs, e: Event| {
            let origin = match e.board() {
                Some(b) if !matches!(e, Event::ResultRecorded(_) | Event::PlayerArrived(_)) => {
                    Origin::Feed(b)
                }
                _ => Origin::Arbiter,
            };
            let r = chain.append(1_800_000_000_000 + mono as i64, mono, origin, e, &mut out);
            apply(&mut s, &r);
        };
        push(0, session.into());
        for (t, e) in events {
            push(*t, e.clone());
        }
        s
    }

    fn live(t: MonoMs) -> (MonoMs, Event) {
        (
            t,
            FeedStatus {
                board: B1,
                state: FeedState::Live,
                detail: String::new(),
            }
            .into(),
        )
    }

    fn sample(t: MonoMs, left: u64, right: u64, running: Option<ClockSide>) -> (MonoMs, Event) {
        (
            t,
            ClockSample {
                board: B1,
                left_ms: left,
                right_ms: right,
                running,
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into(),
        )
    }

    fn mv(t: MonoMs, ply: u32, uci: &str, san: &str) -> (MonoMs, Event) {
        (
            t,
            MoveMade {
                board: B1,
                ply,
                uci: uci.into(),
                san: san.into(),
                clock_ms: None,
            }
            .into(),
        )
    }

    fn arrived(t: MonoMs) -> [(MonoMs, Event); 2] {
        [TeamSide::Home, TeamSide::Away].map(|team| {
            (
                t,
                PlayerArrived {
                    board: B1,
                    team,
                    at: None,
                }
                .into(),
            )
        })
    }

    fn status_at(m: &Match, events: &[(MonoMs, Event)], now: MonoMs) -> BoardStatus {
        let s = state(m, events);
        board_status(m, &s, s.board(B1).unwrap(), now)
    }

    fn has(st: &BoardStatus, f: impl Fn(&BoardAlert) -> bool) -> bool {
        st.alerts.iter().any(f)
    }

    #[test]
    fn a_clock_sample_out_of_range_never_reaches_the_state() {
        let m = demo("bundesliga");
        // what a wrapped multiplication once wrote into a journal
        let (t, mut e) = sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left));
        if let Event::ClockSample(c) = &mut e {
            c.left_ms = 18_446_744_073_709_550_616;
        }
        let s = state(&m, &[live(0), (t, e)]);
        let bs = s.board(B1).unwrap();
        assert_eq!(bs.clock, None);
        assert!(s.rejected.iter().any(|r| r.reason.contains("out of range")));
    }

    #[test]
    fn a_takeback_shortens_the_move_list() {
        let m = demo("bundesliga");
        let s = state(
            &m,
            &[
                live(0),
                mv(1_000, 1, "e2e4", "e4"),
                mv(2_000, 2, "e7e5", "e5"),
                mv(3_000, 3, "g1f3", "Nf3"),
                (
                    4_000,
                    crate::record::MovesTakenBack {
                        board: B1,
                        to_ply: 2,
                        removed: vec!["Nf3".into()],
                        detail: String::new(),
                    }
                    .into(),
                ),
                mv(5_000, 3, "b1c3", "Nc3"),
            ],
        );
        let sans: Vec<&str> = s
            .board(B1)
            .unwrap()
            .moves
            .iter()
            .map(|m| m.san.as_str())
            .collect();
        assert_eq!(sans, ["e4", "e5", "Nc3"]);
        assert_eq!(s.board(B1).unwrap().feed_notes.len(), 1);
    }

    #[test]
    fn a_period_flag_is_not_a_lost_game_and_device_states_show() {
        use crate::record::{ClockPresence, DeviceStatus, FeedCounters, FlagKind};
        let m = demo("bundesliga");
        let (t, mut e) = sample(1_000, 1_800_000, 5_000_000, Some(ClockSide::Left));
        if let Event::ClockSample(c) = &mut e {
            c.left_flag = true;
            c.left_flag_kind = Some(FlagKind::Period);
        }
        let st = status_at(&m, &[live(0), (t, e.clone())], 1_500);
        assert!(has(
            &st,
            |a| matches!(a, BoardAlert::PeriodFlag { color } if color.is_white())
        ));
        assert!(!has(&st, |a| matches!(a, BoardAlert::Flag { .. })));
        // the final flag (at 0:00) is a flag; so is a flag whose kind the source does not tell
        for kind in [Some(FlagKind::Final), None] {
            let mut e = e.clone();
            if let Event::ClockSample(c) = &mut e {
                c.left_flag_kind = kind;
                c.left_ms = 0;
            }
            // the clock ran down to it (a first report at 0:00 would be a wrong preset)
            let (t0, before) = sample(500, 500, 5_000_000, Some(ClockSide::Left));
            let st = status_at(&m, &[live(0), (t0, before), (t, e)], 1_500);
            assert!(has(
                &st,
                |a| matches!(a, BoardAlert::Flag { color } if color.is_white())
            ));
        }
        // no clock, battery low
        let dev = DeviceStatus {
            board: B1,
            clock: ClockPresence::Absent,
            battery_low: true,
            board_matches: Some(false),
            flipped: None,
        };
        let st = status_at(&m, &[live(0), (1_000, dev.into())], 1_500);
        assert!(has(&st, |a| *a == BoardAlert::NoClock));
        assert!(has(&st, |a| *a == BoardAlert::BatteryLow));
        assert!(has(&st, |a| *a == BoardAlert::BoardMismatch));
        // new garbage while the feed is not live: garbled; not while it is live
        let noise = FeedCounters {
            board: B1,
            garbage_bytes: 500,
            ..FeedCounters::default()
        };
        let stale = (
            4_000,
            FeedStatus {
                board: B1,
                state: FeedState::Stale,
                detail: String::new(),
            }
            .into(),
        );
        let st = status_at(&m, &[live(0), stale, (5_000, noise.into())], 6_000);
        assert!(has(&st, |a| *a == BoardAlert::Garbled));
        let st = status_at(&m, &[live(0), (5_000, noise.into())], 6_000);
        assert!(!has(&st, |a| *a == BoardAlert::Garbled));
    }

    #[test]
    fn the_running_clock_counts_down_from_the_last_report() {
        let m = demo("bundesliga");
        let s = state(
            &m,
            &[
                live(0),
                sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
            ],
        );
        let bs = s.board(B1).unwrap();
        // The clock shows whole seconds: 1:30:00 while running means between 1:30:00 and
        // 1:30:00.999; the clock model starts at the top of the second and counts from there,
        // also when no further report comes. Shown as the clock shows it: whole seconds, rounded
        // down; the estimate to the millisecond beside it.
        let c = clock_at(&s, bs, 1_500).unwrap();
        assert_eq!((c.white_exact_ms, c.black_exact_ms), (5_400_499, 5_400_000));
        assert_eq!((c.white_ms, c.black_ms), (5_400_000, 5_400_000));
        let c = clock_at(&s, bs, 3_500).unwrap();
        assert_eq!((c.white_exact_ms, c.black_exact_ms), (5_398_499, 5_400_000));
        assert_eq!((c.white_ms, c.black_ms), (5_398_000, 5_400_000));
        assert_eq!(c.running, Some(Color::White));
        // A stopped clock stands; a clock is never carried below zero.
        let s = state(&m, &[live(0), sample(1_000, 3_000, 7_000, None)]);
        let c = clock_at(&s, s.board(B1).unwrap(), 60_000).unwrap();
        assert_eq!((c.white_ms, c.black_ms, c.running), (3_000, 7_000, None));
        let s = state(
            &m,
            &[live(0), sample(1_000, 1_000, 7_000, Some(ClockSide::Right))],
        );
        let c = clock_at(&s, s.board(B1).unwrap(), 60_000).unwrap();
        assert_eq!((c.white_ms, c.black_ms), (1_000, 0));
        // White on the right: the colours follow the orientation.
        let mut right = sample(1_000, 100_000, 200_000, None);
        if let Event::ClockSample(c) = &mut right.1 {
            c.white_side = Some(ClockSide::Right);
        }
        let s = state(&m, &[live(0), right]);
        let c = clock_at(&s, s.board(B1).unwrap(), 2_000).unwrap();
        assert_eq!((c.white_ms, c.black_ms), (200_000, 100_000));
        // No report, no clock.
        let s = state(&m, &[live(0)]);
        assert_eq!(clock_at(&s, s.board(B1).unwrap(), 2_000), None);
    }

    #[test]
    fn a_clock_carried_forward_over_a_silent_feed_is_an_estimate() {
        let m = demo("bundesliga");
        let events = [
            live(0),
            sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
        ];
        let s = state(&m, &events);
        let bs = s.board(B1).unwrap();
        assert!(!clock_at(&s, bs, 1_000 + STALE_AFTER_MS).unwrap().estimated);
        let c = clock_at(&s, bs, 1_001 + STALE_AFTER_MS).unwrap();
        assert!(c.estimated);
        assert_eq!(
            c.white_exact_ms,
            5_400_999 - STALE_AFTER_MS - 1,
            "still counting"
        );
        assert_eq!(c.white_ms, 5_397_000, "shown in whole seconds");
    }

    #[test]
    fn flag() {
        let m = demo("bundesliga");
        // 0:02 shown at 1 s: at most 2.999 s left, run out at 4 s.
        let st = status_at(
            &m,
            &[live(0), sample(1_000, 2_000, 60_000, Some(ClockSide::Left))],
            3_900,
        );
        assert!(
            !has(&st, |a| matches!(a, BoardAlert::Flag { .. })),
            "{st:?}"
        );
        let st = status_at(
            &m,
            &[live(0), sample(1_000, 2_000, 60_000, Some(ClockSide::Left))],
            4_000,
        );
        assert!(has(&st, |a| *a
            == BoardAlert::Flag {
                color: Color::White
            }));
        assert!(!has(&st, |a| *a
            == BoardAlert::Flag {
                color: Color::Black
            }));
        // The device's own flag counts even before the display shows 0.
        let mut flagged = sample(1_000, 0, 60_000, None);
        if let Event::ClockSample(c) = &mut flagged.1 {
            c.left_flag = true;
        }
        let st = status_at(&m, &[live(0), flagged], 1_000);
        assert!(has(&st, |a| *a
            == BoardAlert::Flag {
                color: Color::White
            }));
    }

    #[test]
    fn stale() {
        let m = demo("bundesliga");
        let events = [
            live(0),
            sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
        ];
        let fresh = status_at(&m, &events, 1_000 + STALE_AFTER_MS);
        assert!(!has(&fresh, |a| *a == BoardAlert::Stale), "{fresh:?}");
        let silent = status_at(&m, &events, 1_001 + STALE_AFTER_MS);
        assert!(has(&silent, |a| *a == BoardAlert::Stale));
        // A feed the transport reports lost is stale at once.
        let mut lost = events.to_vec();
        lost.push((
            1_100,
            FeedStatus {
                board: B1,
                state: FeedState::Lost,
                detail: "connection reset".into(),
            }
            .into(),
        ));
        assert!(has(&status_at(&m, &lost, 1_200), |a| *a == BoardAlert::Stale));
        // A stopped clock on a quiet, live feed is not stale.
        let stopped = [live(0), sample(1_000, 5_400_000, 5_400_000, None)];
        assert!(!has(&status_at(&m, &stopped, 60_000), |a| *a
            == BoardAlert::Stale));
    }

    #[test]
    fn clock_mismatch() {
        let m = demo("bundesliga");
        // After 1.e4 Black is on move; a clock still running for White disagrees.
        let base = [
            live(0),
            sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
            mv(2_000, 1, "e2e4", "e4"),
        ];
        let mut wrong = base.to_vec();
        wrong.push(sample(2_100, 5_399_000, 5_400_000, Some(ClockSide::Left)));
        assert!(has(&status_at(&m, &wrong, 2_200), |a| *a
            == BoardAlert::ClockMismatch));
        let mut right = base.to_vec();
        right.push(sample(2_100, 5_429_000, 5_400_000, Some(ClockSide::Right)));
        let st = status_at(&m, &right, 2_200);
        assert!(!has(&st, |a| *a == BoardAlert::ClockMismatch), "{st:?}");
        assert_eq!(st.to_move, Color::Black);
    }

    #[test]
    fn no_scoresheet_and_quickplay() {
        // Trier: 2 h / 40 then 1 h, no increment; scoresheet exemption below 5 min, quickplay
        // claims below 2 min in the last period.
        let m = demo("trier");
        let st = status_at(
            &m,
            &[
                live(0),
                sample(1_000, 280_000, 3_000_000, Some(ClockSide::Left)),
            ],
            1_000,
        );
        assert!(has(&st, |a| *a
            == BoardAlert::NoScoresheet {
                color: Color::White
            }));
        assert!(!has(&st, |a| *a
            == BoardAlert::NoScoresheet {
                color: Color::Black
            }));
        assert!(
            !has(&st, |a| matches!(a, BoardAlert::Quickplay { .. })),
            "first period"
        );
        // With 6 minutes nothing.
        let st = status_at(
            &m,
            &[
                live(0),
                sample(1_000, 360_000, 3_000_000, Some(ClockSide::Left)),
            ],
            1_000,
        );
        assert!(
            !has(&st, |a| matches!(a, BoardAlert::NoScoresheet { .. })),
            "{st:?}"
        );
        // Under the Bundesliga profile (30 s increment) there is no exemption.
        let m = demo("bundesliga");
        let st = status_at(
            &m,
            &[
                live(0),
                sample(1_000, 280_000, 3_000_000, Some(ClockSide::Left)),
            ],
            1_000,
        );
        assert!(
            !has(&st, |a| matches!(a, BoardAlert::NoScoresheet { .. })),
            "{st:?}"
        );
    }

    #[test]
    fn quickplay_in_the_last_period() {
        // Trier: 2 h for 40 moves, then 1 h added on the 40th move (no increment); claims below
        // 2 min in the last period. Both play 40 moves at 10 s each (knights out and back),
        // then White thinks until 1:30 is left.
        let m = demo("trier");
        let shuffle = [
            ("g1f3", "Nf3"),
            ("g8f6", "Nf6"),
            ("f3g1", "Ng1"),
            ("f6g8", "Ng8"),
        ];
        let (mut white, mut black) = (7_200_000u64, 7_200_000u64);
        let mut t = 1_000;
        let mut events = vec![
            live(0),
            sample(t, white, black, None),
            sample(t + 1, white, black, Some(ClockSide::Left)),
        ];
        for ply in 1..=80u32 {
            t += 10_000;
            let mover_white = ply % 2 == 1;
            let period_time = if ply >= 79 { 3_600_000 } else { 0 };
            if mover_white {
                white = white - 10_000 + period_time;
            } else {
                black = black - 10_000 + period_time;
            }
            let (uci, san) = shuffle[(ply as usize - 1) % 4];
            events.push(mv(t, ply, uci, san));
            let next = if mover_white {
                ClockSide::Right
            } else {
                ClockSide::Left
            };
            events.push(sample(t + 50, white, black, Some(next)));
        }
        let before = status_at(&m, &events, t + 100);
        assert_eq!(before.period, 2, "{before:?}");
        assert!(!has(&before, |a| matches!(a, BoardAlert::Quickplay { .. })));
        let used = white - 90_000;
        events.push(sample(t + 50 + used, 90_000, black, Some(ClockSide::Left)));
        let st = status_at(&m, &events, t + 50 + used);
        assert!(
            has(&st, |a| *a
                == BoardAlert::Quickplay {
                    color: Color::White
                }),
            "{st:?}"
        );
        assert!(!has(&st, |a| *a
            == BoardAlert::Quickplay {
                color: Color::Black
            }));
    }

    #[test]
    fn absent() {
        let m = demo("bundesliga");
        let started = (10, RoundStarted::default().into());
        let st = status_at(&m, std::slice::from_ref(&started), 100);
        assert!(has(&st, |a| *a
            == BoardAlert::Absent {
                color: Color::White
            }));
        assert!(has(&st, |a| *a
            == BoardAlert::Absent {
                color: Color::Black
            }));
        let [home, away] = arrived(50);
        let st = status_at(&m, &[started.clone(), home, away], 100);
        assert!(
            !has(&st, |a| matches!(a, BoardAlert::Absent { .. })),
            "{st:?}"
        );
        // Before the round starts nobody is absent.
        let st = status_at(&m, &[], 100);
        assert!(!has(&st, |a| matches!(a, BoardAlert::Absent { .. })));
    }

    #[test]
    fn clock_model_alert_for_two_minutes() {
        let m = demo("bundesliga");
        // A clock preset to 1:00:00 where the profile gives 1:30:00.
        let events = [live(0), sample(1_000, 3_600_000, 3_600_000, None)];
        let recent = status_at(&m, &events, 2_000);
        assert!(
            has(&recent, |a| matches!(
                a,
                BoardAlert::Clock(ClockAlert::PresetMismatch { .. })
            )),
            "{recent:?}"
        );
        let later = status_at(&m, &events, 1_000 + CLOCK_ALERT_MS);
        assert!(!has(&later, |a| matches!(a, BoardAlert::Clock(_))));
    }

    #[test]
    fn a_finished_game_has_no_alerts() {
        let m = demo("bundesliga");
        let st = status_at(
            &m,
            &[
                (10, RoundStarted::default().into()),
                (
                    20,
                    ResultRecorded {
                        board: B1,
                        result: GameResult::Draw,
                        reason: String::new(),
                        ending: None,
                        overridden: Vec::new(),
                    }
                    .into(),
                ),
            ],
            100,
        );
        assert!(st.alerts.is_empty(), "{st:?}");
    }
}
