//! LiveChess.
