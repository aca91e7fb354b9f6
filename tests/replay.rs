//! Replay: the state at any moment equals the state built live up to it; incidents; bundles.

use std::path::Path;
use std::process::Command;

use arbiter_core::journal::{Chain, Record};
use arbiter_core::model::{BoardNo, ClockSide, GameResult, TeamSide};
use arbiter_core::record::{
    ClockSample, Event, FeedState, FeedStatus, MoveMade, Note, Origin, PlayerArrived,
    ResultRecorded, RoundStarted, SessionStarted,
};
use arbiter_core::replay::{self, Replay};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use proptest::prelude::*;

fn session() -> Event {
    SessionStarted {
        match_sha256: String::new(),
        profile_sha256: String::new(),
        match_path: String::new(),
        profile_id: "bundesliga".into(),
        boards: 4,
        software: "test".into(),
        time_control: Some("90/40+30+30s".parse().unwrap()),
        profile_path: None,
        match_text: None,
        profile_text: None,
    }
    .into()
}

fn arb_event() -> impl Strategy<Value = (Origin, Event)> {
    let board = (1u16..=4).prop_map(BoardNo);
    prop_oneof![
        4 => (board.clone(), 0u64..5_400_000, 0u64..5_400_000, 0u8..3).prop_map(|(b, l, r, run)| (
            Origin::Feed(b),
            ClockSample {
                board: b,
                left_ms: l / 1000 * 1000,
                right_ms: r / 1000 * 1000,
                running: [None, Some(ClockSide::Left), Some(ClockSide::Right)][usize::from(run)],
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into()
        )),
        2 => (board.clone(), 1u32..100).prop_map(|(b, ply)| (
            Origin::Feed(b),
            MoveMade::new(b, ply, "e2e4", "e4").into()
        )),
        1 => board.clone().prop_map(|b| (Origin::Arbiter, PlayerArrived { board: b, team: TeamSide::Home, at: None }.into())),
        1 => board.clone().prop_map(|b| (Origin::Arbiter, ResultRecorded { board: b, result: GameResult::BlackWins, reason: String::new(), ending: None, overridden: Vec::new() }.into())),
        1 => board.clone().prop_map(|b| (Origin::Feed(b), FeedStatus { board: b, state: FeedState::Stale, detail: String::new() }.into())),
        1 => Just((Origin::Arbiter, RoundStarted::default().into())),
        1 => Just((Origin::System, session())),
        1 => board.prop_map(|b| (Origin::Arbiter, Note { board: Some(b), text: "n".into(), witnesses: Vec::new() }.into())),
    ]
}

/// Random journals with random gaps between records (some equal times).
fn journal() -> impl Strategy<Value = Vec<Record>> {
    prop::collection::vec((arb_event(), 0u64..3_000), 1..300).prop_map(|evs| {
        let mut chain = Chain::default();
        let mut buf = Vec::new();
        let mut t = 0u64;
        let mut out = vec![chain.append(
            WallMs::from_unix_ms(1_764_334_800_000),
            MonoMs::from_base_ms(0),
            Origin::System,
            session(),
            &mut buf,
        )];
        for ((o, e), gap) in evs {
            t += gap;
            buf.clear();
            out.push(chain.append(
                WallMs::from_unix_ms(1_764_334_800_000 + t as i64),
                MonoMs::from_base_ms(t),
                o,
                e,
                &mut buf,
            ));
        }
        out
    })
}

proptest! {
    // Each case replays to ~600 moments; 48 cases keep the debug-build run short.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// For every moment T, the state built live up to T equals the state replayed to T.
    #[test]
    fn live_equals_replay_at_every_moment(records in journal()) {
        let r = Replay::new(records.clone());
        let mut live = MatchState::default();
        let mut snapshots = vec![(WallMs::MIN, MatchState::default())];
        for rec in &records {
            apply(&mut live, rec);
            snapshots.push((rec.wall_ms, live.clone()));
        }
        // Every record's instant, and the instants between records.
        for (i, rec) in records.iter().enumerate() {
            for t in [rec.wall_ms - 1, rec.wall_ms, rec.wall_ms + 1] {
                let live_at = snapshots.iter().rev().find(|(w, _)| *w <= t).map(|(_, s)| s).unwrap();
                let (replayed, _) = r.at(t);
                prop_assert_eq!(&replayed, live_at, "at record {} (t = {:?})", i, t);
            }
        }
    }
}

#[test]
fn checkpoints_give_the_same_state_as_a_full_fold() {
    // More records than one checkpoint interval.
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut recs = vec![chain.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(0),
        Origin::System,
        session(),
        &mut buf,
    )];
    for i in 1..(replay::CHECKPOINT_EVERY * 2 + 500) as u64 {
        let b = BoardNo((i % 4) as u16 + 1);
        let ev = ClockSample {
            board: b,
            left_ms: 5_400_000 - ((i / 4) % 5_000) * 1000,
            right_ms: 5_400_000,
            running: Some(ClockSide::Left),
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        };
        buf.clear();
        recs.push(chain.append(
            WallMs::from_unix_ms(i as i64 * 250),
            MonoMs::from_base_ms(i * 250),
            Origin::Feed(b),
            ev.into(),
            &mut buf,
        ));
    }
    let r = Replay::new(recs.clone());
    for n in [
        0,
        1,
        replay::CHECKPOINT_EVERY - 1,
        replay::CHECKPOINT_EVERY,
        replay::CHECKPOINT_EVERY + 7,
        recs.len(),
    ] {
        assert_eq!(
            r.state_after(n),
            MatchState::fold(&recs[..n]),
            "after {n} records"
        );
    }
}

