//! Piece codes and square numbering of DGT board dumps.

use shakmaty::{Board, Color, Piece, Role, Square};

/// Piece codes on the wire.
pub mod code {
    pub const EMPTY: u8 = 0x00;
    pub const WPAWN: u8 = 0x01;
    pub const WROOK: u8 = 0x02;
    pub const WKNIGHT: u8 = 0x03;
    pub const WBISHOP: u8 = 0x04;
    pub const WKING: u8 = 0x05;
    pub const WQUEEN: u8 = 0x06;
    pub const BPAWN: u8 = 0x07;
    pub const BROOK: u8 = 0x08;
    pub const BKNIGHT: u8 = 0x09;
    pub const BBISHOP: u8 = 0x0A;
    pub const BKING: u8 = 0x0B;
    pub const BQUEEN: u8 = 0x0C;
}

/// The piece for a DGT piece code; `None` for empty, the "magic pieces" and unknown codes.
pub fn piece_from_code(c: u8) -> Option<Piece> {
    let (color, role) = match c {
        0x01 => (Color::White, Role::Pawn),
        0x02 => (Color::White, Role::Rook),
        0x03 => (Color::White, Role::Knight),
        0x04 => (Color::White, Role::Bishop),
        0x05 => (Color::White, Role::King),
        0x06 => (Color::White, Role::Queen),
        0x07 => (Color::Black, Role::Pawn),
        0x08 => (Color::Black, Role::Rook),
        0x09 => (Color::Black, Role::Knight),
        0x0A => (Color::Black, Role::Bishop),
        0x0B => (Color::Black, Role::King),
        0x0C => (Color::Black, Role::Queen),
        _ => return None,
    };
    Some(Piece { color, role })
}

/// The DGT piece code of a piece.
pub fn piece_to_code(p: Piece) -> u8 {
    let base = match p.role {
        Role::Pawn => 1,
        Role::Rook => 2,
        Role::Knight => 3,
        Role::Bishop => 4,
        Role::King => 5,
        Role::Queen => 6,
    };
    if p.color == Color::White {
        base
    } else {
        base + 6
    }
}

/// The DGT square number (0 = a8 … 63 = h1) of a square, board in normal orientation.
pub fn dgt_index(sq: Square) -> usize {
    (sq.to_u32() ^ 56) as usize
}

/// The square of a DGT square number, board in normal orientation (`rotated` = turned 180°).
pub fn square_of(index: usize, rotated: bool) -> Square {
    let i = (index & 63) as u32;
    let i = if rotated { 63 - i } else { i };
    Square::new(i ^ 56)
}

/// The 64 piece codes of a board dump, in DGT square order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawBoard(pub [u8; 64]);

impl Default for RawBoard {
    fn default() -> Self {
        RawBoard([0; 64])
    }
}

impl RawBoard {
    /// The raw dump of a board as a board in the given orientation would send it.
    pub fn from_board(board: &Board, rotated: bool) -> RawBoard {
        let mut raw = [0u8; 64];
        for (sq, piece) in board.iter() {
            let i = dgt_index(sq);
            let i = if rotated { 63 - i } else { i };
            raw[i] = piece_to_code(piece);
        }
        RawBoard(raw)
    }

    /// The placement, reading the dump in the given orientation. Unknown codes count as empty.
    pub fn to_board(&self, rotated: bool) -> Board {
        let mut b = Board::empty();
        for (i, &c) in self.0.iter().enumerate() {
            if let Some(p) = piece_from_code(c) {
                b.set_piece_at(square_of(i, rotated), p);
            }
        }
        b
    }

    /// Applies a field update (ignores a square number out of range).
    pub fn apply(&mut self, square: u8, piece: u8) {
        if let Some(slot) = self.0.get_mut(usize::from(square)) {
            *slot = piece;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_numbering() {
        assert_eq!(dgt_index(Square::A8), 0);
        assert_eq!(dgt_index(Square::H8), 7);
        assert_eq!(dgt_index(Square::A7), 8);
        assert_eq!(dgt_index(Square::H1), 63);
        assert_eq!(square_of(0, false), Square::A8);
        assert_eq!(square_of(0, true), Square::H1);
        for c in 1..=12 {
            assert_eq!(piece_to_code(piece_from_code(c).unwrap()), c);
        }
    }

    #[test]
    fn board_round_trip() {
        let b = Board::default();
        for rotated in [false, true] {
            assert_eq!(RawBoard::from_board(&b, rotated).to_board(rotated), b);
        }
        let raw = RawBoard::from_board(&b, false);
        assert_eq!(raw.0[0], code::BROOK);
        assert_eq!(raw.0[4], code::BKING);
        assert_eq!(raw.0[60], code::WKING);
        assert_eq!(raw.0[59], code::WQUEEN);
    }
}
