//! A fixed match situation for snapshot tests and benchmarks (not used by the console).

use std::path::Path;

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use arbiter_core::intervention::{IllegalKind, InterventionKind};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult, TeamSide};
use arbiter_core::record::{
    BoardIrregularity, ClockSample, Event, FeedState, FeedStatus, MoveMade, Note, Origin,
    PlayerArrived, ResultRecorded, RoundStarted, SessionStarted,
};
use arbiter_core::rules;
use arbiter_core::state::{self, MatchState};
use arbiter_core::time::{MonoMs, WallMs};

/// 2026-11-28 13:00:00 UTC (14:00 in the demo match's time zone).
pub const WALL0: WallMs = WallMs::from_unix_ms(1_795_870_800_000);
/// The moment the fixture is drawn at.
pub const NOW: MonoMs = MonoMs::from_base_ms(NOW_MS);
/// [`NOW`] in ms since the session start: the fixture's own timeline counts in these.
const NOW_MS: u64 = 3_725_400;

/// The wall time of a moment of the fixture's session, which started at [`WALL0`].
pub fn wall_of(mono: MonoMs) -> WallMs {
    WALL0 + i64::try_from(mono.saturating_since(MonoMs::ORIGIN)).unwrap_or(0)
}

const LINES: [&str; 8] = [
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7",
    "d2d4 g8f6 c2c4 e7e6 g1f3 d7d5 b1c3 f8e7 c1f4 e8g8 e2e3 c7c5",
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5 f1g2 d5b6 e1g1 f8e7 d2d3 e8g8 a2a3 c8e6 b2b4 f7f6",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6",
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5",
    "e2e4",
];

/// The demo match file of this repository (`config/matches/demo-bundesliga.toml` under the
/// `bundesliga` profile), compiled in.
pub fn demo_match() -> Match {
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        include_str!("../../../config/matches/demo-bundesliga.toml"),
        Path::new("config/rules/bundesliga.toml"),
        include_str!("../../../config/rules/bundesliga.toml"),
    )
    .expect("demo match loads")
}

/// An input of the fixture, applied in time order.
#[allow(clippy::large_enum_variant)]
enum Input {
    Ev(Origin, Event),
    /// An illegal move confirmed by the arbiter as the rules propose it (needs the state then).
    Illegal(BoardNo, Color),
}

/// The demo match about an hour in: moves on every board, board 5 in time trouble, board 6's
/// feed stale, an irregularity and an illegal move on board 3, a draw on board 7, board 8's
/// guest player absent. `boards` > 8 repeats the pattern (names only for 1–8).
pub fn situation(m: &Match, boards: u16) -> MatchState {
    situation_journal(m, boards).0
}

/// [`situation`] with the journal's records it folds (for a report of the fixture).
pub fn situation_journal(m: &Match, boards: u16) -> (MatchState, Vec<Record>) {
    situation_journal_with(m, boards, false)
}

/// [`situation_journal`]; `late`: board 4's home player arrives ten minutes after the start.
fn situation_journal_with(m: &Match, boards: u16, late: bool) -> (MatchState, Vec<Record>) {
    let mut inputs: Vec<(u64, Input)> = Vec::new();
    let mut illegal: Vec<(u64, Input)> = Vec::new();
    {
        let mut push = |t: u64, o: Origin, e: Event| inputs.push((t, Input::Ev(o, e)));
        push(
            0,
            Origin::System,
            Event::from(SessionStarted {
                match_sha256: "0".repeat(64),
                profile_sha256: "0".repeat(64),
                match_path: "config/matches/demo-bundesliga.toml".into(),
                profile_id: m.profile.id.clone(),
                boards,
                software: "fixture".into(),
                time_control: Some(m.time_control.clone()),
                profile_path: None,
                match_text: None,
                profile_text: None,
            }),
        );
        push(
            60_000,
            Origin::System,
            Event::RoundStarted(RoundStarted::default()),
        );
    }
    for i in 0..boards {
        board_inputs(m, i, late, &mut inputs, &mut illegal);
    }
    inputs.extend(illegal);
    inputs.push((
        2_000_000,
        Input::Ev(
            Origin::Arbiter,
            Event::Note(Note {
                board: None,
                text: "Spectator asked to leave the playing area".into(),
                witnesses: Vec::new(),
            }),
        ),
    ));
    fold_inputs(m, boards, inputs)
}

/// A clock report of the fixture (White on the left).
fn sample(board: BoardNo, left_ms: u64, right_ms: u64, running: Option<ClockSide>) -> Event {
    Event::ClockSample(ClockSample {
        board,
        left_ms,
        right_ms,
        running,
        left_flag: false,
        right_flag: false,
        white_side: Some(ClockSide::Left),
        left_flag_kind: None,
        right_flag_kind: None,
    })
}

