//! Tests of `dgt_session` (a file of their own: the module stays under 800 lines).

use super::*;
use crate::dgt::board::dgt_index;
use shakmaty::{Chess, Position, san::SanPlus};

fn press(s: &mut DgtSession, running: ClockSide, out: &mut Vec<Event>) {
    let t = ClockTimes::new(5_000_000, 5_000_000, Some(running), running);
    s.on_message(Message::ClockTimes(t), 0, out);
}

fn play(s: &mut DgtSession, pos: &mut Chess, san: &str, out: &mut Vec<Event>) {
    let m = san.parse::<SanPlus>().unwrap().san.to_move(pos).unwrap();
    let before = pos.board().clone();
    pos.play_unchecked(m);
    for sq in shakmaty::Square::ALL {
        if before.piece_at(sq).is_some() && pos.board().piece_at(sq).is_none() {
            s.on_message(
                Message::FieldUpdate {
                    square: dgt_index(sq) as u8,
                    piece: 0,
                },
                0,
                out,
            );
        }
    }
    for sq in shakmaty::Square::ALL {
        if let Some(p) = pos.board().piece_at(sq)
            && before.piece_at(sq) != Some(p)
        {
            let code = crate::dgt::piece_to_code(p);
            s.on_message(
                Message::FieldUpdate {
                    square: dgt_index(sq) as u8,
                    piece: code,
                },
                0,
                out,
            );
        }
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

/// The clock's answer to SETNRUN becomes a `clock_command_ack` (ack1 echoes 0x0A; ack0 0x10
/// carried out, 0x40 refused); other ACKs (the version probe's), and an answer to no
/// command sent, late or a second time, are counted, not journaled.
#[test]
fn the_answer_to_setnrun_is_journaled() {
    use crate::dgt::ClockAck;
    let mut s = DgtSession::new(BoardNo(2), 3000);
    let mut out = Vec::new();
    s.on_message(
        Message::ClockAck(ClockAck([0x10, 0x09, 0x21, 0])),
        0,
        &mut out,
    );
    // nothing was sent: a thousand SETNRUN answers are noise
    for t in 0..1000 {
        s.on_message(Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])), t, &mut out);
    }
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(s.counters().unsolicited_acks, 1001);
    s.command_sent(2_000);
    s.on_message(
        Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0])),
        2_100,
        &mut out,
    );
    s.on_message(
        Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0])),
        2_200,
        &mut out,
    );
    s.command_sent(3_000);
    s.on_message(
        Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])),
        3_050,
        &mut out,
    );
    // an answer too late answers nothing
    s.command_sent(4_000);
    s.on_message(
        Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0])),
        4_000 + arbiter_core::record::CLOCK_ACK_WINDOW_MS + 1,
        &mut out,
    );
    assert_eq!(s.counters().unsolicited_acks, 1003);
    let acks: Vec<(BoardNo, bool)> = out
        .iter()
        .filter_map(|e| match e {
            Event::ClockCommandAck(a) => Some((a.board, a.accepted)),
            _ => None,
        })
        .collect();
    assert_eq!(acks, vec![(BoardNo(2), false), (BoardNo(2), true)]);
}

#[test]
fn after_a_long_gap_play_goes_on_from_the_board() {
    let mut s = DgtSession::new(BoardNo(1), 3000);
    let mut out = Vec::new();
    let mut pos = Chess::default();
    s.on_message(
        Message::BoardDump(RawBoard::from_board(pos.board(), false)),
        0,
        &mut out,
    );
    press(&mut s, ClockSide::Left, &mut out); // White (left) to move
    play(&mut s, &mut pos, "e4", &mut out);
    press(&mut s, ClockSide::Right, &mut out);
    assert_eq!(moves(&out), [(1, "e4".to_string())]);
    // the link is down for six plies; then a dump
    for m in ["e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"] {
        let mv = m.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(mv);
    }
    out.clear();
    s.on_message(
        Message::BoardDump(RawBoard::from_board(pos.board(), false)),
        0,
        &mut out,
    );
    assert!(moves(&out).is_empty());
    // Black plays on and presses: irregular; White plays on and presses: adopted
    play(&mut s, &mut pos, "Nf6", &mut out);
    press(&mut s, ClockSide::Left, &mut out);
    assert!(out.iter().any(|e| matches!(e, Event::BoardIrregularity(_))));
    play(&mut s, &mut pos, "O-O", &mut out);
    press(&mut s, ClockSide::Right, &mut out);
    assert!(
        out.iter()
            .any(|e| matches!(e, Event::BoardIrregularity(i) if i.detail.contains("lost track")))
    );
    out.clear();
    // tracking goes on from the adopted position (Black to move)
    play(&mut s, &mut pos, "Be7", &mut out);
    press(&mut s, ClockSide::Left, &mut out);
    assert_eq!(moves(&out), [(2, "Be7".to_string())]);
}

