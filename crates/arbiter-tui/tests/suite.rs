//! The screens' integration tests in one test binary: every file beside this one is a module of it
//! (one build and one link for all of them, not one per file; issue 27, the suite's time).
//! `Cargo.toml` says `autotests = false`; a file added here must be named below
//! (`tests/architecture.rs::every_test_file_is_in_a_test_binary` at the top level fails otherwise).
//!
//! `cargo test -p arbiter-tui --test suite` runs them all; `-- widths::` one file's.

// What the tests share, declared once.
#[path = "../../arbiter-core/tests/i18n_check/mod.rs"]
mod i18n_check;

mod afternoon;
mod forms_engine;
mod i18n;
mod keystrokes;
mod lineup_form;
mod remarks;
mod result_form;
mod tui_snapshots;
mod widths;
