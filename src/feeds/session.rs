//! From decoded DGT messages to journal events, for one board (pure; time passed in).

use crate::dgt::{ClockTimes, Message, RawBoard};
use crate::eboard::{Tracker, TrackerEvent};
use crate::model::{BoardNo, ClockSide};
use crate::record::{BoardIrregularity, BoardPosition, ClockSample, Event, MoveMade, ResultSignal};

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
        }
    }

    /// Whether the feed should ask for a board dump now: after every clock press and every
    /// irregularity, so field updates lost on the line (a short disconnection, corrupted
    /// bytes) cannot leave the feed's copy of the board wrong.
    pub fn take_dump_request(&mut self) -> bool {
        std::mem::take(&mut self.want_dump)
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// A new link: the next board dump and clock report are taken as they come.
    pub fn on_reconnect(&mut self) {
        self.raw = None;
        self.last_clock = None;
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
                TrackerEvent::Orientation { .. } | TrackerEvent::NewGame => {}
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

    /// Handles one message.
    pub fn on_message(&mut self, m: Message, now_ms: u64, out: &mut Vec<Event>) {
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
            Message::ClockTimes(t) => {
                if t.no_clock() || !t.left.is_valid() || !t.right.is_valid() {
                    return;
                }
                let running = t.running_side();
                if running != self.last_running && self.last_running.is_some() {
                    // the lever was pressed: the move on the board is complete
                    self.want_dump = true;
                    let evs = self.tracker.settle_now();
                    self.tracker_events(evs, out);
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
                }));
            }
            _ => {}
        }
    }

    /// Time passes: judges a settled placement.
    pub fn tick(&mut self, now_ms: u64, out: &mut Vec<Event>) {
        let evs = self.tracker.tick(now_ms);
        self.tracker_events(evs, out);
    }
}
