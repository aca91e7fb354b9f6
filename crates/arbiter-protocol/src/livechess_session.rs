//! The LiveChess session, sans-IO: one e-board's `eboardevent` feed messages in, journal events
//! out (its SAN list, placement and clock). LiveChess reports White/Black, not left/right: the
//! samples put White on the left (`white_side = Left`). The websocket is
//! `arbiter_io::feeds::livechess_feed`.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position, san::SanPlus};

use crate::eboard::result_signal;
use crate::livechess::EBoardEvent;
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{
    BoardIrregularity, BoardPosition, ClockSample, Event, MoveMade, ResultSignal,
};

/// What the feed knows about the board (kept across reconnections).
#[derive(Debug, Clone)]
pub struct LiveChessSession {
    board: BoardNo,
    pos: Chess,
    sans: Vec<String>,
    last_clock: Option<(u64, u64, Option<bool>)>,
    last_placement: Option<String>,
    signalled: Option<String>,
}

fn is_centre_king_move(san: &str) -> bool {
    let s = san.trim_end_matches(['+', '#']);
    s.len() == 3 && s.starts_with('K') && matches!(&s[1..], "d4" | "d5" | "e4" | "e5")
}

impl LiveChessSession {
    pub fn new(board: BoardNo) -> Self {
        LiveChessSession {
            board,
            pos: Chess::default(),
            sans: Vec::new(),
            last_clock: None,
            last_placement: None,
            signalled: None,
        }
    }

    /// The SAN moves accepted so far.
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    pub fn on_event(&mut self, ev: &EBoardEvent, out: &mut Vec<Event>) {
        let board = self.board;
        let signal = ev.board.as_deref().and_then(|p| {
            shakmaty::Board::from_ascii_board_fen(p.as_bytes())
                .ok()
                .and_then(|b| result_signal(&b))
        });
        if let Some(list) = &ev.san {
            let common = self
                .sans
                .iter()
                .zip(list)
                .take_while(|(a, b)| {
                    a.trim_end_matches(['+', '#']) == b.trim_end_matches(['+', '#'])
                })
                .count();
            if common < self.sans.len() {
                out.push(Event::BoardIrregularity(BoardIrregularity {
                    board,
                    placement: ev.board.clone().unwrap_or_default(),
                    detail: format!(
                        "LiveChess changed the move list from ply {} (takeback or correction)",
                        common + 1
                    ),
                }));
                let mut pos = Chess::default();
                for s in &self.sans[..common] {
                    if let Some(m) = s
                        .parse::<SanPlus>()
                        .ok()
                        .and_then(|sp| sp.san.to_move(&pos).ok())
                    {
                        pos.play_unchecked(m);
                    }
                }
                self.pos = pos;
                self.sans.truncate(common);
            }
            for s in &list[common..] {
                // LiveChess' "made-up king moves" when the kings are put in the centre
                if signal.is_some() && is_centre_king_move(s) {
                    break;
                }
                let Some(m) = s
                    .parse::<SanPlus>()
                    .ok()
                    .and_then(|sp| sp.san.to_move(&self.pos).ok())
                else {
                    out.push(Event::BoardIrregularity(BoardIrregularity {
                        board,
                        placement: ev.board.clone().unwrap_or_default(),
                        detail: format!("LiveChess reported a move {s:?} that is not legal here"),
                    }));
                    break;
                };
                let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
                let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m).to_string();
                self.sans.push(san.clone());
                out.push(Event::MoveMade(MoveMade {
                    board,
                    ply: self.sans.len() as u32,
                    uci,
                    san,
                }));
            }
        }
        if let Some(p) = &ev.board
            && self.last_placement.as_ref() != Some(p)
        {
            self.last_placement = Some(p.clone());
            out.push(Event::BoardPosition(BoardPosition {
                board,
                placement: p.clone(),
            }));
            if let Some(result) = signal
                && self.signalled.as_ref() != Some(p)
            {
                self.signalled = Some(p.clone());
                out.push(Event::ResultSignal(ResultSignal {
                    board,
                    result,
                    placement: p.clone(),
                }));
            }
        }
        if let Some(c) = ev.clock {
            let key = (c.white, c.black, c.run);
            if self.last_clock != Some(key) {
                self.last_clock = Some(key);
                out.push(Event::ClockSample(ClockSample {
                    board,
                    left_ms: c.white * 1000,
                    right_ms: c.black * 1000,
                    running: c
                        .run
                        .map(|w| if w { ClockSide::Left } else { ClockSide::Right }),
                    left_flag: false,
                    right_flag: false,
                    white_side: Some(ClockSide::Left),
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(san: &[&str], board: Option<&str>) -> EBoardEvent {
        EBoardEvent {
            serialnr: "1".into(),
            flipped: false,
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

    #[test]
    fn full_san_lists_give_each_move_once() {
        let mut s = LiveChessSession::new(BoardNo(1));
        let mut out = Vec::new();
        s.on_event(&ev(&["e4"], None), &mut out);
        s.on_event(&ev(&["e4"], None), &mut out);
        s.on_event(&ev(&["e4", "e5", "Nf3"], None), &mut out);
        assert_eq!(
            moves(&out),
            [(1, "e4".into()), (2, "e5".into()), (3, "Nf3".into())]
        );
        out.clear();
        // correction: Nf3 replaced by Nc3
        s.on_event(&ev(&["e4", "e5", "Nc3"], None), &mut out);
        assert!(matches!(out[0], Event::BoardIrregularity(_)));
        assert_eq!(moves(&out), [(3, "Nc3".into())]);
        out.clear();
        s.on_event(&ev(&["e4", "e5", "Nc3", "Qh4", "Kxe8"], None), &mut out);
        assert_eq!(moves(&out), [(4, "Qh4".into())]);
        assert!(matches!(out.last(), Some(Event::BoardIrregularity(_))));
    }

    #[test]
    fn made_up_king_moves_are_a_result_signal() {
        let mut s = LiveChessSession::new(BoardNo(1));
        let mut out = Vec::new();
        s.on_event(&ev(&["e4", "e5", "Ke2", "Ke7"], None), &mut out);
        out.clear();
        // kings put on d5 and e4?? — here: white king d4, black king e5 (both dark: 0-1)
        let placement = "rnbq1bnr/pppp1ppp/8/4k3/3KP3/8/PPPP1PPP/RNBQ1BNR";
        s.on_event(
            &ev(
                &["e4", "e5", "Ke2", "Ke7", "Kd3", "Kd6", "Kd4"],
                Some(placement),
            ),
            &mut out,
        );
        let m = moves(&out);
        assert_eq!(m, [(5, "Kd3".into()), (6, "Kd6".into())]);
        assert!(out.iter().any(|e| matches!(e, Event::ResultSignal(r) if r.result == arbiter_core::model::GameResult::BlackWins)));
    }
}
