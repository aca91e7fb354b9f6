//! Framing: [`Decoder`] (bytes → messages, with resynchronisation) and [`encode_message`].

use super::{ClockAck, ClockTimes, Message, RawBoard, msg};

/// The largest frame accepted (EEPROM dump: 0x2000 - 0x100 + 3 bytes, rounded up).
pub const MAX_FRAME: usize = 0x2000;

/// Why bytes were dropped. The decoder carries on after every error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Bytes before the next message id (MSB clear), or an id whose header was corrupt.
    #[error("{0} garbage byte(s) skipped")]
    Garbage(usize),
    /// A header announcing a frame longer than [`MAX_FRAME`] (or shorter than its header).
    #[error("frame 0x{id:02x} with impossible length {len}")]
    Oversize { id: u8, len: usize },
    /// A known message with the wrong length for its id.
    #[error("frame 0x{id:02x} has length {len}, expected {expected}")]
    BadLength { id: u8, len: usize, expected: usize },
    /// A frame cut by a byte with the MSB set inside its payload.
    #[error("frame 0x{id:02x} cut after {got} of {len} bytes")]
    Truncated { id: u8, got: usize, len: usize },
}

/// What the decoder has seen, for the feed's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DecoderStats {
    pub frames: u64,
    pub garbage_bytes: u64,
    pub oversize_frames: u64,
    /// Frames dropped for a wrong length or a cut payload.
    pub bad_frames: u64,
    pub unknown_messages: u64,
    pub bytes_in: u64,
}

/// Sans-IO DGT decoder: [`push`](Decoder::push) bytes, then call [`next`](Decoder::next)
/// until `None`.
#[derive(Debug, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    pos: usize,
    stats: DecoderStats,
}

/// The fixed total length of a known message id, `None` when variable.
fn fixed_len(id: u8) -> Option<usize> {
    match id {
        msg::BOARD_DUMP => Some(67),
        msg::BWTIME => Some(10),
        msg::FIELD_UPDATE => Some(5),
        msg::BUSADRES => Some(5),
        msg::SERIALNR => Some(8),
        msg::VERSION => Some(5),
        msg::BOARD_DUMP_50B | msg::BOARD_DUMP_50W => Some(53),
        msg::LONG_SERIALNR => Some(13),
        _ => None,
    }
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Appends received bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.pos > 0 && (self.pos >= self.buf.len() || self.pos > 4096) {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        self.stats.bytes_in += bytes.len() as u64;
        self.buf.extend_from_slice(bytes);
    }

    pub fn stats(&self) -> DecoderStats {
        self.stats
    }

    /// Bytes received but not yet decoded.
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// A frame being received: its id and the bytes of it received so far, when the buffered
    /// bytes begin with a valid header and no byte since has the MSB set (a long frame such as
    /// the move log, which takes about 8 s at 9600 baud, is on its way).
    pub fn frame_in_progress(&self) -> Option<(u8, usize)> {
        let data = &self.buf[self.pos..];
        if data.len() < 3 || data[0] & 0x80 == 0 || data[1] & 0x80 != 0 || data[2] & 0x80 != 0 {
            return None;
        }
        let len = (usize::from(data[1]) << 7) | usize::from(data[2]);
        if !(3..=MAX_FRAME).contains(&len) || data.len() >= len {
            return None;
        }
        data[3..]
            .iter()
            .all(|b| b & 0x80 == 0)
            .then_some((data[0], data.len()))
    }

    /// The next message or error, `None` when more bytes are needed.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Result<Message, DecodeError>> {
        let data = &self.buf[self.pos..];
        // 1. skip bytes until a message id (MSB set)
        let skip = data
            .iter()
            .position(|b| b & 0x80 != 0)
            .unwrap_or(data.len());
        if skip > 0 {
            self.pos += skip;
            self.stats.garbage_bytes += skip as u64;
            return Some(Err(DecodeError::Garbage(skip)));
        }
        if data.len() < 3 {
            if data.len() == 2 && data[1] & 0x80 != 0 {
                return Some(self.drop_id());
            }
            return None;
        }
        let id = data[0];
        if data[1] & 0x80 != 0 || data[2] & 0x80 != 0 {
            return Some(self.drop_id());
        }
        let len = (usize::from(data[1]) << 7) | usize::from(data[2]);
        if !(3..=MAX_FRAME).contains(&len) {
            self.pos += 1;
            self.stats.oversize_frames += 1;
            self.stats.garbage_bytes += 1;
            return Some(Err(DecodeError::Oversize { id, len }));
        }
        if let Some(expected) = fixed_len(id)
            && expected != len
        {
            self.pos += 1;
            self.stats.bad_frames += 1;
            self.stats.garbage_bytes += 1;
            return Some(Err(DecodeError::BadLength { id, len, expected }));
        }
        // a byte with the MSB set inside the payload cuts the frame
        let avail = data.len().min(len);
        if let Some(cut) = data[3..avail].iter().position(|b| b & 0x80 != 0) {
            let got = 3 + cut;
            self.pos += got;
            self.stats.bad_frames += 1;
            self.stats.garbage_bytes += got as u64;
            return Some(Err(DecodeError::Truncated { id, got, len }));
        }
        if data.len() < len {
            return None;
        }
        let payload = &data[3..len];
        let m = parse(id, payload);
        self.pos += len;
        self.stats.frames += 1;
        if matches!(m, Message::Unknown { .. }) {
            self.stats.unknown_messages += 1;
        }
        Some(Ok(m))
    }

    fn drop_id(&mut self) -> Result<Message, DecodeError> {
        self.pos += 1;
        self.stats.garbage_bytes += 1;
        Err(DecodeError::Garbage(1))
    }
}

