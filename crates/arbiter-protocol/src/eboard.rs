//! Move recognition from e-board placements (pure; time is passed in).
//!
//! The [`Tracker`] keeps the last legal position. A placement reported by the board is accepted
//! as a move only when it equals the placement a legal move (or, to catch up after a gap, a
//! short sequence of legal moves) leads to. Placements in between (a piece in the air, a capture
//! half done, a piece lifted and put back) are transitional and ignored while the board is
//! moving; a placement that stays unreachable until it settles (or until the clock is pressed)
//! is reported as an [`TrackerEvent::Irregular`] position — never silently accepted.
//!
//! The DGT result convention (both kings put on the four central squares) is recognised and
//! reported as [`TrackerEvent::ResultSignal`], not taken for moves. The board orientation
//! (turned 180°) is detected from the start position.

use shakmaty::uci::UciMove;
use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Move, Position, Role, Square, san::SanPlus,
};

use crate::dgt::RawBoard;
use arbiter_core::model::GameResult;

/// What the tracker concluded from a placement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrackerEvent {
    /// The orientation was detected (`rotated`: the board is turned 180°).
    Orientation { rotated: bool },
    /// A legal move was made.
    Move {
        ply: u32,
        uci: String,
        san: String,
        /// Placement after the move (FEN board field).
        placement: String,
    },
    /// A settled placement that no legal move reaches.
    Irregular {
        placement: String,
        detail: arbiter_core::i18n::Msg,
    },
    /// The board is back in the last legal position after an irregular one.
    Restored { placement: String },
    /// Both kings on the central squares: the players signal a result.
    ResultSignal {
        result: GameResult,
        placement: String,
    },
    /// The start position was set up again after a finished game: a new game begins.
    NewGame,
    /// The tracker lost the moves (a long gap) and continues from the board's placement,
    /// `ply` being the next move's number as far as the side to move tells.
    Adopted { ply: u32, placement: String },
}

/// Move recognition for one board.
#[derive(Debug, Clone)]
pub struct Tracker {
    pos: Chess,
    ply: u32,
    rotated: Option<bool>,
    seen: Option<Board>,
    last_change_ms: u64,
    judged: bool,
    irregular: Option<Board>,
    signalled: Option<Board>,
    finished: bool,
    /// Every legal position since the tracker's start, the current one last (side to move,
    /// castling and en passant rights included): see [`Tracker::history`].
    history: Vec<Chess>,
    /// How long a placement must stay unchanged before it is judged (ms).
    pub settle_ms: u64,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker::new()
    }
}

fn diff_count(a: &Board, b: &Board) -> usize {
    Square::ALL
        .iter()
        .filter(|&&sq| a.piece_at(sq) != b.piece_at(sq))
        .count()
}

fn describe_diff(from: &Board, to: &Board) -> String {
    let mut parts = Vec::new();
    for sq in Square::ALL {
        let (a, b) = (from.piece_at(sq), to.piece_at(sq));
        if a != b {
            let c = |p: Option<shakmaty::Piece>| p.map_or('.', |p| p.char());
            parts.push(format!("{sq}:{}>{}", c(a), c(b)));
        }
    }
    parts.join(" ")
}

fn is_dark(sq: Square) -> bool {
    (sq.file().to_u32() + sq.rank().to_u32()).is_multiple_of(2)
}

const CENTRE: [Square; 4] = [Square::D4, Square::E4, Square::D5, Square::E5];

/// The result signalled by the kings' squares, if both kings stand in the centre.
pub fn result_signal(board: &Board) -> Option<GameResult> {
    let wk = board.king_of(Color::White)?;
    let bk = board.king_of(Color::Black)?;
    if !CENTRE.contains(&wk) || !CENTRE.contains(&bk) {
        return None;
    }
    Some(match (is_dark(wk), is_dark(bk)) {
        (true, true) => GameResult::BlackWins,
        (false, false) => GameResult::WhiteWins,
        _ => GameResult::Draw,
    })
}

