//! The journal: round trips, tamper detection, crash recovery, and the fold.

use std::process::Command;

use arbiter_core::journal::{Chain, Record, Tamper, verify_bytes};
use arbiter_core::model::{BoardNo, ClockSide, GameResult, TeamSide};
use arbiter_core::record::{
    ClockSample, Event, FeedState, FeedStatus, MoveMade, Note, Origin, PlayerArrived,
    ResultRecorded, RoundStarted, SessionStarted,
};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::journal_file::{self, JournalWriter};
use proptest::prelude::*;

fn session() -> Event {
    SessionStarted {
        match_sha256: "a".repeat(64),
        profile_sha256: "b".repeat(64),
        match_path: "config/matches/demo-bundesliga.toml".into(),
        profile_id: "bundesliga".into(),
        boards: 8,
        software: "test".into(),
        time_control: None,
        profile_path: None,
        match_text: None,
        profile_text: None,
    }
    .into()
}

/// A realistic mix of inputs: feed records and arbiter actions.
fn inputs(n: usize) -> Vec<(Origin, Event)> {
    let mut v = vec![(Origin::System, session())];
    for i in 0..n {
        let b = BoardNo((i % 8) as u16 + 1);
        let ev: (Origin, Event) = match i % 5 {
            0 => (
                Origin::Feed(b),
                ClockSample {
                    board: b,
                    left_ms: 5_400_000 - i as u64 * 1000,
                    right_ms: 5_400_000,
                    running: Some(ClockSide::Left),
                    left_flag: false,
                    right_flag: false,
                    white_side: None,
                    left_flag_kind: None,
                    right_flag_kind: None,
                }
                .into(),
            ),
            1 => (
                Origin::Feed(b),
                FeedStatus {
                    board: b,
                    state: FeedState::Live,
                    detail: String::new(),
                }
                .into(),
            ),
            2 => (
                Origin::Feed(b),
                MoveMade {
                    board: b,
                    ply: i as u32,
                    uci: "e2e4".into(),
                    san: "e4".into(),
                    clock_ms: None,
                }
                .into(),
            ),
            3 => (
                Origin::Arbiter,
                PlayerArrived {
                    board: b,
                    team: TeamSide::Away,
                    at: None,
                }
                .into(),
            ),
            _ => (
                Origin::Arbiter,
                Note {
                    board: Some(b),
                    text: format!("Notiz {i}: Bedenkzeit geprüft"),
                    witnesses: Vec::new(),
                }
                .into(),
            ),
        };
        v.push(ev);
    }
    v
}

fn journal_bytes(n: usize) -> Vec<u8> {
    let mut chain = Chain::default();
    let mut out = Vec::new();
    for (i, (o, e)) in inputs(n).into_iter().enumerate() {
        chain.append(
            WallMs::from_unix_ms(1_764_334_800_000 + i as i64 * 250),
            MonoMs::from_base_ms(i as u64 * 250),
            o,
            e,
            &mut out,
        );
    }
    out
}

fn lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn append_and_reopen_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let mut w = JournalWriter::create(&path).unwrap();
    let mut written = Vec::new();
    for (i, (o, e)) in inputs(40).into_iter().enumerate() {
        written.push(
            w.append(
                WallMs::from_unix_ms(1_764_334_800_000 + i as i64),
                MonoMs::from_base_ms(i as u64 * 10),
                o,
                e,
            )
            .unwrap(),
        );
    }
    drop(w);
    assert!(matches!(
        JournalWriter::create(&path),
        Err(journal_file::JournalError::Exists { .. })
    ));

    let opened = journal_file::open(&path).unwrap();
    assert_eq!(opened.records, written);
    assert!(opened.torn.is_none());
    let mut w = opened.writer;
    let more = w
        .append(
            WallMs::from_unix_ms(1_764_334_900_000),
            MonoMs::from_base_ms(5),
            Origin::Arbiter,
            RoundStarted::default().into(),
        )
        .unwrap();
    assert_eq!(more.seq, 41);
    drop(w);
    let (all, v) = journal_file::read(&path).unwrap();
    assert!(v.is_intact());
    assert_eq!(all.len(), 42);
    assert_eq!(all[41], more);
}

