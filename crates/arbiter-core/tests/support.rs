//! What the core's test files share (a module of `tests/suite.rs`).

use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::record::{Event, Origin};
use arbiter_core::time::{MonoMs, WallMs};

/// Appends `event` to a test's journal as arriving `at` ms after the match's scheduled start:
/// the same offset on the wall clock and on the monotonic one (the tests' time base). The
/// caller folds the record into its state (`apply`).
pub fn append_at(
    m: &Match,
    chain: &mut Chain,
    buf: &mut Vec<u8>,
    at: u64,
    origin: Origin,
    event: Event,
) -> Record {
    let start = WallMs::from_datetime(&m.scheduled_start);
    let offset = i64::try_from(at).expect("a test's offset fits the wall clock");
    chain.append(start + offset, MonoMs::from_base_ms(at), origin, event, buf)
}
