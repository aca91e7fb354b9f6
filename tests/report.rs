//! The match report: canonical form, signatures, verification against the journal, PDF, PGN.

use arbiter_core::time::MonoMs;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::Command;

use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::report::{self, Report};
use arbiter_core::state::MatchState;
use arbiter_io::config::run_scenario_file as run_file;
use arbiter_report::sign::{self, Authority, KeySource, KeyStatus, Role, SigStatus, SignedReport};

use crate::pgn_check;

fn scenario(name: &str, profile: &str) -> (Match, Vec<Record>, Vec<u8>) {
    let o = run_file(Path::new(&format!("tests/scenarios/{name}.toml"))).unwrap();
    let m = arbiter_io::config::load_match(
        Path::new("config/matches/demo-bundesliga.toml"),
        Some(profile),
    )
    .unwrap();
    (m, o.records, o.journal)
}

/// The signers' keys registered in the demo match file (derived from the demo passphrases in
/// recordings/README.md).
fn keys() -> [(Role, ed25519_dalek::SigningKey); 3] {
    [
        (
            Role::Arbiter,
            sign::derive_key(Role::Arbiter, "Martina Keller", b"Schiedsrichter-Demo-2026").unwrap(),
        ),
        (
            Role::HomeCaptain,
            sign::derive_key(Role::HomeCaptain, "Friedrich Lenz", b"Heim-Demo-2026").unwrap(),
        ),
        (
            Role::AwayCaptain,
            sign::derive_key(Role::AwayCaptain, "Karin Oberländer", b"Gast-Demo-2026").unwrap(),
        ),
    ]
}

const T: &str = "2026-11-28T18:00:00+01:00";

fn signed() -> (SignedReport, Match, Vec<Record>, Authority) {
    let (m, records, _) = scenario("trier-quickplay", "trier");
    let authority = Authority::from_match(&m);
    let mut env = SignedReport::new(report::build(&m, &records));
    for (role, key) in &keys() {
        sign::sign(&mut env, *role, key, T, None, &authority).unwrap();
    }
    (env, m, records, authority)
}

fn statuses(env: &SignedReport, a: &Authority) -> Vec<SigStatus> {
    sign::check(env, a)
        .signatures
        .into_iter()
        .map(|(_, _, s)| s)
        .collect()
}

#[test]
fn sign_and_verify_round_trip_with_registered_keys() {
    let (env, _, _, a) = signed();
    let v = sign::check(&env, &a);
    assert!(v.is_valid(), "{v:?}");
    assert_eq!(
        statuses(&env, &a),
        vec![
            SigStatus::Valid {
                key: KeyStatus::Authorised {
                    source: KeySource::MatchFile
                },
                // What `sign` makes: the version signed too.
                format: arbiter_core::signature::MessageFormat::V3,
            };
            3
        ]
    );
    // Through JSON and back: the canonical bytes, and so the digest, are stable.
    let json = serde_json::to_vec_pretty(&env).unwrap();
    let back: SignedReport = serde_json::from_slice(&json).unwrap();
    assert_eq!(back.report.canonical_bytes(), env.report.canonical_bytes());
    assert!(sign::check(&back, &a).is_valid());
    // Without a match file nobody's key counts: sound signatures, but not valid.
    let v = sign::check(&env, &Authority::default());
    assert!(!v.is_valid());
    assert!(
        v.failures().iter().any(|f| f.contains("no match file")),
        "{:?}",
        v.failures()
    );
}

#[test]
fn key_derivation_is_deterministic_and_bound_to_the_person() {
    let a = sign::derive_key(Role::HomeCaptain, "Friedrich Lenz", b"Musterstadt 1921!").unwrap();
    let b = sign::derive_key(Role::HomeCaptain, "Friedrich Lenz", b"Musterstadt 1921!").unwrap();
    assert_eq!(sign::public_hex(&a), sign::public_hex(&b));
    let other_name =
        sign::derive_key(Role::HomeCaptain, "Friedrich Lenk", b"Musterstadt 1921!").unwrap();
    let other_role =
        sign::derive_key(Role::AwayCaptain, "Friedrich Lenz", b"Musterstadt 1921!").unwrap();
    assert_ne!(sign::public_hex(&a), sign::public_hex(&other_name));
    assert_ne!(sign::public_hex(&a), sign::public_hex(&other_role));
    assert!(sign::derive_key(Role::Arbiter, "x", b"short").is_err());
}

