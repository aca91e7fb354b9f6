//! The e-board's move log (`DGT_SEND_EE_MOVES` 0x49 → `DGT_MSG_EE_MOVES` 0x8F): parsing, and
//! writing it as a board does (the simulator).
//!
//! Format (protocol header, "EE_MOVES" section; the same in the 1998 text): a ring buffer of
//! 0x1F00 bytes sent oldest first, always ending with `EE_EOF` (0x6B). One-byte tags: 0x6A
//! power-up (field records of every piece follow), 0x6B end of file, 0x6C four rows, 0x6D empty
//! board, 0x6E log downloaded, 0x6F start position (connector on White's left), 0x7A start
//! position turned 180°, 0x7B start tag, 0x7C watchdog reset, 0x7D/0x7E reserved, 0x7F and 0x00
//! no operation. Field record, two bytes: `0x40 | r<<4 | piece` (r: less than ~250 ms after the
//! record before) then the square 0..63. Time record, three bytes, written at a lever change with
//! the time of the clock that stopped: `0x60 | hours` (right display) or `0x70 | hours` (left),
//! then BCD minutes and BCD seconds.
//!
//! Two bugs of a public Java parser are not copied: tags 0x7A–0x7F are one byte, and minutes and
//! seconds are BCD.

use arbiter_core::model::ClockSide;

use super::board::RawBoard;

/// The size of the board's log (the payload of an EE_MOVES message).
pub const EE_SIZE: usize = 0x1F00;

/// One-byte tags of the log.
pub mod tag {
    pub const NOP0: u8 = 0x00;
    pub const POWERUP: u8 = 0x6A;
    pub const EOF: u8 = 0x6B;
    pub const FOURROWS: u8 = 0x6C;
    pub const EMPTYBOARD: u8 = 0x6D;
    pub const DOWNLOADED: u8 = 0x6E;
    pub const BEGINPOS: u8 = 0x6F;
    pub const BEGINPOS_ROT: u8 = 0x7A;
    pub const START_TAG: u8 = 0x7B;
    pub const WATCHDOG: u8 = 0x7C;
    pub const NOP: u8 = 0x7F;
}

/// One record of the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EeRecord {
    /// A one-byte tag (see [`tag`]).
    Tag(u8),
    /// A square changed: DGT square 0..63 and the new piece code (0 = emptied).
    Field { square: u8, piece: u8 },
    /// The clock of `side` stopped at a lever change showing this time (whole seconds).
    Time { side: ClockSide, ms: u64 },
}

fn from_bcd(b: u8) -> Option<u8> {
    let (hi, lo) = (b >> 4, b & 0x0F);
    (hi <= 5 && lo <= 9).then_some(hi * 10 + lo)
}

/// Parses a log. Bytes that fit no record (a ring buffer's oldest record may be cut) are
/// skipped and counted; parsing stops at `EE_EOF`.
pub fn parse(log: &[u8]) -> (Vec<EeRecord>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    let mut i = 0;
    while i < log.len() {
        let b = log[i];
        match b {
            tag::EOF => break,
            0x40..=0x5F => {
                let Some(&sq) = log.get(i + 1) else {
                    skipped += 1;
                    break;
                };
                if sq > 63 {
                    skipped += 1;
                    i += 1;
                    continue;
                }
                let piece = b & 0x0F;
                if piece > 0x0C {
                    skipped += 2;
                } else {
                    out.push(EeRecord::Field { square: sq, piece });
                }
                i += 2;
            }
            0x60..=0x69 | 0x70..=0x79 => {
                let (Some(&m), Some(&s)) = (log.get(i + 1), log.get(i + 2)) else {
                    skipped += log.len() - i;
                    break;
                };
                match (from_bcd(m), from_bcd(s)) {
                    (Some(m), Some(s)) => {
                        let side = if b & 0x10 != 0 {
                            ClockSide::Left
                        } else {
                            ClockSide::Right
                        };
                        let h = u64::from(b & 0x0F);
                        let ms = (h * 3600 + u64::from(m) * 60 + u64::from(s)) * 1000;
                        out.push(EeRecord::Time { side, ms });
                        i += 3;
                    }
                    _ => {
                        skipped += 1;
                        i += 1;
                    }
                }
            }
            tag::NOP0 | tag::NOP => i += 1,
            0x6A..=0x6F | 0x7A..=0x7E => {
                out.push(EeRecord::Tag(b));
                i += 1;
            }
            _ => {
                skipped += 1;
                i += 1;
            }
        }
    }
    (out, skipped)
}

/// What a placement in the log came after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A square changed.
    Field,
    /// The lever was pressed (a time record): the move before it is complete; the time the
    /// clock that stopped showed (ms).
    Press(ClockSide, u64),
    /// The start position was set up (`rotated`: turned 180°).
    Start { rotated: bool },
}

