//! The connection state machine of one board's feed. Pure: every call gets the time (ms since
//! the feed's base instant); nothing here reads a clock or does IO.
//!
//! ```text
//!   Connecting ──data──▶ Live ──no data for stale_after──▶ Stale ──data──▶ Live
//!       │                 │                                  │
//!       │ connect failed  │ link closed                      │ no data for lost_after,
//!       ▼                 ▼                                  ▼ or link closed
//!      Lost ◀───────────────────────────────────────────────┘
//!       │ backoff elapsed (capped exponential)
//!       ▼
//!   Reconnecting ──data──▶ Live        (connect failed / silent too long ──▶ Lost)
//! ```
//!
//! The backoff starts again from `backoff_initial` only once a link has stayed live for
//! `lost_after`: a source that answers and drops the link again and again (a LiveChess
//! endpoint that sends only oversized messages, a board that sends a frame and falls silent)
//! is tried ever more rarely, so its connection changes cannot grow the journal.

use std::time::Duration;

use arbiter_core::record::FeedState;

/// Timing of a feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// Live → Stale after this long without data (3 s).
    pub stale_after: Duration,
    /// Stale (or connected but silent) → Lost after this long without data: the link is dropped.
    pub lost_after: Duration,
    /// First reconnect delay; doubled per failed attempt up to `backoff_max`.
    pub backoff_initial: Duration,
    pub backoff_max: Duration,
    /// Keep-alive request interval (a DGT board answers a serial-number request).
    pub keepalive: Duration,
    /// How long a placement must stay unchanged before it is judged irregular.
    pub settle: Duration,
    /// Give up a connection attempt after this long.
    pub connect_timeout: Duration,
    /// How many times faster than real time the devices' clocks run: 1 for real devices, the
    /// speed for the simulator. The per-board rate limits scale with it
    /// ([`crate::ratelimit::BoardLimits::scaled`]).
    pub rate_scale: u64,
    /// A `feed_noise` summary at most this often while noise lasts
    /// ([`crate::budget::NOISE_SUMMARY_MS`]).
    pub noise_summary: Duration,
    /// The counters at most this often when nothing but the frame count changed
    /// ([`crate::budget::COUNTERS_SUMMARY_MS`]).
    pub counters_every: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            stale_after: Duration::from_millis(arbiter_core::clock_now::STALE_AFTER_MS),
            lost_after: Duration::from_millis(crate::budget::LOST_AFTER_MS),
            backoff_initial: Duration::from_millis(500),
            backoff_max: Duration::from_secs(30),
            keepalive: Duration::from_millis(crate::budget::KEEPALIVE_MS),
            settle: Duration::from_millis(3000),
            connect_timeout: Duration::from_secs(5),
            rate_scale: 1,
            noise_summary: Duration::from_millis(crate::budget::NOISE_SUMMARY_MS),
            counters_every: Duration::from_millis(crate::budget::COUNTERS_SUMMARY_MS),
        }
    }
}

/// A change of state, to be journaled as a `FeedStatus`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    pub from: FeedState,
    pub to: FeedState,
    pub detail: String,
}

