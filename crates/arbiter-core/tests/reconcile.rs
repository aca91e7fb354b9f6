//! The games as played across what the console cannot watch (issue 25): a source's correction of
//! a move, several moves between two clock reports, the time the console was away, and another
//! game reported after a restart, decided by the arbiter. Folded with `apply` alone.

use std::path::Path;

use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::intervention::{Basis, GameChange, InterventionKind};
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{
    ClockSample, Event, GameReconciled, MoveMade, MovesTakenBack, Origin, ReconcileOutcome,
    ReconcileSource, SessionResumed, SessionStarted,
};
use arbiter_core::rules::{self, Request};
use arbiter_core::state::{MatchState, MoveStatus, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::{MonoMs, WallMs};

const B: BoardNo = BoardNo(1);
const T0: i64 = 1_764_334_800_000;

fn demo() -> Match {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        &text("config/matches/demo-bundesliga.toml"),
        Path::new("config/rules/bundesliga.toml"),
        &text("config/rules/bundesliga.toml"),
    )
    .unwrap()
}

struct J {
    m: Match,
    s: MatchState,
    chain: Chain,
    buf: Vec<u8>,
}

impl J {
    fn new() -> J {
        let m = demo();
        let mut j = J {
            s: MatchState::default(),
            chain: Chain::default(),
            buf: Vec::new(),
            m,
        };
        let ev = SessionStarted::of(&j.m, "test".into()).into();
        j.rec(0, Origin::System, ev);
        j
    }

    /// A record `mono` ms into the session (the wall clock in step).
    fn rec(&mut self, mono: u64, origin: Origin, ev: Event) -> Record {
        self.rec_at(T0 + mono as i64, mono, origin, ev)
    }

    fn rec_at(&mut self, wall: i64, mono: u64, origin: Origin, ev: Event) -> Record {
        let r = self.chain.append(
            WallMs::from_unix_ms(wall),
            MonoMs::from_base_ms(mono),
            origin,
            ev,
            &mut self.buf,
        );
        apply(&mut self.s, &r);
        r
    }

    fn mv(&mut self, mono: u64, ply: u32, uci: &str, san: &str, clock_ms: Option<u64>) {
        let ev = MoveMade {
            clock_ms,
            ..MoveMade::new(B, ply, uci, san)
        };
        self.rec(mono, Origin::Feed(B), ev.into());
    }