#[test]
fn a_mistyped_passphrase_is_refused_at_entry_and_a_signature_is_never_replaced() {
    let (m, records, _) = scenario("trier-quickplay", "trier");
    let a = Authority::from_match(&m);
    let mut env = SignedReport::new(report::build(&m, &records));
    let k = keys();
    sign::sign(&mut env, Role::Arbiter, &k[0].1, T, None, &a).unwrap();
    let wrong = sign::derive_key(Role::HomeCaptain, "Friedrich Lenz", b"Heim-Demo-2027").unwrap();
    let e = sign::sign(&mut env, Role::HomeCaptain, &wrong, T, None, &a).unwrap_err();
    assert!(
        matches!(
            e,
            sign::SignError::WrongKey {
                role: Role::HomeCaptain,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("check the passphrase"), "{e}");
    assert_eq!(env.signatures.len(), 1, "nothing was signed");
    // The right one signs, with a remark; signing again is refused, whatever the key.
    sign::sign(
        &mut env,
        Role::HomeCaptain,
        &k[1].1,
        T,
        Some("under protest (FIDE 11.10)"),
        &a,
    )
    .unwrap();
    let before = env.clone();
    for key in [&k[1].1, &wrong] {
        let e = sign::sign(&mut env, Role::HomeCaptain, key, T, None, &a).unwrap_err();
        assert!(matches!(e, sign::SignError::AlreadySigned { .. }), "{e}");
    }
    assert_eq!(env, before);
    // The remark is signed: changing it voids the signature.
    assert!(
        sign::check(&env, &a)
            .signatures
            .iter()
            .all(|(_, _, s)| s.counts())
    );
    let mut e2 = env.clone();
    e2.signatures[1].remark = None;
    let v = sign::check(&e2, &a);
    assert!(matches!(v.signatures[1].2, SigStatus::Void { .. }), "{v:?}");
    // No key registered for a role: refused, and said so.
    let mut m2 = m.clone();
    m2.file.signers.away_captain = None;
    let e = sign::sign(
        &mut env,
        Role::AwayCaptain,
        &k[2].1,
        T,
        None,
        &Authority::from_match(&m2),
    )
    .unwrap_err();
    assert!(matches!(e, sign::SignError::NoKey { .. }), "{e}");
}

type Mutation = Box<dyn Fn(&mut SignedReport)>;

#[test]
fn any_change_voids_the_signatures_and_is_named() {
    let (env, _, _, a) = signed();
    let void = |e: &SignedReport| -> Vec<String> {
        sign::check(e, &a)
            .signatures
            .into_iter()
            .filter_map(|(r, _, s)| match s {
                SigStatus::Void { why } => {
                    Some(format!("{r}: {}", arbiter_core::i18n::english(&why)))
                }
                SigStatus::Valid { .. } => None,
            })
            .collect()
    };
    let mutations: Vec<(&str, Mutation)> = vec![
        (
            "a result",
            Box::new(|e| e.report.boards[6].result = Some("1-0".into())),
        ),
        (
            "a penalty",
            Box::new(|e| e.report.interventions[1].decided = "warning".into()),
        ),
        (
            "a name",
            Box::new(|e| {
                e.report.home.lineup[0].player.as_mut().unwrap().name = "Jonas Brenner-Fake".into()
            }),
        ),
        (
            "the score",
            Box::new(|e| e.report.score.match_points = Some([1, 1])),
        ),
        (
            "the final clocks",
            Box::new(|e| {
                e.report.boards[0].final_clocks = Some(["0:00:01".into(), "0:00:02".into()])
            }),
        ),
    ];
    for (what, mutate) in &mutations {
        let mut e = env.clone();
        mutate(&mut e);
        let v = sign::check(&e, &a);
        assert!(!v.digest_ok, "{what}: digest must fail");
        assert_eq!(void(&e).len(), 3, "{what}: every signature void");
        // Re-digesting the changed report does not help: the signatures cover the old one.
        e.digest = e.report.digest();
        let v = sign::check(&e, &a);
        assert!(v.digest_ok && !v.is_valid(), "{what}");
        assert!(
            void(&e)[0].contains("changed after this signature"),
            "{what}: {:?}",
            void(&e)
        );
    }
    // The digest itself.
    let mut e = env.clone();
    e.digest = "0".repeat(64);
    assert!(!sign::check(&e, &a).digest_ok);
    // A signature byte.
    let mut e = env.clone();
    let s = &mut e.signatures[1].signature;
    let flipped = if s.starts_with('0') { "1" } else { "0" };
    s.replace_range(0..1, flipped);
    let v = void(&e);
    assert_eq!(v.len(), 1);
    assert!(
        v[0].starts_with("home captain: the signature does not match"),
        "{v:?}"
    );
    // The signature's time.
    let mut e = env.clone();
    e.signatures[0].time = Some("2026-11-29T09:00:00+01:00".into());
    assert!(!void(&e).is_empty(), "a changed time voids the signature");
    // The signer's name in the signature.
    let mut e = env.clone();
    e.signatures[2].name = "Somebody Else".into();
    assert!(void(&e)[0].contains("the report names"), "{:?}", void(&e));
}

#[test]
fn the_arbiter_signs_first_and_no_board_may_be_open() {
    // The order is the profile's (`[signing]`): under the Bundesliga profile the arbiter signs
    // first (the captains countersign his signature).
    let (m, records, _) = scenario("trier-quickplay", "bundesliga");
    let a = Authority::from_match(&m);
    let mut env = SignedReport::new(report::build(&m, &records));
    let k = keys();
    assert!(matches!(
        sign::sign(&mut env, Role::HomeCaptain, &k[1].1, T, None, &a),
        Err(sign::SignError::ArbiterFirst)
    ));
    let mut stale = env.clone();
    stale.report.round += 1;
    assert!(matches!(
        sign::sign(&mut stale, Role::Arbiter, &k[0].1, T, None, &a),
        Err(sign::SignError::StaleDigest)
    ));
    // Finalising (signing) with open boards is refused, naming them.
    let (m, records, _) = scenario("pgn-clocks", "bundesliga");
    let mut env = SignedReport::new(report::build(&m, &records));
    let e = sign::sign(
        &mut env,
        Role::Arbiter,
        &k[0].1,
        T,
        None,
        &Authority::from_match(&m),
    )
    .unwrap_err();
    assert!(
        matches!(e, sign::SignError::OpenBoards(ref b) if b == &[1, 2, 3, 4, 5, 6, 7, 8]),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("boards 1, 2, 3, 4, 5, 6, 7, 8 have no result"),
        "{e}"
    );
    assert!(env.signatures.is_empty());
}

#[test]
fn a_report_that_does_not_match_its_journal_is_rejected() {
    let (env, m, records, _) = signed();
    report::compare_with_journal(&env.report, &m, &records).unwrap();
    // A forged report, digested and signed afresh with the registered keys, still differs from
    // the journal.
    let mut forged = env.report.clone();
    forged.boards[7].result = Some("1-0".into());
    forged.score.match_points = Some([1, 1]);
    let mut fenv = SignedReport::new(forged);
    for (role, key) in keys() {
        sign::sign(&mut fenv, role, &key, T, None, &Authority::from_match(&m)).unwrap();
    }
    let err = report::compare_with_journal(&fenv.report, &m, &records).unwrap_err();
    assert!(err.contains("boards") && err.contains("score"), "{err}");
    // A report made from a longer journal than there is.
    let err = report::compare_with_journal(&env.report, &m, &records[..5]).unwrap_err();
    assert!(err.contains("only 5 records"), "{err}");
}

#[test]
fn verify_command_end_to_end() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("match.jsonl");
    let (_, _, journal) = scenario("trier-quickplay", "trier");
    std::fs::write(&j, journal).unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // From another directory: the journal carries the match file and the profile.
    let out = Command::new(bin)
        .arg("report")
        .arg(&j)
        .arg("-o")
        .arg(dir.path().join("r"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rep = dir.path().join("r/report.json");
    let key = dir.path().join("arbiter.key");
    assert!(
        Command::new(bin)
            .args(["keygen", "-o"])
            .arg(&key)
            .status()
            .unwrap()
            .success()
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        assert_eq!(
            std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
    let sign = |args: &[&str], env: Option<(&str, &str)>| {
        let mut c = Command::new(bin);
        c.arg("sign").arg(&rep).args(args).arg("--journal").arg(&j);
        if let Some((k, v)) = env {
            c.env(k, v);
        }
        c.output().unwrap()
    };
    let o = sign(
        &["--role", "home-captain", "--passphrase-env", "PW"],
        Some(("PW", "Heim-Demo-2026")),
    );
    // Trier Nr. 11 names who signs, not the order (`[signing] captains_before_arbiter`): the
    // home captain countersigns before the arbiter.
    assert!(
        o.status.success(),
        "under trier a captain may sign before the arbiter: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A fresh key file is not the arbiter's registered key: refused before anything is signed.
    let before = std::fs::read(&rep).unwrap();
    let o = sign(&["--role", "arbiter", "--key", key.to_str().unwrap()], None);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("not the key registered for the arbiter"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read(&rep).unwrap(), before, "nothing was written");
    for (role, pw) in [
        ("arbiter", "Schiedsrichter-Demo-2026"),
        ("away-captain", "Gast-Demo-2026"),
    ] {
        let o = sign(
            &["--role", role, "--passphrase-env", "PW"],
            Some(("PW", pw)),
        );
        assert!(
            o.status.success(),
            "{role}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let text = std::fs::read_to_string(&rep).unwrap();
    assert!(
        !text.contains("Heim-Demo-2026"),
        "a passphrase is never stored"
    );
    // Under the genuine match file as the anchor (a journal is never one), with the
    // demonstration keys it registers allowed.
    let verify = |file: &Path| {
        Command::new(bin)
            .arg("verify")
            .arg(file)
            .arg("--journal")
            .arg(&j)
            .args([
                "--match",
                "config/matches/demo-bundesliga.toml",
                "--allow-demo-keys",
            ])
            .output()
            .unwrap()
    };
    let o = verify(&rep);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stdout}");
    assert!(
        stdout.contains("the report is exactly what the journal yields"),
        "{stdout}"
    );
    assert!(stdout.contains(": VALID"), "{stdout}");
    // Change a result in the file: verify fails and says what.
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        text.replacen("\"result\": \"1/2-1/2\"", "\"result\": \"1-0\"", 1),
    )
    .unwrap();
    let o = verify(&bad);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("digest: FAILED"), "{stdout}");
    assert!(
        stdout.contains("FAILED: the report does not match the journal: boards"),
        "{stdout}"
    );
    assert!(
        stdout.contains("void: the report was changed after this signature"),
        "{stdout}"
    );
}

/// The names of the exports' test match that need more than Latin-1.
const NAMES: [&str; 6] = [
    "Paweł Zieliński",
    "Viktor Ilić",
    "Tomáš Dvořák",
    "Elif Şahin",
    "Mikkel Sørensen",
    "Gábor Hőgye",
];

/// The PDF of a match whose players are called Zieliński, Ilić, Dvořák, Şahin, Sørensen and
/// Hőgye, in German and in English: the font is embedded (a subset, FontFile2) with a ToUnicode
/// map; where poppler is installed (Debian: poppler-utils) the text pdftotext extracts has
/// every name as written (so it copies and searches), the longest name included, and the pages
/// rasterise on A4.
#[test]
fn the_pdf_prints_every_name_in_both_languages() {
    let o = run_file(Path::new("tests/scenarios/exports-unicode.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let env = arbiter_core::signature::envelope_from_journal(&m, &o.records);
    let a = Authority::from_match(&m);
    let poppler = Command::new("pdftotext").arg("-v").output().is_ok();
    for (lang, word) in [(Lang::De, "Spielbericht"), (Lang::En, "Match report")] {
        let pdf = arbiter_report::pdf::render(&env, lang, &a);
        assert!(pdf.starts_with(b"%PDF-"));
        let find = |n: &[u8]| pdf.windows(n.len()).any(|w| w == n);
        assert!(find(b"/FontFile2") && find(b"/ToUnicode") && find(b"/Identity-H"));
        assert!(find(b"/BaseFont /ARBREG+DejaVuSans"));
        assert!(!find(b"/Helvetica"), "no unembedded standard font");
        // The ToUnicode maps name the characters of the names (ł = 0142, ő = 0151, Ş = 015E).
        for cp in ["<0142>", "<0151>", "<015E>", "<0159>", "<0107>", "<00F8>"] {
            assert!(
                find(cp.as_bytes()) || find(cp.to_lowercase().as_bytes()),
                "{cp} in a ToUnicode map"
            );
        }
        if !poppler {
            eprintln!(
                "pdftotext not installed: text extraction skipped (apt-get install poppler-utils)"
            );
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.pdf");
        std::fs::write(&p, &pdf).unwrap();
        let out = Command::new("pdftotext").arg(&p).arg("-").output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(word), "{word}");
        for name in NAMES {
            assert!(
                text.contains(name),
                "{lang:?}: {name} not in the extracted text"
            );
        }
        assert!(!text.contains('?'), "{lang:?}: a character printed as '?'");
        let flat = text.split_whitespace().collect::<String>();
        assert!(flat.contains("IvanaĐurić-Zdravković"), "the long name");
        assert!(flat.contains(&env.digest), "the digest on the pages");
        let out = Command::new("pdftoppm")
            .args(["-r", "30", "-png"])
            .arg(&p)
            .arg(dir.path().join("page"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let info = Command::new("pdfinfo").arg(&p).output().unwrap();
        let info = String::from_utf8_lossy(&info.stdout);
        assert!(info.contains("595 x 842 pts (A4)"), "{info}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("Error"));
    }
}

/// Collects SANs and `[%clk]` values with a real PGN reader.
struct Collect;

impl pgn_reader::Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = (Vec<String>, Vec<String>, Vec<String>);
    type Output = (Vec<(String, String)>, Vec<String>, Vec<String>, Vec<String>);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }
    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into(),
            value.decode_utf8_lossy().into(),
        ));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((Vec::new(), Vec::new(), Vec::new()))
    }
    fn san(
        &mut self,
        mt: &mut Self::Movetext,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        mt.0.push(san.to_string());
        ControlFlow::Continue(())
    }
    fn comment(
        &mut self,
        mt: &mut Self::Movetext,
        c: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(c.as_bytes()).replace('\n', " ");
        for part in text.split("[%clk ").skip(1) {
            mt.1.push(part.split(']').next().unwrap().to_string());
        }
        if text.contains("[%arb ") {
            mt.2.push(text.clone());
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, mt: Self::Movetext) -> Self::Output {
        (Vec::new(), mt.0, mt.1, mt.2)
    }
}

#[test]
fn pgn_parses_with_a_real_reader_and_its_clocks_equal_the_journal() {
    let (m, records, _) = scenario("pgn-clocks", "bundesliga");
    let s = MatchState::fold(&records);
    let pgn = arbiter_report::pgn::all_games(&m, &s, Lang::En);
    let mut reader = pgn_reader::Reader::new(pgn.as_bytes());
    let mut games = Vec::new();
    while let Some(g) = reader.read_game(&mut Collect).unwrap() {
        games.push(g);
    }
    assert_eq!(games.len(), 8, "one game per board");
    let (_, sans, clks, arbs) = &games[0];
    let b1 = s.board(arbiter_core::model::BoardNo(1)).unwrap();
    assert_eq!(
        sans,
        &b1.moves.iter().map(|mv| mv.san.clone()).collect::<Vec<_>>()
    );
    let journal_clocks: Vec<String> = b1
        .moves
        .iter()
        .map(|mv| arbiter_core::hms::format_hms(mv.clock_ms.unwrap()))
        .collect();
    assert_eq!(clks, &journal_clocks);
    assert_eq!(
        journal_clocks,
        ["1:30:09", "1:29:50", "1:30:09", "1:28:50", "1:29:09"]
    );
    assert_eq!(arbs.len(), 1);
    assert!(
        // A clock pressed without a move: 7.5.3 with 7.5.5 (the profile's per-kind citation).
        arbs[0].contains("[%arb add,+0:02:00,B,\"FIDE 2023 Art. 7.5.3, 7.5.5\"]"),
        "{}",
        arbs[0]
    );
    assert!(pgn.contains("[%emt 0:00:21]"));
    assert!(pgn.contains("[TimeControl \"40/5400+30:1800+30\"]"));
    assert!(pgn.contains("[WhiteFideId \"24083832\"]"));
}

#[test]
fn unplayed_games_are_marked() {
    let (m, records, _) = scenario("bundesliga-match", "bundesliga");
    let s = MatchState::fold(&records);
    let pgn = arbiter_report::pgn::game(&m, &s, arbiter_core::model::BoardNo(8), Lang::En);
    assert!(pgn.contains("[Result \"1-0\"]"));
    // PGN standard 9.8.1: an administrative forfeit; no moves; Annotator is for names.
    assert!(pgn.contains("[Termination \"rules infraction\"]"), "{pgn}");
    assert!(!pgn.contains("Annotator"), "{pgn}");
    let games = pgn_check::read(&pgn);
    assert_eq!(games.len(), 1);
    assert!(games[0].sans.is_empty(), "{pgn}");
    assert!(pgn.contains("{Not played: +/- (forfeit).}"), "{pgn}");
    assert!(pgn.contains("{Arbiter: default time expired"), "{pgn}");
    let r: Report = report::build(&m, &records);
    assert!(!r.boards[7].played);
    assert_eq!(r.score.unplayed_boards, vec![8]);
}

#[test]
fn the_report_says_everything_in_its_language() {
    let (env, _, _, a) = signed();
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    let en = arbiter_report::text::markdown(&env, Lang::En, &a);
    // The kind column, the player's colour and the consequences, in each language.
    for word in [
        "| regelwidriger Zug |",
        "(Schwarz)",
        "3. regelwidriger Zug: 1-0",
        "Endspurt: stattgegeben: remis",
        "Aufstellungsfehler (Gast)",
    ] {
        assert!(de.contains(word), "{word:?} in\n{de}");
    }
    for word in [
        "| illegal move |",
        "(Black)",
        "illegal move no. 3: 1-0",
        "quickplay claim: granted: draw",
        "lineup irregularity (away)",
    ] {
        assert!(en.contains(word), "{word:?} in\n{en}");
    }
    // No English inside the German report (the profile's names and sources are data).
    for word in [
        "illegal move",
        "claim",
        "White",
        "Black",
        "board ",
        "proposed",
    ] {
        assert!(!de.contains(word), "{word:?} in the German report:\n{de}");
    }
}

/// The time each move took as the journal's clock reports show it, computed from the records
/// alone: for every ply, from the report in which the mover's clock started running to the
/// first report after the move in which it no longer runs (the clock side of White from the
/// reports' `white_side`).
fn time_used_from_reports(records: &[Record], board: u16) -> Vec<u64> {
    use arbiter_core::record::Event;
    let mut out = Vec::new();
    let mut started: [Option<MonoMs>; 2] = [None, None];
    let mut running: Option<arbiter_core::model::ClockSide> = None;
    let mut pending: Option<(u32, arbiter_core::model::ClockSide)> = None;
    for r in records {
        match &r.event {
            Event::MoveMade(mv) if mv.board.0 == board => {
                let ws = arbiter_core::model::ClockSide::Left;
                let side = if mv.ply % 2 == 1 { ws } else { ws.other() };
                pending = Some((mv.ply, side));
            }
            Event::ClockSample(c) if c.board.0 == board => {
                assert_eq!(c.white_side, Some(arbiter_core::model::ClockSide::Left));
                if let Some((_, side)) = pending
                    && c.running != Some(side)
                {
                    let i = usize::from(side == arbiter_core::model::ClockSide::Right);
                    out.push(r.mono_ms - started[i].unwrap());
                    pending = None;
                }
                if c.running != running {
                    if let Some(side) = c.running {
                        let i = usize::from(side == arbiter_core::model::ClockSide::Right);
                        started[i] = Some(r.mono_ms);
                    }
                    running = c.running;
                }
            }
            _ => {}
        }
    }
    out
}

/// `[%clk]` on every move and `[%emt]` equal to the time the player used (press to press),
/// across the change of period (5 min for 2 moves, then 3 min: the period's time arrives with
/// move 2, when `clk` jumps up) and an arbiter's time change (an illegal clock press: White's
/// increment taken back while White's clock runs, +2 min to Black). The old formula, previous
/// clock + increment − clock, gave 0:00:00 at the period change and was off by the arbiter's
/// change after it.
#[test]
fn pgn_emt_is_the_time_used_across_the_period_change_and_an_arbiter_time_change() {
    for name in ["pgn-periods", "pgn-clocks"] {
        let o = run_file(Path::new(&format!("tests/scenarios/{name}.toml"))).unwrap();
        let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
        let s = report::games_state(&o.records);
        let pgn = arbiter_report::pgn::all_games(&m, &s, Lang::De);
        let games = pgn_check::read(&pgn);
        let b1 = &games[0];
        assert_eq!(b1.illegal, None);
        let used = time_used_from_reports(&o.records, 1);
        assert_eq!(
            used.len(),
            b1.sans.len(),
            "{name}: every move has a completing report"
        );
        let emt: Vec<String> = b1.emt.iter().map(|e| e.clone().expect("[%emt]")).collect();
        let want: Vec<String> = used
            .iter()
            .map(|u| arbiter_core::hms::format_hms(*u))
            .collect();
        assert_eq!(emt, want, "{name}");
        assert!(
            b1.clk.iter().all(Option::is_some),
            "{name}: [%clk] on every move"
        );
        if name == "pgn-periods" {
            // The period change: White's 2nd move completes the first period, the clock shows
            // 3 min more than before although 30 s were used.
            assert_eq!(b1.clk[0].as_deref(), Some("0:04:49"));
            assert_eq!(b1.clk[2].as_deref(), Some("0:07:29"));
            assert_eq!(b1.emt[2].as_deref(), Some("0:00:30"));
            // After the arbiter took White's increment back during 3. Bb5: one minute used.
            assert_eq!(b1.emt[4].as_deref(), Some("0:01:00"));
            assert!(pgn.contains("Schiedsrichter: "), "{pgn}");
        }
    }
}

/// The reports of several matches (a whole Bundesliga match with a forfeit and an illegal move,
/// a decision where the rules are silent, the period change, the names and member ids of the
/// exports' test match, the match procedure, claims with their status) and a report signed by
/// all three: `report.json` follows the schema
/// shipped in `docs/report.schema.json`, and its digest is SHA-256 of the report's RFC 8785
/// form as an independent implementation (serde_jcs, a different crate from the one the
/// console uses) computes it from the file's JSON.
#[test]
fn report_json_follows_the_shipped_schema_and_any_jcs_recomputes_the_digest() {
    use sha2::Digest as _;
    let mut envs = Vec::new();
    for name in [
        "bundesliga-match",
        "trier-decision",
        "pgn-periods",
        "exports-unicode",
        "match-procedure",
        "claims",
        "game-record",
        "conduct-and-device",
    ] {
        let o = run_file(Path::new(&format!("tests/scenarios/{name}.toml"))).unwrap();
        let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
        envs.push((
            name,
            arbiter_core::signature::envelope_from_journal(&m, &o.records),
        ));
    }
    envs.push(("signed", signed().0));
    for (name, env) in &envs {
        let file = serde_json::to_vec_pretty(env).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&file).unwrap();
        arbiter_report::schema::check(&v, 10).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let jcs = serde_jcs::to_vec(&v["report"]).unwrap();
        assert_eq!(
            hex::encode(sha2::Sha256::digest(&jcs)),
            env.digest,
            "{name}"
        );
    }
    // The exports' test match carries the member ids into the report.
    let u = &envs[3].1.report;
    let p = u.home.lineup[0].player.as_ref().unwrap();
    assert_eq!(
        (p.name.as_str(), p.zps.as_deref(), p.member_no),
        ("Paweł Zieliński", Some("C0327"), Some(101))
    );
    // Board points 4½ : 3½ in half points, the Berliner Wertung too.
    assert_eq!(envs[0].1.report.score.board_points_halves, [9, 7]);
    // What the schema refuses although serde would read it: a ZPS number of a Bezirk, a board
    // 0, a clock that is not h:mm:ss, a digest that is not SHA-256 hex.
    let mut v = serde_json::to_value(&envs[3].1).unwrap();
    v["report"]["home"]["lineup"][0]["player"]["zps"] = "M0400".into();
    v["report"]["boards"][1]["board"] = 0.into();
    v["report"]["interventions"][1]["white_clock"] = "90 min".into();
    v["digest"] = "XYZ".into();
    let errors = arbiter_report::schema::check(&v, 10).unwrap_err();
    for at in [
        "/report/home/lineup/0/player",
        "/report/boards/1",
        "/report/interventions/1",
        "/digest",
    ] {
        assert!(errors.iter().any(|e| e.starts_with(at)), "{at}: {errors:?}");
    }
}

/// The digest recomputed outside Rust, with Trail of Bits' RFC 8785 implementation for Python
/// (`pip install rfc8785`), where it is installed: the check command of docs/REPORT.md.
#[test]
fn the_digest_recomputes_with_python_rfc8785_where_installed() {
    let ok = Command::new("python3")
        .args(["-c", "import rfc8785"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: python3 with rfc8785 is not installed (pip install rfc8785)");
        return;
    }
    let (env, ..) = signed();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.json");
    std::fs::write(&path, serde_json::to_vec_pretty(&env).unwrap()).unwrap();
    let out = Command::new("python3")
        .args([
            "-c",
            "import json,hashlib,rfc8785,sys;d=json.load(open(sys.argv[1],encoding='utf-8'));print(hashlib.sha256(rfc8785.dumps(d['report'])).hexdigest())",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), env.digest);
}

// The TRF and the Ergebnismeldung are tested in `tests/exports.rs` (issue 30).

/// The live broadcast PGN (`arbiter run --broadcast-pgn`): the games as they stand, with
/// clocks, written atomically; not again before the interval, nor when nothing changed; a move
/// made after a game's result (a post-mortem on the e-board) is not in it.
#[test]
fn the_broadcast_pgn_is_rewritten_with_the_games_as_they_stand() {
    let o = run_file(Path::new("tests/scenarios/pgn-clocks.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("live.pgn");
    let mut b = arbiter_console::broadcast::Broadcast::new(path.clone(), 5);
    // The state after the first three moves, then after all of them.
    let third = o
        .records
        .iter()
        .position(|r| matches!(&r.event, arbiter_core::record::Event::MoveMade(mv) if mv.ply == 3))
        .unwrap();
    let early = MatchState::fold(&o.records[..third + 2]);
    let all = MatchState::fold(&o.records);
    assert!(
        b.tick(&m, &early, Lang::De, MonoMs::from_base_ms(0))
            .unwrap()
    );
    let games = pgn_check::read(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games[0].sans, ["e4", "e5", "Nf3"]);
    assert!(games[0].clk.iter().all(Option::is_some));
    // Before the interval: not written, even though the games moved on.
    assert!(
        !b.tick(&m, &all, Lang::De, MonoMs::from_base_ms(4_000))
            .unwrap()
    );
    assert!(
        b.tick(&m, &all, Lang::De, MonoMs::from_base_ms(5_000))
            .unwrap()
    );
    let games = pgn_check::read(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games[0].sans.len(), 5);
    assert_eq!(games[0].illegal, None);
    // Nothing changed: not written again.
    assert!(
        !b.tick(&m, &all, Lang::De, MonoMs::from_base_ms(10_000))
            .unwrap()
    );
    // No temporary file left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// A feed that lost track of the moves (two plies never seen, then the board's position and the
/// next move): the PGN is not one continuous game with moves missing and the colours shifted;
/// the part before the gap ends with `*` and a comment, the part after it is a continuation
/// game from the position the board reported (`SetUp`/`FEN`, White to move), with the result.
#[test]
fn a_gap_in_the_record_is_a_continuation_game_never_an_illegal_move() {
    let o = run_file(Path::new("tests/scenarios/pgn-gap.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let s = report::games_state(&o.records);
    let pgn = arbiter_report::pgn::game(&m, &s, arbiter_core::model::BoardNo(1), Lang::En);
    let games = pgn_check::read(&pgn);
    assert_eq!(games.len(), 2, "{pgn}");
    for g in &games {
        assert_eq!(g.illegal, None, "{pgn}");
    }
    assert_eq!(games[0].sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(games[0].tag("Result"), Some("*"));
    assert!(
        games[0]
            .comments
            .last()
            .unwrap()
            .contains("gap after ply 4"),
        "{pgn}"
    );
    assert_eq!(games[1].tag("SetUp"), Some("1"));
    assert_eq!(
        games[1].tag("FEN"),
        Some("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4")
    );
    assert_eq!(games[1].sans, ["Ba4"]);
    assert_eq!(games[1].tag("Result"), Some("1/2-1/2"));
    assert!(pgn.contains("4. Ba4"), "{pgn}");
}

/// Issue 29: the PDF laid out as a document, for every scenario's report and a long match
/// (the scenario of a whole Bundesliga match with 150 notes and 40 interventions more), in
/// German and English: no heading alone at the foot of a page (it stands on the page where
/// what follows it starts), a table's header on the page of its first row, the signature
/// block on one page; and every intervention about a board with a result against one side
/// names its player (an expired default time: the absent one).
#[test]
fn the_pdf_keeps_headings_tables_and_signatures_together() {
    use arbiter_core::record::{Event, Note, Origin};
    let mut cases: Vec<(String, Match, Vec<Record>)> = Vec::new();
    for e in std::fs::read_dir("tests/scenarios").unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let o = run_file(&p).unwrap();
        let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
        cases.push((p.display().to_string(), m, o.records));
    }
    // The long match.
    let o = run_file(Path::new("tests/scenarios/bundesliga-match.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let mut chain = arbiter_core::journal::Chain::default();
    let mut buf = Vec::new();
    let mut records: Vec<Record> = o
        .records
        .iter()
        .map(|r| chain.append(r.wall_ms, r.mono_ms, r.origin, r.event.clone(), &mut buf))
        .collect();
    let last = records.last().unwrap().clone();
    for i in 0..150u64 {
        let r = chain.append(
            last.wall_ms + i as i64 * 1000,
            last.mono_ms + i * 1000,
            Origin::Arbiter,
            Event::Note(Note {
                board: Some(arbiter_core::model::BoardNo(
                    u16::try_from(i % 8 + 1).unwrap(),
                )),
                text: format!("observation {i}: a spectator stood too close to the board"),
                witnesses: Vec::new(),
            }),
            &mut buf,
        );
        records.push(r);
    }
    cases.push(("long match".into(), m, records));
    let mut pages_seen = 0;
    let mut default_time_rows = 0;
    for (name, m, records) in &cases {
        let env = arbiter_core::signature::envelope_from_journal(m, records);
        let a = Authority::from_match(m);
        for lang in [Lang::De, Lang::En] {
            let placed = arbiter_report::pdf::placement(&env, lang, &a);
            pages_seen = pages_seen.max(placed.last().map_or(0, |p| p.last_page) + 1);
            for (i, p) in placed.iter().enumerate() {
                if p.kind == "heading"
                    && let Some(next) = placed.get(i + 1)
                {
                    assert_eq!(
                        p.last_page,
                        next.first_page,
                        "{name} {lang:?}: heading {i} alone at the foot of page {}",
                        p.last_page + 1
                    );
                }
                if p.kind == "signatures" {
                    assert_eq!(
                        p.first_page, p.last_page,
                        "{name} {lang:?}: the signature block split"
                    );
                }
            }
        }
        let md = arbiter_report::text::markdown(&env, Lang::En, &a);
        for i in &env.report.interventions {
            if i.kind != arbiter_core::intervention::InterventionKind::DefaultTimeExpired {
                continue;
            }
            let Some(b) = env.report.boards.iter().find(|b| Some(b.board) == i.board) else {
                continue;
            };
            let absent = match b.result.as_deref() {
                Some("1-0" | "+/-") => &b.black,
                Some("0-1" | "-/+") => &b.white,
                _ => continue,
            };
            let Some(absent) = absent else { continue };
            default_time_rows += 1;
            assert!(
                md.lines()
                    .any(|l| l.contains(&i.time) && l.contains(&absent.name)),
                "{name}: the default-time row at {} names no player:\n{md}",
                i.time
            );
        }
    }
    assert!(
        pages_seen >= 3,
        "the long match takes several pages ({pages_seen})"
    );
    assert!(
        default_time_rows > 0,
        "a scenario with an expired default time"
    );
}

/// `arbiter report` refuses a journal that was truncated or rewritten after a signed report was
/// made from it, checking it against the signed head (record number and hash) of every signed
/// report of the match in the directory; nothing is written. A journal that only grew is fine.
#[test]
fn report_refuses_a_journal_changed_after_a_signed_report() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("match.jsonl");
    let (_, records, journal) = scenario("trier-quickplay", "trier");
    std::fs::write(&j, &journal).unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let out_dir = dir.path().join("r");
    let report = |journal: &Path| {
        Command::new(bin)
            .arg("report")
            .arg(journal)
            .arg("-o")
            .arg(&out_dir)
            .output()
            .unwrap()
    };
    let o = report(&j);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rep = out_dir.join("report.json");
    let o = Command::new(bin)
        .arg("sign")
        .arg(&rep)
        .args(["--role", "arbiter", "--passphrase-env", "PW", "--journal"])
        .arg(&j)
        .env("PW", "Schiedsrichter-Demo-2026")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let signed = std::fs::read(&rep).unwrap();
    // Truncated: the last record gone.
    let cut = dir.path().join("cut.jsonl");
    let text = String::from_utf8(journal.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..lines.len() - 1].join("\n") + "\n").unwrap();
    let o = report(&cut);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("truncated") && err.contains("version 1 was signed"),
        "{err}"
    );
    assert_eq!(std::fs::read(&rep).unwrap(), signed, "nothing written");
    // Rewritten with a valid chain: record 2 a millisecond later, every hash recomputed.
    let mut chain = arbiter_core::journal::Chain::default();
    let mut buf = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let wall = if i == 2 { r.wall_ms + 1 } else { r.wall_ms };
        chain.append(wall, r.mono_ms, r.origin, r.event.clone(), &mut buf);
    }
    let rewritten = dir.path().join("rewritten.jsonl");
    std::fs::write(&rewritten, &buf).unwrap();
    let o = report(&rewritten);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("rewritten: up to record") && err.contains("version 1 was signed"),
        "{err}"
    );
    assert_eq!(std::fs::read(&rep).unwrap(), signed, "nothing written");
    // The journal as signed: accepted, the signature kept.
    let o = report(&j);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The core check: a grown journal holds the head.
    let env: SignedReport = serde_json::from_slice(&signed).unwrap();
    assert!(report::holds_signed_head(&env.report, &records).is_ok());
    assert!(report::holds_signed_head(&env.report, &records[..records.len() - 1]).is_err());
}

/// Result corrections and their reasons are printed (issue 28): `tests/scenarios/game-record.toml`
/// corrects board 6's result; the report's board line keeps it, and both languages print it
/// with the reason.
#[test]
fn result_corrections_are_printed_with_their_reasons() {
    let o = run_file(Path::new("tests/scenarios/game-record.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let env = arbiter_core::signature::envelope_from_journal(&m, &o.records);
    let b6 = env.report.boards.iter().find(|b| b.board == 6).unwrap();
    assert_eq!(b6.result_corrections.len(), 1, "{b6:?}");
    let c = &b6.result_corrections[0];
    assert_eq!(c.to.as_deref(), Some("0-1"));
    assert_ne!(c.from, "0-1");
    let a = arbiter_core::signature::Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    let en = arbiter_report::text::markdown(&env, Lang::En, &a);
    assert!(
        de.contains(&format!(
            "Brett 6, {}: Ergebnis {} berichtigt zu 0-1 – Farben im Eintrag vertauscht",
            c.time, c.from
        )),
        "{de}"
    );
    assert!(
        en.contains(&format!(
            "Board 6, {}: result {} corrected to 0-1",
            c.time, c.from
        )),
        "{en}"
    );
}

/// The incident list shows both clocks before and after every time ruling (issue 28): the
/// illegal move on board 3 of `bundesliga-match` (White pressed without moving at 1:10:00 /
/// 1:19:50: +2 min Black, −30 s White) reads "1:10:00 / 1:19:50 → 1:09:30 / 1:21:50"; a
/// ruling that changes no time shows only the clocks at it.
#[test]
fn the_incident_list_shows_both_clocks_before_and_after_a_time_ruling() {
    let o = run_file(Path::new("tests/scenarios/bundesliga-match.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let env = arbiter_core::signature::envelope_from_journal(&m, &o.records);
    let line = env
        .report
        .interventions
        .iter()
        .find(|i| i.board == Some(3) && i.category == "illegal_move")
        .expect("the illegal move on board 3");
    assert_eq!(
        (line.white_clock.as_deref(), line.black_clock.as_deref()),
        (Some("1:10:00"), Some("1:19:50"))
    );
    assert_eq!(
        (
            line.white_clock_after.as_deref(),
            line.black_clock_after.as_deref()
        ),
        (Some("1:09:30"), Some("1:21:50"))
    );
    for i in &env.report.interventions {
        let changed = o
            .state
            .interventions
            .iter()
            .find(|e| e.at.seq == i.seq)
            .is_some_and(|e| !e.intervention.confirmed.clock.is_empty());
        assert_eq!(
            i.white_clock_after.is_some(),
            changed && i.white_clock.is_some(),
            "{i:?}"
        );
    }
    let a = arbiter_core::signature::Authority::from_match(&m);
    let en = arbiter_report::text::markdown(&env, Lang::En, &a);
    assert!(en.contains("1:10:00 / 1:19:50 → 1:09:30 / 1:21:50"), "{en}");
}

/// The Berliner Wertung's weights are printed wherever the Wertung is (issue 28): the usual
/// 8 … 1 in both languages; a profile with other weights has them in the report and printed.
#[test]
fn the_berliner_wertung_is_printed_with_its_weights() {
    let o = run_file(Path::new("tests/scenarios/bundesliga-match.toml")).unwrap();
    let mut m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let env = arbiter_core::signature::envelope_from_journal(&m, &o.records);
    assert!(
        env.report.score.berliner_weights.is_empty(),
        "the usual weights"
    );
    let a = arbiter_core::signature::Authority::from_match(&m);
    let de = arbiter_report::text::markdown(&env, Lang::De, &a);
    let en = arbiter_report::text::markdown(&env, Lang::En, &a);
    assert!(de.contains("Berliner Wertung (8-7-6-5-4-3-2-1): "), "{de}");
    assert!(en.contains("Berliner Wertung (8-7-6-5-4-3-2-1): "), "{en}");
    m.profile.scoring.berliner_weights = vec![16, 14, 12, 10, 8, 6, 4, 2];
    let r = report::build(&m, &o.records);
    assert_eq!(r.score.berliner_weights, vec![16, 14, 12, 10, 8, 6, 4, 2]);
    let mut env2 = env.clone();
    env2.report = r;
    let de = arbiter_report::text::markdown(&env2, Lang::De, &a);
    assert!(
        de.contains("Berliner Wertung (16-14-12-10-8-6-4-2): "),
        "{de}"
    );
}

/// Trier Nr. 11 ("Beide MF + WKL unterschreiben den Spielbericht") names who signs, not the
/// order: under `trier` (`[signing] captains_before_arbiter = true`, in the report's rules under
/// the digest) a captain may countersign before the arbiter; his signature then covers the
/// report, not the arbiter's signature, says so (`before_arbiter`), and verifies, as does the
/// arbiter's after it. A signature marked so is void where the report's rules fix the order.
#[test]
fn the_captains_may_countersign_before_the_arbiter_where_the_profile_says_so() {
    let (m, records, _) = scenario("trier-quickplay", "trier");
    let a = Authority::from_match(&m);
    let mut env = SignedReport::new(report::build(&m, &records));
    assert!(env.report.rules.captains_before_arbiter);
    let k = keys();
    sign::sign(&mut env, Role::HomeCaptain, &k[1].1, T, None, &a).unwrap();
    sign::sign(&mut env, Role::Arbiter, &k[0].1, T, None, &a).unwrap();
    sign::sign(&mut env, Role::AwayCaptain, &k[2].1, T, None, &a).unwrap();
    let before: Vec<(Role, bool)> = env
        .signatures
        .iter()
        .map(|s| (s.role, s.before_arbiter))
        .collect();
    assert_eq!(
        before,
        [
            (Role::HomeCaptain, true),
            (Role::Arbiter, false),
            (Role::AwayCaptain, false)
        ]
    );
    let v = sign::check(&env, &a);
    assert!(v.signatures.iter().all(|(_, _, s)| s.counts()), "{v:?}");
    assert!(v.missing.is_empty());
    // The mark is signed: taken off, the home captain's signature no longer verifies.
    let mut e = env.clone();
    e.signatures[0].before_arbiter = false;
    assert!(matches!(
        sign::check(&e, &a).signatures[0].2,
        SigStatus::Void { .. }
    ));
    // Nor can the away captain's countersignature be passed off as made before the arbiter.
    let mut e = env.clone();
    e.signatures[2].before_arbiter = true;
    assert!(matches!(
        sign::check(&e, &a).signatures[2].2,
        SigStatus::Void { .. }
    ));
    // A report whose rules fix the order: a countersignature made before the arbiter is void,
    // whatever it verifies against (the rules are under the digest).
    let (mb, records, _) = scenario("trier-quickplay", "bundesliga");
    let mut fixed = SignedReport::new(report::build(&mb, &records));
    assert!(!fixed.report.rules.captains_before_arbiter);
    let ab = Authority::from_match(&mb);
    sign::sign(&mut fixed, Role::Arbiter, &k[0].1, T, None, &ab).unwrap();
    let mut forged = env.signatures[0].clone();
    forged.digest = fixed.digest.clone();
    fixed.signatures.push(forged);
    assert!(matches!(
        sign::check(&fixed, &ab).signatures[1].2,
        SigStatus::Void { .. }
    ));
}
