//! Resume after a crash: `arbiter run` and `arbiter demo` keep the journal at a place of the
//! match's own; started again, the console continues it (a torn last line cut and saved aside)
//! with a `session_resumed` record, and the screen shows everything from before. A journal of
//! another match is refused.

use arbiter_core::time::{MonoMs, WallMs};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use arbiter_console::app::start_app;
use arbiter_console::journal_place::{default_journal_path, open_journal};
use arbiter_console::time_base::TimeBase;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::record::{Event, Note, Origin};

fn load(p: &str) -> Match {
    arbiter_io::config::load_match(Path::new(p), None).unwrap()
}

fn note(text: &str) -> Event {
    Note {
        board: None,
        text: text.into(),
        witnesses: Vec::new(),
    }
    .into()
}

#[test]
fn the_journal_has_a_place_of_its_match() {
    let m = load("config/matches/demo-bundesliga.toml");
    assert_eq!(
        default_journal_path(&m),
        Path::new("journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl")
    );
    let o = load("config/matches/oberliga-example.toml");
    assert_eq!(
        default_journal_path(&o),
        Path::new("journals/2026-11-29-3-sk-rheinufer-sv-huegelland-ii.jsonl")
    );
}

#[test]
fn a_restarted_console_continues_the_journal_after_a_torn_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journals/match.jsonl");
    let m = load("config/matches/demo-bundesliga.toml");
    let time = TimeBase::now();
    let opened = open_journal(&m, &path).unwrap();
    assert!(!opened.resumed);
    let (mut app, msg) =
        start_app(m.clone(), opened, time.current(), Vec::new(), Lang::En).unwrap();
    assert!(msg.is_none());
    app.submit(
        WallMs::from_unix_ms(10),
        MonoMs::from_base_ms(10),
        Origin::Arbiter,
        note("before the crash"),
    )
    .unwrap();
    let seq_before = app.journal.chain().next_seq;
    drop(app);
    // The crash cut a line in half.
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    bytes.extend_from_slice(
        b"{\"seq\":3,\"wall_ms\":11,\"mono_ms\":11,\"origin\":\"arbiter\",\"kind\":\"no",
    );
    std::fs::write(&path, &bytes).unwrap();

    let opened = open_journal(&m, &path).unwrap();
    assert!(opened.resumed);
    let (n, saved) = opened.torn.clone().unwrap();
    assert_eq!(n, bytes.len() - len);
    assert_eq!(std::fs::read(&saved).unwrap(), &bytes[len..]);
    let (mut app, msg) =
        start_app(m.clone(), opened, time.current(), Vec::new(), Lang::En).unwrap();
    let msg = msg.unwrap();
    assert!(
        msg.contains("journal continued: 2 records from before"),
        "{msg}"
    );
    assert!(msg.contains("torn last line"), "{msg}");
    // The state from before is there; the chain continues.
    assert_eq!(app.state.notes[0].text, "before the crash");
    assert_eq!(app.state.resumed.len(), 1);
    assert_eq!(app.journal.chain().next_seq, seq_before + 1);
    app.submit(
        WallMs::from_unix_ms(20),
        MonoMs::from_base_ms(5),
        Origin::Arbiter,
        note("after the restart"),
    )
    .unwrap();
    drop(app);
    let (records, v) = arbiter_io::journal_file::read(&path).unwrap();
    assert!(v.is_intact() && v.torn_tail == 0);
    let kinds: Vec<&str> = records.iter().map(|r| r.event.kind()).collect();
    assert_eq!(
        kinds,
        ["session_started", "note", "session_resumed", "note"]
    );
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(&path)
        .args(["--match", "config/matches/demo-bundesliga.toml"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    // The report made from the journal has both notes.
    let env = arbiter_core::signature::envelope_from_journal(&m, &records);
    let remarks: Vec<&str> = env.report.remarks.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(remarks, ["before the crash", "after the restart"]);
}

#[test]
fn a_journal_of_another_match_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let m = load("config/matches/demo-bundesliga.toml");
    let time = TimeBase::now();
    let (app, _) = start_app(
        m.clone(),
        open_journal(&m, &path).unwrap(),
        time.current(),
        Vec::new(),
        Lang::En,
    )
    .unwrap();
    drop(app);
    let before = std::fs::read(&path).unwrap();
    let other = load("config/matches/oberliga-example.toml");
    let e = open_journal(&other, &path).unwrap_err();
    assert!(
        e.contains(
            "belongs to another match: SG Musterstadt – SF Beispielhausen, round 5, 2026-11-28"
        ),
        "{e}"
    );
    // The same fixture with an edited match file.
    let text = m.match_text.replace("Großer Saal", "Kleiner Saal");
    let edited = Match::from_texts(&m.path, &text, &m.profile_path, &m.profile_text).unwrap();
    let e = open_journal(&edited, &path).unwrap_err();
    assert!(
        e.contains("the match file has changed since the journal was started"),
        "{e}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before, "nothing was written");
}

#[cfg(unix)]
use crate::pty;
#[cfg(unix)]
use pty::Pty;

/// `arbiter run MATCH` in a pseudo-terminal, killed with SIGKILL after a note, started again:
/// the same journal continues and the note is on the screen.
#[cfg(unix)]
#[test]
fn run_killed_and_started_again_shows_the_notes_from_before() {
    let dir = tempfile::tempdir().unwrap();
    // The demo match without feeds, beside its profile.
    let text = std::fs::read_to_string("config/matches/demo-bundesliga.toml").unwrap();
    let start = text.find("feeds = [").unwrap();
    let end = start + text[start..].find("]\n").unwrap() + 2;
    let text = format!("{}{}", &text[..start], &text[end..]);
    std::fs::write(dir.path().join("match.toml"), &text).unwrap();
    std::fs::copy(
        "config/rules/bundesliga.toml",
        dir.path().join("bundesliga.toml"),
    )
    .unwrap();
    let run = || {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        cmd.args(["run", "match.toml", "--lang", "en"])
            .current_dir(dir.path());
        Pty::spawn(cmd, 140, 40).with_key_pause(Duration::from_millis(30))
    };
    let mut p = run();
    p.wait_for("Jonas Brenner", 20);
    p.text("n");
    p.wait_for("Note", 5);
    p.text("kill-1 noise at board 1\r");
    p.text("l");
    p.wait_for("kill-1 noise at board 1", 10);
    // SIGKILL: no chance to clean up.
    p.kill();
    let journal = dir
        .path()
        .join("journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl");
    assert!(journal.is_file());
    let mut p = run();
    let screen = p.wait_for("journal continued", 20);
    assert!(screen.contains("records from before"), "{screen}");
    p.text("l");
    p.wait_for("kill-1 noise at board 1", 10);
    p.text("Qy");
    p.assert_exits_with(0, 30);
    let (records, v) = arbiter_io::journal_file::read(&journal).unwrap();
    assert!(v.is_intact());
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r.event, Event::SessionStarted(_)))
            .count(),
        1
    );
    assert!(
        records
            .iter()
            .any(|r| matches!(r.event, Event::SessionResumed(_)))
    );
}