    /// A clock report, White on the left: `(white, black)` seconds.
    fn clock(&mut self, mono: u64, white_s: u64, black_s: u64, white_runs: Option<bool>) {
        let ev = ClockSample {
            board: B,
            left_ms: white_s * 1000,
            right_ms: black_s * 1000,
            running: white_runs.map(|w| if w { ClockSide::Left } else { ClockSide::Right }),
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        self.rec(mono, Origin::Feed(B), ev.into());
    }

    fn alerts(&self, now: u64) -> Vec<BoardAlert> {
        board_status(
            &self.m,
            &self.s,
            self.s.board(B).unwrap(),
            MonoMs::from_base_ms(now),
        )
        .alerts
    }

    fn sans(&self) -> Vec<String> {
        self.s
            .board(B)
            .unwrap()
            .game_moves()
            .map(|(_, m)| m.san.clone())
            .collect()
    }
}

/// The Bundesliga control: 90 min, 30 s a move.
const START: u64 = 5_400;

#[test]
fn a_corrected_move_replaces_the_wrong_one_in_the_game() {
    let mut j = J::new();
    j.clock(1_000, START, START, Some(true));
    j.mv(5_000, 1, "e2e4", "e4", None);
    j.clock(5_100, START - 4 + 30, START, Some(false));
    j.mv(9_000, 2, "e7e5", "e5", None);
    j.clock(9_100, START - 4 + 30, START - 4 + 30, Some(true));
    // LiveChess recognised 2.Nc3, pressed; then corrects it to 2.Nf3
    j.mv(15_000, 3, "b1c3", "Nc3", None);
    j.clock(15_100, START + 26 - 6 + 30, START + 26, Some(false));
    let tb = MovesTakenBack {
        board: B,
        to_ply: 2,
        removed: vec!["Nc3".into()],
        detail: String::new(),
    };
    j.rec(15_600, Origin::Feed(B), tb.into());
    j.mv(15_600, 3, "g1f3", "Nf3", None);
    let bs = j.s.board(B).unwrap();
    assert_eq!(
        j.sans(),
        ["e4", "e5", "Nf3"],
        "one game, the corrected move in it"
    );
    assert!(bs.moves.iter().all(|m| m.status == MoveStatus::Played));
    assert_eq!(bs.game.unknown_since, None);
    // the correction is kept: the move taken back and what replaced it
    assert_eq!(bs.taken_back.len(), 1);
    assert_eq!(bs.taken_back[0].entry.san, "Nc3");
    assert_eq!(
        bs.taken_back[0]
            .replaced_by
            .as_ref()
            .map(|(_, s)| s.as_str()),
        Some("Nf3")
    );
    // the press that completed Nc3 completed Nf3: its clock, no move-counter difference
    assert_eq!(bs.moves[2].clock_ms, Some((START + 26 - 6 + 30) * 1000));
    j.clock(20_000, START + 50, START + 26 - 5, Some(false));
    assert!(
        !j.alerts(30_000)
            .iter()
            .any(|a| matches!(a, BoardAlert::MoveCount { .. } | BoardAlert::Clock(_))),
        "{:?}",
        j.alerts(30_000)
    );
    // play goes on from the corrected position
    j.mv(25_000, 4, "b8c6", "Nc6", None);
    assert_eq!(j.sans(), ["e4", "e5", "Nf3", "Nc6"]);
}

#[test]
fn two_moves_between_two_clock_reports_are_two_presses() {
    let mut j = J::new();
    j.clock(1_000, START, START, Some(true));
    // 1.e4 (after 4 s) and 1...e5 (after 6 s) in one message, White's clock running again
    j.mv(11_000, 1, "e2e4", "e4", Some((START - 4 + 30) * 1000));
    j.mv(11_000, 2, "e7e5", "e5", None);
    j.clock(11_000, START - 4 + 30, START - 6 + 30, Some(true));
    let bs = j.s.board(B).unwrap();
    assert!(bs.clock_alerts.is_empty(), "{:?}", bs.clock_alerts);
    assert_eq!(bs.moves[0].clock_ms, Some((START + 26) * 1000));
    assert_eq!(bs.moves[1].clock_ms, Some((START + 24) * 1000));
    let times = bs.mirror.as_ref().unwrap().times().unwrap();
    assert_eq!((times.moves.white, times.moves.black), (1, 1));
    assert!(
        !j.alerts(20_000)
            .iter()
            .any(|a| matches!(a, BoardAlert::MoveCount { .. } | BoardAlert::Clock(_))),
        "{:?}",
        j.alerts(20_000)
    );
}

#[test]
fn the_clocks_run_on_while_the_console_is_away() {
    for away_s in [0u64, 60] {
        let mut j = J::new();
        j.clock(1_000, START, START, Some(true));
        j.mv(5_000, 1, "e2e4", "e4", None);
        j.clock(5_000, START - 4 + 30, START, Some(false));
        // the console goes at 6 s; back `away_s` later, its monotonic clock from 0 again
        let back = T0 + 6_000 + (away_s * 1000) as i64;
        let resumed = SessionResumed {
            match_sha256: String::new(),
            profile_sha256: String::new(),
            software: "test".into(),
            records: 0,
            torn_bytes: None,
            torn_saved_as: None,
        };
        j.rec_at(back, 10, Origin::System, resumed.into());
        // Black's clock ran all the while
        let black = START - 1 - away_s;
        j.rec_at(
            back + 100,
            100,
            Origin::Feed(B),
            ClockSample {
                board: B,
                left_ms: (START + 26) * 1000,
                right_ms: black * 1000,
                running: Some(ClockSide::Right),
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into(),
        );
        let bs = j.s.board(B).unwrap();
        assert!(
            bs.clock_alerts.is_empty(),
            "away {away_s} s: {:?}",
            bs.clock_alerts
        );
    }
}

#[test]
fn another_game_is_decided_by_the_arbiter_and_nothing_is_pre_selected() {
    let mut j = J::new();
    j.clock(1_000, START, START, Some(true));
    for (i, (uci, san)) in [("e2e4", "e4"), ("e7e5", "e5"), ("g1f3", "Nf3")]
        .iter()
        .enumerate()
    {
        j.mv(2_000 + i as u64 * 1000, i as u32 + 1, uci, san, None);
    }
    let rec = GameReconciled {
        board: B,
        source: ReconcileSource::MoveLog,
        outcome: ReconcileOutcome::Different,
        recorded_moves: 3,
        reported_moves: Some(3),
        common_moves: 2,
        recorded: vec!["Nf3".into()],
        reported: vec!["Nc3".into()],
        placement: None,
        clocks: Vec::new(),
    };
    j.rec(9_000, Origin::Feed(B), rec.into());
    assert!(j.alerts(9_000).contains(&BoardAlert::GameMismatch));
    assert_eq!(
        j.sans(),
        ["e4", "e5", "Nf3"],
        "nothing of the other game taken"
    );
    let req = Request {
        board: Some(B),
        player: None,
        kind: InterventionKind::GameMismatch,
    };
    let p = rules::propose(&j.m, &j.s, &req, MonoMs::from_base_ms(9_000));
    let d = p.decision.clone().expect("a decision request");
    assert!(p.consequence == Default::default(), "nothing chosen");
    let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["recorded", "board"]);
    let facts: Vec<String> = p
        .facts
        .iter()
        .map(|f| core_catalogue().format(Lang::En, f))
        .collect();
    assert!(facts[0].contains("after half-move 2: Nf3"), "{facts:?}");
    assert!(facts[1].contains("after half-move 2: Nc3"), "{facts:?}");
    for f in &p.facts {
        assert!(core_catalogue().try_format(Lang::De, f).is_ok());
    }
    // the board's game stands: the journal goes back to the moves both begin with
    assert!(matches!(
        d.options[1].consequence.game,
        Some(GameChange::Reinstate { moves: 2, .. })
    ));
    let ev = rules::decision::decide(&req, &p, "board", Basis::Discretion, "the board").unwrap();
    j.rec(10_000, Origin::Arbiter, ev);
    assert!(!j.alerts(10_000).contains(&BoardAlert::GameMismatch));
    assert_eq!(j.sans(), ["e4", "e5"]);
    // the board's moves follow from the feed
    j.mv(10_500, 3, "b1c3", "Nc3", None);
    assert_eq!(j.sans(), ["e4", "e5", "Nc3"]);
}
