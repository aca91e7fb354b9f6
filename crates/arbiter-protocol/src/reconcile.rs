//! A feed that starts again on a journal (the console restarted after a crash, a power cut, a
//! quit, or on another laptop with the journal copied over): the game the journal holds for its
//! board ([`GameSeed`], made from the folded state), and how what the board reports compares
//! with it (pure).
//!
//! The sessions start from the seed instead of an empty game: the DGT tracker stands on the
//! journaled position and asks the board for its move log; the LiveChess session knows the
//! journaled moves and asks LiveChess for its moves from the game's start. The same moves add
//! nothing; the same and more add only the new ones; another game is reported once (a
//! `reconciled` record with both) and nothing of it is taken until the arbiter decides.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{GameReconciled, ReconcileOutcome, ReconcileSource};
use arbiter_core::state::BoardState;

/// The journaled game of a board: where a restarted feed takes up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSeed {
    pub board: BoardNo,
    /// The game record's start position (`None`: the standard starting position).
    pub start_fen: Option<String>,
    /// The game record's moves, in UCI.
    pub moves: Vec<String>,
    /// White's side of the clock, where the journal knows it.
    pub white_side: Option<ClockSide>,
    /// The moves whose clock the journal does not know (0-based): a board's log can tell it.
    pub without_clock: Vec<usize>,
}

impl GameSeed {
    /// The seed of a board from the folded state: its game record (start and moves). `None`
    /// where the position is unknown (a move that could not be played): then the feed starts
    /// afresh and the state joins what the board reports, as before.
    pub fn of(bs: &BoardState) -> Option<GameSeed> {
        if bs.game.unknown_since.is_some() {
            return None;
        }
        let game = &bs.game.game;
        Some(GameSeed {
            board: bs.board,
            start_fen: game.start_fen().map(str::to_string),
            moves: game
                .moves()
                .iter()
                .map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string())
                .collect(),
            white_side: bs
                .mirror
                .as_ref()
                .and_then(|m| m.white_side().map(|(s, _)| s)),
            without_clock: bs
                .game_moves()
                .enumerate()
                .filter(|(_, (_, m))| m.clock_ms.is_none())
                .map(|(k, _)| k)
                .collect(),
        })
    }

    /// A seed of only the first `n` moves (the arbiter took the board's game from there).
    pub fn truncated(&self, n: usize) -> GameSeed {
        GameSeed {
            moves: self.moves.iter().take(n).cloned().collect(),
            ..self.clone()
        }
    }

    /// The start position and the moves, checked: `None` if the FEN or a move does not fit.
    pub fn replay(&self) -> Option<(Chess, Vec<Move>)> {
        let start = match &self.start_fen {
            None => Chess::default(),
            Some(f) => f
                .parse::<Fen>()
                .ok()?
                .into_position::<Chess>(CastlingMode::Standard)
                .ok()?,
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for u in &self.moves {
            let m = u.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
            pos.play_unchecked(m);
            moves.push(m);
        }
        Some((start, moves))
    }

    /// The start position as a full FEN (what a LiveChess feed sends with `setup`).
    pub fn start_fen_full(&self) -> String {
        self.start_fen.clone().unwrap_or_else(|| {
            Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string()
        })
    }
}

/// The half-moves played before a position (0 for the standard start).
pub fn ply_of(pos: &Chess) -> u32 {
    let full = pos.fullmoves().get();
    (full - 1) * 2 + u32::from(pos.turn().is_black())
}

/// SAN of `moves[from..]`, played from `start`.
pub fn sans_from(start: &Chess, moves: &[Move], from: usize) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, *m).to_string();
        if i >= from {
            out.push(san);
        }
    }
    out
}

/// How many moves two games begin with.
pub fn common_prefix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Compares the board's moves with the journaled ones (both from `start`): the record to
/// journal. `reported = None`: the source tells no moves (only `added` moves found meanwhile,
/// or a placement that does not fit).
#[allow(clippy::too_many_arguments)]
pub fn compare(
    board: BoardNo,
    source: ReconcileSource,
    start: &Chess,
    recorded: &[Move],
    reported: &[Move],
    placement: Option<String>,
) -> GameReconciled {
    let common = common_prefix(recorded, reported);
    let outcome = if common < recorded.len() {
        ReconcileOutcome::Different
    } else if reported.len() > recorded.len() {
        ReconcileOutcome::Extended
    } else {
        ReconcileOutcome::Same
    };
    let different = outcome == ReconcileOutcome::Different;
    GameReconciled {
        board,
        source,
        outcome,
        recorded_moves: u32::try_from(recorded.len()).unwrap_or(u32::MAX),
        reported_moves: Some(u32::try_from(reported.len()).unwrap_or(u32::MAX)),
        common_moves: u32::try_from(common).unwrap_or(u32::MAX),
        recorded: if different {
            sans_from(start, recorded, common)
        } else {
            Vec::new()
        },
        reported: if different {
            sans_from(start, reported, common)
        } else {
            Vec::new()
        },
        placement: placement.filter(|_| different),
        clocks: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(start: &Chess, sans: &[&str]) -> Vec<Move> {
        let mut pos = start.clone();
        sans.iter()
            .map(|s| {
                let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
                pos.play_unchecked(m);
                m
            })
            .collect()
    }

    #[test]
    fn the_same_more_and_another_game() {
        let start = Chess::default();
        let j = moves(&start, &["e4", "e5", "Nf3"]);
        let same = compare(BoardNo(1), ReconcileSource::LiveChess, &start, &j, &j, None);
        assert_eq!(same.outcome, ReconcileOutcome::Same);
        assert!(same.recorded.is_empty() && same.reported.is_empty());
        let more = moves(&start, &["e4", "e5", "Nf3", "Nc6"]);
        let ext = compare(
            BoardNo(1),
            ReconcileSource::LiveChess,
            &start,
            &j,
            &more,
            None,
        );
        assert_eq!(
            (ext.outcome, ext.common_moves, ext.reported_moves),
            (ReconcileOutcome::Extended, 3, Some(4))
        );
        let other = moves(&start, &["e4", "e5", "Nc3", "Nf6"]);
        let diff = compare(
            BoardNo(1),
            ReconcileSource::LiveChess,
            &start,
            &j,
            &other,
            Some("x".into()),
        );
        assert_eq!(diff.outcome, ReconcileOutcome::Different);
        assert_eq!(diff.common_moves, 2);
        assert_eq!(diff.recorded, ["Nf3"]);
        assert_eq!(diff.reported, ["Nc3", "Nf6"]);
        assert_eq!(diff.placement.as_deref(), Some("x"));
        // fewer moves than journaled is another game too: nothing is taken back silently
        let fewer = moves(&start, &["e4"]);
        let f = compare(
            BoardNo(1),
            ReconcileSource::LiveChess,
            &start,
            &j,
            &fewer,
            None,
        );
        assert_eq!(
            (f.outcome, f.recorded.len()),
            (ReconcileOutcome::Different, 2)
        );
    }

    #[test]
    fn a_seed_replays_and_refuses_what_does_not_fit() {
        let seed = GameSeed {
            board: BoardNo(2),
            start_fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()],
            white_side: None,
            without_clock: Vec::new(),
        };
        let (start, m) = seed.replay().unwrap();
        assert_eq!(sans_from(&start, &m, 0), ["e4", "e5"]);
        assert_eq!(seed.truncated(1).moves, ["e2e4"]);
        let bad = GameSeed {
            moves: vec!["e2e5".into()],
            ..seed
        };
        assert!(bad.replay().is_none());
    }
}
