//! LiveChess' own habits, from the real simulator's LiveChess endpoint through the real feeds into
//! the console's journal, and out through both exports (`arbiter report`'s `games.pgn` and the
//! live broadcast PGN of `arbiter run --broadcast-pgn`):
//!
//! - board 1: LiveChess recognises 1…e5 as 1…e6, then takes it back and sends the right one. The corrected move replaces the wrong one: one game, with the corrected move,
//!   every move with its clock, no split game, in both exports; the journal keeps the
//!   correction (a `takeback` record, the move taken back and what replaced it).
//! - board 2: LiveChess sends 2.Nf3 and 2…d6 in one message: both moves get their clocks (no
//!   gap comment), no clock alert, no move-counter alert.
//!
//! 20x, four plies a board: a few seconds. The records are journaled in the venue's time (the
//! feeds' stamps times the speed, as the in-process console tests do, `tests/support/app.rs`), so
//! that the clock model judges the clocks as at a real venue.

use crate::pgn_check;

use std::path::Path;
use std::time::Duration;

use arbiter_console::app::App;
use arbiter_console::broadcast::Broadcast;
use arbiter_console::time_base::TimeBase;
use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, Origin};
use arbiter_core::state::MatchState;
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{Source, Timing, spawn_feeds};
use arbiter_io::journal_file::JournalWriter;
use arbiter_sim::pgn::{self, PgnGame};
use arbiter_sim::venue::Venue;
use arbiter_sim::{Scenario, SimulatorConfig};

const PLIES: usize = 4;
const SPEED: u64 = 20;

/// A moment of the console's time base in the venue's time (`SPEED` times as fast).
fn in_venue_time(t: MonoMs) -> MonoMs {
    MonoMs::from_base_ms(t.as_base_ms() * SPEED)
}

/// Journals a feed record in the venue's time.
fn journal_venue(app: &mut App, r: arbiter_io::feeds::FeedRecord) {
    let mono = in_venue_time(r.mono_ms);
    let wall = WallMs::from_unix_ms(1_764_334_800_000) + (mono - MonoMs::ORIGIN) as i64;
    app.input(wall, mono, r.origin, r.event);
}

fn demo_match() -> Match {
    arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None).unwrap()
}

fn game(file: &str) -> PgnGame {
    pgn::read_file(&Path::new("crates/arbiter-sim/games").join(file))
        .unwrap()
        .remove(0)
}

fn plies(s: &MatchState, b: u16) -> usize {
    s.board(BoardNo(b)).map_or(0, |bs| bs.game_moves().count())
}

/// The game of `board` in a PGN file: exactly one, legal, the shipped game's first plies, a
/// `[%clk]` after every move equal to the shipped game's (whole seconds).
fn check_export(what: &str, pgn: &str, board: u16, shipped: &PgnGame) {
    let games = pgn_check::read(pgn);
    let of_board: Vec<&pgn_check::Game> = games
        .iter()
        .filter(|g| g.tag("Board") == Some(&board.to_string()))
        .collect();
    assert_eq!(
        of_board.len(),
        1,
        "{what}: board {board} is one game\n{pgn}"
    );
    let g = of_board[0];
    assert!(g.illegal.is_none(), "{what}: {:?}", g.illegal);
    assert_eq!(
        g.tag("SetUp"),
        None,
        "{what}: no continuation from a position"
    );
    let want = shipped.replay().unwrap().san;
    assert_eq!(g.sans, want[..PLIES], "{what}: board {board}'s moves");
    // within the clock's second: a running clock's reading is its move's clock less what it
    // ran since (the first of two moves in one message)
    let secs = |t: &str| {
        arbiter_core::hms::parse(t, arbiter_core::hms::Shape::FULL)
            .ok()
            .map(|ms| (ms / 1000) as i64)
    };
    for (i, clk) in g.clk.iter().enumerate() {
        let got = clk.as_deref().and_then(secs);
        let want = shipped.moves[i].clk_ms.map(|ms| (ms / 1000) as i64);
        assert!(
            matches!((got, want), (Some(a), Some(b)) if (a - b).abs() <= 1),
            "{what}: board {board}, ply {}: [%clk] {clk:?}, the game's {want:?} s",
            i + 1
        );
    }
    // the comments hold the clock commands only: no gap, no outage
    let words: Vec<&str> = g
        .comments
        .iter()
        .flat_map(|c| c.split_whitespace())
        .filter(|w| !w.starts_with("[%") && !w.ends_with(']'))
        .collect();
    assert!(
        words.is_empty(),
        "{what}: board {board} has no gap or outage comment: {:?}",
        g.comments
    );
}

