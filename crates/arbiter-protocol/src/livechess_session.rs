//! The LiveChess session, sans-IO: one e-board's `eboardevent` feed messages in, journal events
//! out (its moves, placement, clock and device status). LiveChess reports White/Black, not
//! left/right: the samples put White on the left (`white_side = Left`). The websocket is
//! `arbiter_io::feeds::livechess_feed`.
//!
//! - Fields omitted from an event are unchanged; the session merges each event into the state
//!   it holds and handles the result (so a flood of events is coalesced: only the latest state
//!   matters, see [`LiveChessSession::on_event`]).
//! - Moves: the SAN list is read as moves from `start` (the FEN LiveChess reconstructs from:
//!   the standard start, or the position the console sent with `setup`) and compared move by
//!   move with the moves recorded. A resend of the same list changes nothing; a list that is
//!   shorter or differs is a takeback (a `takeback` record, then the new moves), never appended.
//!   Takebacks and the moves re-sent after them are rate-limited per board
//!   ([`BoardLimits`]): past the limit the latest list waits.
//! - Clock: `clock: null` means no clock (a `device_status` record); the running side's
//!   value is carried to the envelope's time with the reading's `time` (whole seconds, at most
//!   an hour); values are checked before any arithmetic (at most `MAX_CLOCK_MS`).
//! - `match` (the pieces agree with the moves) and `flipped` go into `device_status`.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, san::SanPlus};

use crate::budget::MAX_PLIES;
use crate::eboard::result_signal;
use crate::livechess::{Clock, EBoardEvent};
use crate::ratelimit::BoardLimits;
use crate::reconcile::{self, GameSeed};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{
    BoardIrregularity, BoardPosition, ClockPresence, ClockSample, DeviceStatus, Event,
    MAX_CLOCK_MS, MoveMade, MovesTakenBack, ReconcileOutcome, ReconcileSource, ResultSignal,
};

/// A clock reading older than this (ms, by LiveChess' own clock) is not carried forward.
pub const MAX_READING_AGE_MS: u64 = 3_600_000;

/// Counts of what the session refused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LiveChessCounters {
    /// Events with numbers out of range or lists too long.
    pub malformed: u64,
    /// Takebacks or re-sent moves held back by the rate limit (the list waited).
    pub deferred: u64,
}

/// The state LiveChess last reported (merged: omitted fields keep their value).
#[derive(Debug, Clone, Default, PartialEq)]
struct Reported {
    board: Option<String>,
    /// `Some(None)`: no clock.
    clock: Option<Option<Clock>>,
    /// The envelope's `time` of the event that brought the clock.
    clock_sent: Option<u64>,
    start: Option<String>,
    san: Option<Vec<String>>,
    matches: Option<bool>,
    flipped: Option<bool>,
}

/// What the feed knows about the board (kept across reconnections).
#[derive(Debug, Clone)]
pub struct LiveChessSession {
    board: BoardNo,
    /// The position the recorded moves start from, and its ply number.
    base: Chess,
    base_ply: u32,
    moves: Vec<Move>,
    sans: Vec<String>,
    pos: Chess,
    reported: Reported,
    /// The SAN list (with its start) last handled, so that a resend is recognised at once.
    handled_san: Option<(Option<String>, Vec<String>)>,
    last_clock: Option<(u64, u64, Option<bool>)>,
    last_placement: Option<String>,
    signalled: Option<String>,
    device: Option<DeviceStatus>,
    unknown_start: Option<String>,
    bad_list: Option<Vec<String>>,
    limits: BoardLimits,
    counters: LiveChessCounters,
    /// Started from a journaled game: LiveChess' moves from the game's start are compared with
    /// it first (a `reconciled` record).
    reconciling: bool,
    /// LiveChess reported another game than the journal's: nothing of it is taken until the
    /// arbiter decides (a reseed).
    pinned: bool,
}

