//! Per-board rate limits (pure; time passed in): token buckets per kind of record, so that a
//! flooding or hostile source cannot grow the journal without limit. The limits are above what
//! a device sends (a DGT clock reports about once a second while it runs, LiveChess about as
//! often, a move adds a few placements), and they never apply to moves, connection changes or
//! the arbiter's actions. The numbers are in [`crate::budget`]; see `docs/FEEDS.md`, "Rate
//! limits".

/// A token bucket: `capacity` tokens, refilled at `per_sec` tokens per second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenBucket {
    capacity: u64,
    per_sec: u64,
    /// Tokens in thousandths.
    milli: u64,
    last_ms: u64,
}

impl TokenBucket {
    /// A full bucket.
    pub fn new(capacity: u64, per_sec: u64) -> TokenBucket {
        TokenBucket {
            capacity,
            per_sec,
            milli: capacity.saturating_mul(1000),
            last_ms: 0,
        }
    }

    fn refill(&mut self, now_ms: u64) {
        let dt = now_ms.saturating_sub(self.last_ms);
        self.last_ms = self.last_ms.max(now_ms);
        self.milli = self
            .milli
            .saturating_add(dt.saturating_mul(self.per_sec))
            .min(self.capacity.saturating_mul(1000));
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now_ms: u64) -> bool {
        self.take_n(now_ms, 1)
    }

    /// Takes `n` tokens if there are that many (nothing is taken otherwise).
    pub fn take_n(&mut self, now_ms: u64, n: u64) -> bool {
        self.refill(now_ms);
        let need = n.saturating_mul(1000);
        if self.milli >= need {
            self.milli -= need;
            true
        } else {
            false
        }
    }

    /// Whether `n` tokens are there now (nothing is taken).
    pub fn has(&mut self, now_ms: u64, n: u64) -> bool {
        self.refill(now_ms);
        self.milli >= n.saturating_mul(1000)
    }
}

/// What kind of reading a feed is about to send (see [`BoardLimits::allow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// A clock sample in which the running side changed (a press, a start, a stop).
    Press,
    /// Any other clock sample.
    Sample,
    /// An e-board placement.
    Placement,
}

/// The limits of one board's feed (the numbers: [`crate::budget`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLimits {
    /// Clock samples in which the running side changed, apart from the other readings so that
    /// a flood of readings cannot hide a press.
    pub presses: TokenBucket,
    /// The other clock samples and the placements together; a placement only while
    /// [`crate::budget::PLACEMENT_RESERVE`] readings are left for the clock samples.
    pub readings: TokenBucket,
    /// Moves re-sent after a takeback (LiveChess).
    pub replayed_moves: TokenBucket,
    /// Takebacks (LiveChess), in tenths of a takeback.
    pub takebacks: TokenBucket,
}

impl Default for BoardLimits {
    fn default() -> Self {
        BoardLimits::scaled(1)
    }
}

impl BoardLimits {
    /// One takeback costs ten tenths.
    pub const TAKEBACK_COST: u64 = 10;

    /// The limits for devices whose time runs `scale` times as fast as real time (the
    /// simulator at `scale`x: its clocks send `scale` times as many reports). 1 for real devices.
    pub fn scaled(scale: u64) -> BoardLimits {
        use crate::budget::{PRESSES, READINGS, REPLAYED_MOVES, TAKEBACKS_TENTHS};
        let k = scale.max(1);
        BoardLimits {
            presses: TokenBucket::new(PRESSES.0 * k, PRESSES.1 * k),
            readings: TokenBucket::new(READINGS.0 * k, READINGS.1 * k),
            replayed_moves: TokenBucket::new(REPLAYED_MOVES.0, REPLAYED_MOVES.1 * k),
            takebacks: TokenBucket::new(TAKEBACKS_TENTHS.0, TAKEBACKS_TENTHS.1 * k),
        }
    }

    /// Whether a reading may be sent at `now_ms` (a token is taken if so); what is refused is
    /// dropped and counted by the feed.
    pub fn allow(&mut self, r: Reading, now_ms: u64) -> bool {
        match r {
            Reading::Press => self.presses.take(now_ms),
            Reading::Sample => self.readings.take(now_ms),
            Reading::Placement => {
                self.readings
                    .has(now_ms, crate::budget::PLACEMENT_RESERVE + 1)
                    && self.readings.take(now_ms)
            }
        }
    }
}

