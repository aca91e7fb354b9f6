//! One simulated board: an e-board with a DGT 3000 clock playing a PGN game on a timeline.
//!
//! Pure: [`BoardSim::advance_to`] takes the game time (ms since the round started, at 1x) and
//! returns what the board and clock send. The network layer scales real time by the speed.
//!
//! Over 800 lines: one board's timeline (the game's moves at their clock times, every scripted
//! incident's steps, and what the board and the clock send at an instant) is one state machine
//! whose parts share its private state; its tests are at its end.

use shakmaty::{Board, Chess, Color, Piece, Position, Square};

use super::pgn::{PgnGame, Replayed};
use super::scenario::{Incident, LiveChessJunk};
use arbiter_core::by_colour::ByColor;
use arbiter_core::clock::ClockMs;
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_protocol::dgt::board::dgt_index;
use arbiter_protocol::dgt::clock::status;
use arbiter_protocol::dgt::eeprom::{EeLog, tag};
use arbiter_protocol::dgt::{
    ClockTimes, Message, RawBoard, SideTime, encode_message, piece_to_code,
};

/// The time control the clocks are set to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControlSpec {
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Bonus time added after this many moves of a player (0 = none).
    pub bonus_after_moves: u32,
    pub bonus_ms: u64,
}

impl Default for TimeControlSpec {
    /// The Bundesliga control: 90 min / 40 moves + 30 min, 30 s per move from move 1.
    fn default() -> Self {
        TimeControlSpec {
            base_ms: 90 * 60_000,
            increment_ms: 30_000,
            bonus_after_moves: 40,
            bonus_ms: 30 * 60_000,
        }
    }
}

/// How one board is set up.
#[derive(Debug, Clone)]
pub struct BoardSetup {
    pub board: BoardNo,
    /// 5-digit serial number reported by the board.
    pub serial: String,
    pub game: PgnGame,
    /// The clock side White sits at.
    pub white_side: ClockSide,
    /// Board turned 180° (connector on Black's side).
    pub rotated: bool,
    /// Play only this many plies.
    pub max_plies: Option<usize>,
    pub time_control: TimeControlSpec,
    pub incidents: Vec<Incident>,
    /// The clock is in its host-controlled mode (DGT 3000 mode 23): it carries out SETNRUN.
    /// Off by default: a game's clock is set by hand.
    pub host_controlled_clock: bool,
    /// Where the board takes up its game (a venue started again from a journal); `None`: from
    /// the start.
    pub resume: Option<BoardResume>,
}

impl BoardSetup {
    /// The clock side of the player of colour `c`.
    fn side_of(&self, c: Color) -> ClockSide {
        if c == Color::White {
            self.white_side
        } else {
            self.white_side.other()
        }
    }
}

/// Where a board takes up its game: after its first `plies` half-moves, with these clocks (the
/// side to move thinks on, for what is left of the time the game gives it). Incidents before
/// that ply (and a late arrival, a wrong preset) are behind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardResume {
    /// The board (1-based).
    pub board: u16,
    pub plies: usize,
    pub clocks: ByColor<ClockMs>,
}

/// What a board sends (or does) as its game advances.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SimOutput {
    /// A DGT message (field update or clock report) for clients in update mode.
    Frame(Message),
    /// Bytes put on the line between the board's frames as they are (corruption, a hostile
    /// flood, acknowledgements nobody asked for).
    Garbage(Vec<u8>),
    /// The board stops (`true`) or resumes (`false`) answering.
    Silence(bool),
    /// Bytes put on the line even while the board is silent (line noise).
    Noise(Vec<u8>),
    /// LiveChess: an event with this SAN list (a takeback, a resend, a flood).
    LiveChessList(Vec<String>),
    /// LiveChess: this many messages of this kind the console cannot use.
    LiveChessJunk(LiveChessJunk, u32),
}

#[derive(Debug, Clone)]
enum Step {
    Move(usize),
    Fields(Vec<(Square, Option<Piece>)>),
    Press {
        side: ClockSide,
        increment: bool,
    },
    AddTime(ClockSide, i64),
    Stop,
    Start(ClockSide),
    Silence(bool),
    Garbage(usize),
    Noise(usize),
    ZeroReports(u32),
    NoClock(bool),
    BatteryLow,
    /// A flood message (`n`-th).
    Flood(u32),
    /// LiveChess: the list without its last `n` plies (0: the full list).
    LiveChessList(u32),
    /// About `n` bytes of hostile noise on the line (never a valid frame).
    GarbageFlood(u64),
    /// `n` clock acknowledgements that answer nothing.
    UnsolicitedAcks(u64),
    /// LiveChess: `n` messages of junk.
    Junk(LiveChessJunk, u64),
    /// LiveChess shows this list instead of the board's moves (a move recognised wrongly, a
    /// move not recognised yet); `None`: the board's moves again.
    LiveChessView(Option<Vec<String>>),
    /// LiveChess sends nothing about the board (`true`) until it sends everything at once.
    LiveChessHold(bool),
}

/// A flood's steps: one every 100 ms of game time for `duration_s` from `at`, together
/// `per_s` a second (`make(n)` for a batch of `n`).
fn push_batches(
    steps: &mut Vec<Timed>,
    at: u64,
    duration_s: u64,
    per_s: u64,
    make: impl Fn(u64) -> Step,
) {
    let batches = duration_s.saturating_mul(10).min(1_000_000);
    for k in 0..batches {
        let n = (k + 1) * per_s / 10 - k * per_s / 10;
        if n > 0 {
            steps.push(Timed {
                at: at + k * 100,
                step: make(n),
            });
        }
    }
}

