//! The report screen's signing flow: the signatures go into the journal, the report files are
//! written beside it, a later input voids them, and in a pseudo-terminal a signer needs four keys
//! plus the passphrase.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_console::console::{self, App};
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, Note, Origin, ResultRecorded};
use arbiter_io::journal_file::{self, JournalWriter};
use arbiter_report::sign::{self, KeyStatus, Role, SigStatus};

#[test]
fn signing_at_the_console_goes_into_the_journal_and_a_later_input_voids_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.jsonl");
    let m = arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
        .unwrap();
    let mut a = App::new(m, JournalWriter::create(&path).unwrap());
    let ev = a.session_started();
    a.submit(1_000, 0, Origin::System, ev).unwrap();
    a.submit(
        2_000,
        1,
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(1),
            result: GameResult::Draw,
            reason: String::new(),
        }
        .into(),
    )
    .unwrap();
    let signers = [
        (Role::Arbiter, "Schiri-Pass 2026"),
        (Role::HomeCaptain, "Heim-Pass 2026"),
        (Role::AwayCaptain, "Gast-Pass 2026"),
    ];
    // A captain cannot sign before the arbiter.
    assert!(
        console::sign_current_report(&mut a, &path, Role::HomeCaptain, "Heim-Pass 2026", 3_000, 2)
            .is_err()
    );
    for (i, (role, pass)) in signers.iter().enumerate() {
        console::sign_current_report(&mut a, &path, *role, pass, 3_000 + i as i64, 2 + i as u64)
            .unwrap();
    }
    let env = console::current_report(&mut a, &path).unwrap();
    let v = sign::check(&env);
    assert!(v.is_valid(), "{v:?}");
    assert_eq!(v.signatures.len(), 3);
    assert!(v.signatures.iter().all(|(_, _, s)| *s
        == SigStatus::Valid {
            key: KeyStatus::Unregistered
        }));
    // The journal holds the signatures; the files are beside it and verify against it.
    let (records, _) = journal_file::read(&path).unwrap();
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r.event, Event::ReportSigned(_)))
            .count(),
        3
    );
    let text = std::fs::read_to_string(dir.path().join("match-report/report.json")).unwrap();
    assert!(!text.contains("Pass 2026"), "no passphrase is stored");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(dir.path().join("match-report/report.json"))
        .arg("--journal")
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The clocks ticking on after the games do not change the report.
    let sample = arbiter_core::record::ClockSample {
        board: BoardNo(1),
        left_ms: 600_000,
        right_ms: 500_000,
        running: None,
        left_flag: false,
        right_flag: false,
        white_side: None,
        left_flag_kind: None,
        right_flag_kind: None,
    };
    a.submit(8_000, 8, Origin::Feed(BoardNo(1)), sample.into())
        .unwrap();
    assert!(sign::check(&console::current_report(&mut a, &path).unwrap()).is_valid());
    // A note after the signatures changes the report: every signature is shown void.
    a.submit(
        9_000,
        9,
        Origin::Arbiter,
        Note {
            board: None,
            text: "Nachtrag".into(),
            witnesses: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    let env = console::current_report(&mut a, &path).unwrap();
    let v = sign::check(&env);
    assert_eq!(
        v.signatures
            .iter()
            .filter(|(_, _, s)| matches!(s, SigStatus::Void { .. }))
            .count(),
        3
    );
    let lines = arbiter_tui::report_view::lines(&env, arbiter_core::matchfile::Lang::De);
    assert!(
        lines.iter().any(|l| l.contains("UNTERSCHRIFT UNGÜLTIG")),
        "{lines:?}"
    );
    // A captain cannot countersign a void arbiter's signature; the arbiter signs again first.
    assert!(
        console::sign_current_report(
            &mut a,
            &path,
            Role::HomeCaptain,
            "Heim-Pass 2026",
            10_000,
            10
        )
        .is_err()
    );
    console::sign_current_report(&mut a, &path, Role::Arbiter, "Schiri-Pass 2026", 10_000, 10)
        .unwrap();
    console::sign_current_report(
        &mut a,
        &path,
        Role::HomeCaptain,
        "Heim-Pass 2026",
        10_001,
        11,
    )
    .unwrap();
    let v = sign::check(&console::current_report(&mut a, &path).unwrap());
    let valid: Vec<Role> = v
        .signatures
        .iter()
        .filter(|(_, _, s)| matches!(s, SigStatus::Valid { .. }))
        .map(|(r, _, _)| *r)
        .collect();
    assert_eq!(valid, vec![Role::Arbiter, Role::HomeCaptain]);
}

#[cfg(unix)]
#[test]
fn signing_in_the_console_takes_four_keys_and_the_passphrase() {
    use expectrl::Session;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("demo.jsonl");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["demo", "--lang", "en", "--journal"])
        .arg(&journal)
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let mut s = Session::spawn(cmd).expect("spawn arbiter demo");
    s.get_process_mut().set_window_size(120, 36).unwrap();
    let mut vt = vt100::Parser::new(36, 120, 0);
    let mut screen = |s: &mut Session, needle: &str, secs: u64| -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let mut buf = [0u8; 16384];
            while let Ok(n) = s.try_read(&mut buf) {
                if n == 0 {
                    break;
                }
                vt.process(&buf[..n]);
            }
            let text = vt.screen().contents();
            if text.contains(needle) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "{needle:?} not on screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let send = |s: &mut Session, k: &str| {
        s.send(k).unwrap();
        std::thread::sleep(Duration::from_millis(150));
    };
    screen(&mut s, "Arkadij Morozov", 30);
    // R: the report screen; S: sign; 1: the arbiter; the passphrase; Enter.
    send(&mut s, "R");
    let text = screen(&mut s, "Match report", 20);
    assert!(text.contains("S sign"), "{text}");
    send(&mut s, "S");
    send(&mut s, "1");
    for c in "Demo-Pass 2026".chars() {
        send(&mut s, &c.to_string());
    }
    let text = screen(&mut s, "**************_", 5);
    assert!(!text.contains("Demo-Pass"), "the passphrase is never shown");
    send(&mut s, "\r");
    let text = screen(&mut s, "signed: arbiter", 30);
    assert!(text.contains("Match report"), "{text}");
    send(&mut s, "\u{1b}");
    send(&mut s, "Q");
    send(&mut s, "y");
    let _ = s.get_process().wait();
    let (records, v) = journal_file::read(&journal).unwrap();
    assert!(v.is_intact());
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r.event, Event::ReportSigned(_)))
            .count(),
        1
    );
    assert!(
        !std::fs::read_to_string(&journal)
            .unwrap()
            .contains("Demo-Pass")
    );
}