/// A SAN list as moves from `start`, up to the first that is not legal (returned beside them);
/// with the result signalled (`signalled`), LiveChess' made-up king moves of the kings put in
/// the centre end the list.
fn listed_moves(start: Chess, list: &[String], signalled: bool) -> (Vec<Move>, Option<String>) {
    let mut pos = start;
    let mut listed: Vec<Move> = Vec::with_capacity(list.len());
    for s in list {
        // LiveChess' "made-up" king moves when the kings are put in the centre
        if signalled && is_centre_king_move(s) {
            break;
        }
        match s
            .parse::<SanPlus>()
            .ok()
            .and_then(|sp| sp.san.to_move(&pos).ok())
        {
            Some(m) => {
                pos.play_unchecked(m);
                listed.push(m);
            }
            None => return (listed, Some(s.clone())),
        }
    }
    (listed, None)
}

fn is_centre_king_move(san: &str) -> bool {
    let s = san.trim_end_matches(['+', '#']);
    s.len() == 3 && s.starts_with('K') && matches!(&s[1..], "d4" | "d5" | "e4" | "e5")
}

/// Two positions are the same for reconstruction (pieces, side to move, castling, en passant).
fn same_position(a: &Chess, b: &Chess) -> bool {
    a.board() == b.board()
        && a.turn() == b.turn()
        && a.castles().castling_rights() == b.castles().castling_rights()
        && a.ep_square(EnPassantMode::Legal) == b.ep_square(EnPassantMode::Legal)
}

use reconcile::ply_of;

impl LiveChessSession {
    pub fn new(board: BoardNo) -> Self {
        LiveChessSession {
            board,
            base: Chess::default(),
            base_ply: 0,
            moves: Vec::new(),
            sans: Vec::new(),
            pos: Chess::default(),
            reported: Reported::default(),
            handled_san: None,
            last_clock: None,
            last_placement: None,
            signalled: None,
            device: None,
            unknown_start: None,
            bad_list: None,
            limits: BoardLimits::default(),
            counters: LiveChessCounters::default(),
            reconciling: false,
            pinned: false,
        }
    }

    /// A session that takes up the journaled game of its board (a restarted console): it
    /// asks LiveChess for the moves from the game's start ([`Self::setup_fen`]) and compares
    /// them with the journal's. `None` when the seed does not replay.
    pub fn resume(seed: &GameSeed) -> Option<LiveChessSession> {
        let mut s = LiveChessSession::new(seed.board);
        s.take_up(seed)?;
        Some(s)
    }

    fn take_up(&mut self, seed: &GameSeed) -> Option<()> {
        let (start, moves) = seed.replay()?;
        self.base_ply = reconcile::ply_of(&start);
        self.sans = reconcile::sans_from(&start, &moves, 0);
        let mut pos = start.clone();
        for m in &moves {
            pos.play_unchecked(*m);
        }
        self.pos = pos;
        self.base = start;
        self.moves = moves;
        self.handled_san = None;
        self.bad_list = None;
        self.unknown_start = None;
        self.reconciling = true;
        self.pinned = false;
        Some(())
    }

    /// The arbiter decided on a board that reported another game: the session takes up `seed`
    /// (the journaled game as it stands now); with `compare` LiveChess' moves from the start
    /// are compared with it again (the board's game stands), else the journal's game is
    /// followed (LiveChess is asked for the moves after its position). The feed sends `setup`
    /// again ([`Self::setup_fen`]). False when the seed does not replay.
    pub fn reseed(&mut self, seed: &GameSeed, compare: bool) -> bool {
        if self.take_up(seed).is_none() {
            return false;
        }
        self.reconciling = compare;
        true
    }

    /// The position to send with `setup`: while the journaled game is compared, the game's
    /// start (LiveChess then sends all its moves); else the position reached (LiveChess then
    /// sends the moves after it).
    pub fn setup_fen(&self) -> String {
        if self.reconciling {
            Fen::from_position(&self.base, EnPassantMode::Legal).to_string()
        } else {
            self.fen()
        }
    }

    /// Whether LiveChess reported another game and the arbiter has not decided yet.
    pub fn pinned(&self) -> bool {
        self.pinned
    }

    /// The SAN moves accepted so far (since the base position).
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    pub fn counters(&self) -> LiveChessCounters {
        self.counters
    }

    /// The position reached, as a full FEN: what the feed sends with `setup`.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    /// The next clock reading is emitted even if unchanged (the last was shed).
    pub fn forget_clock(&mut self) {
        self.last_clock = None;
    }

