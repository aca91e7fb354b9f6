//! Clock accuracy: the simulator's physical clocks against what the console estimates and
//! what it displays, sampled at 10 Hz over a game played at real speed with network jitter.
//!
//! The simulator plays the shipped games (their moves, with thinking times of 3–13 s so that
//! the clocks are pressed often) on `BOARDS` boards at 1x; each board's bytes pass a loopback
//! proxy that holds every chunk for a random 0..`JITTER_MS` ms (in order, as TCP would). The
//! real feeds read the proxies; their records are folded as the console folds them (chain,
//! `state::apply`), and ten times a second the console's clock (`clock_now::clock_at`) is
//! compared with the physical clock (a replica of the simulated board advanced to the same
//! instant: the simulator is deterministic), on the side whose time runs on the physical clock.
//! Every such sample counts, also those just after a press, before the console has heard of it
//! (it then still runs the other side: the transient), and those of a feed that is not live.
//! Three scores:
//!
//! - **estimate**: the console's time to the millisecond (`ClockNow::exact`) against the
//!   physical clock's exact time;
//! - **display against display**: what the screen shows (`arbiter_tui::clocks::fmt_clock`:
//!   h:mm:ss, tenths under a minute) against what the clock's own display shows at the same
//!   instant (the same format of its exact time): how often they differ, and by how much;
//! - **display against the exact time**: what the screen shows against the physical clock's
//!   exact time (bounded below by the display's resolution: up to 1 s).
//!
//! `cargo run --release --example clock_accuracy -- [SECONDS=180] [JITTER_MS=50] [BOARDS=4]`

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_core::journal::Chain;
use arbiter_core::model::{BoardNo, Color};
use arbiter_core::record::{Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{Source, Timing, spawn_feeds};
use arbiter_sim::board::BoardSim;
use arbiter_sim::pgn::{PgnGame, PgnMove};
use arbiter_sim::{Simulator, SimulatorConfig, games};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// A game with the moves of `g` and quick, varied thinking times.
fn quick(g: &PgnGame) -> PgnGame {
    let mut clk = [5_400_000u64; 2];
    let moves = g
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let think = 3_000 + (i as u64 * 7_919 % 10) * 1_000 + (i as u64 * 137 % 1000);
            let c = &mut clk[i % 2];
            *c = *c + 30_000 - think;
            PgnMove {
                san: m.san.clone(),
                clk_ms: Some(*c),
            }
        })
        .collect();
    PgnGame { moves, ..g.clone() }
}

