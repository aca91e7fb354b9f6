//! The game on one board as chess: where it started (the initial position or a FEN), every move
//! and every position since (for repetitions), and what a position means: checkmate, stalemate,
//! a dead position, how often it has occurred, the moves without capture or pawn move.
//!
//! Pure shakmaty, no time and no records: the state module keeps one [`Game`] per board and
//! updates it on every move it applies (incrementally: one legality check, one play, one hash);
//! the rules engine, the status, the screens and the report read it. Nobody replays the move list
//! again.

use crate::shared_vec::SharedVec;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role,
    Setup, Square, attacks,
};

/// A game from its start to the position now.
#[derive(Debug, Clone)]
pub struct Game {
    start: Chess,
    /// The FEN the game started from; `None` for the initial position.
    start_fen: Option<String>,
    position: Chess,
    moves: SharedVec<Move>,
    /// The repetition key of every position since the start: `keys[i]` after `i` moves.
    keys: SharedVec<u64>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.start_fen == other.start_fen && self.keys == other.keys && self.moves == other.moves
    }
}
impl Eq for Game {}

/// The repetition key of a position (FIDE 9.2.2 / 2023 9.2.3): the same player to move, the same
/// pieces on the same squares, the same castling rights, and an en passant capture possible or
/// not. Only a legal en passant capture counts (`EnPassantMode::Legal`).
pub fn key(p: &Chess) -> u64 {
    p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// Why a FEN cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("{fen:?} is not a FEN: {message}")]
    Syntax { fen: String, message: String },
    #[error("{fen:?} is not a legal chess position: {message}")]
    Illegal { fen: String, message: String },
}

/// Parses a FEN into a legal position.
pub fn position_from_fen(fen: &str) -> Result<Chess, FenError> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| FenError::Syntax {
            fen: fen.to_string(),
            message: e.to_string(),
        })?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| FenError::Illegal {
            fen: fen.to_string(),
            message: e.to_string(),
        })
}

/// The FEN of a position (en passant square only where a capture is legal).
pub fn fen_of(p: &Chess) -> String {
    Fen::from_position(p, EnPassantMode::Legal).to_string()
}

impl Game {
    /// A game from the initial position.
    pub fn new() -> Game {
        Game::from_position(Chess::default(), None)
    }

