//! The match state: a pure fold of the journal.
//!
//! [`apply`] is the only way state changes. It reads nothing but the record: no clock, no IO.
//! Live mode and replay call the same function, so replay is exact by construction.

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

use crate::clock::{
    ClockAlert, ClockChange, ClockMirror, ClockOperation, ClockReading, TimeControl,
};
use crate::intervention::{IllegalKind, Intervention, InterventionKind, LineupSlot, TimeChange};
use crate::journal::Record;
use crate::model::{BoardNo, ClockSide, Color, GameResult, MonoMs, TeamSide, WallMs};
use crate::record::{
    ClockPresence, ClockSample, DeviceStatus, Event, FeedCounters, FeedState, GameReconciled,
    MAX_CLOCK_MS, Origin, ReconcileOutcome,
};
use crate::shared_vec::SharedVec;

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
            st.mono_ms = r.mono_ms.saturating_sub(back);
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
        self.clock_base_ms + mono_ms
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

/// Applies one record. Never panics: a record that cannot apply is kept in `rejected`.
pub fn apply(state: &mut MatchState, rec: &Record) {
    state.applied += 1;
    let at = Stamp::of(rec);
    state.last = Some(at);
    if let Event::SessionResumed(_) = &rec.event {
        // A restarted console: its monotonic clock starts again at 0. The clocks count on
        // from the last record by the wall time that passed meanwhile (the boards' clocks ran
        // while the console was away), never back.
        if let Some(last) = state.last_clock_ms {
            let away = state
                .last_clock_wall_ms
                .map_or(0, |w| rec.wall_ms.saturating_sub(w));
            let away = u64::try_from(away).unwrap_or(0);
            state.clock_base_ms = last.saturating_add(away.saturating_sub(rec.mono_ms));
        }
        let now = state.clock_base_ms + rec.mono_ms;
        for bs in &mut state.boards {
            if let Some(m) = &mut bs.mirror {
                m.watched_again(now);
            }
        }
        state.resumed.push(at);
        return;
    }
    if let Event::SessionStarted(s) = &rec.event {
        if state.sessions > 0
            && let Some(last) = state.last_clock_ms
        {
            // A restarted console: its monotonic clock starts again at 0.
            state.clock_base_ms = last;
        }
        state.sessions += 1;
        if let Some(tc) = &s.time_control {
            state.time_control = Some(tc.clone());
        }
        if let Some(text) = &s.profile_text {
            let path = s
                .profile_path
                .clone()
                .unwrap_or_else(|| format!("{}.toml", s.profile_id));
            if let Ok(p) = crate::profile::RuleProfile::parse(std::path::Path::new(&path), text) {
                state.game_ends = EndingKinds::of(&p.automatic_draws);
            }
        }
        state.session = Some(Session {
            match_sha256: s.match_sha256.clone(),
            profile_sha256: s.profile_sha256.clone(),
            profile_id: s.profile_id.clone(),
            started: at,
        });
        if state.boards.len() < usize::from(s.boards) {
            let have = state.boards.len();
            state.boards.extend(
                (have..usize::from(s.boards))
                    .map(BoardNo::from_index)
                    .map(BoardState::new),
            );
        }
        if let Some(tc) = &state.time_control {
            for b in &mut state.boards {
                if b.mirror.is_none() {
                    b.mirror = Some(ClockMirror::new(tc.clone()));
                }
            }
        }
        return;
    }
    let clock_ms = state.clock_base_ms + rec.mono_ms;
    state.last_clock_ms = Some(clock_ms);
    state.last_clock_wall_ms = Some(rec.wall_ms);
    if let Origin::Feed(b) = rec.origin
        && rec.event.board() != Some(b)
    {
        state.rejected.push(Rejected {
            seq: rec.seq,
            reason: format!(
                "feed of board {b} sent a record about {:?}",
                rec.event.board()
            ),
        });
        return;
    }
    let state_game_ends = state.game_ends;
    let board = match rec.event.board() {
        Some(b) => match state.boards.get_mut(b.index()).filter(|_| b.0 > 0) {
            Some(bs) => Some(bs),
            None => {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!("board {b} is not in this match"),
                });
                return;
            }
        },
        None => None,
    };
    if let Some(bs) = &board
        && bs.locked.is_some()
        && matches!(
            rec.event,
            Event::ClockSample(_)
                | Event::MoveMade(_)
                | Event::BoardPosition(_)
                | Event::BoardIrregularity(_)
                | Event::ResultSignal(_)
        )
    {
        // Post-game: journaled, changes nothing.
        if let Some(bs) = board {
            bs.post_game = bs.post_game.saturating_add(1);
        }
        return;
    }
    let game_ends = state_game_ends;
    match (&rec.event, board) {
        (Event::FeedStatus(e), Some(bs)) => {
            bs.feed = e.state;
            bs.feed_detail = e.detail.clone();
            bs.feed_since = Some(at);
        }
        (Event::ClockSample(e), Some(_))
            if e.left_ms > MAX_CLOCK_MS || e.right_ms > MAX_CLOCK_MS =>
        {
            state.rejected.push(Rejected {
                seq: rec.seq,
                reason: format!(
                    "clock sample out of range ({} ms / {} ms; at most {MAX_CLOCK_MS} ms)",
                    e.left_ms, e.right_ms
                ),
            });
        }
        (Event::ClockSample(e), Some(bs)) => {
            // Several moves since the last report (a LiveChess message that brought two, the
            // moves made while the console or the feed was away): the presses the readings
            // could not show.
            let presses = inferred_presses(bs, e);
            if bs.clock.map(|c| c.running) != Some(e.running) {
                bs.clock_presses.push(ClockPress { at, sample: *e });
            }
            // The time the running side's clock ran since the last sample: the time used.
            if let (Some(prev), Some(since)) = (bs.clock, bs.last_sample_ms)
                && let Some(side) = prev.running
            {
                let i = usize::from(side == ClockSide::Right);
                bs.running_for_ms[i] =
                    bs.running_for_ms[i].map(|v| v.saturating_add(clock_ms.saturating_sub(since)));
            }
            bs.last_sample_ms = Some(clock_ms);
            bs.clock = Some(*e);
            bs.clock_at = Some(at);
            bs.last_data = Some(at);
            if let Some(mirror) = &mut bs.mirror {
                if let Some(side) = e.white_side
                    && mirror.white_side().is_none()
                {
                    mirror.set_white_side(side);
                }
                let reading = ClockReading {
                    left_ms: e.left_ms,
                    right_ms: e.right_ms,
                    running: e.running,
                    left_flag: e.left_flag,
                    right_flag: e.right_flag,
                    white_side: e.white_side,
                };
                // The mover's clock after the move: the first sample where it has stopped; the
                // move is completed then (FIDE 6.2.1).
                let white_side = mirror.white_side().map(|(s, _)| s).or(e.white_side);
                // What the move counts are compared on (device::check_counts, which walks the
                // game's moves): only a sample that changes one of them needs the comparison.
                let counts_before = (
                    mirror.color_moves(Color::White),
                    mirror.color_moves(Color::Black),
                    mirror.last_reading().is_some(),
                );
                let mut completed_now = false;
                if presses.is_some() {
                    // How long each player thought for the moves in between cannot be told.
                    bs.running_for_ms = [None, None];
                }
                if let (Some(last), Some(ws)) = (
                    bs.moves
                        .iter_mut()
                        .rev()
                        .find(|m| m.status == MoveStatus::Played),
                    white_side,
                ) {
                    let mover = if last.color.is_white() {
                        ws
                    } else {
                        ws.other()
                    };
                    if e.running != Some(mover) {
                        if last.clock_ms.is_none() {
                            last.clock_ms = Some(reading.time(mover));
                            let i = usize::from(mover == ClockSide::Right);
                            last.used_ms = bs.running_for_ms[i];
                            bs.running_for_ms[i] = Some(0);
                        }
                        if last.completed_at.is_none() {
                            last.completed_at = Some(at);
                            completed_now = true;
                        }
                    }
                }
                // The first report of a game in progress (the console joined it, or its
                // first report came with the moves): the clock has counted the moves completed
                // so far.
                if mirror.last_reading().is_none()
                    && let Some(ws) = white_side
                    && !bs.moves.is_empty()
                {
                    if mirror.white_side().is_none() {
                        mirror.set_white_side(ws);
                    }
                    let done = |c: Color| {
                        bs.moves
                            .iter()
                            .filter(|m| {
                                m.color == c
                                    && m.completed_at.is_some()
                                    && matches!(
                                        m.status,
                                        MoveStatus::Played
                                            | MoveStatus::NotPlayable
                                            | MoveStatus::Illegal
                                            | MoveStatus::AfterIllegal
                                    )
                            })
                            .count()
                    };
                    mirror.join_at(
                        u32::try_from(done(Color::White)).unwrap_or(u32::MAX),
                        u32::try_from(done(Color::Black)).unwrap_or(u32::MAX),
                    );
                }
                let report = match presses {
                    Some(p) => mirror.apply_sample_with_presses(&reading, clock_ms, p),
                    None => mirror.apply_sample(&reading, clock_ms),
                };
                let counts_changed = completed_now
                    || counts_before
                        != (
                            mirror.color_moves(Color::White),
                            mirror.color_moves(Color::Black),
                            mirror.last_reading().is_some(),
                        );
                let period_added = report
                    .changes
                    .iter()
                    .any(|c| matches!(c.kind, crate::clock::ChangeKind::PeriodTimeAdded { .. }));
                let tc = period_added.then(|| mirror.time_control().clone());
                device::after_sample(
                    bs,
                    at,
                    clock_ms,
                    tc.as_ref(),
                    &report.changes,
                    counts_changed,
                );
                bs.clock_changes.extend(report.changes);
                bs.clock_alerts
                    .extend(report.alerts.into_iter().map(|a| (at, a)));
            }
        }
        (Event::ClockAdjusted(e), Some(bs)) => {
            if bs.locked.is_some() {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!("the game on board {} is finished", bs.board),
                });
                return;
            }
            if let Some(mirror) = &mut bs.mirror {
                match mirror.apply_operation(&e.op, clock_ms) {
                    Err(err) => state.rejected.push(Rejected {
                        seq: rec.seq,
                        reason: format!("clock operation: {err}"),
                    }),
                    Ok(_) => device::after_clock_op(bs, at, clock_ms, &e.op),
                }
            }
        }
        // Nothing changes on the console's side: the clock's next reports show the times, and
        // the pending adjustment goes once they do (as when the arbiter sets them by hand).
        (Event::ClockCommand(e), Some(bs)) => bs.clock_commands.push((at, e.clone())),
        (Event::ClockCommandAck(e), Some(bs)) => {
            if bs.awaits_clock_ack(&at) {
                bs.clock_command_acks.push((at, e.accepted));
            } else {
                bs.unsolicited_acks += 1;
            }
        }
        (Event::FeedNoise(e), Some(bs)) => {
            bs.noise_at = Some(at);
            bs.last_noise = Some((at, e.clone()));
            bs.noise_summaries += 1;
        }
        (Event::BoardPosition(e), Some(bs)) => {
            bs.placement = Some(e.placement.clone());
            game_record::placement_shown(bs, &e.placement);
            bs.last_data = Some(at);
        }
        (Event::MoveMade(e), Some(bs)) => {
            if let Some(mirror) = &mut bs.mirror {
                mirror.apply_move(e.ply);
            }
            // A move before the previous one was completed on the clock: how long either
            // player thought cannot be told until both have completed a move again.
            if bs
                .moves
                .iter()
                .rev()
                .find(|m| m.status == MoveStatus::Played)
                .is_some_and(|m| m.clock_ms.is_none())
            {
                bs.running_for_ms = [None, None];
            }
            game_record::apply_move(bs, at, e, game_ends);
            device::check_counts(bs, at);
            bs.last_data = Some(at);
        }
        (Event::BoardSetup(e), Some(bs)) => {
            if bs.locked.is_some() && e.fen.is_some() {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "the game on board {} is finished: correct its result before setting a \
                         position",
                        bs.board
                    ),
                });
                return;
            }
            if let Some(fen) = &e.fen
                && let Err(err) = game_record::set_position(bs, at, fen)
            {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: err,
                });
                return;
            }
            if let Some(mode) = e.clock_adds {
                bs.device.mode = Some(mode);
                if let Some(mirror) = &mut bs.mirror {
                    mirror.set_period_addition(mode);
                }
            }
            device::check_counts(bs, at);
        }
        (Event::ResultCorrected(e), Some(bs)) => {
            let reason = if e.reason.trim().is_empty() {
                Some("a result correction needs the reason".to_string())
            } else if bs.result.is_none() {
                Some(format!("board {} has no result to correct", bs.board))
            } else {
                None
            };
            if let Some(reason) = reason {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason,
                });
                return;
            }
            let from = bs.result.as_ref().map(|r| r.result);
            if let Some(from) = from {
                bs.corrections.push(CorrectionEntry {
                    at,
                    from,
                    to: e.result,
                    reason: e.reason.trim().to_string(),
                });
            }
            match e.result {
                Some(result) => {
                    bs.result = Some(ResultEntry {
                        at,
                        result,
                        reason: e.reason.trim().to_string(),
                        ending: None,
                        overridden: Vec::new(),
                    });
                }
                None => {
                    bs.result = None;
                    bs.locked = None;
                    bs.locked_clock_ms = None;
                }
            }
        }
        (Event::ResultSignal(e), Some(bs)) => {
            bs.result_signal = Some((at, e.result));
            bs.last_data = Some(at);
        }
        (Event::BoardIrregularity(e), Some(bs)) => {
            game_record::irregular(
                bs,
                at,
                &e.placement,
                e.detail_msg.as_ref().map(|m| m.id.as_ref()),
            );
            bs.irregularities.push(NoteEntry {
                at,
                text: e.detail.clone(),
                msg: e.detail_msg.clone(),
            });
            bs.last_data = Some(at);
        }
        (Event::DeviceStatus(e), Some(bs)) => {
            bs.device_status = Some((at, e.clone()));
        }
        (Event::GameReconciled(e), Some(bs)) => {
            // clocks of journaled moves the log told
            let game: Vec<usize> = bs.game_moves().map(|(i, _)| i).collect();
            for &(n, ms) in &e.clocks {
                if let Some(&i) = usize::try_from(n)
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|k| game.get(k))
                {
                    let mv = &mut bs.moves[i];
                    if mv.clock_ms.is_none() {
                        mv.clock_ms = Some(ms);
                        mv.completed_at.get_or_insert(at);
                    }
                }
            }
            bs.reconciled.push((at, e.clone()));
            bs.mismatch = match e.outcome {
                // Nothing of the other game is taken: the arbiter decides.
                ReconcileOutcome::Different => Some((at, e.clone())),
                ReconcileOutcome::Same | ReconcileOutcome::Extended => None,
            };
        }
        (Event::FeedCounters(e), Some(bs)) => {
            let before = bs.counters.map_or(0, |(_, c)| c.noise());
            // A restarted feed counts from zero again: any change up is new noise.
            if e.noise() > before || (e.noise() > 0 && e.noise() < before) {
                bs.noise_at = Some(at);
            }
            bs.counters = Some((at, *e));
        }
        (Event::MovesTakenBack(e), Some(bs)) => {
            game_record::take_back(bs, at, e.to_ply);
            device::check_counts(bs, at);
            let text = if e.detail.is_empty() {
                format!("moves taken back to ply {}", e.to_ply)
            } else {
                e.detail.clone()
            };
            bs.feed_notes.push(NoteEntry {
                at,
                text,
                msg: None,
            });
            bs.last_data = Some(at);
        }
        (Event::MovesRecovered(e), Some(bs)) => {
            let text = if e.detail.is_empty() {
                format!(
                    "plies {} to {} recovered from the e-board's move log",
                    e.from_ply, e.to_ply
                )
            } else {
                e.detail.clone()
            };
            bs.feed_notes.push(NoteEntry {
                at,
                text,
                msg: None,
            });
        }
        (Event::PlayerArrived(e), Some(bs)) => {
            let slot = &mut bs.arrived[team_index(e.team)];
            match slot {
                None => *slot = Some(Stamp::entered(rec, e.at)),
                // The first arrival stands; a second one is not kept silently.
                Some(first) => state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "board {}: the {} player already arrived (record {}): a second arrival \
                         is not recorded",
                        bs.board, e.team, first.seq
                    ),
                }),
            }
        }
        (Event::ResultRecorded(e), Some(bs)) => match &bs.result {
            Some(r) if bs.locked.is_some() && r.result != e.result => {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "board {} already has the result {} (record {}): a different result \
                             needs a result correction",
                        bs.board,
                        r.result,
                        bs.locked.map_or(0, |l| l.seq)
                    ),
                });
            }
            Some(r) if bs.locked.is_some() && r.result == e.result => {}
            _ => {
                bs.result = Some(ResultEntry {
                    at,
                    result: e.result,
                    reason: e.reason.clone(),
                    ending: e.ending,
                    overridden: e.overridden.clone(),
                });
                if bs.locked.is_none() {
                    bs.locked = Some(at);
                    bs.locked_clock_ms = Some(clock_ms);
                }
            }
        },
        (Event::Note(e), Some(bs)) => bs.notes.push(NoteEntry {
            at,
            text: e.text.clone(),
            msg: None,
        }),
        (Event::Note(e), None) => state.notes.push(NoteEntry {
            at,
            text: e.text.clone(),
            msg: None,
        }),
        (Event::Remark(e), _) => state.remarks.push(RemarkEntry {
            at,
            board: e.board,
            text: e.text.clone(),
        }),
        (Event::LineupSubmitted(e), _) => {
            let slot = &mut state.lineups[team_index(e.team)];
            if slot.is_some() {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "the {} lineup was already handed in; a change needs both captains",
                        e.team
                    ),
                });
            } else {
                *slot = Some(LineupEntry {
                    slots: e.slots.clone(),
                    submitted: at,
                    changes: Vec::new(),
                    channel: e.channel.clone(),
                    received_by: e.received_by.clone(),
                    reservations: e.reservations.clone(),
                    absence_notices: e.absence_notices.clone(),
                });
            }
        }
        (Event::LineupChanged(e), _) => {
            // Consent: the flags of the record, or one consent record per captain for exactly
            // these slots.
            let consented = |captain: TeamSide| {
                state.procedure.consents.iter().any(|c| {
                    c.team == e.team
                        && c.captain == captain
                        && c.slots == e.slots
                        && c.used.is_none()
                })
            };
            let agrees = (e.home_captain_agrees && e.away_captain_agrees)
                || (consented(TeamSide::Home) && consented(TeamSide::Away));
            let reason = if !agrees {
                Some("a lineup change needs the consent of both captains")
            } else if state.lineups_announced.is_some() {
                Some("the lineups were already announced")
            } else {
                None
            };
            match (reason, &mut state.lineups[team_index(e.team)]) {
                (None, Some(l)) => {
                    l.slots = e.slots.clone();
                    l.changes.push(at);
                    for c in state.procedure.consents.iter_mut() {
                        if c.team == e.team && c.slots == e.slots && c.used.is_none() {
                            c.used = Some(at.seq);
                        }
                    }
                }
                (None, None) => state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!("no {} lineup to change", e.team),
                }),
                (Some(r), _) => state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: r.into(),
                }),
            }
        }
        (Event::ReportSigned(e), _) => state.signatures.push((at, e.clone())),
        (Event::ReportReopened(e), _) => state.reopened.push((at, e.clone())),
        // What the console showed the arbiter: kept for the replay, changes nothing.
        (Event::ProposalShown(p), _) => state.shown.push((at, p.clone())),
        (Event::SignerEnrolled(e), _) => {
            let role_known = matches!(e.role.as_str(), "home_captain" | "away_captain");
            if !role_known {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "{:?} cannot be enrolled at the console (only home_captain and away_captain; the arbiter's key is registered)",
                        e.role
                    ),
                });
            } else if let Some((first, _)) = state.enrolled.iter().find(|(_, x)| x.role == e.role) {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: format!(
                        "a key was already enrolled for the {} (record {}); an enrolled key is never replaced",
                        e.role.replace('_', " "),
                        first.seq
                    ),
                });
            } else {
                state.enrolled.push((at, e.clone()));
            }
        }
        (Event::LineupAnnounced(_), _) => {
            if state.lineups_announced.is_none() {
                state.lineups_announced = Some(at);
            }
        }
        (Event::Intervention(iv), _) => {
            apply_intervention(state, rec.seq, at, clock_ms, iv, None);
        }
        (Event::Decision(d), _) => {
            let note = DecisionNote {
                situation: d.situation,
                offered: d.options.iter().map(|o| o.key.clone()).collect(),
                chosen: d.chosen.clone(),
                chosen_label: d
                    .options
                    .iter()
                    .find(|o| o.key == d.chosen)
                    .map(|o| o.label.clone())
                    .unwrap_or_else(|| crate::i18n::Msg::new("decision-option-unknown")),
                basis: d.basis,
            };
            apply_intervention(state, rec.seq, at, clock_ms, &d.intervention, Some(note));
        }
        (Event::SessionStarted(_) | Event::SessionResumed(_), _) => {}
        (Event::RoundStarted(e), _) => {
            if state.round_started.is_none() {
                state.round_started = Some(Stamp::entered(rec, e.at));
            } else {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason: "the round was already started".into(),
                });
            }
        }
        (
            Event::LineupView(_)
            | Event::LineupConsent(_)
            | Event::StartAgreed(_)
            | Event::LotDrawn(_)
            | Event::ColoursOverridden(_),
            _,
        ) => {
            if let Err(reason) = apply_procedure(state, at, &rec.event) {
                state.rejected.push(Rejected {
                    seq: rec.seq,
                    reason,
                });
            }
        }
        (ev, _) => state.rejected.push(Rejected {
            seq: rec.seq,
            reason: format!("{} record without a board", ev.kind()),
        }),
    }
}

