//! The simulator's and the feeds' integration tests in one test binary: every file beside this one
//! is a module of it (one build and one link for all of them, not one per file; issue 27, the
//! suite's time), but two: `feeds_e2e.rs` and `recorder_recovery.rs` judge clock times against
//! the simulator running faster than real time, and tests running beside them in the same process
//! would hold them up; each is a binary of its own. `Cargo.toml` says `autotests = false`; a file
//! added here must be named below or there (the top level's
//! `tests/architecture.rs::every_test_file_is_in_a_test_binary` fails otherwise).
//!
//! `cargo test -p arbiter-sim --test suite` runs them; `-- hostile_feeds::` one file's.

mod clock_command;
mod device_faults;
mod feeds_robustness;
mod hostile_feeds;
mod livechess_liveness;
mod pgn_data;
mod simulator_incidents;