impl Tracker {
    /// A tracker expecting a game from the start position.
    pub fn new() -> Tracker {
        Tracker::from_position(Chess::default(), 0)
    }

    /// A tracker continuing from a known position, `ply` half-moves already played.
    pub fn from_position(pos: Chess, ply: u32) -> Tracker {
        let history = vec![pos.clone()];
        Tracker {
            pos,
            ply,
            rotated: None,
            seen: None,
            last_change_ms: 0,
            judged: true,
            irregular: None,
            signalled: None,
            finished: false,
            history,
            settle_ms: 3000,
        }
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// `Some(true)` when the board is known to be turned 180°.
    pub fn rotated(&self) -> Option<bool> {
        self.rotated
    }
    /// Sets the orientation (e.g. confirmed by the arbiter).
    pub fn set_rotated(&mut self, rotated: bool) {
        self.rotated = Some(rotated);
    }

    /// Observes a raw DGT placement at `now_ms`.
    pub fn observe_raw(&mut self, raw: &RawBoard, now_ms: u64) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        if self.rotated.is_none() {
            let start = Board::default();
            let candidates = [false, true];
            let found = candidates.into_iter().find(|&r| {
                let b = raw.to_board(r);
                b == start || (self.ply > 0 && b == *self.pos.board())
            });
            if let Some(r) = found {
                self.rotated = Some(r);
                out.push(TrackerEvent::Orientation { rotated: r });
            }
        }
        let board = raw.to_board(self.rotated.unwrap_or(false));
        out.extend(self.observe(board, now_ms));
        out
    }

    /// Observes a placement (already oriented) at `now_ms`.
    pub fn observe(&mut self, board: Board, now_ms: u64) -> Vec<TrackerEvent> {
        if self.seen.as_ref() == Some(&board) {
            return Vec::new();
        }
        self.seen = Some(board.clone());
        self.last_change_ms = now_ms;
        self.judged = false;
        let mut out = Vec::new();
        if board == *self.pos.board() {
            self.judged = true;
            if self.irregular.take().is_some() {
                out.push(TrackerEvent::Restored {
                    placement: board.to_string(),
                });
            }
            return out;
        }
        if board == Board::default() && self.ply > 0 && (self.finished || self.pos.is_game_over()) {
            *self = Tracker {
                rotated: self.rotated,
                settle_ms: self.settle_ms,
                seen: Some(board),
                ..Tracker::new()
            };
            out.push(TrackerEvent::NewGame);
            return out;
        }
        let depth = if diff_count(&board, self.pos.board()) >= 3 {
            2
        } else {
            1
        };
        if let Some(line) = self.search(&board, depth) {
            self.judged = true;
            self.irregular = None;
            self.play_line(line, &mut out);
            return out;
        }
        if let Some(result) = result_signal(&board) {
            self.judged = true;
            if self.signalled.as_ref() != Some(&board) {
                self.signalled = Some(board.clone());
                self.finished = true;
                out.push(TrackerEvent::ResultSignal {
                    result,
                    placement: board.to_string(),
                });
            }
        }
        out
    }

    /// Judges a placement that has not changed for `settle_ms` (call periodically). Pieces
    /// only lifted from the last legal position (a player holding a piece) are not judged
    /// here: that waits for the clock to be pressed.
    pub fn tick(&mut self, now_ms: u64) -> Vec<TrackerEvent> {
        if self.judged || now_ms.saturating_sub(self.last_change_ms) < self.settle_ms {
            return Vec::new();
        }
        if self.seen.as_ref().is_some_and(|b| self.only_lifted(b)) {
            return Vec::new();
        }
        self.settle_now()
    }

    /// Whether `board` is the last legal position with some pieces lifted (nothing else).
    fn only_lifted(&self, board: &Board) -> bool {
        Square::ALL.iter().all(|&sq| {
            let (a, b) = (self.pos.board().piece_at(sq), board.piece_at(sq));
            a == b || b.is_none()
        })
    }

