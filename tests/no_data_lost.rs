//! No command destroys data: for every command that writes a file, an existing file is not
//! destroyed (refused, or a new version written beside it, and said which); `sign` writes the
//! file it is given, under a lock, so that signers at once lose no signature.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Origin, ResultRecorded};
use arbiter_core::signature::{SignedReport, Status};

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");

fn arbiter<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(BIN).args(args).output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn sign(report: &Path, journal: &Path, role: &str, pw: &str) -> Output {
    Command::new(BIN)
        .arg("sign")
        .arg(report)
        .args(["--role", role, "--passphrase-env", "PW", "--journal"])
        .arg(journal)
        .env("PW", pw)
        .output()
        .unwrap()
}

const DEMO: [(&str, &str); 3] = [
    ("arbiter", "Schiedsrichter-Demo-2026"),
    ("home-captain", "Heim-Demo-2026"),
    ("away-captain", "Gast-Demo-2026"),
];

/// A finished match's journal (every board has a result) in a fresh directory.
fn journal() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("match.jsonl");
    let o = arbiter([
        "script".as_ref(),
        "tests/scenarios/trier-quickplay.toml".as_ref(),
        "--journal".as_ref(),
        j.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    (dir, j)
}

fn read_report(p: &Path) -> SignedReport {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

#[test]
fn script_never_overwrites_a_journal() {
    let (_dir, j) = journal();
    let before = std::fs::read(&j).unwrap();
    let o = arbiter([
        "script".as_ref(),
        "tests/scenarios/nrw-default-time.toml".as_ref(),
        "--journal".as_ref(),
        j.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is not overwritten"), "{}", text(&o));
    assert_eq!(std::fs::read(&j).unwrap(), before);
}

#[test]
fn report_over_a_signed_report_keeps_it_and_writes_the_new_version_beside_it() {
    let (dir, j) = journal();
    let out = dir.path().join("r");
    let report = |extra: &[&str]| {
        let mut c = Command::new(BIN);
        c.arg("report").arg(&j).arg("-o").arg(&out).args(extra);
        c.output().unwrap()
    };
    assert!(report(&[]).status.success());
    let rep = out.join("report.json");
    for (role, pw) in DEMO {
        let o = sign(&rep, &j, role, pw);
        assert!(o.status.success(), "{}", text(&o));
    }
    let signed = std::fs::read(&rep).unwrap();
    // The same journal again: the same version, its three signatures kept.
    let o = report(&[]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("its 3 signature(s) are kept"),
        "{}",
        text(&o)
    );
    let again = read_report(&rep);
    assert_eq!(again.signatures.len(), 3);
    assert_eq!(again.status, Status::Final);
    // A correction in the journal: the signed version is kept, read-only, beside the new one.
    let opened = arbiter_io::journal_file::open(&j).unwrap();
    let last = opened.records.last().unwrap().clone();
    let mut w = opened.writer;
    w.append(
        last.wall_ms + 60_000,
        last.mono_ms + 60_000,
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(2),
            result: GameResult::Draw,
            reason: "corrected from the scoresheets".into(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    drop(w);
    let o = report(&[]);
    assert!(o.status.success(), "{}", text(&o));
    let said = text(&o);
    assert!(said.contains("kept version 1 (superseded"), "{said}");
    assert!(said.contains("version 2 is a new draft"), "{said}");
    let kept = out.join("report-v1.json");
    let v1 = read_report(&kept);
    assert_eq!(v1.signatures.len(), 3, "no signature lost");
    assert_eq!(v1.status, Status::Superseded);
    assert_eq!(
        serde_json::from_slice::<SignedReport>(&signed)
            .unwrap()
            .digest,
        v1.digest
    );
    assert!(std::fs::metadata(&kept).unwrap().permissions().readonly());
    assert!(out.join("report-v1.pdf").is_file() && out.join("report-v1.md").is_file());
    let v2 = read_report(&rep);
    assert_eq!(v2.version, 2);
    assert_eq!(v2.status, Status::Draft);
    assert!(v2.signatures.is_empty());
    assert_eq!(v2.supersedes[0].digest, v1.digest);
    // The kept version cannot be signed over.
    let o = sign(&kept, &j, "arbiter", DEMO[0].1);
    assert!(!o.status.success());
    assert!(text(&o).contains("read-only"), "{}", text(&o));
    // A file in the way that is not a report is not overwritten.
    let other = dir.path().join("o");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("report.json"), b"my notes").unwrap();
    let o = arbiter([
        "report".as_ref(),
        j.as_os_str(),
        "-o".as_ref(),
        other.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(
        std::fs::read(other.join("report.json")).unwrap(),
        b"my notes"
    );
}

#[test]
fn sign_writes_the_file_it_was_given() {
    let (dir, j) = journal();
    let out = dir.path().join("r");
    assert!(
        arbiter([
            "report".as_ref(),
            j.as_os_str(),
            "-o".as_ref(),
            out.as_os_str()
        ])
        .status
        .success()
    );
    let other = out.join("for-the-league.json");
    std::fs::copy(out.join("report.json"), &other).unwrap();
    let original = std::fs::read(out.join("report.json")).unwrap();
    let o = sign(&other, &j, "arbiter", DEMO[0].1);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(read_report(&other).signatures.len(), 1);
    assert!(out.join("for-the-league.md").is_file());
    assert!(out.join("for-the-league.pdf").is_file());
    assert_eq!(
        std::fs::read(out.join("report.json")).unwrap(),
        original,
        "report.json untouched"
    );
}

#[test]
fn two_signers_at_once_lose_no_signature() {
    let (dir, j) = journal();
    let out = dir.path().join("r");
    assert!(
        arbiter([
            "report".as_ref(),
            j.as_os_str(),
            "-o".as_ref(),
            out.as_os_str()
        ])
        .status
        .success()
    );
    let rep = out.join("report.json");
    assert!(sign(&rep, &j, "arbiter", DEMO[0].1).status.success());
    // Both captains at the same moment, in two processes.
    let spawn = |role: &str, pw: &str| {
        Command::new(BIN)
            .arg("sign")
            .arg(&rep)
            .args(["--role", role, "--passphrase-env", "PW", "--journal"])
            .arg(&j)
            .env("PW", pw)
            .spawn()
            .unwrap()
    };
    let mut a = spawn("home-captain", DEMO[1].1);
    let mut b = spawn("away-captain", DEMO[2].1);
    assert!(a.wait().unwrap().success());
    assert!(b.wait().unwrap().success());
    let env = read_report(&rep);
    assert_eq!(env.signatures.len(), 3, "{:?}", env.signatures);
    let o = arbiter([
        "verify".as_ref(),
        rep.as_os_str(),
        "--journal".as_ref(),
        j.as_os_str(),
        "--match".as_ref(),
        "config/matches/demo-bundesliga.toml".as_ref(),
        "--allow-demo-keys".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn keygen_never_overwrites_a_key_file() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("arbiter.key");
    std::fs::write(&k, b"an old key\n").unwrap();
    let o = arbiter(["keygen".as_ref(), "-o".as_ref(), k.as_os_str()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(std::fs::read(&k).unwrap(), b"an old key\n");
}

#[test]
fn a_bundle_is_never_overwritten() {
    let (dir, j) = journal();
    let b = dir.path().join("appeal.bundle");
    std::fs::write(&b, b"an earlier bundle").unwrap();
    let o = arbiter([
        "replay".as_ref(),
        j.as_os_str(),
        "--extract".as_ref(),
        "--from".as_ref(),
        "+0:00:00".as_ref(),
        "--to".as_ref(),
        "+1:00:00".as_ref(),
        "-o".as_ref(),
        b.as_os_str(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not overwritten"), "{}", text(&o));
    assert_eq!(std::fs::read(&b).unwrap(), b"an earlier bundle");
}

#[test]
fn record_never_overwrites_a_journal() {
    let (dir, _) = journal();
    let j = dir.path().join("existing.jsonl");
    std::fs::write(&j, b"not mine to destroy\n").unwrap();
    let o = arbiter([
        "record".as_ref(),
        "recordings/oberliga-rheinufer-huegelland/plan.toml".as_ref(),
        "-o".as_ref(),
        j.as_os_str(),
    ]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("already exists"), "{}", text(&o));
    assert_eq!(std::fs::read(&j).unwrap(), b"not mine to destroy\n");
}

#[test]
fn run_never_writes_into_the_journal_of_another_match() {
    let (_dir, j) = journal();
    let before = std::fs::read(&j).unwrap();
    // The journal is of the demo match (under the Trier profile); the Oberliga match is
    // another: refused before the console opens.
    let o = arbiter([
        "run".as_ref(),
        "config/matches/oberliga-example.toml".as_ref(),
        "--journal".as_ref(),
        j.as_os_str(),
    ]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("it is not continued"), "{}", text(&o));
    assert_eq!(std::fs::read(&j).unwrap(), before);
}
