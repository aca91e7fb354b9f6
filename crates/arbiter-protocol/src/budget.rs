//! The feeds' budget: every time and limit that bounds what one board's feed may send to the
//! journal, in one place (`docs/FEEDS.md`, "What a feed may journal"). Whatever a source sends
//! (bursts of garbage, malformed or oversized messages, acknowledgements nobody asked for, a
//! flood of clock reports), one board's feed journals at most:
//!
//! - the clock readings and placements the rate limits let through ([`PRESSES`],
//!   [`READINGS`]: about 3 records a second at the worst, about 3.7 MB an hour);
//! - one `feed_noise` summary per [`NOISE_SUMMARY_MS`] while noise lasts (and the first of a
//!   burst at once), one `feed_counters` record with it, and otherwise one per
//!   [`COUNTERS_SUMMARY_MS`] or after a change of the connection state;
//! - its connection changes, which a flapping link cannot repeat faster than its backoff
//!   ([`crate::connection::Connection`]: the backoff starts again only after a link stayed up
//!   for [`LOST_AFTER_MS`]).
//!
//! Moves, takebacks (limited by [`crate::ratelimit::BoardLimits`]), device changes and the
//! arbiter's actions are not summarised. The stale interval and the window in which a clock's
//! acknowledgement answers a command are the core's (the state judges with them): re-exported
//! here.

pub use arbiter_core::clock_now::STALE_AFTER_MS;
pub use arbiter_core::record::{CLOCK_ACK_WINDOW_MS, NOISE_SAMPLE_CHARS};

/// Stale (or connected but silent) → lost: the link is dropped and opened again (ms).
pub const LOST_AFTER_MS: u64 = 10_000;

/// The keep-alive: a DGT serial-number request (a board always answers), a LiveChess websocket
/// ping (any frame back, the pong too, is a sign of life), this often (ms). At most a third of
/// the stale interval, so that a quiet board that answers stays live.
pub const KEEPALIVE_MS: u64 = 1_000;

/// While noise lasts, a `feed_noise` summary is journaled at most this often per board (the
/// first of a burst at once, on the feed's next tick), with the counts of the interval, its
/// bytes and the first and last piece. Below `arbiter_core::status::GARBLED_MS`, so that a
/// board under a flood stays marked garbled.
pub const NOISE_SUMMARY_MS: u64 = 10_000;

/// The feed's counters (`feed_counters`) are journaled after a change of the connection state,
/// with a noise summary when a count other than the valid frames changed, and otherwise at
/// most this often (ms), not because the frame count moved.
pub const COUNTERS_SUMMARY_MS: u64 = 600_000;

/// The longest LiveChess move list accepted (plies); a longer one is a bad payload.
pub const MAX_PLIES: usize = 1000;

/// The largest LiveChess websocket message (and frame) the console reads, in bytes. An
/// `eboardevent` with a move list of [`MAX_PLIES`] plies is about
/// 8 KiB; a longer message is counted as oversized and the link is opened again.
pub const MAX_WS_MESSAGE_BYTES: usize = 256 * 1024;

/// Clock samples in which the running side changed (presses, starts, stops): `(burst, per
/// second)` per board. Apart from the other readings, so that a flood of readings cannot hide
/// a press. A game averages a press every half minute; a time scramble is a burst.
pub const PRESSES: (u64, u64) = (20, 1);

/// The other clock samples and the placements together: `(burst, per second)` per board. A
/// DGT clock reports once a second while it runs, LiveChess as often; a move adds a few
/// placements.
pub const READINGS: (u64, u64) = (30, 2);

/// A placement is let through only while this many readings are left in the bucket: the rest
/// is kept for the clock samples.
pub const PLACEMENT_RESERVE: u64 = 10;

/// Moves sent again after a LiveChess takeback: `(burst, per second)`.
pub const REPLAYED_MOVES: (u64, u64) = (600, 2);

/// LiveChess takebacks: 5 at once, then one per 10 s (the bucket counts tenths:
/// [`crate::ratelimit::BoardLimits::TAKEBACK_COST`]).
pub const TAKEBACKS_TENTHS: (u64, u64) = (50, 1);

// The budget holds together (checked when it compiles): a quiet board that answers its
// keep-alive stays live; a flooded board stays marked garbled between two summaries; the
// longest move list fits in a message; placements leave room for clock samples.
const _: () = assert!(KEEPALIVE_MS * 3 <= STALE_AFTER_MS);
const _: () = assert!(NOISE_SUMMARY_MS < arbiter_core::status::GARBLED_MS);
const _: () = assert!(MAX_PLIES * 8 < MAX_WS_MESSAGE_BYTES);
const _: () = assert!(PLACEMENT_RESERVE < READINGS.0);

/// A running clock's report that says only what the previous journaled report and the time
/// since say (the running side one second less, about a second later, nothing else changed)
/// is journaled every other second ([`crate::ratelimit::ClockThinning`]): a DGT clock reports
/// every second it runs, and a report is most of a normal game's journal. "About a second":
/// between these two bounds (ms).
pub const PREDICTABLE_AFTER_MS: (u64, u64) = (500, 1_500);

/// After a press or a start, this many of the running side's reports all go to the journal
/// before any is left out: their crossings fix the sub-second phase of the new side.
pub const STEADY_REPORTS: u32 = 2;
