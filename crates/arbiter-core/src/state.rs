//! The match state: a pure fold of the journal.
//!
//! [`apply`] is the only way state changes. It reads nothing but the record: no clock, no IO.
//! Live mode and replay call the same function, so replay is exact by construction.

// The families of records, one handler each (`apply` dispatches):
mod clock_ops;
mod clock_sample;
mod feed;
mod interventions;
mod lineups;
mod moves;
mod notes;
mod results;
mod session;
mod signing;
mod start;
// What the handlers keep beside the records: claims, the clock device's book, the game record.
mod claims;
mod device;
mod game_record;

pub use claims::{ClaimEntry, ClaimKind};
pub use device::{
    CORRECTION_WITHIN_MS, COUNT_MISMATCH_AFTER_MS, CountMismatch, CountedBy, DeviceBook, MustShow,
    Unearned,
};
pub use game_record::{EndAt, EndingKinds, Ends, GameRecord, GameStart, IllegalShown, StoodEntry};

use serde::Serialize;

use crate::clock::{ClockAlert, ClockChange, ClockMirror, TimeControl};
use crate::intervention::{IllegalKind, Intervention, LineupSlot, TimeChange};
use crate::journal::Record;
use crate::model::{BoardNo, Color, GameResult, TeamSide};
use crate::record::{
    ClockPresence, ClockSample, DeviceStatus, Event, FeedCounters, FeedState, GameReconciled,
    Origin,
};
use crate::shared_vec::SharedVec;
use crate::time::{MonoMs, WallMs};

/// Everything the console knows about the match, derived from the journal alone.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MatchState {
    /// The current session: the hashes it is bound to.
    pub session: Option<Session>,
    /// How many `session_started` records were applied (a restart of the console adds one).
    pub sessions: u32,
    pub boards: Vec<BoardState>,
    /// The actual start of the round.
    pub round_started: Option<Stamp>,
    /// Notes not about one board.
    pub notes: Vec<NoteEntry>,
    /// The arbiter's remarks for the report (`remark` records), in order.
    pub remarks: Vec<RemarkEntry>,
    /// Records applied.
    pub applied: u64,
    /// The last record applied.
    pub last: Option<Stamp>,
    /// Records that could not be applied (e.g. a board number outside the match), with why.
    pub rejected: Vec<Rejected>,
    /// Each team's lineup as handed in (`[home, away]`); sealed until both are in.
    pub lineups: [Option<LineupEntry>; 2],
    /// When the arbiter announced the lineups.
    pub lineups_announced: Option<Stamp>,
    /// Every intervention, in journal order.
    pub interventions: Vec<InterventionEntry>,
    /// Boards scored 0:1 against a team by a confirmed lineup sanction.
    pub zeroed: Vec<(BoardNo, TeamSide)>,
    /// Signatures of the match report made at the console, in order.
    pub signatures: Vec<(Stamp, crate::record::ReportSigned)>,
    /// Signers' keys enrolled at the console (one per role), in order.
    pub enrolled: Vec<(Stamp, crate::record::SignerEnrolled)>,
    /// Signed versions of the report the arbiter reopened (`report_reopened`), in order.
    pub reopened: Vec<(Stamp, crate::record::ReportReopened)>,
    /// When the console was started again on this journal (`session_resumed`).
    pub resumed: Vec<Stamp>,
    /// The time control the clocks are mirrored under (from `session_started`).
    pub time_control: Option<TimeControl>,
    /// Which ends of a game by itself end it in the session's edition (from the profile
    /// `session_started` carries): a move after one is post-game.
    pub game_ends: EndingKinds,
    /// The clock time of the last record.
    pub last_clock_ms: Option<u64>,
    /// The wall time of that record: a restarted console's clocks count on from it by the
    /// time that passed meanwhile (`session_resumed`).
    #[serde(skip)]
    pub last_clock_wall_ms: Option<WallMs>,
    /// Clock time base: a restarted console counts `mono_ms` from 0 again; the clocks continue
    /// from here (ms).
    pub clock_base_ms: u64,
    /// The match procedure around the games: requests to see a lineup, consents, the agreed
    /// start, colour overrides, the lot.
    pub procedure: Procedure,
    /// Every proposal the console showed the arbiter (`proposal_shown`), confirmed or not, in
    /// order: what a replay shows the appeals committee.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<(Stamp, Box<crate::intervention::ProposalShown>)>,
}

