//! Per-board rate limits (pure; time passed in): a token bucket per kind of record, so that a
//! flooding or hostile source cannot grow the journal without limit. The limits are far above
//! what a device sends (a DGT clock reports about once a second per running side, LiveChess
//! about as often), and they never apply to moves, takebacks, connection changes or the
//! arbiter's actions. See `docs/FEEDS.md`, "Rate limits".

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

/// The limits of one board's feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLimits {
    /// Clock samples: 20 at once, 10 per second.
    pub clock_samples: TokenBucket,
    /// Clock samples in which the running side changed (presses, starts, stops): 20 at once,
    /// 5 per second, apart from the others so that a flood of readings cannot hide a press.
    pub presses: TokenBucket,
    /// Placements: 20 at once, 10 per second.
    pub positions: TokenBucket,
    /// Moves re-sent after a takeback (LiveChess): 600 at once, 2 per second.
    pub replayed_moves: TokenBucket,
    /// Takebacks (LiveChess): 5 at once, one per 10 seconds (refilled per second at 0.1: the
    /// bucket counts tenths).
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
        let k = scale.max(1);
        BoardLimits {
            clock_samples: TokenBucket::new(20 * k, 10 * k),
            presses: TokenBucket::new(20 * k, 5 * k),
            positions: TokenBucket::new(20 * k, 10 * k),
            replayed_moves: TokenBucket::new(600, 2 * k),
            takebacks: TokenBucket::new(50, k),
        }
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
}
