//! arbiter-console: the arbiter's console for a chess team match.
//!
//! Layers (dependencies flow one way): `model` ← `clock`/`profile`/`matchfile` ← `record`/`journal`
//! ← `state` ← `app` ← `tui`/`feeds`/`report`. See `docs/ARCHITECTURE.md`.

pub mod app;
pub mod cli;
pub mod clock;
pub mod dgt;
pub mod diag;
pub mod eboard;
pub mod feeds;
pub mod intervention;
pub mod journal;
pub mod livechess;
pub mod matchfile;
pub mod model;
pub mod pgn;
pub mod profile;
pub mod record;
pub mod recorder;
pub mod replay;
pub mod report;
pub mod rules;
pub mod scenario;
pub mod sign;
pub mod simulator;
pub mod state;
pub mod tui;
