//! A full disk: the console keeps running, says so, applies nothing it could not write, keeps
//! the inputs in order and writes them when space returns; no acknowledged action is lost.
//! Once with a sink that fails on demand (deterministic), once on a real, small tmpfs (skipped
//! with a message where mounting is not permitted).

use std::fs::{File, OpenOptions};
use std::io::{self, Write as _};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use arbiter_console::app::{App, Submitted};
use arbiter_console::journal_place::open_journal;
use arbiter_console::time_base::TimeBase;
use arbiter_core::journal::{Chain, verify_bytes};
use arbiter_core::model::BoardNo;
use arbiter_core::record::{ClockSample, Event, Note, Origin};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::{JournalWriter, Sink};

fn demo() -> arbiter_core::matchfile::Match {
    arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None).unwrap()
}

fn note(text: &str) -> Event {
    Note {
        board: None,
        text: text.into(),
        witnesses: Vec::new(),
    }
    .into()
}

fn sample(ms: u64) -> Event {
    ClockSample {
        board: BoardNo(1),
        left_ms: ms,
        right_ms: 5_400_000,
        running: None,
        left_flag: false,
        right_flag: false,
        white_side: None,
        left_flag_kind: None,
        right_flag_kind: None,
    }
    .into()
}

/// A journal file whose writes fail with ENOSPC while `full` is set, after writing half of the
/// bytes (as a real full disk may), and whose fsync fails too.
#[derive(Debug)]
struct FullDisk {
    file: File,
    full: Arc<AtomicBool>,
}

impl Sink for FullDisk {
    fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.full.load(Ordering::SeqCst) {
            self.file.write_all(&bytes[..bytes.len() / 2])?;
            return Err(io::Error::from_raw_os_error(28)); // ENOSPC
        }
        self.file.write_all(bytes)
    }
    fn sync(&mut self) -> io::Result<()> {
        if self.full.load(Ordering::SeqCst) {
            return Err(io::Error::from_raw_os_error(28));
        }
        self.file.sync_data()
    }
    fn truncate(&mut self, len: u64) -> io::Result<()> {
        self.file.set_len(len)
    }
}

fn notes(app: &App) -> Vec<String> {
    app.state.notes.iter().map(|n| n.text.clone()).collect()
}

#[test]
fn a_full_disk_loses_no_acknowledged_action_and_the_console_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let full = Arc::new(AtomicBool::new(false));
    let file = OpenOptions::new()
        .create_new(true)
        .append(true)
        .open(&path)
        .unwrap();
    let sink = FullDisk {
        file,
        full: full.clone(),
    };
    let w = JournalWriter::with_sink(&path, Box::new(sink), Chain::default(), 0);
    let mut app = App::new(demo(), w);
    let ev = app.session_started();
    app.submit(
        WallMs::from_unix_ms(1_000),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    let mut acknowledged = Vec::new();
    if let Submitted::Written(r) = app.input(
        WallMs::from_unix_ms(2_000),
        MonoMs::from_base_ms(10),
        Origin::Arbiter,
        note("A"),
    ) {
        acknowledged.push(r);
    } else {
        panic!("written");
    }
    let bytes_before = std::fs::read(&path).unwrap();
    let chain_before = app.journal.chain().clone();
    let state_before = app.state.clone();

    // The disk is full.
    full.store(true, Ordering::SeqCst);
    let r = app.input(
        WallMs::from_unix_ms(3_000),
        MonoMs::from_base_ms(20),
        Origin::Arbiter,
        note("B"),
    );
    assert_eq!(
        r,
        Submitted::Queued {
            waiting: 1,
            written: Vec::new()
        }
    );
    assert!(
        app.journal_error.as_deref().unwrap().contains("28"),
        "{:?}",
        app.journal_error
    );
    assert!(matches!(
        app.input(
            WallMs::from_unix_ms(3_100),
            MonoMs::from_base_ms(21),
            Origin::Feed(BoardNo(1)),
            sample(5_000_000)
        ),
        Submitted::Queued { waiting: 2, .. }
    ));
    assert!(matches!(
        app.input(
            WallMs::from_unix_ms(3_200),
            MonoMs::from_base_ms(22),
            Origin::Arbiter,
            note("C")
        ),
        Submitted::Queued { waiting: 3, .. }
    ));
    assert!(app.retry(MonoMs::from_base_ms(23)).is_empty());
    // Nothing was applied, the chain did not move, the half-written bytes were cut again.
    assert_eq!(app.state, state_before);
    assert_eq!(app.journal.chain(), &chain_before);
    assert_eq!(std::fs::read(&path).unwrap(), bytes_before);
    assert_eq!(app.waiting_actions(), 2);

    // Space returns: everything is written in order and applied.
    full.store(false, Ordering::SeqCst);
    let written = app.retry(MonoMs::from_base_ms(30));
    assert_eq!(written.len(), 3);
    assert!(app.pending.is_empty());
    assert!(app.journal_error.is_none());
    acknowledged.extend(written);
    assert_eq!(notes(&app), ["A", "B", "C"]);
    let bytes = std::fs::read(&path).unwrap();
    let v = verify_bytes(&bytes);
    assert!(v.is_intact(), "{:?}", v.problem);
    assert_eq!(v.valid, 5);
    let (records, _) = arbiter_core::journal::records_from_bytes(&bytes).unwrap();
    for a in &acknowledged {
        assert_eq!(
            &records[a.seq as usize], a,
            "acknowledged record {} on disk",
            a.seq
        );
    }
    let kinds: Vec<&str> = records.iter().map(|r| r.event.kind()).collect();
    assert_eq!(
        kinds,
        ["session_started", "note", "note", "clock_sample", "note"],
        "in the order they came"
    );
    // And the console goes on.
    assert!(matches!(
        app.input(
            WallMs::from_unix_ms(4_000),
            MonoMs::from_base_ms(40),
            Origin::Arbiter,
            note("D")
        ),
        Submitted::Written(_)
    ));
}