    /// Tries to reach the current placement by up to three legal moves (after a gap, e.g. a
    /// board dump after a reconnection); reports nothing if it cannot.
    pub fn catch_up(&mut self) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        if self.judged {
            return out;
        }
        if let Some(board) = self.seen.clone()
            && let Some(line) = self.search(&board, 3)
        {
            self.judged = true;
            self.irregular = None;
            self.play_line(line, &mut out);
        }
        out
    }

    /// Judges the current placement at once (the clock was pressed: the move is complete).
    pub fn settle_now(&mut self) -> Vec<TrackerEvent> {
        let mut out = Vec::new();
        if self.judged {
            return out;
        }
        self.judged = true;
        let Some(board) = self.seen.clone() else {
            return out;
        };
        // catch up a longer gap (e.g. moves made while the feed was down)
        if let Some(line) = self.search(&board, 3) {
            self.irregular = None;
            self.play_line(line, &mut out);
            return out;
        }
        if self.irregular.as_ref() != Some(&board) {
            let detail = arbiter_core::msg!(
                "feed-irregular-no-legal-move",
                player = self.pos.turn(),
                ply = self.ply + 1,
                diff = describe_diff(self.pos.board(), &board)
            );
            self.irregular = Some(board.clone());
            out.push(TrackerEvent::Irregular {
                placement: board.to_string(),
                detail,
            });
        }
        out
    }

    /// The placement last observed.
    pub fn seen(&self) -> Option<&Board> {
        self.seen.as_ref()
    }

    /// Whether the last judged placement was irregular (and is still on the board).
    pub fn is_irregular(&self) -> bool {
        self.irregular.is_some() && self.irregular == self.seen
    }

    /// Gives up on the moves in between: continues from the current placement with `turn` to
    /// move (castling rights where king and rook still stand on their squares). Used when the
    /// game evidently goes on from an unreachable placement (e.g. after a long disconnection).
    pub fn adopt(&mut self, turn: Color) -> Vec<TrackerEvent> {
        let Some(board) = self.seen.clone() else {
            return Vec::new();
        };
        if board == *self.pos.board() {
            return Vec::new();
        }
        // the next move's ply number: White's moves have odd numbers
        let mut ply = self.ply + 1;
        if (ply % 2 == 1) != (turn == Color::White) {
            ply += 1;
        }
        let setup = shakmaty::Setup {
            board: board.clone(),
            turn,
            ep_square: None,
            halfmoves: 0,
            fullmoves: std::num::NonZeroU32::new(ply.div_ceil(2))
                .unwrap_or(std::num::NonZeroU32::MIN),
            ..shakmaty::Setup::default()
        };
        let Some(pos) = position_from(setup) else {
            return Vec::new();
        };
        self.pos = pos;
        self.ply = ply - 1;
        self.history = vec![self.pos.clone()];
        self.irregular = None;
        self.judged = true;
        vec![TrackerEvent::Adopted {
            ply,
            placement: board.to_string(),
        }]
    }

    /// Plays a move known from elsewhere (the e-board's log), given in UCI: the move event, or
    /// `None` when it is not legal here.
    pub fn advance_uci(&mut self, uci: &str) -> Option<TrackerEvent> {
        let m = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&self.pos).ok())?;
        let mut out = Vec::new();
        self.play_line(vec![m], &mut out);
        self.seen = None;
        self.judged = true;
        self.irregular = None;
        out.pop()
    }

    /// The moves made after this tracker's last legal position, as the e-board's log
    /// (`DGT_SEND_EE_MOVES`) shows them, each with the time of the clock press that completed it
    /// (the time record the board wrote at the lever press that followed the move; `None` where
    /// no press followed it). The log's game is reconstructed from its last start position by a
    /// tracker of its own (a lever press judges the placement, as live); when the moves `known`
    /// (UCI, from the start) begin that game, the rest are the moves made meanwhile. Without a
    /// start position in the log (the ring buffer overflowed), or when the log's game does not
    /// begin with the known moves, the log is read on from the last placement equal to this
    /// tracker's position. `known = None`: the moves from the start are not known (a game set up
    /// from a position), only the second way is tried.
    pub fn recover_from_log(
        &self,
        placements: &[(crate::dgt::eeprom::Step, RawBoard)],
        known: Option<&[String]>,
    ) -> LogRecovery {
        let mut out = LogRecovery::default();
        if let Some(game) = Tracker::log_game(placements) {
            out.rotated = game.rotated;
            let uci: Vec<String> = game.moves.iter().map(|(u, _)| u.clone()).collect();
            if let Some(known) = known {
                let common = uci.iter().zip(known).take_while(|(a, b)| a == b).count();
                if common == known.len() {
                    out.moves = game.moves[common..].to_vec();
                    return out;
                }
                out.diverged = Some((common, uci));
            }
        }
        // read on from the last placement equal to the position reached
        let rotated = self.rotated.or(out.rotated).unwrap_or(false);
        let Some(at) = placements
            .iter()
            .rposition(|(_, raw)| raw.to_board(rotated) == *self.pos.board())
        else {
            return out;
        };
        let mut tr = Tracker {
            seen: Some(self.pos.board().clone()),
            judged: true,
            irregular: None,
            settle_ms: u64::MAX,
            rotated: Some(rotated),
            ..self.clone()
        };
        let moves = replay_log(&mut tr, &placements[at + 1..]);
        if !moves.is_empty() {
            out.moves = moves;
        }
        out
    }

    /// The game in the log from its last start position (`None` without one: the ring buffer
    /// overflowed), with the press time of each move.
    pub fn log_game(placements: &[(crate::dgt::eeprom::Step, RawBoard)]) -> Option<LogGame> {
        use crate::dgt::eeprom::Step;
        let Some((Step::Start { rotated }, _)) = placements.first() else {
            return None;
        };
        let mut tr = Tracker::new();
        tr.settle_ms = u64::MAX;
        let moves = replay_log(&mut tr, placements);
        Some(LogGame {
            rotated: Some(*rotated),
            moves,
        })
    }

    fn play_line(&mut self, line: Vec<Move>, out: &mut Vec<TrackerEvent>) {
        for m in line {
            let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
            let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m).to_string();
            self.history.push(self.pos.clone());
            self.ply += 1;
            out.push(TrackerEvent::Move {
                ply: self.ply,
                uci,
                san,
                placement: self.pos.board().to_string(),
            });
        }
    }

    /// A line of at most `depth` legal moves from the current position reaching `target`.
    fn search(&self, target: &Board, depth: u8) -> Option<Vec<Move>> {
        fn go(pos: &Chess, target: &Board, depth: u8, line: &mut Vec<Move>) -> bool {
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                line.push(m);
                if next.board() == target {
                    return true;
                }
                if depth > 1
                    && !target_unreachable(next.board(), target)
                    && go(&next, target, depth - 1, line)
                {
                    return true;
                }
                line.pop();
            }
            false
        }
        // iterative deepening so the shortest line wins
        for d in 1..=depth {
            let mut line = Vec::new();
            if go(&self.pos, target, d, &mut line) {
                return Some(line);
            }
        }
        None
    }
}

