//! The recorded matches: chains intact, signed reports that match their journals, and the state
//! replayed headless at several moments against known values.

use std::path::Path;

use arbiter_core::hms::format_hms;
use arbiter_core::matchfile::Match;
use arbiter_core::model::BoardNo;
use arbiter_core::replay::{Replay, incidents};
use arbiter_core::report::compare_with_journal;
use arbiter_core::rules;
use arbiter_core::time::WallMs;
use arbiter_io::config::match_for_journal;
use arbiter_io::journal_file;
use arbiter_report::sign::{self, Authority, SignedReport};

use crate::pgn_check;

fn at(date: &str, hms: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(&format!("{date}T{hms}+01:00"))
        .unwrap()
        .timestamp_millis()
}

fn load(dir: &str) -> Replay {
    let (records, v) =
        journal_file::read(Path::new(&format!("recordings/{dir}/journal.jsonl"))).unwrap();
    assert!(v.is_intact() && v.torn_tail == 0);
    Replay::new(records)
}

fn clocks(r: &Replay, t: i64, board: u16) -> (String, String, usize) {
    let (s, mono) = r.at(WallMs::from_unix_ms(t));
    let bs = s.board(BoardNo(board)).unwrap();
    let c = arbiter_core::clock_now::clock_at(&s, bs, mono).unwrap();
    let (w, b) = (c.shown.white.ms(), c.shown.black.ms());
    (format_hms(w), format_hms(b), bs.moves.len())
}

/// The games a plan deals to the boards, read from the PGN files it names (not through the
/// console): per board, the `Result` tag and the `[%clk]` of every ply.
fn plan_games(dir: &str) -> Vec<(String, Vec<u64>)> {
    let plan = std::fs::read_to_string(format!("recordings/{dir}/plan.toml")).unwrap();
    let list = plan
        .lines()
        .find_map(|l| l.strip_prefix("pgn = ["))
        .unwrap()
        .trim_end_matches(']');
    list.split(',')
        .map(|p| {
            let rel = p.trim().trim_matches('"');
            let text =
                std::fs::read_to_string(Path::new("recordings").join(dir).join(rel)).unwrap();
            let result = text
                .lines()
                .find_map(|l| l.strip_prefix("[Result \""))
                .unwrap()
                .trim_end_matches("\"]")
                .to_string();
            let clocks = text
                .split("[%clk ")
                .skip(1)
                .map(|c| {
                    arbiter_core::hms::parse(
                        &c[..c.find(']').unwrap()],
                        arbiter_core::hms::Shape::FULL,
                    )
                    .unwrap()
                })
                .collect();
            (result, clocks)
        })
        .collect()
}

/// Board points in half points `[home, away]` from the games' results, with the boards the
/// arbiter decided otherwise: colours by the match's rule (the away team has White on odd
/// boards in both recordings).
fn expected_half_points(results: &[String], decided: &[(usize, &str)]) -> [u32; 2] {
    let mut pts = [0u32; 2];
    for (i, r) in results.iter().enumerate() {
        let board = i + 1;
        let r = decided
            .iter()
            .find(|(b, _)| *b == board)
            .map(|(_, r)| *r)
            .unwrap_or(r);
        let (white, black) = match r {
            "1-0" | "+/-" => (2, 0),
            "0-1" | "-/+" => (0, 2),
            "1/2-1/2" => (1, 1),
            other => panic!("result {other}"),
        };
        // Odd boards: away White; even boards: home White.
        let (home, away) = if board % 2 == 1 {
            (black, white)
        } else {
            (white, black)
        };
        pts[0] += home;
        pts[1] += away;
    }
    pts
}

fn hms(ms: u64) -> String {
    format_hms(ms)
}

