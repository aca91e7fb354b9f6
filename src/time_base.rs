//! The shell's time: the wall clock (UTC ms, as stamped on records) and the one monotonic time
//! base that the feeds and the console share, so that a record carries the moment its input
//! arrived; and [`Now`], an instant as the console's app sees it (the loop reads it here, the
//! tests make their own). Nothing below the shell reads a clock.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use arbiter_core::time::{MonoMs, WallMs};

/// An instant as the app sees it: the session's monotonic time (what records and clocks are
/// measured in) and the wall clock at that moment (UTC ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Now {
    pub mono: MonoMs,
    pub wall: WallMs,
}

impl Now {
    /// `ms` milliseconds later.
    pub fn after(self, ms: u64) -> Now {
        Now {
            mono: self.mono + ms,
            wall: self.wall + i64::try_from(ms).unwrap_or(i64::MAX),
        }
    }

    /// The wall time of an earlier monotonic moment (a record that arrived before it is
    /// journaled: the wall clock now, less the time since its arrival).
    pub fn wall_at(self, mono: MonoMs) -> WallMs {
        let behind = self.mono.saturating_since(mono);
        self.wall - i64::try_from(behind).unwrap_or(0)
    }
}

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
        MonoMs::from_base_ms(u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX))
    }

    /// The instant now, as the app sees it: this base's monotonic time and the wall clock.
    pub fn current(&self) -> Now {
        Now {
            mono: self.mono(),
            wall: wall_now(),
        }
    }

    /// The wall time of a monotonic moment of this base (for records that arrived earlier than
    /// they are journaled: the wall clock now, less the time since their arrival).
    pub fn wall_at(&self, mono: MonoMs) -> WallMs {
        self.current().wall_at(mono)
    }
}

/// UTC milliseconds since the Unix epoch, now.
pub fn wall_now() -> WallMs {
    WallMs::from_unix_ms(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
            .unwrap_or(0),
    )
}

/// A wall time as RFC 3339 with the venue's offset (e.g. `2026-11-28T17:25:03+01:00`).
pub fn rfc3339_at(wall_ms: WallMs, offset: chrono::FixedOffset) -> String {
    wall_ms
        .to_datetime()
        .map(|t| {
            t.with_timezone(&offset)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
        })
        .unwrap_or_default()
}
