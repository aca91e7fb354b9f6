//! From decoded DGT messages to journal events, for one board (pure; time passed in).
//!
//! Clock reports: an empty report (all times zero) is ignored and counted, as the protocol
//! header says; "no clock connected" (0x20) and the low-battery indication (0x04) become a
//! `device_status` record when they change, and a report without a clock is no clock sample;
//! the final flag (0x10) and the period flag (0x40) are kept apart in the sample.
//!
//! After a gap (the feed was stale or the link was lost), [`DgtSession::begin_resync`] makes
//! the session wait for the board's move log (`DGT_SEND_EE_MOVES`, which the feed requests):
//! the moves made while the feed was away are recovered from it, and only then is the board
//! dump judged. Without a log in time, the dump is judged as before (catch-up of up to three
//! plies, else an irregularity and, if play evidently goes on, "lost track").

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::dgt::eeprom;
use crate::dgt::{ClockTimes, Message, RawBoard};
use crate::eboard::{Tracker, TrackerEvent};
use crate::reconcile::{self, GameSeed};
use arbiter_core::model::{BoardNo, ClockSide, Color};
use arbiter_core::record::{
    BoardIrregularity, BoardPosition, ClockCommandAck, ClockPresence, ClockSample, DeviceStatus,
    Event, GameReconciled, MoveMade, MovesRecovered, ReconcileOutcome, ReconcileSource,
    ResultSignal,
};

/// How long the session waits for the board's move log after a gap (ms). A board sends the
/// 7939-byte log at 9600 baud in about 8.3 s.
pub const EE_WAIT_MS: u64 = 15_000;

/// At most this many messages are held while the move log is awaited.
const RESYNC_HOLD: usize = 512;

#[derive(Debug, Clone)]
struct Resync {
    deadline_ms: u64,
    held: Vec<Message>,
}

/// What the session counted (the feed journals it in `feed_counters`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SessionCounters {
    /// Clock reports of all zeros, ignored.
    pub zero_clock_reports: u64,
    /// Clock reports with digits out of range, ignored.
    pub bad_clock_reports: u64,
    /// Move logs received, and how many moves they gave back.
    pub logs: u64,
    pub recovered_moves: u64,
    /// Clock acknowledgements that answered no command the feed sent (counted, not journaled).
    pub unsolicited_acks: u64,
    /// Messages held while the log was awaited and superseded by it.
    pub superseded: u64,
}

/// A restarted feed comparing the board's game with the journaled one: open until the board's
/// placement is judged.
#[derive(Debug, Clone)]
struct Reconcile {
    start: Chess,
    recorded: Vec<Move>,
    /// The moves found since (from the log, or by catching up with the board).
    added: Vec<String>,
    /// The board's log was read.
    from_log: bool,
    /// Journaled moves without a clock (0-based), and the clocks the log told for them.
    without_clock: Vec<usize>,
    clocks: Vec<(u32, u64)>,
}

/// The state a feed keeps about its board across reconnections.
#[derive(Debug, Clone)]
pub struct DgtSession {
    board: BoardNo,
    raw: Option<RawBoard>,
    tracker: Tracker,
    last_clock: Option<ClockTimes>,
    last_running: Option<ClockSide>,
    last_placement: Option<String>,
    want_dump: bool,
    want_log: bool,
    /// White's clock side, learnt from which side runs after a move.
    white_side: Option<ClockSide>,
    awaiting_press_after: Option<u32>,
    irregular_presses: u32,
    last_irregular_press: Option<shakmaty::Board>,
    /// The moves of the current game in UCI, from the start position (`None` once the tracker
    /// adopted a position: the start is unknown).
    history: Option<Vec<String>>,
    resync: Option<Resync>,
    device: Option<(ClockPresence, bool)>,
    counters: SessionCounters,
    /// When the feed last wrote SETNRUN to the clock, until its answer came.
    command_sent_ms: Option<u64>,
    /// Started from a journaled game: the board's game is compared with it first.
    reconcile: Option<Reconcile>,
    /// The board reported another game than the journal's: nothing of it is taken, no
    /// placement is adopted, no irregularity reported, until the arbiter decides (a reseed).
    pinned: bool,
    /// The arbiter took the board's game where only its placement is known: the placement at
    /// the next press is adopted.
    adopt_next: bool,
}

