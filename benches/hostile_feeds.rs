//! Hostile feeds (issue 25): the real `arbiter run` in a pseudo-terminal against the real
//! `arbiter simulate` (a separate process, speed 1) whose eight boards all flood their feeds,
//! one kind of flood at a time. Measured over a window of `HOSTILE_SECS` (default 60) after a
//! warm-up, for each kind:
//!
//! - the journal's growth from the feeds: the bytes of the records of feed origin written in
//!   the window, per board and hour;
//! - the console's CPU (utime + stime from `/proc`, % of one core) and memory (peak RSS,
//!   `VmHWM`);
//! - how long an arbiter's action takes to be acknowledged on screen: a note typed every
//!   second, timed from Enter to its line in the log (journaled with fsync and applied first);
//! - beside it, what an fsync costs on the same disk meanwhile (a probe appending 400 bytes
//!   and fsync'ing every 200 ms in the same directory): on a machine shared with builds, an
//!   fsync can wait hundreds of milliseconds for others' writes, and so does the action.
//!
//! `cargo bench --bench hostile_feeds` (`HOSTILE_SECS`, `HOSTILE_KINDS=normal,garbage,…` to
//! choose). Prints one line per kind and the machine's load; docs/PERFORMANCE.md has the runs.

use arbiter_core::time::MonoMs;
use std::io::BufRead as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_core::record::Origin;

#[allow(dead_code)] // `pty` re-exports the key names; the bench types none
#[path = "../tests/support/keys.rs"]
mod keys;
#[path = "../tests/support/pty.rs"]
mod pty;
#[path = "../tests/support/sim.rs"]
mod sim;

/// A kind of flood: its name, whether the boards are read over LiveChess, and the scenario's
/// incident for a board (`None`: a normal game).
struct Kind {
    name: &'static str,
    livechess: bool,
    incident: Option<&'static str>,
}

const KINDS: &[Kind] = &[
    Kind {
        name: "normal",
        livechess: false,
        incident: None,
    },
    Kind {
        name: "normal_livechess",
        livechess: true,
        incident: None,
    },
    Kind {
        name: "garbage",
        livechess: false,
        incident: Some(
            r#"kind = "garbage_flood"
bytes_per_s = 20000"#,
        ),
    },
    Kind {
        name: "unsolicited_acks",
        livechess: false,
        incident: Some(
            r#"kind = "unsolicited_acks"
per_s = 1000"#,
        ),
    },
    Kind {
        name: "clock_flood",
        livechess: false,
        incident: Some(
            r#"kind = "flood"
per_s = 200"#,
        ),
    },
    Kind {
        name: "livechess_junk",
        livechess: true,
        incident: Some(
            r#"kind = "livechess_noise"
per_s = 200
what = "mixed""#,
        ),
    },
    Kind {
        name: "livechess_oversized",
        livechess: true,
        incident: Some(
            r#"kind = "livechess_noise"
what = "oversized""#,
        ),
    },
    Kind {
        name: "livechess_takebacks",
        livechess: true,
        incident: Some(
            r#"kind = "flood"
per_s = 200"#,
        ),
    },
];

fn clk_tck() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// utime + stime of a process, in seconds.
fn cpu_secs(pid: i32) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let rest = s.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let t = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (t(11) + t(12)) / clk_tck()
}