#[test]
fn an_illegal_move_taken_back_is_not_adopted() {
    let mut s = DgtSession::new(BoardNo(1), 3000);
    let mut out = Vec::new();
    let mut pos = Chess::default();
    s.on_message(
        Message::BoardDump(RawBoard::from_board(pos.board(), false)),
        0,
        &mut out,
    );
    press(&mut s, ClockSide::Left, &mut out);
    play(&mut s, &mut pos, "e4", &mut out);
    press(&mut s, ClockSide::Right, &mut out);
    // Black's queen jumps to h4 through its own pawn: d8 emptied, h4 filled
    s.on_message(
        Message::FieldUpdate {
            square: 3,
            piece: 0,
        },
        0,
        &mut out,
    );
    s.on_message(
        Message::FieldUpdate {
            square: 39,
            piece: 0x0C,
        },
        0,
        &mut out,
    );
    press(&mut s, ClockSide::Left, &mut out); // pressed: irregular
    press(&mut s, ClockSide::Right, &mut out); // arbiter turns the lever back
    s.on_message(
        Message::FieldUpdate {
            square: 39,
            piece: 0,
        },
        0,
        &mut out,
    );
    s.on_message(
        Message::FieldUpdate {
            square: 3,
            piece: 0x0C,
        },
        0,
        &mut out,
    );
    assert!(
        !out.iter()
            .any(|e| matches!(e, Event::BoardIrregularity(i) if i.detail.contains("lost track")))
    );
    play(&mut s, &mut pos, "e5", &mut out);
    press(&mut s, ClockSide::Left, &mut out);
    assert_eq!(moves(&out), [(1, "e4".to_string()), (2, "e5".to_string())]);
}

/// The board's log after `sans` from the start, White on the left, with the time of every
/// press (the mover's clock: 5400 s less one second per ply).
fn log_after(sans: &[&str]) -> Vec<u8> {
    use crate::dgt::eeprom::{EeLog, tag};
    let mut log = EeLog::new();
    log.tag(tag::POWERUP);
    log.tag(tag::BEGINPOS);
    let mut pos = Chess::default();
    for (i, san) in sans.iter().enumerate() {
        let m = san.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        let before = pos.board().clone();
        pos.play_unchecked(m);
        for sq in shakmaty::Square::ALL {
            if before.piece_at(sq).is_some() && pos.board().piece_at(sq).is_none() {
                log.field(dgt_index(sq) as u8, 0);
            }
        }
        for sq in shakmaty::Square::ALL {
            if let Some(p) = pos.board().piece_at(sq)
                && before.piece_at(sq) != Some(p)
            {
                log.field(dgt_index(sq) as u8, crate::dgt::piece_to_code(p));
            }
        }
        let side = if i % 2 == 0 {
            ClockSide::Left
        } else {
            ClockSide::Right
        };
        log.time(side, 5_400_000 - (i as u64 + 1) * 1000);
    }
    log.dump()
}

