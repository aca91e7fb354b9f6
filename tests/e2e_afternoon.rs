//! End to end: the arbiter's afternoon (issue 19). The real `arbiter run` binary in a
//! pseudo-terminal, read back through a VT100 emulator, on the demo Bundesliga match whose eight
//! feeds are a running `arbiter simulate` over 127.0.0.1; the match file has no lineups and its
//! scheduled start is a minute ago; its profile is the Bundesliga's with a default time of one
//! minute. At the console:
//!
//! 1. both captains hand in their lineups (sealed until both are in);
//! 2. the start screen: the round started 40 s ago (typed), the deadline shown;
//! 3. attendance: all present but board 8's away player;
//! 4. the default time runs out: the prompt opens by itself, names the absent player and the
//!    forfeit the rules propose; Enter confirms it;
//! 5. an illegal move, a draw claim, the results;
//! 6. the report signed by the arbiter and both captains while the e-boards still send;
//!
//! then `arbiter verify` says the journal is intact and the report VALID. Every wait is for
//! something to appear on the screen (bounded, so a hang fails instead of blocking).

#![cfg(unix)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_core::intervention::InterventionKind;
use arbiter_core::model::{BoardNo, TeamSide};
use arbiter_core::record::Event;
use chrono::{Duration as ChronoDuration, FixedOffset, Timelike};

#[path = "support/pty.rs"]
mod pty;
use pty::{DOWN, ENTER, ESC, Pty, RIGHT, TAB};

const COLS: u16 = 120;
const ROWS: u16 = 40;