    /// A game from a FEN.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        let p = position_from_fen(fen)?;
        let normal = fen_of(&p);
        Ok(Game::from_position(p, Some(normal)))
    }

    /// A game from a position (with the FEN it was given as, if any).
    pub fn from_position(start: Chess, start_fen: Option<String>) -> Game {
        let k = key(&start);
        Game {
            position: start.clone(),
            start,
            start_fen,
            moves: SharedVec::new(),
            keys: vec![k].into(),
        }
    }

    pub fn position(&self) -> &Chess {
        &self.position
    }

    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The FEN the game started from; `None` for the initial position.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// The FEN of the position now.
    pub fn fen(&self) -> String {
        fen_of(&self.position)
    }

    /// The moves since the start.
    pub fn moves(&self) -> &SharedVec<Move> {
        &self.moves
    }

    /// Half-moves played before the start position (from its move number and side to move).
    pub fn start_ply(&self) -> u32 {
        let full = self.start.fullmoves().get();
        (full - 1) * 2 + u32::from(self.start.turn() == Color::Black)
    }

    /// Half-moves played in all, the moves before the start included.
    pub fn ply(&self) -> u32 {
        self.start_ply()
            .saturating_add(u32::try_from(self.moves.len()).unwrap_or(u32::MAX))
    }

    /// The moves `color` had made before the start position.
    pub fn moves_before_start(&self, color: Color) -> u32 {
        let full = self.start.fullmoves().get() - 1;
        match color {
            Color::White => full + u32::from(self.start.turn() == Color::Black),
            Color::Black => full,
        }
    }

    /// The legal move a reported move stands for: its UCI form if it has one, else its SAN.
    pub fn legal_move(&self, uci: &str, san: &str) -> Option<Move> {
        if !uci.is_empty()
            && let Ok(u) = UciMove::from_ascii(uci.as_bytes())
            && let Ok(m) = u.to_move(&self.position)
        {
            return Some(m);
        }
        let s: San = san.parse::<SanPlus>().ok()?.san;
        s.to_move(&self.position).ok()
    }

    /// Plays a legal move (see [`Game::legal_move`]) and says what the new position means.
    pub fn play(&mut self, m: Move) -> Facts {
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.keys.push(key(&self.position));
        self.facts()
    }

    /// The SAN of a legal move in the position now.
    pub fn san(&self, m: Move) -> String {
        SanPlus::from_move(self.position.clone(), m).to_string()
    }

    /// The position after the first `n` moves.
    pub fn position_after(&self, n: usize) -> Chess {
        let mut p = self.start.clone();
        for m in self.moves.iter().take(n) {
            p.play_unchecked(*m);
        }
        p
    }

    /// Takes back every move after the first `n`: the position after move `n` is reinstated.
    pub fn truncate(&mut self, n: usize) {
        if n >= self.moves.len() {
            return;
        }
        self.position = self.position_after(n);
        self.moves.truncate(n);
        self.keys.truncate(n + 1);
    }

    /// How often the position now has occurred since the start (counting itself).
    pub fn repetitions(&self) -> usize {
        let Some(last) = self.keys.last() else {
            return 0;
        };
        // Only positions since the last capture or pawn move can repeat it.
        let since = usize::try_from(self.position.halfmoves()).unwrap_or(usize::MAX);
        let from = self.keys.len().saturating_sub(since.saturating_add(1));
        self.keys.iter_from(from).filter(|k| *k == last).count()
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.position.halfmoves()
    }

    /// What the position now means.
    pub fn facts(&self) -> Facts {
        let p = &self.position;
        let checkmate = p.is_checkmate();
        Facts {
            checkmate,
            stalemate: !checkmate && p.is_stalemate(),
            repetitions: u32::try_from(self.repetitions()).unwrap_or(u32::MAX),
            halfmoves: p.halfmoves(),
            dead: if checkmate { None } else { dead_position(p) },
        }
    }
}

/// One earlier occurrence of a position (FIDE 9.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    /// The moves of the game since its start before the position appeared (0: the start).
    pub after_moves: usize,
    /// The move that led to it, as "3. Nf3" or "3… Ng8" (`None`: the start position).
    pub by_move: Option<String>,
}

/// Why a position with the same pieces on the same squares and the same player to move is not
/// the same position (FIDE 9.2.2 / 2023 9.2.3; pre-2009 9.2; 1987 10.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// An en passant capture was possible in one of them only.
    EnPassant,
    /// The castling rights differ.
    Castling,
    /// Both.
    EnPassantAndCastling,
}

impl Difference {
    pub fn message_id(self) -> &'static str {
        match self {
            Difference::EnPassant => "difference-en-passant",
            Difference::Castling => "difference-castling",
            Difference::EnPassantAndCastling => "difference-en-passant-and-castling",
        }
    }
}

/// The earlier occurrences of the position now: the same position (`same`, itself included,
/// in order), and the positions with the same placement and player to move that differ, with
/// why (`differs`). Only positions since the last capture or pawn move can be the same.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Repetition {
    pub same: Vec<Occurrence>,
    pub differs: Vec<(Occurrence, Difference)>,
}

