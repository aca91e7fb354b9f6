//! The whole console in process (issue 27): the app core (`arbiter_console::app_loop::AppCore`)
//! on its journal file, drawn on a `TestBackend`, driven by keys, feed records and ticks at
//! instants of the test's clock (`support/app.rs`); the flows that were pseudo-terminal tests of
//! the real binary. A module of the top level's test binary (`tests/suite.rs`); the restart
//! campaign is `tests/app_restart.rs`, a binary of its own.
//!
//! `cargo test -p arbiter-console --test suite -- in_process::` runs them; `-- afternoon::` one
//! of them.

mod afternoon;
mod arrival_time;
mod clock_command;
mod lineup;
mod run_feeds;