/// The match a recording ran under. A journal recorded since journals carry the match file
/// and the profile holds them. The recordings made before that (and before the match files
/// registered the demo keys in a `[signers]` block at their end) bind the match file without
/// that block: it is read from disk without it and must have the SHA-256 the journal holds.
fn match_of(records: &[arbiter_core::journal::Record]) -> Match {
    if let Ok(m) = match_for_journal(records, None) {
        return m;
    }
    let session = records
        .iter()
        .find_map(|r| match &r.event {
            arbiter_core::record::Event::SessionStarted(s) => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        session.match_text.is_none(),
        "a journal with texts must load"
    );
    let path = Path::new(&session.match_path);
    let text = std::fs::read_to_string(path).unwrap();
    let before = &text[..text
        .find("\n# The signers' public keys")
        .expect("the [signers] block added after the recording")];
    let before = before.to_string();
    assert_eq!(
        arbiter_core::matchfile::sha256_hex(before.as_bytes()),
        session.match_sha256,
        "the match file as recorded"
    );
    let profile = arbiter_io::config::resolve_profile(path, &session.profile_id).unwrap();
    let profile_text = std::fs::read_to_string(&profile).unwrap();
    assert_eq!(
        arbiter_core::matchfile::sha256_hex(profile_text.as_bytes()),
        session.profile_sha256
    );
    Match::from_texts(path, &before, &profile, &profile_text).unwrap()
}

/// The signed report: made from the journal, final (all three signatures with the registered
/// demo keys), nothing after its head. A report in an earlier format (the recordings' reports
/// were signed before report format 3) cannot be verified by this version: it is made and
/// signed again by `scripts/rerecord.sh`; until then the test checks that the report the
/// journal yields now can be signed (every board has a result) and says what it skipped.
fn check_report(dir: &str, r: &Replay) {
    let m = match_of(&r.records);
    let text = std::fs::read(format!("recordings/{dir}/report/report.json")).unwrap();
    let format = serde_json::from_slice::<serde_json::Value>(&text).unwrap()["report"]["format"]
        .as_str()
        .unwrap()
        .to_string();
    let current = arbiter_core::signature::envelope_from_journal(&m, &r.records);
    assert!(
        current.open_boards().is_empty(),
        "{:?}",
        current.open_boards()
    );
    if format != arbiter_core::report::FORMAT {
        eprintln!(
            "recordings/{dir}/report/report.json is of format {format}, signed before format {}: \
             not verified here (scripts/rerecord.sh makes and signs it again)",
            arbiter_core::report::FORMAT
        );
        return;
    }
    let env: SignedReport = serde_json::from_slice(&text).unwrap();
    let mut a = Authority::from_match(&m);
    a.add_enrolled(&m, &r.records);
    let v = sign::check(&env, &a);
    assert!(v.is_valid(), "{:?}", v.failures());
    assert_eq!(v.signatures.len(), 3);
    compare_with_journal(&env.report, &m, &r.records).unwrap();
    let tail = arbiter_core::report::tail_after(&r.records, env.report.journal.head_seq);
    assert_eq!(tail.changing, 0, "{tail:?}");
    assert_eq!(env.digest, current.digest);
    // The verdict `arbiter verify --journal … --match … --allow-demo-keys` prints: VALID under
    // the match file as the anchor (issue 26), the demonstration keys marked.
    // The match file the recording ran under, as shipped beside it (the config/ file has been
    // extended since).
    let anchor = std::path::PathBuf::from(format!("recordings/{dir}/match.toml"));
    let genuine = arbiter_io::config::load_match(&anchor, None).unwrap();
    let anchors = arbiter_report::verdict::Anchors {
        match_file: Some((anchor.display().to_string(), genuine)),
        allow_demo: true,
        ..Default::default()
    };
    let j = arbiter_report::verdict::JournalView {
        records: &r.records,
        m: &m,
    };
    let v = arbiter_report::verdict::verify_report(
        &env,
        serde_json::from_slice(&text).ok().as_ref(),
        Some(j),
        &anchors,
        &Default::default(),
    );
    assert_eq!(
        v.outcome,
        arbiter_report::verdict::Outcome::Valid,
        "{:?} {:?}",
        v.lines,
        v.failures
    );
    assert!(
        v.summary.contains("anchor: the match file"),
        "{}",
        v.summary
    );
    assert!(v.summary.contains("DEMONSTRATION KEYS"), "{}", v.summary);
}

#[test]
fn bundesliga_recording() {
    let dir = "bundesliga-musterstadt-beispielhausen";
    let r = load(dir);
    check_report(dir, &r);
    let d = "2026-11-28";
    // When the illegal move on board 3 was recorded: the clocks as the console showed them.
    assert_eq!(
        clocks(&r, at(d, "14:03:56"), 3),
        ("1:30:00".into(), "1:31:04".into(), 10)
    );
    // Independently, from the game score and the incident file: the illegal move came after
    // ply 10 of the Evergreen game (`after_ply = 10`), and Black's clock then stood at the
    // score's time after ply 10 less at most the 20 s the wrong press was held.
    let games = plan_games(dir);
    let (_, _, plies) = clocks(&r, at(d, "14:03:56"), 3);
    let incident_file =
        std::fs::read_to_string(format!("recordings/{dir}/incidents.toml")).unwrap();
    assert!(incident_file.contains("board = 3\nafter_ply = 10\nhold_s = 20"));
    assert_eq!(plies, 10);
    let (s3, mono3) = r.at(WallMs::from_unix_ms(at(d, "14:03:56")));
    let c3 = arbiter_core::clock_now::clock_at(&s3, s3.board(BoardNo(3)).unwrap(), mono3).unwrap();
    let black_after_10 = games[2].1[9];
    assert!(
        (black_after_10 - 20_000..=black_after_10 + 999).contains(&c3.shown.black.ms()),
        "Black {} vs the score's {}",
        hms(c3.shown.black.ms()),
        hms(black_after_10)
    );
    // When the threefold claim on board 4 was made.
    assert_eq!(
        clocks(&r, at(d, "14:50:00"), 4),
        ("1:07:05".into(), "1:16:25".into(), 27)
    );
    // Independently, from the score of the Game of the Century: after 27 plies White's clock is
    // the [%clk] of ply 27 (stopped); Black's runs between his last time (ply 26) and his next
    // one less the 30 s increment (ply 28).
    let (w27, b26, b28) = (games[3].1[26], games[3].1[25], games[3].1[27]);
    assert_eq!(hms(w27), "1:07:05");
    let (s4, mono4) = r.at(WallMs::from_unix_ms(at(d, "14:50:00")));
    let c4 = arbiter_core::clock_now::clock_at(&s4, s4.board(BoardNo(4)).unwrap(), mono4).unwrap();
    assert_eq!(hms(c4.shown.white.ms()), hms(w27));
    assert!(
        (b28 - 30_000..=b26).contains(&c4.shown.black.ms()),
        "{}",
        hms(c4.shown.black.ms())
    );
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "14:50:01")));
    let claim = s
        .interventions
        .iter()
        .find(|i| i.intervention.board == Some(BoardNo(4)))
        .unwrap();
    assert_eq!(
        (
            claim.intervention.clocks.white.map(|c| c.ms()),
            claim.intervention.clocks.black.map(|c| c.ms())
        ),
        (Some(4_025_000), Some(4_585_000))
    );
    // Before the default time expired, board 8 had no result; after it, +/-.
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "14:29:59")));
    assert!(s.board(BoardNo(8)).unwrap().result.is_none());
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "14:30:01")));
    assert_eq!(
        s.board(BoardNo(8))
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .result
            .notation(),
        "+/-"
    );
    // The end.
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "17:30:00")));
    let m = match_of(&r.records);
    let sc = rules::score(&m, &s);
    assert_eq!(sc.as_scored.half_points, [6, 10]);
    assert_eq!(sc.match_points, Some([0, 2]));
    // Independently: the scores' results, board 8 forfeited by the away player (+/-, home White).
    let results: Vec<String> = games.iter().map(|g| g.0.clone()).collect();
    let expected = expected_half_points(&results, &[(8, "+/-")]);
    assert_eq!(sc.as_scored.half_points, expected, "{results:?}");
    let kinds: Vec<String> = incidents(&r.records).into_iter().map(|i| i.kind).collect();
    for k in [
        "illegal_move",
        "time_correction",
        "default_time_expired",
        "draw_claim",
        "protest",
        "feed",
    ] {
        assert!(kinds.iter().any(|x| x == k), "no {k} incident");
    }
}