    /// The next placement is emitted even if unchanged.
    pub fn forget_placement(&mut self) {
        self.last_placement = None;
    }

    /// Whether a list waits for the rate limit (the feed calls [`Self::process`] on its tick).
    pub fn has_pending(&self) -> bool {
        match &self.reported.san {
            None => false,
            Some(list) => {
                self.handled_san.as_ref().map(|(st, l)| (st, l))
                    != Some((&self.reported.start, list))
            }
        }
    }

    /// One `eboardevent`, received at `now_ms`; `sent` is the envelope's `time` (LiveChess'
    /// clock when it sent the event). The event is merged into what LiveChess reported, then
    /// the result is handled.
    pub fn on_event(
        &mut self,
        ev: &EBoardEvent,
        sent: Option<u64>,
        now_ms: u64,
        out: &mut Vec<Event>,
    ) {
        if ev.san.as_ref().is_some_and(|l| l.len() > MAX_PLIES)
            || ev.board.as_ref().is_some_and(|b| b.len() > 100)
        {
            self.counters.malformed += 1;
            return;
        }
        let r = &mut self.reported;
        if ev.board.is_some() {
            r.board.clone_from(&ev.board);
        }
        if let Some(c) = ev.clock {
            r.clock = Some(c);
            r.clock_sent = sent;
        }
        if ev.start.is_some() {
            r.start.clone_from(&ev.start);
        }
        if ev.san.is_some() {
            r.san.clone_from(&ev.san);
        }
        if ev.matches.is_some() {
            r.matches = ev.matches;
        }
        if ev.flipped.is_some() {
            r.flipped = ev.flipped;
        }
        self.process(now_ms, out);
    }

    /// Handles the state LiveChess reported (again: a list held back by the rate limit is
    /// taken when the limit allows).
    pub fn process(&mut self, now_ms: u64, out: &mut Vec<Event>) {
        let board = self.board;
        let reported = self.reported.clone();
        // device status: clock presence, match, orientation
        let clock = match reported.clock {
            None => self
                .device
                .as_ref()
                .map_or(ClockPresence::Unknown, |d| d.clock),
            Some(None) => ClockPresence::Absent,
            Some(Some(_)) => ClockPresence::Connected,
        };
        let device = DeviceStatus {
            board,
            clock,
            battery_low: false,
            board_matches: reported.matches,
            flipped: reported.flipped,
        };
        if self.device.as_ref() != Some(&device) {
            self.device = Some(device.clone());
            out.push(Event::DeviceStatus(device));
        }
        let signal = reported.board.as_deref().and_then(|p| {
            shakmaty::Board::from_ascii_board_fen(p.as_bytes())
                .ok()
                .and_then(|b| result_signal(&b))
        });
        if let Some(list) = &reported.san {
            let key = (reported.start.clone(), list.clone());
            if self.handled_san.as_ref() != Some(&key)
                && self.moves_of(&reported, list, signal.is_some(), now_ms, out)
            {
                self.handled_san = Some(key);
            }
        }
        if let Some(p) = &reported.board
            && self.last_placement.as_ref() != Some(p)
        {
            self.last_placement = Some(p.clone());
            out.push(Event::BoardPosition(BoardPosition {
                board,
                placement: p.clone(),
            }));
            if let Some(result) = signal
                && self.signalled.as_ref() != Some(p)
            {
                self.signalled = Some(p.clone());
                out.push(Event::ResultSignal(ResultSignal {
                    board,
                    result,
                    placement: p.clone(),
                }));
            }
        }
        if let Some(Some(c)) = reported.clock {
            self.clock(c, reported.clock_sent, out);
        }
    }

    /// The recorded moves before the list's start: `Some(k)` when the position after the
    /// first `k` recorded moves is `start`.
    fn start_index(&self, start: &Chess) -> Option<usize> {
        let mut pos = self.base.clone();
        if same_position(&pos, start) {
            return Some(0);
        }
        for (i, m) in self.moves.iter().enumerate() {
            pos.play_unchecked(*m);
            if same_position(&pos, start) {
                return Some(i + 1);
            }
        }
        None
    }

