//! Tests of `eboard` (a file of their own: the module stays under 800 lines).

use super::*;
use crate::dgt::RawBoard;

fn play(tr: &mut Tracker, boards: &[Board], t: &mut u64) -> Vec<TrackerEvent> {
    let mut out = Vec::new();
    for b in boards {
        *t += 10;
        out.extend(tr.observe(b.clone(), *t));
    }
    out
}

fn with(b: &Board, f: impl FnOnce(&mut Board)) -> Board {
    let mut b = b.clone();
    f(&mut b);
    b
}

fn sans(ev: &[TrackerEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            TrackerEvent::Move { san, .. } => Some(san.clone()),
            _ => None,
        })
        .collect()
}

/// Plays `san` moves on a board square by square (lift, place) and returns the placements.
fn physical(pos: &Chess, san: &str) -> (Vec<Board>, Chess) {
    let m = san.parse::<SanPlus>().unwrap().san.to_move(pos).unwrap();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let b0 = pos.board().clone();
    let b1 = with(&b0, |b| {
        b.discard_piece_at(m.from().unwrap());
    });
    (vec![b1, after.board().clone()], after)
}

#[test]
fn plain_moves_lift_and_put_back() {
    let mut tr = Tracker::new();
    let mut t = 0;
    let start = Board::default();
    // lift e2, put back: nothing
    let lifted = with(&start, |b| b.discard_piece_at(Square::E2));
    assert!(play(&mut tr, &[lifted.clone(), start.clone()], &mut t).is_empty());
    let (bs, _) = physical(tr.position(), "e4");
    let ev = play(&mut tr, &bs, &mut t);
    assert_eq!(sans(&ev), ["e4"]);
    assert!(matches!(&ev[0], TrackerEvent::Move { ply: 1, uci, .. } if uci == "e2e4"));
}

#[test]
fn capture_castling_en_passant_promotion() {
    let mut tr = Tracker::new();
    let mut t = 0;
    let line = [
        "e4", "d5", "exd5", "Nf6", "Nf3", "c5", "dxc6", "Nbd7", "Be2", "e6", "O-O", "Be7", "cxb7",
        "O-O", "bxa8=Q",
    ];
    let mut got = Vec::new();
    for san in line {
        let (bs, _) = physical(tr.position(), san);
        // for captures also show the captured piece lifted first
        let ev = play(&mut tr, &bs, &mut t);
        got.extend(sans(&ev));
    }
    assert_eq!(
        got,
        [
            "e4", "d5", "exd5", "Nf6", "Nf3", "c5", "dxc6", "Nbd7", "Be2", "e6", "O-O", "Be7",
            "cxb7", "O-O", "bxa8=Q"
        ]
    );
}

#[test]
fn castling_king_first_then_rook() {
    let mut pos = Chess::default();
    for s in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    let mut tr = Tracker::from_position(pos.clone(), 6);
    let b = pos.board().clone();
    let k_lifted = with(&b, |b| b.discard_piece_at(Square::E1));
    let k_on_g1 = with(&k_lifted, |b| {
        b.set_piece_at(
            Square::G1,
            shakmaty::Piece {
                color: Color::White,
                role: Role::King,
            },
        )
    });
    let r_lifted = with(&k_on_g1, |b| b.discard_piece_at(Square::H1));
    let done = with(&r_lifted, |b| {
        b.set_piece_at(
            Square::F1,
            shakmaty::Piece {
                color: Color::White,
                role: Role::Rook,
            },
        )
    });
    let mut t = 0;
    let ev = play(&mut tr, &[k_lifted, k_on_g1, r_lifted, done], &mut t);
    assert_eq!(sans(&ev), ["O-O"]);
    assert!(tr.tick(10_000).is_empty());
}

#[test]
fn illegal_position_is_reported_not_accepted() {
    let mut tr = Tracker::new();
    let mut t = 0;
    // e2 pawn jumps to e5
    let b = with(&Board::default(), |b| {
        b.discard_piece_at(Square::E2);
        b.set_piece_at(
            Square::E5,
            shakmaty::Piece {
                color: Color::White,
                role: Role::Pawn,
            },
        );
    });
    assert!(play(&mut tr, std::slice::from_ref(&b), &mut t).is_empty());
    assert!(tr.tick(t + 100).is_empty(), "not settled yet");
    let ev = tr.tick(t + 4000);
    assert!(
        matches!(&ev[..], [TrackerEvent::Irregular { .. }]),
        "{ev:?}"
    );
    assert_eq!(tr.ply(), 0);
    // reported once
    assert!(tr.tick(t + 8000).is_empty());
    // put back: restored; then a legal move is accepted
    let ev = tr.observe(Board::default(), t + 9000);
    assert!(matches!(&ev[..], [TrackerEvent::Restored { .. }]));
    let (bs, _) = physical(tr.position(), "e4");
    assert_eq!(sans(&play(&mut tr, &bs, &mut t)), ["e4"]);
}

