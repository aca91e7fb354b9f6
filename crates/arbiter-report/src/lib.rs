//! `arbiter-report`: what leaves the console as a document, and its signatures.
//!
//! The match report's renderings (Markdown text [`text`], A4 PDF [`pdf`], PGN with clock times
//! [`pgn`]), the Ed25519 signatures over its canonical form ([`sign`]: keys, receipts) and the
//! verdict `arbiter verify` prints ([`verdict`]: anchors, keys, receipts, versions). The report model and
//! its canonical bytes are `arbiter_core::report`; this crate turns them into bytes and never
//! touches a file (the shell writes them). See `docs/ARCHITECTURE.md`.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core.

pub mod pdf;
pub mod pgn;
pub mod result_service;
pub mod schema;
pub mod sign;
pub mod text;
pub mod verdict;