/// The records of the match procedure (`crate::procedure`), as applied.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Procedure {
    /// Every request of a captain to see the other lineup, granted or refused (sealed).
    pub views: Vec<ViewEntry>,
    /// Every captain's consent to a change, in order.
    pub consents: Vec<ConsentEntry>,
    /// The start of play agreed by the captains (wall ms) and when it was recorded.
    pub agreed_start: Option<(Stamp, WallMs)>,
    /// Boards whose colours were set by the arbiter, with the reason.
    pub colour_overrides: Vec<(Stamp, crate::procedure::ColoursOverridden)>,
    /// The lot that decided a drawn play-off.
    pub lot: Option<(Stamp, crate::procedure::LotDrawn)>,
}

/// A captain's request to see the other lineup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewEntry {
    pub at: Stamp,
    pub by: TeamSide,
    /// Refused while the lineups are sealed (not both in).
    pub granted: bool,
}

/// A captain's consent to a change of a lineup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConsentEntry {
    pub at: Stamp,
    pub team: TeamSide,
    pub captain: TeamSide,
    pub slots: Vec<LineupSlot>,
    /// The change it led to, once applied.
    pub used: Option<u64>,
}

/// A team's lineup as handed in, with any agreed changes applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineupEntry {
    pub slots: Vec<LineupSlot>,
    pub submitted: Stamp,
    /// Changes agreed by both captains, in order.
    pub changes: Vec<Stamp>,
    /// How it came in and who received it.
    pub channel: String,
    pub received_by: String,
    /// Boards played under reservation, with the reason.
    pub reservations: Vec<crate::intervention::Reservation>,
    /// When the absence of each named absent player was notified.
    pub absence_notices: Vec<crate::intervention::AbsenceNotice>,
}

/// An intervention as journaled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InterventionEntry {
    pub at: Stamp,
    pub intervention: Intervention,
    /// Set when the rules left the outcome open and this is the arbiter's decision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<DecisionNote>,
}

/// What a decision was about and what the arbiter chose, on what basis (the reason is the
/// intervention's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DecisionNote {
    pub situation: crate::profile::Situation,
    /// The keys of the options offered, in order.
    pub offered: Vec<String>,
    pub chosen: String,
    /// What the chosen option means, as it was shown.
    pub chosen_label: crate::i18n::Msg,
    pub basis: crate::intervention::Basis,
}

/// A clock reading at a change of the running side (a clock press, a start or a stop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClockPress {
    pub at: Stamp,
    pub sample: ClockSample,
}

/// A confirmed illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct IllegalEntry {
    pub at: Stamp,
    #[serde(with = "crate::model::colour")]
    pub player: Color,
    pub kind: IllegalKind,
}

/// The session a journal runs under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Session {
    pub match_sha256: String,
    pub profile_sha256: String,
    pub profile_id: String,
    pub started: Stamp,
}

/// When something happened, as stamped on its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Stamp {
    pub seq: u64,
    pub wall_ms: WallMs,
    pub mono_ms: MonoMs,
}

impl Stamp {
    fn of(r: &Record) -> Stamp {
        Stamp {
            seq: r.seq,
            wall_ms: r.wall_ms,
            mono_ms: r.mono_ms,
        }
    }

