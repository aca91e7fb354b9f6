//! The clock mirror of one board: follows the physical clock sample by sample, explains every
//! change, and tracks remaining times, moves, periods and who is on move per colour.
//!
//! The physical clock is authoritative (FIDE 6.10.1): the mirror never corrects the clock, it
//! only classifies what the clock shows. Which side is White comes from the colours (the
//! configuration or the source), and is confirmed by the side that runs first (White's clock
//! is started, FIDE 6.6).
//!
//! One state machine (one sample in, every change explained) whose parts share its private
//! state: each side's change between two readings is explained in `side_sample`, the arbiter's
//! operations are taken in `operation`.

use serde::{Deserialize, Serialize};

mod operation;
mod side_sample;

use super::ClockMs;
use super::control::{PeriodAddition, TimeControl};
use super::explain::{ChangeKind, ClockAlert, ClockChange, SampleReport};
use super::flag::FlagRecord;
use super::indicators::{IndicatorSettings, Indicators, PlayerClock, indicators};
use super::reading::{ClockReading, ClockTimes, SIDES, side_index};
use super::subsecond::SubSecond;
use crate::by_colour::ByColor;
use crate::model::{ClockSide, Color};

/// Allowed difference between a whole-second reading and the expected value: one second of
/// display resolution and half a second of transport jitter.
pub const TOLERANCE_MS: i64 = 1_500;
/// A running side whose reading has not changed for this long (plus any delay) raises an alert.
pub const STALL_MS: u64 = 2_500;

/// How the mirror knows which side is White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrientationSource {
    /// Set from the pairing / lever position by the state layer.
    Configured,
    /// Reported by the source with the sample (LiveChess).
    Reported,
    /// Inferred: White's clock is started first.
    FirstRun,
}

/// Where one side's time came from: `remaining = initial + increments + period + adjustments +
/// unexplained − used`, exactly, at every sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Ledger {
    /// What the clock showed at the start (or after a reset).
    pub initial_ms: u64,
    /// Fischer increments and Bronstein credits.
    pub increments_ms: u64,
    /// Period times added.
    pub period_ms: u64,
    /// Announced arbiter adjustments.
    pub adjustments_ms: i64,
    /// Changes nobody explained (each raised an alert).
    pub unexplained_ms: i64,
    /// Time used by running.
    pub used_ms: i64,
}

impl Ledger {
    /// The remaining time the ledger accounts for.
    pub fn balance(&self) -> i64 {
        let credits = i128::from(self.initial_ms)
            + i128::from(self.increments_ms)
            + i128::from(self.period_ms)
            + i128::from(self.adjustments_ms)
            + i128::from(self.unexplained_ms)
            - i128::from(self.used_ms);
        i64::try_from(credits).unwrap_or(if credits < 0 { i64::MIN } else { i64::MAX })
    }
}

/// An arbiter change the next samples should show on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Pending {
    delta_ms: i64,
}

/// The mirror's view of one side of the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SideState {
    reading_ms: u64,
    est: SubSecond,
    /// Completed moves (clock presses, or as set by the arbiter).
    moves: u32,
    /// The period (0-based ordinal) the clock time belongs to.
    period: u32,
    ledger: Ledger,
    lowest_in_period_ms: u64,
    /// When the side last started running (for Bronstein credits).
    run_started_at: Option<u64>,
    pending: Option<Pending>,
    /// The last time the reading changed.
    last_change_at: u64,
    stall_alerted: bool,
    /// The period of the last flag recorded for this side.
    flag_period: Option<u32>,
}

impl SideState {
    fn new(reading_ms: u64, at_ms: u64, running: bool) -> SideState {
        SideState {
            reading_ms,
            est: SubSecond::new(reading_ms, at_ms, running),
            moves: 0,
            period: 0,
            ledger: Ledger {
                initial_ms: reading_ms,
                ..Ledger::default()
            },
            lowest_in_period_ms: reading_ms,
            run_started_at: running.then_some(at_ms),
            pending: None,
            last_change_at: at_ms,
            stall_alerted: false,
            flag_period: None,
        }
    }
}

/// The last sample taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Last {
    reading: ClockReading,
    at_ms: u64,
}