/// About `n` bytes of line noise a hostile or broken line carries, built so that no part of it
/// is a valid frame (`seed` is the generator's state): noise bytes (MSB clear), a field update
/// with a wrong length, a clock report cut short followed by an impossible length, and a
/// message of an unknown id, in turn; always whole pieces, so the board's next frame is read
/// as it is.
pub fn hostile_bytes(seed: &mut u32, n: u64) -> Vec<u8> {
    let mut next = || {
        *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        ((*seed >> 16) as u8) & 0x7F
    };
    let mut out = Vec::with_capacity(n as usize + 32);
    let mut piece = 0u32;
    while (out.len() as u64) < n {
        match piece % 4 {
            0 => out.extend((0..16).map(|_| next())),
            // 0x8E needs length 5: dropped, the rest is noise
            1 => out.extend([0x8E, 0x00, 0x07, next(), next(), next(), next()]),
            // a clock report cut after two bytes by 0x86 with an impossible length
            2 => out.extend([0x8D, 0x00, 0x0A, next(), next(), 0x86, 0x7F, 0x7F]),
            // well framed, unknown id
            _ => out.extend([0x9F, 0x00, 0x05, next(), next()]),
        }
        piece += 1;
    }
    out
}

/// `n` clock acknowledgements nobody asked for: SETNRUN carried out and refused, BEEP, ASCII.
pub fn unsolicited_acks(n: u64) -> Vec<u8> {
    let acks = [
        [0x10, 0x0A, 0, 0],
        [0x40, 0x0A, 0, 0],
        [0x10, 0x0B, 0, 0],
        [0x10, 0x0C, 0, 0],
    ];
    let mut out = Vec::new();
    for k in 0..n {
        encode_message(
            &Message::ClockAck(arbiter_protocol::dgt::ClockAck(acks[(k % 4) as usize])),
            &mut out,
        );
    }
    out
}

#[derive(Debug, Clone)]
struct Timed {
    at: u64,
    step: Step,
}

/// The clocks a board starts with (the preset, a wrong preset the scenario sets, or a resumed
/// game's clocks), how late each side's player arrives, and the resumption (its plies at most
/// `n`).
fn initial_clocks(setup: &BoardSetup, n: usize) -> ([u64; 2], [u64; 2], Option<BoardResume>) {
    let tc = setup.time_control;
    let mut clock_ms = [tc.base_ms; 2];
    let mut late = [0u64; 2];
    let resume = setup.resume.map(|r| BoardResume {
        plies: r.plies.min(n),
        ..r
    });
    if let Some(r) = resume {
        for (color, ms) in r.clocks.zip_color() {
            clock_ms[idx(setup.side_of(color))] = ms.ms();
        }
    }
    // A resumed board: a player still to arrive arrives when the incident says, counted from
    // the start (the time both clocks have run since, and the increment of White's first
    // move if it was made); the clocks themselves are the journal's.
    if let Some(r) = resume {
        let white_inc = if r.plies >= 1 { tc.increment_ms } else { 0 };
        let ran = (tc.base_ms + white_inc).saturating_sub(r.clocks.white.ms())
            + tc.base_ms.saturating_sub(r.clocks.black.ms());
        for inc in &setup.incidents {
            if let Incident::LateArrival { color, delay_s, .. } = inc {
                let first_ply = if Color::from(*color) == Color::White {
                    0
                } else {
                    1
                };
                if r.plies <= first_ply {
                    late[idx(setup.side_of((*color).into()))] =
                        (delay_s * 1000).saturating_sub(ran);
                }
            }
        }
    }
    for inc in setup.incidents.iter().filter(|_| resume.is_none()) {
        match inc {
            Incident::WrongPreset {
                color, preset_s, ..
            } => clock_ms[idx(setup.side_of((*color).into()))] = preset_s * 1000,
            Incident::LateArrival { color, delay_s, .. } => {
                late[idx(setup.side_of((*color).into()))] = delay_s * 1000
            }
            _ => {}
        }
    }
    (clock_ms, late, resume)
}

/// When an incident scripted after ply `i` starts: its `offset_s` after `t`, the move before;
/// `None` for an incident not scripted after ply `i`.
fn starts_after(inc: &Incident, i: usize, t: u64) -> Option<u64> {
    let after_ply = inc.after_ply()?;
    (after_ply as usize == i).then(|| t + inc.offset_s() * 1000)
}

/// The steps of a flood scripted after ply `i` (device reports, garbage, unsolicited
/// acknowledgements, LiveChess junk), from `t`, the move before.
fn flood_steps(inc: &Incident, i: usize, t: u64, steps: &mut Vec<Timed>) {
    let Some(at) = starts_after(inc, i, t) else {
        return;
    };
    match *inc {
        Incident::Flood {
            duration_s, per_s, ..
        } => {
            let n = duration_s.saturating_mul(u64::from(per_s)).min(1_000_000);
            for k in 0..n {
                steps.push(Timed {
                    at: at + k * 1000 / u64::from(per_s.max(1)),
                    step: Step::Flood(k as u32),
                });
            }
        }
        Incident::GarbageFlood {
            duration_s,
            bytes_per_s,
            ..
        } => push_batches(
            steps,
            at,
            duration_s,
            bytes_per_s as u64,
            Step::GarbageFlood,
        ),
        Incident::UnsolicitedAcks {
            duration_s, per_s, ..
        } => push_batches(
            steps,
            at,
            duration_s,
            u64::from(per_s),
            Step::UnsolicitedAcks,
        ),
        Incident::LivechessNoise {
            duration_s,
            per_s,
            what,
            only,
            ..
        } => {
            if only {
                push_span(
                    steps,
                    at,
                    duration_s,
                    Step::Silence(true),
                    Step::Silence(false),
                );
            }
            let per_s = match what {
                LiveChessJunk::Oversized => u64::from(per_s.min(1)),
                _ => u64::from(per_s),
            };
            push_batches(steps, at, duration_s, per_s, |n| Step::Junk(what, n));
        }
        _ => {}
    }
}

