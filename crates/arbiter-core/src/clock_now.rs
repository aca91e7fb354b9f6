//! Both clocks of a board at any instant: [`clock_at`], the one function that carries a clock
//! forward in time. The screens, replay, proposals, the report and the scenarios all call it;
//! nobody else interpolates. It reads the clock model's sub-second estimate while reports arrive
//! and counts on when they stop, marking the values as estimated once the feed is not live.

use serde::Serialize;

use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::model::{ClockSide, Color};
use crate::record::{ClockSample, FeedState};
use crate::state::{BoardState, MatchState};
use crate::time::MonoMs;

/// A feed that has delivered nothing for this long while a clock runs is stale: the feeds
/// report it (`FeedState::Stale`, see `arbiter_protocol::connection::Timing`) and the console
/// marks the clocks it carries forward as estimated.
pub const STALE_AFTER_MS: u64 = 3_000;

/// Both clocks of a board at one instant.
///
/// `shown` is what the clock shows per colour: whole seconds, rounded down as a DGT display
/// truncates (a running clock at 1:29:59.7 shows 1:29:59). Proposals, the report, PGN and the
/// scenarios take these (written as `white_ms` and `black_ms`). The console's estimate to the
/// millisecond is kept beside them (`estimate`) for the screen, which shows tenths under a
/// minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClockNow {
    #[serde(flatten, with = "crate::by_colour::ms")]
    pub shown: ByColor<ClockMs>,
    /// The colour whose time runs; `None` when the clock is stopped (or the game is over).
    #[serde(with = "crate::model::colour::option")]
    pub running: Option<Color>,
    /// The feed is not live (stale, lost, reconnecting), or no clock is connected: the values
    /// are carried forward from the last report and may not be what the device shows.
    pub estimated: bool,
    #[serde(skip)]
    pub estimate: ByColor<ClockMs>,
}

impl ClockNow {
    fn new(estimate: ByColor<ClockMs>, running: Option<Color>, estimated: bool) -> Self {
        ClockNow {
            shown: estimate.map(ClockMs::shown),
            running,
            estimated,
            estimate,
        }
    }

    /// The time of one colour, as the clock shows it.
    pub fn of(&self, c: Color) -> ClockMs {
        self.shown[c]
    }

    /// The time of one colour, to the millisecond (the console's estimate).
    pub fn exact(&self, c: Color) -> ClockMs {
        self.estimate[c]
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

    /// The two times as reported, by colour.
    pub fn by_colour(&self) -> ByColor<ClockMs> {
        let (white, black) = match self.white_side_or_left() {
            ClockSide::Left => (self.left_ms, self.right_ms),
            ClockSide::Right => (self.right_ms, self.left_ms),
        };
        ByColor { white, black }.map(ClockMs::new)
    }
}

/// Whether the board's data can be trusted as current at `now`: the feed says it is live and
/// the last data is younger than [`STALE_AFTER_MS`] (or the clock is stopped).
pub(crate) fn feed_is_current(bs: &BoardState, running: bool, now: MonoMs) -> bool {
    let age = bs.last_data.map(|d| now.saturating_since(d.mono_ms));
    let live = matches!(bs.feed, FeedState::Live);
    live && !(running && age.is_some_and(|a| a > STALE_AFTER_MS))
}

/// Both clocks of a board at the console's monotonic moment `now`: the clock model's display
/// when it has readings (its sub-second estimate), else the last report with the running side
/// counted down by the time elapsed since, never below zero; shown in whole seconds (see
/// [`ClockNow`]). A game whose result is recorded keeps the clocks of that moment, stopped.
/// `None` before any clock report.
pub fn clock_at(s: &MatchState, bs: &BoardState, now: MonoMs) -> Option<ClockNow> {
    let sample = bs.clock?;
    let at = bs.clock_at?;
    let mut clock_now = s.clock_ms(now);
    if let Some(locked) = bs.locked_clock_ms {
        clock_now = clock_now.min(locked);
    }
    let mirrored = bs
        .mirror
        .as_ref()
        .filter(|m| m.last_reading().is_some())
        .and_then(|m| {
            let white = m.display_color_ms(Color::White, clock_now)?;
            let black = m.display_color_ms(Color::Black, clock_now)?;
            let running = m.on_move().filter(|_| m.running().is_some());
            Some((ByColor { white, black }.map(ClockMs::new), running))
        });
    let c = match mirrored {
        Some((estimate, running)) => ClockNow::new(estimate, running, false),
        None => {
            let elapsed = clock_now.saturating_sub(s.clock_ms(at.mono_ms));
            report_at(&sample, elapsed)
        }
    };
    if bs.locked_clock_ms.is_some() {
        return Some(ClockNow { running: None, ..c });
    }
    Some(ClockNow {
        estimated: (c.running.is_some() && !feed_is_current(bs, true, now)) || bs.clock_absent(),
        ..c
    })
}

/// Both clocks `elapsed_ms` after a report: the running side counted down from it, never below
/// zero (the clocks at an earlier instant, e.g. when a move was made, from the report before).
pub fn report_at(sample: &ClockSample, elapsed_ms: u64) -> ClockNow {
    let (mut left, mut right) = (sample.left_ms, sample.right_ms);
    match sample.running {
        Some(ClockSide::Left) => left = left.saturating_sub(elapsed_ms),
        Some(ClockSide::Right) => right = right.saturating_sub(elapsed_ms),
        None => {}
    }
    let running = sample.running.map(|side| sample.colour_on(side));
    let (white, black) = match sample.white_side_or_left() {
        ClockSide::Left => (left, right),
        ClockSide::Right => (right, left),
    };
    ClockNow::new(ByColor { white, black }.map(ClockMs::new), running, false)
}

/// The console's own time model at `now`, beside the device's ([`clock_at`]): period time the
/// device added before the player had completed the period's moves is not earned (FIDE 6.3.1,
/// 6.4), so the model keeps 0:00 for that player; a device that adds the period's time only
/// when the time runs out (`on_flag`) shows less than the Laws give a player who has completed
/// the period's moves, so the model adds it. Equal to the device's where neither applies.
pub fn model_at(s: &MatchState, bs: &BoardState, now: MonoMs) -> Option<ClockNow> {
    let device = clock_at(s, bs, now)?;
    let mut exact = device.estimate;
    for color in [Color::White, Color::Black] {
        if bs.device.unearned(color).is_some() {
            exact[color] = ClockMs::ZERO;
            continue;
        }
        let Some(m) = bs.mirror.as_ref().filter(|m| m.last_reading().is_some()) else {
            continue;
        };
        let tc = m.time_control();
        let Some(side) = m.side_of(color) else {
            continue;
        };
        let period = m.period(side);
        if tc.period_time_added == crate::clock::PeriodAddition::OnFlag
            && tc.has_next_period(period)
            && tc
                .moves_at_end_of(period)
                .is_some_and(|required| bs.completed(color, None) >= required)
            && let Some(next) = tc.period(period + 1)
        {
            exact[color] = exact[color].plus(ClockMs::new(next.base_ms()));
        }
    }
    Some(ClockNow::new(exact, device.running, device.estimated))
}