impl DgtSession {
    pub fn new(board: BoardNo, settle_ms: u64) -> DgtSession {
        let mut tracker = Tracker::new();
        tracker.settle_ms = settle_ms;
        DgtSession {
            board,
            raw: None,
            tracker,
            last_clock: None,
            last_running: None,
            last_placement: None,
            want_dump: false,
            want_log: false,
            white_side: None,
            awaiting_press_after: None,
            irregular_presses: 0,
            last_irregular_press: None,
            history: Some(Vec::new()),
            resync: None,
            device: None,
            counters: SessionCounters::default(),
            command_sent_ms: None,
            reconcile: None,
            pinned: false,
            adopt_next: false,
        }
    }

    /// A session that takes up the journaled game of its board (a restarted console): the
    /// tracker stands on the journaled position, and the first time the board is live its move
    /// log is read and its game compared with the journal's (a `reconciled` record). `None`
    /// when the seed does not replay.
    pub fn resume(seed: &GameSeed, settle_ms: u64) -> Option<DgtSession> {
        let mut s = DgtSession::new(seed.board, settle_ms);
        s.take_up(seed)?;
        Some(s)
    }

    fn take_up(&mut self, seed: &GameSeed) -> Option<()> {
        let (start, moves) = seed.replay()?;
        let rotated = self.tracker.rotated();
        let mut tracker = Tracker::from_position(start.clone(), reconcile::ply_of(&start));
        tracker.settle_ms = self.tracker.settle_ms;
        if let Some(r) = rotated {
            tracker.set_rotated(r);
        }
        for m in &seed.moves {
            tracker.advance_uci(m)?;
        }
        self.tracker = tracker;
        self.history = seed.start_fen.is_none().then(|| seed.moves.clone());
        if seed.white_side.is_some() {
            self.white_side = seed.white_side;
        }
        self.awaiting_press_after = None;
        self.irregular_presses = 0;
        self.last_irregular_press = None;
        self.last_placement = None;
        self.pinned = false;
        self.reconcile = Some(Reconcile {
            start,
            recorded: moves,
            added: Vec::new(),
            from_log: false,
            without_clock: seed.without_clock.clone(),
            clocks: Vec::new(),
        });
        Some(())
    }

    /// The arbiter decided on a board that reported another game: the session takes up `seed`
    /// (the journaled game as it stands now). `compare`: the board's log is read again and its
    /// game compared with it (the board's moves after the journal's follow); `adopt` (the
    /// board's game, of which only the placement is known): the placement at the next press is
    /// adopted; neither: the journal's game is followed (the arbiter sets the board to it).
    /// False when the seed does not replay.
    pub fn reseed(&mut self, seed: &GameSeed, compare: bool, adopt: bool, now_ms: u64) -> bool {
        if self.take_up(seed).is_none() {
            return false;
        }
        self.adopt_next = adopt;
        self.want_dump = true;
        if compare {
            self.begin_resync(now_ms);
        } else {
            self.reconcile = None;
        }
        true
    }

    /// Whether the session was started from the journal and has not compared the board's
    /// game yet: the first data is a return after a gap (the log is read).
    pub fn reconciling(&self) -> bool {
        self.reconcile.is_some()
    }

    /// Whether the board reported another game than the journal's and the arbiter has not
    /// decided yet.
    pub fn pinned(&self) -> bool {
        self.pinned
    }

    /// Whether the feed should ask for a board dump now: after every clock press and every
    /// irregularity, so field updates lost on the line (a short disconnection, corrupted
    /// bytes) cannot leave the feed's copy of the board wrong.
    pub fn take_dump_request(&mut self) -> bool {
        std::mem::take(&mut self.want_dump)
    }

