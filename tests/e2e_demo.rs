//! End to end: the real `arbiter demo` binary in a pseudo-terminal, read back through a VT100
//! emulator. Sees the clocks advance, selects a board, records an intervention, finds it in the
//! log and in the journal, and quits cleanly with the terminal restored.

#![cfg(unix)]

use std::process::Command;
use std::time::{Duration, Instant};

use crate::pty;
use pty::Pty;

const COLS: u16 = 120;
const ROWS: u16 = 36;

/// The `h:mm:ss` / `ss.t` clock readings in a line.
fn clocks_in(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| w.trim_start_matches('▶').to_string())
        .filter(|w| {
            let b = w.as_bytes();
            (b.len() == 7 && b[1] == b':' && b[4] == b':')
                || (w.contains('.')
                    && !w.ends_with('.')
                    && w.chars().all(|c| c.is_ascii_digit() || c == '.')
                    && w.len() <= 4)
        })
        .collect()
}

fn line_with<'a>(screen: &'a str, needle: &str) -> &'a str {
    screen
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{screen}"))
}

/// A panic in the console leaves the terminal as it found it: the alternate screen left, the
/// cursor shown, the message readable. The program in the pseudo-terminal is this test itself,
/// started again with `ARBITER_E2E_PANIC_CHILD` set: it opens the console's terminal as `arbiter
/// demo` does (`terminal::Console`, ratatui's panic hook), draws the demo's first frame and
/// panics. No test hook in the shipped binary.
#[test]
fn terminal_restored_after_a_panic() {
    if std::env::var_os("ARBITER_E2E_PANIC_CHILD").is_some() {
        let m = arbiter_tui::fixture::demo_match();
        let s = arbiter_tui::fixture::alerts_situation(&m);
        let v = arbiter_tui::ViewState::new(
            arbiter_core::matchfile::Lang::En,
            arbiter_tui::theme::Theme::monochrome(),
        );
        let mut console = arbiter_console::terminal::Console::open("the console").unwrap();
        console
            .terminal
            .draw(|f| arbiter_tui::render(f, &m, &s, &v, arbiter_tui::fixture::NOW))
            .unwrap();
        panic!("the console panics after its first frame (ARBITER_E2E_PANIC_CHILD)");
    }
    // The test's name as the test harness knows it: its module path without the binary's name.
    let test = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::terminal_restored_after_a_panic"),
        None => "terminal_restored_after_a_panic".to_owned(),
    };
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--exact",
        test.as_str(),
        "--nocapture",
        "--test-threads",
        "1",
    ])
    .env("ARBITER_E2E_PANIC_CHILD", "1")
    .env("RUST_BACKTRACE", "0");
    let mut p = Pty::spawn(cmd, COLS, ROWS);
    p.assert_exits_with(101, 30);
    let screen = p.vt_screen();
    assert!(
        !screen.alternate_screen(),
        "alternate screen left after the panic"
    );
    assert!(!screen.hide_cursor(), "cursor shown after the panic");
    assert!(
        // (the test harness's own report may overwrite the line's start)
        screen.contents().contains("panics after its first frame"),
        "the panic message is readable on the restored screen:\n{}",
        screen.contents()
    );
}

#[test]
fn demo_in_a_pty() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("e2e.jsonl");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["demo", "--lang", "en", "--journal"])
        .arg(&journal)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    let mut p = Pty::spawn(cmd, COLS, ROWS);

    // A believable live match within seconds.
    let first = p.wait_for("Schachbundesliga", 20);
    assert!(first.contains("SG Musterstadt") && first.contains("SF Beispielhausen"));
    p.wait_for("Arkadij Morozov", 10);
    // Board 1: White is the away team's first player (white_on_odd_boards = away). Its clocks
    // show once the feed's first clock report is in.
    let deadline = Instant::now() + Duration::from_secs(10);
    let before = loop {
        let screen = p.screen();
        let c = clocks_in(line_with(&screen, "Arkadij Morozov"));
        if c.len() == 2 || Instant::now() > deadline {
            break c;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(before.len(), 2, "two clocks on board 1: {before:?}");
    // The clocks advance: waited for (bounded), not a window of the wall clock.
    let screen = p.wait_until("the clocks of board 1 advance", 10, |s| {
        s.lines().any(|l| l.contains("Arkadij Morozov"))
            && clocks_in(line_with(s, "Arkadij Morozov")) != before
    });
    let after = clocks_in(line_with(&screen, "Arkadij Morozov"));
    assert_eq!(after.len(), 2, "two clocks on board 1: {after:?}");
    assert_ne!(before, after, "clocks advance:\n{screen}");

    // Board 3, illegal move, confirm: three keystrokes.
    p.key("3");
    p.key("i");
    let form = p.wait_for("Illegal move", 5);
    assert!(form.contains("Board 3"), "form names the board:\n{form}");
    assert!(
        form.contains("Rule basis"),
        "form shows the rule basis:\n{form}"
    );
    p.key("\r");
    p.wait_for("recorded", 5);
    p.key("\r");
    let detail = p.wait_for("Board 3 ·", 5);
    assert!(
        detail.contains("Moves") && detail.contains("Incidents"),
        "{detail}"
    );
    p.key("\x1b");

    // The log shows it.
    p.key("l");
    let log = p.wait_for("Incident log", 5);
    assert!(
        log.lines()
            .any(|l| l.contains("illegal move") && l.contains("Bd 3")),
        "log lists the intervention on board 3:\n{log}"
    );
    // Filter by board 3.
    p.key("3");
    p.wait_for("board 3", 5);

    // The journal holds it, on disk (arbiter actions are fsynced).
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(
        text.contains("\"kind\":\"intervention\""),
        "journal has the intervention"
    );
    assert!(text.contains("\"origin\":\"arbiter\""));

    // Quit asks first, then leaves the terminal as it found it.
    p.key("Q");
    p.wait_for("Quit the console?", 5);
    p.key("y");
    p.assert_exits_with(0, 30);
    assert!(!p.vt_screen().alternate_screen(), "alternate screen left");
    assert!(!p.vt_screen().hide_cursor(), "cursor shown again");
    // The journal verifies, under the demo's match file.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(&journal)
        .args(["--match", "config/matches/demo-bundesliga.toml"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