#[test]
fn arbiter_actions_are_on_disk_at_once_and_feeds_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let mut w = JournalWriter::create(&path).unwrap();
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(0),
        Origin::System,
        session(),
    )
    .unwrap();
    let sample = |t: u64| -> Event {
        ClockSample {
            board: BoardNo(1),
            left_ms: 10_000 - t,
            right_ms: 1000,
            running: None,
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into()
    };
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(100),
        Origin::Feed(BoardNo(1)),
        sample(100),
    )
    .unwrap();
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(500),
        Origin::Feed(BoardNo(1)),
        sample(500),
    )
    .unwrap();
    assert_eq!(
        w.uncommitted(),
        2,
        "feed records wait for the group commit's fsync"
    );
    // Written at once (an append is a transaction: the chain advances after the write), so a
    // reader sees them; durable with the next fsync.
    assert_eq!(journal_file::read(&path).unwrap().0.len(), 3);
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(1000),
        Origin::Feed(BoardNo(1)),
        sample(1000),
    )
    .unwrap();
    assert_eq!(w.uncommitted(), 0, "one second of record time commits");
    assert_eq!(journal_file::read(&path).unwrap().0.len(), 4);
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(1100),
        Origin::Feed(BoardNo(1)),
        sample(1100),
    )
    .unwrap();
    w.append(
        WallMs::from_unix_ms(0),
        MonoMs::from_base_ms(1200),
        Origin::Arbiter,
        Note {
            board: None,
            text: "x".into(),
            witnesses: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    assert_eq!(
        w.uncommitted(),
        0,
        "an arbiter action commits everything before it"
    );
    assert_eq!(journal_file::read(&path).unwrap().0.len(), 6);
}

#[test]
fn one_changed_byte_is_found_at_its_record() {
    let bytes = journal_bytes(30);
    let ls = lines(&bytes);
    for target in [0usize, 7, 29] {
        // Change a letter of the kind, the payload or the timestamps; and the hash field itself.
        for pos in [10usize, ls[target].len() / 2, ls[target].len() - 20] {
            let mut t = ls.clone();
            t[target][pos] = if t[target][pos] == b'1' { b'2' } else { b'1' };
            let v = verify_bytes(&t.concat());
            match v.problem {
                Some(Tamper::Edited { seq, line, .. }) => {
                    assert_eq!((seq, line), (target as u64, target + 1), "pos {pos}");
                }
                other => panic!("record {target} byte {pos}: {other:?}"),
            }
            assert_eq!(v.valid, target);
        }
    }
}

#[test]
fn a_deleted_line_is_named() {
    let ls = lines(&journal_bytes(30));
    let mut t = ls.clone();
    t.remove(12);
    let v = verify_bytes(&t.concat());
    assert_eq!(
        v.problem,
        Some(Tamper::Removed {
            from: 12,
            to: 12,
            line: 13
        })
    );
    assert_eq!(v.valid, 12);
    // Two lines in a row.
    let mut t = ls.clone();
    t.drain(5..7);
    assert_eq!(
        verify_bytes(&t.concat()).problem,
        Some(Tamper::Removed {
            from: 5,
            to: 6,
            line: 6
        })
    );
}

#[test]
fn swapped_lines_are_named() {
    let mut t = lines(&journal_bytes(30));
    t.swap(9, 10);
    let v = verify_bytes(&t.concat());
    assert_eq!(
        v.problem,
        Some(Tamper::Reordered {
            seq: 9,
            line: 11,
            expected_line: 10
        })
    );
    assert_eq!(v.valid, 9);
}

#[test]
fn inserted_lines_are_named() {
    let ls = lines(&journal_bytes(30));
    // A copy of an existing line.
    let mut t = ls.clone();
    t.insert(15, ls[14].clone());
    assert_eq!(
        verify_bytes(&t.concat()).problem,
        Some(Tamper::Inserted {
            line: 16,
            claims_seq: 14
        })
    );
    // A forged record that is consistent in itself: right number, right link, right hash.
    let (records, _) = {
        let bytes = ls[..15].concat();
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        std::fs::write(&p, &bytes).unwrap();
        journal_file::read(&p).unwrap()
    };
    let head = verify_bytes(&ls[..15].concat()).head;
    let mut chain = Chain {
        next_seq: records.len() as u64,
        last_hash: head,
    };
    let mut forged = Vec::new();
    chain.append(
        records[14].wall_ms + 1,
        records[14].mono_ms + 1,
        Origin::Arbiter,
        ResultRecorded {
            board: BoardNo(3),
            result: GameResult::WhiteWins,
            reason: "forged".into(),
            ending: None,
            overridden: Vec::new(),
        }
        .into(),
        &mut forged,
    );
    let mut t = ls.clone();
    t.insert(15, forged);
    assert_eq!(
        verify_bytes(&t.concat()).problem,
        Some(Tamper::Inserted {
            line: 16,
            claims_seq: 15
        })
    );
}

#[test]
fn a_torn_last_line_is_cut_and_nothing_before_it_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let bytes = journal_bytes(20);
    let ls = lines(&bytes);
    let whole: Vec<u8> = ls[..20].concat();
    let torn = &ls[20][..ls[20].len() / 2];
    std::fs::write(&path, [whole.clone(), torn.to_vec()].concat()).unwrap();

    let v = verify_bytes(&std::fs::read(&path).unwrap());
    assert!(v.is_intact());
    assert_eq!((v.valid, v.torn_tail), (20, torn.len()));

    let opened = journal_file::open(&path).unwrap();
    assert_eq!(opened.records.len(), 20);
    let (len, saved) = opened.torn.clone().unwrap();
    assert_eq!(len, torn.len());
    assert_eq!(std::fs::read(&saved).unwrap(), torn);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        whole,
        "the file is cut back to the last full line"
    );
    let mut w = opened.writer;
    w.append(
        WallMs::from_unix_ms(1),
        MonoMs::from_base_ms(1),
        Origin::Arbiter,
        Note {
            board: None,
            text: "nach Absturz".into(),
            witnesses: Vec::new(),
        }
        .into(),
    )
    .unwrap();
    drop(w);
    let (all, v) = journal_file::read(&path).unwrap();
    assert!(v.is_intact() && v.torn_tail == 0);
    assert_eq!(all.len(), 21);
    assert_eq!(all[20].seq, 20);
}

