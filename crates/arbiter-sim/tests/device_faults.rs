//! Every device fault the simulator can inject, read by the real feeds over loopback and folded
//! into the console's state exactly as the console does: what the board status shows, what the
//! counters record, and that the moves stay right.
//!
//! Board 1: only garbage on the line for a while (the feed must not be live);
//! board 2: empty clock reports (ignored, counted); board 3: the clock unplugged (no clock);
//! board 4: the clock's battery low, then a flood of clock reports (rate-limited);
//! board 5: a DGT 3000 that adds the next period at 0:00 (the device's period flag, not its
//! final flag; the console still reads a flag: the period's moves were not completed);
//! board 6: the board unplugged for a while (the moves made meanwhile come back from its log);
//! board 7 (LiveChess): a flood of takebacks and resends; board 8 (LiveChess): a takeback and a
//! resend. 100x, twelve plies a board: about ten seconds.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::journal::Chain;
use arbiter_core::matchfile::Match;
use arbiter_core::model::BoardNo;
use arbiter_core::record::{ClockPresence, Event, FeedState, FlagKind, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_sim::pgn::{self, PgnGame};
use arbiter_sim::{Scenario, Simulator, SimulatorConfig};
use shakmaty::{Chess, Position};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

const SPEED: f64 = 100.0;
const PLIES: usize = 12;

fn games() -> Vec<PgnGame> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
        .iter()
        .take(8)
        .map(|f| pgn::read_file(f).unwrap().remove(0))
        .collect()
}

fn demo_match() -> Match {
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        include_str!("../../../config/matches/demo-bundesliga.toml"),
        Path::new("config/rules/bundesliga.toml"),
        include_str!("../../../config/rules/bundesliga.toml"),
    )
    .unwrap()
}

const SCENARIO: &str = r#"
[[incident]]
kind = "garbage_only"
board = 1
after_ply = 2
duration_s = 600
bytes_per_s = 300

[[incident]]
kind = "zero_clock_reports"
board = 2
after_ply = 2
count = 5

[[incident]]
kind = "no_clock"
board = 3
after_ply = 2
duration_s = 300

[[incident]]
kind = "battery_low"
board = 4
after_ply = 2

[[incident]]
kind = "flood"
board = 4
after_ply = 6
duration_s = 20
per_s = 300

[[incident]]
kind = "period_at_zero"
board = 5
first_period_s = 20

[[incident]]
kind = "disconnect"
board = 6
after_ply = 3
duration_s = 150

[[incident]]
kind = "flood"
board = 7
after_ply = 4
duration_s = 30
per_s = 100

[[incident]]
kind = "takeback"
board = 8
after_ply = 6
plies = 3
"#;

fn timing(rate_scale: u64) -> Timing {
    Timing {
        stale_after: Duration::from_millis(500),
        lost_after: Duration::from_millis(2000),
        backoff_initial: Duration::from_millis(50),
        backoff_max: Duration::from_millis(300),
        keepalive: Duration::from_millis(100),
        settle: Duration::from_millis(1000),
        connect_timeout: Duration::from_secs(2),
        rate_scale,
        noise_summary: Duration::from_millis(1000),
        counters_every: Duration::from_millis(2000),
    }
}

fn of(log: &[FeedRecord], b: u16) -> Vec<FeedRecord> {
    log.iter()
        .filter(|r| r.event.board() == Some(BoardNo(b)))
        .cloned()
        .collect()
}

fn sans(s: &MatchState, b: u16) -> Vec<String> {
    s.board(BoardNo(b))
        .unwrap()
        .moves
        .iter()
        .map(|m| m.san.clone())
        .collect()
}

