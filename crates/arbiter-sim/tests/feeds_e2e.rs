//! End to end over loopback: the simulator plays real games; the feeds' event stream must hold
//! the same moves (SAN), the same final positions, and the clock times of the PGN within 1 s.
//! A simulator killed in mid-game and started again: the boards go lost and live again (and a
//! board that falls silent goes stale, lost and live again), nothing is lost, and every
//! transition is in the stream. The same through the LiveChess endpoint.
//!
//! Short game prefixes at 100x keep each test to a few seconds.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::journal::{self, Chain};
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{Event, FeedState};
use arbiter_core::record::{Origin, SessionStarted};
use arbiter_core::state::MatchState;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_sim::pgn::{self, PgnGame, Replayed};
use arbiter_sim::{Incident, Scenario, Simulator, SimulatorConfig};
use shakmaty::Position;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

const SPEED: f64 = 100.0;
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
        .take(8)
        .map(|f| pgn::read_file(f).unwrap().remove(0))
        .collect()
}

fn timing() -> Timing {
    Timing {
        stale_after: Duration::from_millis(150),
        lost_after: Duration::from_millis(400),
        backoff_initial: Duration::from_millis(40),
        backoff_max: Duration::from_millis(200),
        keepalive: Duration::from_millis(50),
        settle: Duration::from_millis(1000),
        connect_timeout: Duration::from_secs(2),
        rate_scale: SPEED as u64,
        noise_summary: Duration::from_millis(100),
        counters_every: Duration::from_millis(500),
    }
}

fn config(games: Vec<PgnGame>) -> SimulatorConfig {
    SimulatorConfig {
        boards: 8,
        games,
        speed: SPEED,
        max_plies: Some(PLIES),
        livechess_port: Some(0),
        ..SimulatorConfig::default()
    }
}

type Log = Arc<Mutex<Vec<FeedRecord>>>;

fn collect(mut rx: mpsc::Receiver<FeedRecord>) -> Log {
    let log: Log = Arc::default();
    let l = log.clone();
    tokio::spawn(async move {
        while let Some(r) = rx.recv().await {
            l.lock().unwrap().push(r);
        }
    });
    log
}

fn board_events(log: &[FeedRecord], b: BoardNo) -> Vec<Event> {
    log.iter()
        .filter(|r| r.event.board() == Some(b))
        .map(|r| r.event.clone())
        .collect()
}

fn moves_of(evs: &[Event]) -> Vec<String> {
    evs.iter()
        .filter_map(|e| match e {
            Event::MoveMade(m) => Some(m.san.clone()),
            _ => None,
        })
        .collect()
}

/// Every board has all its moves and a clock sample after the last one.
fn complete(log: &[FeedRecord], plies: &[usize]) -> bool {
    plies.iter().enumerate().all(|(i, &plies)| {
        let evs = board_events(log, BoardNo::from_index(i));
        let Some(last) = evs.iter().rposition(|e| matches!(e, Event::MoveMade(m) if m.ply as usize == plies)) else {
            return false;
        };
        evs[last..]
            .iter()
            .any(|e| matches!(e, Event::ClockSample(c) if c.running != Some(mover_side_after(c.white_side, i, plies))))
    })
}

/// White's clock side on board index `i` in the simulator's default set-up.
fn white_side(i: usize) -> ClockSide {
    if i.is_multiple_of(2) {
        ClockSide::Left
    } else {
        ClockSide::Right
    }
}

fn mover_side_after(sample_white: Option<ClockSide>, i: usize, ply: usize) -> ClockSide {
    let w = sample_white.unwrap_or(white_side(i));
    if ply % 2 == 1 { w } else { w.other() }
}

