//! The report screen's signing flow: the signatures go into the journal, the report files are
//! written beside it, a later input voids them, and at the console (in process) a signer needs
//! four keys plus the passphrase.

use crate::app;

use std::path::Path;
use std::process::Command;

use arbiter_console::app::{self as console, App};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, MoveMade, Note, Origin, ResultRecorded};
use arbiter_core::signature::Status;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::{self, JournalWriter};
use arbiter_report::sign::{self, Role, SigStatus};

const DEMO: [(Role, &str); 3] = [
    (Role::Arbiter, "Schiedsrichter-Demo-2026"),
    (Role::HomeCaptain, "Heim-Demo-2026"),
    (Role::AwayCaptain, "Gast-Demo-2026"),
];

/// A console on `m` with a result on every board.
fn finished_match(m: Match, path: &Path) -> App {
    let mut a = App::new(m, JournalWriter::create(path).unwrap());
    let ev = a.session_started();
    a.submit(
        WallMs::from_unix_ms(1_000),
        MonoMs::from_base_ms(0),
        Origin::System,
        ev,
    )
    .unwrap();
    for b in 1..=8u16 {
        a.submit(
            WallMs::from_unix_ms(2_000 + i64::from(b)),
            MonoMs::from_base_ms(u64::from(b)),
            Origin::Arbiter,
            ResultRecorded {
                board: BoardNo(b),
                result: GameResult::Draw,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        )
        .unwrap();
    }
    a
}

/// `arbiter verify` of a report with its journal, under the genuine match file as the anchor
/// (a journal is never one), the demonstration keys allowed, with `extra` (receipts).
fn verify_under(report: &Path, journal: &Path, anchor: &Path, extra: &[String]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(report)
        .arg("--journal")
        .arg(journal)
        .arg("--match")
        .arg(anchor)
        .arg("--allow-demo-keys")
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn verify(report: &Path, journal: &Path) -> (i32, String) {
    verify_under(
        report,
        journal,
        Path::new("config/matches/demo-bundesliga.toml"),
        &[],
    )
}

/// The receipt printed under a captain's signature in the report's text (what the captain
/// reads off the printed report and takes home).
fn receipt_on_paper(md: &str, role_label: &str) -> String {
    // The signature block is the document's end: the last mention of the role.
    let block = &md[md.rfind(&format!("{role_label}: ")).expect(role_label)..];
    let line = block
        .lines()
        .find(|l| l.contains("Quittung") || l.contains("receipt"))
        .expect("a receipt line");
    line.trim().rsplit(": ").next().unwrap().trim().to_string()
}

fn current(a: &mut App, path: &Path) -> (arbiter_core::signature::History, sign::Authority) {
    console::current_report(a, path).unwrap()
}

#[test]
fn a_correction_after_signing_supersedes_the_signed_version() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.jsonl");
    let m = arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
        .unwrap();
    let mut a = finished_match(m, &path);
    // A captain cannot sign before the arbiter; a mistyped passphrase is refused at entry.
    let e = console::sign_current_report(
        &mut a,
        &path,
        Role::HomeCaptain,
        "Heim-Demo-2026",
        None,
        WallMs::from_unix_ms(3_000),
        MonoMs::from_base_ms(20),
    )
    .unwrap_err();
    assert!(e.to_string().contains("the arbiter signs first"), "{e}");
    let e = console::sign_current_report(
        &mut a,
        &path,
        Role::Arbiter,
        "Schiedsrichter-Demo-2027",
        None,
        WallMs::from_unix_ms(3_000),
        MonoMs::from_base_ms(20),
    )
    .unwrap_err();
    assert!(e.to_string().contains("check the passphrase"), "{e}");
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        let remark = (*role == Role::AwayCaptain).then_some("under protest (FIDE 11.10)");
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            remark,
            WallMs::from_unix_ms(3_000 + i as i64),
            MonoMs::from_base_ms(21 + i as u64),
        )
        .unwrap();
    }
    // A valid signature is never replaced.
    let e = console::sign_current_report(
        &mut a,
        &path,
        Role::HomeCaptain,
        "Heim-Demo-2026",
        None,
        WallMs::from_unix_ms(4_000),
        MonoMs::from_base_ms(30),
    )
    .unwrap_err();
    assert!(e.to_string().contains("already signed"), "{e}");
    let (h, auth) = current(&mut a, &path);
    assert_eq!(h.versions.len(), 1);
    assert_eq!(sign::status_of(h.current(), &auth), Status::Final);
    let (records, _) = journal_file::read(&path).unwrap();
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r.event, Event::ReportSigned(_)))
            .count(),
        3,
        "only the three valid signatures are journaled"
    );
    let report_dir = dir.path().join("match-report");
    let text = std::fs::read_to_string(report_dir.join("report.json")).unwrap();
    assert!(!text.contains("Demo-2026"), "no passphrase is stored");
    assert!(text.contains("under protest (FIDE 11.10)"));
    let md = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    assert!(md.contains("Vermerk: under protest (FIDE 11.10)"), "{md}");
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 0, "{out}");

    // Clock reports and moves after the boards' results (a post-mortem) change nothing.
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
    a.submit(
        WallMs::from_unix_ms(8_000),
        MonoMs::from_base_ms(40),
        Origin::Feed(BoardNo(1)),
        sample.into(),
    )
    .unwrap();
    a.submit(
        WallMs::from_unix_ms(8_100),
        MonoMs::from_base_ms(41),
        Origin::Feed(BoardNo(1)),
        MoveMade {
            board: BoardNo(1),
            ply: 1,
            uci: "e2e4".into(),
            san: "e4".into(),
            clock_ms: None,
        }
        .into(),
    )
    .unwrap();
    let (h, auth) = current(&mut a, &path);
    assert_eq!(h.versions.len(), 1, "post-game data makes no new version");
    assert_eq!(sign::status_of(h.current(), &auth), Status::Final);
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 0, "{out}");

    // A correction: a result found wrong. The signed version is superseded; its signatures
    // belong to it; the new version is a draft.
    a.submit(
        WallMs::from_unix_ms(9_000),
        MonoMs::from_base_ms(50),
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(3),
            result: GameResult::WhiteWins,
            reason: "the scoresheets say 1-0".into(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    let (h, auth) = current(&mut a, &path);
    assert_eq!(h.versions.len(), 2);
    assert_eq!(h.versions[0].status, Status::Superseded);
    assert_eq!(h.versions[0].signatures.len(), 3);
    assert!(h.current().signatures.is_empty());
    assert_eq!(sign::status_of(h.current(), &auth), Status::Draft);
    assert_eq!(h.current().supersedes[0].digest, h.versions[0].digest);
    let lines = arbiter_tui::report_view::history_lines(&h, &auth, Lang::En);
    assert!(
        lines.iter().any(|l| l.starts_with("Version 2 – draft")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("belongs to the superseded version 1")),
        "{lines:?}"
    );
    // The old report file: valid signatures, but superseded, with an unsigned tail.
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("unsigned tail: 1 record(s)"), "{out}");
    assert!(out.contains("SUPERSEDED by version 2"), "{out}");
    assert!(
        out.contains("belongs to version 1, superseded by version 2"),
        "{out}"
    );

    // Signing the new version: version 1 is kept read-only beside it, the new one is a draft
    // until all three have signed again.
    console::sign_current_report(
        &mut a,
        &path,
        Role::Arbiter,
        DEMO[0].1,
        None,
        WallMs::from_unix_ms(10_000),
        MonoMs::from_base_ms(60),
    )
    .unwrap();
    let kept = report_dir.join("report-v1.json");
    assert!(std::fs::metadata(&kept).unwrap().permissions().readonly());
    let v1: sign::SignedReport = serde_json::from_slice(&std::fs::read(&kept).unwrap()).unwrap();
    assert_eq!(v1.signatures.len(), 3);
    assert_eq!(v1.status, Status::Superseded);
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 1, "a draft is not valid: {out}");
    assert!(
        out.contains("the home captain (Friedrich Lenz): FAILED: missing")
            || out.contains("signature of the home captain (Friedrich Lenz): FAILED: missing"),
        "{out}"
    );
    for (i, (role, pass)) in DEMO[1..].iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(11_000 + i as i64),
            MonoMs::from_base_ms(61 + i as u64),
        )
        .unwrap();
    }
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("version 2"), "{out}");
    let (h, auth) = current(&mut a, &path);
    assert_eq!(sign::status_of(h.current(), &auth), Status::Final);
    assert!(
        sign::check(&h.versions[0], &auth)
            .signatures
            .iter()
            .all(|(_, _, s)| s.counts()),
        "the superseded version's signatures stay valid for it"
    );
    // A note after signing also supersedes: any change of content does.
    a.submit(
        WallMs::from_unix_ms(12_000),
        MonoMs::from_base_ms(70),
        Origin::Arbiter,
        Note {
            board: None,
            text: "Nachtrag".into(),
            witnesses: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    let (h, _) = current(&mut a, &path);
    assert_eq!(h.versions.len(), 3);
    assert!(h.versions[1].signatures.iter().all(|s| {
        matches!(
            sign::check(&h.versions[1], &auth)
                .signatures
                .iter()
                .find(|(r, _, _)| *r == s.role)
                .unwrap()
                .2,
            SigStatus::Valid { .. }
        )
    }));
}

/// A match file without the captains' keys: they enrol at the console.
fn match_without_captain_keys(dir: &Path) -> Match {
    let text = std::fs::read_to_string("config/matches/demo-bundesliga.toml").unwrap();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("home_captain =") && !l.starts_with("away_captain ="))
        .map(|l| format!("{l}\n"))
        .collect();
    let p = dir.join("match.toml");
    std::fs::write(&p, &text).unwrap();
    std::fs::copy("config/rules/bundesliga.toml", dir.join("bundesliga.toml")).unwrap();
    arbiter_io::config::load_match(&p, None).unwrap()
}

