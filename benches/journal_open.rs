//! Opening a journal through the shipped code paths: the real `arbiter verify` and `arbiter
//! replay --at` on a synthetic journal file (`support/synth.rs`: N boards for S seconds), and
//! the library's stream (`arbiter_io::journal_file::stream` with the fold), each with its peak
//! memory. Sizes from `OPEN_SIZES` (default `64x6h` under `cargo bench`, a small journal under
//! `cargo test --benches`); `OPEN_BUSY=1` keeps a busy loop running on a thread of the bench
//! for the whole run (with two cores: the second core busy); `OPEN_KEEP=DIR` writes the
//! journals there and keeps them (to measure the commands by hand: `/usr/bin/time -v arbiter
//! verify DIR/64x6h.jsonl`).
//!
//! `OPEN_SIZES=64x6h,256x6h,1000x1h cargo bench --bench journal_open`; figures in
//! docs/PERFORMANCE.md (aims: 64 boards × 6 h opened in ≤ 1.0 s with the second core busy and
//! ≤ 300 MB; 256 × 6 h in ≤ 8 s).

use std::hint::black_box;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use arbiter_io::journal_file::{Streamed, stream};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "support/mem.rs"]
mod mem;
#[path = "support/synth.rs"]
mod synth;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");

/// Runs the real binary once under `/usr/bin/time` and returns its wall time, peak resident
/// set and output.
fn measured(args: &[&str]) -> (f64, u64, String) {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%e %M"])
        .arg(ARBITER)
        .args(args)
        .output()
        .expect("/usr/bin/time and the arbiter binary");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    let mut f = last.split_whitespace();
    let secs = f.next().and_then(|s| s.parse().ok()).unwrap_or(f64::NAN);
    let kb = f.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    (secs, kb, String::from_utf8_lossy(&out.stdout).into_owned())
}

fn run(args: &[&str]) -> std::process::ExitStatus {
    Command::new(ARBITER)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the arbiter binary")
}

fn bench(c: &mut Criterion) {
    let full = std::env::args().any(|a| a == "--bench");
    let busy = Arc::new(AtomicBool::new(
        std::env::var("OPEN_BUSY").is_ok_and(|v| v == "1"),
    ));
    let spinner = busy.load(Ordering::Relaxed).then(|| {
        let busy = busy.clone();
        std::thread::spawn(move || {
            let mut x = 0u64;
            while busy.load(Ordering::Relaxed) {
                x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        })
    });
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let keep = std::env::var_os("OPEN_KEEP").map(std::path::PathBuf::from);
    let dir = keep.as_deref().unwrap_or(tmp.path());
    if let Err(e) = std::fs::create_dir_all(dir) {
        panic!(
            "OPEN_KEEP={}: cannot create the directory: {e}",
            dir.display()
        );
    }
    for (name, boards, seconds) in synth::sizes("OPEN_SIZES", if full { "64x6h" } else { "4x10m" })
    {
        let path = dir.join(format!("{name}.jsonl"));
        let mut file = std::io::BufWriter::new(
            std::fs::File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        );
        let records = synth::write(boards, seconds, &mut file).expect("write the journal");
        drop(file);
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let p = path.to_str().expect("a UTF-8 path");
        // The last moment of the journal, as the appeals committee would ask for it.
        let at = format!("+{}", arbiter_core::hms::format_hms(seconds * 1000));
        let verify = ["verify", p];
        let replay_at = ["replay", p, "--at", at.as_str()];
        // Once each, under /usr/bin/time: the peak memory of the real command, and its verdict.
        let (vs, vkb, vout) = measured(&verify);
        assert!(
            vout.contains(&format!("chain intact: {records} records")),
            "verify: {vout}"
        );
        let (rs, rkb, rout) = measured(&replay_at);
        assert!(rout.starts_with("state at "), "replay --at: {rout}");
        eprintln!(
            "{name}: {records} records, {} MB; `arbiter verify` {vs:.2} s, peak RSS {} MB; \
             `arbiter replay --at {at}` {rs:.2} s, peak RSS {} MB{}",
            bytes / 1_000_000,
            vkb / 1024,
            rkb / 1024,
            if spinner.is_some() {
                " (a busy loop on the other core)"
            } else {
                ""
            }
        );
        let mut g = c.benchmark_group("open");
        g.sample_size(10);
        g.bench_function(format!("verify_{name}"), |b| {
            b.iter(|| assert_eq!(run(&verify).code(), Some(1), "NOT ANCHORED: no --match"))
        });
        g.bench_function(format!("replay_at_{name}"), |b| {
            b.iter(|| assert!(run(&replay_at).success()))
        });
        // The library alone: read, verify, decode and fold, in this process.
        mem::reset_peak();
        let before = mem::rss_kb();
        g.bench_function(format!("stream_fold_{name}"), |b| {
            b.iter(|| {
                let mut s = arbiter_core::state::MatchState::default();
                let v = stream(Path::new(&path), |r| arbiter_core::state::apply(&mut s, &r))
                    .expect("read");
                assert!(matches!(v, Streamed::Intact(_)));
                black_box(s.applied)
            })
        });
        eprintln!(
            "{name}: the library's stream and fold: peak RSS {} MB above the {} MB before",
            mem::peak_kb().saturating_sub(before) / 1024,
            before / 1024
        );
        g.finish();
        if keep.is_none() {
            let _ = std::fs::remove_file(&path);
        }
    }
    busy.store(false, Ordering::Relaxed);
    if let Some(t) = spinner {
        let _ = t.join();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