#[test]
fn a_broken_journal_is_not_opened_for_writing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("j.jsonl");
    let mut t = lines(&journal_bytes(10));
    t.remove(3);
    std::fs::write(&path, t.concat()).unwrap();
    let err = journal_file::open(&path).unwrap_err().to_string();
    assert!(err.contains("record 3 was removed"), "{err}");
}

#[test]
fn verify_command_names_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.jsonl");
    let bad = dir.path().join("bad.jsonl");
    let bytes = journal_bytes(10);
    std::fs::write(&good, &bytes).unwrap();
    let mut t = lines(&bytes);
    t.swap(4, 5);
    std::fs::write(&bad, t.concat()).unwrap();
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // Intact, but a chain alone is no anchor: not 0 without the genuine match file; and this
    // one ran under another match file (its recorded SHA-256), so --match refuses it.
    let out = Command::new(bin).arg("verify").arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("chain intact: 11 records"), "{said}");
    assert!(said.contains("NOT ANCHORED"), "{said}");
    let out = Command::new(bin)
        .arg("verify")
        .arg(&good)
        .args(["--match", "config/matches/demo-bundesliga.toml"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("ran under another match file"), "{said}");
    let out = Command::new(bin).arg("verify").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "TAMPERED: records were reordered: record 4 belongs on line 5 but stands on line 6"
        ),
        "{text}"
    );
}