/// The mirror of one board's clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockMirror {
    tc: TimeControl,
    white_side: Option<ClockSide>,
    orientation: Option<OrientationSource>,
    orientation_alerted: bool,
    last: Option<Last>,
    sides: [SideState; 2],
    /// Plies reported by the e-board (0 = none).
    board_plies: u32,
    /// The side that pressed last (who is on move while the clock is stopped).
    last_pressed: Option<ClockSide>,
    /// The clock has been started at least once.
    started: bool,
    /// A pause the arbiter announced and the clock has not shown yet.
    pending_pause: bool,
    pending_resume: bool,
    /// Moves set by the arbiter before any sample (a console started mid-game).
    moves_preset: bool,
    flags: Vec<FlagRecord>,
}

impl ClockMirror {
    /// A mirror for a game played under `tc`; it waits for the first sample.
    pub fn new(tc: TimeControl) -> ClockMirror {
        ClockMirror {
            tc,
            white_side: None,
            orientation: None,
            orientation_alerted: false,
            last: None,
            sides: [SideState::new(0, 0, false), SideState::new(0, 0, false)],
            board_plies: 0,
            last_pressed: None,
            started: false,
            pending_pause: false,
            pending_resume: false,
            moves_preset: false,
            flags: Vec::new(),
        }
    }

    /// The time control.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// When this board's clock adds a period's time (its device mode, which may differ from
    /// the time control's: a DGT 3000 preset adds at zero).
    pub fn set_period_addition(&mut self, mode: PeriodAddition) {
        self.tc.period_time_added = mode;
    }

    /// An arbiter's change the clock has not shown yet on a side (ms), if any.
    pub fn pending_ms(&self, side: ClockSide) -> Option<i64> {
        self.side(side).pending.map(|p| p.delta_ms)
    }

    /// Sets which side of the clock is White (from the pairing and the clock's position).
    pub fn set_white_side(&mut self, side: ClockSide) {
        self.white_side = Some(side);
        self.orientation = Some(OrientationSource::Configured);
    }

    /// Which side is White, if known, and how it is known.
    pub fn white_side(&self) -> Option<(ClockSide, OrientationSource)> {
        self.white_side.zip(self.orientation)
    }

    /// The colour playing on a side of the clock.
    pub fn color_of(&self, side: ClockSide) -> Option<Color> {
        self.white_side.map(|w| {
            if w == side {
                Color::White
            } else {
                Color::Black
            }
        })
    }

    /// The side of the clock a colour plays on.
    pub fn side_of(&self, color: Color) -> Option<ClockSide> {
        self.white_side.map(|w| match color {
            Color::White => w,
            Color::Black => w.other(),
        })
    }

    fn side(&self, side: ClockSide) -> &SideState {
        &self.sides[side_index(side)]
    }

    /// The last reading, if any.
    pub fn last_reading(&self) -> Option<(ClockReading, u64)> {
        self.last.map(|l| (l.reading, l.at_ms))
    }

    /// The time a side shows (the last whole-second reading).
    pub fn reading_ms(&self, side: ClockSide) -> u64 {
        self.side(side).reading_ms
    }

    /// The time a side holds at `now_ms`, with the sub-second phase inferred (for display).
    pub fn display_ms(&self, side: ClockSide, now_ms: u64) -> u64 {
        self.side(side).est.display_ms(now_ms)
    }

    /// The display time of a colour, if the orientation is known.
    pub fn display_color_ms(&self, color: Color, now_ms: u64) -> Option<u64> {
        self.side_of(color).map(|s| self.display_ms(s, now_ms))
    }

    /// Remaining times and completed moves per colour (from the readings); `None` while the
    /// orientation is unknown.
    pub fn times(&self) -> Option<ClockTimes> {
        let w = self.side(self.side_of(Color::White)?);
        let b = self.side(self.side_of(Color::Black)?);
        Some(ClockTimes {
            remaining: ByColor {
                white: ClockMs::new(w.reading_ms),
                black: ClockMs::new(b.reading_ms),
            },
            moves: ByColor {
                white: w.moves,
                black: b.moves,
            },
        })
    }

    /// Completed moves of a side.
    pub fn moves(&self, side: ClockSide) -> u32 {
        self.side(side).moves
    }

    /// Completed moves of a colour.
    pub fn color_moves(&self, color: Color) -> Option<u32> {
        self.side_of(color).map(|s| self.moves(s))
    }

    /// Moves of a colour as the e-board reported them (0 without an e-board).
    pub fn board_moves(&self, color: Color) -> u32 {
        match color {
            Color::White => self.board_plies.div_ceil(2),
            Color::Black => self.board_plies / 2,
        }
    }