    /// Handles a SAN list; false when it must wait (rate limit).
    fn moves_of(
        &mut self,
        reported: &Reported,
        list: &[String],
        signalled: bool,
        now_ms: u64,
        out: &mut Vec<Event>,
    ) -> bool {
        let board = self.board;
        let placement = reported.board.clone().unwrap_or_default();
        let Some((start, k)) = self.list_start(reported, &placement, out) else {
            return true;
        };
        let (listed, bad) = listed_moves(start, list, signalled);
        let target: Vec<Move> = self.moves[..k].iter().copied().chain(listed).collect();
        if self.pinned {
            // another game, reported: the arbiter decides
            return true;
        }
        let common = self
            .moves
            .iter()
            .zip(&target)
            .take_while(|(a, b)| a == b)
            .count();
        let removed = self.moves.len() - common;
        let added = target.len() - common;
        let reconciled = self.reconciling;
        if self.reconciling && self.reconcile(&target, &placement, out) {
            return true;
        }
        if removed > 0 && !self.take_back(common, added, now_ms, out) {
            return false;
        }
        self.play_new(&target[common..], reported, reconciled, out);
        if let Some(s) = bad
            && self.bad_list.as_deref() != Some(list)
        {
            self.bad_list = Some(list.to_vec());
            out.push(Event::BoardIrregularity(BoardIrregularity::new(
                board,
                placement,
                arbiter_core::msg!("feed-irregular-illegal-move", mv = format!("{s:?}")),
            )));
        }
        true
    }

    /// The position a SAN list starts from and the recorded moves before it; a start the
    /// recorded moves never reached becomes the new base (the moves before it unknown). `None`:
    /// the start is not a position (counted as malformed).
    fn list_start(
        &mut self,
        reported: &Reported,
        placement: &str,
        out: &mut Vec<Event>,
    ) -> Option<(Chess, usize)> {
        let start = match reported.start.as_deref() {
            None => Chess::default(),
            Some(fen) => match fen
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
            {
                Some(p) => p,
                None => {
                    self.counters.malformed += 1;
                    return None;
                }
            },
        };
        if let Some(k) = self.start_index(&start) {
            return Some((start, k));
        }
        // LiveChess reconstructs from a position the recorded moves never reached: the moves
        // before it are unknown; count on from it.
        let fen = reported.start.clone().unwrap_or_default();
        if self.unknown_start.as_ref() != Some(&fen) {
            self.unknown_start = Some(fen.clone());
            out.push(Event::BoardIrregularity(BoardIrregularity::new(
                self.board,
                placement.to_string(),
                arbiter_core::msg!("feed-irregular-unknown-start", fen = fen.clone()),
            )));
        }
        self.base = start.clone();
        self.base_ply = ply_of(&start);
        self.moves.clear();
        self.sans.clear();
        self.pos = start.clone();
        Some((start, 0))
    }

    /// The first list after the console started again on its journal: compared with the
    /// journaled game. True when it is another game: the feed is pinned, the arbiter decides.
    fn reconcile(&mut self, target: &[Move], placement: &str, out: &mut Vec<Event>) -> bool {
        self.reconciling = false;
        let rec = reconcile::compare(
            self.board,
            ReconcileSource::LiveChess,
            &self.base,
            &self.moves,
            target,
            Some(placement.to_string()),
        );
        let different = rec.outcome == ReconcileOutcome::Different;
        out.push(Event::from(rec));
        if different {
            self.pinned = true;
        }
        different
    }

