//! The end of a game by itself: checkmate, stalemate, fivefold repetition, 75 moves, a dead
//! position.

use super::*;

/// How a game ended by itself, read from its move list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AutomaticEnd {
    pub result: GameResult,
    pub article: &'static str,
    /// What the move list shows ("checkmate", …): a message id of the catalogue.
    pub reason: &'static str,
}

/// Whether the game on a board has ended by itself (checkmate, stalemate, fivefold repetition,
/// 75 moves, dead position), as far as the profile's rules make these automatic. Needs a complete
/// move list.
pub fn automatic_end(m: &Match, bs: &BoardState) -> Option<AutomaticEnd> {
    if bs.moves.is_empty() {
        return None;
    }
    let r = position::replay(bs.moves.iter().map(|mv| mv.san.as_str()));
    if !r.is_complete() {
        return None;
    }
    let ad = &m.profile.automatic_draws;
    let pos = &r.position;
    let end = |result, article, reason| {
        Some(AutomaticEnd {
            result,
            article,
            reason,
        })
    };
    if pos.is_checkmate() {
        // Art. 5.1.1 / 9.6: a mate takes precedence over the automatic draws.
        let result = if pos.turn().is_white() {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        };
        return end(result, "5.1.1", "rules-end-checkmate");
    }
    if pos.is_stalemate() {
        return end(GameResult::Draw, "5.2.1", "rules-end-stalemate");
    }
    if ad.fivefold_repetition && r.repetitions() >= 5 {
        return end(GameResult::Draw, "9.6.1", "rules-end-fivefold");
    }
    if ad.seventy_five_moves && r.halfmoves() >= 150 {
        return end(GameResult::Draw, "9.6.2", "rules-end-seventy-five-moves");
    }
    if ad.dead_position && pos.is_insufficient_material() {
        return end(GameResult::Draw, "5.2.2", "rules-end-dead-position");
    }
    None
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
        }
        None => p.explanation = msg!("rules-game-ended-unknown"),
    }
}