#[test]
fn records_for_unknown_boards_are_rejected_not_panicked() {
    let mut s = MatchState::default();
    let rec = |seq, origin, event| Record {
        seq,
        wall_ms: WallMs::from_unix_ms(0),
        mono_ms: MonoMs::from_base_ms(0),
        origin,
        event,
    };
    apply(&mut s, &rec(0, Origin::System, session()));
    apply(
        &mut s,
        &rec(
            1,
            Origin::Arbiter,
            PlayerArrived {
                board: BoardNo(9),
                team: TeamSide::Home,
                at: None,
            }
            .into(),
        ),
    );
    apply(
        &mut s,
        &rec(
            2,
            Origin::Arbiter,
            PlayerArrived {
                board: BoardNo(0),
                team: TeamSide::Home,
                at: None,
            }
            .into(),
        ),
    );
    apply(
        &mut s,
        &rec(
            3,
            Origin::Feed(BoardNo(2)),
            MoveMade {
                board: BoardNo(3),
                ply: 1,
                uci: "e2e4".into(),
                san: "e4".into(),
                clock_ms: None,
            }
            .into(),
        ),
    );
    assert_eq!(s.rejected.len(), 3);
    assert!(
        s.rejected[0]
            .reason
            .contains("board 9 is not in this match")
    );
    assert_eq!(s.boards.len(), 8);
    assert!(s.boards.iter().all(|b| b.moves.is_empty()));
}

fn arb_event() -> impl Strategy<Value = (Origin, Event)> {
    let board = (0u16..10).prop_map(BoardNo);
    prop_oneof![
        (
            board.clone(),
            0u64..10_000_000,
            0u64..10_000_000,
            any::<bool>()
        )
            .prop_map(|(b, l, r, run)| (
                Origin::Feed(b),
                ClockSample {
                    board: b,
                    left_ms: l,
                    right_ms: r,
                    running: run.then_some(ClockSide::Right),
                    left_flag: l == 0,
                    right_flag: false,
                    white_side: None,
                    left_flag_kind: None,
                    right_flag_kind: None,
                }
                .into()
            )),
        (board.clone(), 1u32..300, "[a-h][1-8][a-h][1-8]").prop_map(|(b, ply, uci)| (
            Origin::Feed(b),
            MoveMade {
                board: b,
                ply,
                uci: uci.clone(),
                san: uci,
                clock_ms: None,
            }
            .into()
        )),
        (board.clone(), any::<bool>()).prop_map(|(b, home)| (
            Origin::Arbiter,
            PlayerArrived {
                board: b,
                team: if home { TeamSide::Home } else { TeamSide::Away },
                at: None,
            }
            .into()
        )),
        (board.clone(), "\\PC{0,20}").prop_map(|(b, text)| (
            Origin::Arbiter,
            Note {
                board: Some(b),
                text,
                witnesses: Vec::new(),
            }
            .into()
        )),
        board.clone().prop_map(|b| (
            Origin::Arbiter,
            ResultRecorded {
                board: b,
                result: GameResult::Draw,
                reason: String::new(),
                ending: None,
                overridden: Vec::new(),
            }
            .into()
        )),
        Just((Origin::Arbiter, RoundStarted::default().into())),
        Just((Origin::System, session())),
        board.prop_map(|b| (
            Origin::Feed(b),
            FeedStatus {
                board: b,
                state: FeedState::Stale,
                detail: "3 s".into()
            }
            .into()
        )),
    ]
}