#[test]
fn oberliga_recording() {
    let dir = "oberliga-rheinufer-huegelland";
    let r = load(dir);
    check_report(dir, &r);
    let d = "2026-11-29";
    assert_eq!(
        clocks(&r, at(d, "10:06:21"), 7),
        ("1:29:28".into(), "1:30:11".into(), 12)
    );
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "10:06:22")));
    assert_eq!(s.board(BoardNo(7)).unwrap().illegal.len(), 2);
    assert_eq!(
        s.board(BoardNo(7))
            .unwrap()
            .result
            .as_ref()
            .unwrap()
            .result
            .notation(),
        "0-1"
    );
    let (s, _) = r.at(WallMs::from_unix_ms(at(d, "13:30:00")));
    let m = match_of(&r.records);
    let sc = rules::score(&m, &s);
    assert_eq!(sc.as_played.half_points, [12, 4]);
    // Independently: the scores' results, with the arbiter's decisions from the plan: board 2's
    // home player (White) absent at the start (-/+), board 7's White lost by a second illegal
    // move (0-1).
    let results: Vec<String> = plan_games(dir).into_iter().map(|g| g.0).collect();
    let expected = expected_half_points(&results, &[(2, "-/+"), (7, "0-1")]);
    assert_eq!(sc.as_played.half_points, expected, "{results:?}");
    assert_eq!(
        sc.as_scored.half_points,
        [14, 2],
        "board 5 scored against the away team"
    );
    assert_eq!(sc.sanctioned_boards, vec![BoardNo(5)]);
    assert_eq!(sc.unplayed_boards, vec![BoardNo(2)]);
}

