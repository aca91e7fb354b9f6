//! Scripted incidents, seen through a TCP feed: an illegal move is reported as an irregularity
//! and the game goes on; a clock adjustment and a late arrival show in the clock; a flag falls
//! on a clock with a wrong preset; a paused clock is reported stopped.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::Event;
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_sim::pgn::{self, PgnGame};
use arbiter_sim::{Incident, Scenario, Simulator, SimulatorConfig};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

const PLIES: usize = 12;

fn games() -> Vec<PgnGame> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
        .iter()
        .take(4)
        .map(|f| pgn::read_file(f).unwrap().remove(0))
        .collect()
}

fn evs(log: &[FeedRecord], b: u16) -> Vec<Event> {
    log.iter()
        .filter(|r| r.event.board() == Some(BoardNo(b)))
        .map(|r| r.event.clone())
        .collect()
}

fn sans(evs: &[Event]) -> Vec<String> {
    evs.iter()
        .filter_map(|e| match e {
            Event::MoveMade(m) => Some(m.san.clone()),
            _ => None,
        })
        .collect()
}

/// The mover's clock (ms) in the first sample after ply `ply` where the mover's time stands.
fn clock_after(evs: &[Event], ply: u32, mover: ClockSide) -> Option<u64> {
    let k = evs
        .iter()
        .position(|e| matches!(e, Event::MoveMade(m) if m.ply == ply))?;
    evs[k..].iter().find_map(|e| match e {
        Event::ClockSample(c) if c.running != Some(mover) => Some(if mover == ClockSide::Left {
            c.left_ms
        } else {
            c.right_ms
        }),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scripted_incidents_show_in_the_feed() {
    let games = games();
    let scenario = Scenario::from_toml(
        r#"
[[incident]]
kind = "illegal_move"
board = 1
after_ply = 4
hold_s = 10

[[incident]]
kind = "clock_adjust"
board = 2
after_ply = 3
color = "white"
add_s = 120
offset_s = 1

[[incident]]
kind = "late_arrival"
board = 2
color = "black"
delay_s = 100

[[incident]]
kind = "wrong_preset"
board = 3
color = "white"
preset_s = 60

[[incident]]
kind = "flag"
board = 3
after_ply = 2

[[incident]]
kind = "pause"
board = 4
after_ply = 2
duration_s = 60
offset_s = 1
"#,
    )
    .unwrap();
    assert!(
        scenario
            .incidents
            .iter()
            .any(|i| matches!(i, Incident::Flag { .. }))
    );
    let sim = Simulator::bind(SimulatorConfig {
        boards: 4,
        games: games.clone(),
        speed: 100.0,
        max_plies: Some(PLIES),
        scenario,
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let ports = sim.ports().clone();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let (tx, mut rx) = mpsc::channel(4096);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    let base = Instant::now();
    for (i, a) in ports.boards.iter().enumerate() {
        spawn_feed(
            FeedConfig {
                board: BoardNo::from_index(i),
                source: Source::parse(&format!("tcp://{a}")).unwrap(),
                base,
                timing: Timing {
                    keepalive: Duration::from_millis(100),
                    rate_scale: 100,
                    ..Timing::default()
                },
                seed: None,
            },
            tx.clone(),
            counters.clone(),
            stop_rx.clone(),
        );
    }
    let log: Arc<Mutex<Vec<FeedRecord>>> = Arc::default();
    let l = log.clone();
    tokio::spawn(async move {
        while let Some(r) = rx.recv().await {
            l.lock().unwrap().push(r);
        }
    });
    let done = |log: &[FeedRecord]| {
        [1u16, 2, 4]
            .iter()
            .all(|&b| sans(&evs(log, b)).len() == PLIES)
            && evs(log, 3)
                .iter()
                .any(|e| matches!(e, Event::ClockSample(c) if c.left_flag))
            // the clock presses after board 2's plies 2 and 5 (read below)
            && clock_after(&evs(log, 2), 2, ClockSide::Left).is_some()
            && clock_after(&evs(log, 2), 5, ClockSide::Right).is_some()
    };
    let start = Instant::now();
    while !done(&log.lock().unwrap()) {
        assert!(start.elapsed() < Duration::from_secs(60), "timed out");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let log = log.lock().unwrap().clone();
    let clk = |g: usize, ply: usize| games[g].moves[ply - 1].clk_ms.unwrap();

    // board 1: the illegal move is an irregularity, never a move; the game goes on
    let b1 = evs(&log, 1);
    assert!(
        b1.iter().any(|e| matches!(e, Event::BoardIrregularity(_))),
        "{b1:?}"
    );
    assert_eq!(sans(&b1), games[0].replay().unwrap().san[..PLIES]);

    // board 2 (White on the right): Black 100 s late; White +120 s after ply 3
    let b2 = evs(&log, 2);
    assert_eq!(sans(&b2), games[1].replay().unwrap().san[..PLIES]);
    let black2 = clock_after(&b2, 2, ClockSide::Left).unwrap();
    assert!(black2.abs_diff(clk(1, 2) - 100_000) <= 1000, "{black2}");
    let white5 = clock_after(&b2, 5, ClockSide::Right).unwrap();
    assert!(white5.abs_diff(clk(1, 5) + 120_000) <= 1000, "{white5}");

    // board 3 (White on the left, preset 1 min): White's flag falls before ply 3
    let b3 = evs(&log, 3);
    assert_eq!(sans(&b3).len(), 2);
    assert!(
        b3.iter()
            .any(|e| matches!(e, Event::ClockSample(c) if c.left_flag && c.left_ms == 0))
    );

    // board 4: the clock is reported stopped between ply 2 and ply 3, then runs again
    let b4 = evs(&log, 4);
    let p2 = b4
        .iter()
        .position(|e| matches!(e, Event::MoveMade(m) if m.ply == 2))
        .unwrap();
    let p3 = b4
        .iter()
        .position(|e| matches!(e, Event::MoveMade(m) if m.ply == 3))
        .unwrap();
    assert!(
        b4[p2..p3]
            .iter()
            .any(|e| matches!(e, Event::ClockSample(c) if c.running.is_none()))
    );
    assert_eq!(sans(&b4), games[3].replay().unwrap().san[..PLIES]);

    stop.send(true).unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
}
