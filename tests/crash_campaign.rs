//! The crash campaign (docs/JOURNAL.md, "Crash campaign"): `arbiter run` on a match whose eight
//! feeds are a running `arbiter simulate`, in a pseudo-terminal; the arbiter types notes, and
//! the console is killed with SIGKILL at random moments (while a note is being typed, just after
//! Enter, while idle), then started again on the same match, many times. After every kill:
//! the journal verifies, every note that was acknowledged on screen is in it, and the restarted
//! console shows the notes from before the kill.
//!
//! Long and timing-bound, so not part of `cargo test`:
//!
//! ```sh
//! cargo test -p arbiter-console --release --test suite -- crash_campaign:: --ignored --nocapture
//! CRASH_ROUNDS=200 cargo test -p arbiter-console --release --test suite -- crash_campaign:: --ignored --nocapture
//! ```

#![cfg(unix)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_core::record::Event;

use crate::pty;
use crate::rng;
use crate::sim;
use pty::Pty;
use rng::Rng;

fn notes_in(journal: &Path) -> Vec<String> {
    let (records, v) = arbiter_io::journal_file::read(journal).expect("the journal verifies");
    assert!(v.is_intact());
    records
        .iter()
        .filter_map(|r| match &r.event {
            Event::Note(n) => Some(n.text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
#[ignore = "the crash campaign: minutes of SIGKILLs; run with --ignored (docs/JOURNAL.md)"]
fn crash_campaign() {
    let rounds: usize = std::env::var("CRASH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let seed = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        });
    eprintln!("crash campaign: {rounds} rounds, seed {seed}");
    let mut rng = Rng(seed);
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // The venue: eight boards playing on loopback for the whole campaign (the console is what
    // crashes, not the venue).
    let (sim, lines) = sim::simulator(&["--speed", "5"], 8);
    let dir = tempfile::tempdir().unwrap();
    let text = sim::demo_match_on(&sim::board_urls(&lines));
    let journal = sim::demo_match_dir(dir.path(), &text);
    let start = Instant::now();
    let mut acked: Vec<String> = Vec::new();
    let (mut kills, mut in_flight, mut in_flight_written, mut torn_cut) = (0, 0, 0, 0u64);
    let mut failures = Vec::new();
    for round in 0..rounds {
        let mut cmd = Command::new(bin);
        cmd.args(["run", "match.toml", "--lang", "en"])
            .current_dir(dir.path());
        let mut p = Pty::spawn(cmd, 140, 40).with_key_pause(Duration::from_millis(15));
        let ready = if round == 0 {
            "Jonas Brenner"
        } else {
            "journal continued"
        };
        if let Err(e) = p.try_wait_for(ready, 30) {
            failures.push(format!("round {round}: start: {e}"));
            p.kill();
            break;
        }
        // The restarted screen shows the notes from before the kill (the log, newest first).
        p.key("l");
        if let Some(last) = acked.last()
            && let Err(e) = p.try_wait_for(last, 10)
        {
            failures.push(format!("round {round}: the note before the kill: {e}"));
        }
        // Notes, each acknowledged when the log shows it.
        let n = 1 + rng.below(3);
        for i in 0..n {
            let note = format!("crash r{round} n{i}");
            p.key("n");
            for c in note.chars() {
                p.key(&c.to_string());
            }
            p.key("\r");
            match p.try_wait_for(&note, 10) {
                Ok(_) => acked.push(note),
                Err(e) => failures.push(format!("round {round}: ack: {e}")),
            }
        }
        // The kill, at a random moment.
        let note = format!("crash r{round} inflight");
        match rng.below(3) {
            0 => {
                // Just after Enter: the action in flight.
                p.key("n");
                for c in note.chars() {
                    p.key(&c.to_string());
                }
                p.send_now("\r");
                std::thread::sleep(Duration::from_millis(rng.below(40)));
                in_flight += 1;
            }
            1 => {
                // While typing.
                p.key("n");
                for c in note.chars().take(1 + rng.below(note.len() as u64) as usize) {
                    p.key(&c.to_string());
                }
            }
            _ => std::thread::sleep(Duration::from_millis(rng.below(1_500))),
        }
        p.kill();
        kills += 1;
        // After the kill: the journal verifies (a torn last line is cut when it is opened) and
        // holds every acknowledged note.
        let bytes = std::fs::read(&journal).unwrap();
        let v = arbiter_core::journal::verify_bytes(&bytes);
        if !v.is_intact() {
            failures.push(format!("round {round}: journal broken: {:?}", v.problem));
            break;
        }
        torn_cut += u64::from(v.torn_tail > 0);
        let on_disk = notes_in(&journal);
        for a in &acked {
            if !on_disk.contains(a) {
                failures.push(format!("round {round}: acknowledged {a:?} lost"));
            }
        }
        if on_disk.contains(&note) {
            in_flight_written += 1;
        }
    }
    drop(sim);
    let (records, _) = arbiter_io::journal_file::read(&journal).unwrap();
    let resumed = records
        .iter()
        .filter(|r| matches!(r.event, Event::SessionResumed(_)))
        .count();
    let o = Command::new(bin)
        .arg("verify")
        .arg(&journal)
        .arg("--match")
        .arg(dir.path().join("match.toml"))
        .output()
        .unwrap();
    eprintln!(
        "crash campaign: {kills} SIGKILLs in {:.0} s (seed {seed}); {} notes acknowledged, 0 of them lost: {}; \
         {in_flight} notes killed just after Enter, {in_flight_written} of them on disk; \
         {torn_cut} torn last lines cut; {resumed} session_resumed; {} records; verify: {}",
        start.elapsed().as_secs_f64(),
        acked.len(),
        failures.iter().all(|f| !f.contains("lost")),
        records.len(),
        String::from_utf8_lossy(&o.stdout).trim()
    );
    assert!(o.status.success());
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(kills >= rounds);
}