proptest! {
    /// What is folded live equals what is folded from the journal's bytes.
    #[test]
    fn journal_round_trip_preserves_state(events in prop::collection::vec(arb_event(), 0..80)) {
        let mut chain = Chain::default();
        let mut bytes = Vec::new();
        let mut live = MatchState::default();
        for (i, (o, e)) in events.into_iter().enumerate() {
            let r = chain.append(WallMs::from_unix_ms(i as i64), MonoMs::from_base_ms(i as u64), o, e, &mut bytes);
            apply(&mut live, &r);
        }
        let v = verify_bytes(&bytes);
        prop_assert!(v.is_intact());
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("j.jsonl");
        std::fs::write(&p, &bytes).unwrap();
        let (recs, _) = journal_file::read(&p).unwrap();
        prop_assert_eq!(MatchState::fold(&recs), live);
    }

    /// The verifier never panics on arbitrary bytes and finds no record in garbage: a complete
    /// line of garbage is a problem, bytes without a newline are only a torn tail (what a crash
    /// during the first write leaves, and recovery cuts).
    #[test]
    fn verify_survives_garbage(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let v = verify_bytes(&bytes);
        prop_assert_eq!(v.valid, 0, "garbage holds no record");
        if bytes.contains(&b'\n') {
            prop_assert!(v.problem.is_some());
        } else {
            prop_assert!(v.problem.is_none());
            prop_assert_eq!(v.lines, 0);
            prop_assert_eq!(v.torn_tail, bytes.len());
        }
    }
}