    /// The record's stamp moved to the moment `at` (wall ms) the arbiter entered for it (an
    /// arrival, the actual start), the monotonic time by the same distance; never later than
    /// the record itself.
    fn entered(r: &Record, at: Option<WallMs>) -> Stamp {
        let mut st = Stamp::of(r);
        if let Some(at) = at.filter(|a| *a < r.wall_ms) {
            let back = u64::try_from(r.wall_ms - at).unwrap_or(0);
            st.wall_ms = at;
            st.mono_ms = r.mono_ms.saturating_sub_ms(back);
        }
        st
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejected {
    pub seq: u64,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NoteEntry {
    pub at: Stamp,
    pub text: String,
    /// The text as a message of the catalogue, where the record has one (an e-board's
    /// irregularity): shown in the reader's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msg: Option<Box<crate::i18n::Msg>>,
}

/// A remark of the arbiter for the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemarkEntry {
    pub at: Stamp,
    pub board: Option<BoardNo>,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveEntry {
    pub at: Stamp,
    pub ply: u32,
    pub san: String,
    pub uci: String,
    /// The mover's clock once the move was completed (the first sample after it in which the
    /// mover's clock no longer runs).
    pub clock_ms: Option<u64>,
    /// Who made it.
    #[serde(with = "crate::model::colour")]
    pub color: Color,
    /// When it was completed (FIDE 6.2.1): the clock report that showed the mover's clock
    /// stopped, the move itself if it ended the game, or the next move on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<Stamp>,
    pub status: MoveStatus,
    /// Made by the arbiter in place of an illegal move (7.5.2), not reported by the e-board.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub by_arbiter: bool,
    /// The last clock report before the move (the clocks at its instant are counted from it).
    #[serde(skip)]
    pub clock_before: Option<ClockPress>,
    /// The time the mover's clock ran for this move (set with `clock_ms`): the time the player
    /// actually used, whatever was added meanwhile (increment, period time, an arbiter's
    /// change). The PGN's `[%emt]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub used_ms: Option<u64>,
    /// The placement the board reported before this move, if any: where a continuation game
    /// starts when the record has a gap (a feed that lost track).
    #[serde(skip)]
    pub placement_before: Option<String>,
}

/// What became of a reported move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveStatus {
    /// A legal move of the game.
    Played,
    /// Taken back when the arbiter reinstated an earlier position (FIDE 7.5.1).
    Withdrawn,
    /// Not legal in the known position and no position to join: the position is unknown since.
    NotPlayable,
    /// The e-board reporting a move the arbiter had already made in place of an illegal one.
    Duplicate,
    /// Not legal in the game record's position: an illegal move the board showed (FIDE 7.5.1);
    /// the game record keeps the last legal position (`GameRecord::illegal`).
    Illegal,
    /// Reported after an illegal move, made on the position it left: not a move of the game.
    AfterIllegal,
    /// Reported after the game ended by itself (checkmate, stalemate, and the ends the
    /// edition has: 5.1.1, 5.2.1, 9.6): post-game, not a move of the game.
    PostGame,
}

/// A result the arbiter corrected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CorrectionEntry {
    pub at: Stamp,
    pub from: GameResult,
    /// `None`: the result was taken back and the game goes on.
    pub to: Option<GameResult>,
    pub reason: String,
}

/// One board as the console sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardState {
    pub board: BoardNo,
    pub feed: FeedState,
    pub feed_detail: String,
    /// When the feed last changed state.
    pub feed_since: Option<Stamp>,
    /// When the feed last delivered data (a clock sample, a position, a move).
    pub last_data: Option<Stamp>,
    pub clock: Option<ClockSample>,
    pub clock_at: Option<Stamp>,
    pub placement: Option<String>,
    pub moves: SharedVec<MoveEntry>,
    pub irregularities: Vec<NoteEntry>,
    /// When each team's player arrived: `[home, away]`.
    pub arrived: [Option<Stamp>; 2],
    pub result: Option<ResultEntry>,
    pub notes: Vec<NoteEntry>,
    /// Confirmed illegal moves on this board.
    pub illegal: Vec<IllegalEntry>,
    /// Confirmed clock changes by the arbiter (time added or taken off), in order.
    pub time_changes: Vec<(Stamp, TimeChange)>,
    /// The clock at every change of the running side: the clock history.
    pub clock_presses: SharedVec<ClockPress>,
    /// The clock mirror: both times, moves, periods, flags, explained changes.
    pub mirror: Option<ClockMirror>,
    /// Every change of the clock not explained by running time, classified.
    pub clock_changes: SharedVec<ClockChange>,
    /// Alerts from the clock (wrong preset, unexplained change, flag, …) with when they came.
    pub clock_alerts: SharedVec<(Stamp, ClockAlert)>,
    /// The result the players signalled on the e-board (kings on the central squares): a hint
    /// for the arbiter, not a result.
    pub result_signal: Option<(Stamp, GameResult)>,
    /// The game: its position from its start, updated on every move; where it ended by itself.
    pub game: GameRecord,
    /// The game is locked from this record on: its result was recorded at record `locked.seq`.
    /// Later clock reports and e-board data on this board are post-game: journaled, counted in
    /// `post_game`, and they change nothing. A result changes only by a `result_corrected`
    /// record.
    pub locked: Option<Stamp>,
    /// Feed records received after the game was locked.
    pub post_game: u32,
    /// The clock time (`MatchState::clock_ms`) of the lock: the clocks stand there.
    #[serde(skip)]
    pub locked_clock_ms: Option<u64>,
    /// Results the arbiter corrected, in order.
    pub corrections: Vec<CorrectionEntry>,
    /// The clock device's bookkeeping beside the Laws'.
    pub device: DeviceBook,
    /// Every claim on this board, in order, with where it stands.
    pub claims: Vec<ClaimEntry>,
    /// What the devices last said about themselves (clock connected, battery, orientation).
    pub device_status: Option<(Stamp, DeviceStatus)>,
    /// The feed's counters as last journaled.
    pub counters: Option<(Stamp, FeedCounters)>,
    /// When the counters (or a `feed_noise` summary) last showed new garbage, malformed or
    /// unknown input.
    pub noise_at: Option<Stamp>,
    /// The last summary of the noise on the feed (`feed_noise`), and how many there were.
    pub last_noise: Option<(Stamp, crate::record::FeedNoise)>,
    pub noise_summaries: u64,
    /// Moves the feed recovered from the e-board's log, and moves a source took back.
    pub feed_notes: Vec<NoteEntry>,
    /// How long each side of the clock (left, right) has run since that side's last completed
    /// move: the time used for the move in progress (see [`MoveEntry::used_ms`]); `None` when
    /// it cannot be told (moves arrived without the clock reports between them, e.g. recovered
    /// from the e-board's memory after a feed outage).
    pub running_for_ms: [Option<u64>; 2],
    /// The clock time base (`MatchState::clock_ms`) of the last clock sample.
    pub last_sample_ms: Option<u64>,
    /// The rulings' times the arbiter sent to the clock (`clock_command` records), in order.
    pub clock_commands: Vec<(Stamp, crate::record::ClockCommand)>,
    /// The clock's answers to them (`clock_command_ack`: carried out or refused), in order.
    /// Only an acknowledgement that follows a command sent, within
    /// [`crate::record::CLOCK_ACK_WINDOW_MS`] and before another answer, is its answer.
    pub clock_command_acks: Vec<(Stamp, bool)>,
    /// Acknowledgements that answered no command (counted, never shown as an answer).
    pub unsolicited_acks: u64,
    /// Moves a source took back (`takeback` records: LiveChess corrects a wrongly recognised
    /// move, the players take a move back), with the move that replaced each, in order.
    pub taken_back: Vec<TakenBack>,
    /// What the board reported after a restart, compared with the journaled game
    /// (`reconciled` records), in order.
    pub reconciled: Vec<(Stamp, GameReconciled)>,
    /// The board reported another game than the journal's (a `reconciled` record, outcome
    /// `different`) and the arbiter has not decided yet: nothing of it was taken.
    pub mismatch: Option<(Stamp, GameReconciled)>,
}

