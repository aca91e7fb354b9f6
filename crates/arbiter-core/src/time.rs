//! Instants: the wall clock ([`WallMs`], when a record arrived) and the monotonic clock of the
//! console or the simulator ([`MonoMs`]), as two types that cannot be mixed with each other, with
//! a clock's remaining time or with a bare count of milliseconds.
//!
//! Like shakmaty's small exact types: `Copy`, ordered, serialized as the plain number they were
//! before (`#[serde(transparent)]`, so the journal and every export are byte for byte the same).
//! An instant minus an instant is a duration: a plain count of milliseconds (`i64` for the wall
//! clock, which may go back, `u64` for the monotonic one). An instant plus such a count is an
//! instant. A raw number goes in or out only where a wire or the operating system is
//! (`WallMs::from_unix_ms`, `MonoMs::from_base_ms`, and their `as_…`; `chrono`'s times through
//! `WallMs::from_datetime` and `WallMs::to_datetime`), so it says which it is.
//!
//! Nothing here reads a clock: the shell does (`src/time_base.rs`) and hands the core instants.

use std::ops::{Add, AddAssign, Sub};

use serde::{Deserialize, Serialize};

/// Milliseconds of wall time since the Unix epoch (UTC): when a record arrived, as stamped on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WallMs(i64);

impl WallMs {
    /// The Unix epoch, 1970-01-01T00:00:00Z.
    pub const UNIX_EPOCH: WallMs = WallMs(0);
    /// Before every other instant (for "not yet known, never after").
    pub const MIN: WallMs = WallMs(i64::MIN);
    /// After every other instant (for "not yet, never before").
    pub const MAX: WallMs = WallMs(i64::MAX);

    /// The instant `ms` milliseconds after the Unix epoch (a journal's `wall_ms`, the system
    /// clock, `chrono`'s `timestamp_millis`).
    pub const fn from_unix_ms(ms: i64) -> WallMs {
        WallMs(ms)
    }

    /// Milliseconds since the Unix epoch: for the wire, `chrono` and the file system.
    pub const fn as_unix_ms(self) -> i64 {
        self.0
    }

    /// Milliseconds from `earlier` to `self`, negative when `earlier` is later; saturating at
    /// the ends of `i64`.
    pub const fn saturating_since(self, earlier: WallMs) -> i64 {
        self.0.saturating_sub(earlier.0)
    }

    /// The instant of a `chrono` time (to the millisecond).
    pub fn from_datetime<Tz: chrono::TimeZone>(t: &chrono::DateTime<Tz>) -> WallMs {
        WallMs(t.timestamp_millis())
    }

    /// As a `chrono` time in UTC; `None` outside `chrono`'s range.
    pub fn to_datetime(self) -> Option<chrono::DateTime<chrono::Utc>> {
        chrono::DateTime::from_timestamp_millis(self.0)
    }

    /// The start of the second this instant is in (as a clock or a watch shows it: whole
    /// seconds, rounded down, before the epoch too); saturating at the ends of `i64`.
    pub const fn floor_to_second(self) -> WallMs {
        WallMs(self.0.div_euclid(1000).saturating_mul(1000))
    }

    /// `ms` milliseconds later (earlier when negative), saturating at the ends of `i64`.
    pub const fn saturating_add_ms(self, ms: i64) -> WallMs {
        WallMs(self.0.saturating_add(ms))
    }

    /// `ms` milliseconds earlier (later when negative), saturating at the ends of `i64`.
    pub const fn saturating_sub_ms(self, ms: i64) -> WallMs {
        WallMs(self.0.saturating_sub(ms))
    }
}

/// Milliseconds from the right-hand instant to the left-hand one (negative when it is later).
impl Sub for WallMs {
    type Output = i64;
    fn sub(self, earlier: WallMs) -> i64 {
        self.0 - earlier.0
    }
}

/// `ms` milliseconds later.
impl Add<i64> for WallMs {
    type Output = WallMs;
    fn add(self, ms: i64) -> WallMs {
        WallMs(self.0 + ms)
    }
}

/// `ms` milliseconds earlier.
impl Sub<i64> for WallMs {
    type Output = WallMs;
    fn sub(self, ms: i64) -> WallMs {
        WallMs(self.0 - ms)
    }
}

impl AddAssign<i64> for WallMs {
    fn add_assign(&mut self, ms: i64) {
        self.0 += ms;
    }
}

/// Milliseconds on the monotonic clock of a session: since the origin of the console's time
/// base (which the feeds share), of a simulated venue, a recording or a scenario. It never goes
/// back within a session; a journal continued after a restart goes on from its last value.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct MonoMs(u64);

impl MonoMs {
    /// The origin of the time base.
    pub const ORIGIN: MonoMs = MonoMs(0);

    /// The instant `ms` milliseconds after the time base's origin (a journal's `mono_ms`, the
    /// elapsed time of the shell's `Instant`).
    pub const fn from_base_ms(ms: u64) -> MonoMs {
        MonoMs(ms)
    }

    /// Milliseconds since the time base's origin: for the wire and the operating system.
    pub const fn as_base_ms(self) -> u64 {
        self.0
    }

    /// Milliseconds from `earlier` to `self`; 0 when `earlier` is later.
    pub const fn saturating_since(self, earlier: MonoMs) -> u64 {
        self.0.saturating_sub(earlier.0)
    }

    /// Milliseconds from `earlier` to `self`; `None` when `earlier` is later.
    pub const fn checked_since(self, earlier: MonoMs) -> Option<u64> {
        self.0.checked_sub(earlier.0)
    }

    /// `ms` milliseconds later, saturating at the end of `u64`.
    pub const fn saturating_add_ms(self, ms: u64) -> MonoMs {
        MonoMs(self.0.saturating_add(ms))
    }

    /// `ms` milliseconds earlier, the origin at the latest.
    pub const fn saturating_sub_ms(self, ms: u64) -> MonoMs {
        MonoMs(self.0.saturating_sub(ms))
    }
}

/// Milliseconds from the right-hand instant to the left-hand one (which must not be earlier).
impl Sub for MonoMs {
    type Output = u64;
    fn sub(self, earlier: MonoMs) -> u64 {
        self.0 - earlier.0
    }
}

/// `ms` milliseconds later.
impl Add<u64> for MonoMs {
    type Output = MonoMs;
    fn add(self, ms: u64) -> MonoMs {
        MonoMs(self.0 + ms)
    }
}

/// `ms` milliseconds earlier (not before the origin).
impl Sub<u64> for MonoMs {
    type Output = MonoMs;
    fn sub(self, ms: u64) -> MonoMs {
        MonoMs(self.0 - ms)
    }
}

impl AddAssign<u64> for MonoMs {
    fn add_assign(&mut self, ms: u64) {
        self.0 += ms;
    }
}

#[cfg(test)]
mod tests;
