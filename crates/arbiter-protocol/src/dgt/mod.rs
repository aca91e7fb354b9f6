//! The DGT e-board serial protocol, sans-IO: bytes in, messages out; commands out as bytes.
//!
//! Framing (board → PC): `id | 0x80`, two 7-bit length bytes (length **includes** the 3 header
//! bytes), then payload bytes with the MSB clear. The [`Decoder`] resynchronises after garbage:
//! it drops bytes until one with the MSB set, treats a length byte with the MSB set as
//! corruption, and restarts at any payload byte with the MSB set (the frame was cut). It never
//! panics and counts what it dropped ([`DecoderStats`]).
//!
//! The console only *reads* a clock: [`Command`] holds no command that sets or starts a clock.
//! See `docs/FEEDS.md` and the reference tables in `shared/reference/ecosystem-dgt-peers.md` §1.

pub mod board;
pub mod clock;
mod codec;
pub mod command;
pub mod eeprom;

pub use board::{RawBoard, piece_from_code, piece_to_code};
pub use clock::{ClockAck, ClockTimes, SideTime};
pub use codec::{DecodeError, Decoder, DecoderStats, MAX_FRAME, encode_message};
pub use command::{Command, CommandDecoder};

/// Board → PC message ids (with the MSB set, as on the wire).
pub mod msg {
    pub const BOARD_DUMP: u8 = 0x86;
    pub const BWTIME: u8 = 0x8D;
    pub const FIELD_UPDATE: u8 = 0x8E;
    pub const EE_MOVES: u8 = 0x8F;
    pub const BUSADRES: u8 = 0x90;
    pub const SERIALNR: u8 = 0x91;
    pub const TRADEMARK: u8 = 0x92;
    pub const VERSION: u8 = 0x93;
    pub const BOARD_DUMP_50B: u8 = 0x94;
    pub const BOARD_DUMP_50W: u8 = 0x95;
    pub const BATTERY_STATUS: u8 = 0xA0;
    pub const LONG_SERIALNR: u8 = 0xA2;
}

/// A decoded board → PC message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// 64 piece codes, DGT square order (0 = a8 … 63 = h1 with the connector on White's left).
    BoardDump(RawBoard),
    /// One square changed: DGT square number 0..63 and the new piece code (0 = emptied).
    FieldUpdate {
        square: u8,
        piece: u8,
    },
    /// A clock time report.
    ClockTimes(ClockTimes),
    /// A clock acknowledgement (same id 0x8D as the time report, hours nibble 0x0A).
    ClockAck(ClockAck),
    /// 5 ASCII digits.
    SerialNumber(String),
    /// 10 ASCII digits.
    LongSerialNumber(String),
    Version {
        major: u8,
        minor: u8,
    },
    /// Battery status payload as sent (its length differs between documents: parse by length).
    BatteryStatus(Vec<u8>),
    BusAddress(u16),
    Trademark(String),
    /// The EEPROM event log (raw).
    EeMoves(Vec<u8>),
    /// A well-framed message with an id this decoder does not interpret.
    Unknown {
        id: u8,
        payload: Vec<u8>,
    },
}

impl Message {
    /// The wire id of this message.
    pub fn id(&self) -> u8 {
        match self {
            Message::BoardDump(_) => msg::BOARD_DUMP,
            Message::FieldUpdate { .. } => msg::FIELD_UPDATE,
            Message::ClockTimes(_) | Message::ClockAck(_) => msg::BWTIME,
            Message::SerialNumber(_) => msg::SERIALNR,
            Message::LongSerialNumber(_) => msg::LONG_SERIALNR,
            Message::Version { .. } => msg::VERSION,
            Message::BatteryStatus(_) => msg::BATTERY_STATUS,
            Message::BusAddress(_) => msg::BUSADRES,
            Message::Trademark(_) => msg::TRADEMARK,
            Message::EeMoves(_) => msg::EE_MOVES,
            Message::Unknown { id, .. } => *id,
        }
    }
}