/// The game's history: every position it went through, and the ways to set the position the
/// arbiter decided (a board joining a game in progress, a position reinstated after an illegal
/// move).
impl Tracker {
    /// Every legal position since the tracker's start (or its last new position), in order; the
    /// last is the current one. Each has its side to move, castling and en passant rights.
    pub fn history(&self) -> &[Chess] {
        &self.history
    }

    /// How often the current position occurred in [`Tracker::history`] (FIDE 9.2.2: same side
    /// to move, same castling rights, an en passant capture possible or not).
    pub fn repetitions(&self) -> usize {
        use shakmaty::EnPassantMode;
        use shakmaty::zobrist::Zobrist64;
        let key = |p: &Chess| p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
        let now = key(&self.pos);
        self.history.iter().filter(|p| key(p) == now).count()
    }

    /// Joins a game in progress: the board's placement (as last seen, or `placement`) with the
    /// side to move the clock tells (`turn`: the side whose time runs), castling rights where
    /// king and rook stand on their squares; `ply` half-moves played before.
    pub fn join(&mut self, placement: &Board, turn: Color, ply: u32) -> bool {
        let setup = shakmaty::Setup {
            board: placement.clone(),
            turn,
            castling_rights: placement.rooks(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: std::num::NonZeroU32::new(ply / 2 + 1).unwrap_or(std::num::NonZeroU32::MIN),
            ..shakmaty::Setup::default()
        };
        let Some(pos) = position_from(setup) else {
            return false;
        };
        self.set_position(pos, ply);
        true
    }

    /// Continues from `pos` after `ply` half-moves (the position the arbiter set or reinstated):
    /// the history starts again there.
    pub fn set_position(&mut self, pos: Chess, ply: u32) {
        self.seen = Some(pos.board().clone());
        self.pos = pos;
        self.ply = ply;
        self.history = vec![self.pos.clone()];
        self.irregular = None;
        self.judged = true;
        self.finished = false;
    }
}

/// What the e-board's move log tells about the moves made after a position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogRecovery {
    /// The moves made after the tracker's position (UCI), each with the mover's clock after it
    /// (the time record of the press that completed it) where the log has one.
    pub moves: Vec<(String, Option<u64>)>,
    /// The log's game from its start position does not begin with the known moves: how many
    /// moves both begin with, and the log's game (UCI).
    pub diverged: Option<(usize, Vec<String>)>,
    /// The board's orientation as the log's start position shows it.
    pub rotated: Option<bool>,
}