    /// A takeback to the first `common` recorded moves, with `added` moves sent again after
    /// it; false when the board's limits defer it.
    fn take_back(
        &mut self,
        common: usize,
        added: usize,
        now_ms: u64,
        out: &mut Vec<Event>,
    ) -> bool {
        // a takeback: limited, and so are the moves sent again after it
        let takeback = self
            .limits
            .takebacks
            .has(now_ms, BoardLimits::TAKEBACK_COST);
        let replay = self.limits.replayed_moves.has(now_ms, added as u64);
        if !(takeback && replay) {
            self.counters.deferred += 1;
            return false;
        }
        self.limits
            .takebacks
            .take_n(now_ms, BoardLimits::TAKEBACK_COST);
        self.limits.replayed_moves.take_n(now_ms, added as u64);
        let to_ply = self.base_ply + common as u32;
        let gone: Vec<String> = self.sans.drain(common..).collect();
        self.moves.truncate(common);
        out.push(Event::MovesTakenBack(MovesTakenBack {
            board: self.board,
            to_ply,
            detail: format!(
                "LiveChess took back {} move(s) ({}); the move list now ends at ply {to_ply}",
                gone.len(),
                gone.join(" ")
            ),
            removed: gone,
        }));
        let mut p = self.base.clone();
        for m in &self.moves {
            p.play_unchecked(*m);
        }
        self.pos = p;
        true
    }

    /// The moves the list adds, made (`reconciled`: the list is the first after a restart).
    fn play_new(
        &mut self,
        new_moves: &[Move],
        reported: &Reported,
        reconciled: bool,
        out: &mut Vec<Event>,
    ) {
        // Several moves in one message: the clock the message gives is the clock of each
        // colour's last move (the last move of all takes its clock from the clock report that
        // follows, as any move). The colour whose clock runs has thought since: its reading is
        // its move's clock only as the message comes with the moves, not when the moves were
        // made while the console was away.
        let clocks = self.clock_values(reported);
        let n = new_moves.len();
        for (i, m) in new_moves.iter().enumerate() {
            let mover = self.pos.turn();
            let uci = UciMove::from_move(*m, CastlingMode::Standard).to_string();
            let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, *m).to_string();
            self.moves.push(*m);
            self.sans.push(san.clone());
            let clock_ms = match clocks {
                Some((w, b, run)) if n >= 2 && i + 2 == n => {
                    let running = run.map(|white| white == mover.is_white());
                    (running == Some(false) || !reconciled).then_some(if mover.is_white() {
                        w
                    } else {
                        b
                    })
                }
                _ => None,
            };
            out.push(Event::MoveMade(MoveMade {
                board: self.board,
                ply: self.base_ply + self.moves.len() as u32,
                uci,
                san,
                clock_ms,
            }));
        }
    }

    /// The reported clock as (White, Black, White runs?), carried to the event's time; `None`
    /// without a clock or with numbers out of range.
    fn clock_values(&self, reported: &Reported) -> Option<(u64, u64, Option<bool>)> {
        let Some(Some(c)) = reported.clock else {
            return None;
        };
        carried(c, reported.clock_sent).map(|(w, b)| (w, b, c.run))
    }

    fn clock(&mut self, c: Clock, sent: Option<u64>, out: &mut Vec<Event>) {
        let Some((white, black)) = carried(c, sent) else {
            self.counters.malformed += 1;
            return;
        };
        let key = (white, black, c.run);
        if self.last_clock == Some(key) {
            return;
        }
        self.last_clock = Some(key);
        out.push(Event::ClockSample(ClockSample {
            board: self.board,
            left_ms: white,
            right_ms: black,
            running: c
                .run
                .map(|w| if w { ClockSide::Left } else { ClockSide::Right }),
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }));
    }
}

/// A LiveChess clock in ms (White, Black), the running side carried from the reading's time to
/// the event's (whole seconds, at most [`MAX_READING_AGE_MS`]); `None` for numbers out of range.
fn carried(c: Clock, sent: Option<u64>) -> Option<(u64, u64)> {
    let mut white = c.white.checked_mul(1000).filter(|v| *v <= MAX_CLOCK_MS)?;
    let mut black = c.black.checked_mul(1000).filter(|v| *v <= MAX_CLOCK_MS)?;
    if let (Some(run), Some(read), Some(sent)) = (c.run, c.time, sent)
        && let Some(age) = sent.checked_sub(read).filter(|a| *a <= MAX_READING_AGE_MS)
    {
        let whole = age / 1000 * 1000;
        if run {
            white = white.saturating_sub(whole);
        } else {
            black = black.saturating_sub(whole);
        }
    }
    Some((white, black))
}

#[cfg(test)]
#[path = "livechess_session_tests.rs"]
mod tests;