fn position_after(sans: &[&str]) -> Chess {
    let mut pos = Chess::default();
    for san in sans {
        let m = san.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

fn seed(uci: &[&str]) -> GameSeed {
    GameSeed {
        board: BoardNo(1),
        start_fen: None,
        moves: uci.iter().map(|s| s.to_string()).collect(),
        white_side: Some(ClockSide::Left),
        without_clock: vec![uci.len().saturating_sub(1)],
    }
}

/// The board's answer to a restarted feed: the log, the dump, the clock.
/// The board's answer to a restarted feed: a dump and a clock report of an earlier moment
/// (`before` played: sent before the log was asked for), the log, then the dump and the
/// clock asked for with it.
fn reconnect_from(s: &mut DgtSession, before: &[&str], sans: &[&str]) -> Vec<Event> {
    let mut out = Vec::new();
    s.begin_resync(0);
    assert!(s.take_log_request());
    let pos = position_after(sans);
    let earlier = position_after(before);
    // the dump and the clock come before the log's end: they wait for it
    s.on_message(
        Message::BoardDump(RawBoard::from_board(earlier.board(), false)),
        1,
        &mut out,
    );
    let running = if sans.len().is_multiple_of(2) {
        ClockSide::Left
    } else {
        ClockSide::Right
    };
    let t = ClockTimes::new(5_000_000, 5_000_000, Some(running), running);
    s.on_message(Message::ClockTimes(t), 1, &mut out);
    assert!(
        !out.iter().any(|e| matches!(e, Event::ClockSample(_))),
        "the clock waits for the log"
    );
    s.on_message(Message::EeMoves(log_after(sans)), 2, &mut out);
    // what the board sent before its log is superseded by it
    assert!(!out.iter().any(|e| matches!(e, Event::ClockSample(_))));
    s.on_message(
        Message::BoardDump(RawBoard::from_board(pos.board(), false)),
        3,
        &mut out,
    );
    s.on_message(Message::ClockTimes(t), 3, &mut out);
    out
}

fn reconnect(s: &mut DgtSession, sans: &[&str]) -> Vec<Event> {
    reconnect_from(s, sans, sans)
}

fn reconciled(out: &[Event]) -> Vec<&GameReconciled> {
    out.iter()
        .filter_map(|e| match e {
            Event::GameReconciled(r) => Some(&**r),
            _ => None,
        })
        .collect()
}

#[test]
fn a_restarted_feed_adds_only_the_moves_made_meanwhile_with_their_clocks() {
    // the journal has 1.e4 e5; the board played on: 2.Nf3 Nc6
    let mut s = DgtSession::resume(&seed(&["e2e4", "e7e5"]), 3000).unwrap();
    assert!(s.reconciling());
    // the board's dump before the log still shows 2.Nf3 only: superseded by the log (judged
    // after the moves it gave back it would read as moves back)
    let out = reconnect_from(&mut s, &["e4", "e5", "Nf3"], &["e4", "e5", "Nf3", "Nc6"]);
    let moves: Vec<(u32, String, Option<u64>)> = out
        .iter()
        .filter_map(|e| match e {
            Event::MoveMade(m) => Some((m.ply, m.san.clone(), m.clock_ms)),
            _ => None,
        })
        .collect();
    assert_eq!(
        moves,
        [
            (3, "Nf3".to_string(), Some(5_397_000)),
            (4, "Nc6".to_string(), Some(5_396_000))
        ]
    );
    let r = reconciled(&out);
    assert_eq!(r.len(), 1, "{out:?}");
    assert_eq!(
        (
            r[0].outcome,
            r[0].source,
            r[0].common_moves,
            r[0].reported_moves
        ),
        (
            ReconcileOutcome::Extended,
            ReconcileSource::MoveLog,
            2,
            Some(4)
        )
    );
    // the journal had lost 1...e5's clock (the console went before its clock report): the
    // log tells it
    assert_eq!(r[0].clocks, [(2, 5_398_000)]);
    // the recovered moves come before the clock report held meanwhile
    let first_move = out
        .iter()
        .position(|e| matches!(e, Event::MoveMade(_)))
        .unwrap();
    let sample = out
        .iter()
        .position(|e| matches!(e, Event::ClockSample(_)))
        .unwrap();
    assert!(first_move < sample);
    assert!(!out.iter().any(|e| matches!(e, Event::BoardIrregularity(_))));
    assert!(!s.reconciling() && !s.pinned());
}

#[test]
fn a_restarted_feed_on_the_same_game_adds_nothing() {
    let mut s = DgtSession::resume(&seed(&["e2e4", "e7e5", "g1f3"]), 3000).unwrap();
    let out = reconnect(&mut s, &["e4", "e5", "Nf3"]);
    assert!(
        !out.iter().any(|e| matches!(e, Event::MoveMade(_))),
        "{out:?}"
    );
    let r = reconciled(&out);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].outcome, ReconcileOutcome::Same);
    // play goes on from the journaled position
    let mut out = Vec::new();
    let mut pos = position_after(&["e4", "e5", "Nf3"]);
    play(&mut s, &mut pos, "Nc6", &mut out);
    assert_eq!(moves(&out), [(4, "Nc6".to_string())]);
}

#[test]
fn another_game_on_the_board_is_reported_once_and_nothing_is_taken() {
    // the journal: 1.e4 e5 2.Nf3; the board's log and placement: 1.d4 d5 2.c4
    let mut s = DgtSession::resume(&seed(&["e2e4", "e7e5", "g1f3"]), 3000).unwrap();
    let out = reconnect(&mut s, &["d4", "d5", "c4"]);
    let r = reconciled(&out);
    assert_eq!(r.len(), 1, "{out:?}");
    assert_eq!(r[0].outcome, ReconcileOutcome::Different);
    assert_eq!(r[0].recorded, ["e4", "e5", "Nf3"]);
    assert_eq!(r[0].reported, ["d4", "d5", "c4"]);
    assert!(r[0].placement.is_some());
    assert!(!out.iter().any(|e| matches!(e, Event::MoveMade(_))));
    assert!(s.pinned());
    // presses on the other game: no irregularity records, no adoption
    let mut out = Vec::new();
    press(&mut s, ClockSide::Left, &mut out);
    press(&mut s, ClockSide::Right, &mut out);
    press(&mut s, ClockSide::Left, &mut out);
    assert!(
        !out.iter()
            .any(|e| matches!(e, Event::BoardIrregularity(_) | Event::MoveMade(_))),
        "{out:?}"
    );
    // the arbiter takes the board's game from move 0: the log gives it
    assert!(s.reseed(&seed(&[]), true, false, 10));
    let out = reconnect(&mut s, &["d4", "d5", "c4"]);
    assert_eq!(
        moves(&out),
        [(1, "d4".into()), (2, "d5".into()), (3, "c4".into())]
    );
    assert_eq!(reconciled(&out)[0].outcome, ReconcileOutcome::Extended);
}