/// The inputs of board `i + 1`: its feed, the arrivals, its game with the clock, and what the
/// pattern gives the board (time trouble, a stale feed, a draw, an irregularity and an illegal
/// move, which goes into `illegal`: it is confirmed as the rules propose when folded).
fn board_inputs(
    m: &Match,
    i: u16,
    late: bool,
    inputs: &mut Vec<(u64, Input)>,
    illegal: &mut Vec<(u64, Input)>,
) {
    let mut push = |t: u64, o: Origin, e: Event| inputs.push((t, Input::Ev(o, e)));
    let base = m.time_control.initial_ms();
    let board = BoardNo(i + 1);
    let o = Origin::Feed(board);
    let k = usize::from(i % 8);
    for (t, o, e) in feed_and_arrivals(board, k, late) {
        push(t, o, e);
    }
    let mut pos = Chess::default();
    let (mut left, mut right) = (base, base);
    let mut t = 60_000 + u64::from(i) * 10;
    push(t, o, sample(board, left, right, Some(ClockSide::Left)));
    let mut running = ClockSide::Left;
    for (ply, u) in LINES[k].split(' ').enumerate() {
        let (mv, think) = played(&mut pos, board, ply, u);
        t += think;
        if ply % 2 == 0 {
            left = left.saturating_sub(think) + 30_000;
            running = ClockSide::Right;
        } else {
            right = right.saturating_sub(think) + 30_000;
            running = ClockSide::Left;
        }
        push(t, o, Event::MoveMade(mv));
        push(t + 200, o, sample(board, left, right, Some(running)));
    }
    // The clock's last report, just before "now" (board 6's feed went quiet earlier).
    let last = if k == 5 {
        NOW_MS - 24_000
    } else {
        NOW_MS - 600
    };
    let gone = last.saturating_sub(t + 200);
    match running {
        ClockSide::Left => left = left.saturating_sub(gone),
        ClockSide::Right => right = right.saturating_sub(gone),
    }
    if k == 4 {
        // Time trouble: White (to move) is under a minute.
        left = 41_300;
    }
    if k == 2 {
        // The arbiter set the clock after Black's illegal move (White +2 min, Black's
        // increment taken back): the last report shows it.
        left += 120_000;
        right = right.saturating_sub(30_000);
    }
    if k != 6 {
        push(last, o, sample(board, left, right, Some(running)));
    }
    if k == 5 {
        push(
            NOW_MS - 20_000,
            o,
            Event::FeedStatus(FeedStatus {
                board,
                state: FeedState::Stale,
                detail: "no data for 3 s".into(),
            }),
        );
    }
    if k == 6 {
        push(t + 4_000, o, sample(board, left, right, None));
        push(
            t + 5_000,
            Origin::Arbiter,
            Event::ResultRecorded(ResultRecorded {
                board,
                result: GameResult::Draw,
                reason: String::new(),
                ending: Some(arbiter_core::record::Ending::Agreement),
                overridden: Vec::new(),
            }),
        );
    }
    if k == 2 {
        push(
            t + 10_000,
            o,
            Event::BoardIrregularity(BoardIrregularity::new(
                board,
                "r1bqk2r/2p1bppp/p1np1n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1".into(),
                arbiter_core::msg!(
                    "feed-irregular-no-legal-move",
                    player = Color::Black,
                    ply = 14,
                    diff = "c8:b>. d6:.>p"
                ),
            )),
        );
        illegal.push((t + 60_000, Input::Illegal(board, Color::Black)));
    }
}

/// A board's feed going live, its counters (board 3 had a little line noise), and the arrivals
/// (board 8's guest player is absent).
fn feed_and_arrivals(board: BoardNo, k: usize, late: bool) -> Vec<(u64, Origin, Event)> {
    let o = Origin::Feed(board);
    let mut out = Vec::new();
    let mut push = |t: u64, o: Origin, e: Event| out.push((t, o, e));
    push(
        61_000,
        o,
        Event::FeedStatus(FeedStatus {
            board,
            state: FeedState::Live,
            detail: String::new(),
        }),
    );
    // the feed's counters: board 3 had a little line noise
    push(
        62_000,
        o,
        Event::FeedCounters(arbiter_core::record::FeedCounters {
            board,
            frames: 3_600,
            garbage_bytes: if k == 2 { 37 } else { 0 },
            malformed: if k == 2 { 2 } else { 0 },
            ..Default::default()
        }),
    );
    for team in [TeamSide::Home, TeamSide::Away] {
        if k == 7 && team == TeamSide::Away {
            continue;
        }
        let at = if late && k == 3 && team == TeamSide::Home {
            660_000
        } else {
            62_000
        };
        push(
            at,
            Origin::Arbiter,
            Event::PlayerArrived(PlayerArrived {
                board,
                team,
                at: None,
            }),
        );
    }
    out
}

/// Plays the fixture's move `uci` (half-move `ply`, from 0) in `pos`: the record and the time
/// it took.
fn played(pos: &mut Chess, board: BoardNo, ply: usize, uci: &str) -> (MoveMade, u64) {
    let mv = uci
        .parse::<UciMove>()
        .expect("uci")
        .to_move(pos)
        .expect("legal");
    let san = San::from_move(pos, mv).to_string();
    pos.play_unchecked(mv);
    let think = 60_000 + (u64::try_from(ply).unwrap_or(0) * 37_000) % 200_000;
    let made = MoveMade {
        board,
        ply: u32::try_from(ply + 1).unwrap_or(0),
        uci: uci.to_string(),
        san,
        clock_ms: None,
    };
    (made, think)
}