/// A field of `/proc/PID/status` in kB (`VmHWM`, `VmRSS`).
fn status_kb(pid: i32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| {
            v.trim_start_matches(':')
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

struct Outcome {
    feed_bytes_per_board_hour: f64,
    records_per_board_hour: f64,
    cpu_pct: f64,
    rss_peak_mb: f64,
    acks_ms: Vec<f64>,
    missed: usize,
    fsync_ms: Vec<f64>,
}

/// Appends and fsyncs a small record every 200 ms in `dir` until `stop`: the fsync times.
fn fsync_probe(
    dir: &Path,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<Vec<f64>> {
    use std::io::Write as _;
    let path = dir.join("fsync-probe");
    std::thread::spawn(move || {
        let mut f = std::fs::File::create(&path).unwrap();
        let mut out = Vec::new();
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            f.write_all(&[b'x'; 400]).unwrap();
            let t = Instant::now();
            f.sync_data().unwrap();
            out.push(t.elapsed().as_secs_f64() * 1000.0);
            std::thread::sleep(Duration::from_millis(200));
        }
        out
    })
}

fn run(kind: &Kind, secs: u64, root: &Path) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let warmup = 20u64;
    let mut scenario = String::new();
    if let Some(inc) = kind.incident {
        for b in 1..=8 {
            scenario.push_str(&format!(
                "[[incident]]\n{inc}\nboard = {b}\nafter_ply = 0\noffset_s = 5\nduration_s = {}\n\n",
                warmup + secs + 60
            ));
        }
    }
    std::fs::write(dir.path().join("flood.toml"), &scenario).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["simulate", "--boards", "8", "--speed", "1", "--scenario"])
        .arg(dir.path().join("flood.toml"))
        .args(["--livechess-port", "0"])
        .current_dir(root)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("arbiter simulate");
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let sim = sim::KillOnDrop(child);
    let lines: Vec<String> = out.lines().take(9).map(|l| l.unwrap()).collect();
    let uri = |l: &str| l.split_once(": ").map(|(_, u)| u.to_string()).unwrap();
    let lc = uri(&lines[8])
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    let mut text =
        std::fs::read_to_string(root.join("config/matches/demo-bundesliga.toml")).unwrap();
    for i in 0..8u16 {
        let source = if kind.livechess {
            format!("livechess://{lc}/{:05}", 10_001 + i)
        } else {
            uri(&lines[usize::from(i)])
        };
        text = text.replace(&format!("tcp://127.0.0.1:{}", 7101 + i), &source);
    }
    std::fs::write(dir.path().join("match.toml"), &text).unwrap();
    std::fs::copy(
        root.join("config/rules/bundesliga.toml"),
        dir.path().join("bundesliga.toml"),
    )
    .unwrap();
    let journal = dir
        .path()
        .join("journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["run", "match.toml", "--lang", "en"])
        .current_dir(dir.path());
    let mut p = pty::Pty::spawn(cmd, 200, 60).with_key_pause(Duration::from_millis(5));
    p.wait_for("Jonas Brenner", 30);
    let pid = p.pid();
    let started = Instant::now();
    // the log screen: the notes appear at its end
    p.key("l");
    while started.elapsed() < Duration::from_secs(warmup) {
        p.pump();
        std::thread::sleep(Duration::from_millis(50));
    }
    let cpu0 = cpu_secs(pid);
    let stop_probe = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let probe = fsync_probe(dir.path(), stop_probe.clone());
    let t0 = Instant::now();
    let mut acks = Vec::new();
    let mut missed = 0;
    let mut k = 0;
    while t0.elapsed() < Duration::from_secs(secs) {
        k += 1;
        let note = format!("ack-{k}-z");
        p.key("n");
        p.send_now(&note);
        // the text is in the form before Enter: the time is Enter's alone
        p.wait_for(&note, 10);
        let logged = format!("Note {note}");
        let enter = Instant::now();
        p.send_now(pty::ENTER);
        loop {
            p.pump();
            if p.vt_screen().contents().contains(&logged) {
                acks.push(enter.elapsed().as_secs_f64() * 1000.0);
                break;
            }
            if enter.elapsed() > Duration::from_secs(5) {
                missed += 1;
                break;
            }
            std::thread::sleep(Duration::from_micros(500));
        }
        let next = enter + Duration::from_secs(1);
        while Instant::now() < next {
            p.pump();
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let window = t0.elapsed().as_secs_f64();
    let cpu = cpu_secs(pid) - cpu0;
    stop_probe.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut fsync_ms = probe.join().unwrap();
    fsync_ms.sort_by(f64::total_cmp);
    let rss_peak = status_kb(pid, "VmHWM");
    p.key("Q");
    p.key("y");
    let _ = p.wait_exit(20);
    drop(sim);
    // the feeds' records of the window: from the journal (the notes are not counted)
    let (records, _) = arbiter_io::journal_file::read(&journal).unwrap();
    let bytes = std::fs::read(&journal).unwrap();
    let lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
    let first_mono = records
        .iter()
        .find(|r| matches!(r.origin, Origin::Arbiter))
        .map_or(MonoMs::ORIGIN, |r| r.mono_ms);
    let in_window = |r: &arbiter_core::journal::Record| {
        matches!(r.origin, Origin::Feed(_))
            && r.mono_ms >= first_mono
            && r.mono_ms <= first_mono + (window * 1000.0) as u64
    };
    let mut feed_bytes = 0u64;
    let mut feed_records = 0u64;
    for (r, line) in records.iter().zip(&lines) {
        if in_window(r) {
            feed_bytes += line.len() as u64 + 1;
            feed_records += 1;
        }
    }
    let per_board_hour = |n: u64| n as f64 / 8.0 / window * 3600.0;
    acks.sort_by(f64::total_cmp);
    Outcome {
        feed_bytes_per_board_hour: per_board_hour(feed_bytes),
        records_per_board_hour: per_board_hour(feed_records),
        cpu_pct: cpu / window * 100.0,
        rss_peak_mb: rss_peak as f64 / 1024.0,
        acks_ms: acks,
        missed,
        fsync_ms,
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let secs: u64 = std::env::var("HOSTILE_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let chosen: Option<Vec<String>> = std::env::var("HOSTILE_KINDS")
        .ok()
        .map(|v| v.split(',').map(str::to_string).collect());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!(
        "hostile_feeds: 8 boards, {secs} s measured per kind; load average before: {}",
        loadavg()
    );
    println!(
        "{:<20} {:>7} {:>8} {:>6} {:>6} {:>7} {:>7} {:>7} {:>4} {:>9} {:>9}",
        "kind",
        "MB/b-h",
        "recs/b-h",
        "CPU %",
        "RSS MB",
        "ack p50",
        "ack p99",
        "ack max",
        "acks",
        "fsync p99",
        "fsync max"
    );
    for kind in KINDS {
        if chosen
            .as_ref()
            .is_some_and(|c| !c.iter().any(|n| n == kind.name))
        {
            continue;
        }
        let o = run(kind, secs, root);
        if std::env::var_os("HOSTILE_VERBOSE").is_some() {
            eprintln!("{}: acks (ms, sorted) {:?}", kind.name, o.acks_ms);
        }
        println!(
            "{:<20} {:>7.3} {:>8.0} {:>6.1} {:>6.1} {:>7.1} {:>7.1} {:>7.1} {:>4} {:>9.1} {:>9.1}{}",
            kind.name,
            o.feed_bytes_per_board_hour / 1e6,
            o.records_per_board_hour,
            o.cpu_pct,
            o.rss_peak_mb,
            percentile(&o.acks_ms, 0.5),
            percentile(&o.acks_ms, 0.99),
            o.acks_ms.last().copied().unwrap_or(f64::NAN),
            o.acks_ms.len(),
            percentile(&o.fsync_ms, 0.99),
            o.fsync_ms.last().copied().unwrap_or(f64::NAN),
            if o.missed > 0 {
                format!(" ({} not seen within 5 s)", o.missed)
            } else {
                String::new()
            }
        );
    }
    println!("hostile_feeds: load average after: {}", loadavg());
}