/// The records that carry a value per colour (`ByColor` pairs of `ClockMs` in the code) read
/// and write the journal's bytes as they were written with `white_ms`/`black_ms` fields: a line
/// of a shipped recording decodes to the pairs and encodes again to the same bytes and hash;
/// the clock records' payloads, as docs/JOURNAL.md lists their fields (the old fields' order),
/// read back to the pairs and write the same JSON; a clock command still refuses a field it
/// does not know.
#[test]
fn records_with_pairs_keep_their_journal_bytes() {
    use arbiter_core::by_colour::ByColor;
    use arbiter_core::clock::{ClockMs, ClockOperation};
    use arbiter_core::journal::{decode_line, encode_record};

    let ms = ClockMs::new;
    let pair = |white, black| ByColor {
        white: ms(white),
        black: ms(black),
    };
    // An intervention of the Bundesliga recording: the clocks at the ruling and after it.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/recordings/bundesliga-musterstadt-beispielhausen/journal.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with(r#"{"seq":1982,"#))
        .expect("the intervention on board 3");
    assert!(line.contains(r#""white_ms":5400000,"black_ms":5464000,"move_no":6"#));
    assert!(line.contains(r#""clocks_after":[5370000,5584000]}"#));
    let chained = decode_line(line.as_bytes()).unwrap();
    let Event::Intervention(iv) = &chained.record.event else {
        panic!("{:?}", chained.record.event)
    };
    assert_eq!(iv.clocks, pair(5_400_000, 5_464_000).map(Some));
    assert_eq!(iv.clocks_after, Some(pair(5_370_000, 5_584_000)));
    assert_eq!(iv.device_clocks, None);
    let mut out = Vec::new();
    assert_eq!(
        encode_record(&chained.record, &chained.prev, &mut out),
        chained.hash
    );
    assert_eq!(out, format!("{line}\n").into_bytes());

    // Payloads as the journal writes them, each read and written back unchanged.
    let payloads = [
        (
            "clock_command",
            r#"{"board":2,"white_ms":5520000,"black_ms":5400000,"left_ms":5520000,"right_ms":5400000,"run":"right","outcome":"sent"}"#,
        ),
        (
            "clock_command",
            r#"{"board":2,"white_ms":5520000,"black_ms":5400000,"left_ms":5400000,"right_ms":5520000,"run":"paused","outcome":"refused","error":"the feed has ended"}"#,
        ),
        (
            "clock_adjusted",
            r#"{"board":5,"op":{"op":"set_times","white_ms":3600000,"black_ms":3000000},"reason":"wrongly set","before":{"white_ms":5400000,"black_ms":5380000,"white_moves":12,"black_moves":11},"after":{"white_ms":3600000,"black_ms":3000000,"white_moves":12,"black_moves":11}}"#,
        ),
        (
            "clock_adjusted",
            r#"{"board":1,"op":{"op":"replace_clock","white_ms":300000,"black_ms":5400000,"white_moves":30,"black_moves":30},"before":{"white_ms":6000,"black_ms":5400000,"white_moves":30,"black_moves":30},"after":{"white_ms":300000,"black_ms":5400000,"white_moves":30,"black_moves":30},"floors":[{"color":"white","computed_ms":6000,"floor_ms":300000}]}"#,
        ),
        (
            "clock_adjusted",
            r#"{"board":4,"op":{"op":"reconstruct","to_move":24,"floor":"none","recorded":[5280000,5940000]},"before":{"white_ms":1,"black_ms":2,"white_moves":40,"black_moves":40},"after":{"white_ms":5280000,"black_ms":5940000,"white_moves":24,"black_moves":24}}"#,
        ),
        (
            "intervention",
            r#"{"board":1,"player":"white","kind":{"type":"flag_fall"},"articles":["FIDE 2023 Art. 6.9"],"white_ms":20000,"move_no":3,"proposed":{},"confirmed":{},"device_clocks":{"white_ms":0,"black_ms":5400000}}"#,
        ),
    ];
    let mut events = Vec::new();
    for (kind, payload) in payloads {
        let e = Event::from_parts(kind, payload).unwrap_or_else(|e| panic!("{payload}: {e:?}"));
        let again = match &e {
            Event::ClockCommand(p) => serde_json::to_string(p),
            Event::ClockAdjusted(p) => serde_json::to_string(p),
            Event::Intervention(p) => serde_json::to_string(p),
            other => panic!("{other:?}"),
        }
        .unwrap();
        assert_eq!(again, payload);
        events.push(e);
    }
    // The pairs hold what the fields said.
    let Event::ClockCommand(sent) = &events[0] else {
        unreachable!()
    };
    assert_eq!(sent.times, pair(5_520_000, 5_400_000));
    assert_eq!(
        (sent.left_ms, sent.right_ms),
        (ms(5_520_000), ms(5_400_000))
    );
    let Event::ClockAdjusted(set) = &events[2] else {
        unreachable!()
    };
    assert_eq!(set.op, ClockOperation::SetTimes(pair(3_600_000, 3_000_000)));
    assert_eq!(set.before.remaining, pair(5_400_000, 5_380_000));
    assert_eq!(
        set.before.moves,
        ByColor {
            white: 12,
            black: 11
        }
    );
    let Event::ClockAdjusted(replaced) = &events[3] else {
        unreachable!()
    };
    let ClockOperation::ReplaceClock(new) = &replaced.op else {
        panic!("{:?}", replaced.op)
    };
    assert_eq!(new.remaining, pair(300_000, 5_400_000));
    assert_eq!(
        new.moves,
        ByColor {
            white: 30,
            black: 30
        }
    );
    let Event::ClockAdjusted(rebuilt) = &events[4] else {
        unreachable!()
    };
    assert!(matches!(
        rebuilt.op,
        ClockOperation::Reconstruct { recorded: Some(r), .. } if r == pair(5_280_000, 5_940_000)
    ));
    let Event::Intervention(flag) = &events[5] else {
        unreachable!()
    };
    assert_eq!(
        flag.clocks,
        ByColor {
            white: Some(ms(20_000)),
            black: None
        }
    );
    assert_eq!(flag.device_clocks, Some(pair(0, 5_400_000)));

    // A clock command with a field it does not know, or without one of its times, is refused.
    for bad in [
        r#"{"board":2,"white_ms":1,"black_ms":2,"left_ms":1,"right_ms":2,"run":"left","outcome":"sent","extra":1}"#,
        r#"{"board":2,"white_ms":1,"black_ms":2,"left_ms":1,"right_ms":2,"run":"left","outcome":"sent","times":{"white":1}}"#,
        r#"{"board":2,"white_ms":1,"left_ms":1,"right_ms":2,"run":"left","outcome":"sent"}"#,
        r#"{"board":2,"white_ms":-1,"black_ms":2,"left_ms":1,"right_ms":2,"run":"left","outcome":"sent"}"#,
    ] {
        assert!(Event::from_parts("clock_command", bad).is_err(), "{bad}");
    }
}
