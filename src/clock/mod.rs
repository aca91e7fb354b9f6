//! The clock model: time controls and their notations, the per-board clock mirror, flags.
//!
//! Pure code: no sockets, no terminal, no system time. Time comes from the samples applied.

mod control;
mod reading;
pub mod serde_color;
mod subsecond;

pub use control::{NotationError, PerMove, PerMoveKind, Period, PeriodAddition, TimeControl};
pub use reading::{ClockReading, ClockTimes};
pub use subsecond::{Run, SubSecond};