#[test]
fn captains_enrol_at_the_console_and_sign_with_the_enrolled_key() {
    let dir = tempfile::tempdir().unwrap();
    let m = match_without_captain_keys(dir.path());
    let path = dir.path().join("match.jsonl");
    let mut a = finished_match(m, &path);
    // The arbiter's key is registered, never enrolled.
    assert!(
        console::enrol_signer(
            &mut a,
            &path,
            Role::Arbiter,
            "whatever-pass",
            WallMs::from_unix_ms(3_000),
            MonoMs::from_base_ms(20)
        )
        .is_err()
    );
    console::enrol_signer(
        &mut a,
        &path,
        Role::HomeCaptain,
        "Heim-Demo-2026",
        WallMs::from_unix_ms(3_000),
        MonoMs::from_base_ms(20),
    )
    .unwrap();
    let e = console::enrol_signer(
        &mut a,
        &path,
        Role::HomeCaptain,
        "other-pass-2026",
        WallMs::from_unix_ms(3_001),
        MonoMs::from_base_ms(21),
    )
    .unwrap_err();
    assert!(e.to_string().contains("never replaced"), "{e}");
    console::sign_current_report(
        &mut a,
        &path,
        Role::Arbiter,
        DEMO[0].1,
        None,
        WallMs::from_unix_ms(4_000),
        MonoMs::from_base_ms(30),
    )
    .unwrap();
    // The enrolment changed the report before the arbiter signed: it lists the key.
    let (h, _) = current(&mut a, &path);
    assert_eq!(h.current().report.enrolled_keys.len(), 1);
    assert_eq!(h.current().report.enrolled_keys[0].role, "home_captain");
    // Another passphrase than the enrolled one is refused at entry.
    let e = console::sign_current_report(
        &mut a,
        &path,
        Role::HomeCaptain,
        "Heim-Demo-2027",
        None,
        WallMs::from_unix_ms(4_001),
        MonoMs::from_base_ms(31),
    )
    .unwrap_err();
    assert!(e.to_string().contains("registered or enrolled"), "{e}");
    console::sign_current_report(
        &mut a,
        &path,
        Role::HomeCaptain,
        DEMO[1].1,
        None,
        WallMs::from_unix_ms(4_002),
        MonoMs::from_base_ms(32),
    )
    .unwrap();
    // The away captain has neither a registered nor an enrolled key.
    let e = console::sign_current_report(
        &mut a,
        &path,
        Role::AwayCaptain,
        DEMO[2].1,
        None,
        WallMs::from_unix_ms(4_003),
        MonoMs::from_base_ms(33),
    )
    .unwrap_err();
    assert!(e.to_string().contains("none was enrolled"), "{e}");
    // Enrolled after the arbiter signed: the report changes (it lists the keys), so the
    // arbiter's signature belongs to the superseded version and everybody signs again.
    console::enrol_signer(
        &mut a,
        &path,
        Role::AwayCaptain,
        DEMO[2].1,
        WallMs::from_unix_ms(5_000),
        MonoMs::from_base_ms(40),
    )
    .unwrap();
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(6_000 + i as i64),
            MonoMs::from_base_ms(50 + i as u64),
        )
        .unwrap();
    }
    let report = dir.path().join("match-report/report.json");
    let anchor = dir.path().join("match.toml");
    // Without what the captains took home, their enrolled keys prove nothing.
    let (code, out) = verify_under(&report, &path, &anchor, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("backed by no receipt"), "{out}");
    // With the receipts printed under their signatures (and taken home).
    let md = std::fs::read_to_string(dir.path().join("match-report/report.md")).unwrap();
    let receipts = [
        format!("home={}", receipt_on_paper(&md, "Mannschaftsführer Heim")),
        format!("away={}", receipt_on_paper(&md, "Mannschaftsführer Gast")),
    ];
    let args: Vec<String> = receipts
        .iter()
        .flat_map(|r| ["--receipt".to_string(), r.clone()])
        .collect();
    let (code, out) = verify_under(&report, &path, &anchor, &args);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("key enrolled at the console (record"), "{out}");
    assert!(out.contains("tied to the captain by his receipt"), "{out}");
}

