//! The whole console in process (issue 27): the app core (`arbiter_console::app_loop::AppCore`)
//! on its journal file, drawn on a `TestBackend`, driven by keys, feed records and ticks at
//! instants of the test's clock (`support/app.rs`); the flows that were pseudo-terminal tests of
//! the real binary. One test binary for them (one link, not five); the restart campaign is
//! `tests/app_restart.rs`.
//!
//! `cargo test --test app` runs them; `cargo test --test app -- afternoon` one of them.

#[path = "../support/app.rs"]
mod app;
#[path = "../support/sim.rs"]
mod sim;

mod afternoon;
mod arrival_time;
mod clock_command;
mod lineup;
mod run_feeds;
