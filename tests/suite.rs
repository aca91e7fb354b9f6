//! The top level's integration tests in one test binary: every file beside this one is a module
//! of it (one build and one link for all of them, not one per file; issue 27, the suite's time).
//! `Cargo.toml` says `autotests = false` and names the binaries; a file added here must be named
//! below (`tests/architecture.rs::every_test_file_is_in_a_test_binary` fails otherwise).
//!
//! `tests/app_restart.rs` is a binary of its own: its clock runs at the simulator's speed, and
//! tests running beside it in the same process would hold it up.
//!
//! `cargo test -p arbiter-console --test suite` runs them all (without `-p`, `--test suite` also
//! builds and runs the other crates' suites); `-- recordings::` one file's.

// What the tests share (`tests/support/`), declared once.
#[path = "support/app.rs"]
mod app;
#[path = "support/keys.rs"]
mod keys;
#[path = "support/pgn_check.rs"]
mod pgn_check;
#[cfg(unix)]
#[path = "support/pty.rs"]
mod pty;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/sim.rs"]
mod sim;
#[path = "support/trf_reader.rs"]
mod trf_reader;

// The console in process, on the test's clock (`tests/app/`).
#[path = "app/mod.rs"]
mod in_process;

mod architecture;
mod config_errors;
mod crash_campaign;
mod disk_full;
mod e2e_demo;
mod e2e_replay;
mod exports;
mod forgery;
mod journal;
mod live_equals_replay;
mod livechess_habits;
mod no_data_lost;
mod one_language;
mod recordings;
mod replay;
mod report;
mod report_console;
mod report_day;
mod report_procedure;
mod resume;
mod scenarios;
mod trust;