async fn wait_for(log: &Log, what: &str, limit: Duration, f: impl Fn(&[FeedRecord]) -> bool) {
    let start = Instant::now();
    loop {
        if f(&log.lock().unwrap()) {
            return;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Checks one board: SAN list, final position, and (unless interrupted by a reconnection)
/// the mover's clock after every move within 1 s of the PGN's `[%clk]`.
fn check_board(
    log: &[FeedRecord],
    i: usize,
    game: &PgnGame,
    replay: &Replayed,
    plies: usize,
) -> usize {
    let b = BoardNo::from_index(i);
    let stamps: Vec<u64> = log
        .iter()
        .filter(|r| r.event.board() == Some(b))
        .map(|r| r.mono_ms.as_base_ms())
        .collect();
    assert!(
        stamps.windows(2).all(|w| w[0] <= w[1]),
        "board {b}: monotonic stamps"
    );
    let evs = board_events(log, b);
    assert_eq!(moves_of(&evs), replay.san[..plies], "board {b}: moves");
    let last_pos = evs
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::BoardPosition(p) => Some(p.placement.clone()),
            _ => None,
        })
        .expect("a position");
    assert_eq!(
        last_pos,
        replay.positions[plies].board().to_string(),
        "board {b}: final position"
    );
    let mut checked = 0;
    for (k, e) in evs.iter().enumerate() {
        let Event::MoveMade(m) = e else { continue };
        let ply = m.ply as usize;
        let clk = game.moves[ply - 1].clk_ms.unwrap();
        // The samples that follow this move and no later one: after a reconnection the feed
        // recovers the missed moves together and then reports the clocks as they stand, which
        // is the last move's time, not this one's (the console's state gives it to the last).
        let after = evs[k + 1..]
            .iter()
            .take_while(|e| !matches!(e, Event::FeedStatus(_) | Event::MoveMade(_)));
        let sample = after.filter_map(|e| match e {
            Event::ClockSample(c) => Some(c),
            _ => None,
        });
        let mut found = None;
        for c in sample {
            let side = mover_side_after(c.white_side, i, ply);
            if c.running != Some(side) {
                found = Some(if side == ClockSide::Left {
                    c.left_ms
                } else {
                    c.right_ms
                });
                break;
            }
        }
        if let Some(ms) = found {
            assert!(
                ms.abs_diff(clk) <= 1000,
                "board {b} ply {ply}: clock {ms} ms, PGN [%clk] {clk} ms"
            );
            checked += 1;
        }
    }
    checked
}

/// Journals the feed records as the console does (hash chain, then `apply`) and checks the
/// console's state: the same moves (SAN), the same final position, and the mover's clock after
/// every move within 1 s of the PGN's `[%clk]`.
fn check_state(log: &[FeedRecord], games: &[PgnGame], plies: &[usize]) {
    let mut chain = Chain::default();
    let mut bytes = Vec::new();
    let session = SessionStarted {
        match_sha256: String::new(),
        profile_sha256: String::new(),
        match_path: String::new(),
        profile_id: "bundesliga".into(),
        boards: games.len() as u16,
        software: "feeds_e2e".into(),
        time_control: Some("90/40+30+30s".parse().unwrap()),
        profile_path: None,
        match_text: None,
        profile_text: None,
    };
    chain.append(
        WallMs::UNIX_EPOCH,
        MonoMs::ORIGIN,
        Origin::System,
        session.into(),
        &mut bytes,
    );
    for r in log {
        chain.append(
            WallMs::from_unix_ms(r.mono_ms.as_base_ms() as i64),
            r.mono_ms,
            r.origin,
            r.event.clone(),
            &mut bytes,
        );
    }
    let (records, v) = journal::records_from_bytes(&bytes).unwrap();
    assert!(v.is_intact());
    let s = MatchState::fold(&records);
    assert!(s.rejected.is_empty(), "{:?}", s.rejected);
    for (i, g) in games.iter().enumerate() {
        let b = BoardNo::from_index(i);
        let bs = s.board(b).unwrap();
        let replay = g.replay().unwrap();
        let sans: Vec<&str> = bs.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, replay.san[..plies[i]], "board {b}: the state's moves");
        assert_eq!(
            bs.placement.as_deref(),
            Some(replay.positions[plies[i]].board().to_string().as_str()),
            "board {b}: the state's final position"
        );
        for m in &bs.moves {
            let clk = g.moves[m.ply as usize - 1].clk_ms.unwrap();
            let got = m
                .clock_ms
                .unwrap_or_else(|| panic!("board {b} ply {}: no clock in the state", m.ply));
            assert!(
                got.abs_diff(clk) <= 1000,
                "board {b} ply {}: state clock {got} ms, PGN [%clk] {clk} ms",
                m.ply
            );
        }
    }
}

fn states(evs: &[Event]) -> Vec<FeedState> {
    evs.iter()
        .filter_map(|e| match e {
            Event::FeedStatus(s) => Some(s.state),
            _ => None,
        })
        .collect()
}

