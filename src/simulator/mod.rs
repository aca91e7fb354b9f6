//! Simulator.
pub mod pgn;
