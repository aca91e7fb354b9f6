//! A profile field that no rule reads is a bug (docs/RULES.md): for every leaf of every shipped
//! profile (`config/rules/*.toml`, enumerated from the TOML, recursively), the test changes the
//! value and checks that something the console says changes: a proposal (consequence, articles,
//! explanation, decision, conflict, what is missing), a board's status, the score, the default
//! time, the indicators of the clock model, the mode a time control falls in, or the rules
//! summary of `arbiter check`, over a fixed set of matches (standard, rapid, blitz, both
//! supervision regimes, a mode named by the match file) and situations. A field counts as read
//! when one change in one profile changes one of them; a field whose changes change nothing in
//! any profile is reported.

use std::collections::BTreeSet;
use std::path::Path;

use arbiter_core::clock::{PlayerClock, TimeControl, indicators};
use arbiter_core::intervention::{
    ClaimBasis, Consequence, DevicePlace, IllegalKind, InterventionKind, LineupSlot,
    LineupSubmitted, PenaltyKind, QuickplayDecision,
};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult, TeamSide};
use arbiter_core::profile::RuleProfile;
use arbiter_core::record::{
    BoardPosition, BoardSetup, ClockSample, Event, MoveMade, Origin, PlayerArrived, ResultRecorded,
    RoundStarted, SessionStarted,
};
use arbiter_core::rules::{self, Request};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::status::board_status;
use arbiter_core::time::{MonoMs, WallMs};
use toml::Value;

const PROFILES: [&str; 5] = ["fide-2023", "fide-2017", "bundesliga", "nrw-1987", "trier"];

/// Fields another open issue reads; they are checked like the others once that issue lands
/// (remove the entry then). Each names who reads it.
const READ_ELSEWHERE: &[(&str, &str)] = &[];

/// A game that ends in bare kings (insufficient material) after 86 plies: the dead position.
const BARE_KINGS: &str = "a3 a6 b3 a5 b4 axb4 axb4 Rxa1 Na3 Rxc1 Qxc1 b5 Nxb5 d6 Nxd6 exd6 h3 \
    Bxh3 gxh3 c5 bxc5 dxc5 h4 Qxd2 Qxd2 g5 hxg5 f6 gxf6 Nxf6 Rxh7 Nxh7 Qd7 Nxd7 c3 c4 e3 Bb4 cxb4 \
    Nc5 bxc5 Ng5 Bxc4 Nf3 Nxf3 Rh2 Nxh2 Kd7 c6 Kxc6 Bb5 Kxb5 f3 Ka4 e4 Ka3 f4 Ka2 e5 Ka1 f5 Kb1 \
    e6 Ka1 f6 Kb1 e7 Ka1 f7 Kb1 e8=Q Ka1 f8=Q Kb1 Nf1 Ka1 Nd2 Ka2 Nb1 Kxb1 Qe2 Ka1 Qa2 Kxa2 Qa3 \
    Kxa3";

/// Every value an enumeration of the profile takes (snake_case), tried on string fields.
const ENUM_WORDS: &[&str] = &[
    // [flags], [clock_corrections]
    "continue",
    "draw",
    "first_flag_loses",
    "open",
    "any_series_of_legal_moves",
    "only_king",
    "five_minutes",
    "five_minutes_and_one_per_move",
    "home",
    "away",
    "scheduled_start",
    "actual_start",
    "combined",
    "per_kind",
    "none",
    "art_10_2",
    "guidelines_iii_2017",
    "guidelines_iii_2023",
    "game_lost",
    "zero_from_board",
    "zero_between",
    "match_lost",
    "board_points",
    "berliner_wertung",
    "direct_encounter",
    "loss",
    "arbiter_discretion",
    "adequate",
    "inadequate",
    "any_time",
    "before_opponent_moves",
    "rest_of_period",
    "while_below",
    "like_increment",
    "no_exemption",
    "wins",
    "wins_if_can_mate",
    "wins_unless_bare_king",
    "fixed",
    "arbiter_enters",
    "on_move",
    "on_flag",
    "increment",
    "bronstein",
    "simple_delay",
    "start_delay_unforeseeable",
    "seating_error",
    "competing_claims",
    "lineup_both_faulty",
    "both_flags_down",
    "illegal_move_loss_bare_king",
    "device_off_person",
    "device_loss_opponent_cannot_mate",
    "refusal_opponent_score",
    "late_absence_notice",
    // [start], [team_presence], [match_points], default_time.from
    "agreed_start",
    "in_time",
    "late",
    "left_to_league",
    "board_forfeits",
    "comparison",
    "threshold",
];

/// The matches every profile is tried in: top-level keys added to the demo match file.
const MATCHES: &[&[&str]] = &[
    &[],
    &[
        r#"time_control = { periods = [ { minutes = 15 } ], per_move = { kind = "increment", seconds = 10 } }"#,
    ],
    &[
        r#"time_control = { periods = [ { minutes = 3 } ], per_move = { kind = "increment", seconds = 2 } }"#,
    ],
    &[
        r#"time_control = { periods = [ { minutes = 15 } ], per_move = { kind = "increment", seconds = 10 } }"#,
        r#"supervision = "adequate""#,
    ],
    &[
        r#"time_control = { periods = [ { minutes = 3 } ], per_move = { kind = "increment", seconds = 2 } }"#,
        r#"supervision = "adequate""#,
    ],
    &[r#"mode = "rapid""#],
    &[r#"mode = "blitz""#],
    // A play-off: a drawn match is decided by the tie-breaks, then by lot.
    &[r#"kind = "play_off""#],
];

const MIN: u64 = 60_000;
/// The moment of the proposals: 61 minutes after the scheduled start.
const NOW: u64 = 61 * MIN + 1000;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(p: &str) -> String {
    std::fs::read_to_string(root().join(p)).unwrap()
}

// ---- Leaves of a TOML value -------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Seg {
    Key(String),
    Index(usize),
}

fn path_name(path: &[Seg]) -> String {
    let mut s = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            // Array elements count as one field (`time_control.periods.minutes`).
            Seg::Index(_) => {}
        }
    }
    s
}

