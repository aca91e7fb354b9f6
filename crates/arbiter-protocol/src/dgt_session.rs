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

use crate::dgt::eeprom;
use crate::dgt::{ClockTimes, Message, RawBoard};
use crate::eboard::{Tracker, TrackerEvent};
use arbiter_core::model::{BoardNo, ClockSide, Color};
use arbiter_core::record::{
    BoardIrregularity, BoardPosition, ClockCommandAck, ClockPresence, ClockSample, DeviceStatus,
    Event, MoveMade, MovesRecovered, ResultSignal,
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
        }
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
        if self.tracker.ply() == 0 {
            return;
        }
        self.want_log = true;
        self.resync = Some(Resync {
            deadline_ms: now_ms.saturating_add(EE_WAIT_MS),
            held: Vec::new(),
        });
    }

    fn tracker_events(&mut self, evs: Vec<TrackerEvent>, out: &mut Vec<Event>) {
        let board = self.board;
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
                    out.push(Event::MoveMade(MoveMade {
                        board,
                        ply,
                        uci,
                        san,
                    }));
                    self.position(placement, out);
                }
                TrackerEvent::Irregular { placement, detail } => {
                    self.want_dump = true;
                    out.push(Event::BoardIrregularity(BoardIrregularity {
                        board,
                        placement: placement.clone(),
                        detail,
                    }));
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
                    out.push(Event::BoardIrregularity(BoardIrregularity {
                        board,
                        placement: placement.clone(),
                        detail: format!(
                            "lost track of the moves; play goes on from this position, \
                             next move taken as ply {ply}"
                        ),
                    }));
                    self.position(placement, out);
                }
                TrackerEvent::NewGame => self.history = Some(Vec::new()),
                TrackerEvent::Orientation { .. } => {}
            }
        }
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
        if let Some(r) = self.resync.as_mut() {
            match m {
                Message::EeMoves(log) => {
                    self.finish_resync(Some(&log), now_ms, out);
                    return;
                }
                Message::BoardDump(_) | Message::FieldUpdate { .. } => {
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
                if self.irregular_presses >= 2
                    && let (Some(ws), Some(r)) = (self.white_side, running)
                {
                    let turn = if r == ws { Color::White } else { Color::Black };
                    let evs = self.tracker.adopt(turn);
                    self.tracker_events(evs, out);
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
    /// meanwhile, then handle the messages held.
    fn finish_resync(&mut self, log: Option<&[u8]>, now_ms: u64, out: &mut Vec<Event>) {
        let Some(r) = self.resync.take() else {
            return;
        };
        if let Some(log) = log {
            self.counters.logs += 1;
            let (records, _) = eeprom::parse(log);
            let steps = eeprom::placements(&records);
            let known = self.history.clone().unwrap_or_default();
            if let Some(moves) = self.tracker.recover_from_log(&steps, &known) {
                let from_ply = self.tracker.ply() + 1;
                let mut evs = Vec::new();
                for uci in &moves {
                    match self.tracker.advance_uci(uci) {
                        Some(e) => evs.push(e),
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
                    self.tracker_events(evs, out);
                    // the press after the last recovered move is already behind us
                    self.awaiting_press_after = None;
                }
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dgt::board::dgt_index;
    use shakmaty::{Chess, Position, san::SanPlus};

    fn press(s: &mut DgtSession, running: ClockSide, out: &mut Vec<Event>) {
        let t = ClockTimes::new(5_000_000, 5_000_000, Some(running), running);
        s.on_message(Message::ClockTimes(t), 0, out);
    }

    fn play(s: &mut DgtSession, pos: &mut Chess, san: &str, out: &mut Vec<Event>) {
        let m = san.parse::<SanPlus>().unwrap().san.to_move(pos).unwrap();
        let before = pos.board().clone();
        pos.play_unchecked(m);
        for sq in shakmaty::Square::ALL {
            if before.piece_at(sq).is_some() && pos.board().piece_at(sq).is_none() {
                s.on_message(
                    Message::FieldUpdate {
                        square: dgt_index(sq) as u8,
                        piece: 0,
                    },
                    0,
                    out,
                );
            }
        }
        for sq in shakmaty::Square::ALL {
            if let Some(p) = pos.board().piece_at(sq)
                && before.piece_at(sq) != Some(p)
            {
                let code = crate::dgt::piece_to_code(p);
                s.on_message(
                    Message::FieldUpdate {
                        square: dgt_index(sq) as u8,
                        piece: code,
                    },
                    0,
                    out,
                );
            }
        }
    }

    fn moves(out: &[Event]) -> Vec<(u32, String)> {
        out.iter()
            .filter_map(|e| match e {
                Event::MoveMade(m) => Some((m.ply, m.san.clone())),
                _ => None,
            })
            .collect()
    }

    /// The clock's answer to SETNRUN becomes a `clock_command_ack` (ack1 echoes 0x0A; ack0 0x10
    /// carried out, 0x40 refused); other ACKs (the version probe's), and an answer to no
    /// command sent, late or a second time, are counted, not journaled.
    #[test]
    fn the_answer_to_setnrun_is_journaled() {
        use crate::dgt::ClockAck;
        let mut s = DgtSession::new(BoardNo(2), 3000);
        let mut out = Vec::new();
        s.on_message(
            Message::ClockAck(ClockAck([0x10, 0x09, 0x21, 0])),
            0,
            &mut out,
        );
        // nothing was sent: a thousand SETNRUN answers are noise
        for t in 0..1000 {
            s.on_message(Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])), t, &mut out);
        }
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(s.counters().unsolicited_acks, 1001);
        s.command_sent(2_000);
        s.on_message(
            Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0])),
            2_100,
            &mut out,
        );
        s.on_message(
            Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0])),
            2_200,
            &mut out,
        );
        s.command_sent(3_000);
        s.on_message(
            Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])),
            3_050,
            &mut out,
        );
        // an answer too late answers nothing
        s.command_sent(4_000);
        s.on_message(
            Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])),
            4_000 + arbiter_core::record::CLOCK_ACK_WINDOW_MS + 1,
            &mut out,
        );
        assert_eq!(s.counters().unsolicited_acks, 1003);
        let acks: Vec<(BoardNo, bool)> = out
            .iter()
            .filter_map(|e| match e {
                Event::ClockCommandAck(a) => Some((a.board, a.accepted)),
                _ => None,
            })
            .collect();
        assert_eq!(acks, vec![(BoardNo(2), false), (BoardNo(2), true)]);
    }

    #[test]
    fn after_a_long_gap_play_goes_on_from_the_board() {
        let mut s = DgtSession::new(BoardNo(1), 3000);
        let mut out = Vec::new();
        let mut pos = Chess::default();
        s.on_message(
            Message::BoardDump(RawBoard::from_board(pos.board(), false)),
            0,
            &mut out,
        );
        press(&mut s, ClockSide::Left, &mut out); // White (left) to move
        play(&mut s, &mut pos, "e4", &mut out);
        press(&mut s, ClockSide::Right, &mut out);
        assert_eq!(moves(&out), [(1, "e4".to_string())]);
        // the link is down for six plies; then a dump
        for m in ["e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"] {
            let mv = m.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        out.clear();
        s.on_message(
            Message::BoardDump(RawBoard::from_board(pos.board(), false)),
            0,
            &mut out,
        );
        assert!(moves(&out).is_empty());
        // Black plays on and presses: irregular; White plays on and presses: adopted
        play(&mut s, &mut pos, "Nf6", &mut out);
        press(&mut s, ClockSide::Left, &mut out);
        assert!(out.iter().any(|e| matches!(e, Event::BoardIrregularity(_))));
        play(&mut s, &mut pos, "O-O", &mut out);
        press(&mut s, ClockSide::Right, &mut out);
        assert!(
            out.iter().any(
                |e| matches!(e, Event::BoardIrregularity(i) if i.detail.contains("lost track"))
            )
        );
        out.clear();
        // tracking goes on from the adopted position (Black to move)
        play(&mut s, &mut pos, "Be7", &mut out);
        press(&mut s, ClockSide::Left, &mut out);
        assert_eq!(moves(&out), [(2, "Be7".to_string())]);
    }

    #[test]
    fn an_illegal_move_taken_back_is_not_adopted() {
        let mut s = DgtSession::new(BoardNo(1), 3000);
        let mut out = Vec::new();
        let mut pos = Chess::default();
        s.on_message(
            Message::BoardDump(RawBoard::from_board(pos.board(), false)),
            0,
            &mut out,
        );
        press(&mut s, ClockSide::Left, &mut out);
        play(&mut s, &mut pos, "e4", &mut out);
        press(&mut s, ClockSide::Right, &mut out);
        // Black's queen jumps to h4 through its own pawn: d8 emptied, h4 filled
        s.on_message(
            Message::FieldUpdate {
                square: 3,
                piece: 0,
            },
            0,
            &mut out,
        );
        s.on_message(
            Message::FieldUpdate {
                square: 39,
                piece: 0x0C,
            },
            0,
            &mut out,
        );
        press(&mut s, ClockSide::Left, &mut out); // pressed: irregular
        press(&mut s, ClockSide::Right, &mut out); // arbiter turns the lever back
        s.on_message(
            Message::FieldUpdate {
                square: 39,
                piece: 0,
            },
            0,
            &mut out,
        );
        s.on_message(
            Message::FieldUpdate {
                square: 3,
                piece: 0x0C,
            },
            0,
            &mut out,
        );
        assert!(
            !out.iter().any(
                |e| matches!(e, Event::BoardIrregularity(i) if i.detail.contains("lost track"))
            )
        );
        play(&mut s, &mut pos, "e5", &mut out);
        press(&mut s, ClockSide::Left, &mut out);
        assert_eq!(moves(&out), [(1, "e4".to_string()), (2, "e5".to_string())]);
    }
}