/// A move a source took back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TakenBack {
    /// The `takeback` record.
    pub at: Stamp,
    /// The move as it had been recorded.
    pub entry: MoveEntry,
    /// The move the source reported at the same ply after it (a correction), with its record.
    pub replaced_by: Option<(Stamp, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultEntry {
    pub at: Stamp,
    pub result: GameResult,
    pub reason: String,
    /// How the game ended, where the arbiter recorded it with the result (`result` records);
    /// `None` for a result an intervention or a correction set, and in older journals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ending: Option<crate::record::Ending>,
    /// Where the result or the ending was set against what the position proves: the override
    /// records with the arbiter's reason.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<crate::intervention::Override>,
}

impl BoardState {
    pub fn new(board: BoardNo) -> BoardState {
        BoardState {
            board,
            feed: FeedState::Connecting,
            feed_detail: String::new(),
            feed_since: None,
            last_data: None,
            clock: None,
            clock_at: None,
            placement: None,
            moves: SharedVec::new(),
            irregularities: Vec::new(),
            arrived: [None, None],
            result: None,
            notes: Vec::new(),
            illegal: Vec::new(),
            time_changes: Vec::new(),
            clock_presses: SharedVec::new(),
            mirror: None,
            clock_changes: SharedVec::new(),
            clock_alerts: SharedVec::new(),
            result_signal: None,
            game: GameRecord::default(),
            locked: None,
            post_game: 0,
            claims: Vec::new(),
            locked_clock_ms: None,
            corrections: Vec::new(),
            device: DeviceBook::default(),
            device_status: None,
            counters: None,
            noise_at: None,
            last_noise: None,
            noise_summaries: 0,
            feed_notes: Vec::new(),
            running_for_ms: [Some(0), Some(0)],
            last_sample_ms: None,
            clock_commands: Vec::new(),
            clock_command_acks: Vec::new(),
            unsolicited_acks: 0,
            taken_back: Vec::new(),
            reconciled: Vec::new(),
            mismatch: None,
        }
    }

    /// Whether a clock acknowledgement at `at` answers a command: the last `clock_command`
    /// was sent, at most [`crate::record::CLOCK_ACK_WINDOW_MS`] before, and has no answer yet.
    pub fn awaits_clock_ack(&self, at: &Stamp) -> bool {
        let Some((sent, c)) = self.clock_commands.last() else {
            return false;
        };
        // (a console started again counts its monotonic time from 0: the wall clock too must
        // say the answer came in time)
        let window = crate::record::CLOCK_ACK_WINDOW_MS;
        c.outcome == crate::record::CommandOutcome::Sent
            && at.mono_ms >= sent.mono_ms
            && at.mono_ms - sent.mono_ms <= window
            && (at.wall_ms - sent.wall_ms).unsigned_abs() <= window
            && !self
                .clock_command_acks
                .iter()
                .any(|(a, _)| a.seq > sent.seq)
    }

    /// Whether the board's clock is known to be absent (no clock connected).
    pub fn clock_absent(&self) -> bool {
        self.device_status
            .as_ref()
            .is_some_and(|(_, d)| d.clock == ClockPresence::Absent)
    }

    /// Illegal moves confirmed against a player, optionally of one kind.
    pub fn illegal_count(&self, player: Color, kind: Option<IllegalKind>) -> usize {
        self.illegal
            .iter()
            .filter(|e| e.player == player && kind.is_none_or(|k| e.kind == k))
            .count()
    }

    pub fn arrived(&self, team: TeamSide) -> Option<Stamp> {
        self.arrived[team_index(team)]
    }
}

fn team_index(t: TeamSide) -> usize {
    match t {
        TeamSide::Home => 0,
        TeamSide::Away => 1,
    }
}

impl MatchState {
    /// A state with `boards` boards, before any record.
    pub fn with_boards(boards: u16) -> MatchState {
        MatchState {
            boards: (0..usize::from(boards))
                .map(BoardNo::from_index)
                .map(BoardState::new)
                .collect(),
            ..MatchState::default()
        }
    }

    pub fn board(&self, b: BoardNo) -> Option<&BoardState> {
        if b.0 == 0 {
            None
        } else {
            self.boards.get(b.index())
        }
    }

    pub fn lineup(&self, team: TeamSide) -> Option<&LineupEntry> {
        self.lineups[team_index(team)].as_ref()
    }

    /// Both lineups are in: neither is sealed any more.
    pub fn lineups_complete(&self) -> bool {
        self.lineups.iter().all(Option::is_some)
    }

    /// The clocks' time for a monotonic instant of the current session.
    pub fn clock_ms(&self, mono_ms: MonoMs) -> u64 {
        self.clock_base_ms + mono_ms.as_base_ms()
    }

    /// Folds records into a fresh state.
    pub fn fold<'a>(records: impl IntoIterator<Item = &'a Record>) -> MatchState {
        let mut s = MatchState::default();
        for r in records {
            apply(&mut s, r);
        }
        s
    }
}

