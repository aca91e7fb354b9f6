//! The rules engine interface.
//!
//! replaced by main's rules engine on merge: this file holds ONLY the interface the console
//! calls (types and signatures as agreed), with placeholder bodies, so the console's screens can
//! be built and tested before the engine lands. It decides nothing.

use crate::intervention::{Consequence, Intervention, InterventionKind};
use crate::matchfile::Match;
use crate::model::{BoardNo, Color};
use crate::record::Event;
use crate::state::MatchState;

/// What the arbiter asks the rules about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub board: Option<BoardNo>,
    pub player: Option<Color>,
    pub kind: InterventionKind,
}

/// What the rules prescribe, with the articles and the facts at this moment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proposal {
    pub consequence: Consequence,
    pub articles: Vec<String>,
    pub explanation: String,
    pub explanation_de: String,
    pub white_ms: Option<u64>,
    pub black_ms: Option<u64>,
    pub move_no: Option<u32>,
}

/// The team score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Score {
    pub home_half_points: u32,
    pub away_half_points: u32,
    pub home_match_points: u32,
    pub away_match_points: u32,
    pub berliner: (u32, u32),
    pub provisional_home_half_points: u32,
    pub provisional_away_half_points: u32,
}

/// Placeholder: proposes nothing (replaced by main's rules engine on merge).
pub fn propose(_m: &Match, _s: &MatchState, _req: &Request, _now_mono_ms: u64) -> Proposal {
    Proposal {
        consequence: Consequence::default(),
        articles: vec![],
        explanation: String::new(),
        ..Proposal::default()
    }
}

/// Builds the journal event for a confirmed proposal (placeholder, replaced on merge).
pub fn confirm(req: &Request, p: &Proposal, confirmed: Consequence, reason: String) -> Event {
    Event::Intervention(Intervention {
        board: req.board,
        player: req.player,
        kind: req.kind.clone(),
        articles: p.articles.clone(),
        white_ms: p.white_ms,
        black_ms: p.black_ms,
        move_no: p.move_no,
        proposed: p.consequence.clone(),
        confirmed,
        reason,
        witnesses: vec![],
    })
}

/// Placeholder score: nothing counted (replaced by main's rules engine on merge).
pub fn score(_m: &Match, _s: &MatchState) -> Score {
    Score::default()
}
