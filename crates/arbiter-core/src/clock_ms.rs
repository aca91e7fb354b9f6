//! A clock's time in milliseconds ([`ClockMs`]): what a clock shows or is set to, a time added
//! to it or taken from it; never negative (a clock stops at 0:00, the flag falls there).
//!
//! Not a point in time: the record's stamps are `WallMs`/`MonoMs` (the model's). Carrying a
//! clock forward to an instant is `clock_now::clock_at`'s alone; this type only has the
//! arithmetic that takes: run down by the time elapsed, a time added, a signed change, the
//! whole seconds a display shows. On the wire it is the bare number (`#[serde(transparent)]`).
//! Below both the clock model and the pairs per colour (`by_colour`), which use it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A clock's remaining (or added) time in milliseconds, never below zero.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ClockMs(u64);

impl ClockMs {
    /// 0:00: a clock run out.
    pub const ZERO: ClockMs = ClockMs(0);

    pub const fn new(ms: u64) -> ClockMs {
        ClockMs(ms)
    }

    /// Whole minutes (a time control's period, a time addition of the Laws).
    pub const fn minutes(m: u64) -> ClockMs {
        ClockMs(m * 60_000)
    }

    /// The milliseconds as a number (for the wire, the device and formatting).
    pub const fn ms(self) -> u64 {
        self.0
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The time left after the clock ran for `elapsed_ms`: never below zero.
    pub const fn run_down(self, elapsed_ms: u64) -> ClockMs {
        ClockMs(self.0.saturating_sub(elapsed_ms))
    }

    /// The time with `added` added (a time addition, a period's time, an increment).
    pub const fn plus(self, added: ClockMs) -> ClockMs {
        ClockMs(self.0.saturating_add(added.0))
    }

    /// The time with `taken` taken off: never below zero.
    pub const fn minus(self, taken: ClockMs) -> ClockMs {
        ClockMs(self.0.saturating_sub(taken.0))
    }

    /// The time changed by a signed amount (an arbiter's correction, a penalty): never below
    /// zero.
    pub fn changed_by(self, delta_ms: i64) -> ClockMs {
        ClockMs(u64::try_from(i128::from(self.0) + i128::from(delta_ms)).unwrap_or(0))
    }

    /// The signed change from `before` to `self` (what an operation added or took), within
    /// ±`i64::MAX` (so that it can be negated).
    pub fn since(self, before: ClockMs) -> i64 {
        let d = (i128::from(self.0) - i128::from(before.0))
            .clamp(-i128::from(i64::MAX), i128::from(i64::MAX));
        i64::try_from(d).unwrap_or_default()
    }

    /// What a clock display shows: whole seconds, rounded down as a DGT display truncates (a
    /// running clock at 1:29:59.7 shows 1:29:59).
    pub const fn shown(self) -> ClockMs {
        ClockMs(self.0 / 1000 * 1000)
    }
}

impl From<ClockMs> for u64 {
    fn from(t: ClockMs) -> u64 {
        t.0
    }
}

/// `h:mm:ss`, whole seconds cut as a clock shows them (`hms::format_hms`).
impl fmt::Display for ClockMs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::hms::format_hms(self.0))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn arithmetic_stops_at_zero() {
        let t = ClockMs::new(90_000);
        assert_eq!(t.run_down(30_500), ClockMs::new(59_500));
        assert_eq!(t.run_down(200_000), ClockMs::ZERO);
        assert!(t.run_down(90_000).is_zero());
        assert_eq!(t.plus(ClockMs::minutes(2)), ClockMs::new(210_000));
        assert_eq!(t.minus(ClockMs::minutes(2)), ClockMs::ZERO);
        assert_eq!(t.changed_by(-30_000), ClockMs::new(60_000));
        assert_eq!(t.changed_by(-90_001), ClockMs::ZERO);
        assert_eq!(t.changed_by(i64::MIN), ClockMs::ZERO);
        assert_eq!(
            ClockMs::new(u64::MAX).plus(ClockMs::new(1)),
            ClockMs::new(u64::MAX)
        );
        assert_eq!(
            ClockMs::new(u64::MAX).changed_by(1),
            ClockMs::ZERO.changed_by(-1)
        );
    }

    #[test]
    fn shown_cuts_to_whole_seconds_and_compares() {
        assert_eq!(ClockMs::new(5_399_700).shown(), ClockMs::new(5_399_000));
        assert_eq!(ClockMs::new(999).shown(), ClockMs::ZERO);
        assert!(ClockMs::new(1) > ClockMs::ZERO);
        assert_eq!(ClockMs::new(5_399_700).to_string(), "1:29:59");
        assert_eq!(ClockMs::new(120_000).since(ClockMs::new(0)), 120_000);
        assert_eq!(ClockMs::new(0).since(ClockMs::new(120_000)), -120_000);
        assert_eq!(ClockMs::new(u64::MAX).since(ClockMs::ZERO), i64::MAX);
        assert_eq!(ClockMs::ZERO.since(ClockMs::new(u64::MAX)), -i64::MAX);
    }

    /// The bare number on the wire, as the `u64` fields were.
    #[test]
    fn is_the_number_on_the_wire() {
        assert_eq!(
            serde_json::to_string(&ClockMs::new(5_400_000)).unwrap(),
            "5400000"
        );
        assert_eq!(
            serde_json::from_str::<ClockMs>("120000").unwrap(),
            ClockMs::minutes(2)
        );
        assert!(serde_json::from_str::<ClockMs>("-1").is_err());
    }

    proptest! {
        /// A change and its reverse give the time back while nothing was cut at zero, and the
        /// change read back with `since` is the change made.
        #[test]
        fn a_change_is_undone_by_its_reverse(t in 0u64..1 << 40, d in -(1i64 << 40)..1 << 40) {
            let after = ClockMs::new(t).changed_by(d);
            if i128::from(t) + i128::from(d) >= 0 {
                prop_assert_eq!(after.since(ClockMs::new(t)), d);
                prop_assert_eq!(after.changed_by(-d), ClockMs::new(t));
            } else {
                prop_assert_eq!(after, ClockMs::ZERO);
            }
        }

        /// Running down never goes below zero nor up, and the shown time is at most the time,
        /// less than a second below it.
        #[test]
        fn run_down_and_shown_are_bounded(t in any::<u64>(), e in any::<u64>()) {
            let t = ClockMs::new(t);
            prop_assert!(t.run_down(e) <= t);
            prop_assert!(t.run_down(e).plus(ClockMs::new(e)) >= t);
            prop_assert!(t.shown() <= t && t.ms() - t.shown().ms() < 1000);
        }
    }
}