/// The clock presses a report implies that the readings could not show: where the board
/// reported two or more moves since the last report, the clock was pressed after each of them
/// but the last, and after the last too unless the mover's clock runs now. Per clock side
/// (left, right); `None` where there are fewer than two such presses or the readings do not fit
/// them (the clock stopped, the orientation unknown, the first mover's clock not running
/// before): then the readings alone tell the presses.
fn inferred_presses(bs: &BoardState, e: &ClockSample) -> Option<[u32; 2]> {
    let white = bs
        .mirror
        .as_ref()
        .and_then(|m| m.white_side().map(|(s, _)| s))
        .or(e.white_side)?;
    let side_of = |c: Color| if c.is_white() { white } else { white.other() };
    let since = bs.clock_at.map(|c| c.seq)?;
    let before = bs.clock?.running?;
    let now = e.running?;
    // The moves are in the order of their records: those since the last report are the last
    // ones (found from the end: a walk over the whole game on every report was a quarter of a
    // long journal's fold in perf).
    let recent = bs
        .moves
        .iter()
        .rev()
        .take_while(|m| m.at.seq > since)
        .count();
    let moves: Vec<&MoveEntry> = bs
        .moves
        .iter_from(bs.moves.len() - recent)
        .filter(|m| {
            matches!(
                m.status,
                MoveStatus::Played
                    | MoveStatus::NotPlayable
                    | MoveStatus::Illegal
                    | MoveStatus::AfterIllegal
            )
        })
        .collect();
    let (first, last) = (moves.first()?, moves.last()?);
    if side_of(first.color) != before {
        return None;
    }
    let pressed = if side_of(last.color) == now {
        &moves[..moves.len() - 1]
    } else {
        &moves[..]
    };
    if pressed.len() < 2 {
        return None;
    }
    let mut presses = [0u32; 2];
    for m in pressed {
        let i = usize::from(side_of(m.color) == ClockSide::Right);
        presses[i] = presses[i].saturating_add(1);
    }
    Some(presses)
}

