//! Sub-second display of a clock that reports whole seconds.
//!
//! A DGT clock reports the seconds it displays: a reading of `S` s means the clock holds
//! between `S` and `S + 0.999` s (the display truncates). When a running side's reading
//! drops from `S + 1` to `S`, the clock crossed `S + 1` s between the previous sample and
//! this one; the feed sends a sample on every change, so the arrival time of the first sample
//! showing `S` is the crossing plus a small transport delay. The estimator keeps a linear
//! model `anchor_ms - (now - anchor_at)` per side and re-anchors it at every observed
//! crossing to the earliest time consistent with everything seen so far:
//!
//! * the crossing is predicted from the model (one second after the previous crossing); it is
//!   taken as `min(predicted + 2 ms, arrival)`: an early arrival (a clock faster than the
//!   model, or less delay) pulls the phase earlier at once, while the 2 ms allowance lets the
//!   phase follow a slower clock without accumulating the transport delay;
//! * it is never before the previous sample, which still showed the higher value.
//!
//! While reports arrive, the shown value is clamped to what the clock reports
//! (`S ≤ shown ≤ S + 0.999`), so it never runs backwards (up) and never jumps up unless the
//! reading itself went up (an increment, a period or an adjustment, passed in as `credit_ms`);
//! a second after the last report the clock must show less than `S` (the report of the change
//! may be late or lost), so the clamp then holds `S - 1` s at most.
//! Once the next report is overdue (the feed is silent: more than a second and the largest
//! jitter since the last sample), the model keeps counting down below the last reported second:
//! a running clock does not stop because its feed did (the console marks such values as
//! estimated, see `crate::clock_now::clock_at`).

use serde::{Deserialize, Serialize};

/// How far a predicted crossing may move later per observed crossing (clock drift allowance).
const DRIFT_MS: u64 = 10;
/// The largest transport-delay variation the estimator learns.
const MAX_JITTER_MS: u64 = 300;
/// The resolution of a whole-second reading.
const GRAIN_MS: u64 = 1000;

/// The sub-second estimate of one side of a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SubSecond {
    /// Estimated clock time at `anchor_at`.
    anchor_ms: u64,
    /// Monotonic time of the anchor.
    anchor_at: u64,
    /// The last reported value (the display never goes below it).
    reported_ms: u64,
    running: bool,
    /// Arrival time of the last sample.
    last_sample_at: u64,
    /// Mean excess of the transport delay over its minimum, learnt at observed crossings:
    /// a press or a start is dated this much before the arrival of its sample.
    #[serde(default)]
    jitter_ms: u64,
}

/// How the side ran between the previous sample and this one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Running at the previous sample.
    pub before: bool,
    /// Running at this sample.
    pub now: bool,
}

impl SubSecond {
    /// A side first seen showing `reading_ms` at `at_ms`. A running side with an unknown phase
    /// is assumed at the top of its second; the first observed crossing corrects it.
    pub fn new(reading_ms: u64, at_ms: u64, running: bool) -> SubSecond {
        let anchor_ms = if running && reading_ms.is_multiple_of(GRAIN_MS) {
            reading_ms.saturating_add(GRAIN_MS - 1)
        } else {
            reading_ms
        };
        SubSecond {
            anchor_ms,
            anchor_at: at_ms,
            reported_ms: reading_ms,
            running,
            last_sample_at: at_ms,
            jitter_ms: 0,
        }
    }

    /// The estimated time on the clock at `now_ms` (a monotonic timestamp not before the last
    /// sample; earlier values are treated as the last sample's time).
    pub fn display_ms(&self, now_ms: u64) -> u64 {
        if !self.running {
            return self.anchor_ms;
        }
        let elapsed = now_ms.saturating_sub(self.anchor_at);
        let model = self.anchor_ms.saturating_sub(elapsed);
        let since = now_ms.saturating_sub(self.last_sample_at);
        if since > GRAIN_MS + MAX_JITTER_MS {
            return model;
        }
        // A reading of `S` held at most `S + 0.999` s when it arrived (and was taken earlier):
        // a second after its arrival the clock shows less than `S`, whether or not the report
        // of that change has arrived (it may be in flight, or lost).
        let hold = if since >= GRAIN_MS {
            self.reported_ms.saturating_sub(GRAIN_MS)
        } else {
            self.reported_ms
        };
        model.max(hold).min(self.anchor_ms)
    }

