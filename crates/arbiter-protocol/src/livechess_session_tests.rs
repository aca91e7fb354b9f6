//! Tests of `livechess_session` (a file of their own: the module stays under 800 lines).

use super::*;

fn ev(san: &[&str], board: Option<&str>) -> EBoardEvent {
    EBoardEvent {
        serialnr: "1".into(),
        flipped: None,
        board: board.map(str::to_string),
        clock: None,
        start: None,
        san: Some(san.iter().map(|s| s.to_string()).collect()),
        matches: None,
    }
}

fn moves(out: &[Event]) -> Vec<(u32, String)> {
    out.iter()
        .filter_map(|e| match e {
            Event::MoveMade(m) => Some((m.ply, m.san.clone())),
            _ => None,
        })
        .collect()
}

fn feed(s: &mut LiveChessSession, e: &EBoardEvent, now: u64) -> Vec<Event> {
    let mut out = Vec::new();
    s.on_event(e, None, now, &mut out);
    out
}

fn takebacks(out: &[Event]) -> Vec<u32> {
    out.iter()
        .filter_map(|e| match e {
            Event::MovesTakenBack(t) => Some(t.to_ply),
            _ => None,
        })
        .collect()
}

#[test]
fn resends_change_nothing_and_takebacks_are_recorded() {
    let mut s = LiveChessSession::new(BoardNo(1));
    let mut out = feed(&mut s, &ev(&["e4"], None), 0);
    out.extend(feed(&mut s, &ev(&["e4"], None), 10));
    out.extend(feed(&mut s, &ev(&["e4", "e5", "Nf3"], None), 20));
    out.extend(feed(&mut s, &ev(&["e4", "e5", "Nf3"], None), 30));
    assert_eq!(
        moves(&out),
        [(1, "e4".into()), (2, "e5".into()), (3, "Nf3".into())]
    );
    assert!(takebacks(&out).is_empty());
    // a correction: Nf3 replaced by Nc3 = a takeback to ply 2, then Nc3
    let out = feed(&mut s, &ev(&["e4", "e5", "Nc3"], None), 40);
    assert_eq!(takebacks(&out), [2]);
    assert_eq!(moves(&out), [(3, "Nc3".into())]);
    // a plain takeback: the list gets shorter
    let out = feed(&mut s, &ev(&["e4", "e5"], None), 50);
    assert_eq!(takebacks(&out), [2]);
    assert!(moves(&out).is_empty());
    assert_eq!(s.sans(), ["e4", "e5"]);
    // an illegal move in the list: the legal part is taken, the rest reported
    let out = feed(&mut s, &ev(&["e4", "e5", "Nc3", "Qh4", "Kxe8"], None), 60);
    assert_eq!(moves(&out), [(3, "Nc3".into()), (4, "Qh4".into())]);
    assert!(matches!(out.last(), Some(Event::BoardIrregularity(_))));
    // SAN written differently (no check mark, other disambiguation) is the same move
    let mut s = LiveChessSession::new(BoardNo(1));
    feed(&mut s, &ev(&["e4", "f5", "Qh5"], None), 0);
    let out = feed(&mut s, &ev(&["e4", "f5", "Qh5+"], None), 10);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn a_takeback_flood_cannot_grow_the_journal() {
    let game = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
    ];
    let mut s = LiveChessSession::new(BoardNo(1));
    let mut records = 0;
    let mut t = 0;
    // a hostile server alternates the whole game and an empty list, 50 times a second,
    // for ten minutes
    for i in 0..30_000 {
        t += 20;
        let list: &[&str] = if i % 2 == 0 { &game } else { &[] };
        records += feed(&mut s, &ev(list, None), t).len();
    }
    // the takeback budget: 5 at once, then one per 10 s; each with its moves re-sent
    // (600 at once, then 2 per second)
    assert!(records < 2_000, "{records} records");
    assert!(s.counters().deferred > 1000);
    // the latest list wins when the limit allows
    t += 60_000;
    let mut out = Vec::new();
    s.process(t, &mut out);
    assert!(s.sans().len() == game.len() || s.sans().is_empty());
}