fn trier_journal() -> Vec<u8> {
    arbiter_io::config::run_scenario_file(Path::new("tests/scenarios/trier-quickplay.toml"))
        .unwrap()
        .journal
}

#[test]
fn incidents_and_queries_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("m.jsonl");
    std::fs::write(&j, trier_journal()).unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let out = Command::new(bin)
        .arg("replay")
        .arg(&j)
        .args(["--incidents", "--board", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("16:50:05.000")
            && text.contains("quickplay_claim  decision postponed; +2 min to Black"),
        "{text}"
    );
    assert!(!text.contains("board 4"), "narrowed to board 7: {text}");
    // The clocks when the claim was made, and the claim in the state, as JSON.
    let out = Command::new(bin)
        .arg("replay")
        .arg(&j)
        .args(["--at", "16:50:05", "--json", "--board", "7"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // White's clock showed 1:40 running at 16:50:00 and nobody stopped it: five seconds later a
    // physical clock shows 1:35 (the console counts on between reports).
    assert_eq!(v["clocks"][0]["white"], "0:01:35");
    assert_eq!(v["clocks"][0]["black"], "0:06:00");
    assert_eq!(v["interventions"].as_array().unwrap().len(), 1);
    // A moment before it: no intervention yet.
    let out = Command::new(bin)
        .arg("replay")
        .arg(&j)
        .args(["--at", "16:50:04", "--json", "--board", "7"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["interventions"].as_array().unwrap().len(), 0);
    // Bad input: a clear message, no panic.
    let out = Command::new(bin)
        .arg("replay")
        .arg(&j)
        .args(["--at", "25:99"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected HH:MM, HH:MM:SS"));
    // HH:MM is a moment too (issue 29): 16:50 is 16:50:00.
    let at = |a: &str| {
        let out = Command::new(bin)
            .arg("replay")
            .arg(&j)
            .args(["--at", a, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{a}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["records_applied"].clone()
    };
    assert_eq!(at("16:50"), at("16:50:00"));
}

#[test]
fn a_bundle_verifies_against_the_chain_and_tampering_is_caught() {
    let j = trier_journal();
    // 14:00 (13:00 UTC) on 2026-11-28 is the scenario's start; the claim is at 16:50:05.
    let start = WallMs::from_datetime(
        &chrono::DateTime::parse_from_rfc3339("2026-11-28T14:00:00+01:00").unwrap(),
    );
    let (from, to) = (
        start + (2 * 3600 + 50 * 60) * 1000,
        start + (2 * 3600 + 52 * 60) * 1000,
    );
    let bundle = replay::extract(&j, Some(BoardNo(7)), from, to, None).unwrap();
    let h = replay::verify_bundle(&bundle, Some(&j)).unwrap();
    // The arbiter set board 7's position (the last period) at 2:49, before the window.
    assert_eq!((h.from_seq, h.to_seq), (9, 12));
    assert!(replay::verify_bundle(&bundle, None).is_ok());
    // One byte changed in a record.
    let mut bad = bundle.clone();
    let pos = bad.windows(9).position(|w| w == b"postponed").unwrap();
    bad[pos] = b'P';
    assert!(
        replay::verify_bundle(&bad, Some(&j))
            .unwrap_err()
            .contains("line")
    );
    // A record dropped from the middle.
    let lines: Vec<&[u8]> = bundle.split_inclusive(|b| *b == b'\n').collect();
    let dropped: Vec<u8> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 3)
        .flat_map(|(_, l)| l.to_vec())
        .collect();
    assert!(
        replay::verify_bundle(&dropped, None)
            .unwrap_err()
            .contains("does not link")
    );
    // Against another journal.
    let other =
        arbiter_io::config::run_scenario_file(Path::new("tests/scenarios/bundesliga-match.toml"))
            .unwrap()
            .journal;
    assert!(replay::verify_bundle(&bundle, Some(&other)).is_err());
}

/// Runs `arbiter replay` with these arguments: (exit code, stdout, stderr).
fn replay_cmd(args: &[&std::ffi::OsStr]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("replay")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A bundle written by --extract opens in replay (verified first), --at shows the moment's
/// intervention, open claim and decision, and a moment outside the bundle's range is refused
/// with the range it covers.
#[test]
fn a_bundle_from_extract_opens_in_replay_and_refuses_moments_outside_it() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("m.jsonl");
    std::fs::write(&j, trier_journal()).unwrap();
    let b = dir.path().join("appeal.bundle");
    let (code, out, err) = replay_cmd(&[
        j.as_os_str(),
        "--extract".as_ref(),
        "--board".as_ref(),
        "7".as_ref(),
        "--from".as_ref(),
        "16:49:00".as_ref(),
        "--to".as_ref(),
        "16:52:00".as_ref(),
        "-o".as_ref(),
        b.as_os_str(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    // The moment after the quickplay claim: the claim is open (the decision was postponed),
    // the intervention and the arbiter's decision with its reason are there.
    let (code, out, err) = replay_cmd(&[b.as_os_str(), "--at".as_ref(), "16:50:06".as_ref()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("was edited"), "{err}");
    assert!(out.contains("interventions (1):"), "{out}");
    assert!(out.contains("+2 min to Black"), "{out}");
    assert!(
        out.contains("open claims (1):") && out.contains("board  7 claim #1 quickplay by white"),
        "{out}"
    );
    assert!(
        out.contains("decisions (1):") && out.contains("Black gets 2 min"),
        "{out}"
    );
    // The same as JSON, with the board the bundle was made for.
    let (code, out, _) = replay_cmd(&[
        b.as_os_str(),
        "--at".as_ref(),
        "16:50:06".as_ref(),
        "--json".as_ref(),
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["open_claims"][0]["board"], 7);
    assert_eq!(v["decisions"][0]["chosen_label"], "Black gets 2 min");
    assert_eq!(v["clocks"].as_array().unwrap().len(), 1, "only board 7");
    // Before the claim: nothing yet.
    let (_, out, _) = replay_cmd(&[b.as_os_str(), "--at".as_ref(), "16:49:30".as_ref()]);
    assert!(
        out.contains("interventions (0):") && out.contains("open claims (0):"),
        "{out}"
    );
    // Outside the bundle's range (inside the journal's): refused, naming the range.
    let (code, out, err) = replay_cmd(&[b.as_os_str(), "--at".as_ref(), "16:40:00".as_ref()]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.contains("outside the bundle")
            && err.contains("covers 2026-11-28 16:49:00 to 2026-11-28 16:51:02"),
        "{err}"
    );
    // A bundle changed by one byte does not open.
    let mut bad = std::fs::read(&b).unwrap();
    let pos = bad.windows(9).position(|w| w == b"postponed").unwrap();
    bad[pos] = b'P';
    let bad_path = dir.path().join("bad.bundle");
    std::fs::write(&bad_path, bad).unwrap();
    let (code, _, err) = replay_cmd(&[bad_path.as_os_str(), "--at".as_ref(), "16:50:06".as_ref()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the bundle does not verify"), "{err}");
}

/// A moment after the journal's end (or before its start) is refused with the range, not
/// answered with the final state; --board narrows --at to one board, and a board outside the
/// match is refused.
#[test]
fn at_refuses_a_moment_outside_the_journal_and_board_narrows_it() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("m.jsonl");
    std::fs::write(&j, trier_journal()).unwrap();
    for at in ["23:00:00", "13:59:59"] {
        let (code, out, err) = replay_cmd(&[j.as_os_str(), "--at".as_ref(), at.as_ref()]);
        assert_eq!(code, Some(2), "{at}: {out}");
        assert!(
            err.contains("outside the journal")
                && err.contains("covers 2026-11-28 14:00:00 to 2026-11-28 17:00:00"),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
    }
    let (code, out, err) = replay_cmd(&[
        j.as_os_str(),
        "--at".as_ref(),
        "16:50:06".as_ref(),
        "--board".as_ref(),
        "7".as_ref(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("board  7:") && !out.contains("board  4:"),
        "{out}"
    );
    assert!(out.contains("round started 14:00:00"), "{out}");
    let (code, _, err) = replay_cmd(&[
        j.as_os_str(),
        "--at".as_ref(),
        "16:50:06".as_ref(),
        "--board".as_ref(),
        "99".as_ref(),
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--board 99"), "{err}");
    // The arrivals at a moment: board 1's two players arrived at 14:05 in the Bundesliga match.
    let bl = dir.path().join("bl.jsonl");
    std::fs::write(
        &bl,
        arbiter_io::config::run_scenario_file(Path::new("tests/scenarios/bundesliga-match.toml"))
            .unwrap()
            .journal,
    )
    .unwrap();
    let at = |t: &str| {
        replay_cmd(&[
            bl.as_os_str(),
            "--at".as_ref(),
            t.as_ref(),
            "--board".as_ref(),
            "1".as_ref(),
        ])
    };
    let (_, out, err) = at("14:04:59");
    assert!(out.contains("arrivals (0):"), "{out}{err}");
    let (_, out, _) = at("14:05:00");
    assert!(
        out.contains("arrivals (2):")
            && out.contains("14:05:00.000  board  1 home player")
            && out.contains("14:05:00.000  board  1 away player"),
        "{out}"
    );
}

/// The Trier claim's bundle (board 7, 16:49 to 16:52) as `--extract` writes it (format 3; the
/// journal has no signed report to tie it to), and
/// the same range as format 1 had it: the header, the session's first record, the range.
fn trier_bundles() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let j = trier_journal();
    let start = WallMs::from_datetime(
        &chrono::DateTime::parse_from_rfc3339("2026-11-28T14:00:00+01:00").unwrap(),
    );
    let (from, to) = (
        start + (2 * 3600 + 49 * 60) * 1000,
        start + (2 * 3600 + 52 * 60) * 1000,
    );
    let v2 = replay::extract(&j, Some(BoardNo(7)), from, to, None).unwrap();
    let h = replay::verify_bundle(&v2, Some(&j)).unwrap();
    let lines: Vec<&[u8]> = v2.split_inclusive(|b| *b == b'\n').collect();
    let chained = |l: &[u8]| arbiter_core::journal::decode_line(&l[..l.len() - 1]).unwrap();
    let range: Vec<&[u8]> = lines[1..]
        .iter()
        .copied()
        .filter(|l| chained(l).record.seq >= h.from_seq)
        .collect();
    let mut h1 = h.clone();
    h1.bundle = replay::BUNDLE_FORMAT_1.into();
    h1.context_from_seq = None;
    h1.anchor = hex_of(&chained(range[0]).prev);
    let mut v1 = serde_json::to_vec(&h1).unwrap();
    v1.push(b'\n');
    v1.extend_from_slice(lines[1]);
    for l in range {
        v1.extend_from_slice(l);
    }
    (j, v2, v1)
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Format 2 carries the records from the session's start (lineups, names) as one chain: the
/// bundle's replay shows board 7's players by name; a format 1 bundle still verifies and opens
/// (without them, and says so); a changed byte in the context fails the check.
#[test]
fn a_bundle_carries_its_context_and_a_format_1_bundle_still_opens() {
    use arbiter_tui::theme::Theme;
    let (j, v2, v1) = trier_bundles();
    let h2 = replay::verify_bundle(&v2, Some(&j)).unwrap();
    assert_eq!(h2.bundle, replay::BUNDLE_FORMAT);
    assert_eq!(h2.context_from_seq, Some(0), "from the session's start");
    assert!(
        h2.from_seq > 2,
        "the range starts after the lineups: {h2:?}"
    );
    let h1 = replay::verify_bundle(&v1, Some(&j)).unwrap();
    assert_eq!((h1.from_seq, h1.to_seq), (h2.from_seq, h2.to_seq));
    assert!(!h1.has_context());
    // The away player on board 2, as the whole journal has him: the lineup handed in before
    // 14:00 puts rank 5 there (not the match file's planned order, which a replay without the
    // lineup falls back to), and the round was started before the range.
    let (all, _) = arbiter_io::journal_file::records_from_bytes(&j).unwrap();
    let m = arbiter_io::config::match_for_journal_noted(&all, None)
        .unwrap()
        .m;
    let full = Replay::new(all.clone()).state_after(all.len());
    let name = arbiter_core::report::player_on(&m, &full, TeamSide::Away, BoardNo(2))
        .unwrap()
        .name;
    assert_eq!(
        m.team(TeamSide::Away)
            .squad
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.rank),
        Some(5)
    );
    let board2 = |screen: &str| {
        screen
            .lines()
            .find(|l| l.starts_with("  2 "))
            .unwrap_or_default()
            .to_string()
    };
    let shown = |bundle: &[u8]| {
        let (h, records) = replay::bundle_records(bundle).unwrap();
        let t = records
            .iter()
            .find(|r| r.seq >= h.from_seq)
            .unwrap()
            .wall_ms;
        let (s, mono) = Replay::new(records).at(t);
        let v = arbiter_tui::ViewState::new(m.file.lang, Theme::monochrome());
        arbiter_tui::render_to_string(&m, &s, &v, mono, 120, 40)
    };
    let with = shown(&v2);
    assert!(
        board2(&with).contains(&name),
        "{name} not on board 2:\n{with}"
    );
    assert!(!with.contains("nicht begonnen"), "{with}");
    let without = shown(&v1);
    assert!(
        !board2(&without).contains(&name),
        "format 1 has no lineups:\n{without}"
    );
    assert!(without.contains("nicht begonnen"), "{without}");
    // The context is verified as the range is: one byte changed in a lineup record.
    let mut bad = v2.clone();
    let lineup = bad
        .windows(18)
        .position(|w| w == b"\"lineup_submitted\"")
        .unwrap();
    let digit = bad[lineup..]
        .iter()
        .position(|b| b.is_ascii_digit())
        .unwrap()
        + lineup;
    bad[digit] = if bad[digit] == b'9' { b'8' } else { b'9' };
    assert!(replay::verify_bundle(&bad, None).is_err());
    assert!(replay::verify_bundle(&bad, Some(&j)).is_err());
    // A context line removed: the chain has a gap.
    let lines: Vec<&[u8]> = v2.split_inclusive(|b| *b == b'\n').collect();
    let gap: Vec<u8> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2)
        .flat_map(|(_, l)| l.to_vec())
        .collect();
    assert!(
        replay::verify_bundle(&gap, None)
            .unwrap_err()
            .contains("does not link")
    );
    // From the command line: both open; `--at` folds the context; format 1 says it has none.
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in [("v2.bundle", &v2), ("v1.bundle", &v1)] {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        let (code, out, err) = replay_cmd(&[p.as_os_str(), "--at".as_ref(), "16:50:06".as_ref()]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(out.contains("open claims (1):"), "{name}: {out}");
        assert_eq!(
            err.contains("carries no context"),
            name == "v1.bundle",
            "{name}: {err}"
        );
        // `arbiter verify` checks it alone and against the journal.
        let jp = dir.path().join("j.jsonl");
        std::fs::write(&jp, &j).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("verify")
            .arg(&p)
            .arg("--journal")
            .arg(&jp)
            .output()
            .unwrap();
        // Intact and the journal's, but tied to no signed report: never called verified
        // (issue 26), and the status is not 0.
        let said = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: {out:?}");
        assert!(
            said.contains("chain intact") && said.contains("identical to the journal's"),
            "{name}: {said}"
        );
        assert!(
            said.contains("NOT ANCHORED") && !said.contains("VERIFIED"),
            "{name}: {said}"
        );
    }
}

/// `--at` names how a game ended where the arbiter recorded it with the result (the NRW
/// scenario: board 1's 0-1 recorded as a resignation, board 7's ½-½ without an ending).
#[test]
fn at_names_the_recorded_ending() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("nrw.jsonl");
    let o =
        arbiter_io::config::run_scenario_file(Path::new("tests/scenarios/nrw-default-time.toml"))
            .unwrap();
    std::fs::write(&j, &o.journal).unwrap();
    let (code, out, err) = replay_cmd(&[j.as_os_str(), "--at".as_ref(), "18:00:00".as_ref()]);
    assert_eq!(code, Some(0), "{err}");
    let line = |b: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("board {b:>2}:")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(line("1").ends_with("result 0-1 (resignation)"), "{out}");
    assert!(line("7").ends_with("result ½-½"), "{out}");
    assert!(line("8").ends_with("result ½-½ (agreement)"), "{out}");
    let (_, json, _) = replay_cmd(&[
        j.as_os_str(),
        "--at".as_ref(),
        "18:00:00".as_ref(),
        "--json".as_ref(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["clocks"][0]["ending"], "resignation");
    assert!(v["clocks"][6]["ending"].is_null());
}

/// Issue 29: the replay screen with its timeline at 80x24, 120x30 and 200x60 in German and
/// English: the moment, the incident at hand at the time it happened with the time it was
/// entered (the start entered 40 s after the clocks were started), the chain's verdict; the
/// footer's line wraps below the screen where it is long, nothing cut.
#[test]
fn the_replay_screen_with_its_timeline_at_three_sizes_in_both_languages() {
    use arbiter_console::replay_console::{ReplayCursor, replay_footer};
    use arbiter_core::matchfile::Lang;
    use arbiter_tui::fixture::{WALL0, demo_match, situation_journal};
    let m = demo_match();
    let (_, fixture) = situation_journal(&m, 8);
    // The start entered afterwards: the clocks ran at 14:00:20, the arbiter entered it at
    // 14:01:00.
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let records: Vec<Record> = fixture
        .iter()
        .map(|r| {
            let event = match &r.event {
                Event::RoundStarted(_) => Event::RoundStarted(RoundStarted {
                    at: Some(WALL0 + 20_000),
                    reason: String::new(),
                }),
                e => e.clone(),
            };
            chain.append(r.wall_ms, r.mono_ms, r.origin, event, &mut buf)
        })
        .collect();
    let started = records
        .iter()
        .find(|r| matches!(r.event, Event::RoundStarted(_)))
        .unwrap();
    let rp = Replay::new(records.clone());
    let t = started.wall_ms + 1_000;
    let (s, now) = rp.at(t);
    let cursor = ReplayCursor {
        t,
        playing: false,
        speed_idx: 0,
        incidents: replay::incidents(&records),
        prompt: None,
    };
    let inc = &cursor.incidents[cursor.current_incident().unwrap()];
    assert_eq!(inc.kind, "round_started");
    assert_eq!(inc.wall_ms, WALL0 + 20_000);
    assert_eq!(inc.entered_ms, Some(started.wall_ms));
    let verdict = arbiter_core::msg!("replay-chain-intact", records = records.len());
    for lang in [Lang::De, Lang::En] {
        let mut v = arbiter_tui::ViewState::new(lang, arbiter_tui::theme::Theme::monochrome());
        replay_footer(&mut v, &cursor, &m, &verdict);
        for (w, h) in [(80u16, 24u16), (120, 30), (200, 60)] {
            let screen = arbiter_tui::render_to_string(&m, &s, &v, now, w, h);
            let flat = screen.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains("14:00:20"), "{w}x{h}:\n{screen}");
            assert!(flat.contains("14:01:00)"), "{w}x{h}:\n{screen}");
            let l = if lang == Lang::De { "de" } else { "en" };
            insta::assert_snapshot!(format!("replay_timeline_{w}x{h}_{l}"), screen);
        }
    }
}

/// `--at` reads the journal in blocks and keeps no record (issue 30): the state it prints is
/// `Replay::at`'s also where the wall clock stepped back (the moment is then found among the
/// records' times as `Replay::count_at` finds it, and the records folded in a second pass).
#[test]
fn at_gives_the_replays_state_also_where_the_wall_clock_stepped_back() {
    let t0 = 1_800_000_000_000i64;
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut records = vec![chain.append(
        WallMs::from_unix_ms(t0),
        MonoMs::from_base_ms(0),
        Origin::System,
        session(),
        &mut buf,
    )];
    let sample = |i: u64| ClockSample {
        board: BoardNo(1),
        left_ms: 5_400_000 - i * 1000,
        right_ms: 5_400_000,
        running: Some(ClockSide::Left),
        left_flag: false,
        right_flag: false,
        white_side: Some(ClockSide::Left),
        left_flag_kind: None,
        right_flag_kind: None,
    };
    // 200 s in order, then the wall clock set back by 50 s for another 100 s.
    for i in 1..=300u64 {
        let wall = if i <= 200 {
            t0 + i as i64 * 1000
        } else {
            t0 + (i as i64 - 50) * 1000
        };
        records.push(chain.append(
            WallMs::from_unix_ms(wall),
            MonoMs::from_base_ms(i * 1000),
            Origin::Feed(BoardNo(1)),
            sample(i).into(),
            &mut buf,
        ));
    }
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("stepped.jsonl");
    std::fs::write(&j, &buf).unwrap();
    let r = Replay::new(records);
    for (at, secs) in [
        ("+0:01:00", 60),
        ("+0:02:40.500", 160),
        ("+0:03:20", 200),
        ("+0:04:09", 249),
        ("+0:00:00", 0),
    ] {
        let t = t0 + secs * 1000 + if at.ends_with(".500") { 500 } else { 0 };
        let (s, mono) = r.at(WallMs::from_unix_ms(t));
        let (code, out, err) = replay_cmd(&[
            j.as_os_str(),
            "--at".as_ref(),
            at.as_ref(),
            "--json".as_ref(),
        ]);
        assert_eq!(code, Some(0), "{at}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["records_applied"], s.applied, "{at}");
        let c = arbiter_core::clock_now::clock_at(&s, s.board(BoardNo(1)).unwrap(), mono);
        assert_eq!(
            v["clocks"][0]["white_ms"].as_u64(),
            c.map(|c| c.shown.white.ms()),
            "{at}"
        );
    }
}

/// Issue 29: `--at` in the arbiter's times. The state is what the console showed at the moment
/// (the records that had arrived), each fact at the time the arbiter entered for it with the
/// time of entry beside; what he entered later for a moment before is listed apart: here the
/// start, entered at 08:42 for 08:20, and board 1's home player, entered at 08:43 for 08:25.
#[test]
fn at_lists_what_was_entered_later_for_a_moment_before() {
    let t0 = 1_800_000_000_000i64; // 2027-01-15 08:00:00 UTC (no match file: UTC)
    let min = 60_000i64;
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut push = |wall: i64, e: Event| {
        let mono = MonoMs::from_base_ms(u64::try_from(wall - t0).unwrap());
        chain.append(
            WallMs::from_unix_ms(wall),
            mono,
            Origin::Arbiter,
            e,
            &mut buf,
        );
    };
    push(t0, session());
    let arrived = |board: u16, team, at: i64| PlayerArrived {
        board: BoardNo(board),
        team,
        at: Some(WallMs::from_unix_ms(at)),
    };
    push(
        t0 + 10 * min,
        arrived(2, TeamSide::Away, t0 + 8 * min).into(),
    );
    push(
        t0 + 42 * min,
        RoundStarted {
            at: Some(WallMs::from_unix_ms(t0 + 20 * min)),
            reason: String::new(),
        }
        .into(),
    );
    push(
        t0 + 43 * min,
        arrived(1, TeamSide::Home, t0 + 25 * min).into(),
    );
    push(
        t0 + 60 * min,
        Note {
            board: None,
            text: "end".into(),
            witnesses: Vec::new(),
        }
        .into(),
    );
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("entered.jsonl");
    std::fs::write(&j, &buf).unwrap();
    let at = |a: &str, more: &[&str]| {
        let mut args = vec![j.as_os_str(), "--at".as_ref(), a.as_ref()];
        args.extend(more.iter().map(|m| std::ffi::OsStr::new(*m)));
        let (code, out, err) = replay_cmd(&args);
        assert_eq!(code, Some(0), "{a}: {err}");
        out
    };
    let later = |out: &str| -> Vec<String> {
        out.lines()
            .skip_while(|l| !l.starts_with("entered later"))
            .skip(1)
            .map(str::to_string)
            .collect()
    };

    // 08:30: the console showed no start yet and one arrival (entered at 08:10 for 08:08).
    let out = at("08:30", &[]);
    assert!(
        out.contains("round not started on the console yet (entered later: see below)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "arrivals (1):\n  08:08:00.000 (entered 08:10:00.000)  board  2 away player\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("entered later, happened by 08:30:00.000 (2):\n"),
        "{out}"
    );
    assert_eq!(
        later(&out),
        [
            "  08:20:00.000 (entered 08:42:00.000)  match     the round was started",
            "  08:25:00.000 (entered 08:43:00.000)  board  1  home player arrived",
        ],
        "{out}"
    );
    // 08:22: the start had happened, the arrival at 08:25 not yet.
    let out = at("08:22:00", &[]);
    assert_eq!(later(&out).len(), 1, "{out}");
    assert!(later(&out)[0].contains("the round was started"), "{out}");
    // --board 2: the start concerns every board, board 1's arrival is left out.
    let out = at("08:30", &["--board", "2"]);
    assert_eq!(later(&out).len(), 1, "{out}");
    // 08:50: everything entered; each at its time, the entry beside; nothing apart.
    let out = at("08:50", &[]);
    assert!(
        out.contains("round started 08:20:00.000 (entered 08:42:00.000)\n"),
        "{out}"
    );
    assert!(
        out.contains("  08:25:00.000 (entered 08:43:00.000)  board  1 home player\n"),
        "{out}"
    );
    assert!(!out.contains("entered later"), "{out}");
    // The same as JSON.
    let v: serde_json::Value = serde_json::from_str(&at("08:30", &["--json"])).unwrap();
    let list = v["entered_later"].as_array().unwrap();
    assert_eq!(list.len(), 2, "{v:#}");
    assert_eq!(list[0]["kind"], "round_started");
    assert_eq!(list[0]["at"], "08:20:00.000");
    assert_eq!(list[0]["entered"], "08:42:00.000");
    assert_eq!(list[1]["board"], 1);
    assert_eq!(v["arrivals"][0]["entered"], "08:10:00.000");
    assert!(v["round_started"].is_null());
    let v: serde_json::Value = serde_json::from_str(&at("08:50", &["--json"])).unwrap();
    assert_eq!(v["round_started_entered"], "08:42:00.000");
    assert_eq!(v["entered_later"].as_array().map(Vec::len), Some(0));
}
