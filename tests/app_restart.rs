//! A restart is a continuation (issue 25): the console, in process (issue 27: the app core drawn
//! on a `TestBackend`, with the real feeds `arbiter run` starts on a running `arbiter simulate`:
//! six DGT boards over TCP, boards 4 and 8 over its LiveChess endpoint), is killed (dropped
//! without a commit or a sync, its feeds gone, as after SIGKILL) or quit at random moments and
//! started again on the same match while the simulated boards play on. A test binary of its own
//! (not in `tests/app/`): its clock runs at the simulator's speed, and tests running beside it
//! in the same process would hold it up. (The restart of the real binary after a SIGKILL is
//! `tests/resume.rs`'s smoke test.) Afterwards `arbiter report`'s `games.pgn` holds each
//! simulator's game move for move as one game (no split, no position set up), every move with
//! its clock, and the journal holds no alert the restarts caused: no clock change, no clock
//! running for the player not on move, no move-counter difference, no irregularity, no other
//! game.
//!
//! The console runs in the venue's time (the test's clock runs at the simulator's speed), so
//! that its clock model judges the clocks as at a real venue, and the time it was away is the
//! venue's.
//!
//! The default run is short (the first plies of eight games, two restarts, a few seconds). The
//! campaign over eight whole games with at least ten restarts takes minutes:
//!
//! ```sh
//! cargo test --release --test app_restart -- --ignored --nocapture
//! RESTART_ROUNDS=20 RESTART_SEED=7 RESTART_SPEED=10 cargo test --release --test app_restart -- --ignored --nocapture
//! ```

#[path = "support/app.rs"]
mod app;
#[path = "support/keys.rs"]
mod keys;
#[path = "support/pgn_check.rs"]
mod pgn_check;
#[path = "support/rng.rs"]
mod rng;
#[path = "support/sim.rs"]
mod sim;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use app::AppHarness;
use arbiter_core::clock::ClockAlert;
use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, ReconcileOutcome};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::WallMs;
use arbiter_sim::pgn::PgnGame;
use rng::Rng;

/// The boards read over LiveChess; the others over TCP.
const LIVECHESS: [u16; 2] = [4, 8];

struct Campaign {
    speed: u32,
    max_plies: Option<usize>,
    rounds: usize,
    /// Real seconds the console runs between its starts and its end (at most).
    max_run_ms: u64,
    seed: u64,
}

fn real_wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// Lets the console run for `ms` of the system clock.
fn run_for(p: &mut AppHarness, ms: u64) {
    p.advance(ms);
}

/// `Q`, `y`: the console quits, its journal committed, its feeds stopped.
fn quit(mut p: AppHarness) {
    p.text("Qy");
    assert!(p.quit, "the console quits");
    p.close().expect("the console ends cleanly");
    drop(p.stop_feeds());
}

fn campaign(c: &Campaign) {
    let dir = tempfile::tempdir().unwrap();
    let speed = c.speed.to_string();
    let mut args = vec![
        "--speed",
        speed.as_str(),
        "--livechess-port",
        "0",
        "--exit-when-done",
    ];
    let plies_arg = c.max_plies.map(|n| n.to_string());
    if let Some(n) = &plies_arg {
        args.extend(["--max-plies", n.as_str()]);
    }
    let started = Instant::now();
    let (mut sim, lines) = sim::simulator(&args, 9);
    // the venue's time, the same in every console started
    let anchor = real_wall_ms();
    let addr = |i: usize| lines[i].split("://").nth(1).unwrap().trim().to_string();
    let livechess = lines[8].split("ws://").nth(1).unwrap();
    let livechess = livechess.split('/').next().unwrap().to_string();
    let feeds: Vec<String> = (1..=8u16)
        .map(|b| {
            if LIVECHESS.contains(&b) {
                format!("livechess://{livechess}/{:05}", 10_000 + b)
            } else {
                format!("tcp://{}", addr(usize::from(b - 1)))
            }
        })
        .collect();
    let text = sim::demo_match_with_feeds(&feeds, "");
    let journal = sim::demo_match_dir(dir.path(), &text);
    let console = || {
        let m = arbiter_io::config::load_match(&dir.path().join("match.toml"), None).unwrap();
        let journal = arbiter_console::journal_place::default_journal_path(&m);
        let journal = dir.path().join(journal);
        AppHarness::run_at_speed(
            m,
            &journal,
            Lang::En,
            140,
            40,
            u64::from(c.speed),
            WallMs::from_unix_ms(anchor),
        )
    };
    let mut rng = Rng(c.seed);
    let (mut kills, mut quits) = (0, 0);
    for round in 0..c.rounds {
        let mut p = console();
        let ready = if round == 0 {
            "Jonas Brenner"
        } else {
            "journal continued"
        };
        p.wait_for(ready, 30_000 * u64::from(c.speed));
        run_for(&mut p, 300 + rng.below(c.max_run_ms));
        if rng.below(3) == 0 {
            quit(p);
            quits += 1;
        } else {
            p.kill();
            kills += 1;
        }
    }
    // The last start: it runs until the games are over (the simulator exits) and a little more.
    let mut p = console();
    p.wait_for(
        if c.rounds == 0 {
            "Jonas Brenner"
        } else {
            "journal continued"
        },
        30_000 * u64::from(c.speed),
    );
    let deadline = Instant::now() + Duration::from_secs(3_600);
    while sim.0.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the games did not end");
        run_for(&mut p, 200);
    }
    run_for(&mut p, 1_000);
    quit(p);
    drop(sim);
    eprintln!(
        "restart campaign: {} starts ({kills} kills, {quits} quits) in {:.0} s at {}x, seed {}",
        c.rounds + 1,
        started.elapsed().as_secs_f64(),
        c.speed,
        c.seed
    );
    check(&journal, dir.path(), c);
}

