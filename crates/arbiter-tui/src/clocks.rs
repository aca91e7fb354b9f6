//! Display of running clocks: interpolation from the last sample, and formatting.
//!
//! The one place that turns a [`ClockSample`] into the times shown. A finer clock mirror (issue 3)
//! replaces [`clocks_at`] without touching the screens.

use arbiter_core::model::{ClockSide, Color};
use arbiter_core::record::ClockSample;

/// The two clock times `(left_ms, right_ms)` at `now_mono_ms`, from a sample taken at
/// `sample_mono_ms`: the running side counts down, never below 0; a stopped clock stands.
pub fn clocks_at(sample: &ClockSample, sample_mono_ms: u64, now_mono_ms: u64) -> (u64, u64) {
    let elapsed = now_mono_ms.saturating_sub(sample_mono_ms);
    match sample.running {
        Some(ClockSide::Left) => (sample.left_ms.saturating_sub(elapsed), sample.right_ms),
        Some(ClockSide::Right) => (sample.left_ms, sample.right_ms.saturating_sub(elapsed)),
        None => (sample.left_ms, sample.right_ms),
    }
}

/// The clock side White sits at (left when the source does not say).
pub fn white_side(sample: &ClockSample) -> ClockSide {
    sample.white_side.unwrap_or(ClockSide::Left)
}

/// The colour on a clock side.
pub fn colour_on(sample: &ClockSample, side: ClockSide) -> Color {
    if white_side(sample) == side {
        Color::White
    } else {
        Color::Black
    }
}

/// `(white_ms, black_ms)` from `(left_ms, right_ms)`.
pub fn by_colour(sample: &ClockSample, (left, right): (u64, u64)) -> (u64, u64) {
    match white_side(sample) {
        ClockSide::Left => (left, right),
        ClockSide::Right => (right, left),
    }
}

/// `h:mm:ss`; under one minute `ss.t` (tenths). Always 7 characters wide, right-aligned.
pub fn fmt_clock(ms: u64) -> String {
    if ms < 60_000 {
        format!("{:>7}", format!("{}.{}", ms / 1000, (ms % 1000) / 100))
    } else {
        format!("{:>7}", arbiter_core::model::format_hms(ms))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::model::BoardNo;

    fn sample(running: Option<ClockSide>) -> ClockSample {
        ClockSample {
            board: BoardNo(1),
            left_ms: 10_000,
            right_ms: 20_000,
            running,
            left_flag: false,
            right_flag: false,
            white_side: None,
        }
    }

    #[test]
    fn running_side_counts_down_and_stops_at_zero() {
        assert_eq!(
            clocks_at(&sample(Some(ClockSide::Left)), 100, 1_100),
            (9_000, 20_000)
        );
        assert_eq!(
            clocks_at(&sample(Some(ClockSide::Right)), 100, 1_100),
            (10_000, 19_000)
        );
        assert_eq!(
            clocks_at(&sample(Some(ClockSide::Left)), 0, 99_000),
            (0, 20_000)
        );
        assert_eq!(clocks_at(&sample(None), 0, 99_000), (10_000, 20_000));
        // A sample stamped after "now" (clock skew between threads) shows the sample.
        assert_eq!(
            clocks_at(&sample(Some(ClockSide::Left)), 500, 100),
            (10_000, 20_000)
        );
    }

    #[test]
    fn formats_tenths_under_a_minute() {
        assert_eq!(fmt_clock(5_400_000), "1:30:00");
        assert_eq!(fmt_clock(60_000), "0:01:00");
        assert_eq!(fmt_clock(59_999), "   59.9");
        assert_eq!(fmt_clock(4_250), "    4.2");
        assert_eq!(fmt_clock(0), "    0.0");
    }
}
