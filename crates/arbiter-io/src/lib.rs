//! `arbiter-io`: everything of the console that touches the disk or the network.
//!
//! The journal file with fsync, transactional appends and crash recovery ([`journal_file`]),
//! configuration files ([`config`]), key files ([`keyfile`]), files written atomically and
//! never over an existing one where that matters ([`atomic`]), input files that must be regular
//! files ([`input`]), and the feed transports: DGT over TCP and serial ports,
//! the LiveChess websocket, each board in its own tokio task ([`feeds`]). The codecs are
//! `arbiter-protocol`; what a record means is `arbiter-core`. See `docs/ARCHITECTURE.md`.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core, arbiter-protocol.

pub mod atomic;
pub mod config;
pub mod feeds;
pub mod input;
pub mod journal_file;
pub mod keyfile;
