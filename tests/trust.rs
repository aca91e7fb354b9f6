//! A verdict you can rely on: `arbiter verify` run against the attacks and accidents of issue 12.
//! Every test runs the real binary on files made by the real commands (`script`, `report`,
//! `sign`), then changes them as an attacker or an unlucky arbiter would.
//!
//! Exit status: 0 only when everything checked holds; 1 naming each failure; 2 for bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use arbiter_core::journal::{Chain, records_from_bytes};
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Event, Origin, ResultRecorded};
use arbiter_core::signature::{MessageFormat, Role, Signature, SignedReport, message};
use ed25519_dalek::Signer as _;

const BIN: &str = env!("CARGO_BIN_EXE_arbiter");
const DEMO: [(&str, &str); 3] = [
    ("arbiter", "Schiedsrichter-Demo-2026"),
    ("home-captain", "Heim-Demo-2026"),
    ("away-captain", "Gast-Demo-2026"),
];

fn run(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

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

/// A finished match (the Trier scenario: every board has a result): its journal, and the
/// report made from it in `DIR/r/`, unsigned.
struct Match {
    dir: tempfile::TempDir,
    journal: PathBuf,
    report: PathBuf,
}

fn finished_match() -> Match {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("match.jsonl");
    let o = arbiter([
        "script".as_ref(),
        "tests/scenarios/trier-quickplay.toml".as_ref(),
        "--journal".as_ref(),
        journal.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = dir.path().join("r");
    let o = arbiter([
        "report".as_ref(),
        journal.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    Match {
        report: out.join("report.json"),
        journal,
        dir,
    }
}

/// Signs `report` with the registered demo keys, through `arbiter sign`.
fn sign_all(report: &Path, journal: &Path) {
    for (role, pw) in DEMO {
        let o = Command::new(BIN)
            .arg("sign")
            .arg(report)
            .args(["--role", role, "--passphrase-env", "PW", "--journal"])
            .arg(journal)
            .env("PW", pw)
            .output()
            .unwrap();
        assert!(o.status.success(), "{role}: {}", text(&o));
    }
}

/// `arbiter verify` of a report: with its journal, under the genuine match file as the anchor
/// (issue 26: a journal is never an anchor); the demonstration keys these matches register are
/// allowed (their refusal is tested in tests/forgery.rs).
fn verify(report: &Path, journal: Option<&Path>) -> (i32, String) {
    let mut c = Command::new(BIN);
    c.arg("verify").arg(report).arg("--allow-demo-keys");
    if let Some(j) = journal {
        c.arg("--journal")
            .arg(j)
            .args(["--match", "config/matches/demo-bundesliga.toml"]);
    }
    let o = c.output().unwrap();
    (o.status.code().unwrap_or(-1), text(&o))
}

fn read_report(p: &Path) -> SignedReport {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

fn write_report(p: &Path, env: &SignedReport) {
    std::fs::write(p, serde_json::to_vec_pretty(env).unwrap()).unwrap();
}

/// What an attacker does with keys of his own: a correct Ed25519 signature over the report
/// (and, for a captain, over the arbiter's signature in it).
fn forge(env: &mut SignedReport, role: Role, key: &ed25519_dalek::SigningKey) {
    env.signatures.retain(|s| s.role != role);
    let arbiter_sig = env.signature(Role::Arbiter).map(|s| s.signature.clone());
    let version = env.version;
    let mut s = Signature {
        role,
        name: role.person(&env.report).to_string(),
        time: Some("2026-11-28T18:00:00+01:00".into()),
        remark: None,
        public_key: hex::encode(key.verifying_key().as_bytes()),
        digest: env.digest.clone(),
        signature: String::new(),
        before_arbiter: false,
    };
    s.signature = hex::encode(
        key.sign(&message(
            &s,
            MessageFormat::V3,
            version,
            arbiter_sig.as_deref(),
        ))
        .to_bytes(),
    );
    env.signatures.push(s);
}

fn fresh_key(seed: u8) -> ed25519_dalek::SigningKey {
    ed25519_dalek::SigningKey::from_bytes(&[seed; 32])
}

#[test]
fn the_registered_keys_give_a_valid_report_and_nothing_else_does() {
    let m = finished_match();
    sign_all(&m.report, &m.journal);
    let (code, out) = verify(&m.report, Some(&m.journal));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(": VALID"), "{out}");
    // Without the journal or a match file, nothing says whose keys these are: not VALID.
    let (code, out) = verify(&m.report, None);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains(": VALID"), "{out}");
    assert!(out.contains("not checked: whose keys signed"), "{out}");
    // With the match file alone, the keys are checked; what the journal yields is not.
    let o = arbiter([
        "verify".as_ref(),
        m.report.as_os_str(),
        "--match".as_ref(),
        "config/matches/demo-bundesliga.toml".as_ref(),
        "--allow-demo-keys".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("not checked: that the report is exactly what its journal yields"));
    // The verdict names its anchor, and says the keys are demonstration keys.
    assert!(
        text(&o).contains(": VALID")
            && text(&o).contains("anchor: the match file config/matches/demo-bundesliga.toml"),
        "{}",
        text(&o)
    );
    assert!(text(&o).contains("DEMONSTRATION KEYS"), "{}", text(&o));
    // The journal alone is no anchor: consistent, but NOT ANCHORED, and the status is not 0.
    let o = arbiter([
        "verify".as_ref(),
        m.report.as_os_str(),
        "--journal".as_ref(),
        m.journal.as_os_str(),
        "--allow-demo-keys".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("NOT ANCHORED"), "{}", text(&o));
    assert!(text(&o).contains("not anchored"), "{}", text(&o));
    assert!(!text(&o).contains(": VALID"), "{}", text(&o));
}

#[test]
fn fresh_keys_for_every_role_are_not_valid() {
    let m = finished_match();
    let mut env = read_report(&m.report);
    for (i, role) in Role::ALL.into_iter().enumerate() {
        forge(&mut env, role, &fresh_key(7 + i as u8));
    }
    write_report(&m.report, &env);
    for journal in [Some(m.journal.as_path()), None] {
        let (code, out) = verify(&m.report, journal);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains("INVALID"), "{out}");
        for role in ["arbiter", "home captain", "away captain"] {
            assert!(
                out.contains(&format!("signature of the {role} (")),
                "{role}: {out}"
            );
        }
    }
    let (_, out) = verify(&m.report, Some(&m.journal));
    for role in ["arbiter", "home captain", "away captain"] {
        assert!(
            out.contains(": FAILED: the key ") && out.contains(&format!("for the {role} (")),
            "{role}: {out}"
        );
        assert!(
            out.contains(&format!("FAILED: the {role} ("))
                || out.contains(&format!("; the {role} (")),
            "{role}: {out}"
        );
    }
}

#[test]
fn a_report_without_signatures_is_not_valid() {
    let m = finished_match();
    let (code, out) = verify(&m.report, Some(&m.journal));
    assert_eq!(code, 1, "{out}");
    for role in ["arbiter", "home captain", "away captain"] {
        assert!(out.contains(&format!("the {role}: no signature")), "{out}");
    }
}

#[test]
fn an_edited_key_list_in_the_report_is_not_an_authority() {
    let m = finished_match();
    sign_all(&m.report, &m.journal);
    let mut env = read_report(&m.report);
    // The attacker lists his own keys as "enrolled at the console", recomputes the digest and
    // signs everything again with his keys.
    let (a, h, w) = (fresh_key(1), fresh_key(2), fresh_key(3));
    for (role, name, key) in [
        ("home_captain", "Friedrich Lenz", &h),
        ("away_captain", "Karin Oberländer", &w),
    ] {
        env.report
            .enrolled_keys
            .push(arbiter_core::report::EnrolledKey {
                role: role.into(),
                name: name.into(),
                public_key: hex::encode(key.verifying_key().as_bytes()),
                time: "18:00:00".into(),
                seq: 1,
            });
    }
    env.digest = env.report.digest();
    env.signatures.clear();
    forge(&mut env, Role::Arbiter, &a);
    forge(&mut env, Role::HomeCaptain, &h);
    forge(&mut env, Role::AwayCaptain, &w);
    write_report(&m.report, &env);
    let (code, out) = verify(&m.report, Some(&m.journal));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the report does not match the journal: enrolled_keys"),
        "{out}"
    );
    assert!(
        out.contains("is not the key registered for the arbiter"),
        "{out}"
    );
    // With the match file only: the arbiter's key is not the registered one, so the keys the
    // report lists count for nothing.
    let o = arbiter([
        "verify".as_ref(),
        m.report.as_os_str(),
        "--match".as_ref(),
        "config/matches/demo-bundesliga.toml".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("is not the key registered or enrolled for the home captain"),
        "{}",
        text(&o)
    );
}

#[test]
fn a_captain_key_neither_registered_nor_enrolled_is_not_valid() {
    let m = finished_match();
    sign_all(&m.report, &m.journal);
    let mut env = read_report(&m.report);
    // The home captain's signature replaced by one of a key nobody registered or enrolled.
    forge(&mut env, Role::HomeCaptain, &fresh_key(42));
    write_report(&m.report, &env);
    let (code, out) = verify(&m.report, Some(&m.journal));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "signature of the home captain (Friedrich Lenz, 2026-11-28T18:00:00+01:00): FAILED"
        ),
        "{out}"
    );
    assert!(
        out.contains("FAILED: the home captain (Friedrich Lenz)"),
        "{out}"
    );
    assert!(!out.contains("FAILED: the away captain"), "{out}");
}

/// The journal with one result changed and every later record hashed again: a chain that
/// verifies.
fn forge_journal(journal: &Path, board: u16, to: GameResult) -> Vec<u8> {
    let bytes = std::fs::read(journal).unwrap();
    let (records, _) = records_from_bytes(&bytes).unwrap();
    let mut chain = Chain::default();
    let mut out = Vec::new();
    let mut changed = false;
    for r in records {
        let event = match r.event {
            Event::ResultRecorded(mut e) if e.board == BoardNo(board) && !changed => {
                changed = true;
                e.result = to;
                Event::ResultRecorded(e)
            }
            other => other,
        };
        chain.append(r.wall_ms, r.mono_ms, r.origin, event, &mut out);
    }
    assert!(changed, "the journal has a result for board {board}");
    out
}

#[test]
fn a_forged_journal_with_a_report_signed_by_other_keys_is_not_valid() {
    let m = finished_match();
    let (records, _) = records_from_bytes(&std::fs::read(&m.journal).unwrap()).unwrap();
    let board = records
        .iter()
        .find_map(|r| match &r.event {
            Event::ResultRecorded(e) if e.result != GameResult::WhiteWins => Some(e.board.0),
            _ => None,
        })
        .expect("a result to change");
    let forged = m.dir.path().join("forged.jsonl");
    std::fs::write(
        &forged,
        forge_journal(&m.journal, board, GameResult::WhiteWins),
    )
    .unwrap();
    // The chain alone cannot tell: intact, and not anchored (exit 1) without the match file;
    // under the genuine match file intact, and no more (the signed report says who wrote it).
    let o = arbiter(["verify".as_ref(), forged.as_os_str()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("chain intact") && text(&o).contains("NOT ANCHORED"),
        "{}",
        text(&o)
    );
    let o = arbiter([
        "verify".as_ref(),
        forged.as_os_str(),
        "--match".as_ref(),
        "config/matches/demo-bundesliga.toml".as_ref(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("INTACT:"), "{}", text(&o));
    // The forger makes the report from his journal and signs it with keys of his own.
    let out = m.dir.path().join("forged-report");
    let o = arbiter([
        "report".as_ref(),
        forged.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let rep = out.join("report.json");
    let mut env = read_report(&rep);
    for (i, role) in Role::ALL.into_iter().enumerate() {
        forge(&mut env, role, &fresh_key(90 + i as u8));
    }
    write_report(&rep, &env);
    let (code, text) = verify(&rep, Some(&forged));
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("the report is exactly what the journal yields"),
        "{text}"
    );
    for role in ["arbiter", "home captain", "away captain"] {
        assert!(
            text.contains("FAILED: the key ") && text.contains(&format!("for the {role} (")),
            "{text}"
        );
    }
    // And our signed report does not fit the forged journal.
    sign_all(&m.report, &m.journal);
    let (code, text) = verify(&m.report, Some(&forged));
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("the report does not match the journal"),
        "{text}"
    );
}

#[test]
fn records_after_the_signed_head_are_an_unsigned_tail() {
    let m = finished_match();
    sign_all(&m.report, &m.journal);
    assert_eq!(verify(&m.report, Some(&m.journal)).0, 0);
    // A result that flips board 1, appended after the signatures.
    let opened = arbiter_io::journal_file::open(&m.journal).unwrap();
    let mut w = opened.writer;
    let last = opened.records.last().unwrap();
    let rec = w
        .append(
            last.wall_ms + 1000,
            last.mono_ms + 1000,
            Origin::Arbiter,
            ResultRecorded {
                board: BoardNo(1),
                result: GameResult::BlackWins,
                reason: "flipped".into(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        )
        .unwrap();
    drop(w);
    let (code, out) = verify(&m.report, Some(&m.journal));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("unsigned tail: 1 record(s) after the signed head"),
        "{out}"
    );
    assert!(out.contains("(1 result)"), "{out}");
    assert!(
        out.contains("this report is version 1: SUPERSEDED by version 2"),
        "{out}"
    );
    assert!(
        out.contains(&format!("the first is record {} (result,", rec.seq)),
        "{out}"
    );
    assert!(out.contains("INVALID"), "{out}");
}

#[test]
fn bad_input_exits_2_at_once() {
    let m = finished_match();
    let d = m.dir.path();
    let empty = d.join("empty.json");
    std::fs::write(&empty, b"").unwrap();
    let null = d.join("null.json");
    std::fs::write(&null, b"null").unwrap();
    let truncated = d.join("truncated.json");
    let full = std::fs::read(&m.report).unwrap();
    std::fs::write(&truncated, &full[..full.len() / 2]).unwrap();
    let cases: Vec<(PathBuf, &str)> = vec![
        (empty, "empty"),
        (null, "null"),
        (truncated, "cut off or damaged"),
        (d.to_path_buf(), "a directory"),
        (PathBuf::from("/dev/null"), "a device"),
    ];
    for (p, why) in &cases {
        let o = run(&["verify".as_ref(), p.as_os_str()]);
        assert_eq!(o.status.code(), Some(2), "{}: {}", p.display(), text(&o));
        assert!(text(&o).contains(why), "{why}: {}", text(&o));
    }
    // A FIFO (with no writer) is refused at once: the command does not wait for it.
    #[cfg(unix)]
    {
        let fifo = d.join("fifo");
        let st = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(st.success());
        for args in [
            vec!["verify".as_ref(), fifo.as_os_str()],
            vec![
                "verify".as_ref(),
                m.report.as_os_str(),
                "--journal".as_ref(),
                fifo.as_os_str(),
            ],
            vec!["report".as_ref(), fifo.as_os_str()],
            vec!["replay".as_ref(), fifo.as_os_str(), "--incidents".as_ref()],
            vec!["check".as_ref(), fifo.as_os_str()],
        ] {
            let mut child = Command::new(BIN)
                .args(&args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let start = std::time::Instant::now();
            let status = loop {
                if let Some(s) = child.try_wait().unwrap() {
                    break Some(s);
                }
                if start.elapsed() > std::time::Duration::from_secs(20) {
                    let _ = child.kill();
                    break None;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            };
            let o = child.wait_with_output().unwrap();
            let status = status.unwrap_or_else(|| panic!("{args:?} hangs on a FIFO"));
            assert_eq!(status.code(), Some(2), "{args:?}: {}", text(&o));
            assert!(text(&o).contains("FIFO"), "{args:?}: {}", text(&o));
        }
    }
}

/// Runs the binary with stdout a pipe whose reading end is closed before it writes: the
/// program must end quietly (status 0, or killed by SIGPIPE as `head` expects), never panic.
#[cfg(unix)]
fn closed_stdout(args: &[&std::ffi::OsStr]) {
    use std::os::unix::process::ExitStatusExt as _;
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(
        o.status.code() == Some(0) || o.status.code() == Some(141) || o.status.signal() == Some(13),
        "{args:?}: {:?} {stderr}",
        o.status
    );
}

#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_quietly() {
    let m = finished_match();
    sign_all(&m.report, &m.journal);
    closed_stdout(&[
        "check".as_ref(),
        "config/matches/demo-bundesliga.toml".as_ref(),
    ]);
    closed_stdout(&[
        "replay".as_ref(),
        m.journal.as_os_str(),
        "--at".as_ref(),
        "+0:30:00".as_ref(),
        "--json".as_ref(),
    ]);
    closed_stdout(&["verify".as_ref(), m.report.as_os_str()]);
    closed_stdout(&[
        "verify".as_ref(),
        m.report.as_os_str(),
        "--journal".as_ref(),
        m.journal.as_os_str(),
    ]);
    // As the issue has it: `| head -1` in a shell; the status of `arbiter` itself.
    for cmd in [
        format!("{BIN} check config/matches/demo-bundesliga.toml | head -1"),
        format!(
            "{BIN} replay {} --at +0:30:00 --json | head -1",
            m.journal.display()
        ),
        format!(
            "{BIN} verify {} --journal {} --match config/matches/demo-bundesliga.toml --allow-demo-keys | head -1",
            m.report.display(),
            m.journal.display()
        ),
    ] {
        let o = Command::new("bash")
            .arg("-c")
            .arg(format!("{cmd}; echo \"status ${{PIPESTATUS[0]}}\""))
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{cmd}: {err}");
        assert!(
            out.contains("status 0") || out.contains("status 141"),
            "{cmd}: {out} {err}"
        );
        assert_eq!(
            out.lines().count(),
            2,
            "{cmd}: one line through head: {out}"
        );
    }
}
