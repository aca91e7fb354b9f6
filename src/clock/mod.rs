//! The clock model: time controls and their notations, the per-board clock mirror, flags.
//!
//! Pure code: no sockets, no terminal, no system time. Time comes from the samples applied.

mod control;

pub use control::{PerMove, PerMoveKind, Period, PeriodAddition, TimeControl};
