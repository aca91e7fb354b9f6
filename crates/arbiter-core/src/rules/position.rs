//! Positions from the move list: who can still mate, repetitions, the 50-move count.

use shakmaty::san::San;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// The game replayed from its moves, with the position history for repetition checks.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub position: Chess,
    /// Zobrist hash of every position from the start (including the current one).
    history: Vec<u64>,
    /// How many SAN moves could not be replayed (0 = the list is complete and legal).
    pub unreadable_from: Option<usize>,
}

fn key(p: &Chess) -> u64 {
    // Repetition per Art. 9.2.2: same player to move, same pieces, same castling and en passant
    // rights; the legal en passant square only.
    p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// Replays SAN moves from the initial position; stops at the first that is not legal.
pub fn replay<'a>(sans: impl IntoIterator<Item = &'a str>) -> Replayed {
    let mut position = Chess::default();
    let mut history = vec![key(&position)];
    let mut unreadable_from = None;
    for (i, san) in sans.into_iter().enumerate() {
        let Ok(parsed) = san.parse::<San>() else {
            unreadable_from = Some(i);
            break;
        };
        let Ok(m) = parsed.to_move(&position) else {
            unreadable_from = Some(i);
            break;
        };
        position.play_unchecked(m);
        history.push(key(&position));
    }
    Replayed {
        position,
        history,
        unreadable_from,
    }
}

impl Replayed {
    /// How often the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        let Some(last) = self.history.last() else {
            return 0;
        };
        self.history.iter().filter(|h| *h == last).count()
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.position.halfmoves()
    }

    pub fn is_complete(&self) -> bool {
        self.unreadable_from.is_none()
    }
}

/// A position from a FEN piece placement alone (side to move unknown: White is assumed, which
/// does not matter for the material test).
pub fn from_placement(placement: &str) -> Option<Chess> {
    let fen = format!("{placement} w - - 0 1");
    let setup: shakmaty::fen::Fen = fen.parse().ok()?;
    setup.into_position(CastlingMode::Standard).ok()
}

/// The piece placement on a board now: the e-board's last report, else the moves replayed.
pub fn placement_now(bs: &crate::state::BoardState) -> shakmaty::Board {
    if let Some(p) = &bs.placement
        && let Ok(b) = p.parse::<shakmaty::Board>()
    {
        return b;
    }
    let mut pos = Chess::default();
    for mv in &bs.moves {
        let Ok(uci) = mv.uci.parse::<shakmaty::uci::UciMove>() else {
            break;
        };
        let Ok(m) = uci.to_move(&pos) else { break };
        pos.play_unchecked(m);
    }
    pos.board().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefold_by_knight_shuffle() {
        let r = replay(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
        assert!(r.is_complete());
        assert_eq!(r.repetitions(), 3);
        assert_eq!(r.halfmoves(), 8);
    }

    #[test]
    fn illegal_san_stops_the_replay() {
        let r = replay(["e4", "e5", "Ke3"]);
        assert_eq!(r.unreadable_from, Some(2));
    }

    #[test]
    fn placement_gives_a_position() {
        let p = from_placement("8/8/8/4k3/8/8/8/4K2R").unwrap();
        assert!(p.has_insufficient_material(shakmaty::Color::Black));
        assert!(from_placement("not a board").is_none());
    }
}