/// The steps of a fault of the connection or the device scripted after ply `i` (silence,
/// garbage, floods, a clock that stops reporting, LiveChess noise), from `t`, the move before.
fn transport_fault_steps(inc: &Incident, i: usize, t: u64, steps: &mut Vec<Timed>) {
    flood_steps(inc, i, t, steps);
    let Some(at) = starts_after(inc, i, t) else {
        return;
    };
    match *inc {
        Incident::Disconnect { duration_s, .. } => push_span(
            steps,
            at,
            duration_s,
            Step::Silence(true),
            Step::Silence(false),
        ),
        Incident::Corrupt { bytes, .. } => steps.push(Timed {
            at,
            step: Step::Garbage(bytes),
        }),
        Incident::GarbageOnly {
            duration_s,
            bytes_per_s,
            ..
        } => {
            push_span(
                steps,
                at,
                duration_s,
                Step::Silence(true),
                Step::Silence(false),
            );
            for k in 0..duration_s {
                steps.push(Timed {
                    at: at + k * 1000,
                    step: Step::Noise(bytes_per_s),
                });
            }
        }
        Incident::ZeroClockReports { count, .. } => steps.push(Timed {
            at,
            step: Step::ZeroReports(count),
        }),
        Incident::NoClock { duration_s, .. } => push_span(
            steps,
            at,
            duration_s,
            Step::NoClock(true),
            Step::NoClock(false),
        ),
        Incident::BatteryLow { .. } => steps.push(Timed {
            at,
            step: Step::BatteryLow,
        }),
        _ => {}
    }
}

/// The steps the incidents scripted after ply `i` add while its mover (on `side`) thinks, from
/// `t` (the move before) for `think` ms: what they add to his time before the move, and whether
/// his flag falls there (the game stops).
fn incident_steps(
    setup: &BoardSetup,
    replayed: &Replayed,
    i: usize,
    t: u64,
    think: u64,
    side: ClockSide,
    steps: &mut Vec<Timed>,
) -> (u64, bool) {
    let mut extra = 0;
    let mut flagged = false;
    for inc in setup.incidents.iter() {
        transport_fault_steps(inc, i, t, steps);
        if inc.after_ply().map(|p| p as usize) != Some(i) {
            continue;
        }
        match *inc {
            Incident::Pause {
                duration_s,
                offset_s,
                ..
            } => {
                let at = t + offset_s.min(think / 1000) * 1000;
                push_span(steps, at, duration_s, Step::Stop, Step::Start(side));
                extra += duration_s * 1000;
            }
            Incident::Takeback {
                plies, offset_s, ..
            } => {
                let at = t + offset_s * 1000;
                for (k, n) in [plies, 0, 0].into_iter().enumerate() {
                    steps.push(Timed {
                        at: at + k as u64 * 1000,
                        step: Step::LiveChessList(n),
                    });
                }
            }
            Incident::ClockAdjust {
                color,
                add_s,
                offset_s,
                ..
            } => steps.push(Timed {
                at: t + offset_s * 1000,
                step: Step::AddTime(setup.side_of(color.into()), add_s * 1000),
            }),
            Incident::IllegalMove { hold_s, .. } => {
                extra += illegal_move_steps(replayed, i, t + think / 2, side, hold_s, steps);
            }
            Incident::Flag { .. } => flagged = true,
            _ => {}
        }
    }
    (extra, flagged)
}

/// An illegal move scripted after ply `i`, made at `at` by the mover on `side`: its fields set
/// on the board, the clock pressed, held for `hold_s`, the clock pressed back and the fields
/// restored. What it adds to the mover's time (nothing where no illegal move fits).
fn illegal_move_steps(
    replayed: &Replayed,
    i: usize,
    at: u64,
    side: ClockSide,
    hold_s: u64,
    steps: &mut Vec<Timed>,
) -> u64 {
    let pos = &replayed.positions[i];
    let Some(fields) = illegal_fields(pos, replayed.moves[i]) else {
        return 0;
    };
    let restore: Vec<_> = fields
        .iter()
        .map(|(sq, _)| (*sq, pos.board().piece_at(*sq)))
        .collect();
    steps.push(Timed {
        at,
        step: Step::Fields(fields),
    });
    steps.push(Timed {
        at: at + 1000,
        step: Step::Press {
            side,
            increment: false,
        },
    });
    let back = at + 1000 + hold_s * 1000;
    steps.push(Timed {
        at: back,
        step: Step::Press {
            side: side.other(),
            increment: false,
        },
    });
    steps.push(Timed {
        at: back + 1000,
        step: Step::Fields(restore),
    });
    hold_s * 1000 + 2000
}

/// LiveChess' own habits at ply `i`, made at `t`: a misrecognised move corrected later, two
/// moves in one message.
fn livechess_habit_steps(
    setup: &BoardSetup,
    replayed: &Replayed,
    i: usize,
    t: u64,
    steps: &mut Vec<Timed>,
) {
    for inc in &setup.incidents {
        match *inc {
            Incident::LivechessCorrection {
                after_ply, delay_s, ..
            } if after_ply as usize == i => {
                if let Some(wrong) = misrecognised(&replayed.positions[i], replayed.moves[i]) {
                    let mut list = replayed.san[..i].to_vec();
                    list.push(wrong);
                    steps.push(Timed {
                        at: t,
                        step: Step::LiveChessView(Some(list)),
                    });
                    steps.push(Timed {
                        at: t + delay_s.max(1) * 1000,
                        step: Step::LiveChessView(None),
                    });
                }
            }
            Incident::LivechessTwoMoves { after_ply, .. } if after_ply as usize == i => {
                steps.push(Timed {
                    at: t,
                    step: Step::LiveChessHold(true),
                });
            }
            Incident::LivechessTwoMoves { after_ply, .. } if after_ply as usize + 1 == i => {
                steps.push(Timed {
                    at: t,
                    step: Step::LiveChessHold(false),
                });
            }
            _ => {}
        }
    }
}