/// Unmounts a tmpfs when dropped.
struct Mount(std::path::PathBuf);

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_tmpfs_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=128k", "tmpfs"])
        .arg(&mnt)
        .output();
    match mounted {
        Ok(o) if o.status.success() => {}
        other => {
            eprintln!(
                "skipped: mounting a small tmpfs is not permitted here ({other:?}); the injected failure test covers a full disk"
            );
            return;
        }
    }
    let _mount = Mount(mnt.clone());
    let path = mnt.join("journals/match.jsonl");
    let opened = open_journal(&demo(), &path).unwrap();
    let time = TimeBase::now();
    let (mut app, _) = arbiter_console::app::start_app(
        demo(),
        opened,
        time.current(),
        Vec::new(),
        arbiter_core::matchfile::Lang::En,
    )
    .unwrap();
    assert!(matches!(
        app.input(
            WallMs::from_unix_ms(1),
            MonoMs::from_base_ms(1),
            Origin::Arbiter,
            note("before")
        ),
        Submitted::Written(_)
    ));
    // Fill the file system.
    let filler = mnt.join("filler");
    let mut f = File::create(&filler).unwrap();
    let chunk = vec![b'x'; 4096];
    while f.write_all(&chunk).is_ok() {}
    let _ = f.sync_all();
    // A few bytes may still fit in the journal's last block: write until it is full.
    let mut queued = 0;
    let mut acknowledged = vec!["before".to_string()];
    for i in 0..200 {
        let text = format!("while full {i} {}", "·".repeat(300));
        match app.input(
            WallMs::from_unix_ms(10 + i),
            MonoMs::from_base_ms(10 + i as u64),
            Origin::Arbiter,
            note(&text),
        ) {
            Submitted::Written(_) => acknowledged.push(text),
            Submitted::Queued { .. } => queued += 1,
            Submitted::Dropped => unreachable!("arbiter actions are never dropped"),
        }
        if queued >= 3 {
            break;
        }
    }
    assert_eq!(queued, 3, "the disk filled up");
    let err = app.journal_error.clone().unwrap();
    assert!(err.contains("No space left on device"), "{err}");
    let shown: Vec<String> = app.state.notes.iter().map(|n| n.text.clone()).collect();
    assert_eq!(shown, acknowledged, "nothing applied that is not on disk");
    // Space returns.
    drop(f);
    std::fs::remove_file(&filler).unwrap();
    let written = app.retry(MonoMs::from_base_ms(1_000));
    assert_eq!(written.len(), 3);
    assert!(app.pending.is_empty());
    let (records, v) = arbiter_io::journal_file::read(&path).unwrap();
    assert!(v.is_intact() && v.torn_tail == 0);
    let on_disk: Vec<String> = records
        .iter()
        .filter_map(|r| match &r.event {
            Event::Note(n) => Some(n.text.clone()),
            _ => None,
        })
        .collect();
    for a in &acknowledged {
        assert!(on_disk.contains(a), "acknowledged {a:.20} is on disk");
    }
    assert_eq!(on_disk.len(), acknowledged.len() + 3);
}

