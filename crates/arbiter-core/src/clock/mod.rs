//! The clock model: time controls and their notations, the per-board clock mirror, the
//! classification of every change, flags, indicators and the arbiter's clock operations.
//!
//! Pure code: no sockets, no terminal, no system time. Time comes from the samples applied
//! (a monotonic millisecond timestamp passed in). See `docs/CLOCK.md`.

mod control;
mod explain;
mod flag;
mod indicators;
mod mirror;
mod ops;
mod reading;
mod subsecond;

pub use crate::clock_ms::ClockMs;
pub use control::{NotationError, PerMove, PerMoveKind, Period, PeriodAddition, TimeControl};
pub use explain::{ChangeKind, ClockAlert, ClockChange, SampleReport};
pub use flag::{FlagAssessment, FlagRecord, FlagVerdict, MateCheck, assess_flags, mate_check};
pub use indicators::{IndicatorSettings, Indicators, PlayerClock, indicators};
pub use mirror::{ClockMirror, Ledger, OrientationSource, STALL_MS, TOLERANCE_MS};
pub use ops::{
    ClockError, ClockOperation, FloorApplied, OperationOutcome, TimeFloor,
    minimum_after_reconstruction, proportional_used, reconstruct, reconstruct_with_floors,
    replacement,
};
pub use reading::{ClockReading, ClockTimes};
pub use subsecond::{Run, SubSecond};