    /// Takes a new reading. `credit_ms` is the part of the change not due to running time
    /// (increment, period time, adjustment: positive; a deduction: negative).
    pub fn update(&mut self, reading_ms: u64, at_ms: u64, run: Run, credit_ms: i64) {
        let at_ms = at_ms.max(self.last_sample_at);
        // A stop that comes with a credit (a press with increment): the clock stopped about
        // one delay excess before the sample arrived; the credit hides the small correction.
        let stopped_at = if run.before && !run.now && credit_ms > 0 {
            at_ms
                .saturating_sub(self.jitter_ms)
                .max(self.last_sample_at)
        } else {
            at_ms
        };
        let shown = self.display_ms(stopped_at);
        let mut value = add_signed(shown, credit_ms);
        if !reading_ms.is_multiple_of(GRAIN_MS) {
            // A source with millisecond precision: take it as it is.
            value = reading_ms;
        } else {
            let top = reading_ms.saturating_add(GRAIN_MS - 1);
            if run.before && run.now && credit_ms == 0 && reading_ms < self.reported_ms {
                // A crossing of `reading + 1 s` observed while running.
                let boundary = reading_ms.saturating_add(GRAIN_MS);
                let predicted = self
                    .anchor_at
                    .saturating_add(self.anchor_ms)
                    .saturating_sub(boundary);
                let excess = at_ms.saturating_sub(predicted).min(MAX_JITTER_MS);
                self.jitter_ms = (7 * self.jitter_ms + excess) / 8;
                let mut crossing = predicted.saturating_add(DRIFT_MS).min(at_ms);
                if self.reported_ms == boundary {
                    crossing = crossing.max(self.last_sample_at.saturating_add(1).min(at_ms));
                }
                let estimate = boundary.saturating_sub(at_ms.saturating_sub(crossing));
                value = estimate.min(value);
            }
            value = value.clamp(reading_ms, top);
        }
        self.anchor_ms = value;
        // A start is dated like a stop: about one delay excess before the arrival (the display
        // can only drop by this).
        self.anchor_at = if run.now && !run.before {
            at_ms
                .saturating_sub(self.jitter_ms)
                .max(self.last_sample_at)
        } else {
            at_ms
        };
        self.reported_ms = reading_ms;
        self.running = run.now;
        self.last_sample_at = at_ms;
    }
}