/// A state that lasts `duration_s` seconds from `at` (a pause, a silence, the clock taken off
/// the board): `on` at `at`, `off` at its end.
fn push_span(steps: &mut Vec<Timed>, at: u64, duration_s: u64, on: Step, off: Step) {
    steps.push(Timed { at, step: on });
    steps.push(Timed {
        at: at + duration_s * 1000,
        step: off,
    });
}

fn idx(s: ClockSide) -> usize {
    match s {
        ClockSide::Left => 0,
        ClockSide::Right => 1,
    }
}

/// A simulated e-board with its clock.
#[derive(Debug, Clone)]
pub struct BoardSim {
    pub setup: BoardSetup,
    steps: Vec<Timed>,
    next: usize,
    now: u64,
    moves: Vec<shakmaty::Move>,
    pos: Chess,
    board: Board,
    san: Vec<String>,
    clock_ms: [u64; 2],
    flag: [bool; 2],
    running: Option<ClockSide>,
    lever: ClockSide,
    presses: [u32; 2],
    last_report: Option<ClockTimes>,
    silent: bool,
    garbage_seed: u32,
    move_times: Vec<u64>,
    /// The board's move log (EEPROM), as the board writes it.
    ee: EeLog,
    no_clock: bool,
    battery_low: bool,
    /// A clock without a move counter (`period_at_zero`): the period flag per side until this
    /// game time, and whether the next period was already added.
    period_at_zero: bool,
    period_flag_until: [Option<u64>; 2],
    period_added: bool,
    turn_bits_2015: bool,
    /// The list LiveChess shows where it differs from the board's moves.
    livechess_view: Option<Vec<String>>,
    /// LiveChess holds back its messages about the board.
    livechess_hold: bool,
}

impl BoardSim {
    /// Builds the board and its timeline. Fails when the game does not replay legally.
    pub fn new(setup: BoardSetup) -> anyhow::Result<BoardSim> {
        let replayed = setup.game.replay()?;
        let n = setup
            .max_plies
            .unwrap_or(usize::MAX)
            .min(replayed.moves.len());
        let tc = setup.time_control;
        let mut steps = Vec::new();
        let mut move_times = Vec::new();
        let (clock_ms, mut late, resume) = initial_clocks(&setup, n);
        let skip = resume.map_or(0, |r| r.plies);
        let to_move = if skip.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        if skip < n {
            steps.push(Timed {
                at: 0,
                step: Step::Start(setup.side_of(to_move)),
            });
        }
        let mut t = 0u64;
        let mut prev_clk = [tc.base_ms; 2]; // by colour: 0 white, 1 black
        let mut moves_by = [0u32; 2];
        let mut flagged = false;
        for i in 0..n {
            let color = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let ci = if color == Color::White { 0 } else { 1 };
            let side = setup.side_of(color);
            moves_by[ci] += 1;
            let bonus = if tc.bonus_after_moves > 0 && moves_by[ci] == tc.bonus_after_moves {
                tc.bonus_ms
            } else {
                0
            };
            let clk = setup.game.moves[i].clk_ms;
            let mut think = match clk {
                Some(c) => (prev_clk[ci] + tc.increment_ms + bonus).saturating_sub(c),
                None => 10_000,
            };
            if i < skip {
                // played before the board took up its game
                if let Some(c) = clk {
                    prev_clk[ci] = c;
                }
                move_times.push(0);
                continue;
            }
            if i == skip
                && let Some(r) = resume
            {
                // the mover has thought since his clock last stopped
                let now = r.clocks[color].ms();
                think = think.saturating_sub(prev_clk[ci].saturating_sub(now));
            }
            let think = think.max(500);
            if let Some(c) = clk {
                prev_clk[ci] = c;
            }
            let mut extra = std::mem::take(&mut late[idx(side)]);
            let (more, flag) = incident_steps(&setup, &replayed, i, t, think, side, &mut steps);
            extra += more;
            flagged = flag;
            if flagged {
                break;
            }
            t += think + extra;
            move_times.push(t);
            steps.push(Timed {
                at: t,
                step: Step::Move(i),
            });
            steps.push(Timed {
                at: t,
                step: Step::Press {
                    side,
                    increment: true,
                },
            });
            livechess_habit_steps(&setup, &replayed, i, t, &mut steps);
        }
        if !flagged {
            steps.push(Timed {
                at: t + 3000,
                step: Step::Stop,
            });
        }
        steps.sort_by_key(|s| s.at); // stable: same-time steps keep their order
        let mut sim = BoardSim::assemble(
            setup,
            steps,
            replayed.moves[..n].to_vec(),
            clock_ms,
            move_times,
        );
        sim.take_up(skip);
        Ok(sim)
    }

    /// The simulator of a board whose steps are laid out: the device's state at power-up (the
    /// clocks, a period at zero or the 2015 turn bits where the scenario sets them, the
    /// e-board's log).
    fn assemble(
        setup: BoardSetup,
        steps: Vec<Timed>,
        moves: Vec<shakmaty::Move>,
        mut clock_ms: [u64; 2],
        move_times: Vec<u64>,
    ) -> BoardSim {
        let lever = setup.white_side.other();
        let mut period_at_zero = false;
        for inc in &setup.incidents {
            if let Incident::PeriodAtZero { first_period_s, .. } = *inc {
                period_at_zero = true;
                clock_ms = [first_period_s * 1000; 2];
            }
        }
        let turn_bits_2015 = setup
            .incidents
            .iter()
            .any(|i| matches!(i, Incident::TurnBits2015 { .. }));
        let mut ee = EeLog::new();
        ee.tag(tag::POWERUP);
        ee.tag(if setup.rotated {
            tag::BEGINPOS_ROT
        } else {
            tag::BEGINPOS
        });
        let garbage_seed = u32::from(setup.board.0).wrapping_mul(2_654_435_761) | 1;
        BoardSim {
            steps,
            next: 0,
            now: 0,
            moves,
            pos: Chess::default(),
            board: Board::default(),
            san: Vec::new(),
            clock_ms,
            flag: [false; 2],
            running: None,
            lever,
            presses: [0; 2],
            last_report: None,
            silent: false,
            garbage_seed,
            move_times,
            ee,
            no_clock: false,
            battery_low: false,
            period_at_zero,
            period_flag_until: [None; 2],
            period_added: false,
            turn_bits_2015,
            livechess_view: None,
            livechess_hold: false,
            setup,
        }
    }

