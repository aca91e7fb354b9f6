//! Load: 1000 simulated boards (separate process, `arbiter simulate` at 1x: one clock report per
//! board per second) read by 1000 TCP feeds in this process for `FEEDS_LOAD_SECS` (default 60)
//! seconds; prints this process' CPU use (the feeds only).
//!
//! `cargo bench --bench feeds_load` (`FEEDS_LOAD_BOARDS`, `FEEDS_LOAD_SECS` to change).

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, FeedState};
use arbiter_io::feeds::{FeedConfig, FeedCounters, Source, Timing, spawn_feed};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn clk_tck() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// utime + stime of a process, in seconds.
fn cpu_secs(pid: &str) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = s.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let t = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // fields after ")": state is 0, utime is 11, stime is 12
    (t(11) + t(12)) / clk_tck()
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let boards = env("FEEDS_LOAD_BOARDS", 1000) as usize;
    let secs = env("FEEDS_LOAD_SECS", 60);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["simulate", "--boards", &boards.to_string(), "--speed", "1"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the simulator");
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut addrs = Vec::new();
    for line in out.lines() {
        let line = line.unwrap();
        if let Some((_, uri)) = line.split_once(": ") {
            addrs.push(uri.to_string());
        }
        if addrs.len() == boards {
            break;
        }
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (tx, mut rx) = mpsc::channel(65_536);
        let (_stop_tx, stop_rx) = watch::channel(false);
        let counters = Arc::new(FeedCounters::default());
        let base = Instant::now();
        for (i, a) in addrs.iter().enumerate() {
            spawn_feed(
                FeedConfig {
                    board: BoardNo::from_index(i),
                    source: Source::parse(a).unwrap(),
                    base,
                    timing: Timing::default(),
                    seed: None,
                },
                tx.clone(),
                counters.clone(),
                stop_rx.clone(),
            );
        }
        drop(tx);
        // consume as a console would; count
        let mut live = vec![false; boards];
        let mut samples = 0u64;
        let mut moves = 0u64;
        let mut transitions = 0u64;
        let warmup = Instant::now() + Duration::from_secs(5);
        let end = warmup + Duration::from_secs(secs);
        let mut cpu0 = None;
        let mut samples0 = 0;
        let me = std::process::id().to_string();
        loop {
            let r = tokio::time::timeout_at(end, rx.recv()).await;
            let Ok(Some(rec)) = r else { break };
            if cpu0.is_none() && Instant::now() >= warmup {
                cpu0 = Some((cpu_secs(&me), cpu_secs(&child.id().to_string()), Instant::now()));
                samples0 = samples;
            }
            match rec.event {
                Event::ClockSample(_) => samples += 1,
                Event::MoveMade(_) => moves += 1,
                Event::FeedStatus(s) => {
                    transitions += 1;
                    live[s.board.index()] = s.state == FeedState::Live;
                }
                _ => {}
            }
        }
        let (c0, s0, t0) = cpu0.expect("ran past the warm-up");
        let wall = t0.elapsed().as_secs_f64();
        let feeds_cpu = cpu_secs(&me) - c0;
        let sim_cpu = cpu_secs(&child.id().to_string()) - s0;
        let snap = counters.snapshot();
        println!(
            "feeds_load: {boards} boards, {wall:.1} s measured: {:.0} clock samples/s, {moves} moves, \
             {transitions} transitions, {} live at the end, {} garbage bytes, {} dropped",
            (samples - samples0) as f64 / wall,
            live.iter().filter(|l| **l).count(),
            snap.garbage_bytes,
            snap.dropped_events
        );
        println!(
            "feeds_load: feeds process CPU {:.1} % of one core; simulator process {:.1} %",
            100.0 * feeds_cpu / wall,
            100.0 * sim_cpu / wall
        );
    });
    let _ = child.kill();
    let _ = child.wait();
}