/// The material of one side as a string of role letters from strong to weak ("KRB"), with
/// `P7` for a pawn one square before promotion.
fn material(p: &Chess, color: Color) -> Vec<String> {
    let b = p.board();
    let mut v = Vec::new();
    for (role, letter) in [
        (Role::King, "K"),
        (Role::Queen, "Q"),
        (Role::Rook, "R"),
        (Role::Bishop, "B"),
        (Role::Knight, "N"),
    ] {
        for _ in (b.by_role(role) & b.by_color(color)).into_iter() {
            v.push(letter.to_string());
        }
    }
    for sq in b.by_role(Role::Pawn) & b.by_color(color) {
        let seventh = match color {
            Color::White => sq.rank() == shakmaty::Rank::Seventh,
            Color::Black => sq.rank() == shakmaty::Rank::Second,
        };
        v.push(if seventh { "P7" } else { "P" }.to_string());
    }
    v
}

/// Whether the position is one of the endings written as material, `"KRB-KR"` (either colour
/// the stronger side; `P7` a pawn one square before promotion; role letters in any order).
pub fn is_ending(p: &Chess, ending: &str) -> bool {
    let Some((a, b)) = ending.split_once('-') else {
        return false;
    };
    let parse = |side: &str| -> Vec<String> {
        let mut v = Vec::new();
        let chars: Vec<char> = side.trim().chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i].to_ascii_uppercase();
            if c == 'P' && chars.get(i + 1) == Some(&'7') {
                v.push("P7".to_string());
                i += 2;
            } else {
                v.push(c.to_string());
                i += 1;
            }
        }
        v.sort();
        v
    };
    let (a, b) = (parse(a), parse(b));
    let mut w = material(p, Color::White);
    let mut bl = material(p, Color::Black);
    w.sort();
    bl.sort();
    (w == a && bl == b) || (w == b && bl == a)
}

impl Game {
    /// The move that led to the position after `n` moves, as "3. Nf3" or "3… Ng8".
    fn move_label(&self, before: &Chess, n: usize) -> Option<String> {
        let m = *self.moves.get(n.checked_sub(1)?)?;
        let san = SanPlus::from_move(before.clone(), m);
        let no = before.fullmoves().get();
        Some(if before.turn() == Color::White {
            format!("{no}. {san}")
        } else {
            format!("{no}… {san}")
        })
    }

    /// The earlier occurrences of the position now (see [`Repetition`]).
    pub fn repetition(&self) -> Repetition {
        let mut out = Repetition::default();
        let Some(last) = self.keys.last() else {
            return out;
        };
        let since = usize::try_from(self.position.halfmoves()).unwrap_or(usize::MAX);
        let from = self.keys.len().saturating_sub(since.saturating_add(1));
        let now = &self.position;
        let now_ep = now.ep_square(EnPassantMode::Legal);
        let now_castles = now.castles().castling_rights();
        let mut p = self.start.clone();
        let mut before = p.clone();
        for i in 0..self.keys.len() {
            if i > 0 {
                before = p.clone();
                p.play_unchecked(self.moves[i - 1]);
            }
            if i < from {
                continue;
            }
            let occ = || Occurrence {
                after_moves: i,
                by_move: self.move_label(&before, i),
            };
            if self.keys[i] == *last {
                out.same.push(occ());
            } else if p.board() == now.board() && p.turn() == now.turn() {
                let ep = p.ep_square(EnPassantMode::Legal) != now_ep;
                let castling = p.castles().castling_rights() != now_castles;
                let d = match (ep, castling) {
                    (true, true) => Difference::EnPassantAndCastling,
                    (true, false) => Difference::EnPassant,
                    (false, true) => Difference::Castling,
                    // The same hash key would have matched; a hash collision cannot make two
                    // equal positions differ, so nothing is listed.
                    (false, false) => continue,
                };
                out.differs.push((occ(), d));
            }
        }
        out
    }

    /// The game with the move `uci` or `san` played in addition (a written intended move), or
    /// `None` if it is not legal in the position now.
    pub fn with_move(&self, mv: &str) -> Option<(Game, String)> {
        let m = self.legal_move(mv, mv)?;
        let label = {
            let no = self.position.fullmoves().get();
            let san = self.san(m);
            if self.position.turn() == Color::White {
                format!("{no}. {san}")
            } else {
                format!("{no}… {san}")
            }
        };
        let mut g = self.clone();
        g.play(m);
        Some((g, label))
    }
}