#[test]
fn a_livechess_correction_and_two_moves_in_one_message_leave_the_games_as_played() {
    let dir = tempfile::tempdir().unwrap();
    let m = demo_match();
    let games = vec![game("02_immortal.pgn"), game("01_opera.pgn")];
    let scenario = Scenario::from_toml(
        r#"
        [[incident]]
        kind = "livechess_correction"
        board = 1
        after_ply = 1
        delay_s = 3

        [[incident]]
        kind = "livechess_two_moves"
        board = 2
        after_ply = 2
        "#,
    )
    .unwrap();
    let venue = Venue::start(SimulatorConfig {
        boards: 2,
        games: games.clone(),
        speed: SPEED as f64,
        max_plies: Some(PLIES),
        livechess_port: Some(0),
        scenario,
        ..SimulatorConfig::default()
    })
    .unwrap();
    let lc = venue.ports().livechess.unwrap();
    let time = TimeBase::now();
    let sources = (1..=2u16)
        .map(|b| {
            (
                BoardNo(b),
                Source::parse(&format!("livechess://{lc}/{:05}", 10_000 + b)).unwrap(),
            )
        })
        .collect();
    let mut feeds = spawn_feeds(sources, time.start(), Timing::default()).unwrap();
    let journal = dir.path().join("journal.jsonl");
    let mut app = App::new(m, JournalWriter::create(&journal).unwrap());
    let ev = app.session_started();
    app.submit(
        WallMs::from_unix_ms(1_764_334_800_000),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut broadcast = Broadcast::new(dir.path().join("live.pgn"), 1);
    while plies(&app.state, 1) < PLIES || plies(&app.state, 2) < PLIES {
        assert!(
            std::time::Instant::now() < deadline,
            "timed out: {} and {} plies",
            plies(&app.state, 1),
            plies(&app.state, 2)
        );
        if let Ok(Some(r)) = feeds.recv_timeout(Duration::from_millis(100)) {
            // (the simulator stops a board's clock after its last scripted move)
            let playing = plies(&app.state, 2) < PLIES;
            journal_venue(&mut app, r);
            if !playing {
                continue;
            }
            // no moment on board 2 shows a clock-change or move-counter alert (while LiveChess
            // has not reported the move whose press the clock shows, the board says the clock
            // runs for the player not on move: true, and over with the message)
            let now = in_venue_time(time.mono());
            let bs = app.state.board(BoardNo(2)).unwrap();
            let alerts = board_status(&app.m, &app.state, bs, now).alerts;
            assert!(
                !alerts
                    .iter()
                    .any(|a| matches!(a, BoardAlert::MoveCount { .. } | BoardAlert::Clock(_))),
                "board 2: {alerts:?}"
            );
        }
    }
    // the last move's clock report
    let until = std::time::Instant::now() + Duration::from_millis(300);
    while std::time::Instant::now() < until {
        if let Ok(Some(r)) = feeds.recv_timeout(Duration::from_millis(50)) {
            journal_venue(&mut app, r);
        }
    }
    drop(feeds);
    drop(venue);
    app.journal.commit(in_venue_time(time.mono())).unwrap();

    // the journal keeps the correction: the wrong move taken back, replaced by the right one
    let b1 = app.state.board(BoardNo(1)).unwrap();
    assert_eq!(b1.taken_back.len(), 1, "{:?}", b1.taken_back);
    let tb = &b1.taken_back[0];
    let right = &games[0].replay().unwrap().san[1];
    assert_eq!(tb.entry.ply, 2);
    assert_ne!(&tb.entry.san, right);
    assert_eq!(tb.replaced_by.as_ref().map(|(_, s)| s), Some(right));
    let (records, _) = arbiter_io::journal_file::read(&journal).unwrap();
    assert!(records.iter().any(
        |r| matches!(&r.event, Event::MovesTakenBack(t) if t.board == BoardNo(1) && t.to_ply == 1)
    ));
    // board 2's moves 3 and 4 came in one message: 3 with the message's clock
    let two: Vec<&Record> = records
        .iter()
        .filter(|r| matches!(&r.event, Event::MoveMade(mv) if mv.board == BoardNo(2) && (mv.ply == 3 || mv.ply == 4)))
        .collect();
    assert_eq!(two.len(), 2);
    assert_eq!(two[0].mono_ms, two[1].mono_ms, "one message");
    assert!(matches!(&two[0].event, Event::MoveMade(mv) if mv.clock_ms.is_some()));
    // no clock alert on board 2 while it played (the simulator stops the clock 3 s after the
    // last scripted move: the player stopped it)
    let b2 = app.state.board(BoardNo(2)).unwrap();
    let last = b2.moves.last().unwrap().at.seq;
    assert!(
        b2.clock_alerts.iter().all(|(at, a)| at.seq > last
            && matches!(
                a,
                arbiter_core::clock::ClockAlert::PlayerStoppedClock { .. }
            )),
        "{:?}",
        b2.clock_alerts
    );

    // both exports: one game per board, corrected, every move with its clock
    assert!(
        broadcast
            .tick(&app.m, &app.state, Lang::En, MonoMs::from_base_ms(0))
            .unwrap()
    );
    let live = std::fs::read_to_string(dir.path().join("live.pgn")).unwrap();
    let out = dir.path().join("report");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["report"])
        .arg(&journal)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    for (what, pgn) in [("broadcast", &live), ("games.pgn", &report)] {
        check_export(what, pgn, 1, &games[0]);
        check_export(what, pgn, 2, &games[1]);
    }
}