#[test]
fn a_piece_held_in_hand_is_not_irregular_until_the_clock_is_pressed() {
    let mut tr = Tracker::new();
    let lifted = with(&Board::default(), |b| b.discard_piece_at(Square::D1));
    assert!(tr.observe(lifted, 0).is_empty());
    assert!(tr.tick(60_000).is_empty());
    assert!(matches!(
        &tr.settle_now()[..],
        [TrackerEvent::Irregular { .. }]
    ));
}

#[test]
fn catch_up_reports_nothing_when_it_fails() {
    let mut tr = Tracker::new();
    let b = with(&Board::default(), |b| {
        b.discard_piece_at(Square::G1);
        b.set_piece_at(
            Square::G4,
            shakmaty::Piece {
                color: Color::White,
                role: Role::Knight,
            },
        );
    });
    assert!(tr.observe(b, 5).is_empty());
    assert!(tr.catch_up().is_empty());
    assert!(matches!(
        &tr.tick(10_000)[..],
        [TrackerEvent::Irregular { .. }]
    ));
}

#[test]
fn adopting_a_placement_after_a_long_gap() {
    let mut tr = Tracker::new();
    let mut pos = Chess::default();
    for s in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    assert!(tr.observe(pos.board().clone(), 1).is_empty());
    assert!(matches!(
        &tr.settle_now()[..],
        [TrackerEvent::Irregular { .. }]
    ));
    assert!(tr.is_irregular());
    let ev = tr.adopt(Color::White);
    assert!(
        matches!(&ev[..], [TrackerEvent::Adopted { ply: 1, .. }]),
        "{ev:?}"
    );
    // tracking goes on, castling included
    for s in ["Ba4", "Nf6", "O-O"] {
        let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
        let ev = tr.observe(pos.board().clone(), 2);
        assert_eq!(sans(&ev), [s]);
    }
    assert_eq!(tr.ply(), 3);
}

#[test]
fn clock_press_settles_at_once() {
    let mut tr = Tracker::new();
    let b = with(&Board::default(), |b| {
        b.discard_piece_at(Square::G1);
        b.set_piece_at(
            Square::G4,
            shakmaty::Piece {
                color: Color::White,
                role: Role::Knight,
            },
        );
    });
    assert!(tr.observe(b, 5).is_empty());
    assert!(matches!(
        &tr.settle_now()[..],
        [TrackerEvent::Irregular { .. }]
    ));
}