/// What one position means for the end of the game. Which of these end it is the rule
/// profile's business (`[automatic_draws]`); checkmate and stalemate end it in every edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Facts {
    pub checkmate: bool,
    pub stalemate: bool,
    /// How often this position has occurred (itself included).
    pub repetitions: u32,
    /// Half-moves without capture or pawn move.
    pub halfmoves: u32,
    /// Proven dead: no series of legal moves leads to a checkmate by either side.
    pub dead: Option<DeadReason>,
}

/// How a dead position is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeadReason {
    /// Neither side has the material to mate by any series of legal moves, the opponent's
    /// help included (a helpmate test: shakmaty's insufficient-material test accounts for the
    /// opponent's own pieces blocking his king).
    InsufficientMaterial,
    /// Only kings and pawns, every pawn blocked, and neither king can reach an enemy pawn it
    /// could take: no pawn will ever move, no check can ever be given.
    BlockedPawns,
}

/// Whether no series of legal moves can lead to a checkmate by either side, as far as it can be
/// proven: insufficient material for both (a helpmate test, not a piece count), or a wall of
/// blocked pawns no king can break. `None` is "not proven", not "alive".
pub fn dead_position(p: &Chess) -> Option<DeadReason> {
    if p.is_insufficient_material() {
        return Some(DeadReason::InsufficientMaterial);
    }
    if blocked_kings_and_pawns(p.board()) {
        return Some(DeadReason::BlockedPawns);
    }
    None
}

/// Whether `color` can never checkmate, as far as it can be proven (its own material, or a
/// position dead for both).
pub fn cannot_mate(p: &Chess, color: Color) -> bool {
    p.has_insufficient_material(color) || blocked_kings_and_pawns(p.board())
}

/// Kings and pawns only, every pawn blocked by a pawn in front of it and without a capture,
/// and no king able to reach (through squares no enemy pawn attacks) a square next to an enemy
/// pawn that no other enemy pawn protects.
fn blocked_kings_and_pawns(b: &Board) -> bool {
    let pawns = b.pawns();
    if pawns.is_empty() || b.occupied() != (pawns | b.kings()) {
        return false;
    }
    for sq in pawns {
        let Some(color) = b.color_at(sq) else {
            return false;
        };
        let ahead = match color {
            Color::White => sq.offset(8),
            Color::Black => sq.offset(-8),
        };
        if !ahead.is_some_and(|a| pawns.contains(a)) {
            return false;
        }
        if (attacks::pawn_attacks(color, sq) & b.by_color(!color)).any() {
            return false;
        }
    }
    for color in Color::ALL {
        let Some(king) = b.king_of(color) else {
            return false;
        };
        let theirs = pawns & b.by_color(!color);
        let mut attacked = Bitboard::EMPTY;
        for sq in theirs {
            attacked |= attacks::pawn_attacks(!color, sq);
        }
        let passable = !(pawns | attacked);
        let mut region = Bitboard::from_square(king);
        loop {
            let mut next = region;
            for sq in region {
                next |= attacks::king_attacks(sq) & passable;
            }
            if next == region {
                break;
            }
            region = next;
        }
        for sq in theirs {
            // A pawn another enemy pawn protects cannot be taken by the king.
            let protected = (attacks::pawn_attacks(color, sq) & theirs).any();
            if !protected && (attacks::king_attacks(sq) & region).any() {
                return false;
            }
        }
    }
    true
}