/// The PGN export of both recordings (issue 17): every game replays legally with a real PGN
/// reader and shakmaty, in both languages; unplayed boards have no moves; every
/// move the journal has a clock for has its `[%clk]`.
#[test]
fn the_pgn_of_the_recordings_replays_legally() {
    for dir in [
        "bundesliga-musterstadt-beispielhausen",
        "oberliga-rheinufer-huegelland",
    ] {
        let r = load(dir);
        let m = match_of(&r.records);
        let s = arbiter_core::report::games_state(&r.records);
        let report = arbiter_core::report::build(&m, &r.records);
        for lang in [
            arbiter_core::matchfile::Lang::De,
            arbiter_core::matchfile::Lang::En,
        ] {
            let pgn = arbiter_report::pgn::all_games(&m, &s, lang);
            let games = pgn_check::read(&pgn);
            for g in &games {
                assert_eq!(g.illegal, None, "{dir}: board {:?}", g.tag("Board"));
                // [%emt] never without [%clk] (the time used is known only with the clock).
                for (clk, emt) in g.clk.iter().zip(&g.emt) {
                    assert!(emt.is_none() || clk.is_some());
                }
                assert!(
                    g.comments
                        .iter()
                        .all(|c| !c.trim().is_empty() && c.trim() != "Arbiter:"),
                    "{dir}: an empty comment"
                );
            }
            for b in &report.boards {
                let own: Vec<_> = games
                    .iter()
                    .filter(|g| g.tag("Board") == Some(b.board.to_string().as_str()))
                    .collect();
                assert!(!own.is_empty(), "{dir}: board {} missing", b.board);
                let plies: usize = own.iter().map(|g| g.sans.len()).sum();
                let bs = s.board(BoardNo(b.board)).unwrap();
                if b.played {
                    // Every recorded move is written (split at a gap, never dropped).
                    assert_eq!(plies, bs.moves.len(), "{dir}: board {}", b.board);
                    // [%clk] on every move the journal has a clock for, and only a move the
                    // journal has none for lacks it: no clock report of the board came between
                    // it and the next move (moves the feed recovered from the e-board's memory).
                    let clks: Vec<_> = own.iter().flat_map(|g| g.clk.iter()).collect();
                    for (k, mv) in bs.moves.iter().enumerate() {
                        assert_eq!(
                            clks[k].is_some(),
                            mv.clock_ms.is_some(),
                            "{dir}: board {} ply {}",
                            b.board,
                            mv.ply
                        );
                        if mv.clock_ms.is_none() {
                            // Up to the next move; after the last one, up to the result (the
                            // game record closes there: a clock report after it is post-game).
                            let next =
                                bs.moves.get(k + 1).map_or(
                                    bs.result.as_ref().map_or(u64::MAX, |r| r.at.seq),
                                    |n| n.at.seq,
                                );
                            assert!(
                                !r.records.iter().any(|rec| rec.seq > mv.at.seq
                                    && rec.seq < next
                                    && matches!(&rec.event, arbiter_core::record::Event::ClockSample(c) if c.board.0 == b.board)),
                                "{dir}: board {} ply {}: a clock report the PGN left out",
                                b.board,
                                mv.ply
                            );
                        }
                    }
                    // The last part carries the result; a part before a gap ends with `*`.
                    let last = own.last().unwrap();
                    assert_eq!(
                        last.tag("Result"),
                        b.result
                            .as_deref()
                            .map(|r| if r == "1/2-1/2" { "1/2-1/2" } else { r })
                    );
                    for g in &own[..own.len() - 1] {
                        assert_eq!(g.tag("Result"), Some("*"));
                    }
                } else {
                    assert_eq!(own.len(), 1);
                    assert_eq!(plies, 0, "{dir}: unplayed board {} has moves", b.board);
                    assert_eq!(own[0].tag("Termination"), Some("rules infraction"));
                    assert_eq!(own[0].tag("Annotator"), None);
                }
            }
            if dir.starts_with("bundesliga") {
                // Board 6 (the pulled cable): the moves the feed recovered from the e-board's
                // memory are in one legal game, each with the clock the board's move log gave
                // for it (issue 25: the recovered moves carry their clocks).
                let six: Vec<_> = games
                    .iter()
                    .filter(|g| g.tag("Board") == Some("6"))
                    .collect();
                assert_eq!(six.len(), 1);
                assert_eq!(six[0].outcome.as_deref(), Some("1-0"));
                assert!(r.records.iter().any(|rec| matches!(&rec.event,
                    arbiter_core::record::Event::MovesRecovered(m) if m.board.0 == 6)));
                assert!(six[0].clk.iter().all(Option::is_some));
            }
        }
    }
}