#[test]
fn no_clock_numbers_out_of_range_and_the_readings_age() {
    let mut s = LiveChessSession::new(BoardNo(1));
    let with_clock = |c: Option<Option<Clock>>| EBoardEvent {
        clock: c,
        san: None,
        ..ev(&[], None)
    };
    let out = feed(&mut s, &with_clock(Some(None)), 0);
    assert!(
        out.iter()
            .any(|e| matches!(e, Event::DeviceStatus(d) if d.clock == ClockPresence::Absent))
    );
    assert!(!out.iter().any(|e| matches!(e, Event::ClockSample(_))));
    // a number that would wrap when multiplied by 1000
    let huge = Clock {
        white: u64::MAX / 1000 + 1,
        black: 5400,
        run: Some(true),
        time: None,
    };
    let out = feed(&mut s, &with_clock(Some(Some(huge))), 10);
    assert!(
        !out.iter().any(|e| matches!(e, Event::ClockSample(_))),
        "{out:?}"
    );
    // a clock is there, its reading is broken
    assert!(
        out.iter()
            .any(|e| matches!(e, Event::DeviceStatus(d) if d.clock == ClockPresence::Connected))
    );
    let big = Clock {
        white: MAX_CLOCK_MS / 1000 + 1,
        ..huge
    };
    assert!(
        !feed(&mut s, &with_clock(Some(Some(big))), 20)
            .iter()
            .any(|e| matches!(e, Event::ClockSample(_)))
    );
    assert_eq!(s.counters().malformed, 2);
    // a reading taken 2.5 s before the event was sent: White's running time is 2 s less
    let c = Clock {
        white: 5400,
        black: 5000,
        run: Some(true),
        time: Some(1_000_000),
    };
    let mut out = Vec::new();
    s.on_event(&with_clock(Some(Some(c))), Some(1_002_500), 30, &mut out);
    let sample = out
        .iter()
        .find_map(|e| match e {
            Event::ClockSample(c) => Some(*c),
            _ => None,
        })
        .unwrap();
    assert_eq!((sample.left_ms, sample.right_ms), (5_398_000, 5_000_000));
}

#[test]
fn the_list_counts_from_the_setup_position() {
    let mut s = LiveChessSession::new(BoardNo(1));
    feed(&mut s, &ev(&["e4", "e5"], None), 0);
    let fen = s.fen();
    // after `setup` LiveChess reconstructs from the position sent
    let e = EBoardEvent {
        start: Some(fen.clone()),
        ..ev(&["Nf3"], None)
    };
    let out = feed(&mut s, &e, 10);
    assert_eq!(moves(&out), [(3, "Nf3".into())]);
    assert!(takebacks(&out).is_empty());
    // the same from the standard start is a resend
    let e = EBoardEvent {
        start: Some(Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string()),
        ..ev(&["e4", "e5", "Nf3"], None)
    };
    assert!(feed(&mut s, &e, 20).is_empty());
    // an unknown start: reported once, counted from there
    let e = EBoardEvent {
        start: Some("4k3/8/8/8/8/8/8/4K3 w - - 0 40".into()),
        ..ev(&["Kd2"], None)
    };
    let out = feed(&mut s, &e, 30);
    assert!(out.iter().any(|e| matches!(e, Event::BoardIrregularity(_))));
    assert_eq!(moves(&out), [(79, "Kd2".into())]);
}

#[test]
fn made_up_king_moves_are_a_result_signal() {
    let mut s = LiveChessSession::new(BoardNo(1));
    feed(&mut s, &ev(&["e4", "e5", "Ke2", "Ke7"], None), 0);
    // white king d4, black king e5 (both dark: 0-1)
    let placement = "rnbq1bnr/pppp1ppp/8/4k3/3KP3/8/PPPP1PPP/RNBQ1BNR";
    let out = feed(
        &mut s,
        &ev(
            &["e4", "e5", "Ke2", "Ke7", "Kd3", "Kd6", "Kd4"],
            Some(placement),
        ),
        10,
    );
    let m = moves(&out);
    assert_eq!(m, [(5, "Kd3".into()), (6, "Kd6".into())]);
    assert!(out.iter().any(|e| matches!(e, Event::ResultSignal(r) if r.result == arbiter_core::model::GameResult::BlackWins)));
}

fn with_clock(san: &[&str], white: u64, black: u64, white_runs: bool) -> EBoardEvent {
    EBoardEvent {
        clock: Some(Some(Clock {
            white,
            black,
            run: Some(white_runs),
            time: None,
        })),
        ..ev(san, None)
    }
}

fn moves_with_clocks(out: &[Event]) -> Vec<(String, Option<u64>)> {
    out.iter()
        .filter_map(|e| match e {
            Event::MoveMade(m) => Some((m.san.clone(), m.clock_ms)),
            _ => None,
        })
        .collect()
}