/// The square a piece of `mover` left between the last legal position and a placement the
/// e-board showed after an illegal move: the touched piece. With several (castling), the king's.
pub fn moved_from(before: &Board, after: &Board, mover: Color) -> Option<Square> {
    let left: Vec<Square> = before
        .by_color(mover)
        .into_iter()
        .filter(|&sq| after.piece_at(sq) != before.piece_at(sq))
        .collect();
    match left.as_slice() {
        [one] => Some(*one),
        [] => None,
        many => many
            .iter()
            .copied()
            .find(|&sq| before.role_at(sq) == Some(Role::King)),
    }
}

/// The SANs of the legal moves of the piece on `from`.
pub fn legal_moves_from(p: &Chess, from: Square) -> Vec<String> {
    p.legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| SanPlus::from_move(p.clone(), m).to_string())
        .collect()
}

/// A pawn moved to the last rank and left there as a pawn (FIDE 7.5.2): the same move with a
/// queen, if the placement shows such a pawn and the promotion is legal.
pub fn unpromoted_pawn(p: &Chess, after: &Board) -> Option<Move> {
    let mover = p.turn();
    let last = match mover {
        Color::White => Bitboard::from_rank(shakmaty::Rank::Eighth),
        Color::Black => Bitboard::from_rank(shakmaty::Rank::First),
    };
    let pawns_there = after.pawns() & after.by_color(mover) & last;
    let to = pawns_there.single_square()?;
    p.legal_moves()
        .into_iter()
        .find(|m| m.to() == to && m.promotion() == Some(Role::Queen))
}

/// A position from an e-board placement with `turn` to move (the side whose clock runs, when a
/// board joins a game in progress): castling rights where king and rook still stand on their
/// squares, no en passant, the move number from `ply` (the next half-move, 1 = White's first).
pub fn join(placement: &str, turn: Color, ply: u32) -> Option<Chess> {
    let board: Board = placement.parse().ok()?;
    let setup = Setup {
        castling_rights: board.rooks(),
        board,
        turn,
        ep_square: None,
        halfmoves: 0,
        fullmoves: std::num::NonZeroU32::new(ply.div_ceil(2).max(1))
            .unwrap_or(std::num::NonZeroU32::MIN),
        ..Setup::default()
    };
    #[allow(clippy::result_large_err)]
    let pos = Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights());
    pos.ok()
}

/// Whether legal moves from `p` reach the placement `target` within `plies` half-moves (at
/// least one): a feed that missed moves, not an illegal one. A half-move changes at most four
/// squares (castling), which bounds the search.
pub fn reachable(p: &Chess, target: &Board, plies: u8) -> bool {
    let diff = Square::ALL
        .iter()
        .filter(|sq| p.board().piece_at(**sq) != target.piece_at(**sq))
        .count();
    if plies == 0 || diff > 4 * usize::from(plies) {
        return false;
    }
    p.legal_moves().into_iter().any(|m| {
        let mut next = p.clone();
        next.play_unchecked(m);
        next.board() == target || reachable(&next, target, plies - 1)
    })
}