/// Which of a running clock's reports go to the journal: every report that tells something,
/// and of the reports that only confirm that the running side counted down one second in about
/// a second ([`crate::budget::PREDICTABLE_AFTER_MS`]), every other one, once the side has run
/// steadily for [`crate::budget::STEADY_REPORTS`] of them (after a press or a start the first
/// crossings fix the sub-second phase, so they all go). The console's clock counts on between
/// two reports in any case (`arbiter_core::clock_now::clock_at`: the sub-second estimate takes
/// the first report showing a second as that second's start, whether or not the one before
/// was journaled), so the screen shows the same, live and in replay, and a running clock still
/// has a journaled report at least every two seconds (far below the stale interval). Presses,
/// stops, flags, any other change are never thinned.
#[derive(Debug, Clone, Default)]
pub struct ClockThinning {
    /// The last report seen (journaled or not), when it arrived.
    prev: Option<(u64, arbiter_core::record::ClockSample)>,
    /// Reports in a row that only confirmed the count.
    steady: u32,
    /// The last one was left out.
    skipped: bool,
}

impl ClockThinning {
    /// Whether the report `s`, arrived at `at_ms`, goes to the journal.
    pub fn keep(&mut self, at_ms: u64, s: &arbiter_core::record::ClockSample) -> bool {
        use arbiter_core::model::ClockSide;
        let countdown = self.prev.as_ref().is_some_and(|(t, p)| {
            let (lo, hi) = crate::budget::PREDICTABLE_AFTER_MS;
            let dt = at_ms.saturating_sub(*t);
            let one_less = |a: u64, b: u64| a.checked_sub(1_000) == Some(b);
            let counted = match s.running {
                Some(ClockSide::Left) => one_less(p.left_ms, s.left_ms) && p.right_ms == s.right_ms,
                Some(ClockSide::Right) => {
                    one_less(p.right_ms, s.right_ms) && p.left_ms == s.left_ms
                }
                None => false,
            };
            (lo..=hi).contains(&dt)
                && counted
                && p.running == s.running
                && p.board == s.board
                && !s.left_flag
                && !s.right_flag
                && !p.left_flag
                && !p.right_flag
                && p.white_side == s.white_side
        });
        self.prev = Some((at_ms, *s));
        if !countdown {
            self.steady = 0;
            self.skipped = false;
            return true;
        }
        self.steady = self.steady.saturating_add(1);
        if self.steady > crate::budget::STEADY_REPORTS && !self.skipped {
            self.skipped = true;
            return false;
        }
        self.skipped = false;
        true
    }

    /// The next report goes to the journal whatever it says (the last one journaled was lost
    /// on its way: shed or rate-limited).
    pub fn forget(&mut self) {
        *self = ClockThinning::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut b = TokenBucket::new(20, 10);
        let passed = (0..1000).filter(|_| b.take(0)).count();
        assert_eq!(passed, 20);
        // one second later: ten more
        let passed = (0..1000).filter(|_| b.take(1000)).count();
        assert_eq!(passed, 10);
        // a flood over a minute, one try per ms: 10 per second pass
        let passed = (1001..61_001).filter(|&t| b.take(t)).count();
        assert!((599..=601).contains(&passed), "{passed}");
        // time going backwards never adds tokens
        assert!(!b.take(0));
    }