    /// Plays the first `plies` half-moves on the board before its timeline starts (a game taken
    /// up): the pieces, the move log with a time record per press, the presses counted.
    fn take_up(&mut self, plies: usize) {
        let mut discard = Vec::new();
        for i in 0..plies {
            let m = self.moves[i];
            let mover = self.pos.turn();
            let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut self.pos, m);
            self.san.push(san.to_string());
            let target = self.pos.board().clone();
            self.morph(&target, &mut discard);
            let side = if mover == Color::White {
                self.setup.white_side
            } else {
                self.setup.white_side.other()
            };
            self.presses[idx(side)] += 1;
            let clk = self.setup.game.moves[i].clk_ms.unwrap_or(0);
            self.ee.time(side, clk);
        }
        if plies > 0 {
            let next = if self.pos.turn() == Color::White {
                self.setup.white_side
            } else {
                self.setup.white_side.other()
            };
            self.lever = next;
        }
    }

    /// The board's move log, as the EE_MOVES message carries it.
    pub fn ee_dump(&self) -> Vec<u8> {
        self.ee.dump()
    }

    /// No clock is connected to the board.
    pub fn no_clock(&self) -> bool {
        self.no_clock
    }

    /// The game time (ms) of the next change: the next scripted step, the running clock's next
    /// display change (its whole seconds, as a clock reports them), or a period flag going out.
    pub fn next_change(&self) -> u64 {
        let mut t = self.steps.get(self.next).map_or(u64::MAX, |s| s.at);
        if let Some(r) = self.running {
            let ms = self.clock_ms[idx(r)];
            t = t.min(self.now + ms % 1000 + 1);
        }
        for u in self.period_flag_until.iter().flatten() {
            if *u > self.now {
                t = t.min(*u);
            }
        }
        t
    }

    /// The game times (ms) at which the moves are made.
    pub fn move_times(&self) -> &[u64] {
        &self.move_times
    }

    /// Whether every scripted step has happened.
    pub fn finished(&self) -> bool {
        self.next >= self.steps.len()
    }

    /// The game time of the last step (the end of the timeline).
    pub fn end_time(&self) -> u64 {
        self.steps.last().map_or(0, |s| s.at)
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// The board's raw dump, as the DGT board sends it.
    pub fn raw_board(&self) -> RawBoard {
        RawBoard::from_board(&self.board, self.setup.rotated)
    }

    /// The physical placement (FEN board field).
    pub fn placement(&self) -> String {
        self.board.to_string()
    }

    /// The SAN moves played so far.
    pub fn san(&self) -> &[String] {
        &self.san
    }

    /// Whether LiveChess holds back its messages about the board (the moves it will send at
    /// once).
    pub fn livechess_held(&self) -> bool {
        self.livechess_hold
    }

    /// The moves as LiveChess shows them: the board's, or a list it recognised differently
    /// (a scripted correction or two moves in one message).
    pub fn livechess_san(&self) -> Vec<String> {
        self.livechess_view
            .clone()
            .unwrap_or_else(|| self.san.clone())
    }

    pub fn silent(&self) -> bool {
        self.silent
    }

    /// The clock report as the board would send it now.
    pub fn clock_times(&self) -> ClockTimes {
        if self.no_clock {
            // no clock connected: no times, the "no clock" bit
            return ClockTimes {
                left: SideTime::default(),
                right: SideTime::default(),
                status: status::NO_CLOCK,
            };
        }
        let mut t = ClockTimes::new(self.clock_ms[0], self.clock_ms[1], self.running, self.lever);
        t.left.final_flag = self.flag[0];
        t.right.final_flag = self.flag[1];
        t.left.period_flag = self.period_flag_until[0].is_some_and(|u| self.now < u);
        t.right.period_flag = self.period_flag_until[1].is_some_and(|u| self.now < u);
        if self.battery_low {
            t.status |= status::BATTERY_LOW;
        }
        if self.turn_bits_2015 {
            let turn = t.status & (status::LEFT_TURN | status::RIGHT_TURN);
            t.status &= !(status::LEFT_TURN | status::RIGHT_TURN);
            if turn & status::LEFT_TURN != 0 {
                t.status |= status::RIGHT_TURN;
            }
            if turn & status::RIGHT_TURN != 0 {
                t.status |= status::LEFT_TURN;
            }
        }
        t
    }

    /// Whether the clock carries out SETNRUN (its host-controlled mode).
    pub fn host_controlled_clock(&self) -> bool {
        self.setup.host_controlled_clock && !self.no_clock
    }

    /// SETNRUN carried out: both sides set to these times, `running` runs (none: paused). The
    /// game's later presses go on from them.
    pub fn set_and_run(
        &mut self,
        left_ms: u64,
        right_ms: u64,
        running: Option<ClockSide>,
        out: &mut Vec<SimOutput>,
    ) {
        self.clock_ms = [left_ms, right_ms];
        self.flag = [left_ms == 0, right_ms == 0];
        self.running = running;
        if let Some(r) = running {
            self.lever = r;
        }
        self.report(out);
    }

    /// The clock's exact time per side (ms) at the current game time: what the display
    /// truncates (for accuracy measurements).
    pub fn clock_ms(&self) -> [u64; 2] {
        self.clock_ms
    }

    /// (white ms, black ms, running colour) for the LiveChess view.
    pub fn clock_by_colour(&self) -> (u64, u64, Option<Color>) {
        let w = idx(self.setup.white_side);
        let running = self.running.map(|r| {
            if r == self.setup.white_side {
                Color::White
            } else {
                Color::Black
            }
        });
        (self.clock_ms[w], self.clock_ms[1 - w], running)
    }

    fn advance_clock(&mut self, to: u64, out: &mut Vec<SimOutput>) {
        if to > self.now {
            let dt = to - self.now;
            self.now = to;
            if let Some(r) = self.running {
                let i = idx(r);
                if self.clock_ms[i] <= dt && self.period_at_zero && !self.period_added {
                    // the DGT 3000 adds the next period to both sides at 0:00 (period flag)
                    let over = dt - self.clock_ms[i];
                    let bonus = self.setup.time_control.bonus_ms;
                    self.period_added = true;
                    self.clock_ms[i] = bonus.saturating_sub(over);
                    self.clock_ms[1 - i] += bonus;
                    self.period_flag_until[i] = Some(to - over + 300_000);
                } else if self.clock_ms[i] <= dt {
                    self.clock_ms[i] = 0;
                    self.flag[i] = true;
                    self.running = None;
                } else {
                    self.clock_ms[i] -= dt;
                }
            }
        }
        self.report(out);
    }

    fn report(&mut self, out: &mut Vec<SimOutput>) {
        let t = self.clock_times();
        if self.last_report != Some(t) {
            self.last_report = Some(t);
            out.push(SimOutput::Frame(Message::ClockTimes(t)));
        }
    }

    fn set_square(&mut self, sq: Square, piece: Option<Piece>, out: &mut Vec<SimOutput>) {
        match piece {
            Some(p) => self.board.set_piece_at(sq, p),
            None => self.board.discard_piece_at(sq),
        }
        let i = dgt_index(sq);
        let i = if self.setup.rotated { 63 - i } else { i };
        self.ee.field(i as u8, piece.map_or(0, piece_to_code));
        out.push(SimOutput::Frame(Message::FieldUpdate {
            square: i as u8,
            piece: piece.map_or(0, piece_to_code),
        }));
    }

    /// Moves the physical board from its placement to `target`, square by square: first the
    /// squares that empty, then the squares that fill (a capture lifts the captured piece first).
    fn morph(&mut self, target: &Board, out: &mut Vec<SimOutput>) {
        let before = self.board.clone();
        for sq in Square::ALL {
            if before.piece_at(sq).is_some() && target.piece_at(sq).is_none() {
                self.set_square(sq, None, out);
            }
        }
        for sq in Square::ALL {
            let (a, b) = (before.piece_at(sq), target.piece_at(sq));
            if b.is_some() && a != b {
                if a.is_some() {
                    self.set_square(sq, None, out);
                }
                self.set_square(sq, b, out);
            }
        }
    }

    /// Advances the game to `game_ms`, appending what the board and clock send.
    pub fn advance_to(&mut self, game_ms: u64, out: &mut Vec<SimOutput>) {
        while let Some(s) = self.steps.get(self.next) {
            if s.at > game_ms {
                break;
            }
            let Timed { at, step } = s.clone();
            self.next += 1;
            self.advance_clock(at, out);
            if self.play(step, out) {
                self.report(out);
            }
        }
        self.advance_clock(game_ms, out);
    }

    /// Plays one step, appending what the board and clock send; false when the step did
    /// nothing (a press of a clock whose flag fell): the clock is not reported.
    fn play(&mut self, step: Step, out: &mut Vec<SimOutput>) -> bool {
        match step {
            Step::Move(i) => {
                let m = self.moves[i];
                let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut self.pos, m);
                self.san.push(san.to_string());
                let target = self.pos.board().clone();
                self.morph(&target, out);
            }
            Step::Fields(f) => {
                for (sq, p) in f {
                    self.set_square(sq, p, out);
                }
            }
            Step::Press { side, increment } => return self.press(side, increment),
            Step::AddTime(side, ms) => {
                let i = idx(side);
                self.clock_ms[i] = self.clock_ms[i].saturating_add_signed(ms);
            }
            Step::Stop => self.running = None,
            Step::Start(side) => {
                self.running = Some(side);
                self.lever = side;
            }
            Step::Silence(on) => {
                self.silent = on;
                out.push(SimOutput::Silence(on));
            }
            Step::Garbage(n) => {
                let bytes = (0..n).map(|_| self.next_garbage_byte()).collect();
                out.push(SimOutput::Garbage(bytes));
            }
            Step::Noise(n) => {
                // noise without a frame: no byte has the MSB set
                let bytes = (0..n).map(|_| self.next_garbage_byte() & 0x7F).collect();
                out.push(SimOutput::Noise(bytes));
            }
            Step::ZeroReports(n) => {
                for _ in 0..n {
                    out.push(SimOutput::Frame(Message::ClockTimes(ClockTimes::default())));
                }
            }
            Step::NoClock(on) => self.no_clock = on,
            Step::BatteryLow => self.battery_low = true,
            Step::Flood(k) => self.flood(k, out),
            Step::LiveChessList(n) => {
                let keep = self.san.len().saturating_sub(n as usize);
                out.push(SimOutput::LiveChessList(self.san[..keep].to_vec()));
            }
            Step::GarbageFlood(n) => {
                out.push(SimOutput::Garbage(hostile_bytes(&mut self.garbage_seed, n)));
            }
            Step::UnsolicitedAcks(n) => out.push(SimOutput::Garbage(unsolicited_acks(n))),
            Step::Junk(what, n) => {
                out.push(SimOutput::LiveChessJunk(
                    what,
                    n.min(u64::from(u32::MAX)) as u32,
                ));
            }
            Step::LiveChessHold(on) => {
                self.livechess_hold = on;
                if !on {
                    out.push(SimOutput::LiveChessList(self.san.clone()));
                }
            }
            Step::LiveChessView(view) => {
                let back = view.is_none();
                self.livechess_view = view;
                if back {
                    out.push(SimOutput::LiveChessList(self.san.clone()));
                }
            }
        }
        true
    }

    /// A press of the clock's lever on `side` (`increment`: at a move, with the increment and
    /// any bonus); false when that side's flag fell (the clock no longer runs).
    fn press(&mut self, side: ClockSide, increment: bool) -> bool {
        let i = idx(side);
        if self.flag[i] {
            return false;
        }
        if increment {
            self.presses[i] += 1;
            let tc = self.setup.time_control;
            self.clock_ms[i] += tc.increment_ms;
            if tc.bonus_after_moves > 0
                && self.presses[i] == tc.bonus_after_moves
                && !self.period_at_zero
            {
                self.clock_ms[i] += tc.bonus_ms;
            }
        }
        // the log keeps the time of the clock that stopped
        self.ee.time(side, self.clock_ms[i]);
        self.lever = side.other();
        self.running = Some(side.other());
        true
    }

    /// The next byte of the line noise the board sends (a linear congruential generator).
    fn next_garbage_byte(&mut self) -> u8 {
        self.garbage_seed = self
            .garbage_seed
            .wrapping_mul(1_103_515_245)
            .wrapping_add(12_345);
        (self.garbage_seed >> 16) as u8
    }

    /// The `k`th report of a flood: the clock (every other one a second off) and LiveChess'
    /// list of moves (every other one a move short).
    fn flood(&mut self, k: u32, out: &mut Vec<SimOutput>) {
        let mut t = self.clock_times();
        if k.is_multiple_of(2) && !self.no_clock {
            let bump = |s: SideTime| SideTime {
                ..SideTime::from_ms(s.ms() + 1000)
            };
            t.left = SideTime {
                final_flag: t.left.final_flag,
                ..bump(t.left)
            };
        }
        out.push(SimOutput::Frame(Message::ClockTimes(t)));
        let n = self.san.len();
        let list = if k.is_multiple_of(2) && n > 0 {
            self.san[..n - 1].to_vec()
        } else {
            self.san.clone()
        };
        out.push(SimOutput::LiveChessList(list));
    }
}

