//! The report of the match around the games (issue 16): the deadline and its basis, the
//! lineups handed in, consents, a sealed lineup's refused view, reservations, colour overrides,
//! "as played" beside "as scored", host and guest points; in both languages. A play-off tied
//! after the Berliner Wertung cannot be signed before the lot. Each report follows the shipped
//! schema.

use std::path::Path;

use arbiter_core::i18n::Lang;
use arbiter_core::journal::Chain;
use arbiter_core::matchfile::MatchKind;
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::procedure::LotDrawn;
use arbiter_core::record::{Origin, ResultRecorded, SessionStarted};
use arbiter_core::report;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::config::{load_match, run_scenario_file};
use arbiter_report::sign::{self, Authority, Role, SignError, SignedReport};

#[test]
fn the_report_shows_the_match_procedure_in_both_languages() {
    let o = run_scenario_file(Path::new("tests/scenarios/match-procedure.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let m = load_match(
        Path::new("config/matches/demo-bundesliga.toml"),
        Some("trier"),
    )
    .unwrap();
    let r = report::build(&m, &o.records);
    // The facts, independently of the words.
    let p = &r.procedure;
    let d = p.deadline.as_ref().unwrap();
    assert_eq!(
        (d.minutes, d.reference.as_str(), d.until.as_str()),
        (60, "14:00", "15:00")
    );
    assert_eq!(p.agreed_start.as_deref(), Some("14:10"));
    assert_eq!(p.views.len(), 2);
    assert!(!p.views[0].granted && p.views[1].granted);
    assert_eq!(p.consents.len(), 2);
    assert!(p.consents.iter().all(|c| c.applied));
    assert_eq!(p.colour_overrides.len(), 1);
    let res: Vec<_> = r
        .reservations
        .iter()
        .filter(|x| !x.reason.is_empty())
        .collect();
    assert_eq!(res.len(), 1);
    assert_eq!(res[0].board, 2);
    // § 33 Abs. 4b zeroes boards 2-5 for the guests: "as scored" differs from "as played".
    let scored: Vec<u16> = r
        .boards
        .iter()
        .filter(|b| b.scored.is_some())
        .map(|b| b.board)
        .collect();
    assert_eq!(scored, vec![2, 3, 4, 5]);
    for b in &r.boards[1..5] {
        assert_eq!(b.host_points_halves, Some(2), "board {}", b.board);
        assert_eq!(b.guest_points_halves, Some(0), "board {}", b.board);
    }
    assert!(
        r.boards[7].termination.is_some(),
        "board 8 ended at the default time"
    );
    let env = SignedReport::new(r);
    follows_the_schema(&env);
    let authority = Authority::from_match(&m);
    for lang in [Lang::De, Lang::En] {
        let text = arbiter_report::text::markdown(&env, lang, &authority);
        insta::assert_snapshot!(format!("match_procedure_{lang:?}").to_lowercase(), text);
    }
    // The PDF has the same sections, in the embedded Unicode font (docs/REPORT.md).
    let poppler = std::process::Command::new("pdftotext")
        .arg("-v")
        .output()
        .is_ok();
    for (lang, heading) in [
        (Lang::De, "Abgabe der Aufstellungen, Zustimmungen, Farben"),
        (Lang::En, "Lineups handed in, consents, colours"),
    ] {
        let pdf = arbiter_report::pdf::render(&env, lang, &authority);
        let find = |n: &[u8]| pdf.windows(n.len()).any(|w| w == n);
        assert!(find(b"/FontFile2") && find(b"/ToUnicode") && !find(b"/Helvetica"));
        if !poppler {
            eprintln!("pdftotext not installed: text extraction skipped");
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.pdf");
        std::fs::write(&p, &pdf).unwrap();
        let out = std::process::Command::new("pdftotext")
            .arg(&p)
            .arg("-")
            .output()
            .unwrap();
        assert!(out.status.success());
        let flat: String = String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .collect();
        for want in [heading, "§ 33 Abs. 1"] {
            let want: String = want.split_whitespace().collect();
            assert!(flat.contains(&want), "{lang:?}: {want} not in the PDF");
        }
    }
}

#[test]
fn a_play_off_tied_after_the_berliner_wertung_cannot_be_signed_before_the_lot() {
    let mut m = load_match(
        Path::new("config/matches/demo-bundesliga.toml"),
        Some("nrw-1987"),
    )
    .unwrap();
    m.file.kind = MatchKind::PlayOff;
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut records = Vec::new();
    let start = WallMs::from_datetime(&m.scheduled_start);
    let mut push = |records: &mut Vec<_>, at: u64, event: arbiter_core::record::Event| {
        records.push(chain.append(
            start + at as i64,
            MonoMs::from_base_ms(at),
            Origin::Arbiter,
            event,
            &mut buf,
        ));
    };
    push(
        &mut records,
        0,
        SessionStarted::of(&m, "test".into()).into(),
    );
    // Home wins boards 1, 4, 6, 7 (8 + 5 + 3 + 2 = 18), the guests 2, 3, 5, 8 (7 + 6 + 4 + 1).
    for (b, home_wins) in [true, false, false, true, false, true, true, false]
        .iter()
        .enumerate()
    {
        let board = BoardNo::from_index(b);
        let home_white = m.white_team(board) == arbiter_core::model::TeamSide::Home;
        let result = if *home_wins == home_white {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        push(
            &mut records,
            1000,
            ResultRecorded {
                board,
                result,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into(),
        );
    }
    let keys = |role: Role, name: &str, pass: &[u8]| sign::derive_key(role, name, pass).unwrap();
    let arbiter = keys(Role::Arbiter, "Martina Keller", b"Schiedsrichter-Demo-2026");
    let authority = Authority::from_match(&m);
    let mut env = SignedReport::new(report::build(&m, &records));
    assert!(env.report.score.play_off.as_ref().unwrap().lot_pending);
    follows_the_schema(&env);
    let e = sign::sign(
        &mut env,
        Role::Arbiter,
        &arbiter,
        "2026-11-28T19:00:00+01:00",
        None,
        &authority,
    )
    .unwrap_err();
    assert!(matches!(e, SignError::LotPending), "{e}");
    push(
        &mut records,
        2000,
        LotDrawn {
            winner: arbiter_core::model::TeamSide::Away,
            drawn_by: "Martina Keller".into(),
            witnesses: vec!["Friedrich Lenz".into(), "Karin Oberländer".into()],
        }
        .into(),
    );
    let mut env = SignedReport::new(report::build(&m, &records));
    let po = env.report.score.play_off.clone().unwrap();
    assert!(!po.lot_pending);
    follows_the_schema(&env);
    assert_eq!(env.report.score.match_points, Some([0, 2]));
    sign::sign(
        &mut env,
        Role::Arbiter,
        &arbiter,
        "2026-11-28T19:00:00+01:00",
        None,
        &authority,
    )
    .unwrap();
    let text = arbiter_report::text::markdown(&env, Lang::De, &authority);
    assert!(text.contains("durch Los entschieden"), "{text}");
    assert!(text.contains("Gewichte 8, 7, 6, 5, 4, 3, 2, 1"), "{text}");
}

/// The match procedure's members in `report.json` follow the shipped schema
/// (docs/report.schema.json: types and units), as `arbiter verify` checks them.
fn follows_the_schema(env: &SignedReport) {
    let v = serde_json::to_value(env).unwrap();
    arbiter_report::schema::check(&v, 10).unwrap_or_else(|e| panic!("{e:?}"));
}
