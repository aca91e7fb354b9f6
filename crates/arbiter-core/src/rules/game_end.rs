//! The end of a game by itself, at the move that ends it: checkmate and stalemate (every
//! edition), and where the profile says so fivefold repetition, 75 moves (a mate on the last
//! move prevails) and a dead position. The state records on every move which of these the
//! position shows (`state::GameRecord::ends`); the profile decides which end the game.

use super::*;
use crate::game::DeadReason;
use crate::state::{EndAt, Stamp};

/// How a game ended by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutomaticEnd {
    pub result: GameResult,
    pub article: &'static str,
    /// What the position showed ("checkmate", …): a message id of the catalogue.
    pub reason: &'static str,
    /// The move that ended it (its record).
    pub at: Stamp,
    /// Index of that move in `BoardState::moves`.
    pub move_index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead: Option<DeadReason>,
}

/// Whether the game on a board has ended by itself, and at which move: the earliest of the ends
/// the profile makes automatic (checkmate before the others at the same move, FIDE 9.6.2).
pub fn automatic_end(m: &Match, bs: &BoardState) -> Option<AutomaticEnd> {
    let ad = &m.profile.automatic_draws;
    let e = &bs.game.ends;
    let mover_wins = |at: &EndAt| {
        let mover = bs.moves.get(at.move_index).map(|mv| mv.color);
        match mover {
            Some(Color::Black) => GameResult::BlackWins,
            _ => GameResult::WhiteWins,
        }
    };
    let mut candidates: Vec<(EndAt, GameResult, &'static str, &'static str)> = Vec::new();
    if let Some(at) = e.checkmate {
        candidates.push((at, mover_wins(&at), "5.1.1", "rules-end-checkmate"));
    }
    if let Some(at) = e.stalemate {
        candidates.push((at, GameResult::Draw, "5.2.1", "rules-end-stalemate"));
    }
    if ad.dead_position
        && let Some(at) = e.dead
    {
        candidates.push((at, GameResult::Draw, "5.2.2", "rules-end-dead-position"));
    }
    if ad.fivefold_repetition
        && let Some(at) = e.fivefold
    {
        candidates.push((at, GameResult::Draw, "9.6.1", "rules-end-fivefold"));
    }
    if ad.seventy_five_moves
        && let Some(at) = e.seventy_five
    {
        candidates.push((
            at,
            GameResult::Draw,
            "9.6.2",
            "rules-end-seventy-five-moves",
        ));
    }
    // The earliest move; at the same move the order above (checkmate first).
    let (at, result, article, reason) = candidates
        .into_iter()
        .enumerate()
        .min_by_key(|(i, (at, ..))| (at.move_index, *i))
        .map(|(_, c)| c)?;
    Some(AutomaticEnd {
        result,
        article,
        reason,
        at: at.at,
        move_index: at.move_index,
        dead: at.dead,
    })
}

/// The clocks at the instant of a move, counted from the clock report before it.
pub(super) fn clocks_at_move(bs: &BoardState, index: usize) -> Option<crate::clock_now::ClockNow> {
    let mv = bs.moves.get(index)?;
    let before = mv.clock_before?;
    let elapsed = mv.at.mono_ms.saturating_since(before.at.mono_ms);
    Some(crate::clock_now::report_at(&before.sample, elapsed))
}

/// "38...Qh2#": a move with its number.
pub(super) fn move_text(bs: &BoardState, index: usize) -> String {
    bs.moves
        .get(index)
        .map(|mv| {
            let n = mv.ply.div_ceil(2);
            if mv.color.is_white() {
                format!("{n}.{}", mv.san)
            } else {
                format!("{n}...{}", mv.san)
            }
        })
        .unwrap_or_default()
}

pub(super) fn game_ended(m: &Match, bs: &BoardState, p: &mut Proposal) {
    match automatic_end(m, bs) {
        Some(e) => {
            p.articles = cite(m, e.article, &m.profile.automatic_draws.source);
            p.consequence.result = Some(e.result);
            p.consequence.set_summary(msg!(
                "rules-summary-game-ended",
                reason = Msg::new(e.reason),
                result = e.result
            ));
            p.explanation = msg!(
                "rules-game-ended",
                reason = Msg::new(e.reason),
                result = e.result
            );
            p.instant = Some(e.at.wall_ms);
            if let Some(c) = clocks_at_move(bs, e.move_index) {
                p.clocks = c.shown.map(Some);
            }
            p.facts.push(msg!(
                "rules-fact-ending-move",
                mv = move_text(bs, e.move_index)
            ));
            p.facts
                .push(msg!("rules-fact-position", fen = bs.game.game.fen()));
        }
        None => p.explanation = msg!("rules-game-ended-unknown"),
    }
}