/// Applies a confirmed intervention (or a decision's chosen consequence): clock changes (which
/// the clock mirror then expects on the device), an illegal move counted, a result, zeroed boards.
fn apply_intervention(
    state: &mut MatchState,
    seq: u64,
    at: Stamp,
    clock_ms: u64,
    iv: &Intervention,
    decision: Option<DecisionNote>,
) {
    let c = &iv.confirmed;
    // A finished game changes only by a result correction.
    if let Some(bs) = iv.board.and_then(|b| state.boards.get(b.index()))
        && let Some(locked) = bs.locked
        && (c.result.is_some()
            || c.game.is_some()
            || !c.clock.is_empty()
            || !c.clock_ops.is_empty())
    {
        state.rejected.push(Rejected {
            seq,
            reason: format!(
                "the game on board {} is finished (result recorded at record {}): a change needs \
                 a result correction",
                bs.board, locked.seq
            ),
        });
        return;
    }
    // The board was checked to be in the match before.
    if let Some(bs) = iv.board.and_then(|b| state.boards.get_mut(b.index())) {
        // The offender of an illegal move: the player named, else the one whose illegal move
        // the board showed (before the change puts it right).
        let offender = iv.player.or(bs.game.illegal.as_ref().map(|i| i.player));
        if let Some(change) = &c.game
            && let Err(err) = game_record::apply_change(bs, at, change)
        {
            state.rejected.push(Rejected {
                seq,
                reason: format!("game change: {err}"),
            });
        }
        for op in &c.clock_ops {
            if let Some(mirror) = &mut bs.mirror {
                match mirror.apply_operation(op, clock_ms) {
                    Ok(_) => device::after_clock_op(bs, at, clock_ms, op),
                    Err(err) => state.rejected.push(Rejected {
                        seq,
                        reason: format!("clock operation: {err}"),
                    }),
                }
            }
        }
        if !c.clock.is_empty() {
            bs.device.correction_due = Some(at);
        }
        if let (InterventionKind::FlagFall { .. }, Some(player)) = (&iv.kind, iv.player) {
            // Ruled: the time credited too early is the arbiter's matter now.
            bs.device.unearned[device::colour_index(player)] = None;
        }
        for tc in &c.clock {
            bs.time_changes.push((at, *tc));
            // The mirror expects the arbiter's change on the physical clock.
            if let Some(mirror) = &mut bs.mirror {
                let ms = tc.delta_ms.unsigned_abs();
                let op = if tc.delta_ms >= 0 {
                    ClockOperation::AddTime {
                        color: tc.player,
                        ms,
                    }
                } else {
                    ClockOperation::SubtractTime {
                        color: tc.player,
                        ms,
                    }
                };
                let _ = mirror.apply_operation(&op, clock_ms);
            }
        }
        if let (InterventionKind::IllegalMove { kind, .. }, Some(player)) = (&iv.kind, offender) {
            if let Some(crate::intervention::GameChange::Stood { .. }) = &c.game {
                // It stood: not penalised, not counted; a later claim against it is refused.
                game_record::illegal_stood(bs, at, player);
            } else {
                if c.game.is_none() {
                    // Ruled on the last legal position (the game record's already), where no
                    // move was made on the illegal one (those need the position reinstated).
                    game_record::illegal_ruled(bs, false);
                }
                bs.illegal.push(IllegalEntry {
                    at,
                    player,
                    kind: *kind,
                });
            }
        }
        if let Some(result) = c.result {
            bs.result = Some(ResultEntry {
                at,
                result,
                reason: c.summary.clone(),
                ending: None,
                overridden: Vec::new(),
            });
            if bs.locked.is_none() {
                bs.locked = Some(at);
                bs.locked_clock_ms = Some(clock_ms);
            }
        }
        claims::apply_claim(bs, seq, at, iv);
        // The arbiter decided which game stands: the mismatch is settled.
        if iv.kind == InterventionKind::GameMismatch {
            bs.mismatch = None;
        }
        if let (InterventionKind::Resignation { at: when }, Some(_)) = (&iv.kind, c.result) {
            claims::void_after(
                bs,
                seq,
                crate::intervention::resignation_time(when.as_deref()),
            );
        }
        device::check_counts(bs, at);
    }
    for z in &c.zeroed {
        if !state.zeroed.contains(z) {
            state.zeroed.push(*z);
        }
    }
    state.interventions.push(InterventionEntry {
        at,
        intervention: iv.clone(),
        decision,
    });
}

