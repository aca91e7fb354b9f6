//! The `arbiter` command line and the thin shell that wires the workspace's crates together.
//!
//! The console is an app without IO ([`app_loop`]: inputs in, effects out, drawn on any
//! backend; over [`app`], the journal and the state, and [`entry`], the arbiter's entries),
//! driven by the shell: it reads the system time ([`time_base`]), owns the terminal
//! ([`terminal`]) and the live loop ([`console`]), starts the inputs ([`inputs`]: a match's feeds or the demo's
//! simulated venue), runs the replay console ([`replay_console`]) and writes the report's files
//! ([`report_files`]). Every rule, record, protocol and screen lives in the crates under
//! `crates/`; see `docs/ARCHITECTURE.md`.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core, arbiter-protocol, arbiter-io, arbiter-report, arbiter-tui, arbiter-sim.

pub mod app;
pub mod app_loop;
pub mod broadcast;
pub mod cli;
pub mod commands;
pub mod console;
pub mod entry;
pub mod exit;
pub mod inputs;
pub mod journal_place;
pub mod out;
pub mod replay_console;
pub mod report_files;
pub mod terminal;
pub mod time_base;
