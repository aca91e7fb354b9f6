//! End to end: `arbiter replay` on a recorded match in a pseudo-terminal: the chain verdict,
//! a jump to the next incident, the incident and the clocks of that moment on the screen.

#![cfg(unix)]

use std::process::Command;
use std::time::Duration;

use crate::pty;
use pty::Pty;

const COLS: u16 = 140;
const ROWS: u16 = 36;

/// The recording was made before journals carried the match file and before the match file
/// registered the demo keys (a `[signers]` block at its end): the match file it ran under is
/// the file without that block (the replay checks its SHA-256 against the journal's). After
/// `scripts/rerecord.sh` the journal carries the match file and nothing is needed.
fn legacy_match(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let journal =
        std::fs::read_to_string("recordings/oberliga-rheinufer-huegelland/journal.jsonl").unwrap();
    if journal.lines().next().unwrap().contains("\"match_text\"") {
        return None;
    }
    let text = std::fs::read_to_string("config/matches/oberliga-example.toml").unwrap();
    let cut = text
        .find("\n# The signers' public keys")
        .unwrap_or(text.len());
    let p = dir.join("oberliga-as-recorded.toml");
    std::fs::write(&p, &text[..cut]).unwrap();
    Some(p)
}

#[test]
fn replay_jumps_to_the_next_incident() {
    let tmp = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args([
        "replay",
        "recordings/oberliga-rheinufer-huegelland/journal.jsonl",
    ]);
    if let Some(m) = legacy_match(tmp.path()) {
        cmd.arg("--match").arg(m);
    }
    let mut p = Pty::spawn(cmd, COLS, ROWS).with_key_pause(Duration::from_millis(200));
    // The verdict of the chain check, at the start of the journal, in the match's language.
    let records = std::fs::read_to_string("recordings/oberliga-rheinufer-huegelland/journal.jsonl")
        .unwrap()
        .lines()
        .count();
    let screen = p.wait_for("WIEDERGABE 10:00:00", 60);
    assert!(
        screen.contains(&format!("Kette intakt ({records} Einträge)")),
        "{screen}"
    );
    // `L` switches the console, the replay's footer with it, to English.
    p.key("L");
    let screen = p.wait_for("REPLAY 10:00:00", 10);
    assert!(
        screen.contains(&format!("chain intact ({records} records)")),
        "{screen}"
    );
    // Jump to the time of the first illegal move, then step to the next incident: the second.
    p.key("t");
    p.wait_for("10:00:00", 5);
    for c in "10:03:00".chars() {
        p.key(&c.to_string());
    }
    p.key("\r");
    let screen = p.wait_for("REPLAY 10:03:00", 10);
    assert!(
        screen.contains("illegal move no. 1"),
        "the first illegal move in the footer:\n{screen}"
    );
    // Step through the incidents (clock alerts, the note at 10:04:30, the late arrival, …) to
    // the second illegal move; time only moves forward.
    let mut last = String::from("10:03:00");
    let mut screen2 = String::new();
    for _ in 0..20 {
        // the replay stands still between steps: each step changes the screen
        let before = p.screen();
        p.key("n");
        let screen = p.wait_until("the next incident", 10, |s| s != before);
        let now = screen
            .split("REPLAY ")
            .nth(1)
            .map(|t| t[..8].to_string())
            .unwrap_or_default();
        assert!(now >= last, "stepped back from {last} to {now}");
        last = now;
        if screen.contains("illegal move no. 2") {
            screen2 = screen;
            break;
        }
    }
    assert!(screen2.contains("REPLAY 10:06:"), "{screen2}");
    // Board 7 in the main screen at that moment shows the result of the second illegal move.
    assert!(
        screen2
            .lines()
            .any(|l| l.contains("Torsten Eckert") && l.contains("0-1")),
        "{screen2}"
    );
    // Intervention keys do nothing in a replay; quitting asks first.
    p.key("7");
    p.key("i");
    assert!(!p.screen().contains("Enter"), "no form opens");
    p.key("Q");
    p.key("y");
    p.assert_exits_with(0, 30);
}

/// A bundle written by `--extract` opens in the replay console, verified first (not "record 0
/// was edited"), with `--board` on that board's detail screen.
#[test]
fn a_bundle_opens_in_the_replay_console() {
    let tmp = tempfile::tempdir().unwrap();
    let journal = "recordings/oberliga-rheinufer-huegelland/journal.jsonl";
    let bundle = tmp.path().join("appeal.bundle");
    let mut extract = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    extract.args(["replay", journal, "--extract", "--board", "7"]);
    extract.args(["--from", "10:03:00", "--to", "10:07:00", "-o"]);
    extract.arg(&bundle);
    let legacy = legacy_match(tmp.path());
    if let Some(m) = &legacy {
        extract.arg("--match").arg(m);
    }
    let out = extract.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let header: serde_json::Value = serde_json::from_slice(
        std::fs::read(&bundle)
            .unwrap()
            .split(|b| *b == b'\n')
            .next()
            .unwrap(),
    )
    .unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.arg("replay").arg(&bundle).args(["--board", "7"]);
    if let Some(m) = &legacy {
        cmd.arg("--match").arg(m);
    }
    // The bundle's verdict (its range in the journal) has a line of its own below the replay
    // keys: a laptop's 140 columns show all of it (docs/CONSOLE.md).
    const WIDE: u16 = 140;
    let mut p = Pty::spawn(cmd, WIDE, ROWS).with_key_pause(Duration::from_millis(200));
    let screen = p.wait_for("Auszug intakt", 60);
    assert!(
        screen.contains(&format!(
            "Einträge {} bis {}",
            header["from_seq"], header["to_seq"]
        )),
        "{screen}"
    );
    assert!(
        !screen.contains("edited") && !screen.contains("MANIPULIERT"),
        "{screen}"
    );
    // Board 7's detail screen; the bundle (format 2) carries the records from the session's
    // start, so the players have their names and the verdict says where the context starts.
    assert!(screen.contains("Brett 7"), "{screen}");
    assert!(
        screen.contains("mit Vorgeschichte ab Eintrag 0"),
        "{screen}"
    );
    p.key("Q");
    p.key("y");
    p.assert_exits_with(0, 30);
}
