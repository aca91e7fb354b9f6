//! A board that reported another game than the journal's after a restart (a `reconciled`
//! record, outcome `different`): nothing of it was taken. Which game stands is the arbiter's
//! decision; the console shows both and pre-selects neither.

use super::*;
use crate::intervention::GameChange;
use crate::profile::Situation;
use crate::record::ReconcileSource;

/// The decision request: the journal's game and the board's, and the two options.
pub(super) fn game_mismatch(bs: &BoardState, p: &mut Proposal) {
    let Some((_, e)) = &bs.mismatch else {
        p.explanation = msg!("rules-mismatch-none");
        return;
    };
    let common = e.common_moves;
    let source = Msg::new(match e.source {
        ReconcileSource::MoveLog => "reconcile-source-move-log",
        ReconcileSource::Board => "reconcile-source-board",
        ReconcileSource::LiveChess => "reconcile-source-livechess",
    });
    p.explanation = msg!("rules-mismatch", board = bs.board.0, source = source);
    p.facts.push(msg!(
        "rules-mismatch-fact-recorded",
        moves = e.recorded_moves,
        common = common,
        after = e.recorded.join(" ")
    ));
    p.facts.push(match e.reported_moves {
        Some(n) => msg!(
            "rules-mismatch-fact-reported",
            moves = n,
            common = common,
            after = e.reported.join(" ")
        ),
        None => msg!(
            "rules-mismatch-fact-placement",
            placement = e.placement.clone().unwrap_or_default()
        ),
    });
    p.facts.push(msg!("rules-mismatch-fact-nothing-taken"));
    let mut recorded = Consequence::default();
    recorded.set_summary(msg!("rules-summary-mismatch-recorded"));
    let mut board = Consequence::default();
    let keep = usize::try_from(common).unwrap_or(usize::MAX);
    let game = &bs.game.game;
    if bs.game.unknown_since.is_none() && keep < game.moves().len() {
        board.game = Some(GameChange::Reinstate {
            moves: common,
            fen: crate::game::fen_of(&game.position_after(keep)),
        });
    }
    board.set_summary(match e.reported_moves {
        Some(_) => msg!("rules-summary-mismatch-board", common = common),
        None => msg!("rules-summary-mismatch-board-placement"),
    });
    p.decision = Some(
        decision::DecisionRequest::new(Situation::GameMismatch, msg!("rules-mismatch-why"))
            .option("recorded", msg!("rules-option-mismatch-recorded"), recorded)
            .option("board", msg!("rules-option-mismatch-board"), board),
    );
}