#[cfg(unix)]
/// The report screen's keys, the whole console in process (issue 27: the app core on its
/// journal, drawn on a `TestBackend`, on the test's clock; it was a pseudo-terminal test of
/// `arbiter demo`): R, S, 1 and the passphrase shown as stars, a remark, refused while the games
/// run; E 2 with a mistyped passphrase refused; nothing signed or enrolled, no passphrase in
/// the journal.
#[test]
fn signing_in_the_console_takes_four_keys_and_the_passphrase() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("demo.jsonl");
    let m = arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
        .unwrap();
    let mut p = app::AppHarness::start(
        m,
        &journal,
        app::clock_at(1_795_870_800_000),
        Vec::new(),
        Lang::En,
        120,
        36,
    );
    p.wait_for_s("Arkadij Morozov", 30);
    // R: the report screen; S: sign; 1: the arbiter; the passphrase; Enter.
    p.key("R");
    // The screen opens at once and fills when the report is built.
    let text = p.wait_for_s("S sign", 20);
    assert!(text.contains("Match report"), "{text}");
    assert!(text.contains("E enrol"), "{text}");
    assert!(text.contains("Version 1 – draft"), "{text}");
    p.key("S");
    p.key("1");
    p.text("Schiedsrichter-Demo-2026");
    let text = p.wait_for_s("************************_", 5);
    assert!(
        !text.contains("Schiedsrichter-Demo"),
        "the passphrase is never shown"
    );
    // Tab: a remark.
    p.key("\t");
    p.text("ok");
    p.wait_for_s("remark: ok_", 5);
    p.key("\r");
    // The games are running: finalising and signing are refused, naming the boards.
    let text = p.wait_for_s("have no result", 30);
    assert!(text.contains("boards 1, 2, 3, 4, 5, 6, 7, 8"), "{text}");
    // E 2: the home captain's key is registered in the demo's match file; a mistyped
    // passphrase is refused.
    p.key("E");
    p.key("2");
    p.text("Heim-Demo-2027");
    p.key("\r");
    p.wait_for_s("check the passphrase", 30);
    p.key("\u{1b}");
    p.key("Q");
    p.key("y");
    assert!(p.quit, "the console quits");
    p.close().unwrap();
    let (records, v) = journal_file::read(&journal).unwrap();
    assert!(v.is_intact());
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r.event, Event::ReportSigned(_) | Event::SignerEnrolled(_)))
            .count(),
        0,
        "nothing was signed or enrolled"
    );
    assert!(
        !std::fs::read_to_string(&journal)
            .unwrap()
            .contains("Demo-20")
    );
}

