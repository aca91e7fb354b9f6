//! Both clocks of a board at any instant: [`clock_at`], the one function that carries a clock
//! forward in time. The screens, replay, proposals, the report and the scenarios all call it;
//! nobody else interpolates. It reads the clock model's sub-second estimate while reports arrive
//! and counts on when they stop, marking the values as estimated once the feed is not live.

use serde::Serialize;

use crate::model::{ClockSide, Color, MonoMs};
use crate::record::{ClockSample, FeedState};
use crate::state::{BoardState, MatchState};

/// A feed that has delivered nothing for this long while a clock runs is stale: the feeds
/// report it (`FeedState::Stale`, see `arbiter_protocol::connection::Timing`) and the console
/// marks the clocks it carries forward as estimated.
pub const STALE_AFTER_MS: u64 = 3_000;

/// Both clocks of a board at one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClockNow {
    pub white_ms: u64,
    pub black_ms: u64,
    /// The colour whose time runs; `None` when the clock is stopped.
    #[serde(with = "crate::model::colour::option")]
    pub running: Option<Color>,
    /// The feed is not live (stale, lost, reconnecting), or no clock is connected: the values
    /// are carried forward from the last report and may not be what the device shows.
    pub estimated: bool,
}

impl ClockNow {
    /// The time of one colour.
    pub fn of(&self, c: Color) -> u64 {
        match c {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }
}

impl ClockSample {
    /// The side White sits at (left when the source does not say).
    pub fn white_side_or_left(&self) -> ClockSide {
        self.white_side.unwrap_or(ClockSide::Left)
    }

    /// The colour on a clock side.
    pub fn colour_on(&self, side: ClockSide) -> Color {
        if self.white_side_or_left() == side {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The two times as reported, by colour: `(white_ms, black_ms)`.
    pub fn by_colour(&self) -> (u64, u64) {
        match self.white_side_or_left() {
            ClockSide::Left => (self.left_ms, self.right_ms),
            ClockSide::Right => (self.right_ms, self.left_ms),
        }
    }
}

/// Whether the board's data can be trusted as current at `now`: the feed says it is live and
/// the last data is younger than [`STALE_AFTER_MS`] (or the clock is stopped).
pub(crate) fn feed_is_current(bs: &BoardState, running: bool, now: MonoMs) -> bool {
    let age = bs.last_data.map(|d| now.saturating_sub(d.mono_ms));
    let live = matches!(bs.feed, FeedState::Live);
    live && !(running && age.is_some_and(|a| a > STALE_AFTER_MS))
}

/// Both clocks of a board at the console's monotonic moment `now`: the clock model's display
/// when it has readings (its sub-second estimate), else the last report with the running side
/// counted down by the time elapsed since, never below zero. `None` before any clock report.
pub fn clock_at(s: &MatchState, bs: &BoardState, now: MonoMs) -> Option<ClockNow> {
    let sample = bs.clock?;
    let at = bs.clock_at?;
    let clock_now = s.clock_ms(now);
    let mirrored = bs
        .mirror
        .as_ref()
        .filter(|m| m.last_reading().is_some())
        .and_then(|m| {
            let w = m.display_color_ms(Color::White, clock_now)?;
            let b = m.display_color_ms(Color::Black, clock_now)?;
            Some((w, b, m.on_move().filter(|_| m.running().is_some())))
        });
    let (white_ms, black_ms, running) = match mirrored {
        Some(t) => t,
        None => {
            let elapsed = clock_now.saturating_sub(s.clock_base_ms + at.mono_ms);
            let (mut left, mut right) = (sample.left_ms, sample.right_ms);
            match sample.running {
                Some(ClockSide::Left) => left = left.saturating_sub(elapsed),
                Some(ClockSide::Right) => right = right.saturating_sub(elapsed),
                None => {}
            }
            let running = sample.running.map(|side| sample.colour_on(side));
            let (w, b) = match sample.white_side_or_left() {
                ClockSide::Left => (left, right),
                ClockSide::Right => (right, left),
            };
            (w, b, running)
        }
    };
    Some(ClockNow {
        white_ms,
        black_ms,
        running,
        estimated: (running.is_some() && !feed_is_current(bs, true, now)) || bs.clock_absent(),
    })
}