/// A proxy that delays every chunk from the board by 0..jitter ms, keeping the order.
async fn proxy(board: std::net::SocketAddr, jitter_ms: u64, seed: u64) -> std::net::SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((client, _)) = l.accept().await else {
                return;
            };
            let Ok(upstream) = TcpStream::connect(board).await else {
                continue;
            };
            let _ = client.set_nodelay(true);
            let _ = upstream.set_nodelay(true);
            let (mut cr, mut cw) = client.into_split();
            let (mut ur, mut uw) = upstream.into_split();
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                while let Ok(n) = cr.read(&mut buf).await {
                    if n == 0 || uw.write_all(&buf[..n]).await.is_err() {
                        return;
                    }
                }
            });
            let (tx, mut rx) =
                tokio::sync::mpsc::unbounded_channel::<(tokio::time::Instant, Vec<u8>)>();
            tokio::spawn(async move {
                let mut s = seed | 1;
                let mut last = tokio::time::Instant::now();
                let mut buf = [0u8; 4096];
                while let Ok(n) = ur.read(&mut buf).await {
                    if n == 0 {
                        return;
                    }
                    s = s
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let d = Duration::from_micros((s >> 33) % (jitter_ms * 1000 + 1));
                    let at = (tokio::time::Instant::now() + d).max(last);
                    last = at;
                    if tx.send((at, buf[..n].to_vec())).is_err() {
                        return;
                    }
                }
            });
            tokio::spawn(async move {
                while let Some((at, bytes)) = rx.recv().await {
                    tokio::time::sleep_until(at).await;
                    if cw.write_all(&bytes).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    addr
}

fn percentile(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let secs: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(180);
    let jitter: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    let boards: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: Vec<PgnGame> = games::shipped()?.iter().map(quick).collect();
    let m = arbiter_tui::fixture::demo_match();

    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    let config = SimulatorConfig {
        boards,
        games: games.clone(),
        speed: 1.0,
        ..SimulatorConfig::default()
    };
    let sim = rt.block_on(Simulator::bind(config))?;
    let infos = sim.boards();
    let epoch = sim.epoch();
    let mut sources = Vec::new();
    for (i, a) in sim.ports().boards.clone().into_iter().enumerate() {
        let p = rt.block_on(proxy(a, jitter, 17 + i as u64));
        sources.push((
            BoardNo::from_index(i),
            Source::Tcp {
                addr: p.to_string(),
            },
        ));
    }
    let (_stop, stop_rx) = tokio::sync::watch::channel(false);
    rt.spawn(sim.serve(stop_rx));
    let feeds = spawn_feeds(sources, epoch.into_std(), Timing::default())?;

    // the console's fold
    let state = console_fold(feeds, &m, boards as u16);

    let mut replicas: Vec<BoardSim> = infos
        .iter()
        .map(|i| BoardSim::new(i.setup.clone()))
        .collect::<Result<_, _>>()?;
    let start = Instant::now();
    let std_epoch = epoch.into_std();
    let mut estimate_err: Vec<u64> = Vec::new();
    let mut display_err: Vec<u64> = Vec::new();
    let mut display_exact_err: Vec<u64> = Vec::new();
    let mut differing = 0usize;
    let mut transient = 0usize;
    let mut next = start + Duration::from_secs(5);
    let mut sink = Vec::new();
    // The time a display shows: `fmt_clock` read back (whole seconds, tenths under a minute).
    let shown = |ms: u64| {
        if ms < 60_000 {
            ms / 100 * 100
        } else {
            ms / 1000 * 1000
        }
    };
    while start.elapsed() < Duration::from_secs(secs) {
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
        next += Duration::from_millis(100);
        let t = std_epoch.elapsed();
        let now_ms = u64::try_from(t.as_millis()).unwrap_or(u64::MAX);
        let s = state.lock().unwrap();
        for (i, r) in replicas.iter_mut().enumerate() {
            r.advance_to(now_ms, &mut sink);
            sink.clear();
            let (pw, pb, run) = r.clock_by_colour();
            let Some(run) = run else { continue };
            let Some(bs) = s.board(BoardNo::from_index(i)) else {
                continue;
            };
            let Some(c) = arbiter_core::clock_now::clock_at(&s, bs, MonoMs::from_base_ms(now_ms))
            else {
                continue;
            };
            if c.running != Some(run) {
                // Just after a press: the console has not heard of it yet.
                transient += 1;
            }
            let (phys, console) = if run == shakmaty::Color::White {
                (pw, c.exact(Color::White).ms())
            } else {
                (pb, c.exact(Color::Black).ms())
            };
            estimate_err.push(phys.abs_diff(console));
            let (screen, device) = (
                arbiter_tui::clocks::fmt_clock(console),
                arbiter_tui::clocks::fmt_clock(phys),
            );
            if screen != device {
                differing += 1;
            }
            display_err.push(shown(console).abs_diff(shown(phys)));
            display_exact_err.push(shown(console).abs_diff(phys));
        }
    }
    print_scores(
        (boards, secs, jitter),
        transient,
        differing,
        [estimate_err, display_err, display_exact_err],
    );
    Ok(())
}

/// Prints the run's three scores.
fn print_scores(
    (boards, secs, jitter): (usize, u64, u64),
    transient: usize,
    differing: usize,
    [mut estimate_err, mut display_err, mut display_exact_err]: [Vec<u64>; 3],
) {
    let n = estimate_err.len();
    let line = |name: &str, v: &mut Vec<u64>| {
        v.sort_unstable();
        println!(
            "  {name:<32} p50 {:>4} ms, p99 {:>4} ms, max {:>5} ms",
            percentile(v, 0.5),
            percentile(v, 0.99),
            v.last().copied().unwrap_or(0)
        );
    };
    println!(
        "clock_accuracy: {boards} boards, {secs} s at 1x, jitter 0..{jitter} ms, {n} samples of the running clock at 10 Hz ({transient} just after a press, before the console heard of it)"
    );
    line("estimate (ms) vs exact:", &mut estimate_err);
    line("display vs the clock's display:", &mut display_err);
    println!(
        "  {:<32} {differing} of {n} samples ({:.2} %)",
        "display differs from the clock's:",
        if n == 0 {
            0.0
        } else {
            differing as f64 * 100.0 / n as f64
        }
    );
    line("display vs exact:", &mut display_exact_err);
}

/// The console's fold of the feeds' records, on a thread of its own: the state it keeps.
fn console_fold(
    mut feeds: arbiter_io::feeds::Feeds,
    m: &arbiter_core::matchfile::Match,
    boards: u16,
) -> Arc<Mutex<MatchState>> {
    let state = Arc::new(Mutex::new(MatchState::with_boards(boards)));
    let mut s = state.lock().unwrap();
    let mut chain = Chain::default();
    let mut out = Vec::new();
    let session = SessionStarted {
        boards,
        ..SessionStarted::of(m, "clock_accuracy".into())
    };
    apply(
        &mut s,
        &chain.append(
            WallMs::from_unix_ms(0),
            MonoMs::from_base_ms(0),
            Origin::System,
            session.into(),
            &mut out,
        ),
    );
    drop(s);
    let st = state.clone();
    std::thread::spawn(move || {
        while let Some(r) = feeds.recv() {
            out.clear();
            let rec = chain.append(
                WallMs::from_unix_ms(0),
                r.mono_ms,
                r.origin,
                r.event,
                &mut out,
            );
            apply(&mut st.lock().unwrap(), &rec);
        }
    });
    state
}