/// The countersigning at the console with a receipt for each captain: the receipt is printed
/// under the captain's signature and said when he signs; `verify --receipt` accepts the one
/// he took home and refuses a receipt of another report (an earlier version he signed) and a
/// receipt of another key.
#[test]
fn receipts_tie_the_countersignatures_to_the_captains() {
    let dir = tempfile::tempdir().unwrap();
    let m = match_without_captain_keys(dir.path());
    let path = dir.path().join("match.jsonl");
    let mut a = finished_match(m, &path);
    for (role, pass) in &DEMO[1..] {
        console::enrol_signer(
            &mut a,
            &path,
            *role,
            pass,
            WallMs::from_unix_ms(3_000),
            MonoMs::from_base_ms(20),
        )
        .unwrap();
    }
    // Version 1: signed by all three; the home captain takes his receipt home.
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(4_000 + i as i64),
            MonoMs::from_base_ms(30),
        )
        .unwrap();
    }
    let report_dir = dir.path().join("match-report");
    let md1 = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    let home_v1 = receipt_on_paper(&md1, "Mannschaftsführer Heim");
    let (h, auth) = current(&mut a, &path);
    let lines = arbiter_tui::report_view::history_lines(&h, &auth, Lang::En);
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("receipt for the captain to take home: {home_v1}"))),
        "{lines:?}"
    );
    // A note after the signatures: version 2, signed again by all three.
    a.submit(
        WallMs::from_unix_ms(9_000),
        MonoMs::from_base_ms(50),
        Origin::Arbiter,
        Note {
            board: None,
            text: "Nachtrag".into(),
            witnesses: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(10_000 + i as i64),
            MonoMs::from_base_ms(60),
        )
        .unwrap();
    }
    let md2 = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    let receipts = |home: &str| -> Vec<String> {
        vec![
            "--receipt".into(),
            format!("home={home}"),
            "--receipt".into(),
            format!("away={}", receipt_on_paper(&md2, "Mannschaftsführer Gast")),
        ]
    };
    let home_v2 = receipt_on_paper(&md2, "Mannschaftsführer Heim");
    assert_ne!(home_v1, home_v2, "another report, another receipt");
    let report = report_dir.join("report.json");
    let anchor = dir.path().join("match.toml");
    let (code, out) = verify_under(&report, &path, &anchor, &receipts(&home_v2));
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("tied to the captain by his receipt {home_v2}")),
        "{out}"
    );
    // Read aloud and typed back in lower case with spaces: the same receipt.
    let spoken = home_v2.to_lowercase().replace('-', " ");
    let (code, out) = verify_under(&report, &path, &anchor, &receipts(&spoken));
    assert_eq!(code, 0, "{out}");
    // The receipt of version 1 is not version 2's.
    let (code, out) = verify_under(&report, &path, &anchor, &receipts(&home_v1));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "the receipt the home captain took home ({home_v1}) is not this countersignature's"
        )),
        "{out}"
    );
    // The receipt another key would give on this very report is not his either.
    let env: sign::SignedReport = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    let other = sign::derive_key(Role::HomeCaptain, "Friedrich Lenz", b"Heim-Demo-2027").unwrap();
    let other_receipt = sign::receipt(&env.digest, Role::HomeCaptain, &sign::public_hex(&other));
    let (code, out) = verify_under(&report, &path, &anchor, &receipts(&other_receipt));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("made on another report or with another key"),
        "{out}"
    );
    // Not a receipt at all: said so.
    let (code, out) = verify_under(&report, &path, &anchor, &receipts("1234"));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("is not a receipt"), "{out}");
    // His passphrase proves the key as well.
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("verify")
        .arg(&report)
        .arg("--journal")
        .arg(&path)
        .arg("--match")
        .arg(&anchor)
        .args([
            "--allow-demo-keys",
            "--prove-env",
            "home=PW",
            "--prove-env",
            "away=PW2",
        ])
        .env("PW", DEMO[1].1)
        .env("PW2", DEMO[2].1)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("tied to the captain by his passphrase"),
        "{out}"
    );
}