fn leaves(v: &Value, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    match v {
        Value::Table(t) => {
            for (k, x) in t {
                path.push(Seg::Key(k.clone()));
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) if !a.is_empty() && a.iter().all(Value::is_table) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Seg::Index(i));
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn get_mut<'a>(v: &'a mut Value, path: &[Seg]) -> &'a mut Value {
    let mut cur = v;
    for seg in path {
        cur = match seg {
            Seg::Key(k) => cur.get_mut(k.as_str()).unwrap(),
            Seg::Index(i) => cur.get_mut(*i).unwrap(),
        };
    }
    cur
}

/// Other values for a leaf, to try in turn.
fn candidates(v: &Value) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    match v {
        Value::Boolean(b) => out.push(Value::Boolean(!b)),
        Value::Integer(i) => {
            for c in [i + 1, i - 1, 0, i * 2, i / 2, 1, 3000] {
                if c >= 0 && c != *i {
                    out.push(Value::Integer(c));
                }
            }
        }
        Value::String(s) => {
            // A changed text first: a citation is read as soon as it is cited; an enumeration
            // refuses it at once.
            out.push(Value::String(format!("{s} X")));
            for w in ENUM_WORDS {
                if *w != s {
                    out.push(Value::String((*w).into()));
                }
            }
        }
        Value::Array(a) => {
            if !a.is_empty() {
                out.push(Value::Array(a[..a.len() - 1].to_vec()));
                out.push(Value::Array(a[1..].to_vec()));
                out.push(Value::Array(a.iter().rev().cloned().collect()));
            }
            if a.iter().all(Value::is_integer) {
                out.push(Value::Array(vec![Value::Integer(1); a.len().max(8)]));
            }
            if a.iter().all(Value::is_str) {
                for w in ENUM_WORDS {
                    let mut b = a.clone();
                    b.push(Value::String((*w).into()));
                    out.push(Value::Array(b));
                }
                let mut b = a.clone();
                b.push(Value::String("X".into()));
                out.push(Value::Array(b));
            }
        }
        _ => {}
    }
    out
}

// ---- What the console says about a profile ----------------------------------------------------

fn load(profile_src: &str, extra: &[&str]) -> Result<Match, String> {
    static MATCH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let match_path = "config/matches/demo-bundesliga.toml";
    let mut src = MATCH.get_or_init(|| read(match_path)).clone();
    let at = src.find("rules = ").unwrap();
    let eol = at + src[at..].find('\n').unwrap() + 1;
    src.insert_str(eol, &(extra.join("\n") + "\n"));
    Match::from_texts(
        Path::new(match_path),
        &src,
        Path::new("profile.toml"),
        profile_src,
    )
    .map_err(|e| e.to_string())
}