/// The raw placements the log passes through, from its last start position (or from its first
/// record if it has none: the ring buffer overflowed), each with what led to it.
pub fn placements(records: &[EeRecord]) -> Vec<(Step, RawBoard)> {
    let start = records
        .iter()
        .rposition(|r| matches!(r, EeRecord::Tag(tag::BEGINPOS | tag::BEGINPOS_ROT)))
        .unwrap_or(0);
    let mut raw = RawBoard::default();
    let mut out = Vec::new();
    for r in &records[start..] {
        match *r {
            EeRecord::Tag(t @ (tag::BEGINPOS | tag::BEGINPOS_ROT)) => {
                let rotated = t == tag::BEGINPOS_ROT;
                raw = RawBoard::from_board(&shakmaty::Board::default(), rotated);
                out.push((Step::Start { rotated }, raw));
            }
            EeRecord::Tag(tag::POWERUP | tag::WATCHDOG | tag::EMPTYBOARD) => {
                raw = RawBoard::default();
            }
            EeRecord::Tag(_) => {}
            EeRecord::Field { square, piece } => {
                raw.apply(square, piece);
                out.push((Step::Field, raw));
            }
            EeRecord::Time { side, ms } => out.push((Step::Press(side, ms), raw)),
        }
    }
    out
}

/// The board's log as a board writes it: a ring buffer of [`EE_SIZE`] bytes (the simulator).
#[derive(Debug, Clone, Default)]
pub struct EeLog {
    bytes: std::collections::VecDeque<u8>,
}

impl EeLog {
    pub fn new() -> EeLog {
        EeLog::default()
    }

    fn push(&mut self, b: &[u8]) {
        self.bytes.extend(b);
        // one byte is kept for EE_EOF
        while self.bytes.len() > EE_SIZE - 1 {
            self.bytes.pop_front();
        }
    }

    pub fn tag(&mut self, t: u8) {
        self.push(&[t]);
    }

    pub fn field(&mut self, square: u8, piece: u8) {
        self.push(&[0x40 | (piece & 0x0F), square & 0x3F]);
    }

    /// A time record: the clock of `side` stopped showing `ms`.
    pub fn time(&mut self, side: ClockSide, ms: u64) {
        let s = (ms / 1000).min(9 * 3600 + 59 * 60 + 59);
        let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
        let bcd = |v: u64| (((v / 10) << 4) | (v % 10)) as u8;
        let first = match side {
            ClockSide::Right => 0x60,
            ClockSide::Left => 0x70,
        } | h as u8;
        self.push(&[first, bcd(m), bcd(sec)]);
    }

    /// The payload of the EE_MOVES message: [`EE_SIZE`] bytes, oldest first, the unused part as
    /// no-operation bytes, ending with `EE_EOF`.
    pub fn dump(&self) -> Vec<u8> {
        let mut out = vec![tag::NOP0; EE_SIZE - 1 - self.bytes.len()];
        out.extend(self.bytes.iter());
        out.push(tag::EOF);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_worked_example() {
        // start position; e2 (52) emptied; white pawn on e4 (36); left display 1:29:45; EOF
        let (recs, skipped) = parse(&[0x6F, 0x40, 0x34, 0x41, 0x24, 0x71, 0x29, 0x45, 0x6B]);
        assert_eq!(skipped, 0);
        assert_eq!(
            recs,
            [
                EeRecord::Tag(tag::BEGINPOS),
                EeRecord::Field {
                    square: 52,
                    piece: 0
                },
                EeRecord::Field {
                    square: 36,
                    piece: 1
                },
                EeRecord::Time {
                    side: ClockSide::Left,
                    ms: (3600 + 29 * 60 + 45) * 1000
                },
            ]
        );
        let p = placements(&recs);
        assert_eq!(p.len(), 4);
        assert!(matches!(
            p[3].0,
            Step::Press(ClockSide::Left, ms) if ms == (3600 + 29 * 60 + 45) * 1000
        ));
        assert_eq!(
            p[3].1.to_board(false).to_string(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
        );
    }

    #[test]
    fn tags_7a_to_7f_are_one_byte_and_times_are_bcd() {
        let (recs, skipped) = parse(&[0x7A, 0x7B, 0x7F, 0x62, 0x59, 0x07, 0x6B, 0x6F]);
        assert_eq!(skipped, 0);
        assert_eq!(
            recs,
            [
                EeRecord::Tag(tag::BEGINPOS_ROT),
                EeRecord::Tag(tag::START_TAG),
                EeRecord::Time {
                    side: ClockSide::Right,
                    ms: (2 * 3600 + 59 * 60 + 7) * 1000
                },
            ]
        );
    }

    #[test]
    fn a_ring_buffer_round_trips_and_stays_bounded() {
        let mut log = EeLog::new();
        log.tag(tag::BEGINPOS);
        for i in 0..5000u32 {
            log.field((i % 64) as u8, (i % 13) as u8);
            log.time(ClockSide::Left, 5_400_000);
        }
        let d = log.dump();
        assert_eq!(d.len(), EE_SIZE);
        assert_eq!(d.last(), Some(&tag::EOF));
        assert!(d.iter().all(|b| b & 0x80 == 0));
        let (recs, _) = parse(&d);
        assert!(
            recs.iter()
                .any(|r| matches!(r, EeRecord::Time { ms: 5_400_000, .. }))
        );
    }
}