    /// The period (0-based ordinal) a side's time belongs to.
    pub fn period(&self, side: ClockSide) -> u32 {
        self.side(side).period
    }

    /// The ledger of a side.
    pub fn ledger(&self, side: ClockSide) -> Ledger {
        self.side(side).ledger
    }

    /// The side whose time runs, if the clock runs.
    pub fn running(&self) -> Option<ClockSide> {
        self.last.and_then(|l| l.reading.running)
    }

    /// The side on move: the running side, or while the clock is stopped the side that did not
    /// press last (White's side before the first move).
    pub fn on_move_side(&self) -> Option<ClockSide> {
        self.running()
            .or_else(|| self.last_pressed.map(ClockSide::other))
            .or(self.white_side)
    }

    /// The colour on move.
    pub fn on_move(&self) -> Option<Color> {
        self.on_move_side().and_then(|s| self.color_of(s))
    }

    /// Every flag seen, in order.
    pub fn flags(&self) -> &[FlagRecord] {
        &self.flags
    }

    /// The latest flag of each side that belongs to the side's current situation: for
    /// [`super::assess_flags`].
    pub fn open_flags(&self) -> Vec<FlagRecord> {
        let mut out = Vec::new();
        for side in SIDES {
            if let Some(f) = self.flags.iter().rev().find(|f| f.side == side) {
                out.push(f.clone());
            }
        }
        out
    }

    /// The lowest time a side has shown in its current period, up to `now_ms`.
    pub fn lowest_in_period_ms(&self, side: ClockSide, now_ms: u64) -> u64 {
        self.side(side)
            .lowest_in_period_ms
            .min(self.display_ms(side, now_ms))
    }

    /// The indicators of a side at `now_ms`.
    pub fn indicators(
        &self,
        side: ClockSide,
        settings: &IndicatorSettings,
        now_ms: u64,
    ) -> Indicators {
        let st = self.side(side);
        let remaining = self.display_ms(side, now_ms);
        indicators(
            &self.tc,
            settings,
            &PlayerClock {
                remaining_ms: remaining,
                lowest_in_period_ms: st.lowest_in_period_ms.min(remaining),
                moves_completed: st.moves,
                period: st.period,
                on_move: self.on_move_side() == Some(side),
            },
        )
    }

    /// Takes a move reported by an e-board: `ply` 1 is White's first move.
    pub fn apply_move(&mut self, ply: u32) {
        self.board_plies = self.board_plies.max(ply);
    }

    /// A game in progress joined: the clock has counted these completed moves by colour (its
    /// first reading is not the preset, and the side that runs is not White's by that).
    /// Only before the first reading; needs the orientation.
    pub fn join_at(&mut self, white_moves: u32, black_moves: u32) {
        if self.last.is_some() {
            return;
        }
        let Some(w) = self.white_side else { return };
        self.set_moves(w, white_moves);
        self.set_moves(w.other(), black_moves);
    }

    /// The console was away until `at_ms` (a restart): a side's reading that has not changed
    /// since is judged on the reports from now on, not on the time nobody watched (a venue
    /// that paused meanwhile, the demo's, is no stuck clock).
    pub fn watched_again(&mut self, at_ms: u64) {
        for st in &mut self.sides {
            st.last_change_at = st.last_change_at.max(at_ms);
            st.stall_alerted = false;
        }
    }

    /// Takes one clock sample at monotonic time `at_ms`, and says what changed.
    pub fn apply_sample(&mut self, r: &ClockReading, at_ms: u64) -> SampleReport {
        self.sample(r, at_ms, None)
    }

    /// Takes a sample where the moves reported since the last one tell that each side's clock
    /// was pressed `presses` times (left, right) in between, which the readings cannot show
    /// (several moves in one LiveChess message, moves made while the console was away): the
    /// increments and period times of those presses and the time both clocks ran meanwhile
    /// explain the change.
    pub fn apply_sample_with_presses(
        &mut self,
        r: &ClockReading,
        at_ms: u64,
        presses: [u32; 2],
    ) -> SampleReport {
        self.sample(r, at_ms, Some(presses))
    }