/// The record being applied: what a family's handler reads besides the record's payload.
#[derive(Clone, Copy)]
struct Applying<'a> {
    rec: &'a Record,
    /// The record's stamp.
    at: Stamp,
    /// The clocks' time of the record: its monotonic time on the session's clock base.
    clock_ms: u64,
    /// Which ends of a game end it by themselves in the session's edition.
    game_ends: EndingKinds,
}

/// What a handler did with a record: `Err` says why it was rejected (kept in `rejected`).
type Applied = Result<(), String>;

/// Applies one record. Never panics: a record that cannot apply is kept in `rejected`.
///
/// The sessions set the clock base first; every other record is checked against the board it
/// is about, then handed to its family's handler: [`board_record`] for a board's feed, clock,
/// game and result, [`match_record`] for the match around the games.
pub fn apply(state: &mut MatchState, rec: &Record) {
    state.applied += 1;
    let at = Stamp::of(rec);
    state.last = Some(at);
    match &rec.event {
        Event::SessionResumed(_) => return session::resumed(state, rec, at),
        Event::SessionStarted(s) => return session::started(state, s, at),
        _ => {}
    }
    let clock_ms = state.clock_ms(rec.mono_ms);
    state.last_clock_ms = Some(clock_ms);
    state.last_clock_wall_ms = Some(rec.wall_ms);
    let board = match board_of(state, rec) {
        Ok(board) => board,
        Err(reason) => return reject(state, rec.seq, reason),
    };
    if let Some(bs) = board.map(|i| &mut state.boards[i])
        && bs.locked.is_some()
        && is_game_data(&rec.event)
    {
        // Post-game: journaled, changes nothing.
        bs.post_game = bs.post_game.saturating_add(1);
        return;
    }
    let cx = Applying {
        rec,
        at,
        clock_ms,
        game_ends: state.game_ends,
    };
    let applied = match board.and_then(|i| board_record(&mut state.boards[i], &cx)) {
        Some(applied) => applied,
        None => match_record(state, &cx),
    };
    if let Err(reason) = applied {
        reject(state, rec.seq, reason);
    }
}