/// The game in a board's log from its last start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogGame {
    pub rotated: Option<bool>,
    /// UCI moves, each with the time of the press that completed it.
    pub moves: Vec<(String, Option<u64>)>,
}

/// Runs the log's placements through a tracker (a lever press judges the placement, as live):
/// the moves recognised, each with the time of the press that followed it.
fn replay_log(
    tr: &mut Tracker,
    steps: &[(crate::dgt::eeprom::Step, RawBoard)],
) -> Vec<(String, Option<u64>)> {
    use crate::dgt::eeprom::Step;
    let mut moves: Vec<(String, Option<u64>)> = Vec::new();
    let mut t = 0u64;
    for (step, raw) in steps {
        t += 1;
        let evs = match step {
            Step::Start { rotated } => {
                *tr = Tracker::new();
                tr.settle_ms = u64::MAX;
                tr.rotated = Some(*rotated);
                moves.clear();
                tr.observe_raw(raw, t)
            }
            Step::Field => tr.observe_raw(raw, t),
            Step::Press(..) => {
                let mut e = tr.observe_raw(raw, t);
                e.extend(tr.settle_now());
                e
            }
        };
        for e in evs {
            if let TrackerEvent::Move { uci, .. } = e {
                moves.push((uci, None));
            }
        }
        // The press completes the last move made before it (the clock that stopped is the
        // mover's): its time is that move's clock.
        if let Step::Press(_, ms) = step
            && let Some(last) = moves.last_mut()
            && last.1.is_none()
        {
            last.1 = Some(*ms);
        }
    }
    moves
}

/// A position from a set-up, dropping castling rights that do not fit and tolerating an
/// impossible check (the board is what it is).
#[allow(clippy::result_large_err)]
fn position_from(setup: shakmaty::Setup) -> Option<Chess> {
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_impossible_check())
        .ok()
}

/// A cheap bound: material can only decrease (promotions aside), so a target with more pieces
/// of a colour than `from` has cannot be reached.
fn target_unreachable(from: &Board, target: &Board) -> bool {
    for color in [Color::White, Color::Black] {
        if target.by_color(color).count() > from.by_color(color).count() {
            return true;
        }
        if target
            .by_piece(shakmaty::Piece {
                color,
                role: Role::King,
            })
            .count()
            != 1
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
#[path = "eboard_tests.rs"]
mod tests;