/// The disk is full when the console starts on a new match: the journal is never created half,
/// nothing is left behind (no empty journal, no temporary file), and once there is space the
/// console starts normally on the same place; started again, it continues that journal.
#[test]
fn a_disk_full_when_the_journal_is_created_leaves_nothing_behind() {
    use arbiter_console::app::start_app_via;
    let dir = tempfile::tempdir().unwrap();
    let journals = dir.path().join("journals");
    let path = journals.join("match.jsonl");
    let time = TimeBase::now();
    let full = Arc::new(AtomicBool::new(true));
    // the demo's presets too: the round's start and an arrival
    let preset = vec![(
        Origin::Arbiter,
        Event::RoundStarted(arbiter_core::record::RoundStarted::default()),
    )];
    for attempt in 0..3 {
        let opened = open_journal(&demo(), &path).unwrap();
        assert!(!opened.resumed && opened.writer.is_none());
        let f = full.clone();
        let e = start_app_via(
            demo(),
            opened,
            time.current(),
            preset.clone(),
            arbiter_core::matchfile::Lang::En,
            move |file| Box::new(FullDisk { file, full: f }),
        )
        .unwrap_err();
        let e = format!("{e:#}");
        assert!(
            e.contains("os error 28") && e.contains("match.jsonl"),
            "attempt {attempt}: {e}"
        );
        // nothing at all in the directory: no journal, no temporary file
        let left: Vec<_> = std::fs::read_dir(&journals)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert!(left.is_empty(), "attempt {attempt}: {left:?}");
    }
    // Space returns: `run` starts normally.
    full.store(false, Ordering::SeqCst);
    let opened = open_journal(&demo(), &path).unwrap();
    let f = full.clone();
    let (mut app, msg) = start_app_via(
        demo(),
        opened,
        time.current(),
        preset.clone(),
        arbiter_core::matchfile::Lang::En,
        move |file| Box::new(FullDisk { file, full: f }),
    )
    .unwrap();
    assert!(msg.is_none(), "a new journal: {msg:?}");
    assert!(matches!(
        app.input(
            WallMs::from_unix_ms(2_000),
            MonoMs::from_base_ms(10),
            Origin::Arbiter,
            note("after the start")
        ),
        Submitted::Written(_)
    ));
    assert!(app.state.round_started.is_some());
    drop(app);
    let (records, v) = arbiter_io::journal_file::read(&path).unwrap();
    assert!(v.is_intact());
    let kinds: Vec<&str> = records.iter().map(|r| r.event.kind()).collect();
    assert_eq!(kinds.first(), Some(&"session_started"));
    assert!(kinds.contains(&"round_started") && kinds.ends_with(&["note"]));
    let left: Vec<_> = std::fs::read_dir(&journals)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["match.jsonl"]);
    // Started again, the console continues it.
    let opened = open_journal(&demo(), &path).unwrap();
    assert!(opened.resumed);
    let (app, msg) = arbiter_console::app::start_app(
        demo(),
        opened,
        time.current(),
        Vec::new(),
        arbiter_core::matchfile::Lang::En,
    )
    .unwrap();
    assert!(msg.unwrap().contains("continued"));
    assert_eq!(app.state.notes.len(), 1);
}

/// The real commands on a real full file system (a 64 KiB tmpfs; skipped with a message where
/// mounting is not permitted): `run`, `demo` and `record -o` leave no journal behind and say
/// why; once space returns, `run` starts normally.
#[cfg(target_os = "linux")]
#[test]
fn a_full_tmpfs_at_the_start_of_run_demo_and_record_leaves_no_journal() {
    use crate::pty;
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mnt)
        .output();
    match mounted {
        Ok(o) if o.status.success() => {}
        other => {
            eprintln!(
                "skipped: mounting a small tmpfs is not permitted here ({other:?}); the injected failure test covers a full disk at the start"
            );
            return;
        }
    }
    let _mount = Mount(mnt.clone());
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // Fill the file system.
    let filler = mnt.join("filler");
    let mut f = File::create(&filler).unwrap();
    let chunk = vec![b'x'; 1024];
    while f.write_all(&chunk).is_ok() {}
    let _ = f.sync_all();
    let journal = mnt.join("match.jsonl");
    let matchfile = root.join("config/matches/demo-bundesliga.toml");
    let console = |args: &[&str]| {
        let mut cmd = std::process::Command::new(bin);
        cmd.args(args).current_dir(root);
        pty::Pty::spawn(cmd, 100, 30)
    };
    let mut run = console(&[
        "run",
        matchfile.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    run.assert_exits_with(1, 20);
    assert!(
        run.screen().contains("No space left on device"),
        "{}",
        run.screen()
    );
    let mut demo = console(&[
        "demo",
        "--journal",
        journal.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    demo.assert_exits_with(1, 20);
    assert!(
        demo.screen().contains("No space left on device"),
        "{}",
        demo.screen()
    );
    let record = std::process::Command::new(bin)
        .args([
            "record",
            "recordings/bundesliga-musterstadt-beispielhausen/plan.toml",
            "-o",
        ])
        .arg(&journal)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(!record.status.success());
    let said = String::from_utf8_lossy(&record.stderr);
    assert!(said.contains("No space left on device"), "{said}");
    let left: Vec<_> = std::fs::read_dir(&mnt)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["filler"], "nothing left behind");
    // Space returns: `run` starts normally and journals.
    drop(f);
    std::fs::remove_file(&filler).unwrap();
    let mut run = console(&[
        "run",
        matchfile.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--lang",
        "en",
    ]);
    run.wait_for("Jonas Brenner", 20);
    run.key("Q");
    run.key("y");
    run.wait_exit(20);
    let (records, v) = arbiter_io::journal_file::read(&journal).unwrap();
    assert!(v.is_intact());
    assert_eq!(records[0].event.kind(), "session_started");
}