/// Keeps a record that could not apply, with why.
fn reject(state: &mut MatchState, seq: u64, reason: String) {
    state.rejected.push(Rejected { seq, reason });
}

/// The index of the board a record is about (`None`: a record about the match), or why it
/// cannot apply: a feed's record about another board, a board outside the match.
fn board_of(state: &MatchState, rec: &Record) -> Result<Option<usize>, String> {
    if let Origin::Feed(b) = rec.origin
        && rec.event.board() != Some(b)
    {
        return Err(format!(
            "feed of board {b} sent a record about {:?}",
            rec.event.board()
        ));
    }
    match rec.event.board() {
        Some(b) => match state.boards.get(b.index()).filter(|_| b.0 > 0) {
            Some(_) => Ok(Some(b.index())),
            None => Err(format!("board {b} is not in this match")),
        },
        None => Ok(None),
    }
}

/// What the board and its clock report about the game itself: after the game's result it is
/// post-game, journaled but changing nothing.
fn is_game_data(event: &Event) -> bool {
    matches!(
        event,
        Event::ClockSample(_)
            | Event::MoveMade(_)
            | Event::BoardPosition(_)
            | Event::BoardIrregularity(_)
            | Event::ResultSignal(_)
    )
}

/// A record about one board (its feed, its clock, the game on it, its result, its players'
/// arrival, a note about it); `None` for a record of the match's families.
fn board_record(bs: &mut BoardState, cx: &Applying) -> Option<Applied> {
    let applied = match &cx.rec.event {
        Event::FeedStatus(e) => feed::status(bs, cx, e),
        Event::FeedNoise(e) => feed::noise(bs, cx, e),
        Event::FeedCounters(e) => feed::counters(bs, cx, e),
        Event::DeviceStatus(e) => feed::device_status(bs, cx, e),
        Event::ClockSample(e) => clock_sample::apply(bs, cx, e),
        Event::ClockAdjusted(e) => clock_ops::adjusted(bs, cx, e),
        Event::ClockCommand(e) => clock_ops::command(bs, cx, e),
        Event::ClockCommandAck(e) => clock_ops::command_ack(bs, cx, e),
        Event::BoardPosition(e) => moves::position(bs, cx, e),
        Event::BoardIrregularity(e) => moves::irregularity(bs, cx, e),
        Event::MoveMade(e) => moves::made(bs, cx, e),
        Event::MovesTakenBack(e) => moves::taken_back(bs, cx, e),
        Event::MovesRecovered(e) => moves::recovered(bs, cx, e),
        Event::GameReconciled(e) => moves::reconciled(bs, cx, e),
        Event::BoardSetup(e) => moves::setup(bs, cx, e),
        Event::ResultSignal(e) => results::signal(bs, cx, e),
        Event::ResultRecorded(e) => results::recorded(bs, cx, e),
        Event::ResultCorrected(e) => results::corrected(bs, cx, e),
        Event::PlayerArrived(e) => start::arrived(bs, cx, e),
        Event::Note(e) => notes::board_note(bs, cx, e),
        _ => return None,
    };
    Some(applied)
}