#[test]
fn catch_up_two_and_three_plies() {
    let mut tr = Tracker::new();
    let mut pos = Chess::default();
    for s in ["d4", "d5"] {
        let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    let ev = tr.observe(pos.board().clone(), 1);
    assert_eq!(sans(&ev), ["d4", "d5"]);
    for s in ["c4", "e6", "Nc3"] {
        let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    assert!(tr.observe(pos.board().clone(), 2).is_empty());
    let ev = tr.settle_now();
    assert_eq!(sans(&ev), ["c4", "e6", "Nc3"]);
    assert_eq!(tr.ply(), 5);
}

#[test]
fn kings_in_the_centre_signal_a_result() {
    let mut tr = Tracker::new();
    let mut t = 0;
    let (bs, _) = physical(tr.position(), "e4");
    play(&mut tr, &bs, &mut t);
    let b = tr.position().board().clone();
    let signal = with(&b, |b| {
        b.discard_piece_at(Square::E1);
        b.discard_piece_at(Square::E8);
        b.set_piece_at(
            Square::D5,
            shakmaty::Piece {
                color: Color::White,
                role: Role::King,
            },
        );
        b.set_piece_at(
            Square::E4,
            shakmaty::Piece {
                color: Color::Black,
                role: Role::King,
            },
        );
    });
    // e4 has the pawn: put the black king on e4 replaces it in this toy placement
    let ev = tr.observe(signal, 100);
    assert!(
        matches!(
            &ev[..],
            [TrackerEvent::ResultSignal {
                result: GameResult::WhiteWins,
                ..
            }]
        ),
        "{ev:?}"
    );
    assert!(
        tr.tick(100_000).is_empty(),
        "a result signal is no irregularity"
    );
    assert_eq!(tr.ply(), 1);
    let dark = with(&b, |b| {
        b.discard_piece_at(Square::E1);
        b.discard_piece_at(Square::E8);
        b.set_piece_at(
            Square::D4,
            shakmaty::Piece {
                color: Color::White,
                role: Role::King,
            },
        );
        b.set_piece_at(
            Square::E5,
            shakmaty::Piece {
                color: Color::Black,
                role: Role::King,
            },
        );
    });
    assert_eq!(result_signal(&dark), Some(GameResult::BlackWins));
    let mixed = with(&dark, |b| {
        b.discard_piece_at(Square::D4);
        b.set_piece_at(
            Square::D5,
            shakmaty::Piece {
                color: Color::White,
                role: Role::King,
            },
        );
    });
    assert_eq!(result_signal(&mixed), Some(GameResult::Draw));
    // a new game after the signal
    let ev = tr.observe(Board::default(), 200);
    assert_eq!(ev, [TrackerEvent::NewGame]);
}

#[test]
fn history_keeps_side_to_move_castling_and_en_passant() {
    let mut tr = Tracker::new();
    let mut t = 0;
    for san in ["e4", "Nf6", "e5", "d5"] {
        let (bs, _) = physical(tr.position(), san);
        play(&mut tr, &bs, &mut t);
    }
    // After 2...d5 White may take en passant; castling rights are still all there.
    let last = tr.history().last().unwrap();
    assert_eq!(tr.history().len(), 5);
    assert_eq!(last.turn(), Color::White);
    assert!(last.legal_moves().iter().any(|m| m.is_en_passant()));
    assert_eq!(
        shakmaty::fen::Fen::from_position(last, shakmaty::EnPassantMode::Legal).to_string(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    // Knights out and back: the same position again (the en passant right is gone, so the
    // position after 2...d5 does not count).
    for san in ["Nf3", "Ng8", "Ng1", "Nf6"] {
        let (bs, _) = physical(tr.position(), san);
        play(&mut tr, &bs, &mut t);
    }
    assert_eq!(tr.repetitions(), 1);
    for san in ["Nf3", "Ng8", "Ng1", "Nf6"] {
        let (bs, _) = physical(tr.position(), san);
        play(&mut tr, &bs, &mut t);
    }
    assert_eq!(tr.repetitions(), 2);
}

#[test]
fn joining_a_game_in_progress_takes_the_side_to_move_from_the_clock() {
    // Black to move and in check: read with White to move the placement is impossible.
    let board: Board = "4k3/8/8/8/8/8/8/4R1K1".parse().unwrap();
    let mut tr = Tracker::new();
    assert!(tr.join(&board, Color::Black, 41));
    assert_eq!(tr.position().turn(), Color::Black);
    assert_eq!(tr.ply(), 41);
    assert_eq!(tr.history().len(), 1);
    // The next move is recognised from there.
    let ev = tr.observe("3k4/8/8/8/8/8/8/4R1K1".parse().unwrap(), 10);
    assert_eq!(sans(&ev), ["Kd8"]);
    assert!(matches!(&ev[0], TrackerEvent::Move { ply: 42, .. }));
    // A reinstated position: the history starts there.
    let mut tr2 = Tracker::new();
    tr2.set_position(tr.history()[0].clone(), 41);
    assert_eq!(tr2.position().board(), &board);
}

#[test]
fn orientation_from_the_start_position() {
    let mut tr = Tracker::new();
    let raw = RawBoard::from_board(&Board::default(), true);
    let ev = tr.observe_raw(&raw, 0);
    assert_eq!(ev, [TrackerEvent::Orientation { rotated: true }]);
    let mut pos = Chess::default();
    let m = "e4".parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
    pos.play_unchecked(m);
    let ev = tr.observe_raw(&RawBoard::from_board(pos.board(), true), 10);
    assert_eq!(sans(&ev), ["e4"]);
    let mut tr = Tracker::new();
    let ev = tr.observe_raw(&RawBoard::from_board(&Board::default(), false), 0);
    assert_eq!(ev, [TrackerEvent::Orientation { rotated: false }]);
}
