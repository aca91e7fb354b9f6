//! What the mirror says about each sample: the classified changes and the alerts.
//!
//! A change of a reading that running time does not explain is classified as one of
//! [`ChangeKind`]; whatever cannot be classified is [`ChangeKind::Unexplained`] and raises
//! [`ClockAlert::Unexplained`] (a wrong manual adjustment or a malfunction, FIDE 6.10).

use serde::{Deserialize, Serialize};

use super::flag::FlagRecord;
use crate::model::{ClockSide, Color};

/// One classified change of one side of the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockChange {
    /// Monotonic time of the sample that showed the change.
    pub at_ms: u64,
    pub side: ClockSide,
    #[serde(with = "crate::model::colour::option")]
    pub color: Option<Color>,
    pub kind: ChangeKind,
    /// The change of the displayed time beyond running time (ms; 0 for presses, starts, stops).
    pub delta_ms: i64,
}

/// The classification of a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ChangeKind {
    /// The side pressed the clock: it completed its move `move_no`.
    Pressed { move_no: u32 },
    /// The Fischer increment after move `move_no`.
    Increment { move_no: u32 },
    /// A Bronstein delay credit after move `move_no`.
    DelayCredit { move_no: u32 },
    /// The time of period `period` (0-based ordinal) was added, on completing the required move
    /// or (`on_flag`) when the previous period's time ran out.
    PeriodTimeAdded { period: u32, on_flag: bool },
    /// The change the arbiter announced with a clock operation.
    ArbiterAdjustment,
    /// The clock was stopped; by the arbiter when announced with a pause operation.
    Stopped { by_arbiter: bool },
    /// The clock was started (game start or resumption).
    Started { by_arbiter: bool },
    /// Both sides were set back to equal starting values.
    Reset,
    /// Not explained by anything: see the alert.
    Unexplained,
}

/// Something the arbiter should look at. The console proposes; the arbiter decides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "alert", rename_all = "snake_case")]
pub enum ClockAlert {
    /// At the start the clock shows a time that does not match the time control (wrong
    /// preset).
    PresetMismatch {
        side: ClockSide,
        expected_ms: u64,
        shown_ms: u64,
    },
    /// A change that neither running time nor the time control nor an announced arbiter
    /// operation explains.
    Unexplained {
        side: ClockSide,
        #[serde(with = "crate::model::colour::option")]
        color: Option<Color>,
        delta_ms: i64,
        at_ms: u64,
    },
    /// After a press the clock added a different increment than the time control says.
    WrongIncrement {
        side: ClockSide,
        expected_ms: u64,
        added_ms: i64,
        at_ms: u64,
    },
    /// At a period change the clock added a different time than the time control says.
    WrongPeriodTime {
        side: ClockSide,
        period: u32,
        expected_ms: u64,
        added_ms: i64,
        at_ms: u64,
    },
    /// The required move was completed but the clock did not add the next period's time (a
    /// clock set to add it on the flag, or a wrong move counter).
    PeriodTimeMissing {
        side: ClockSide,
        period: u32,
        move_no: u32,
        at_ms: u64,
    },
    /// A flag fell (indication or zero time). See [`super::assess_flags`] for the proposal.
    FlagFell(FlagRecord),
    /// The clock was stopped without an announced pause: a player may stop it only to call
    /// the arbiter (FIDE 6.11.2); decide whether the reason was valid.
    PlayerStoppedClock { at_ms: u64 },
    /// The clock was reset after moves had been played.
    ResetDuringGame { at_ms: u64 },
    /// The side that ran first, or the source, contradicts the configured White side.
    OrientationMismatch {
        configured_white: ClockSide,
        observed_white: ClockSide,
    },
    /// A sample older than the previous one; it was ignored.
    SampleOutOfOrder { at_ms: u64, last_ms: u64 },
    /// The running side's time has not changed for a while: a stuck clock or a lost feed.
    RunningSideNotCounting { side: ClockSide, since_ms: u64 },
}

/// Everything one sample produced. Both lists are empty for an ordinary running second (no
/// allocation).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SampleReport {
    pub changes: Vec<ClockChange>,
    pub alerts: Vec<ClockAlert>,
}

impl SampleReport {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty() && self.alerts.is_empty()
    }

    /// The kinds of the changes, in order (handy in tests and logs).
    pub fn kinds(&self) -> Vec<ChangeKind> {
        self.changes.iter().map(|c| c.kind).collect()
    }
}