fn arbiter(args: &[&std::ffi::OsStr]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("arbiter");
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn the_afternoon_of_a_match_at_the_console() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The venue: eight boards on loopback, short games, clocks still reporting after them.
    let (_sim, lines) = pty::simulator(&["--speed", "10", "--max-plies", "12"], 8);

    // The match: the demo's, without lineups (the captains hand them in), scheduled 40 min ago.
    let venue = FixedOffset::east_opt(3600).unwrap();
    let now = || {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        chrono::DateTime::from_timestamp_millis(ms)
            .unwrap()
            .with_timezone(&venue)
    };
    let scheduled = (now() - ChronoDuration::minutes(1))
        .with_second(0)
        .unwrap()
        .with_nanosecond(0)
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut text = pty::demo_match_on(&pty::board_urls(&lines));
    text = text
        .replace(
            "scheduled_start = \"2026-11-28T14:00:00+01:00\"",
            &format!("scheduled_start = \"{}\"", scheduled.to_rfc3339()),
        )
        .replace(
            "rules = \"bundesliga\"",
            "rules = \"bundesliga-short.toml\"",
        )
        .replace(
            "date = \"2026-11-28\"",
            &format!("date = \"{}\"", scheduled.format("%Y-%m-%d")),
        );
    let text: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("lineup = "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.path().join("match.toml"), &text).unwrap();
    let profile = std::fs::read_to_string(root.join("config/rules/bundesliga.toml")).unwrap();
    let short = profile.replacen("\nminutes = 30 ", "\nminutes = 1 ", 1);
    assert_ne!(short, profile, "the default time's line");
    std::fs::write(dir.path().join("bundesliga-short.toml"), short).unwrap();
    let journal = dir.path().join("afternoon.jsonl");

    let mut cmd = Command::new(bin);
    cmd.args(["run", "match.toml", "--lang", "en", "--journal"])
        .arg(&journal)
        .current_dir(dir.path());
    let mut p = Pty::spawn(cmd, COLS, ROWS).with_key_pause(Duration::from_millis(120));
    p.wait_for("SF Beispielhausen", 30);

    // 1. The lineups, sealed: home, then away (the form opens on the team not yet in); the
    // form names the player behind each rank as it is typed (issue 29).
    for (ranks, named) in [
        ("1 2 3 4 5 6 7 9", " 1: 1. J. Brenner"),
        ("1 2 3 4 5 6 7 8", " 1: 1. A. Morozov"),
    ] {
        p.key("H");
        p.wait_for("Hand in a lineup", 10);
        p.key(TAB);
        p.text(ranks);
        p.wait_for(named, 10);
        p.key(ENTER);
        p.wait_for("Lineup handed in", 10);
    }
    // Both in: the names are on the main screen.
    p.wait_for("Jonas Brenner", 10);

    // 2. The start: the clocks were started 40 s ago (the arbiter types the time); the profile
    // is the Bundesliga's with a default time of 1 min instead of 30, counted from the actual
    // start, so that it runs out while the test goes on.
    let start = now() - ChronoDuration::seconds(40);
    p.key("s");
    let screen = p.wait_for("Scheduled start", 10);
    assert!(
        screen.contains(&scheduled.format("%H:%M:%S").to_string()),
        "{screen}"
    );
    let typed = start.format("%H:%M:%S").to_string();
    p.text(&typed);
    // The deadline is shown to the minute, with the seconds where they are not zero.
    let deadline = (start + ChronoDuration::minutes(1))
        .format("%H:%M")
        .to_string();
    p.wait_for(&format!("(until {deadline}"), 10);
    p.key(ENTER);
    p.wait_for("Started +0:00:4", 10);

    // 3. All present but board 8's away player.
    p.key("8");
    p.key("a");
    p.wait_for("Attendance", 10);
    p.key(DOWN);
    p.key("x");
    p.wait_for("missing", 10);
    p.key("A");
    p.wait_for("Record all 15 players", 10);
    p.key(ENTER);
    p.wait_for("recorded", 10);

    // 4. The deadline passes: the prompt opens by itself with the absent player.
    let screen = p.wait_for("Absent when the default time ran out", 120);
    assert!(screen.contains("Bd 8:"), "{screen}");
    assert!(!screen.contains("Bd 7:"), "{screen}");
    p.key(ENTER);
    p.wait_for("recorded", 10);

    // 5. An illegal move on board 3, a draw claim on board 1, the results of boards 1-7.
    p.key("3");
    p.key("i");
    p.wait_for("Illegal move", 10);
    p.key(ENTER);
    p.wait_for("recorded", 10);
    // A time correction on board 2 (issue 29): Enter without a reason says what it needs and
    // records nothing; with the incident it corrects it is recorded.
    p.key("2");
    p.key("z");
    p.wait_for("Time correction", 10);
    p.key(ENTER);
    p.wait_for("needs its reason", 10);
    p.key(DOWN);
    p.key(DOWN);
    p.text("clock set 2 min short");
    p.key(ENTER);
    p.wait_for("recorded", 10);
    // The claimant is the player on move (a claim by the other is inadmissible and waits for
    // the arbiter's decision, issue 28); which one that is depends on how far the simulated
    // game got: the form says so, and the Player field (focused first) takes `w` or `b`. The
    // game goes on meanwhile: where a move came between reading the form and Enter, the claim
    // is inadmissible and the form asks for a decision; then it is closed and made again.
    let mut made = false;
    for _ in 0..5 {
        p.key("1");
        p.key("c");
        let form = p.wait_for("Draw claim", 10);
        if form.contains("White is not on move") {
            p.key("b");
            p.wait_for("Black (", 10);
        }
        p.key(ENTER);
        let after = p.wait_until("the claim recorded or a decision asked", 10, |s| {
            s.contains("recorded") || s.contains("choose an option")
        });
        if after.contains("recorded") && !after.contains("choose an option") {
            made = true;
            break;
        }
        p.key(ESC);
        p.wait_until("the form closed", 10, |s| !s.contains("Draw claim"));
    }
    assert!(made, "the draw claim was never made by the player on move");
    let mut asked = 0;
    for b in 1..=7 {
        p.key(&b.to_string());
        p.key("r");
        p.wait_for("Result", 10);
        // How the game ended (issue 19, deliverable 7): Tab to the field, → for the first
        // ending of 1-0 (resignation); without one Enter says what is missing.
        p.key(TAB);
        p.key(RIGHT);
        p.wait_for("resignation", 10);
        p.key(ENTER);
        // The simulated games go on: a result while the clock runs asks first (issue 19),
        // the second Enter records it. (A simulated clock may have been stopped meanwhile:
        // then the first Enter records.)
        let logged = format!("Bd {b} Result 1-0 (resignation)");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = p.screen();
            if screen.contains("all the same?") {
                assert!(screen.contains("The clock still runs"), "{screen}");
                asked += 1;
                p.key(ENTER);
                break;
            }
            if screen.contains(&logged) {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "board {b}: neither asked nor recorded:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        p.wait_for(&logged, 10);
    }
    assert!(asked > 0, "no result was entered while its clock ran");

    // 6. The report, signed by the arbiter and both captains (keys registered in the match
    // file: the demonstration passphrases of recordings/README.md) while the feeds still send.
    p.key("R");
    p.wait_for("Match report", 30);
    for (n, pass) in [
        ("1", "Schiedsrichter-Demo-2026"),
        ("2", "Heim-Demo-2026"),
        ("3", "Gast-Demo-2026"),
    ] {
        p.wait_for("S sign", 60);
        p.key("S");
        p.key(n);
        p.text(pass);
        p.key(ENTER);
        let screen = p.wait_for("signed: ", 120);
        assert!(!screen.contains(pass), "the passphrase is never shown");
        // The next signature starts from a fresh screen message.
        std::thread::sleep(Duration::from_millis(300));
    }
    p.key(ESC);
    p.key("Q");
    p.wait_for("Quit the console?", 10);
    p.key("y");
    p.assert_exits_with(0, 30);

    // The journal: the lineups, the start at the time typed, 15 arrivals at the start, the
    // forfeit on board 8, the illegal move, the claim, the results, three signatures.
    let (records, v) = arbiter_io::journal_file::read(&journal).expect("the journal verifies");
    assert!(v.is_intact());
    let state = arbiter_core::state::MatchState::fold(&records);
    assert!(state.lineups_complete());
    let started = state.round_started.expect("started");
    assert_eq!(started.wall_ms / 1000, start.timestamp());
    let arrivals = records
        .iter()
        .filter(|r| matches!(r.event, Event::PlayerArrived(_)))
        .count();
    assert_eq!(arrivals, 15);
    let b8 = state.board(BoardNo(8)).unwrap();
    assert!(b8.arrived(TeamSide::Away).is_none());
    assert!(b8.arrived(TeamSide::Home).is_some());
    let kinds: Vec<&InterventionKind> = state
        .interventions
        .iter()
        .map(|e| &e.intervention.kind)
        .collect();
    assert!(
        kinds.contains(&&InterventionKind::DefaultTimeExpired),
        "{kinds:?}"
    );
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, InterventionKind::IllegalMove { .. })),
        "{kinds:?}"
    );
    assert!(
        kinds
            .iter()
            .any(|k| matches!(k, InterventionKind::DrawClaim { .. })),
        "{kinds:?}"
    );
    let correction = state
        .interventions
        .iter()
        .find(|e| e.intervention.kind == InterventionKind::TimeCorrection)
        .expect("the time correction");
    assert_eq!(correction.intervention.reason, "clock set 2 min short");
    assert!(
        !correction.intervention.confirmed.summary.is_empty(),
        "{correction:?}"
    );
    assert!(state.boards.iter().all(|b| b.result.is_some()));
    assert_eq!(state.signatures.len(), 3);
    // Feed records kept coming after the first signature (post-game data).
    let first_sig = records
        .iter()
        .position(|r| matches!(r.event, Event::ReportSigned(_)))
        .unwrap();
    assert!(
        records[first_sig..]
            .iter()
            .any(|r| matches!(r.origin, arbiter_core::record::Origin::Feed(_))),
        "the e-boards still sent while the report was signed"
    );

    // `arbiter verify`: the journal, then the report against it.
    let match_file = dir.path().join("match.toml");
    let (code, out) = arbiter(&[
        "verify".as_ref(),
        journal.as_os_str(),
        "--match".as_ref(),
        match_file.as_os_str(),
    ]);
    assert_eq!(code, 0, "{out}");
    let report = dir.path().join("afternoon-report/report.json");
    assert!(report.exists(), "the console wrote the report");
    let (code, out) = arbiter(&[
        "verify".as_ref(),
        report.as_os_str(),
        "--journal".as_ref(),
        journal.as_os_str(),
        "--match".as_ref(),
        match_file.as_os_str(),
        "--allow-demo-keys".as_ref(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(": VALID"), "{out}");
    // The report names the time correction with its decision and its reason.
    let md = std::fs::read_to_string(dir.path().join("afternoon-report/report.md")).unwrap();
    let row = md
        .lines()
        .find(|l| l.contains("clock set 2 min short"))
        .unwrap_or_else(|| panic!("the correction's row:\n{md}"));
    assert!(row.contains("+2 min"), "{row}");

    // The replay's incidents (issue 29): the start at the time typed, with the time it was
    // entered beside it; the three signatures.
    let (code, out) = arbiter(&[
        "replay".as_ref(),
        journal.as_os_str(),
        "--incidents".as_ref(),
    ]);
    assert_eq!(code, 0, "{out}");
    let start_line = out
        .lines()
        .find(|l| l.contains("round_started"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        start_line.starts_with(&start.format("%H:%M:%S").to_string())
            && start_line.contains("(entered "),
        "{start_line}"
    );
    assert_eq!(
        out.lines().filter(|l| l.contains(" signature ")).count(),
        3,
        "{out}"
    );
}