/// A position from a placement alone, the side to move given where known: the other side is
/// tried when the placement is impossible with that one (its king in check while not on move).
pub fn from_placement(placement: &str, turn: Option<Color>) -> Option<Chess> {
    let first = turn.unwrap_or(Color::White);
    join(placement, first, 1).or_else(|| join(placement, !first, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(g: &mut Game, sans: &[&str]) -> Facts {
        let mut f = Facts::default();
        for s in sans {
            let m = g.legal_move("", s).unwrap_or_else(|| panic!("{s} illegal"));
            f = g.play(m);
        }
        f
    }

    #[test]
    fn repetitions_count_and_truncate() {
        let mut g = Game::new();
        let f = play(
            &mut g,
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
        );
        assert_eq!(f.repetitions, 3);
        assert_eq!(g.halfmoves(), 8);
        g.truncate(4);
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.moves().len(), 4);
        assert_eq!(g.fen(), fen_of(&Chess::default()).replace(" 0 1", " 4 3"));
    }

    #[test]
    fn a_fen_with_black_to_move_and_in_check_is_accepted() {
        // Black in check from the rook; a placement read with White to move would be impossible.
        let g = Game::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        assert_eq!(g.position().turn(), Color::Black);
        assert_eq!(g.start_ply(), 1);
        assert_eq!(g.moves_before_start(Color::White), 1);
        let p = from_placement("4k3/8/8/8/8/8/8/4R1K1", None).unwrap();
        assert_eq!(p.turn(), Color::Black);
        assert!(Game::from_fen("not a fen").is_err());
        assert!(matches!(
            Game::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
            Err(FenError::Illegal { .. })
        ));
    }

    #[test]
    fn dead_positions_by_material_and_by_blocked_pawns() {
        let dead = |fen: &str| dead_position(&position_from_fen(fen).unwrap());
        assert_eq!(
            dead("8/8/4k3/8/8/3BK3/8/8 w - - 0 1"),
            Some(DeadReason::InsufficientMaterial)
        );
        // Bishops on squares of the same colour: dead; of different colours: a mate exists.
        assert!(dead("8/8/4k3/8/2b5/3BK3/8/8 w - - 0 1").is_some());
        assert!(dead("8/8/4k3/8/3b4/3BK3/8/8 w - - 0 1").is_none());
        // King and knight against king and rook: the rook can block its own king (helpmate).
        assert!(dead("6rk/8/8/8/8/8/4N3/4K3 b - - 0 1").is_none());
        // A wall of blocked pawns across the board: no king gets through.
        assert_eq!(
            dead("8/4k3/8/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1"),
            Some(DeadReason::BlockedPawns)
        );
        // A pawn that can still move: not proven.
        assert!(dead("8/4k3/8/p1p1p1p1/P1P1P3/8/4K3/8 w - - 0 1").is_none());
        // Kings that can reach an unprotected pawn: not proven (the white king goes round by g4 and f5 and takes on e5).
        assert!(dead("8/4k3/8/p1p1p3/P1P1P3/8/4K3/8 w - - 0 1").is_none());
        // A piece besides kings and pawns: not proven.
        assert!(dead("8/4k3/8/p1p1p1p1/P1P1P1P1/8/4K3/7R w - - 0 1").is_none());
        assert!(cannot_mate(
            &position_from_fen("4k3/8/8/2q5/8/8/8/7K b - - 0 1").unwrap(),
            Color::White
        ));
    }

    #[test]
    fn checkmate_and_stalemate() {
        let mut g = Game::new();
        let f = play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
        assert!(f.checkmate && !f.stalemate && f.dead.is_none());
        let mut g = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        let f = play(&mut g, &["Qg7#"]);
        assert!(f.checkmate);
        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
        let f = play(&mut g, &["Qf7"]);
        assert!(f.stalemate);
    }

    #[test]
    fn the_touched_piece_and_its_legal_moves() {
        // IM-2: the king moved into check on the second rank.
        let p = position_from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
        let after: Board = "4k3/8/8/8/8/8/3rK3/8".parse().unwrap();
        let from = moved_from(p.board(), &after, Color::White).unwrap();
        assert_eq!(from, Square::E1);
        let mut moves = legal_moves_from(&p, from);
        moves.sort();
        assert_eq!(moves, ["Kf1", "Kxd2"]);
        // IM-1: the pinned knight has no legal move.
        let p = position_from_fen("r3k3/8/8/4n3/8/8/5K2/4R3 b - - 0 1").unwrap();
        assert!(legal_moves_from(&p, Square::E5).is_empty());
        // IM-4: a pawn left on the last rank becomes a queen.
        let p = position_from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        let after: Board = "4P3/8/8/8/8/8/k7/4K3".parse().unwrap();
        let m = unpromoted_pawn(&p, &after).unwrap();
        let mut q = p.clone();
        q.play_unchecked(m);
        assert_eq!(fen_of(&q), "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1");
    }
}