/// After all three signatures an entry that changes the report asks first (through the
/// console's keys and screens): Esc records nothing; Enter needs a reason, then journals the
/// reopening and the entry; the report screen shows the signed version superseded, what
/// changed and who must sign again; everybody signs version 2; `verify` says version 1 is
/// valid as signed and superseded (status 3) and version 2 is VALID.
#[test]
fn an_entry_after_the_signatures_asks_first_and_supersedes_the_signed_version() {
    use arbiter_tui::keymap;
    use arbiter_tui::theme::Theme;
    use arbiter_tui::view::{self, Command as UiCommand, ViewState};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.jsonl");
    let m = arbiter_io::config::load_match(Path::new("config/matches/demo-bundesliga.toml"), None)
        .unwrap();
    let mut a = finished_match(m, &path);
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(3_000 + i as i64),
            MonoMs::from_base_ms(20),
        )
        .unwrap();
    }
    let report_dir = dir.path().join("match-report");
    let v1 = report_dir.join("report.json");
    let v1_bytes = std::fs::read(&v1).unwrap();
    let clocks = arbiter_io::feeds::ClockCommands::default();
    let mut v = ViewState::new(Lang::En, Theme::monochrome());
    let key = |c: KeyCode| KeyEvent::new(c, KeyModifiers::NONE);
    // Keys through the keymap and the view; the commands to the shell as the live loop does.
    let press = |a: &mut App, v: &mut ViewState, keys: &[KeyEvent]| {
        for k in keys {
            let action = keymap::map(v, *k);
            match view::update(
                v,
                &a.m.clone(),
                &a.state.clone(),
                action,
                MonoMs::from_base_ms(100),
            ) {
                Some(UiCommand::Submit(ev)) => arbiter_console::entry::entry(
                    a,
                    v,
                    console::Held::Events(vec![ev]),
                    WallMs::from_unix_ms(20_000),
                    MonoMs::from_base_ms(100),
                    &clocks,
                ),
                Some(UiCommand::ReopenReport { reason }) => arbiter_console::entry::confirm_reopen(
                    a,
                    v,
                    &reason,
                    WallMs::from_unix_ms(20_000),
                    MonoMs::from_base_ms(100),
                    &clocks,
                ),
                Some(UiCommand::KeepSigned) => a.held = None,
                Some(other) => panic!("{other:?}"),
                None => {}
            }
        }
    };
    let typed = |s: &str| s.chars().map(|c| key(KeyCode::Char(c))).collect::<Vec<_>>();
    let records = || journal_file::read(&path).unwrap().0.len();
    let before = records();
    // M: a remark for the report, typed and confirmed: the confirmation opens, nothing is
    // journaled.
    let mut remark = vec![key(KeyCode::Char('M'))];
    remark.extend(typed("Ankunft Brett 8 nachgetragen"));
    remark.push(key(KeyCode::Enter));
    press(&mut a, &mut v, &remark);
    assert!(v.reopen.is_some());
    assert!(a.held.is_some());
    assert_eq!(
        records(),
        before,
        "nothing journaled before the confirmation"
    );
    let screen =
        arbiter_tui::render_to_string(&a.m, &a.state, &v, MonoMs::from_base_ms(100), 120, 40);
    for said in [
        "The report is signed",
        "Version 1 of the report is signed by: arbiter Martina Keller, home captain",
        "Friedrich Lenz, away captain Karin Oberländer.",
        "This entry changes it: Bd 1: Ankunft Brett 8 nachgetragen",
        "Version 1 stays valid as signed, but is superseded: version 2 needs the",
        "signatures of the arbiter and both captains again.",
        "Reason: _",
    ] {
        assert!(screen.contains(said), "{said}: {screen}");
    }
    // Esc: nothing recorded, the signed report stays as it is.
    press(&mut a, &mut v, &[key(KeyCode::Esc)]);
    assert!(v.reopen.is_none() && a.held.is_none());
    assert_eq!(records(), before);
    assert!(
        v.status
            .as_deref()
            .unwrap_or("")
            .contains("nothing recorded")
    );
    // Again; Enter without a reason is refused; with one, both are journaled in order.
    press(&mut a, &mut v, &remark);
    press(&mut a, &mut v, &[key(KeyCode::Enter)]);
    assert!(v.reopen.is_some(), "a reason is required");
    assert_eq!(records(), before);
    let mut reason = typed("arrival of board 8 recorded late");
    reason.push(key(KeyCode::Enter));
    press(&mut a, &mut v, &reason);
    assert!(v.reopen.is_none());
    let (recs, _) = journal_file::read(&path).unwrap();
    let kinds: Vec<&str> = recs[before..].iter().map(|r| r.event.kind()).collect();
    assert_eq!(kinds, ["report_reopened", "remark"]);
    assert!(
        v.status
            .as_deref()
            .unwrap_or("")
            .contains("version 1 superseded"),
        "{:?}",
        v.status
    );
    // The report screen: version 1 superseded, why, what changed, who signs version 2.
    let (h, auth) = current(&mut a, &path);
    let lines = arbiter_tui::report_view::history_lines(&h, &auth, Lang::En);
    let all = lines.join("\n");
    for said in [
        "Version 1 was reopened at",
        "arrival of board 8 recorded late",
        "What changed since version 1: Remarks of the arbiter, Signed versions reopened",
        "To sign version 2: arbiter Martina Keller, home captain Friedrich Lenz, away captain Karin Oberländer",
        "belongs to the superseded version 1",
    ] {
        assert!(all.contains(said), "{said}: {all}");
    }
    // The signed file of version 1, untouched: valid as signed, superseded (status 3).
    assert_eq!(std::fs::read(&v1).unwrap(), v1_bytes);
    let (code, out) = verify(&v1, &path);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("VALID AS SIGNED, SUPERSEDED by version 2 (arrival of board 8 recorded late)"),
        "{out}"
    );
    // Everybody signs version 2 (no confirmation: signatures do not change the report).
    for (i, (role, pass)) in DEMO.iter().enumerate() {
        console::sign_current_report(
            &mut a,
            &path,
            *role,
            pass,
            None,
            WallMs::from_unix_ms(30_000 + i as i64),
            MonoMs::from_base_ms(200),
        )
        .unwrap();
    }
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("version 2 (signed)"), "{out}");
    let kept = report_dir.join("report-v1.json");
    let (code, out) = verify(&kept, &path);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("SUPERSEDED by version 2"), "{out}");
    // Feed data after the signed head that changes nothing in the report (a post-mortem's move,
    // a clock report) neither asks nor invalidates anything.
    a.submit(
        WallMs::from_unix_ms(40_000),
        MonoMs::from_base_ms(300),
        Origin::Feed(BoardNo(1)),
        MoveMade {
            board: BoardNo(1),
            ply: 1,
            uci: "e2e4".into(),
            san: "e4".into(),
            clock_ms: None,
        }
        .into(),
    )
    .unwrap();
    assert!(!a.needs_confirmation(&[]));
    let (code, out) = verify(&report_dir.join("report.json"), &path);
    assert_eq!(code, 0, "{out}");
}