/// The state machine.
#[derive(Debug, Clone)]
pub struct Connection {
    state: FeedState,
    timing: Timing,
    last_data_ms: Option<u64>,
    connected_at_ms: Option<u64>,
    failures: u32,
    retry_at_ms: Option<u64>,
    /// When the feed last went live (the backoff starts again once it stayed live long enough).
    live_since_ms: Option<u64>,
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Connection {
    /// A new feed, about to make its first connection attempt.
    pub fn new(timing: Timing) -> Connection {
        Connection {
            state: FeedState::Connecting,
            timing,
            last_data_ms: None,
            connected_at_ms: None,
            failures: 0,
            retry_at_ms: None,
            live_since_ms: None,
        }
    }

    pub fn state(&self) -> FeedState {
        self.state
    }

    /// Age of the last data (ms), `None` before any data.
    pub fn age_ms(&self, now_ms: u64) -> Option<u64> {
        self.last_data_ms.map(|t| now_ms.saturating_sub(t))
    }

    /// When the next attempt is due (ms), while `Lost`.
    pub fn retry_at_ms(&self) -> Option<u64> {
        self.retry_at_ms
    }

    /// The delay before attempt number `failures` (capped exponential).
    pub fn backoff_ms(&self, failures: u32) -> u64 {
        let base = ms(self.timing.backoff_initial).max(1);
        let max = ms(self.timing.backoff_max).max(base);
        base.saturating_mul(1u64 << failures.min(20)).min(max)
    }

    fn go(&mut self, to: FeedState, detail: String) -> Option<Transition> {
        if self.state == to {
            return None;
        }
        let from = std::mem::replace(&mut self.state, to);
        Some(Transition { from, to, detail })
    }

    fn age_text(&self, now_ms: u64) -> String {
        match self.age_ms(now_ms) {
            Some(a) => format!("last data {}.{:01} s ago", a / 1000, (a % 1000) / 100),
            None => "no data yet".into(),
        }
    }

    /// The transport is up (no state change until data arrives).
    pub fn on_connected(&mut self, now_ms: u64) {
        self.connected_at_ms = Some(now_ms);
        self.retry_at_ms = None;
    }

    /// Bytes (or a frame) arrived.
    pub fn on_data(&mut self, now_ms: u64) -> Option<Transition> {
        let was = self.state;
        self.last_data_ms = Some(now_ms);
        match was {
            FeedState::Connecting | FeedState::Reconnecting | FeedState::Stale => {
                if was != FeedState::Stale {
                    self.live_since_ms = Some(now_ms);
                }
                let detail = if was == FeedState::Stale {
                    "data again".to_string()
                } else {
                    "receiving".to_string()
                };
                self.go(FeedState::Live, detail)
            }
            _ => None,
        }
    }

    /// Time passes. Returns a transition, and whether the link must be dropped.
    pub fn on_tick(&mut self, now_ms: u64) -> (Option<Transition>, bool) {
        let connected = self.connected_at_ms.is_some();
        let since = self.last_data_ms.max(self.connected_at_ms);
        let silent = since.map_or(0, |t| now_ms.saturating_sub(t));
        // a link that stayed live: the next loss is retried quickly again
        if connected
            && self.state == FeedState::Live
            && self
                .live_since_ms
                .is_some_and(|t| now_ms.saturating_sub(t) >= ms(self.timing.lost_after))
        {
            self.failures = 0;
        }
        match self.state {
            FeedState::Live if silent >= ms(self.timing.stale_after) => {
                let d = self.age_text(now_ms);
                (self.go(FeedState::Stale, d), false)
            }
            FeedState::Stale | FeedState::Connecting | FeedState::Reconnecting
                if connected && silent >= ms(self.timing.lost_after) =>
            {
                let d = format!("silent, {}", self.age_text(now_ms));
                (self.lose(now_ms, d), true)
            }
            _ => (None, false),
        }
    }

    /// The link closed or a connection attempt failed.
    pub fn on_disconnected(&mut self, now_ms: u64, reason: &str) -> Option<Transition> {
        let d = format!("{reason}; {}", self.age_text(now_ms));
        self.lose(now_ms, d)
    }

    fn lose(&mut self, now_ms: u64, reason: String) -> Option<Transition> {
        self.connected_at_ms = None;
        self.live_since_ms = None;
        let delay = self.backoff_ms(self.failures);
        self.failures = self.failures.saturating_add(1);
        self.retry_at_ms = Some(now_ms.saturating_add(delay));
        let detail = format!("{reason}; retry in {} ms", delay);
        match self.go(FeedState::Lost, detail.clone()) {
            Some(t) => Some(t),
            // Lost again from a failed attempt while already Lost cannot happen (attempts
            // start in Reconnecting), but report it rather than hide it.
            None => Some(Transition {
                from: FeedState::Lost,
                to: FeedState::Lost,
                detail,
            }),
        }
    }

    /// Whether a new attempt is due.
    pub fn retry_due(&self, now_ms: u64) -> bool {
        self.state == FeedState::Lost && self.retry_at_ms.is_none_or(|t| now_ms >= t)
    }

    /// A new attempt starts after a loss.
    pub fn on_retry(&mut self, _now_ms: u64) -> Option<Transition> {
        self.retry_at_ms = None;
        let d = format!("attempt {}", self.failures + 1);
        self.go(FeedState::Reconnecting, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timing() -> Timing {
        Timing {
            stale_after: Duration::from_millis(3000),
            lost_after: Duration::from_millis(10_000),
            backoff_initial: Duration::from_millis(500),
            backoff_max: Duration::from_millis(4000),
            ..Timing::default()
        }
    }

    fn to(t: Option<Transition>) -> Option<FeedState> {
        t.map(|t| t.to)
    }

    #[test]
    fn live_stale_live() {
        let mut c = Connection::new(timing());
        assert_eq!(c.state(), FeedState::Connecting);
        c.on_connected(0);
        assert_eq!(to(c.on_data(10)), Some(FeedState::Live));
        assert_eq!(c.on_data(20), None);
        assert_eq!(c.on_tick(3000), (None, false));
        let (t, drop) = c.on_tick(3020);
        assert_eq!(to(t), Some(FeedState::Stale));
        assert!(!drop);
        assert_eq!(c.age_ms(3020), Some(3000));
        assert_eq!(to(c.on_data(4000)), Some(FeedState::Live));
    }

    #[test]
    fn stale_then_lost_then_reconnecting_with_capped_backoff() {
        let mut c = Connection::new(timing());
        c.on_connected(0);
        c.on_data(0);
        assert_eq!(to(c.on_tick(3000).0), Some(FeedState::Stale));
        let (t, drop) = c.on_tick(10_000);
        assert_eq!(to(t), Some(FeedState::Lost));
        assert!(drop);
        assert_eq!(c.retry_at_ms(), Some(10_500));
        assert!(!c.retry_due(10_499));
        assert!(c.retry_due(10_500));
        assert_eq!(to(c.on_retry(10_500)), Some(FeedState::Reconnecting));
        // failed attempts: 1000, 2000, 4000, 4000 (capped)
        let mut now = 10_500;
        for expect in [1000, 2000, 4000, 4000] {
            let t = c.on_disconnected(now, "connection refused").unwrap();
            assert_eq!(t.to, FeedState::Lost);
            assert_eq!(c.retry_at_ms(), Some(now + expect));
            now += expect;
            assert_eq!(to(c.on_retry(now)), Some(FeedState::Reconnecting));
        }
        c.on_connected(now);
        assert_eq!(to(c.on_data(now + 5)), Some(FeedState::Live));
        // a link that drops again at once does not reset the backoff (capped)
        c.on_disconnected(now + 10, "eof");
        assert_eq!(c.retry_at_ms(), Some(now + 10 + 4000));
        now += 10 + 4000;
        c.on_retry(now);
        c.on_connected(now);
        c.on_data(now + 5);
        // one that stayed live for lost_after does
        c.on_data(now + 9_000);
        assert_eq!(c.on_tick(now + 10_005), (None, false));
        c.on_disconnected(now + 10_010, "eof");
        assert_eq!(c.retry_at_ms(), Some(now + 10_010 + 500));
    }

    #[test]
    fn a_flapping_link_is_retried_ever_more_rarely() {
        // a source that answers at once and drops the link a second later, for an hour
        let mut c = Connection::new(Timing::default());
        let mut now = 0;
        let mut links = 0;
        while now < 3_600_000 {
            c.on_connected(now);
            c.on_data(now + 10);
            let _ = c.on_tick(now + 500);
            c.on_disconnected(now + 1_000, "closed by peer");
            links += 1;
            now = c.retry_at_ms().unwrap();
            c.on_retry(now);
        }
        // 0.5, 1, 2, … 30 s: about one link every 31 s once the backoff is capped
        assert!(links < 130, "{links} links in an hour");
    }

    #[test]
    fn connected_but_silent_is_lost() {
        let mut c = Connection::new(timing());
        c.on_connected(0);
        assert_eq!(c.on_tick(9_999), (None, false));
        let (t, drop) = c.on_tick(10_000);
        assert_eq!(to(t), Some(FeedState::Lost));
        assert!(drop);
    }

    #[test]
    fn first_attempt_failure_is_lost() {
        let mut c = Connection::new(timing());
        let t = c.on_disconnected(5, "refused").unwrap();
        assert_eq!((t.from, t.to), (FeedState::Connecting, FeedState::Lost));
        assert!(t.detail.contains("retry in 500 ms"), "{}", t.detail);
    }
}