fn ascii(p: &[u8]) -> String {
    p.iter().map(|&b| char::from(b)).collect()
}

fn parse(id: u8, p: &[u8]) -> Message {
    match id {
        msg::BOARD_DUMP => {
            let mut raw = [0u8; 64];
            raw.copy_from_slice(p);
            Message::BoardDump(RawBoard(raw))
        }
        msg::BWTIME => {
            let mut b = [0u8; 7];
            b.copy_from_slice(p);
            match ClockTimes::decode(&b) {
                Ok(t) => Message::ClockTimes(t),
                Err(ack) => Message::ClockAck(ack),
            }
        }
        msg::FIELD_UPDATE if p[0] < 64 => Message::FieldUpdate {
            square: p[0],
            piece: p[1],
        },
        msg::SERIALNR => Message::SerialNumber(ascii(p)),
        msg::LONG_SERIALNR => Message::LongSerialNumber(ascii(p)),
        msg::VERSION => Message::Version {
            major: p[0],
            minor: p[1],
        },
        msg::BATTERY_STATUS => Message::BatteryStatus(p.to_vec()),
        msg::BUSADRES => Message::BusAddress((u16::from(p[0]) << 7) | u16::from(p[1])),
        msg::TRADEMARK => Message::Trademark(ascii(p)),
        msg::EE_MOVES => Message::EeMoves(p.to_vec()),
        _ => Message::Unknown {
            id,
            payload: p.to_vec(),
        },
    }
}

fn frame(out: &mut Vec<u8>, id: u8, payload: &[u8]) {
    let len = payload.len() + 3;
    out.push(id | 0x80);
    out.push(((len >> 7) & 0x7F) as u8);
    out.push((len & 0x7F) as u8);
    out.extend(payload.iter().map(|b| b & 0x7F));
}

/// Appends the wire bytes of a message, as a board sends it (used by the simulator and tests).
/// Payload bytes are masked to 7 bits.
pub fn encode_message(m: &Message, out: &mut Vec<u8>) {
    match m {
        Message::BoardDump(raw) => frame(out, msg::BOARD_DUMP, &raw.0),
        Message::FieldUpdate { square, piece } => frame(out, msg::FIELD_UPDATE, &[*square, *piece]),
        Message::ClockTimes(t) => frame(out, msg::BWTIME, &t.encode()),
        Message::ClockAck(a) => frame(out, msg::BWTIME, &ClockAck::encode(a)),
        Message::SerialNumber(s) => {
            let mut b = [b'0'; 5];
            for (d, c) in b.iter_mut().zip(s.bytes()) {
                *d = c;
            }
            frame(out, msg::SERIALNR, &b)
        }
        Message::LongSerialNumber(s) => {
            let mut b = [b'0'; 10];
            for (d, c) in b.iter_mut().zip(s.bytes()) {
                *d = c;
            }
            frame(out, msg::LONG_SERIALNR, &b)
        }
        Message::Version { major, minor } => frame(out, msg::VERSION, &[*major, *minor]),
        Message::BatteryStatus(p) => frame(out, msg::BATTERY_STATUS, p),
        Message::BusAddress(a) => frame(out, msg::BUSADRES, &[(a >> 7) as u8, *a as u8]),
        Message::Trademark(s) => frame(out, msg::TRADEMARK, s.as_bytes()),
        Message::EeMoves(p) => frame(out, msg::EE_MOVES, p),
        Message::Unknown { id, payload } => frame(out, *id, payload),
    }
}