    fn sample(&mut self, r: &ClockReading, at_ms: u64, given: Option<[u32; 2]>) -> SampleReport {
        let mut report = SampleReport::default();
        if let Some(w) = r.white_side {
            self.observe_white(w, OrientationSource::Reported, &mut report);
        }
        let Some(prev) = self.last else {
            self.first_sample(r, at_ms, &mut report);
            return report;
        };
        if at_ms < prev.at_ms {
            report.alerts.push(ClockAlert::SampleOutOfOrder {
                at_ms,
                last_ms: prev.at_ms,
            });
            return report;
        }
        let elapsed = at_ms - prev.at_ms;
        let p = prev.reading;

        // Starts, stops and presses.
        let mut press = None;
        match (p.running, r.running) {
            _ if given.is_some() => {}
            (Some(a), Some(b)) if a != b => press = Some(a),
            (Some(a), None) => {
                let by_arbiter = std::mem::take(&mut self.pending_pause);
                self.push_change(&mut report, at_ms, a, ChangeKind::Stopped { by_arbiter }, 0);
                // A clock that freezes at the final flag stops by itself (DGT "FREEZE").
                let frozen_at_flag = r.time(a) == 0 || (r.flag(a) && !p.flag(a));
                if !by_arbiter && !frozen_at_flag {
                    report.alerts.push(ClockAlert::PlayerStoppedClock { at_ms });
                }
            }
            (None, Some(b)) => {
                let by_arbiter = std::mem::take(&mut self.pending_resume);
                if !self.started {
                    self.observe_white(b, OrientationSource::FirstRun, &mut report);
                }
                self.push_change(&mut report, at_ms, b, ChangeKind::Started { by_arbiter }, 0);
            }
            _ => {}
        }
        if r.running.is_some() {
            self.started = true;
        }

        // A reset: stopped, both sides changed to the same value (not zero: both flags down
        // is no reset), not announced.
        if r.running.is_none()
            && r.left_ms == r.right_ms
            && r.left_ms > 0
            && p.left_ms != r.left_ms
            && p.right_ms != r.right_ms
            && self.sides.iter().all(|s| s.pending.is_none())
        {
            self.reset(r, at_ms, &mut report);
            return report;
        }

        for side in SIDES {
            let presses = match given {
                Some(g) => g[side_index(side)],
                None => u32::from(press == Some(side)),
            };
            self.side_sample(side, &p, r, at_ms, elapsed, presses, &mut report);
        }
        if let Some(a) = press {
            self.last_pressed = Some(a);
        }
        if given.is_some()
            && let Some(running) = r.running
        {
            self.last_pressed = Some(running.other());
        }
        self.last = Some(Last { reading: *r, at_ms });
        report
    }

    fn first_sample(&mut self, r: &ClockReading, at_ms: u64, report: &mut SampleReport) {
        for side in SIDES {
            let running = r.running == Some(side);
            let moves = self.side(side).moves;
            let period = self.side(side).period;
            let st = &mut self.sides[side_index(side)];
            *st = SideState::new(r.time(side), at_ms, running);
            st.moves = moves;
            st.period = period;
        }
        if let Some(b) = r.running {
            self.started = true;
            if !self.moves_preset {
                self.observe_white(b, OrientationSource::FirstRun, report);
            }
        }
        if !self.moves_preset {
            self.check_preset(r, report);
        }
        self.last = Some(Last { reading: *r, at_ms });
    }

    /// At the start: each side must show the first period's time (or that plus the first
    /// increment, which some clocks credit at the start); a running side may show less.
    fn check_preset(&self, r: &ClockReading, report: &mut SampleReport) {
        let initial = self.tc.initial_ms();
        let with_inc = initial.saturating_add(self.tc.increment_ms_for(1));
        for side in SIDES {
            let shown = r.time(side);
            let near = |v: u64| shown.abs_diff(v) < 1_000;
            let ok = if r.running == Some(side) {
                shown < with_inc.saturating_add(1_000) && shown.saturating_add(5 * 60_000) > initial
            } else {
                near(initial) || near(with_inc)
            };
            if !ok {
                report.alerts.push(ClockAlert::PresetMismatch {
                    side,
                    expected_ms: initial,
                    shown_ms: shown,
                });
            }
        }
    }

