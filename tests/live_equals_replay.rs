//! The oracle for "state is a fold of the journal": the state the live console held at a
//! moment (records from the real simulator through the real DGT feeds over loopback, and the
//! arbiter's actions, each journaled and applied by `app::App`) equals the state a replay
//! rebuilds at that moment from the journal's bytes on disk (decoded, chain-verified, folded
//! from checkpoints by `replay::Replay`).

use std::path::Path;
use std::time::{Duration, Instant};

use arbiter_console::app::App;
use arbiter_console::time_base::TimeBase;
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, Note, Origin, ResultRecorded, RoundStarted};
use arbiter_core::replay::Replay;
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use arbiter_io::feeds::{Source, Timing, spawn_feeds};
use arbiter_io::journal_file::JournalWriter;
use arbiter_sim::venue::Venue;
use arbiter_sim::{SimulatorConfig, games};

#[test]
fn the_replayed_state_equals_the_live_state_at_every_moment_taken() {
    let m = arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("live.jsonl");
    let venue = Venue::start(SimulatorConfig {
        boards: 8,
        games: games::shipped().unwrap(),
        speed: 60.0,
        scenario: games::demo_incidents().unwrap(),
        ..SimulatorConfig::default()
    })
    .unwrap();
    let time = TimeBase::now();
    let sources = venue
        .ports()
        .boards
        .iter()
        .enumerate()
        .map(|(i, a)| {
            (
                BoardNo::from_index(i),
                Source::Tcp {
                    addr: a.to_string(),
                },
            )
        })
        .collect();
    let timing = Timing {
        rate_scale: 60,
        ..Timing::default()
    };
    let mut feeds = spawn_feeds(sources, time.start(), timing).unwrap();
    let mut app = App::new(m, JournalWriter::create(&path).unwrap());
    let ev = app.session_started();
    app.submit(
        time.wall_at(MonoMs::from_base_ms(0)),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    app.submit(
        time.wall_at(time.mono()),
        time.mono(),
        Origin::Arbiter,
        RoundStarted::default().into(),
    )
    .unwrap();
    // The live states, each with the number of records applied when it was taken.
    let mut taken: Vec<(u64, MatchState)> = Vec::new();
    let started = Instant::now();
    let mut actions: u16 = 0;
    // Until something happened worth comparing (moves and a clock on every board, three of
    // the arbiter's actions with a result among them, five moments taken): no window of wall
    // time, only a limit for a venue that never gets there.
    let enough = |s: &MatchState, actions: u16, moments: usize| {
        s.boards
            .iter()
            .all(|b| !b.moves.is_empty() && b.clock.is_some())
            && actions >= 3
            && s.board(BoardNo(2)).is_some_and(|b| b.result.is_some())
            && moments >= 5
    };
    while !enough(&app.state, actions, taken.len()) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the venue did not get there in 120 s: {} records",
            app.state.applied
        );
        let Ok(Some(r)) = feeds.recv_timeout(Duration::from_millis(100)) else {
            continue;
        };
        app.submit(time.wall_at(r.mono_ms), r.mono_ms, r.origin, r.event)
            .unwrap();
        // Now and then an arbiter's action between the feed records.
        if app.state.applied.is_multiple_of(150) {
            actions += 1;
            let now = time.mono();
            let ev: Event = if actions == 3 {
                ResultRecorded {
                    board: BoardNo(2),
                    result: GameResult::Draw,
                    reason: "agreed".into(),
                    ending: None,
                    overridden: Vec::new(),
                }
                .into()
            } else {
                Note {
                    board: Some(BoardNo(1 + actions % 8)),
                    text: format!("note {actions}"),
                    witnesses: Vec::new(),
                }
                .into()
            };
            app.submit(time.wall_at(now), now, Origin::Arbiter, ev)
                .unwrap();
        }
        if app.state.applied.is_multiple_of(97) {
            taken.push((app.state.applied, app.state.clone()));
        }
    }
    taken.push((app.state.applied, app.state.clone()));
    drop(feeds);
    drop(venue);
    app.journal.commit(time.mono()).unwrap();

    let bytes = std::fs::read(&path).unwrap();
    let (records, v) = arbiter_core::journal::records_from_bytes(&bytes).unwrap();
    assert_eq!(v.valid as u64, app.state.applied);
    let replay = Replay::new(records);
    // Something happened worth comparing: moves, clocks, the arbiter's actions.
    let last = &taken.last().unwrap().1;
    assert!(
        last.boards
            .iter()
            .all(|b| !b.moves.is_empty() && b.clock.is_some()),
        "every board has moves and a clock"
    );
    assert!(actions >= 3 && last.board(BoardNo(2)).unwrap().result.is_some());
    assert!(taken.len() >= 5, "{} moments", taken.len());
    for (applied, live) in &taken {
        let replayed = replay.state_after(usize::try_from(*applied).unwrap());
        assert_eq!(&replayed, live, "after {applied} records");
    }
}
