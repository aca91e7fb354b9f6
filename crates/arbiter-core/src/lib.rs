//! `arbiter-core`: the pure core of the arbiter's console.
//!
//! Everything the console knows and decides, as plain data and pure functions: the model
//! ([`model`]; times as typed and printed, `h:mm:ss`, in [`hms`]), rule profiles and match files parsed from text ([`profile`], [`matchfile`],
//! [`diag`]), the clock model ([`clock`]), the record kinds ([`record`], [`intervention`]), the
//! journal's codec and hash chain ([`journal`]: bytes in, records out), the state folded from
//! the journal ([`state::apply`]), the rules engine ([`rules`]), what a board shows at an
//! instant ([`clock_now`]: both clocks at any moment; [`status`]: the board's alerts), the report
//! model and its canonical form ([`report`], [`signature`], the league's key registry
//! [`registry`]), replay ([`replay`]), headless
//! scenarios ([`scenario`]), and the catalogue of German and English texts ([`i18n`]: code names
//! a message and its arguments, the `.ftl` files in `i18n/` hold the words).
//!
//! This crate does no IO, reads no system clock and runs no async runtime: the compiler keeps it
//! so (it depends on no IO crate, and chrono is built without its `clock` feature). Every crate
//! of the workspace depends on it; it depends on none of them. See `docs/ARCHITECTURE.md`.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on (none: the bottom layer).

// The core is pure: it never prints (its callers say what it returns).
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod by_colour;
pub mod clock;
pub mod clock_ms;
pub mod clock_now;
pub mod diag;
pub mod game;
pub mod hms;
pub mod i18n;
pub mod intervention;
pub mod journal;
pub mod matchfile;
pub mod model;
pub mod procedure;
pub mod profile;
pub mod record;
pub mod registry;
pub mod replay;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod shared_vec;
pub mod signature;
pub mod state;
pub mod status;
pub mod time;
pub mod words;