/// Applies a record of the match procedure; the error is why it was rejected.
fn apply_procedure(state: &mut MatchState, at: Stamp, ev: &Event) -> Result<(), String> {
    let p = &mut state.procedure;
    match ev {
        Event::LineupView(e) => {
            // Sealed until both lineups are in (Trier Nr. 2); the request is kept either way.
            let granted = state.lineups.iter().all(Option::is_some);
            p.views.push(ViewEntry {
                at,
                by: e.by,
                granted,
            });
        }
        Event::LineupConsent(e) => {
            if state.lineups_announced.is_some() {
                return Err("the lineups were already announced: no change any more".into());
            }
            if state.lineups[team_index(e.team)].is_none() {
                return Err(format!("no {} lineup to change", e.team));
            }
            p.consents.push(ConsentEntry {
                at,
                team: e.team,
                captain: e.captain,
                slots: e.slots.clone(),
                used: None,
            });
        }
        Event::StartAgreed(e) => {
            let t = chrono::DateTime::parse_from_rfc3339(&e.time).map_err(|err| {
                format!("agreed start {:?} is not an RFC 3339 time: {err}", e.time)
            })?;
            if state.round_started.is_some() {
                return Err("the round was already started".into());
            }
            p.agreed_start = Some((at, t.timestamp_millis()));
        }
        Event::ColoursOverridden(e) => {
            if e.reason.trim().is_empty() {
                return Err("colours can be overridden only with a reason".into());
            }
            p.colour_overrides.retain(|(_, c)| c.board != e.board);
            p.colour_overrides.push((at, e.clone()));
        }
        Event::LotDrawn(e) => {
            if let Some((first, _)) = &p.lot {
                return Err(format!("the lot was already drawn (record {})", first.seq));
            }
            if e.drawn_by.trim().is_empty() {
                return Err("a lot names who drew it".into());
            }
            p.lot = Some((at, e.clone()));
        }
        _ => {}
    }
    Ok(())
}
