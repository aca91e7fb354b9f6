//! Claims on a board as records with a life: every draw claim, quickplay-finish claim and
//! increment request the arbiter recorded, with its id (the journal record's sequence number),
//! the claimant, the position and both clocks at the claim, and its status. A claim made while
//! an earlier one is still open (a postponed quickplay-finish claim) is linked to it, never
//! merged with it and never closing it; the open claim is closed only by a decision on it (the
//! result the arbiter declares after a flag fell).

use serde::Serialize;

use super::{BoardState, Stamp};
use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::intervention::{
    ClaimBasis, ClaimStatus, Intervention, InterventionKind, QuickplayDecision,
};
use crate::model::Color;

/// What was claimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    Threefold,
    FiftyMoves,
    /// A quickplay-finish claim (pre-2009 10.2, Guidelines III.5).
    Quickplay,
    /// A request for an increment (Guidelines III.4).
    IncrementRequest,
}

impl ClaimKind {
    /// The kind of claim an intervention makes, if it makes one.
    pub fn of(kind: &InterventionKind) -> Option<ClaimKind> {
        match kind {
            InterventionKind::DrawClaim { basis, .. } => Some(match basis {
                ClaimBasis::Threefold => ClaimKind::Threefold,
                ClaimBasis::FiftyMoves => ClaimKind::FiftyMoves,
            }),
            InterventionKind::QuickplayClaim { decision } => Some(match decision {
                QuickplayDecision::IncrementGranted
                | QuickplayDecision::IncrementAccepted
                | QuickplayDecision::IncrementRefused => ClaimKind::IncrementRequest,
                _ => ClaimKind::Quickplay,
            }),
            _ => None,
        }
    }

    /// The catalogue message naming the kind.
    pub fn message_id(self) -> &'static str {
        match self {
            ClaimKind::Threefold => "claim-basis-threefold",
            ClaimKind::FiftyMoves => "claim-basis-fifty-moves",
            ClaimKind::Quickplay => "claim-kind-quickplay",
            ClaimKind::IncrementRequest => "claim-kind-increment-request",
        }
    }
}

/// One claim on a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimEntry {
    /// The sequence number of the record that made the claim.
    pub id: u64,
    pub at: Stamp,
    pub kind: ClaimKind,
    #[serde(with = "crate::model::colour::option")]
    pub claimant: Option<Color>,
    /// The move the claimant wrote and declared, if the claim rests on one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intended: Option<String>,
    /// The position at the claim (FEN), where the game record knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Both clocks at the claim (written `white_ms`, `black_ms`).
    #[serde(flatten, with = "crate::by_colour::ms_each_or_null")]
    pub clocks: ByColor<Option<ClockMs>>,
    pub status: ClaimStatus,
    /// The earlier claim on this board that was still open when this one was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follows: Option<u64>,
    /// The record that decided the claim after it was made (a postponed claim's decision).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<u64>,
}

impl BoardState {
    /// The claim still waiting for a decision, the latest first.
    pub fn open_claim(&self) -> Option<&ClaimEntry> {
        self.claims.iter().rev().find(|c| c.status.is_open())
    }

    /// The claim's number on this board (1 for the board's first claim), as the screens, the
    /// proposals and the report name it: never the journal's record number (`id`).
    pub fn claim_no(&self, id: u64) -> usize {
        self.claims
            .iter()
            .position(|c| c.id == id)
            .map_or(self.claims.len() + 1, |i| i + 1)
    }
}

/// Records the claim an applied intervention makes, or the decision on the open claim it
/// carries (`Consequence::claim` on an intervention that is no claim itself).
pub(super) fn apply_claim(bs: &mut BoardState, seq: u64, at: Stamp, iv: &Intervention) {
    let Some(status) = iv.confirmed.claim else {
        return;
    };
    match ClaimKind::of(&iv.kind) {
        Some(kind) => {
            let follows = bs.open_claim().map(|c| c.id);
            let intended = match &iv.kind {
                InterventionKind::DrawClaim { intended, .. } => intended.clone(),
                _ => None,
            };
            let fen = bs.position().map(crate::game::fen_of);
            bs.claims.push(ClaimEntry {
                id: seq,
                at,
                kind,
                claimant: iv.player,
                intended,
                fen,
                clocks: iv.clocks,
                status,
                follows,
                decided_by: None,
            });
        }
        None => {
            if let Some(open) = bs.claims.iter_mut().rev().find(|c| c.status.is_open()) {
                open.status = status;
                open.decided_by = Some(seq);
            }
        }
    }
}

/// A resignation the arbiter established (record `seq`) at `when` (wall ms; `None`: before
/// every claim): the claims made after it are void, the game having ended (5.1.2).
pub(super) fn void_after(bs: &mut BoardState, seq: u64, when: Option<crate::time::WallMs>) {
    for c in &mut bs.claims {
        if when.is_none_or(|t| c.at.wall_ms > t) && c.status != ClaimStatus::Void {
            c.status = ClaimStatus::Void;
            c.decided_by = Some(seq);
        }
    }
}
