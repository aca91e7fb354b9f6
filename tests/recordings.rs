//! The recorded matches: chains intact, signed reports that match their journals, and the state
//! replayed headless at several moments against known values.

use std::path::Path;

use arbiter_core::model::{BoardNo, format_hms};
use arbiter_core::replay::{Replay, incidents};
use arbiter_core::report::compare_with_journal;
use arbiter_core::rules;
use arbiter_io::config::match_for_journal;
use arbiter_io::journal_file;
use arbiter_report::sign::{self, SignedReport};

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
    let (s, mono) = r.at(t);
    let bs = s.board(BoardNo(board)).unwrap();
    let c = arbiter_core::status::clock_at(&s, bs, mono).unwrap();
    let (w, b) = (c.white_ms, c.black_ms);
    (format_hms(w), format_hms(b), bs.moves.len())
}

fn check_report(dir: &str, r: &Replay) {
    let text = std::fs::read(format!("recordings/{dir}/report/report.json")).unwrap();
    let env: SignedReport = serde_json::from_slice(&text).unwrap();
    let v = sign::check(&env);
    assert!(v.is_valid(), "{v:?}");
    assert_eq!(v.signatures.len(), 3);
    let m = match_for_journal(&r.records, None).unwrap();
    compare_with_journal(&env.report, &m, &r.records).unwrap();
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
    // When the threefold claim on board 4 was made.
    assert_eq!(
        clocks(&r, at(d, "14:50:00"), 4),
        ("1:07:05".into(), "1:16:25".into(), 27)
    );
    let (s, _) = r.at(at(d, "14:50:01"));
    let claim = s
        .interventions
        .iter()
        .find(|i| i.intervention.board == Some(BoardNo(4)))
        .unwrap();
    assert_eq!(
        (claim.intervention.white_ms, claim.intervention.black_ms),
        (Some(4_025_000), Some(4_585_000))
    );
    // Before the default time expired, board 8 had no result; after it, +/-.
    let (s, _) = r.at(at(d, "14:29:59"));
    assert!(s.board(BoardNo(8)).unwrap().result.is_none());
    let (s, _) = r.at(at(d, "14:30:01"));
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
    let (s, _) = r.at(at(d, "17:30:00"));
    let m = match_for_journal(&r.records, None).unwrap();
    let sc = rules::score(&m, &s);
    assert_eq!(sc.as_scored.half_points, [6, 10]);
    assert_eq!(sc.match_points, Some([0, 2]));
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
    let (s, _) = r.at(at(d, "10:06:22"));
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
    let (s, _) = r.at(at(d, "13:30:00"));
    let m = match_for_journal(&r.records, None).unwrap();
    let sc = rules::score(&m, &s);
    assert_eq!(sc.as_played.half_points, [12, 4]);
    assert_eq!(
        sc.as_scored.half_points,
        [14, 2],
        "board 5 scored against the away team"
    );
    assert_eq!(sc.sanctioned_boards, vec![BoardNo(5)]);
    assert_eq!(sc.unplayed_boards, vec![BoardNo(2)]);
}