/// The same exports read by two readers outside Rust, python-chess and pgn-extract
/// (`scripts/check-pgn.sh`), where both are installed (`scripts/check-pgn.sh --install`): 0
/// errors. Without them the test says so and checks nothing more.
#[test]
fn the_pgn_of_the_recordings_reads_in_python_chess_and_pgn_extract() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for rec in [
        "bundesliga-musterstadt-beispielhausen",
        "oberliga-rheinufer-huegelland",
    ] {
        let r = load(rec);
        let m = match_of(&r.records);
        let s = arbiter_core::report::games_state(&r.records);
        for lang in [
            arbiter_core::matchfile::Lang::De,
            arbiter_core::matchfile::Lang::En,
        ] {
            let path = dir.path().join(format!("{rec}-{lang:?}.pgn"));
            std::fs::write(&path, arbiter_report::pgn::all_games(&m, &s, lang)).unwrap();
            files.push(path);
        }
    }
    let out = std::process::Command::new("sh")
        .arg("scripts/check-pgn.sh")
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() == Some(2) {
        eprintln!("skipped: {stderr}");
        return;
    }
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(
        stdout.matches(", 0 errors").count(),
        2 * files.len(),
        "{stdout}"
    );
    eprintln!("{stdout}");
}

/// The shipped recordings verify with the binary under their match file as the anchor (issue
/// 26; with the journal: `check_report`): VALID, the anchor named, the demonstration keys
/// marked as such; refused without `--allow-demo-keys`.
#[test]
fn the_recordings_verify_under_their_match_file() {
    for dir in [
        "bundesliga-musterstadt-beispielhausen",
        "oberliga-rheinufer-huegelland",
    ] {
        let anchor = &format!("recordings/{dir}/match.toml");
        let report = format!("recordings/{dir}/report/report.json");
        let run = |extra: &[&str]| {
            let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(["verify", &report, "--match", anchor.as_str()])
                .args(extra)
                .output()
                .unwrap();
            (
                o.status.code(),
                String::from_utf8_lossy(&o.stdout).into_owned(),
            )
        };
        let (code, out) = run(&["--allow-demo-keys"]);
        assert_eq!(code, Some(0), "{dir}: {out}");
        assert!(out.contains(": VALID"), "{dir}: {out}");
        assert!(
            out.contains(&format!("anchor: the match file {anchor}")),
            "{dir}: {out}"
        );
        assert!(out.contains("DEMONSTRATION KEYS"), "{dir}: {out}");
        let (code, out) = run(&[]);
        assert_eq!(code, Some(1), "{dir}: {out}");
        assert!(
            out.contains("made with a demonstration key"),
            "{dir}: {out}"
        );
    }
}