/// A match in progress on every board, in the situations the rules distinguish.
fn situation(m: &Match) -> MatchState {
    let mut s = MatchState::default();
    let start = WallMs::from_datetime(&m.scheduled_start);
    let mut seq = 0;
    let mut push = |s: &mut MatchState, at: u64, origin: Origin, event: Event| {
        let r = Record {
            seq,
            wall_ms: start + at as i64,
            mono_ms: MonoMs::from_base_ms(at),
            origin,
            event,
        };
        seq += 1;
        apply(s, &r);
    };
    push(
        &mut s,
        0,
        Origin::System,
        SessionStarted::of(m, "test".into()).into(),
    );
    let slot = |r: u16| {
        if r == 0 {
            LineupSlot::Empty { absent: None }
        } else {
            LineupSlot::Player { rank: r }
        }
    };
    for (team, ranks) in [
        (TeamSide::Home, [1, 3, 2, 4, 5, 6, 7, 8]),
        (TeamSide::Away, [1, 2, 0, 4, 5, 6, 7, 99]),
    ] {
        push(
            &mut s,
            0,
            Origin::Arbiter,
            LineupSubmitted {
                team,
                slots: ranks.iter().map(|r| slot(*r)).collect(),
                channel: String::new(),
                ..Default::default()
            }
            .into(),
        );
    }
    push(&mut s, MIN, Origin::Arbiter, RoundStarted::default().into());
    for b in 1..=4 {
        for team in [TeamSide::Home, TeamSide::Away] {
            push(
                &mut s,
                0,
                Origin::Arbiter,
                PlayerArrived {
                    board: BoardNo(b),
                    team,
                    at: None,
                }
                .into(),
            );
        }
    }
    let moves = |s: &mut MatchState,
                 push: &mut dyn FnMut(&mut MatchState, u64, Origin, Event),
                 b: u16,
                 sans: &[&str]| {
        for (i, san) in sans.iter().enumerate() {
            let ev = MoveMade {
                board: BoardNo(b),
                ply: u32::try_from(i + 1).unwrap(),
                uci: String::new(),
                san: (*san).into(),
                clock_ms: None,
            };
            push(s, 2 * MIN, Origin::Feed(BoardNo(b)), ev.into());
        }
    };
    let clock = |s: &mut MatchState,
                 push: &mut dyn FnMut(&mut MatchState, u64, Origin, Event),
                 at: u64,
                 b: u16,
                 w: u64,
                 bl: u64,
                 running: Option<ClockSide>| {
        let ev = ClockSample {
            board: BoardNo(b),
            left_ms: w,
            right_ms: bl,
            running,
            left_flag: w == 0,
            right_flag: bl == 0,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        push(s, at, Origin::Feed(BoardNo(b)), ev.into());
    };
    let shuffle: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(150)
        .collect();
    let bare: Vec<&str> = BARE_KINGS.split_whitespace().collect();
    moves(&mut s, &mut push, 1, &["e4", "e5", "Nf3", "Nc6"]);
    clock(
        &mut s,
        &mut push,
        3 * MIN,
        1,
        4 * MIN,
        10 * MIN,
        Some(ClockSide::Left),
    );
    // Board 2: a king and rook against the bare king, both flags down, two illegal moves.
    push(
        &mut s,
        3 * MIN,
        Origin::Feed(BoardNo(2)),
        BoardPosition {
            board: BoardNo(2),
            placement: "8/8/8/4k3/8/8/8/4K2R".into(),
        }
        .into(),
    );
    clock(&mut s, &mut push, 3 * MIN, 2, 0, 0, None);
    moves(&mut s, &mut push, 3, &shuffle);
    clock(
        &mut s,
        &mut push,
        3 * MIN,
        3,
        10 * MIN,
        12 * MIN,
        Some(ClockSide::Right),
    );
    moves(&mut s, &mut push, 4, &bare);
    // Reported half a minute before the proposals: White (on move) still has a minute and a
    // half when he claims (a claimant whose own flag is down cannot claim).
    clock(
        &mut s,
        &mut push,
        NOW - 30_000,
        4,
        90_000,
        90_000,
        Some(ClockSide::Left),
    );
    push(
        &mut s,
        3 * MIN,
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(5),
            result: GameResult::WhiteWins,
            reason: String::new(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    );
    clock(
        &mut s,
        &mut push,
        3 * MIN,
        6,
        4 * MIN,
        10 * MIN,
        Some(ClockSide::Left),
    );
    clock(&mut s, &mut push, 4 * MIN, 6, 6 * MIN, 10 * MIN, None);
    moves(&mut s, &mut push, 7, &["d4", "d5"]);
    clock(
        &mut s,
        &mut push,
        3 * MIN,
        7,
        10 * MIN,
        10 * MIN,
        Some(ClockSide::Left),
    );
    // Earlier illegal moves, recorded without consequence (they count).
    for (b, n) in [(2u16, 2), (8, 1)] {
        for _ in 0..n {
            let req = Request {
                board: Some(BoardNo(b)),
                player: Some(Color::White),
                kind: InterventionKind::illegal(IllegalKind::Move),
            };
            let p = rules::propose(m, &s, &req, MonoMs::from_base_ms(3 * MIN));
            let ev = rules::confirm(&req, &p, Consequence::default(), "test".into());
            push(&mut s, 3 * MIN, Origin::Arbiter, ev);
        }
    }
    s
}

/// Flags read from the clock (the `[flags]` rules) and the arbiter's clock operations (the
/// `[clock_corrections]` minimums): board 1 both flags in one report (order unknown), board 3
/// White's flag and then Black's (order known), board 4 Black's flag against a king and knight.
/// Claims and agreements (issue 14): board 1 K+R+B v K+R after 50 moves (the 1987 75-move
/// endings); board 2 a claimant with exactly 2:00 (the pre-2009 boundaries); board 3 after 1.e4
/// (both players must have moved); board 4 at move 15 (a regulations' minimum move); board 5 in
/// the last period with a postponed quickplay-finish claim and White's flag down (the hints).
fn claims_situation(m: &Match) -> MatchState {
    let mut s = MatchState::default();
    let start = WallMs::from_datetime(&m.scheduled_start);
    let mut seq = 0;
    let mut push = |s: &mut MatchState, at: u64, origin: Origin, event: Event| {
        let r = Record {
            seq,
            wall_ms: start + at as i64,
            mono_ms: MonoMs::from_base_ms(at),
            origin,
            event,
        };
        seq += 1;
        apply(s, &r);
    };
    push(
        &mut s,
        0,
        Origin::System,
        SessionStarted::of(m, "test".into()).into(),
    );
    let setup = |b: u16, fen: &str| -> Event {
        BoardSetup {
            board: BoardNo(b),
            fen: Some(fen.into()),
            clock_adds: None,
            reason: String::new(),
        }
        .into()
    };
    let sample = |b: u16, w: u64, bl: u64| -> Event {
        ClockSample {
            board: BoardNo(b),
            left_ms: w,
            right_ms: bl,
            running: None,
            left_flag: w == 0,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into()
    };
    push(
        &mut s,
        0,
        Origin::Arbiter,
        setup(1, "8/8/8/4k3/8/8/2r5/R3KB2 w - - 100 80"),
    );
    push(
        &mut s,
        0,
        Origin::Feed(BoardNo(2)),
        sample(2, 2 * MIN, 20 * MIN),
    );
    // Board 1: the claimant's flag is down too (competing claims).
    push(&mut s, 0, Origin::Feed(BoardNo(1)), sample(1, 0, 20 * MIN));
    push(
        &mut s,
        0,
        Origin::Feed(BoardNo(3)),
        MoveMade {
            board: BoardNo(3),
            ply: 1,
            uci: "e2e4".into(),
            san: "e4".into(),
            clock_ms: None,
        }
        .into(),
    );
    push(
        &mut s,
        0,
        Origin::Arbiter,
        setup(
            4,
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 15",
        ),
    );
    push(
        &mut s,
        0,
        Origin::Arbiter,
        setup(5, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 45"),
    );
    push(
        &mut s,
        0,
        Origin::Feed(BoardNo(5)),
        sample(5, 90_000, 20 * MIN),
    );
    // Board 6: the knights out and back twice: the start position for the third time at move
    // 5 (a shuffle, while a regulations' minimum move may forbid an agreement).
    for (i, san) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .enumerate()
    {
        let ev = MoveMade {
            board: BoardNo(6),
            ply: u32::try_from(i + 1).unwrap(),
            uci: String::new(),
            san: (*san).into(),
            clock_ms: None,
        };
        push(&mut s, 0, Origin::Feed(BoardNo(6)), ev.into());
    }
    let req = Request {
        board: Some(BoardNo(5)),
        player: Some(Color::White),
        kind: InterventionKind::QuickplayClaim {
            decision: QuickplayDecision::Postponed,
        },
    };
    let p = rules::propose(m, &s, &req, MonoMs::from_base_ms(1000));
    if p.decision.is_some() {
        let ev = rules::decision::decide(
            &req,
            &p,
            "no_bonus",
            arbiter_core::rules::decision::Basis::ExplicitRule,
            "r",
        )
        .unwrap();
        push(&mut s, 1000, Origin::Arbiter, ev);
    }
    push(
        &mut s,
        2000,
        Origin::Feed(BoardNo(5)),
        sample(5, 0, 20 * MIN),
    );
    s
}

fn claims_requests() -> Vec<Request> {
    let r = |b: u16, p: Option<Color>, kind: InterventionKind| Request {
        board: Some(BoardNo(b)),
        player: p,
        kind,
    };
    let w = Some(Color::White);
    let fifty = || InterventionKind::DrawClaim {
        basis: ClaimBasis::FiftyMoves,
        correct: false,
        intended: None,
    };
    vec![
        r(1, w, fifty()),
        r(2, w, fifty()),
        r(3, None, InterventionKind::DrawAgreement),
        r(4, None, InterventionKind::DrawAgreement),
        r(5, w, InterventionKind::flag()),
        r(
            6,
            w,
            InterventionKind::DrawClaim {
                basis: ClaimBasis::Threefold,
                correct: true,
                intended: None,
            },
        ),
    ]
}

fn flag_situation(m: &Match) -> MatchState {
    let mut s = MatchState::default();
    let start = WallMs::from_datetime(&m.scheduled_start);
    let mut seq = 0;
    let mut push = |s: &mut MatchState, at: u64, origin: Origin, event: Event| {
        let r = Record {
            seq,
            wall_ms: start + at as i64,
            mono_ms: MonoMs::from_base_ms(at),
            origin,
            event,
        };
        seq += 1;
        apply(s, &r);
    };
    push(
        &mut s,
        0,
        Origin::System,
        SessionStarted::of(m, "test".into()).into(),
    );
    push(&mut s, MIN, Origin::Arbiter, RoundStarted::default().into());
    push(
        &mut s,
        MIN,
        Origin::Feed(BoardNo(4)),
        BoardPosition {
            board: BoardNo(4),
            placement: "8/8/8/4k3/8/8/8/4KN2".into(),
        }
        .into(),
    );
    let initial = m.time_control.initial_ms();
    let ev = |b: u16, w: u64, bl: u64, run: Option<ClockSide>| -> Event {
        ClockSample {
            board: BoardNo(b),
            left_ms: w,
            right_ms: bl,
            running: run,
            left_flag: w == 0,
            right_flag: bl == 0,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into()
    };
    for b in [1, 3, 4] {
        push(
            &mut s,
            MIN,
            Origin::Feed(BoardNo(b)),
            ev(b, initial, initial, None),
        );
    }
    // Board 1: both clocks run down; one report shows both flags.
    push(
        &mut s,
        2 * MIN,
        Origin::Feed(BoardNo(1)),
        ev(1, 2_000, 2_000, Some(ClockSide::Left)),
    );
    push(
        &mut s,
        2 * MIN + 9_000,
        Origin::Feed(BoardNo(1)),
        ev(1, 0, 0, None),
    );
    // Board 3: White's flag, then Black's.
    push(
        &mut s,
        2 * MIN,
        Origin::Feed(BoardNo(3)),
        ev(3, 1_000, 3_000, Some(ClockSide::Left)),
    );
    push(
        &mut s,
        2 * MIN + 1_000,
        Origin::Feed(BoardNo(3)),
        ev(3, 0, 3_000, Some(ClockSide::Right)),
    );
    push(
        &mut s,
        2 * MIN + 4_000,
        Origin::Feed(BoardNo(3)),
        ev(3, 0, 0, None),
    );
    // Board 4: Black's flag; White has king and knight.
    push(
        &mut s,
        2 * MIN,
        Origin::Feed(BoardNo(4)),
        ev(4, 30_000, 1_000, Some(ClockSide::Right)),
    );
    push(
        &mut s,
        2 * MIN + 1_000,
        Origin::Feed(BoardNo(4)),
        ev(4, 30_000, 0, None),
    );
    // Board 5: both counters set to the first period's moves (the last period), then White's
    // flag (a flag in the quickplay phase: counted from the claim where the profile says so).
    let tc = &m.time_control;
    let required = tc.moves_at_end_of(0).unwrap_or(40);
    push(
        &mut s,
        MIN,
        Origin::Feed(BoardNo(5)),
        ev(5, 10 * MIN, 10 * MIN, None),
    );
    for color in [Color::White, Color::Black] {
        let op = arbiter_core::clock::ClockOperation::SetMoves {
            color,
            moves: required,
        };
        let (ev, _) =
            rules::clock_operation(m, &s, BoardNo(5), op, "r", MonoMs::from_base_ms(MIN)).unwrap();
        push(&mut s, MIN, Origin::Arbiter, ev);
    }
    push(
        &mut s,
        2 * MIN,
        Origin::Feed(BoardNo(5)),
        ev(5, 1_000, 10 * MIN, Some(ClockSide::Left)),
    );
    push(
        &mut s,
        2 * MIN + 1_000,
        Origin::Feed(BoardNo(5)),
        ev(5, 0, 10 * MIN, None),
    );
    // Board 6: a device that adds the next period's time when the time runs out, before the
    // period's moves were completed (not earned).
    push(
        &mut s,
        MIN,
        Origin::Arbiter,
        BoardSetup {
            board: BoardNo(6),
            fen: None,
            clock_adds: Some(arbiter_core::clock::PeriodAddition::OnFlag),
            reason: String::new(),
        }
        .into(),
    );
    let next = tc.period(1).map_or(30 * MIN, |p| p.base_ms());
    push(
        &mut s,
        MIN,
        Origin::Feed(BoardNo(6)),
        ev(6, 2_000, initial, Some(ClockSide::Left)),
    );
    push(
        &mut s,
        MIN + 1_000,
        Origin::Feed(BoardNo(6)),
        ev(6, 1_000, initial, Some(ClockSide::Left)),
    );
    push(
        &mut s,
        MIN + 2_000,
        Origin::Feed(BoardNo(6)),
        ev(6, next, initial, Some(ClockSide::Left)),
    );
    s
}

/// A finished match: `results` per board.
fn finished(results: [GameResult; 8]) -> MatchState {
    let mut s = MatchState::default();
    let mut evs: Vec<Event> = vec![
        SessionStarted {
            match_sha256: String::new(),
            profile_sha256: String::new(),
            match_path: String::new(),
            profile_id: String::new(),
            boards: 8,
            software: "test".into(),
            time_control: None,
            profile_path: None,
            match_text: None,
            profile_text: None,
        }
        .into(),
    ];
    for (i, r) in results.iter().enumerate() {
        evs.push(
            ResultRecorded {
                board: BoardNo::from_index(i),
                result: *r,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        );
    }
    for (seq, event) in evs.into_iter().enumerate() {
        let r = Record {
            seq: seq as u64,
            wall_ms: WallMs::from_unix_ms(0),
            mono_ms: MonoMs::from_base_ms(0),
            origin: Origin::Arbiter,
            event,
        };
        apply(&mut s, &r);
    }
    s
}

fn requests() -> Vec<Request> {
    let mut v = Vec::new();
    let mut r = |b: Option<u16>, p: Option<Color>, kind: InterventionKind| {
        v.push(Request {
            board: b.map(BoardNo),
            player: p,
            kind,
        })
    };
    let (w, bl) = (Some(Color::White), Some(Color::Black));
    let illegal = InterventionKind::illegal;
    for b in 1..=8 {
        for p in [w, bl] {
            r(Some(b), p, illegal(IllegalKind::Move));
        }
    }
    for k in [
        IllegalKind::TwoHands,
        IllegalKind::ClockWithoutMove,
        IllegalKind::PromotionNotCompleted,
    ] {
        r(Some(8), w, illegal(k));
        r(Some(2), w, illegal(k));
    }
    for (b, basis, correct) in [
        (1, ClaimBasis::Threefold, false),
        (3, ClaimBasis::Threefold, false),
        (3, ClaimBasis::FiftyMoves, false),
        (1, ClaimBasis::FiftyMoves, false),
        (6, ClaimBasis::Threefold, false),
    ] {
        r(
            Some(b),
            w,
            InterventionKind::DrawClaim {
                basis,
                correct,
                intended: None,
            },
        );
    }
    for decision in [
        QuickplayDecision::Granted,
        QuickplayDecision::Postponed,
        QuickplayDecision::Rejected,
        QuickplayDecision::IncrementGranted,
    ] {
        r(Some(4), w, InterventionKind::QuickplayClaim { decision });
    }
    for b in 4..=8 {
        r(Some(b), None, InterventionKind::DefaultTimeExpired);
    }
    for (b, p) in [(1, w), (2, w), (6, bl), (4, w)] {
        r(Some(b), p, InterventionKind::flag());
    }
    for (penalties, time_s) in [
        (vec![PenaltyKind::Warning], None),
        (vec![PenaltyKind::TimeToOpponent], None),
        (vec![PenaltyKind::TimeFromOffender], None),
        (vec![PenaltyKind::TimeToOpponent], Some(60)),
        (vec![PenaltyKind::GameLost], None),
    ] {
        r(
            Some(1),
            bl,
            InterventionKind::Penalty {
                penalties: penalties.clone(),
                time_s,
                accepted: false,
            },
        );
        r(
            Some(5),
            w,
            InterventionKind::Penalty {
                penalties,
                time_s,
                accepted: false,
            },
        );
    }
    for b in [1, 2, 5] {
        for (place, penalties) in [
            (DevicePlace::OnPerson, vec![]),
            (DevicePlace::InBag, vec![]),
            (DevicePlace::InBag, vec![PenaltyKind::Warning]),
            (DevicePlace::OnPerson, vec![PenaltyKind::Warning]),
        ] {
            r(
                Some(b),
                bl,
                InterventionKind::ElectronicDevice {
                    place,
                    penalties,
                    time_s: None,
                },
            );
        }
    }
    r(
        Some(1),
        None,
        InterventionKind::CaptainAdvice {
            team: TeamSide::Home,
            advice: "resign".into(),
        },
    );
    r(
        None,
        None,
        InterventionKind::Protest {
            team: TeamSide::Away,
            fee_cents: 0,
        },
    );
    for b in [1, 3] {
        r(Some(b), None, InterventionKind::TimeCorrection);
    }
    for team in [TeamSide::Home, TeamSide::Away] {
        r(None, None, InterventionKind::LineupIrregularity { team });
    }
    for b in 1..=4 {
        r(Some(b), None, InterventionKind::GameEnded);
    }
    r(
        Some(1),
        None,
        InterventionKind::StartDelay {
            team: TeamSide::Home,
            minutes: 15,
        },
    );
    for (p, time_s) in [(None, None), (None, Some(60)), (w, Some(60))] {
        r(Some(1), p, InterventionKind::ExternalDisturbance { time_s });
    }
    for (b, both) in [(1, false), (2, false), (1, true)] {
        r(Some(b), w, InterventionKind::RefusalToComply { both });
    }
    r(
        Some(1),
        w,
        InterventionKind::Penalty {
            penalties: vec![PenaltyKind::Warning],
            time_s: None,
            accepted: true,
        },
    );
    r(
        None,
        None,
        InterventionKind::PersonExpelled {
            person: "a spectator".into(),
        },
    );
    r(Some(6), None, InterventionKind::GameResumed);
    r(Some(1), w, InterventionKind::Resignation { at: None });
    for (disabled, time_s) in [(false, None), (true, None), (false, Some(600))] {
        r(
            Some(1),
            w,
            InterventionKind::UnableToRecord {
                disabled,
                time_s,
                exemption: String::new(),
                no_assistant: false,
            },
        );
    }
    v
}

/// Everything the console says under a profile text, in chunks, the cheap ones first. With
/// `baseline`, stops at the first chunk that differs from it (`None`: something changed).
fn fingerprint(profile_src: &str, baseline: Option<&[String]>) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut emit = |chunk: String| -> bool {
        let same = baseline.is_none_or(|b| b.get(out.len()) == Some(&chunk));
        out.push(chunk);
        same
    };
    let tcs: Vec<TimeControl> = [
        "5",
        "10",
        "14",
        "15",
        "3+2s",
        "10+1s",
        "15+10s",
        "45",
        "59",
        "60",
        "61",
        "90/40+30+30s",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect();
    let delay: TimeControl = "120'/40 + 60' + d10''".parse().unwrap();
    let matches: Vec<Result<Match, String>> =
        MATCHES.iter().map(|x| load(profile_src, x)).collect();
    // What `arbiter check` prints, the modes, the clock model's indicators.
    for m in &matches {
        let m = match m {
            Ok(m) => m,
            Err(e) => {
                if !emit(e.clone()) {
                    return None;
                }
                continue;
            }
        };
        let mut c = m.summary();
        // The signing order the report carries (`[signing]`).
        c.push_str(&format!("{}", m.profile.captains_may_sign_first()));
        for tc in &tcs {
            c.push_str(&format!("{:?}", m.profile.classify(tc)));
        }
        let settings = rules::indicator_settings(m);
        for tc in [&m.time_control, &delay, &tcs[11]] {
            for (remaining, lowest) in [(100_000, 100_000), (410_000, 290_000), (280_000, 280_000)]
            {
                for (moves, period) in [(10, 0), (45, 1)] {
                    let i = indicators(
                        tc,
                        &settings,
                        &PlayerClock {
                            remaining_ms: remaining,
                            lowest_in_period_ms: lowest,
                            moves_completed: moves,
                            period,
                            on_move: true,
                        },
                    );
                    c.push_str(&format!("{i:?}"));
                }
            }
        }
        if !emit(c) {
            return None;
        }
    }
    // The rules on the boards.
    let reqs = requests();
    for m in matches.iter().flatten() {
        let s = situation(m);
        let mut c = String::new();
        for req in &reqs {
            let p = rules::propose(m, &s, req, MonoMs::from_base_ms(NOW));
            c.push_str(&serde_json::to_string(&p).unwrap());
        }
        for bs in &s.boards {
            c.push_str(
                &serde_json::to_string(&board_status(m, &s, bs, MonoMs::from_base_ms(NOW)))
                    .unwrap(),
            );
        }
        // A second time change within `[clock_corrections] repeat_window_s` asks whether the
        // first one credited it already: +2:00 to White on board 7 four minutes before.
        let mut rs = s.clone();
        let then = NOW - 4 * MIN;
        let req = Request {
            board: Some(BoardNo(7)),
            player: Some(Color::White),
            kind: InterventionKind::TimeCorrection,
        };
        let p = rules::propose(m, &rs, &req, MonoMs::from_base_ms(then));
        let plus = Consequence {
            clock: vec![arbiter_core::intervention::TimeChange {
                player: Color::White,
                delta_ms: 2 * MIN as i64,
            }],
            ..Consequence::default()
        };
        apply(
            &mut rs,
            &Record {
                seq: 100_000,
                wall_ms: WallMs::from_datetime(&m.scheduled_start) + then as i64,
                mono_ms: MonoMs::from_base_ms(then),
                origin: Origin::Arbiter,
                event: rules::confirm(&req, &p, plus, "test".into()),
            },
        );
        c.push_str(&format!(
            "{:?}",
            rules::recent_time_change(m, &rs, BoardNo(7), Color::White, MonoMs::from_base_ms(NOW))
        ));
        c.push_str(&serde_json::to_string(&rules::score(m, &s)).unwrap());
        // Claims and agreements.
        let cs = claims_situation(m);
        for req in claims_requests() {
            c.push_str(
                &serde_json::to_string(&rules::propose(m, &cs, &req, MonoMs::from_base_ms(3000)))
                    .unwrap(),
            );
        }
        // Flags from the clock, and the arbiter's clock operations.
        let fs = flag_situation(m);
        for (b, player) in [
            (1, Color::White),
            (3, Color::White),
            (4, Color::Black),
            (5, Color::White),
        ] {
            let req = Request {
                board: Some(BoardNo(b)),
                player: Some(player),
                kind: InterventionKind::flag(),
            };
            c.push_str(
                &serde_json::to_string(&rules::propose(m, &fs, &req, MonoMs::from_base_ms(NOW)))
                    .unwrap(),
            );
        }
        let req = Request {
            board: Some(BoardNo(6)),
            player: None,
            kind: InterventionKind::TimeCorrection,
        };
        c.push_str(
            &serde_json::to_string(&rules::propose(m, &fs, &req, MonoMs::from_base_ms(NOW)))
                .unwrap(),
        );
        let bs = fs.board(BoardNo(3)).unwrap();
        let replace = rules::replacement_values(m, &fs, bs, MonoMs::from_base_ms(2 * MIN + 500));
        let reconstruct = rules::reconstruction(m, 30);
        c.push_str(&format!(
            "{replace:?}{:?}{:?}",
            rules::operation_articles(m, &reconstruct),
            rules::clock_operation(
                m,
                &fs,
                BoardNo(3),
                reconstruct,
                "r",
                MonoMs::from_base_ms(2 * MIN + 500)
            )
            .map(|(e, o)| (e, o.note))
        ));
        // Board 1 of the match in progress: White 4 minutes left, a reconstruction to the
        // current move leaves the times as they are unless the profile's minimum raises them.
        c.push_str(&format!(
            "{:?}",
            rules::clock_operation(
                m,
                &s,
                BoardNo(1),
                rules::reconstruction(m, 0),
                "r",
                MonoMs::from_base_ms(NOW)
            )
            .map(|(e, o)| (e, o.note))
        ));
        if let Some((op, _)) = &replace {
            c.push_str(&format!("{:?}", rules::operation_articles(m, op)));
        }
        c.push_str(&format!(
            "{:?}{:?}",
            rules::default_time_expiry(m, &s),
            rules::absent_after_default_time(m, &s, MonoMs::from_base_ms(NOW))
        ));
        use GameResult::*;
        for results in [
            [
                WhiteWins, BlackWins, Draw, Draw, WhiteWins, WhiteWins, Draw, BlackWins,
            ],
            [
                WhiteWins, WhiteWins, BlackWins, BlackWins, Draw, Draw, WhiteWins, BlackWins,
            ],
            [Draw, Draw, Draw, Draw, Draw, Draw, Draw, WhiteWins],
            // 4:4 with board 1 to the away team and board 2 to the home team: the Berliner
            // Wertung differs (a play-off's decider).
            [WhiteWins, WhiteWins, Draw, Draw, Draw, Draw, Draw, Draw],
            // A double forfeit: the board points do not add up to 8.
            [
                WhiteWins,
                WhiteWins,
                BlackWins,
                BlackWins,
                Draw,
                Draw,
                WhiteWins,
                DoubleForfeit,
            ],
        ] {
            c.push_str(&serde_json::to_string(&rules::score(m, &finished(results))).unwrap());
        }
        c.push_str(&procedure_chunk(m));
        if !emit(c) {
            return None;
        }
    }
    Some(out)
}

/// The profiles the fields are tried in: the shipped ones, and fide-2023 as a league with
/// Guidelines III announced and no increment (III.2: only then do they apply), where the
/// quickplay-finish fields take effect.
fn contexts() -> Vec<(String, Value)> {
    let mut v: Vec<(String, Value)> = PROFILES
        .iter()
        .map(|p| {
            let src = read(&format!("config/rules/{p}.toml"));
            (
                p.to_string(),
                Value::Table(toml::from_str::<toml::Table>(&src).unwrap()),
            )
        })
        .collect();
    let mut g = v[0].1.clone();
    g["quickplay_finish"]["kind"] = Value::String("guidelines_iii_2023".into());
    g["time_control"].as_table_mut().unwrap().remove("per_move");
    v.push(("fide-2023 with Guidelines III".into(), g));
    v
}

/// Whether changing field `name` changes anything in some context.
fn is_read(
    name: &str,
    contexts: &[(String, Value)],
    by_context: &[Vec<Vec<Seg>>],
    baselines: &[Vec<String>],
) -> bool {
    for (i, (ctx, v)) in contexts.iter().enumerate() {
        for leaf in by_context[i].iter().filter(|l| path_name(l) == name) {
            for c in candidates(get_mut(&mut v.clone(), leaf)) {
                let mut changed = v.clone();
                *get_mut(&mut changed, leaf) = c;
                let src = toml::to_string(&changed).unwrap();
                // Only values the profile format accepts: a misspelt enumeration value is an
                // error of the format, not a rule.
                if RuleProfile::parse(Path::new(ctx), &src).is_err() {
                    continue;
                }
                if fingerprint(&src, Some(&baselines[i])).is_none() {
                    return true;
                }
            }
        }
    }
    false
}

#[test]
fn every_profile_field_is_read_by_a_rule() {
    let contexts = contexts();
    let baselines: Vec<Vec<String>> = contexts
        .iter()
        .map(|(name, v)| {
            let src = toml::to_string(v).unwrap();
            RuleProfile::parse(Path::new(name), &src).unwrap_or_else(|e| panic!("{name}: {e}"));
            fingerprint(&src, None).unwrap()
        })
        .collect();
    // Every field path in any context.
    let mut paths: BTreeSet<String> = BTreeSet::new();
    let mut by_context: Vec<Vec<Vec<Seg>>> = Vec::new();
    for (_, v) in &contexts {
        let mut out = Vec::new();
        leaves(v, &mut Vec::new(), &mut out);
        paths.extend(out.iter().map(|p| path_name(p)));
        by_context.push(out);
    }
    // `PROFILE_FIELDS_ONLY=flags.` checks only the fields whose path contains it (while
    // working on a rule; the whole test checks every field).
    let only = std::env::var("PROFILE_FIELDS_ONLY").ok();
    let paths: Vec<String> = paths
        .into_iter()
        .filter(|p| only.as_deref().is_none_or(|o| p.contains(o)))
        .collect();
    // Two workers share the fields.
    let unread: Vec<String> = std::thread::scope(|sc| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let (paths, contexts, by_context, baselines) =
                    (&paths, &contexts, &by_context, &baselines);
                sc.spawn(move || {
                    paths
                        .iter()
                        .skip(w)
                        .step_by(2)
                        .filter(|name| !is_read(name, contexts, by_context, baselines))
                        .cloned()
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let expected: Vec<String> = READ_ELSEWHERE.iter().map(|(f, _)| f.to_string()).collect();
    let surprising: Vec<&String> = unread.iter().filter(|f| !expected.contains(f)).collect();
    assert!(
        surprising.is_empty(),
        "profile fields that no rule reads (changing them changes nothing the console says): \
         {surprising:?}"
    );
    // An entry of READ_ELSEWHERE that is read by now must go.
    for f in expected.iter().filter(|_| only.is_none()) {
        assert!(
            unread.contains(f),
            "{f} is read now: remove it from READ_ELSEWHERE"
        );
    }
}

/// The check can fail: it finds a field that changes nothing in a context (the quickplay bonus
/// without Guidelines III) and
/// passes one that a rule reads; the same profile gives the same output twice.
#[test]
fn an_unread_field_is_found() {
    let contexts = contexts();
    let one = &contexts[..1];
    let src = toml::to_string(&one[0].1).unwrap();
    let baseline = fingerprint(&src, None).unwrap();
    assert!(
        fingerprint(&src, Some(&baseline)).is_some(),
        "deterministic"
    );
    let mut leaves_of = Vec::new();
    leaves(&one[0].1, &mut Vec::new(), &mut leaves_of);
    let by_context = vec![leaves_of];
    let baselines = vec![baseline];
    assert!(is_read(
        "illegal_moves.time_to_opponent_s",
        one,
        &by_context,
        &baselines
    ));
    // The quickplay-finish bonus takes effect only where Guidelines III apply (fide-2023 as
    // shipped has none): in that one context nothing changes.
    assert!(!is_read(
        "quickplay_finish.opponent_bonus_s",
        one,
        &by_context,
        &baselines
    ));
}

/// The match around the games (issue 16): lineups with a named absent player notified the
/// evening before at 19:00, a board under reservation, an unknown player; the round started at
/// 1 min; the home team present on three boards only, board 4 with both players absent at the
/// start (home 5 min, away 6 min), board 6's clock started at 3 min. What the console says: the
/// procedure summary, the lineup proposals, the default time on board 4, a seating error and an
/// unforeseeable delay.
fn procedure_chunk(m: &Match) -> String {
    use arbiter_core::intervention::{AbsenceNotice, Reservation};
    let mut s = MatchState::default();
    let start = WallMs::from_datetime(&m.scheduled_start);
    let mut seq = 0;
    let mut push = |s: &mut MatchState, at: u64, origin: Origin, event: Event| {
        let r = Record {
            seq,
            wall_ms: start + at as i64,
            mono_ms: MonoMs::from_base_ms(at),
            origin,
            event,
        };
        seq += 1;
        apply(s, &r);
    };
    push(
        &mut s,
        0,
        Origin::System,
        SessionStarted::of(m, "test".into()).into(),
    );
    let p = |r: u16| LineupSlot::Player { rank: r };
    let eve = format!("{}T19:00:00+01:00", m.date - chrono::Days::new(1));
    push(
        &mut s,
        0,
        Origin::Arbiter,
        LineupSubmitted {
            team: TeamSide::Home,
            slots: vec![
                p(1),
                p(2),
                p(3),
                p(4),
                p(5),
                p(6),
                p(7),
                LineupSlot::Empty { absent: Some(8) },
            ],
            channel: "in_person".into(),
            received_by: "arbiter".into(),
            reservations: vec![Reservation {
                board: BoardNo(2),
                reason: "pass to follow".into(),
            }],
            absence_notices: vec![AbsenceNotice {
                rank: 8,
                notified: eve,
            }],
        }
        .into(),
    );
    push(
        &mut s,
        0,
        Origin::Arbiter,
        LineupSubmitted {
            team: TeamSide::Away,
            slots: vec![p(1), p(2), p(3), p(4), p(5), p(6), p(99), p(8)],
            ..Default::default()
        }
        .into(),
    );
    push(&mut s, MIN, Origin::Arbiter, RoundStarted::default().into());
    let arrive = |s: &mut MatchState,
                  push: &mut dyn FnMut(&mut MatchState, u64, Origin, Event),
                  at: u64,
                  b: u16,
                  team: TeamSide| {
        let ev = PlayerArrived {
            board: BoardNo(b),
            team,
            at: None,
        };
        push(s, at, Origin::Arbiter, ev.into());
    };
    for b in 1..=3 {
        arrive(&mut s, &mut push, 0, b, TeamSide::Away);
    }
    for b in 1..=2 {
        arrive(&mut s, &mut push, 0, b, TeamSide::Home);
    }
    arrive(&mut s, &mut push, 5 * MIN, 4, TeamSide::Home);
    arrive(&mut s, &mut push, 6 * MIN, 4, TeamSide::Away);
    let ev = ClockSample {
        board: BoardNo(6),
        left_ms: 10 * MIN,
        right_ms: 10 * MIN,
        running: Some(ClockSide::Left),
        left_flag: false,
        right_flag: false,
        white_side: Some(ClockSide::Left),
        left_flag_kind: None,
        right_flag_kind: None,
    };
    push(&mut s, 3 * MIN, Origin::Feed(BoardNo(6)), ev.into());
    let mut c = serde_json::to_string(&rules::procedure::procedure(
        m,
        &s,
        MonoMs::from_base_ms(NOW),
    ))
    .unwrap();
    let mut reqs = vec![
        Request {
            board: Some(BoardNo(4)),
            player: None,
            kind: InterventionKind::DefaultTimeExpired,
        },
        Request {
            board: None,
            player: None,
            kind: InterventionKind::SeatingError {
                team: TeamSide::Away,
                boards: vec![BoardNo(1), BoardNo(3)],
            },
        },
        Request {
            board: Some(BoardNo(5)),
            player: None,
            kind: InterventionKind::UnforeseeableDelay {
                team: TeamSide::Away,
                minutes: 20,
            },
        },
    ];
    for team in [TeamSide::Home, TeamSide::Away] {
        reqs.push(Request {
            board: None,
            player: None,
            kind: InterventionKind::LineupIrregularity { team },
        });
    }
    for req in &reqs {
        c.push_str(
            &serde_json::to_string(&rules::propose(m, &s, req, MonoMs::from_base_ms(NOW))).unwrap(),
        );
    }
    c.push_str(&serde_json::to_string(&rules::score(m, &s)).unwrap());
    // A reservation on a board with no error in the lineup (a player who cannot show his pass):
    // accepted only where the regulations allow it (BTO NRW § 2.4).
    let sub = arbiter_core::intervention::LineupSubmitted {
        team: TeamSide::Home,
        slots: (1..=m.file.boards).map(p).collect(),
        reservations: vec![Reservation {
            board: BoardNo(2),
            reason: "pass to follow".into(),
        }],
        ..Default::default()
    };
    c.push_str(&format!(
        "{}",
        rules::lineup::submit(m, &MatchState::default(), sub).is_ok()
    ));
    c
}

/// Every string of a shipped profile is cited as it stands (on the forms and in the signed
/// report): an editorial note in brackets ("[verify]") belongs in a comment beside the value
/// (docs/RULES.md), never in the text. And a note that an older profile's text still carries is
/// dropped from the citation.
#[test]
fn no_shipped_profile_puts_a_note_into_a_citation() {
    fn strings<'a>(v: &'a Value, path: &str, out: &mut Vec<(String, &'a str)>) {
        match v {
            Value::String(s) => out.push((path.to_string(), s)),
            Value::Array(a) => a.iter().for_each(|x| strings(x, path, out)),
            Value::Table(t) => t
                .iter()
                .for_each(|(k, x)| strings(x, &format!("{path}.{k}"), out)),
            _ => {}
        }
    }
    let mut checked = 0;
    let mut bad = Vec::new();
    for e in std::fs::read_dir(root().join("config/rules")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        let v: Value = toml::from_str(&src).unwrap();
        let mut out = Vec::new();
        strings(&v, "", &mut out);
        checked += out.len();
        for (path, s) in out {
            if s.contains('[') || s.contains(']') {
                bad.push(format!("{}{path}: {s:?}", p.display()));
            }
        }
    }
    assert!(checked > 100, "only {checked} strings: not the profiles");
    assert!(
        bad.is_empty(),
        "notes in citation texts:\n{}",
        bad.join("\n")
    );
    assert_eq!(
        arbiter_core::profile::citation_text("TO Schachbundesliga (Karenzzeit) [verify]"),
        "TO Schachbundesliga (Karenzzeit)"
    );
    assert_eq!(
        arbiter_core::profile::citation_text("[verify: text not found] Bezirks-TO Trier"),
        "Bezirks-TO Trier"
    );
    assert_eq!(
        arbiter_core::profile::article_text("III.4"),
        "Guidelines III.4"
    );
    assert_eq!(
        arbiter_core::profile::article_text("Guidelines III.2"),
        "Guidelines III.2"
    );
    assert_eq!(arbiter_core::profile::article_text("7.5.5"), "Art. 7.5.5");
}
