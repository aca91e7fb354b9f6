//! The position on a board as the rules see it: the game record's (kept by `state::apply` on
//! every move, see `crate::game`), else a placement the e-board showed, read with the side to
//! move the clock tells.

use shakmaty::{Chess, Color};

use crate::state::BoardState;

/// The position on a board: the game record's when known (and, for a game record still at the
/// initial position without moves, when the e-board shows nothing else); else the e-board's
/// last placement with the side to move from the clock (the side whose time runs), trying the
/// other side when the placement is impossible with that one. A placement the e-board reported
/// as irregular (no legal move reaches it) is never taken for the position; while an illegal
/// move stands, the position is the last legal one.
pub fn board_position(bs: &BoardState) -> Option<Chess> {
    use shakmaty::Position as _;
    // An illegal move the board showed: the position the rules work from is the last legal one
    // (7.5.1), never the placement the illegal move left.
    if bs.game.illegal.is_some() {
        return bs.game.last_legal().cloned();
    }
    if let Some(p) = bs.position() {
        let fresh =
            bs.game.start == crate::state::GameStart::Initial && bs.game_moves().next().is_none();
        let shown_elsewhere = bs
            .placement
            .as_deref()
            .and_then(|pl| pl.parse::<shakmaty::Board>().ok())
            .is_some_and(|b| b != *p.board());
        let irregular = bs.irregularities.last().is_some_and(|n| {
            bs.game_moves()
                .last()
                .is_none_or(|(_, m)| n.at.seq > m.at.seq)
        });
        if !(fresh && shown_elsewhere) || irregular {
            return Some(p.clone());
        }
    }
    let turn: Option<Color> = bs.mirror.as_ref().and_then(|m| m.on_move());
    bs.placement
        .as_deref()
        .and_then(|p| crate::game::from_placement(p, turn))
}

/// The piece placement on a board now: the e-board's last report, else the game record's.
pub fn placement_now(bs: &BoardState) -> shakmaty::Board {
    if let Some(p) = &bs.placement
        && let Ok(b) = p.parse::<shakmaty::Board>()
    {
        return b;
    }
    use shakmaty::Position as _;
    bs.game.game.position().board().clone()
}
