//! The arbiter's clock changes still to be set on a board's clock, and the clock command that
//! sets them: what a ruling sends, the times at an instant, a refusal by the clock.

use serde::Serialize;

use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::clock_now::clock_at;
use crate::matchfile::Match;
use crate::model::{BoardNo, ClockSide, Color};
use crate::record::{ClockCommand, ClockRunMode, CommandOutcome, FeedState};
use crate::state::{BoardState, MatchState};
use crate::time::MonoMs;

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
///
/// Made only by [`clock_to_set`], so that what the shell sends to the device holds: the times
/// by side are the times by colour as the clock is oriented, each within what the command
/// carries ([`CLOCK_COMMAND_MAX_MS`]), and the side that runs is the running colour's. The
/// fields are read through the methods.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockToSet {
    board: BoardNo,
    /// Both times by colour (written `white_ms`, `black_ms`).
    #[serde(flatten, with = "crate::by_colour::ms")]
    times: ByColor<ClockMs>,
    left_ms: ClockMs,
    right_ms: ClockMs,
    run: ClockRunMode,
    /// The colour whose time runs afterwards (`None`: paused).
    #[serde(with = "crate::model::colour::option")]
    running: Option<Color>,
    /// The adjustments the command sets.
    pending: Vec<PendingAdjustment>,
}

impl ClockToSet {
    pub fn board(&self) -> BoardNo {
        self.board
    }

    /// Both times by colour.
    pub fn times(&self) -> ByColor<ClockMs> {
        self.times
    }

    /// White's or Black's time as the clock's left side gets it.
    pub fn left_ms(&self) -> ClockMs {
        self.left_ms
    }

    pub fn right_ms(&self) -> ClockMs {
        self.right_ms
    }

    /// Which side runs after the command.
    pub fn run(&self) -> ClockRunMode {
        self.run
    }

    /// The colour whose time runs afterwards (`None`: paused).
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// The adjustments the command sets.
    pub fn pending(&self) -> &[PendingAdjustment] {
        &self.pending
    }

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
            times: self.times,
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

/// The board whose clock a confirmed ruling's times go to as the next step of its flow: the
/// ruling changes a player's time (or sets both times) and the match file says the clock accepts
/// commands (`clock_commands`). The console then asks to send them (`clock_to_set`, confirmed
/// with Enter), a scenario step with `send_to_clock = true` journals the command; elsewhere the
/// arbiter sets the clock by hand.
pub fn ruling_goes_to_clock(m: &Match, ev: &crate::record::Event) -> Option<BoardNo> {
    let iv = match ev {
        crate::record::Event::Intervention(iv) => iv.as_ref(),
        crate::record::Event::Decision(d) => &d.intervention,
        _ => return None,
    };
    let board = iv.board?;
    let c = &iv.confirmed;
    let times = !c.clock.is_empty()
        || c.clock_ops.iter().any(|op| {
            matches!(
                op,
                crate::clock::ClockOperation::SetTimes { .. }
                    | crate::clock::ClockOperation::AddTime { .. }
                    | crate::clock::ClockOperation::SubtractTime { .. }
            )
        });
    (times && m.file.clock_commands.contains(&board.0)).then_some(board)
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
    let times = c.shown.zip_color().map(|(color, shown)| {
        let delta: i64 = pending
            .iter()
            .filter(|p| p.color == color)
            .map(|p| p.delta_ms)
            .sum();
        let shown = i64::try_from(shown.ms()).unwrap_or(i64::MAX);
        ClockMs::new(u64::try_from(shown.saturating_add(delta)).unwrap_or(0))
    });
    for ms in times {
        if ms > ClockMs::new(CLOCK_COMMAND_MAX_MS) {
            return Err(msg!(
                "clock-command-too-long",
                time = crate::hms::format_hms(ms)
            ));
        }
    }
    let (Some(white_side), Some(_)) = (mr.side_of(Color::White), mr.side_of(Color::Black)) else {
        return Err(msg!("clock-command-no-clock", board = board));
    };
    let (left_ms, right_ms) = match white_side {
        ClockSide::Left => (times.white, times.black),
        ClockSide::Right => (times.black, times.white),
    };
    let run = match c.running.and_then(|color| mr.side_of(color)) {
        Some(ClockSide::Left) => ClockRunMode::Left,
        Some(ClockSide::Right) => ClockRunMode::Right,
        None => ClockRunMode::Paused,
    };
    Ok(ClockToSet {
        board,
        times,
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