    /// Whether the feed should ask for the board's move log now (after a gap).
    pub fn take_log_request(&mut self) -> bool {
        std::mem::take(&mut self.want_log)
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    pub fn counters(&self) -> SessionCounters {
        self.counters
    }

    /// Whether the session waits for the board's move log.
    pub fn resyncing(&self) -> bool {
        self.resync.is_some()
    }

    /// The feed wrote the arbiter's SETNRUN to the clock at `now_ms`: the clock's answer
    /// within [`arbiter_core::record::CLOCK_ACK_WINDOW_MS`] is journaled.
    pub fn command_sent(&mut self, now_ms: u64) {
        self.command_sent_ms = Some(now_ms);
    }

    /// A new link: the next board dump and clock report are taken as they come.
    pub fn on_reconnect(&mut self) {
        self.raw = None;
        self.last_clock = None;
    }

    /// The next clock report is emitted even if it equals the last one (the last sample was
    /// shed or dropped on its way to the journal).
    pub fn forget_clock(&mut self) {
        self.last_clock = None;
    }

    /// The next placement is emitted even if it equals the last one.
    pub fn forget_placement(&mut self) {
        self.last_placement = None;
    }

    /// Data comes back after a gap (stale feed, new link): forget the board's copy, ask for its
    /// move log, and hold the board's messages until the log is in (or `EE_WAIT_MS` passed).
    /// Nothing to recover before the first move: then only the copy is forgotten.
    pub fn begin_resync(&mut self, now_ms: u64) {
        self.raw = None;
        self.last_clock = None;
        if self.tracker.ply() == 0 && self.reconcile.is_none() {
            return;
        }
        self.want_log = true;
        self.resync = Some(Resync {
            deadline_ms: now_ms.saturating_add(EE_WAIT_MS),
            held: Vec::new(),
        });
    }

    fn tracker_events(&mut self, evs: Vec<TrackerEvent>, out: &mut Vec<Event>) {
        self.tracker_events_timed(evs, &[], out);
    }

    /// The tracker's events; `clocks` holds the mover's clock of the moves (in order) where the
    /// board's log told it.
    fn tracker_events_timed(
        &mut self,
        evs: Vec<TrackerEvent>,
        clocks: &[Option<u64>],
        out: &mut Vec<Event>,
    ) {
        let board = self.board;
        let mut k = 0;
        for e in evs {
            match e {
                TrackerEvent::Move {
                    ply,
                    uci,
                    san,
                    placement,
                } => {
                    self.awaiting_press_after = Some(ply);
                    if let Some(h) = self.history.as_mut() {
                        h.push(uci.clone());
                    }
                    if let Some(rc) = self.reconcile.as_mut() {
                        rc.added.push(uci.clone());
                    }
                    let clock_ms = clocks.get(k).copied().flatten();
                    k += 1;
                    out.push(Event::MoveMade(MoveMade {
                        board,
                        ply,
                        uci,
                        san,
                        clock_ms,
                    }));
                    self.position(placement, out);
                }
                TrackerEvent::Irregular { placement, .. } if self.reconcile.is_some() => {
                    // The board's game does not continue the journal's: reported once, with both.
                    self.want_dump = true;
                    self.different(Some(placement.clone()), None, out);
                    self.position(placement, out);
                }
                TrackerEvent::Irregular { placement, .. } if self.pinned => {
                    // Another game, already reported: the arbiter decides.
                    self.want_dump = true;
                    self.position(placement, out);
                }
                TrackerEvent::Irregular { placement, detail } => {
                    self.want_dump = true;
                    out.push(Event::BoardIrregularity(BoardIrregularity::new(
                        board,
                        placement.clone(),
                        detail,
                    )));
                    self.position(placement, out);
                }
                TrackerEvent::Restored { placement } => self.position(placement, out),
                TrackerEvent::ResultSignal { result, placement } => {
                    out.push(Event::ResultSignal(ResultSignal {
                        board,
                        result,
                        placement: placement.clone(),
                    }));
                    self.position(placement, out);
                }
                TrackerEvent::Adopted { ply, placement } => {
                    self.history = None;
                    out.push(Event::BoardIrregularity(BoardIrregularity::new(
                        board,
                        placement.clone(),
                        arbiter_core::msg!("feed-irregular-lost-track", ply = ply),
                    )));
                    self.position(placement, out);
                }
                TrackerEvent::NewGame => self.history = Some(Vec::new()),
                TrackerEvent::Orientation { .. } => {}
            }
        }
    }

    /// The board's game is not the journal's: one `reconciled` record with both (the log's
    /// game where it told one, else the placement); nothing of it is taken until the arbiter
    /// decides.
    fn different(
        &mut self,
        placement: Option<String>,
        log_game: Option<&[String]>,
        out: &mut Vec<Event>,
    ) {
        let Some(rc) = self.reconcile.take() else {
            return;
        };
        self.pinned = true;
        let source = if rc.from_log {
            ReconcileSource::MoveLog
        } else {
            ReconcileSource::Board
        };
        let rec = match log_game.and_then(|g| moves_from(&rc.start, g)) {
            Some(reported) => reconcile::compare(
                self.board,
                source,
                &rc.start,
                &rc.recorded,
                &reported,
                placement,
            ),
            None => GameReconciled {
                board: self.board,
                source,
                outcome: ReconcileOutcome::Different,
                recorded_moves: u32::try_from(rc.recorded.len()).unwrap_or(u32::MAX),
                reported_moves: None,
                common_moves: u32::try_from(rc.recorded.len()).unwrap_or(u32::MAX),
                recorded: Vec::new(),
                reported: Vec::new(),
                placement,
                clocks: Vec::new(),
            },
        };
        out.push(Event::from(rec));
    }

    /// Ends the comparison where the board stands on the journaled position or on one reached
    /// from it by the moves found: the same game, or the same and more.
    fn try_resolve(&mut self, out: &mut Vec<Event>) {
        if self.resync.is_some() {
            return;
        }
        if self.reconcile.is_none() {
            return;
        }
        // judged when its placement is the tracker's position (a placement still in the air
        // waits; one no legal move reaches becomes an irregularity: another game)
        if self.tracker.seen() != Some(self.tracker.position().board()) {
            return;
        }
        let Some(rc) = self.reconcile.take() else {
            return;
        };
        let mut reported = rc.recorded.clone();
        if let Some(more) = moves_from_after(&rc.start, &rc.recorded, &rc.added) {
            reported.extend(more);
        }
        let source = if rc.from_log {
            ReconcileSource::MoveLog
        } else {
            ReconcileSource::Board
        };
        let mut rec =
            reconcile::compare(self.board, source, &rc.start, &rc.recorded, &reported, None);
        rec.clocks = rc.clocks;
        out.push(Event::from(rec));
    }

    fn position(&mut self, placement: String, out: &mut Vec<Event>) {
        if self.last_placement.as_ref() != Some(&placement) {
            self.last_placement = Some(placement.clone());
            out.push(Event::BoardPosition(BoardPosition {
                board: self.board,
                placement,
            }));
        }
    }

    fn device(&mut self, clock: ClockPresence, battery_low: bool, out: &mut Vec<Event>) {
        if self.device != Some((clock, battery_low)) {
            self.device = Some((clock, battery_low));
            out.push(Event::DeviceStatus(DeviceStatus {
                board: self.board,
                clock,
                battery_low,
                board_matches: None,
                flipped: None,
            }));
        }
    }

    /// Handles one message.
    pub fn on_message(&mut self, m: Message, now_ms: u64, out: &mut Vec<Event>) {
        self.message(m, now_ms, out);
        if self.reconcile.is_some() {
            self.try_resolve(out);
        }
    }

    fn message(&mut self, m: Message, now_ms: u64, out: &mut Vec<Event>) {
        if let Some(r) = self.resync.as_mut() {
            match m {
                Message::EeMoves(log) => {
                    self.finish_resync(Some(&log), now_ms, out);
                    return;
                }
                // The clock's reports wait too: the moves made meanwhile come first, so that the
                // presses they imply explain the clock's change.
                Message::BoardDump(_) | Message::FieldUpdate { .. } | Message::ClockTimes(_) => {
                    r.held.push(m);
                    if r.held.len() >= RESYNC_HOLD {
                        self.finish_resync(None, now_ms, out);
                    }
                    return;
                }
                _ => {}
            }
        }
        match m {
            Message::BoardDump(raw) => {
                self.raw = Some(raw);
                let evs = self.tracker.observe_raw(&raw, now_ms);
                self.tracker_events(evs, out);
                // a dump after a reconnect: catch up moves made meanwhile (irregularities wait
                // for the clock or the settle time, a player may be holding a piece)
                let evs = self.tracker.catch_up();
                self.tracker_events(evs, out);
            }
            Message::FieldUpdate { square, piece } => {
                let Some(raw) = self.raw.as_mut() else {
                    return; // wait for the dump
                };
                raw.apply(square, piece);
                let raw = *raw;
                let evs = self.tracker.observe_raw(&raw, now_ms);
                self.tracker_events(evs, out);
            }
            Message::ClockTimes(t) => self.on_clock(t, out),
            // The clock's answer to the arbiter's SETNRUN (ack1 echoes the command; ack0 0x10
            // carried out, 0x40 refused: not in the host-controlled mode 23). Only the first
            // answer to a command the feed sent, in time, is one; any other acknowledgement
            // (the feed sends no other clock command) is counted, never journaled.
            Message::ClockAck(a)
                if a.0[1] == crate::dgt::command::SET_AND_RUN
                    && self.command_sent_ms.take().is_some_and(|t| {
                        now_ms >= t && now_ms - t <= arbiter_core::record::CLOCK_ACK_WINDOW_MS
                    }) =>
            {
                out.push(Event::ClockCommandAck(ClockCommandAck {
                    board: self.board,
                    accepted: a.0[0] & 0x40 == 0,
                    ack: a.0,
                }));
            }
            Message::ClockAck(_) => self.counters.unsolicited_acks += 1,
            _ => {}
        }
    }

    fn on_clock(&mut self, t: ClockTimes, out: &mut Vec<Event>) {
        if t.no_clock() {
            self.device(ClockPresence::Absent, t.battery_low(), out);
            self.last_running = None;
            self.last_clock = None;
            return;
        }
        if t.is_empty_report() {
            self.counters.zero_clock_reports += 1;
            return;
        }
        if !t.left.is_valid() || !t.right.is_valid() {
            self.counters.bad_clock_reports += 1;
            return;
        }
        self.device(ClockPresence::Connected, t.battery_low(), out);
        let running = t.running_side();
        if running != self.last_running && self.last_running.is_some() && self.resync.is_none() {
            // the lever was pressed: the move on the board is complete
            self.want_dump = true;
            let evs = self.tracker.settle_now();
            self.tracker_events(evs, out);
            if self.tracker.is_irregular() {
                // the players go on from unreachable placements: after two presses on
                // two different such placements, continue from the board as it is
                // (with the side to move the clock tells)
                let seen = self.tracker.seen().cloned();
                if seen != self.last_irregular_press {
                    self.irregular_presses += 1;
                    self.last_irregular_press = seen;
                }
                if (self.irregular_presses >= 2 || self.adopt_next)
                    && !self.pinned
                    && let (Some(ws), Some(r)) = (self.white_side, running)
                {
                    let turn = if r == ws { Color::White } else { Color::Black };
                    let evs = self.tracker.adopt(turn);
                    self.tracker_events(evs, out);
                    self.adopt_next = false;
                    self.irregular_presses = 0;
                    self.last_irregular_press = None;
                }
            } else {
                self.irregular_presses = 0;
                self.last_irregular_press = None;
            }
        }
        // learn White's side: after White's move (odd ply) Black's clock runs
        if let (Some(ply), Some(r)) = (self.awaiting_press_after, running)
            && running != self.last_running
        {
            self.white_side = Some(if ply % 2 == 1 { r.other() } else { r });
            self.awaiting_press_after = None;
        }
        self.last_running = running;
        if self.last_clock == Some(t) {
            return;
        }
        self.last_clock = Some(t);
        out.push(Event::ClockSample(ClockSample {
            board: self.board,
            left_ms: t.left.ms(),
            right_ms: t.right.ms(),
            running,
            left_flag: t.left.final_flag || t.left.period_flag,
            right_flag: t.right.final_flag || t.right.period_flag,
            white_side: None,
            left_flag_kind: t.left.flag_kind(),
            right_flag_kind: t.right.flag_kind(),
        }));
    }

    /// The move log arrived (or the wait is over, `log` = `None`): recover the moves made
    /// meanwhile (each with the clock of the press that completed it, where the log has it),
    /// then handle the messages held. A session taking up a journaled game whose log shows
    /// another game reports it (once) and takes nothing of it.
    fn finish_resync(&mut self, log: Option<&[u8]>, now_ms: u64, out: &mut Vec<Event>) {
        let Some(r) = self.resync.take() else {
            return;
        };
        let mut diverged = None;
        if let Some(log) = log {
            self.counters.logs += 1;
            let (records, _) = eeprom::parse(log);
            let steps = eeprom::placements(&records);
            let rec = self
                .tracker
                .recover_from_log(&steps, self.history.as_deref());
            if self.tracker.rotated().is_none()
                && let Some(rot) = rec.rotated
            {
                self.tracker.set_rotated(rot);
            }
            if let Some(rc) = self.reconcile.as_mut() {
                rc.from_log = true;
                // the clocks of journaled moves the journal lost, where the log's game is the
                // journal's
                if let (Some(game), Some(known)) =
                    (Tracker::log_game(&steps), self.history.as_deref())
                {
                    for &k in &rc.without_clock {
                        if let (Some((uci, Some(ms))), Some(kn)) = (game.moves.get(k), known.get(k))
                            && uci == kn
                        {
                            rc.clocks
                                .push((u32::try_from(k + 1).unwrap_or(u32::MAX), *ms));
                        }
                    }
                }
                // a log's game that is only shorter than the journal's says nothing: the board
                // decides
                if let Some((common, game)) = &rec.diverged
                    && *common < game.len()
                {
                    diverged = Some(game.clone());
                }
            }
            if diverged.is_none() && !rec.moves.is_empty() {
                let from_ply = self.tracker.ply() + 1;
                let mut evs = Vec::new();
                let mut clocks = Vec::new();
                for (uci, clock) in &rec.moves {
                    match self.tracker.advance_uci(uci) {
                        Some(e) => {
                            evs.push(e);
                            clocks.push(*clock);
                        }
                        None => break,
                    }
                }
                if !evs.is_empty() {
                    let n = evs.len() as u32;
                    self.counters.recovered_moves += u64::from(n);
                    out.push(Event::MovesRecovered(MovesRecovered {
                        board: self.board,
                        from_ply,
                        to_ply: from_ply + n - 1,
                        detail: format!(
                            "{n} move(s) made while the feed was away, read from the e-board's \
                             move log"
                        ),
                    }));
                    self.tracker_events_timed(evs, &clocks, out);
                    // the press after the last recovered move is already behind us
                    self.awaiting_press_after = None;
                }
            }
        }
        if let Some(game) = diverged {
            let placement = r.held.iter().rev().find_map(|m| match m {
                Message::BoardDump(raw) => Some(
                    raw.to_board(self.tracker.rotated().unwrap_or(false))
                        .to_string(),
                ),
                _ => None,
            });
            self.different(placement, Some(&game), out);
        }
        if log.is_some() {
            // What the board sent before its log is older than the log: the board, the clock
            // and the moves since are the log and what the board sends after it (it answers in
            // order: the log, then the board and the clock asked for with it). Judged after the
            // moves the log gave back, an older placement would read as moves back and forth.
            self.counters.superseded = self.counters.superseded.saturating_add(r.held.len() as u64);
            return;
        }
        for m in r.held {
            self.on_message(m, now_ms, out);
        }
    }

    /// Time passes: judges a settled placement; gives up waiting for the move log.
    pub fn tick(&mut self, now_ms: u64, out: &mut Vec<Event>) {
        if self
            .resync
            .as_ref()
            .is_some_and(|r| now_ms >= r.deadline_ms)
        {
            self.finish_resync(None, now_ms, out);
        }
        if self.resync.is_some() {
            return;
        }
        let evs = self.tracker.tick(now_ms);
        self.tracker_events(evs, out);
    }
}

/// UCI moves played from `start`, as moves (`None` if one does not fit).
fn moves_from(start: &Chess, uci: &[String]) -> Option<Vec<Move>> {
    use shakmaty::Position as _;
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(uci.len());
    for u in uci {
        let m = u.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        out.push(m);
    }
    Some(out)
}

/// UCI moves played after `before` (from `start`), as moves.
fn moves_from_after(start: &Chess, before: &[Move], uci: &[String]) -> Option<Vec<Move>> {
    use shakmaty::Position as _;
    let mut pos = start.clone();
    for m in before {
        pos.play_unchecked(*m);
    }
    moves_from(&pos, uci)
}

#[cfg(test)]
#[path = "dgt_session_tests.rs"]
mod tests;