fn has_in_order(states: &[FeedState], want: &[FeedState]) -> bool {
    let mut it = states.iter();
    want.iter().all(|w| it.any(|s| s == w))
}

fn spawn_feeds(
    sources: Vec<Source>,
    base: Instant,
) -> (Log, watch::Sender<bool>, Arc<FeedCounters>) {
    let (tx, rx) = mpsc::channel(4096);
    let (stop_tx, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    for (i, source) in sources.into_iter().enumerate() {
        spawn_feed(
            FeedConfig {
                board: BoardNo::from_index(i),
                source,
                base,
                timing: timing(),
                seed: None,
            },
            tx.clone(),
            counters.clone(),
            stop_rx.clone(),
        );
    }
    (collect(rx), stop_tx, counters)
}

/// 8 boards over TCP (board 3 turned 180°); `full` plays the whole games at 50x.
async fn eight_boards_over_tcp(full: bool) {
    let games = games();
    let plies: Vec<usize> = games
        .iter()
        .map(|g| if full { g.moves.len() } else { PLIES })
        .collect();
    let mut cfg = config(games.clone());
    cfg.rotated_boards = vec![3];
    if full {
        cfg.speed = 50.0;
        cfg.max_plies = None;
    }
    let sim = Simulator::bind(cfg).await.unwrap();
    let ports = sim.ports().clone();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let sources = ports
        .boards
        .iter()
        .map(|a| Source::parse(&format!("tcp://{a}")).unwrap())
        .collect();
    let (log, stop, counters) = spawn_feeds(sources, Instant::now());
    let limit = Duration::from_secs(if full { 900 } else { 60 });
    wait_for(&log, "all moves", limit, |l| complete(l, &plies)).await;
    let log = log.lock().unwrap().clone();
    let mut checked = 0;
    for (i, g) in games.iter().enumerate() {
        checked += check_board(&log, i, g, &g.replay().unwrap(), plies[i]);
        let st = states(&board_events(&log, BoardNo::from_index(i)));
        assert_eq!(
            st[..2],
            [FeedState::Connecting, FeedState::Live],
            "board {}",
            i + 1
        );
        assert!(
            !board_events(&log, BoardNo::from_index(i))
                .iter()
                .any(|e| matches!(e, Event::BoardIrregularity(_)))
        );
    }
    assert_eq!(
        checked,
        plies.iter().sum::<usize>(),
        "a clock sample after every move"
    );
    check_state(&log, &games, &plies);
    assert_eq!(counters.snapshot().garbage_bytes, 0);
    stop.send(true).unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_boards_over_tcp_match_the_pgn() {
    eight_boards_over_tcp(false).await;
}

/// The acceptance run with whole games: about 3 minutes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "long (whole games at 50x, ~3 min): cargo test --test feeds_e2e -- --ignored"]
async fn eight_whole_games_at_50x_over_tcp() {
    eight_boards_over_tcp(true).await;
}

/// Picks a kill instant (game ms) where no board makes more than two moves in the outage.
fn kill_time(boards: &[Vec<u64>], from: u64, window: u64) -> u64 {
    let mut t = from;
    loop {
        let ok = boards.iter().all(|times| {
            times
                .iter()
                .filter(|&&m| m + 2000 >= t && m <= t + window)
                .count()
                <= 2
                && times.last().is_some_and(|&l| l > t + window)
        });
        if ok {
            return t;
        }
        t += 500;
        assert!(t < 250_000, "no kill instant found");
    }
}

async fn restart_test(livechess: bool) {
    let games = games();
    let mut cfg = config(games.clone());
    if !livechess {
        // board 2 falls silent for 50 s of game time (0.5 s at 100x) before its 4th ply
        cfg.scenario = Scenario {
            incidents: vec![
                Incident::Disconnect {
                    board: 2,
                    after_ply: 3,
                    duration_s: 50,
                    offset_s: 5,
                },
                Incident::Corrupt {
                    board: 3,
                    after_ply: 2,
                    bytes: 300,
                    offset_s: 2,
                },
            ],
        };
    }
    let sim = Simulator::bind(cfg.clone()).await.unwrap();
    let ports = sim.ports().clone();
    let epoch = sim.epoch();
    let move_times: Vec<Vec<u64>> = sim.boards().into_iter().map(|b| b.move_times).collect();
    let serials: Vec<String> = sim.boards().into_iter().map(|b| b.serial).collect();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let sources: Vec<Source> = if livechess {
        let lc = ports.livechess.unwrap();
        serials
            .iter()
            .map(|s| Source::parse(&format!("livechess://{lc}/{s}")).unwrap())
            .collect()
    } else {
        ports
            .boards
            .iter()
            .map(|a| Source::parse(&format!("tcp://{a}")).unwrap())
            .collect()
    };
    let (log, stop, counters) = spawn_feeds(sources, Instant::now());
    // kill in mid-game, restart 150 ms later on the same ports with the same venue time
    let t_kill = kill_time(&move_times, 150_000, 50_000);
    tokio::time::sleep_until(epoch + Duration::from_secs_f64(t_kill as f64 / 1000.0 / SPEED)).await;
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
    wait_for(&log, "every board lost", Duration::from_secs(10), |l| {
        (0..8).all(|i| states(&board_events(l, BoardNo::from_index(i))).contains(&FeedState::Lost))
    })
    .await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let mut cfg2 = cfg;
    cfg2.epoch = Some(epoch);
    cfg2.board_ports = ports.boards.iter().map(|a| a.port()).collect();
    cfg2.livechess_port = ports.livechess.map(|a| a.port());
    let sim2 = Simulator::bind(cfg2).await.unwrap();
    let (sim_stop2, sim_stop_rx2) = watch::channel(false);
    let server2 = tokio::spawn(sim2.serve(sim_stop_rx2));
    wait_for(
        &log,
        "all moves after the restart",
        Duration::from_secs(60),
        |l| complete(l, &[PLIES; 8]),
    )
    .await;
    let log = log.lock().unwrap().clone();
    for (i, g) in games.iter().enumerate() {
        let b = BoardNo::from_index(i);
        let checked = check_board(&log, i, g, &g.replay().unwrap(), PLIES);
        assert!(
            checked >= PLIES - 3,
            "board {b}: only {checked} clock checks"
        );
        let st = states(&board_events(&log, b));
        assert!(
            has_in_order(
                &st,
                &[
                    FeedState::Connecting,
                    FeedState::Live,
                    FeedState::Lost,
                    FeedState::Reconnecting,
                    FeedState::Live
                ]
            ),
            "board {b}: {st:?}"
        );
        assert!(
            !board_events(&log, b)
                .iter()
                .any(|e| matches!(e, Event::BoardIrregularity(_))),
            "board {b}: irregularity"
        );
    }
    if !livechess {
        let st = states(&board_events(&log, BoardNo(2)));
        assert!(
            has_in_order(
                &st,
                &[
                    FeedState::Live,
                    FeedState::Stale,
                    FeedState::Lost,
                    FeedState::Reconnecting,
                    FeedState::Live
                ]
            ),
            "board 2 (silent): {st:?}"
        );
        assert!(
            counters.snapshot().garbage_bytes > 0,
            "corrupted bytes are counted"
        );
    }
    stop.send(true).unwrap();
    sim_stop2.send(true).unwrap();
    server2.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulator_restart_over_tcp_loses_nothing() {
    restart_test(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulator_restart_over_livechess_loses_nothing() {
    restart_test(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_boards_over_livechess_match_the_pgn() {
    let games = games();
    let sim = Simulator::bind(config(games.clone())).await.unwrap();
    let lc = sim.ports().livechess.unwrap();
    let serials: Vec<String> = sim.boards().into_iter().map(|b| b.serial).collect();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let sources = serials
        .iter()
        .map(|s| Source::parse(&format!("livechess://{lc}/{s}")).unwrap())
        .collect();
    let (log, stop, counters) = spawn_feeds(sources, Instant::now());
    wait_for(&log, "all moves", Duration::from_secs(60), |l| {
        complete(l, &[PLIES; 8])
    })
    .await;
    let log = log.lock().unwrap().clone();
    for (i, g) in games.iter().enumerate() {
        let checked = check_board(&log, i, g, &g.replay().unwrap(), PLIES);
        assert_eq!(checked, PLIES, "board {}", i + 1);
    }
    check_state(&log, &games, &[PLIES; 8]);
    assert_eq!(counters.snapshot().bad_json, 0);
    stop.send(true).unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
}