    #[test]
    fn a_flood_of_readings_passes_the_budget_only_and_leaves_room_for_presses() {
        let mut l = BoardLimits::default();
        let mut passed = [0u64; 3];
        // a minute of a flood, one of each kind every millisecond
        for t in 0..60_000u64 {
            for (i, r) in [Reading::Placement, Reading::Sample, Reading::Press]
                .into_iter()
                .enumerate()
            {
                passed[i] += u64::from(l.allow(r, t));
            }
        }
        let (pb, pr) = crate::budget::PRESSES;
        let (rb, rr) = crate::budget::READINGS;
        // the placements come first each millisecond and still leave the samples their share
        assert!(passed[0] + passed[1] <= rb + rr * 60, "{passed:?}");
        assert!(passed[1] >= rr * 60 / 2, "{passed:?}");
        assert!(
            passed[2] <= pb + pr * 60 && passed[2] >= pr * 60,
            "{passed:?}"
        );
        // a real clock (a report a second, a press every 30 s, four placements a move) loses
        // nothing over an hour
        let mut l = BoardLimits::default();
        let mut refused = 0;
        for s in 0..3600u64 {
            let t = s * 1000;
            refused += u64::from(!l.allow(Reading::Sample, t));
            if s % 30 == 0 {
                refused += u64::from(!l.allow(Reading::Press, t + 1));
                for k in 0..4 {
                    refused += u64::from(!l.allow(Reading::Placement, t + 2 + k));
                }
            }
        }
        assert_eq!(refused, 0);
    }

    #[test]
    fn a_running_clock_is_journaled_every_other_second_and_every_change_at_once() {
        use arbiter_core::model::{BoardNo, ClockSide};
        use arbiter_core::record::ClockSample;
        let sample = |left_ms, right_ms, running| ClockSample {
            board: BoardNo(1),
            left_ms,
            right_ms,
            running,
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        };
        let steady = crate::budget::STEADY_REPORTS as u64;
        let mut th = ClockThinning::default();
        let mut kept = Vec::new();
        // an hour of White's clock running, a report a second
        for k in 0..3600u64 {
            let s = sample(5_400_000 - k * 1000, 5_400_000, Some(ClockSide::Left));
            if th.keep(k * 1000 + 37, &s) {
                kept.push(k);
            }
        }
        // the first reports after the start, then every other second
        assert_eq!(
            kept[..=steady as usize],
            (0..=steady).collect::<Vec<_>>()[..]
        );
        assert!(
            kept[steady as usize..].windows(2).all(|w| w[1] - w[0] == 2),
            "every other second"
        );
        assert_eq!(kept.len() as u64, steady + 1 + (3600 - steady - 1) / 2);
        // a press, a stop, a jump, a late report and a flag are kept at once; after each, the
        // first reports too
        let mut th = ClockThinning::default();
        let at = |k: u64| k * 1000;
        let mut right = 90_000;
        let run = |th: &mut ClockThinning, right: &mut u64, k: u64, n: u64| -> Vec<bool> {
            (0..n)
                .map(|i| {
                    *right -= 1000;
                    th.keep(at(k + i), &sample(98_000, *right, Some(ClockSide::Right)))
                })
                .collect()
        };
        assert!(th.keep(at(0), &sample(98_000, 90_000, Some(ClockSide::Left))));
        // the press: Black's clock runs
        assert!(th.keep(at(1), &sample(98_000, 90_000, Some(ClockSide::Right))));
        assert_eq!(
            run(&mut th, &mut right, 2, 5),
            [true, true, false, true, false]
        );
        // a stop and a start
        assert!(th.keep(at(7), &sample(98_000, 85_000, None)));
        assert!(th.keep(at(8), &sample(98_000, 85_000, Some(ClockSide::Right))));
        // a jump of two seconds, then a report 1.8 s later: both kept
        assert!(th.keep(at(9), &sample(98_000, 83_000, Some(ClockSide::Right))));
        assert!(th.keep(
            at(9) + 1_800,
            &sample(98_000, 82_000, Some(ClockSide::Right))
        ));
        let mut flag = sample(98_000, 81_000, Some(ClockSide::Right));
        flag.right_flag = true;
        assert!(th.keep(at(11) + 800, &flag));
        // the report after a flag is kept too (the flag went)
        assert!(th.keep(
            at(12) + 800,
            &sample(98_000, 80_000, Some(ClockSide::Right))
        ));
        // after a report was lost on its way, the next one goes whatever it says
        right = 80_000;
        // (the first of these came 200 ms after the one before: not a steady count)
        assert_eq!(run(&mut th, &mut right, 13, 4), [true, true, true, false]);
        th.forget();
        assert_eq!(run(&mut th, &mut right, 17, 2), [true, true]);
    }
}