fn add_signed(v: u64, d: i64) -> u64 {
    if d >= 0 {
        v.saturating_add(d.unsigned_abs())
    } else {
        v.saturating_sub(d.unsigned_abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A simulated physical clock side running from `start_ms` at time `t0`; the feed sends the
    /// displayed seconds on each change with a delay from `delays`, plus a sample every
    /// `extra` ms. Checks the displayed value against the true time.
    fn simulate(start_ms: u64, delays: &[u64], extra: u64, rate_ppm: i64) -> Result<(), String> {
        let t0 = 10_000u64;
        let truth = |t: u64| -> u64 {
            let el = t.saturating_sub(t0) as i64;
            let el = el + el * rate_ppm / 1_000_000;
            start_ms.saturating_sub(el.max(0) as u64)
        };
        let mut est = SubSecond::new(start_ms, 0, false);
        est.update(
            start_ms,
            t0,
            Run {
                before: false,
                now: true,
            },
            0,
        );
        // Build the sample times: crossings plus delay, and periodic extras.
        let mut samples: Vec<(u64, u64)> = Vec::new();
        let mut t = t0;
        let end = t0 + 120_000;
        let mut k = 0;
        while t < end {
            t += 1;
            let shown = truth(t) / 1000;
            if shown != truth(t - 1) / 1000 {
                samples.push((t + delays[k % delays.len()], shown * 1000));
                k += 1;
            }
            if extra > 0 && (t - t0).is_multiple_of(extra) {
                samples.push((t, shown * 1000));
            }
        }
        samples.sort_unstable();
        let mut last_shown = u64::MAX;
        let mut reading = start_ms;
        let mut locked = false;
        let mut prev = t0;
        for &(s, value) in &samples {
            // Query the display at a few times before this sample arrives.
            for q in [
                prev + (s - prev) / 3,
                prev + 2 * (s - prev) / 3,
                s.saturating_sub(1),
            ] {
                let d = est.display_ms(q);
                if d > last_shown {
                    return Err(format!("display went up at {q}: {last_shown} -> {d}"));
                }
                last_shown = d;
                if locked {
                    let diff = d.abs_diff(truth(q));
                    if diff > 100 {
                        return Err(format!("off by {diff} ms at {q}"));
                    }
                }
            }
            let new_reading = value.min(reading);
            if new_reading < reading {
                locked = true;
            }
            reading = new_reading;
            est.update(
                reading,
                s,
                Run {
                    before: true,
                    now: true,
                },
                0,
            );
            prev = s;
        }
        Ok(())
    }

    #[test]
    fn follows_a_clock_within_a_tenth() {
        simulate(5_400_000, &[20], 0, 0).unwrap();
        simulate(5_400_000, &[5, 40, 15, 60, 0], 0, 0).unwrap();
        simulate(5_400_000, &[30], 250, 0).unwrap();
        simulate(5_400_000, &[10, 50], 0, 100).unwrap();
        simulate(5_400_000, &[10, 50], 0, -100).unwrap();
        simulate(65_000, &[10], 0, 0).unwrap();
    }

    #[test]
    fn stopped_side_keeps_its_fraction_and_credit() {
        let mut est = SubSecond::new(60_000, 0, false);
        est.update(
            60_000,
            1_000,
            Run {
                before: false,
                now: true,
            },
            0,
        );
        // 60.000 s shows as 59 s from the first millisecond on.
        est.update(
            59_000,
            1_001,
            Run {
                before: true,
                now: true,
            },
            0,
        );
        assert_eq!(est.display_ms(1_400), 59_600);
        // The side presses at 1_400 (reading still 59 s), the increment of 30 s follows.
        est.update(
            89_000,
            1_400,
            Run {
                before: true,
                now: false,
            },
            30_000,
        );
        assert_eq!(est.display_ms(5_000), 89_600);
    }

    #[test]
    fn the_reported_second_holds_for_a_second_then_a_silent_feed_keeps_counting() {
        let mut est = SubSecond::new(10_000, 0, true);
        est.update(
            9_000,
            500,
            Run {
                before: true,
                now: true,
            },
            0,
        );
        // The crossing of 10 s was seen at 500 ms: within the second after the report the
        // display holds at 9 s at least (the model counts down to 9.0 s at 1.5 s).
        assert!((9_098..=9_100).contains(&est.display_ms(1_400)));
        assert_eq!(est.display_ms(1_499), 9_000);
        // A second after the report the clock shows less than 9 s whether or not its report of
        // 8 s has arrived (it was read before it arrived): the model, held at 8 s at least.
        assert!((8_898..=8_900).contains(&est.display_ms(1_600)));
        assert!((8_698..=8_700).contains(&est.display_ms(500 + 1_000 + 300)));
        // Overdue: the feed is silent, the clock is not: the model counts on, down to 0.
        let shown = est.display_ms(500 + 1_000 + 301);
        assert!((8_698..=8_699).contains(&shown), "{shown}");
        assert_eq!(est.display_ms(100_000), 0);
    }

    proptest! {
        #[test]
        fn never_panics_and_never_rises_without_credit(
            steps in proptest::collection::vec((0u64..3_000, 0u64..10_000_000, any::<bool>()), 1..40)
        ) {
            let mut est = SubSecond::new(5_400_000, 0, true);
            let mut t = 0u64;
            let mut last = est.display_ms(0);
            for (dt, reading, running) in steps {
                t += dt;
                let before = est.display_ms(t);
                prop_assert!(before <= last);
                let reading = reading / 1000 * 1000;
                est.update(reading, t, Run { before: true, now: running }, 0);
                let after = est.display_ms(t);
                // Without credit the display rises only if the reading itself is above it.
                prop_assert!(after <= before || after == reading);
                last = after;
            }
        }
    }
}
