//! arbiter-console: the arbiter's console for a chess team match.
//!
//! Layers (dependencies flow one way): `model` ← `clock`/`profile`/`matchfile` ← `record`/`journal`
//! ← `state` ← `app` ← `tui`/`feeds`/`report`. See `docs/ARCHITECTURE.md`.

pub mod clock;
pub mod dgt;
pub mod eboard;
pub mod feeds;
pub mod livechess;
pub mod model;
pub mod record;
pub mod simulator;
