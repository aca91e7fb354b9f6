//! The shell's time: the wall clock (UTC ms, as stamped on records) and the one monotonic time
//! base that the feeds and the console share, so that a record carries the moment its input
//! arrived. Nothing below the shell reads a clock.
//!
//! For end-to-end tests against a simulator running faster than real time (`arbiter simulate
//! --speed N`), `ARBITER_TEST_TIME_SCALE=N@ANCHOR` makes the shell's time run N times as fast,
//! the wall clock from `ANCHOR` (UTC ms) on, the same in every process given the same value:
//! the console then sees the venue's time (its clocks, the time it was away on a restart) as
//! at a real venue. Only in the binary the tests run (the `test-hooks` feature), never in the
//! shipped one.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use arbiter_core::model::{MonoMs, WallMs};

/// The session's monotonic time origin.
#[derive(Debug, Clone, Copy)]
pub struct TimeBase {
    start: Instant,
}

impl TimeBase {
    /// A time base starting now.
    pub fn now() -> TimeBase {
        TimeBase {
            start: Instant::now(),
        }
    }

    /// The origin, for the feeds (`arbiter_io::feeds::spawn_feeds`).
    pub fn start(&self) -> Instant {
        self.start
    }

    /// Milliseconds since the origin.
    pub fn mono(&self) -> MonoMs {
        self.feed_mono(u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX))
    }

    /// The monotonic time of a feed's stamp (ms since [`TimeBase::start`] by the feeds' own
    /// clock): the same, but under a test's time scale.
    pub fn feed_mono(&self, real_ms: u64) -> MonoMs {
        match scale() {
            Some((k, _)) => real_ms.saturating_mul(k),
            None => real_ms,
        }
    }

    /// The wall time of a monotonic moment of this base (for records that arrived earlier than
    /// they are journaled: the wall clock now, less the time since their arrival).
    pub fn wall_at(&self, mono: MonoMs) -> WallMs {
        let behind = self.mono().saturating_sub(mono);
        wall_now() - i64::try_from(behind).unwrap_or(0)
    }
}

/// UTC milliseconds since the Unix epoch, now.
pub fn wall_now() -> WallMs {
    let real = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0);
    match scale() {
        Some((k, anchor)) => anchor.saturating_add(
            real.saturating_sub(anchor)
                .saturating_mul(i64::try_from(k).unwrap_or(1)),
        ),
        None => real,
    }
}

/// A test's time scale (`ARBITER_TEST_TIME_SCALE=N@ANCHOR`): the factor and the wall time it
/// counts from.
fn scale() -> Option<(u64, WallMs)> {
    static SCALE: OnceLock<Option<(u64, WallMs)>> = OnceLock::new();
    *SCALE.get_or_init(|| {
        if !cfg!(feature = "test-hooks") {
            return None;
        }
        let v = std::env::var("ARBITER_TEST_TIME_SCALE").ok()?;
        let (k, anchor) = v.split_once('@')?;
        let k: u64 = k.trim().parse().ok().filter(|k| (1..=1000).contains(k))?;
        Some((k, anchor.trim().parse().ok()?))
    })
}

/// A wall time as RFC 3339 with the venue's offset (e.g. `2026-11-28T17:25:03+01:00`).
pub fn rfc3339_at(wall_ms: WallMs, offset: chrono::FixedOffset) -> String {
    chrono::DateTime::from_timestamp_millis(wall_ms)
        .map(|t| {
            t.with_timezone(&offset)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        })
        .unwrap_or_default()
}
