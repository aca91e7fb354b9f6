//! The core's integration tests in one test binary: every file beside this one is a module of it
//! (one build and one link for all of them, not one per file; issue 27, the suite's time).
//! `Cargo.toml` says `autotests = false`; a file added here must be named below
//! (`tests/architecture.rs::every_test_file_is_in_a_test_binary` at the top level fails otherwise).
//!
//! `cargo test -p arbiter-core --test suite` runs them all; `-- clock_now::` one file's.

// What the tests share, declared once: the catalogue checks (also used by arbiter-tui's tests)
// and the journal helpers of the rules' harnesses.
mod i18n_check;
mod support;

mod claims;
mod clock_now;
mod clock_sequences;
mod editions;
mod game;
mod i18n;
mod match_procedure;
mod profile_fields;
mod reconcile;
mod result_ending;
mod rules;