/// Folds the inputs in time order into the state and the journal's records.
fn fold_inputs(m: &Match, boards: u16, mut inputs: Vec<(u64, Input)>) -> (MatchState, Vec<Record>) {
    let mut records = Vec::new();
    inputs.sort_by_key(|(t, _)| *t);
    let mut s = MatchState::with_boards(boards);
    for (seq, (t, input)) in inputs.into_iter().enumerate() {
        let mono = MonoMs::from_base_ms(t);
        let (origin, event) = match input {
            Input::Ev(o, e) => (o, e),
            Input::Illegal(board, player) => {
                let req = rules::Request {
                    board: Some(board),
                    player: Some(player),
                    kind: InterventionKind::illegal(IllegalKind::Move),
                };
                let p = rules::propose(m, &s, &req, mono);
                // As proposed: the check every form makes finds nothing to override.
                let ev = rules::confirm_checked(
                    m,
                    &s,
                    &req,
                    &p,
                    rules::Confirmation {
                        confirmed: p.consequence.clone(),
                        reason: "knight moved like a bishop".into(),
                        overrides: Vec::new(),
                    },
                    mono,
                )
                .expect("the fixture confirms the proposal as it is");
                (Origin::Arbiter, ev)
            }
        };
        let rec = Record {
            seq: u64::try_from(seq).unwrap_or(0),
            wall_ms: wall_of(mono),
            mono_ms: mono,
            origin,
            event,
        };
        state::apply(&mut s, &rec);
        records.push(rec);
    }
    (s, records)
}

/// [`situation`] with alerts on more boards, for the tests of every width: board 1's clock runs
/// for the side not on move (clock ≠ board), board 2's clock reports a low battery and its
/// e-board pieces that do not match the moves, board 4's White clock is at zero (flag), beside
/// board 5's clock alert, board 6's stale feed, board 7's result and board 8's absent player;
/// board 4's home player arrived ten minutes after the start, and board 3 has a ruling the
/// clock does not show yet (+2:00 for White).
pub fn alerts_situation(m: &Match) -> MatchState {
    let mut s = situation_journal_with(m, 8, true).0;
    let last = s.last.map(|r| r.seq).unwrap_or(0);
    let sample = |board, left_ms, right_ms, running| {
        Event::ClockSample(ClockSample {
            board,
            left_ms,
            right_ms,
            running,
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        })
    };
    let extra = [
        (
            NOW - 500,
            Origin::Feed(BoardNo(1)),
            sample(BoardNo(1), 3_223_000, 4_392_000, Some(ClockSide::Right)),
        ),
        (
            NOW - 500,
            Origin::Feed(BoardNo(2)),
            Event::DeviceStatus(arbiter_core::record::DeviceStatus {
                board: BoardNo(2),
                clock: arbiter_core::record::ClockPresence::Connected,
                battery_low: true,
                board_matches: Some(false),
                flipped: None,
            }),
        ),
        (
            NOW - 500,
            Origin::Feed(BoardNo(4)),
            sample(BoardNo(4), 0, 4_725_000, None),
        ),
    ];
    for (i, (mono, origin, event)) in extra.into_iter().enumerate() {
        let rec = Record {
            seq: last + 1 + u64::try_from(i).unwrap_or(0),
            wall_ms: wall_of(mono),
            mono_ms: mono,
            origin,
            event,
        };
        state::apply(&mut s, &rec);
    }
    ruling_to_set(m, &mut s, BoardNo(3), Color::White, 120_000, NOW - 300);
    s
}

/// Journals into `s` at `at` (ms) a time correction of `delta_ms` for `color` on `board`,
/// confirmed with the arbiter's own amount: a ruling the clock does not show yet ("+2:00 White
/// to set"), for the tests of sending it to the clock.
pub fn ruling_to_set(
    m: &Match,
    s: &mut MatchState,
    board: BoardNo,
    color: Color,
    delta_ms: i64,
    at: MonoMs,
) {
    use arbiter_core::intervention::{Consequence, TimeChange};
    let req = rules::Request {
        board: Some(board),
        player: Some(color),
        kind: InterventionKind::TimeCorrection,
    };
    let p = rules::propose(m, s, &req, at);
    let confirmed = Consequence {
        clock: vec![TimeChange {
            player: color,
            delta_ms,
        }],
        ..Consequence::default()
    };
    let ev = rules::confirm_checked(
        m,
        s,
        &req,
        &p,
        rules::Confirmation {
            confirmed,
            reason: "disturbance".into(),
            overrides: Vec::new(),
        },
        at,
    )
    .expect("a time correction's own amount needs no override");
    let rec = Record {
        seq: s.applied + 1_000,
        wall_ms: wall_of(at),
        mono_ms: at,
        origin: Origin::Arbiter,
        event: ev,
    };
    state::apply(s, &rec);
}