/// A record about the match around the games: lineups, the start, interventions and
/// decisions, notes and remarks, signatures.
fn match_record(state: &mut MatchState, cx: &Applying) -> Applied {
    match &cx.rec.event {
        Event::LineupSubmitted(e) => lineups::submitted(state, cx, e),
        Event::LineupChanged(e) => lineups::changed(state, cx, e),
        Event::LineupAnnounced(_) => lineups::announced(state, cx),
        Event::LineupView(e) => lineups::view(state, cx, e),
        Event::LineupConsent(e) => lineups::consent(state, cx, e),
        Event::RoundStarted(e) => start::round_started(state, cx, e),
        Event::StartAgreed(e) => start::agreed(state, cx, e),
        Event::ColoursOverridden(e) => start::colours_overridden(state, cx, e),
        Event::LotDrawn(e) => start::lot_drawn(state, cx, e),
        Event::Intervention(iv) => interventions::intervention(state, cx, iv),
        Event::Decision(d) => interventions::decision(state, cx, d),
        Event::Note(e) => notes::match_note(state, cx, e),
        Event::Remark(e) => notes::remark(state, cx, e),
        Event::ProposalShown(p) => notes::proposal_shown(state, cx, p),
        Event::ReportSigned(e) => signing::signed(state, cx, e),
        Event::ReportReopened(e) => signing::reopened(state, cx, e),
        Event::SignerEnrolled(e) => signing::enrolled(state, cx, e),
        // Applied before the board is looked up.
        Event::SessionStarted(_) | Event::SessionResumed(_) => Ok(()),
        ev => Err(format!("{} record without a board", ev.kind())),
    }
}