/// The game's SAN moves are the PGN's, played legally from the start, plies numbered 1…n.
fn assert_game(s: &MatchState, b: u16, game: &PgnGame) {
    let bs = s.board(BoardNo(b)).unwrap();
    let plies: Vec<u32> = bs.moves.iter().map(|m| m.ply).collect();
    assert_eq!(
        plies,
        (1..=PLIES as u32).collect::<Vec<_>>(),
        "board {b}: plies"
    );
    let mut pos = Chess::default();
    for m in &bs.moves {
        let u: shakmaty::uci::UciMove = m.uci.parse().unwrap();
        let mv = u
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("board {b}: {} {e}", m.uci));
        pos.play_unchecked(mv);
    }
    assert_eq!(
        sans(s, b),
        game.replay().unwrap().san[..PLIES],
        "board {b}: moves"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_fault_shows_on_the_board_and_in_the_counters() {
    let games = games();
    let m = demo_match();
    let sim = Simulator::bind(SimulatorConfig {
        boards: 8,
        games: games.clone(),
        speed: SPEED,
        max_plies: Some(PLIES),
        livechess_port: Some(0),
        scenario: Scenario::from_toml(SCENARIO).unwrap(),
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let ports = sim.ports().clone();
    let infos = sim.boards();
    let base = sim.epoch();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let (tx, mut rx) = mpsc::channel(8192);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    for i in 0..8u16 {
        let source = if i >= 6 {
            let lc = ports.livechess.unwrap();
            Source::parse(&format!(
                "livechess://{lc}/{}",
                infos[usize::from(i)].serial
            ))
            .unwrap()
        } else {
            Source::parse(&format!("tcp://{}", ports.boards[usize::from(i)])).unwrap()
        };
        // board 4 (a DGT flood) and board 7 (a LiveChess flood) at the limits of real devices
        let scale = if i == 3 || i == 6 { 1 } else { SPEED as u64 };
        spawn_feed(
            FeedConfig {
                board: BoardNo(i + 1),
                source,
                base,
                timing: timing(scale),
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
    // fold as the console does: journal (chain) first, then apply
    let fold = |log: &[FeedRecord]| {
        let mut s = MatchState::with_boards(8);
        let mut chain = Chain::default();
        let mut out = Vec::new();
        let session = SessionStarted::of(&m, "test".into());
        let r = chain.append(
            WallMs::UNIX_EPOCH,
            MonoMs::ORIGIN,
            Origin::System,
            session.into(),
            &mut out,
        );
        apply(&mut s, &r);
        let mut states = Vec::with_capacity(log.len());
        for rec in log {
            let r = chain.append(
                WallMs::UNIX_EPOCH,
                rec.mono_ms,
                rec.origin,
                rec.event.clone(),
                &mut out,
            );
            apply(&mut s, &r);
            states.push((rec.clone(), s.clone()));
        }
        (s, states)
    };
    // the state alone, while waiting
    let state_of = |log: &[FeedRecord]| {
        let mut s = MatchState::with_boards(8);
        let mut chain = Chain::default();
        let mut out = Vec::new();
        let session = SessionStarted::of(&m, "test".into());
        apply(
            &mut s,
            &chain.append(
                WallMs::UNIX_EPOCH,
                MonoMs::ORIGIN,
                Origin::System,
                session.into(),
                &mut out,
            ),
        );
        for rec in log {
            let r = chain.append(
                WallMs::UNIX_EPOCH,
                rec.mono_ms,
                rec.origin,
                rec.event.clone(),
                &mut out,
            );
            apply(&mut s, &r);
        }
        s
    };
    let start = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let s = state_of(&log.lock().unwrap());
        let done = (1..=8u16).all(|b| sans(&s, b).len() >= PLIES);
        if done {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "timed out: {:?}",
            (1..=8u16).map(|b| sans(&s, b).len()).collect::<Vec<_>>()
        );
    }
    // The counters are journaled when they changed (every second while noise is counted, at
    // most every 2 s when only frames were): the log is taken once they account for the faults
    // and for every frame of board 4's flood journaled so far (no window of wall time; the
    // checks below read this snapshot).
    let counted = |s: &MatchState, log: &[FeedRecord]| {
        let c = |b: u16| s.board(BoardNo(b)).and_then(|bs| bs.counters).map(|c| c.1);
        let (Some(c1), Some(c2), Some(c4), Some(c7)) = (c(1), c(2), c(4), c(7)) else {
            return false;
        };
        let samples4 = of(log, 4)
            .iter()
            .filter(|r| matches!(r.event, Event::ClockSample(_)))
            .count() as u64;
        c1.garbage_bytes >= 1000
            && c2.zero_clock_reports >= 5
            && c4.rate_limited > 0
            && samples4 + c4.rate_limited <= c4.frames
            && c7.rate_limited > 0
    };
    let start = Instant::now();
    let log = loop {
        let log = log.lock().unwrap().clone();
        if counted(&state_of(&log), &log) {
            break log;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the counters did not account for the faults in 30 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    stop.send(true).unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
    let (s, states) = fold(&log);
    let status_after = |rec: &FeedRecord, st: &MatchState, b: u16| {
        board_status(&m, st, st.board(BoardNo(b)).unwrap(), rec.mono_ms)
    };
    let counters_of = |b: u16| s.board(BoardNo(b)).unwrap().counters.unwrap().1;

    // every board ends with the right, legal game
    for b in 1..=8u16 {
        assert_game(&s, b, &games[usize::from(b - 1)]);
    }

    // board 1: garbage only. The feed is not live while only garbage comes: between the start
    // of the noise and its end there is no transition to live; at some moment the board shows
    // a stale feed and garbled input; the counters hold the garbage.
    let t2 = infos[0].move_times[1];
    let noise =
        ((t2 + 5_000) as f64 / SPEED) as u64..((t2 + 5_000 + 600_000) as f64 / SPEED) as u64;
    let b1 = of(&log, 1);
    let live_in_noise: Vec<u64> = b1
        .iter()
        .filter(|r| matches!(&r.event, Event::FeedStatus(f) if f.state == FeedState::Live))
        .map(|r| r.mono_ms.as_base_ms())
        .filter(|t| noise.start + 50 < *t && *t + 50 < noise.end)
        .collect();
    assert!(
        live_in_noise.is_empty(),
        "live at {live_in_noise:?} during {noise:?}"
    );
    assert!(states.iter().any(|(rec, st)| {
        let a = status_after(rec, st, 1).alerts;
        a.contains(&BoardAlert::Stale) && a.contains(&BoardAlert::Garbled)
    }));
    assert!(counters_of(1).garbage_bytes >= 1000, "{:?}", counters_of(1));

    // board 2: empty reports are ignored (no sample of 0:00 on both sides) and counted
    assert!(
        !of(&log, 2).iter().any(
            |r| matches!(&r.event, Event::ClockSample(c) if c.left_ms == 0 && c.right_ms == 0)
        )
    );
    assert_eq!(counters_of(2).zero_clock_reports, 5);

    // board 3: no clock, then the clock again
    let b3: Vec<ClockPresence> = of(&log, 3)
        .iter()
        .filter_map(|r| match &r.event {
            Event::DeviceStatus(d) => Some(d.clock),
            _ => None,
        })
        .collect();
    assert_eq!(
        b3,
        [
            ClockPresence::Connected,
            ClockPresence::Absent,
            ClockPresence::Connected
        ]
    );
    assert!(states.iter().any(|(rec, st)| {
        status_after(rec, st, 3)
            .alerts
            .contains(&BoardAlert::NoClock)
    }));

    // board 4: battery low shown; the flood is rate-limited (the journal holds at most the
    // burst plus 10 samples a second), and counted
    assert!(states.iter().any(|(rec, st)| {
        status_after(rec, st, 4)
            .alerts
            .contains(&BoardAlert::BatteryLow)
    }));
    // How many reports the flood brings in a second of real time depends on the machine (the
    // simulator's clock is scaled): what holds on any machine is that the surplus is counted,
    // and that every frame is either journaled or counted.
    let c4 = counters_of(4);
    assert!(c4.rate_limited > 0, "{c4:?}");
    let b4 = of(&log, 4);
    let samples = b4
        .iter()
        .filter(|r| matches!(r.event, Event::ClockSample(_)))
        .count() as u64;
    assert!(
        samples + c4.rate_limited <= c4.frames,
        "{samples} journaled, {c4:?}"
    );
    let span_s = (b4.last().unwrap().mono_ms - b4[0].mono_ms) / 1000 + 1;
    assert!(
        samples <= 40 + 15 * span_s,
        "{samples} samples in {span_s} s"
    );

    // board 5: the period flag is a period flag, not a lost game
    let kinds: Vec<(Option<FlagKind>, Option<FlagKind>)> = of(&log, 5)
        .iter()
        .filter_map(|r| match &r.event {
            Event::ClockSample(c) if c.left_flag || c.right_flag => {
                Some((c.left_flag_kind, c.right_flag_kind))
            }
            _ => None,
        })
        .collect();
    assert!(!kinds.is_empty());
    assert!(
        kinds
            .iter()
            .all(|k| !matches!(k, (Some(FlagKind::Final), _) | (_, Some(FlagKind::Final)))),
        "{kinds:?}"
    );
    // The device shows its period flag; the console reads the flag from the clock and the game
    // (FIDE 6.3.1, 6.4): the first period (20 s) ran out after at most six of its 40 moves, so
    // the flag fell and the time the device added is not earned.
    assert!(states.iter().any(|(rec, st)| {
        let a = status_after(rec, st, 5).alerts;
        a.iter().any(|a| matches!(a, BoardAlert::PeriodFlag { .. }))
            && a.iter().any(|a| matches!(a, BoardAlert::Flag { .. }))
    }));

    // board 6: the moves made while it was unplugged come back from its log
    let recovered: Vec<(u32, u32)> = of(&log, 6)
        .iter()
        .filter_map(|r| match &r.event {
            Event::MovesRecovered(m) => Some((m.from_ply, m.to_ply)),
            _ => None,
        })
        .collect();
    assert_eq!(recovered.len(), 1, "{recovered:?}");
    assert!(recovered[0].1 > recovered[0].0, "{recovered:?}");
    assert!(!of(&log, 6).iter().any(
        |r| matches!(&r.event, Event::BoardIrregularity(i) if i.detail.contains("lost track"))
    ));

    // board 7 (LiveChess flood): the takebacks are limited, the moves right (checked above)
    let takebacks7 = of(&log, 7)
        .iter()
        .filter(|r| matches!(r.event, Event::MovesTakenBack(_)))
        .count();
    assert!((1..=10).contains(&takebacks7), "{takebacks7} takebacks");
    assert!(counters_of(7).rate_limited > 0, "{:?}", counters_of(7));

    // board 8 (LiveChess): one takeback of three plies, the resends add nothing
    let tb: Vec<u32> = of(&log, 8)
        .iter()
        .filter_map(|r| match &r.event {
            Event::MovesTakenBack(t) => Some(t.to_ply),
            _ => None,
        })
        .collect();
    assert_eq!(tb, [4]);
    let moves8 = of(&log, 8)
        .iter()
        .filter(|r| matches!(r.event, Event::MoveMade(_)))
        .count();
    assert_eq!(moves8, PLIES + 3);
}
