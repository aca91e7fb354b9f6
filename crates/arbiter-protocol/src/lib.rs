//! `arbiter-protocol`: the devices' wire protocols, sans-IO.
//!
//! Bytes or JSON in, messages and journal events out; no sockets, no runtime, no clock. The DGT
//! serial protocol ([`dgt`]), the DGT LiveChess websocket messages ([`livechess`]), the e-board
//! tracker that recognises moves from placements ([`eboard`]), the per-board sessions that turn
//! device messages into journal events ([`dgt_session`], [`livechess_session`]), the
//! connection state machine of a feed ([`connection`]), how a restarted feed takes up the
//! journaled game ([`reconcile`]), and what bounds a feed's share of the journal: its budget
//! ([`budget`]: every time and limit in one place), its rate limits ([`ratelimit`]) and the
//! summaries of what it could not use ([`noise`]).
//!
//! Depends on `arbiter-core` (board numbers, record kinds) only; the transports that feed it are
//! `arbiter-io`, the simulator that speaks it is `arbiter-sim`. See `docs/ARCHITECTURE.md`.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core.

pub mod budget;
pub mod connection;
pub mod dgt;
pub mod dgt_session;
pub mod eboard;
pub mod livechess;
pub mod livechess_session;
pub mod noise;
pub mod ratelimit;
pub mod reconcile;