    fn reset(&mut self, r: &ClockReading, at_ms: u64, report: &mut SampleReport) {
        let played = self.sides.iter().any(|s| s.moves > 0);
        for side in SIDES {
            let delta = diff(r.time(side), self.side(side).reading_ms);
            self.push_change(report, at_ms, side, ChangeKind::Reset, delta);
            self.sides[side_index(side)] = SideState::new(r.time(side), at_ms, false);
        }
        if played {
            report.alerts.push(ClockAlert::ResetDuringGame { at_ms });
        }
        self.started = false;
        self.last_pressed = None;
        self.check_preset(r, report);
        self.last = Some(Last { reading: *r, at_ms });
    }

    fn observe_white(
        &mut self,
        white: ClockSide,
        source: OrientationSource,
        report: &mut SampleReport,
    ) {
        match self.white_side {
            None => {
                self.white_side = Some(white);
                self.orientation = Some(source);
            }
            Some(w) if w != white => {
                if !self.orientation_alerted {
                    self.orientation_alerted = true;
                    report.alerts.push(ClockAlert::OrientationMismatch {
                        configured_white: w,
                        observed_white: white,
                    });
                }
                if source == OrientationSource::Reported
                    && self.orientation != Some(OrientationSource::Configured)
                {
                    self.white_side = Some(white);
                    self.orientation = Some(source);
                }
            }
            Some(_) => {}
        }
    }

    /// Records the time of side `i`'s current period as added (on the move or on the flag).
    fn period_time_added(
        &mut self,
        report: &mut SampleReport,
        at_ms: u64,
        side: ClockSide,
        i: usize,
        amount: i64,
        on_flag: bool,
    ) {
        let period = self.sides[i].period;
        self.push_change(
            report,
            at_ms,
            side,
            ChangeKind::PeriodTimeAdded { period, on_flag },
            amount,
        );
        self.sides[i].ledger.period_ms += amount.unsigned_abs();
    }

    fn push_change(
        &self,
        report: &mut SampleReport,
        at_ms: u64,
        side: ClockSide,
        kind: ChangeKind,
        delta_ms: i64,
    ) {
        report.changes.push(ClockChange {
            at_ms,
            side,
            color: self.color_of(side),
            kind,
            delta_ms,
        });
    }

    fn advance_period(&mut self, i: usize) {
        let st = &mut self.sides[i];
        st.period = st.period.saturating_add(1);
        st.lowest_in_period_ms = u64::MAX;
    }

    /// The period a player with `moves` completed moves is in under the FIDE rule.
    fn period_for_moves(&self, moves: u32) -> u32 {
        let mut k = 0u32;
        while k < 10_000 {
            match self.tc.moves_at_end_of(k) {
                Some(end) if end <= moves && self.tc.has_next_period(k) => k += 1,
                _ => break,
            }
        }
        k
    }

    fn times_or_zero(&self) -> ClockTimes {
        self.times().unwrap_or_default()
    }

    /// The device is to show this change from its last reading (a time set anew: any earlier
    /// expectation is replaced).
    fn expect_value(&mut self, side: ClockSide, delta_ms: i64) {
        self.sides[side_index(side)].pending = (delta_ms != 0).then_some(Pending { delta_ms });
    }

    fn expect(&mut self, side: ClockSide, delta_ms: i64) {
        if delta_ms == 0 {
            return;
        }
        let st = &mut self.sides[side_index(side)];
        let prior = st.pending.map_or(0, |p| p.delta_ms);
        st.pending = Some(Pending {
            delta_ms: prior.saturating_add(delta_ms),
        });
    }

    fn set_moves(&mut self, side: ClockSide, moves: u32) {
        if self.last.is_none() {
            self.moves_preset = true;
        }
        let period = if self.tc.period_time_added == PeriodAddition::OnMove {
            self.period_for_moves(moves)
        } else {
            self.side(side).period
        };
        let st = &mut self.sides[side_index(side)];
        st.moves = moves;
        if st.period != period {
            st.period = period;
            st.lowest_in_period_ms = st.reading_ms;
        }
    }
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// `a − b` as a signed number of milliseconds, saturating.
fn diff(a: u64, b: u64) -> i64 {
    if a >= b {
        to_i64(a - b)
    } else {
        -to_i64(b - a)
    }
}

/// Whether `d` is a credit in `[lo, hi]` plus running time up to `run_max`, within tolerance.
fn fits_range(d: i64, run_max: i64, lo: i64, hi: i64) -> bool {
    d <= hi.saturating_add(TOLERANCE_MS)
        && d >= lo.saturating_sub(run_max).saturating_sub(TOLERANCE_MS)
}