fn games(max_plies: Option<usize>) -> Vec<(PgnGame, Vec<String>)> {
    arbiter_sim::games::shipped()
        .unwrap()
        .into_iter()
        .take(8)
        .map(|g| {
            let mut san = g.replay().unwrap().san;
            san.truncate(max_plies.unwrap_or(usize::MAX));
            (g, san)
        })
        .collect()
}

fn check(journal: &Path, dir: &Path, c: &Campaign) {
    let (records, v) = arbiter_io::journal_file::read(journal).unwrap();
    assert!(v.is_intact(), "the journal verifies");
    let m: Match = arbiter_io::config::load_match(&dir.join("match.toml"), None).unwrap();
    let resumed = records
        .iter()
        .filter(|r| matches!(r.event, Event::SessionResumed(_)))
        .count();
    assert_eq!(
        resumed, c.rounds,
        "every start after the first continued the journal"
    );

    // The report's games: one a board, the simulator's, every move with its clock.
    let out = dir.join("report");
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("report")
        .arg(journal)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pgn = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    let read = pgn_check::read(&pgn);
    let unknowable = unknowable_clocks(&records);
    let mut failures = Vec::new();
    let mut moves = 0;
    for (i, (game, want)) in games(c.max_plies).iter().enumerate() {
        let b = i as u16 + 1;
        let of_board: Vec<&pgn_check::Game> = read
            .iter()
            .filter(|g| g.tag("Board") == Some(&b.to_string()))
            .collect();
        if of_board.len() != 1 || of_board[0].tag("SetUp").is_some() {
            failures.push(format!(
                "board {b}: {} games (a split game)",
                of_board.len()
            ));
            continue;
        }
        let g = of_board[0];
        if g.illegal.is_some() || g.sans != *want {
            failures.push(format!(
                "board {b}: the moves are not the simulator's: {:?} vs {:?} ({:?})",
                g.sans, want, g.illegal
            ));
            continue;
        }
        moves += g.sans.len();
        for (k, clk) in g.clk.iter().enumerate() {
            let ply = k as u32 + 1;
            let want = game.moves[k].clk_ms.map(|ms| (ms / 1000) as i64);
            let got = clk.as_deref().and_then(|t| {
                arbiter_core::hms::parse(t, arbiter_core::hms::Shape::FULL)
                    .ok()
                    .map(|ms| (ms / 1000) as i64)
            });
            match (got, want) {
                (Some(a), Some(w)) if (a - w).abs() <= 1 => {}
                (None, _) if unknowable.contains(&(b, ply)) => {}
                _ => failures.push(format!(
                    "board {b}, ply {ply}: [%clk] {clk:?}, the simulator's {want:?} s"
                )),
            }
        }
    }

    // No alert the restarts caused, at any moment, on any board while its game was played.
    let last_move: Vec<u64> = (1..=8u16)
        .map(|b| {
            records
                .iter()
                .rev()
                .find(|r| matches!(&r.event, Event::MoveMade(mv) if mv.board == BoardNo(b)))
                .map_or(0, |r| r.seq)
        })
        .collect();
    let mut s = MatchState::default();
    let mut since: [Option<u64>; 8] = [None; 8];
    // 3 s of venue time for a press and its move to arrive, plus half a second of the test
    // machine's own delays, which the venue's time multiplies by the speed (at 20x a loaded
    // machine's 150 ms were 3 s of the venue's: the short run failed under load, never at a
    // real venue's 1x).
    let limit = 3_000 + u64::from(c.speed) * 500;
    for r in &records {
        apply(&mut s, r);
        let Some(b) = r.event.board() else { continue };
        let i = b.index();
        if i >= 8 || r.seq > last_move[i] {
            continue;
        }
        match &r.event {
            Event::BoardIrregularity(e) => failures.push(format!("board {b}: irregularity {e:?}")),
            Event::GameReconciled(e) if e.outcome == ReconcileOutcome::Different => {
                failures.push(format!("board {b}: another game {e:?}"))
            }
            _ => {}
        }
        let bs = s.board(b).unwrap();
        let alerts = board_status(&m, &s, bs, r.mono_ms).alerts;
        // the clock running for the player not on move, for longer than a press and its move
        // take to arrive; a move counter that differs (itself shown after 5 s)
        let wrong = alerts
            .iter()
            .any(|a| matches!(a, BoardAlert::ClockMismatch | BoardAlert::MoveCount { .. }));
        match (wrong, since[i]) {
            (true, None) => since[i] = Some(s.clock_ms(r.mono_ms)),
            (true, Some(t)) if s.clock_ms(r.mono_ms).saturating_sub(t) > limit => {
                failures.push(format!("board {b} at record {}: {alerts:?}", r.seq));
                since[i] = None;
            }
            (false, _) => since[i] = None,
            _ => {}
        }
    }
    for b in 1..=8u16 {
        let bs = s.board(BoardNo(b)).unwrap();
        let last = last_move[usize::from(b - 1)];
        for (at, a) in &bs.clock_alerts {
            // the simulator stops a clock 3 s after the game's last move: a player stopped it
            let after_game = at.seq > last && matches!(a, ClockAlert::PlayerStoppedClock { .. });
            if !after_game {
                failures.push(format!(
                    "board {b}: clock alert at record {}: {a:?}",
                    at.seq
                ));
            }
        }
    }
    eprintln!(
        "restart campaign: {moves} moves in games.pgn, {} of them LiveChess moves made while the \
         console was away whose clock no message told; {} failures",
        unknowable.len(),
        failures.len()
    );
    if !failures.is_empty() {
        // kept for a look
        let keep = std::env::temp_dir().join(format!("e2e_restart-{}.jsonl", std::process::id()));
        let _ = std::fs::copy(journal, &keep);
        eprintln!("the journal is kept as {}", keep.display());
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The moves whose clock nobody can tell: several LiveChess moves made while the console was
/// away arrive in one message (its `reconciled` record and the moves share the arrival time);
/// the message gives each colour's clock as it is now, which is a move's clock only where that
/// clock stands still since (the last move's comes with the clock report after it). (board,
/// ply) of the others.
fn unknowable_clocks(records: &[Record]) -> BTreeSet<(u16, u32)> {
    let mut out = BTreeSet::new();
    for (i, r) in records.iter().enumerate() {
        let Event::GameReconciled(rc) = &r.event else {
            continue;
        };
        if !LIVECHESS.contains(&rc.board.0) {
            continue;
        }
        let batch: Vec<(u32, bool)> = records[i + 1..]
            .iter()
            .take_while(|x| x.mono_ms == r.mono_ms)
            .filter_map(|x| match &x.event {
                Event::MoveMade(mv) if mv.board == rc.board => {
                    Some((mv.ply, mv.clock_ms.is_some()))
                }
                _ => None,
            })
            .collect();
        for (ply, known) in batch.iter().take(batch.len().saturating_sub(1)) {
            if !known {
                out.insert((rc.board.0, *ply));
            }
        }
    }
    out
}

#[test]
fn the_console_restarted_twice_continues_every_game() {
    campaign(&Campaign {
        speed: 20,
        max_plies: Some(4),
        rounds: 2,
        max_run_ms: 1_500,
        seed: 7,
    });
}

#[test]
#[ignore = "the restart campaign: eight whole games, minutes; run with --ignored (docs/FEEDS.md)"]
fn restart_campaign_over_eight_whole_games() {
    let plies = std::env::var("RESTART_PLIES")
        .ok()
        .and_then(|s| s.parse().ok());
    let rounds = std::env::var("RESTART_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let seed = std::env::var("RESTART_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| real_wall_ms() as u64 | 1);
    // 10x: a console held up by a loaded machine for 100 ms misreads the clocks by a second
    let speed = std::env::var("RESTART_SPEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    campaign(&Campaign {
        speed,
        max_plies: plies,
        rounds,
        max_run_ms: std::env::var("RESTART_MAX_RUN_MS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(30_000),
        seed,
    });
}
