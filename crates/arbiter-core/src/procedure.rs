//! The records of the match procedure around the games: a captain asking to see the other
//! lineup, consent to a change, an agreed start, colours overridden, a lot drawn. Plain data;
//! `state::apply` folds them, the rules read them.

use serde::{Deserialize, Serialize};

use crate::intervention::LineupSlot;
use crate::model::{BoardNo, TeamSide};

/// A captain asks to see the other team's lineup. Granted only once both lineups are in (Trier
/// Nr. 2: no right to see the guests' lineup before handing in one's own); a refusal is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupView {
    /// The captain who asks (the team whose captain it is).
    pub by: TeamSide,
}

/// One captain's consent to a change of a handed-in lineup (§ 33 Abs. 1: both captains, before
/// the announcement). The change itself is a `lineup_changed` record with the same slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupConsent {
    /// The team whose lineup changes.
    pub team: TeamSide,
    /// The captain who consents.
    pub captain: TeamSide,
    pub slots: Vec<LineupSlot>,
}

/// The captains agreed on a start of play other than the scheduled one (BTO NRW § 27.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartAgreed {
    /// RFC 3339 with offset, e.g. `2026-11-28T10:10:00+01:00`.
    pub time: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// The colours of a board set other than by the colour rule, with the reason (printed on the
/// report).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColoursOverridden {
    pub board: BoardNo,
    /// The team with White on that board.
    pub white: TeamSide,
    pub reason: String,
}

/// A drawn match decided by lot (BTO NRW § 18.3.1 "wird gelost"; § 13.4 "zwischen den
/// Mannschaftsführern").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LotDrawn {
    pub winner: TeamSide,
    /// Who drew the lot.
    pub drawn_by: String,
    #[serde(default)]
    pub witnesses: Vec<String>,
}