/// Another legal move for the mover of `real` (of the same piece where it has one), as LiveChess
/// might recognise it from pieces in the air: its SAN.
fn misrecognised(pos: &Chess, real: shakmaty::Move) -> Option<String> {
    let moves = pos.legal_moves();
    let other = moves
        .iter()
        .find(|m| **m != real && m.from() == real.from())
        .or_else(|| moves.iter().find(|m| **m != real))?;
    Some(shakmaty::san::SanPlus::from_move(pos.clone(), *other).to_string())
}

/// An illegal placement for the mover of `real`: its piece put on a square no legal move
/// reaches (the nearest empty square), as field changes.
fn illegal_fields(pos: &Chess, real: shakmaty::Move) -> Option<Vec<(Square, Option<Piece>)>> {
    let from = real.from()?;
    let piece = pos.board().piece_at(from)?;
    let legal: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to())
        .collect();
    let mut candidates: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|&sq| pos.board().piece_at(sq).is_none() && !legal.contains(&sq))
        .collect();
    candidates.sort_by_key(|&sq| from.distance(sq));
    let to = *candidates.first()?;
    Some(vec![(from, None), (to, Some(piece))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn;

    fn setup(text: &str) -> BoardSetup {
        BoardSetup {
            board: BoardNo(1),
            serial: "10001".into(),
            game: pgn::parse(text).unwrap().remove(0),
            white_side: ClockSide::Left,
            rotated: false,
            max_plies: None,
            time_control: TimeControlSpec::default(),
            incidents: Vec::new(),
            host_controlled_clock: false,
            resume: None,
        }
    }

    #[test]
    fn set_and_run_sets_both_times_and_the_running_side() {
        let mut sim = BoardSim::new(setup(
            "1. e4 {[%clk 1:30:21]} e5 {[%clk 1:29:59]} 2. Nf3 {[%clk 1:25:00]} *",
        ))
        .unwrap();
        let times = sim.move_times().to_vec();
        let mut out = Vec::new();
        sim.advance_to(times[0] + 500, &mut out);
        // White (left) +2:00 as the arbiter ruled; Black's time runs on.
        let left = sim.clock_times().left.ms() + 120_000;
        let right = sim.clock_times().right.ms();
        sim.set_and_run(left, right, Some(ClockSide::Right), &mut out);
        let t = sim.clock_times();
        assert_eq!((t.left.ms(), t.right.ms()), (left, right));
        assert_eq!(t.running_side(), Some(ClockSide::Right));
        assert!(matches!(out.last(), Some(SimOutput::Frame(Message::ClockTimes(r))) if *r == t));
        // The clock runs on from the set values.
        sim.advance_to(times[0] + 10_500, &mut out);
        assert_eq!(sim.clock_times().right.ms(), right - 10_000);
        assert_eq!(sim.clock_times().left.ms(), left);
    }

    #[test]
    fn clocks_after_each_move_equal_the_pgn() {
        let mut sim = BoardSim::new(setup(
            "1. e4 {[%clk 1:30:21]} e5 {[%clk 1:29:59]} 2. Nf3 {[%clk 1:25:00]} *",
        ))
        .unwrap();
        let times = sim.move_times().to_vec();
        assert_eq!(times.len(), 3);
        let mut out = Vec::new();
        sim.advance_to(times[0], &mut out);
        let t = sim.clock_times();
        assert_eq!(t.left.ms(), 5_421_000);
        assert_eq!(t.running_side(), Some(ClockSide::Right));
        sim.advance_to(times[2], &mut out);
        assert_eq!(sim.clock_times().left.ms(), 5_100_000);
        assert_eq!(sim.clock_times().right.ms(), 5_399_000);
        assert_eq!(sim.san(), ["e4", "e5", "Nf3"]);
        let fields = out
            .iter()
            .filter(|o| matches!(o, SimOutput::Frame(Message::FieldUpdate { .. })))
            .count();
        assert_eq!(fields, 6);
        sim.advance_to(u64::MAX / 2, &mut out);
        assert!(sim.finished());
        assert_eq!(sim.clock_times().running_side(), None);
    }

    #[test]
    fn hostile_noise_is_never_a_frame_and_leaves_the_next_frame_whole() {
        use arbiter_protocol::dgt::Decoder;
        let mut seed = 7;
        let mut bytes = Vec::new();
        for _ in 0..200 {
            bytes.extend(hostile_bytes(&mut seed, 1_000));
            // a real frame between two bursts
            encode_message(
                &Message::FieldUpdate {
                    square: 12,
                    piece: 1,
                },
                &mut bytes,
            );
        }
        let mut d = Decoder::new();
        d.push(&bytes);
        let mut frames = Vec::new();
        while let Some(r) = d.next() {
            if let Ok(m) = r {
                frames.push(m);
            }
        }
        let valid: Vec<_> = frames
            .iter()
            .filter(|m| !matches!(m, Message::Unknown { .. }))
            .collect();
        // every real frame, and nothing else
        assert_eq!(valid.len(), 200, "{:?}", &valid[..3.min(valid.len())]);
        assert!(valid.iter().all(|m| matches!(
            m,
            Message::FieldUpdate {
                square: 12,
                piece: 1
            }
        )));
        let st = d.stats();
        assert!(st.garbage_bytes > 100_000 && st.bad_frames > 1_000 && st.oversize_frames > 1_000);
        assert!(st.unknown_messages > 1_000);
        // and acknowledgements are acknowledgements
        let mut d = Decoder::new();
        d.push(&unsolicited_acks(8));
        let acks = std::iter::from_fn(|| d.next())
            .filter(|r| matches!(r, Ok(Message::ClockAck(_))))
            .count();
        assert_eq!(acks, 8);
    }

    #[test]
    fn a_resumed_board_still_waits_for_a_late_player() {
        let text = "1. e4 {[%clk 1:30:10]} e5 {[%clk 1:29:50]} 2. Nf3 {[%clk 1:30:00]} *";
        let resumed = |late: bool| {
            let mut b = setup(text);
            if late {
                b.incidents.push(Incident::LateArrival {
                    board: 1,
                    color: crate::scenario::ColorName::Black,
                    delay_s: 900,
                });
            }
            // taken up after 1.e4 (White thought 20 s), Black's clock has run for 40 s
            b.resume = Some(BoardResume {
                board: 1,
                plies: 1,
                clocks: ByColor {
                    white: ClockMs::new(5_410_000),
                    black: ClockMs::new(5_360_000),
                },
            });
            BoardSim::new(b).unwrap().move_times()[1]
        };
        // on time: Black moves within his move's thinking
        assert!(resumed(false) < 60_000, "{}", resumed(false));
        // late: he arrives 900 s after the start, 60 s of which have passed
        let t = resumed(true);
        assert!((840_000..900_000).contains(&t), "{t}");
    }

    #[test]
    fn a_board_takes_up_its_game_from_a_position_and_clocks() {
        let text = "1. e4 {[%clk 1:30:21]} e5 {[%clk 1:29:59]} 2. Nf3 {[%clk 1:25:00]} Nc6 \
                    {[%clk 1:29:00]} 3. Bb5 {[%clk 1:20:00]} *";
        let whole = BoardSim::new(setup(text)).unwrap();
        // taken up after 1.e4 e5 2.Nf3, Black having thought 20 s of the 89 s his move takes
        let mut b = setup(text);
        b.resume = Some(BoardResume {
            board: 1,
            plies: 3,
            clocks: ByColor {
                white: ClockMs::new(5_100_000),
                black: ClockMs::new(5_379_000),
            },
        });
        let mut sim = BoardSim::new(b).unwrap();
        assert_eq!(sim.san(), ["e4", "e5", "Nf3"]);
        let mut out = Vec::new();
        sim.advance_to(0, &mut out);
        let t = sim.clock_times();
        assert_eq!((t.left.ms(), t.right.ms()), (5_100_000, 5_379_000));
        assert_eq!(t.running_side(), Some(ClockSide::Right));
        // Black moves after the rest of his thinking, his clock then shows the PGN's time
        let times = sim.move_times().to_vec();
        assert_eq!(times[3], 69_000);
        sim.advance_to(times[3], &mut out);
        assert_eq!(sim.san(), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(sim.clock_times().right.ms(), 5_340_000);
        sim.advance_to(times[4], &mut out);
        assert_eq!(sim.clock_times().left.ms(), 4_800_000);
        // the move log holds the whole game, as the board wrote it
        let (records, _) = arbiter_protocol::dgt::eeprom::parse(&sim.ee_dump());
        let steps = arbiter_protocol::dgt::eeprom::placements(&records);
        let game = arbiter_protocol::eboard::Tracker::log_game(&steps).unwrap();
        let uci: Vec<&str> = game.moves.iter().map(|(u, _)| u.as_str()).collect();
        assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        assert_eq!(game.moves[2].1, Some(5_100_000));
        assert_eq!(whole.san().len(), 0);
    }
}