/// SIGTERM and SIGHUP end the console as `Q`, `y` does: the terminal restored (the alternate
/// screen left), the journal intact with everything acknowledged before.
#[cfg(unix)]
#[test]
fn sigterm_and_sighup_restore_the_terminal_and_leave_the_journal_intact() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("config/matches/demo-bundesliga.toml").unwrap();
    let start = text.find("feeds = [").unwrap();
    let end = start + text[start..].find("]\n").unwrap() + 2;
    std::fs::write(
        dir.path().join("match.toml"),
        format!("{}{}", &text[..start], &text[end..]),
    )
    .unwrap();
    std::fs::copy(
        "config/rules/bundesliga.toml",
        dir.path().join("bundesliga.toml"),
    )
    .unwrap();
    let journal = dir
        .path()
        .join("journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl");
    for (i, signal) in [expectrl::Signal::SIGTERM, expectrl::Signal::SIGHUP]
        .into_iter()
        .enumerate()
    {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        cmd.args(["run", "match.toml", "--lang", "en"])
            .current_dir(dir.path());
        let mut p = Pty::spawn(cmd, 140, 40).with_key_pause(Duration::from_millis(30));
        p.wait_for("Jonas Brenner", 20);
        assert!(p.vt_screen().alternate_screen());
        let note = format!("before signal {i}");
        p.text("n");
        p.wait_for("Note", 5);
        p.text(&format!("{note}\r"));
        p.text("l");
        p.wait_for(&note, 10);
        p.signal(signal);
        let status = p.wait_exit(30);
        assert!(
            matches!(status, expectrl::WaitStatus::Exited(_, 0)),
            "{signal:?}: {status:?}"
        );
        assert!(
            !p.vt_screen().alternate_screen(),
            "{signal:?}: the terminal is restored"
        );
        let (records, v) = arbiter_io::journal_file::read(&journal).unwrap();
        assert!(v.is_intact() && v.torn_tail == 0);
        assert!(
            records
                .iter()
                .any(|r| matches!(&r.event, Event::Note(n) if n.text == note))
        );
    }
}

/// The journal carries the match file and the rule profile: after the match, editing or removing
/// them changes nothing in its replay or its report, from any directory.
#[test]
fn editing_the_profile_after_the_match_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy("config/matches/demo-bundesliga.toml", d.join("match.toml")).unwrap();
    std::fs::copy("config/rules/trier.toml", d.join("trier.toml")).unwrap();
    let scenario = std::fs::read_to_string("tests/scenarios/trier-quickplay.toml")
        .unwrap()
        .replace(
            "match = \"../../config/matches/demo-bundesliga.toml\"",
            "match = \"match.toml\"",
        );
    assert!(scenario.contains("match = \"match.toml\""));
    std::fs::write(d.join("s.toml"), scenario).unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let run = |args: &[&str]| {
        let o = Command::new(bin)
            .args(args)
            .current_dir(d)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    run(&["script", "s.toml", "--journal", "j.jsonl"]);
    let replay_before = run(&["replay", "j.jsonl", "--at", "+2:00:00", "--json"]);
    run(&["report", "j.jsonl", "-o", "r1"]);
    // The profile is edited (another penalty), the match file removed.
    let profile = std::fs::read_to_string(d.join("trier.toml")).unwrap();
    let edited = profile.replacen("time_to_opponent_s = 120", "time_to_opponent_s = 300", 1);
    assert_ne!(edited, profile, "the profile has the field to edit");
    std::fs::write(d.join("trier.toml"), edited).unwrap();
    std::fs::remove_file(d.join("match.toml")).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let o = Command::new(bin)
        .arg("replay")
        .arg(d.join("j.jsonl"))
        .args(["--at", "+2:00:00", "--json"])
        .current_dir(elsewhere.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), replay_before);
    run(&["report", "j.jsonl", "-o", "r2"]);
    let r1: arbiter_core::signature::SignedReport =
        serde_json::from_slice(&std::fs::read(d.join("r1/report.json")).unwrap()).unwrap();
    let r2: arbiter_core::signature::SignedReport =
        serde_json::from_slice(&std::fs::read(d.join("r2/report.json")).unwrap()).unwrap();
    assert_eq!(r1.digest, r2.digest, "the same report");
    assert_eq!(
        std::fs::read(d.join("r1/report.md")).unwrap(),
        std::fs::read(d.join("r2/report.md")).unwrap()
    );
}