#[test]
fn two_moves_in_one_message_each_get_the_clock_it_gives() {
    let mut s = LiveChessSession::new(BoardNo(1));
    feed(&mut s, &with_clock(&[], 5400, 5400, true), 0);
    // 1.e4 e5 in one message; White's clock runs again
    let out = feed(&mut s, &with_clock(&["e4", "e5"], 5421, 5410, true), 10);
    // e4 takes White's time from the message; e5, the last, takes Black's from the clock
    // report that follows, as any move
    assert_eq!(
        moves_with_clocks(&out),
        [("e4".into(), Some(5_421_000)), ("e5".into(), None)]
    );
    assert!(matches!(out.last(), Some(Event::ClockSample(c)) if c.right_ms == 5_410_000));
}

fn seed(sans: &[&str]) -> GameSeed {
    let mut pos = Chess::default();
    let moves = sans
        .iter()
        .map(|s| {
            let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
            pos.play_unchecked(m);
            UciMove::from_move(m, CastlingMode::Standard).to_string()
        })
        .collect();
    GameSeed {
        board: BoardNo(1),
        start_fen: None,
        moves,
        white_side: Some(ClockSide::Left),
        without_clock: Vec::new(),
    }
}

fn reconciled(out: &[Event]) -> Vec<&arbiter_core::record::GameReconciled> {
    out.iter()
        .filter_map(|e| match e {
            Event::GameReconciled(r) => Some(&**r),
            _ => None,
        })
        .collect()
}

#[test]
fn a_restarted_feed_compares_livechess_moves_with_the_journal() {
    let start = Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string();
    // the same moves: nothing added
    let mut s = LiveChessSession::resume(&seed(&["e4", "e5"])).unwrap();
    assert_eq!(s.setup_fen(), start, "LiveChess is asked for every move");
    let out = feed(&mut s, &ev(&["e4", "e5"], None), 0);
    assert!(moves(&out).is_empty());
    assert_eq!(reconciled(&out)[0].outcome, ReconcileOutcome::Same);
    assert_ne!(
        s.setup_fen(),
        start,
        "later reconnections ask from the position reached"
    );
    // more: only the new ones; Bb5 is not pressed yet (White's clock runs): Black's
    // stopped clock is Nc6's (exact)
    let mut s = LiveChessSession::resume(&seed(&["e4", "e5"])).unwrap();
    let out = feed(
        &mut s,
        &with_clock(&["e4", "e5", "Nf3", "Nc6", "Bb5"], 5300, 5200, true),
        0,
    );
    assert_eq!(
        moves_with_clocks(&out),
        [
            ("Nf3".into(), None),
            ("Nc6".into(), Some(5_200_000)),
            ("Bb5".into(), None)
        ]
    );
    assert_eq!(reconciled(&out)[0].outcome, ReconcileOutcome::Extended);
    // Bb5 pressed (Black's clock runs): Nc6's clock is not known, Black has thought since
    let mut s = LiveChessSession::resume(&seed(&["e4", "e5"])).unwrap();
    let out = feed(
        &mut s,
        &with_clock(&["e4", "e5", "Nf3", "Nc6", "Bb5"], 5300, 5200, false),
        0,
    );
    assert!(moves_with_clocks(&out).iter().all(|(_, c)| c.is_none()));
    // another game: one record with both, nothing taken, nothing later either
    let mut s = LiveChessSession::resume(&seed(&["e4", "e5", "Nf3"])).unwrap();
    let out = feed(&mut s, &ev(&["e4", "e5", "Nc3"], None), 0);
    let r = reconciled(&out);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (r[0].outcome, r[0].recorded.clone(), r[0].reported.clone()),
        (
            ReconcileOutcome::Different,
            vec!["Nf3".to_string()],
            vec!["Nc3".to_string()]
        )
    );
    assert!(moves(&out).is_empty() && takebacks(&out).is_empty());
    assert!(s.pinned());
    let out = feed(&mut s, &ev(&["e4", "e5", "Nc3", "Nf6"], None), 10);
    assert!(
        moves(&out).is_empty() && reconciled(&out).is_empty(),
        "{out:?}"
    );
    // the arbiter takes LiveChess' game from move 2: its moves after that are added
    assert!(s.reseed(&seed(&["e4", "e5"]), true));
    assert_eq!(s.setup_fen(), start);
    let out = feed(&mut s, &ev(&["e4", "e5", "Nc3", "Nf6"], None), 20);
    assert_eq!(moves(&out), [(3, "Nc3".into()), (4, "Nf6".into())]);
    assert_eq!(reconciled(&out)[0].outcome, ReconcileOutcome::Extended);
}
