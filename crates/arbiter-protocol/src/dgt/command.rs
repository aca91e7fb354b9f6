//! PC → board commands. The console reads; the one command that sets a clock, `SETNRUN`
//! ([`SetAndRun`]), works only in the clock's host-controlled mode (mode 23) and is sent only to
//! a board whose feed configuration says its clock accepts commands, as the arbiter's explicit
//! action (docs/FEEDS.md). No bootloader, no EEPROM writes.

/// A command the console (or a test) sends to a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// 0x40: back to IDLE.
    Reset,
    /// 0x41: one clock report.
    SendClock,
    /// 0x42: one board dump.
    SendBoard,
    /// 0x43: field updates and clock reports at least every second.
    SendUpdate,
    /// 0x44: field updates only.
    SendUpdateBoard,
    /// 0x45: the 5-digit serial number.
    SerialNumber,
    /// 0x46: the bus address.
    BusAddress,
    /// 0x47: the trademark text.
    Trademark,
    /// 0x4B: field updates and clock reports when the clock data changed.
    SendUpdateNice,
    /// 0x4C: battery status (BT boards).
    BatteryStatus,
    /// 0x4D: firmware version.
    Version,
    /// 0x49: the board's move log (EEPROM), about 7.9 KB.
    SendEeMoves,
    /// 0x55: the 10-digit serial number.
    LongSerialNumber,
    /// 0x2B 0x03 0x03 0x09 0x00: the clock's version (used as "is a clock there?").
    ClockVersion,
}

impl Command {
    /// The bytes on the wire.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Command::Reset => &[0x40],
            Command::SendClock => &[0x41],
            Command::SendBoard => &[0x42],
            Command::SendUpdate => &[0x43],
            Command::SendUpdateBoard => &[0x44],
            Command::SerialNumber => &[0x45],
            Command::BusAddress => &[0x46],
            Command::Trademark => &[0x47],
            Command::SendUpdateNice => &[0x4B],
            Command::BatteryStatus => &[0x4C],
            Command::Version => &[0x4D],
            Command::SendEeMoves => &[0x49],
            Command::LongSerialNumber => &[0x55],
            Command::ClockVersion => &[0x2B, 0x03, 0x03, 0x09, 0x00],
        }
    }

    /// Appends the command's bytes.
    pub fn encode(self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.bytes());
    }

    /// The command of a single command byte.
    pub fn from_byte(b: u8) -> Option<Command> {
        Some(match b {
            0x40 => Command::Reset,
            0x41 => Command::SendClock,
            0x42 => Command::SendBoard,
            0x43 => Command::SendUpdate,
            0x44 => Command::SendUpdateBoard,
            0x45 => Command::SerialNumber,
            0x46 => Command::BusAddress,
            0x47 => Command::Trademark,
            0x4B => Command::SendUpdateNice,
            0x4C => Command::BatteryStatus,
            0x4D => Command::Version,
            0x49 => Command::SendEeMoves,
            0x55 => Command::LongSerialNumber,
            _ => return None,
        })
    }
}

/// The bytes of a clock command: `2B size 03 cmd payload… 00` (`size` counts the bytes after
/// it). The console sends only the version request; the others are for tests and the simulator:
/// a DGT 3000 acknowledges DISPLAY (01), ICONS (02), END (03), BUTTON (08), BEEP (0B) and ASCII
/// (0C) in the update modes, and SETNRUN (0A) only in its mode 23 (protocol header).
pub fn clock_command(cmd: u8, payload: &[u8]) -> Vec<u8> {
    let mut b = Vec::with_capacity(payload.len() + 5);
    b.push(0x2B);
    b.push(u8::try_from(payload.len() + 3).unwrap_or(u8::MAX));
    b.push(0x03);
    b.push(cmd);
    b.extend_from_slice(payload);
    b.push(0x00);
    b
}

/// The DGT 3000's ASCII command: eight characters and a beep (0..15, 0 = none).
pub fn clock_ascii(text: &str, beep: u8) -> Vec<u8> {
    let mut p = [b' '; 9];
    for (d, c) in p.iter_mut().zip(text.bytes().filter(u8::is_ascii)) {
        *d = c;
    }
    p[8] = beep.min(15);
    clock_command(0x0C, &p)
}

/// SETNRUN: left and right times (binary h, m, s) and the run flags (01 left runs, 02 right
/// runs, 04 pause).
pub fn clock_set_and_run(left_ms: u64, right_ms: u64, flags: u8) -> Vec<u8> {
    let hms = |ms: u64| {
        let s = (ms / 1000).min(9 * 3600 + 59 * 60 + 59);
        [(s / 3600) as u8, ((s / 60) % 60) as u8, (s % 60) as u8]
    };
    let (l, r) = (hms(left_ms), hms(right_ms));
    clock_command(SET_AND_RUN, &[l[0], l[1], l[2], r[0], r[1], r[2], flags])
}

/// The clock command id of SETNRUN (inside `2B 0A 03 0A … 00`).
pub const SET_AND_RUN: u8 = 0x0A;

/// Which side a set clock runs for afterwards (the SETNRUN flags byte: 01 left runs, 02 right
/// runs, 04 pause; 08 "toggle at lever" is not used).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockRun {
    Left,
    Right,
    Paused,
}

impl ClockRun {
    fn flags(self) -> u8 {
        match self {
            ClockRun::Left => 0x01,
            ClockRun::Right => 0x02,
            ClockRun::Paused => 0x04,
        }
    }
}

/// DGT_CMD_CLOCK_SETNRUN: both times in whole seconds (up to 9:59:59: the hours are one binary
/// digit, 0x10 would mean counting up), and who runs. Only a clock in mode 23 (host-controlled)
/// carries it out; any other answers with an error ACK (ack0 0x40).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetAndRun {
    pub left_ms: u64,
    pub right_ms: u64,
    pub run: ClockRun,
}

impl SetAndRun {
    /// The largest time the command carries.
    pub const MAX_MS: u64 = (9 * 3600 + 59 * 60 + 59) * 1000;

    /// The bytes on the wire: `2B 0A 03 0A lh lm ls rh rm rs flags 00`.
    pub fn bytes(&self) -> Vec<u8> {
        clock_set_and_run(self.left_ms, self.right_ms, self.run.flags())
    }

    /// The command from a received clock command's payload (`lh lm ls rh rm rs flags`):
    /// `None` for another length, a count-up or out-of-range digit, or no single run flag.
    pub fn from_payload(p: &[u8]) -> Option<SetAndRun> {
        let [lh, lm, ls, rh, rm, rs, flags] = *p else {
            return None;
        };
        let ms = |h: u8, m: u8, s: u8| {
            (h <= 9 && m < 60 && s < 60)
                .then(|| (u64::from(h) * 3600 + u64::from(m) * 60 + u64::from(s)) * 1000)
        };
        let run = match flags & 0x07 {
            0x01 => ClockRun::Left,
            0x02 => ClockRun::Right,
            0x04 => ClockRun::Paused,
            _ => return None,
        };
        Some(SetAndRun {
            left_ms: ms(lh, lm, ls)?,
            right_ms: ms(rh, rm, rs)?,
            run,
        })
    }
}

/// What a board received: a known command, a clock command (wrapper `2B size ...`), or an
/// unknown byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    Command(Command),
    /// A clock command other than the version request: `cmd` and its payload.
    ClockCommand {
        cmd: u8,
        payload: Vec<u8>,
    },
    Unknown(u8),
}

/// Board-side decoder of PC → board bytes (used by the simulator).
#[derive(Debug, Default)]
pub struct CommandDecoder {
    buf: Vec<u8>,
}

impl CommandDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next received command, `None` when more bytes are needed.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Received> {
        let &first = self.buf.first()?;
        if first == 0x2B {
            let size = usize::from(*self.buf.get(1)?);
            if self.buf.len() < 2 + size {
                return None;
            }
            let body: Vec<u8> = self.buf.drain(..2 + size).skip(2).collect();
            // body: 03 cmd payload... 00
            let cmd = body.get(1).copied().unwrap_or(0);
            if cmd == 0x09 {
                return Some(Received::Command(Command::ClockVersion));
            }
            let payload = body
                .get(2..body.len().saturating_sub(1))
                .unwrap_or(&[])
                .to_vec();
            return Some(Received::ClockCommand { cmd, payload });
        }
        self.buf.remove(0);
        Some(match Command::from_byte(first) {
            Some(c) => Received::Command(c),
            None => Received::Unknown(first),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip() {
        let all = [
            Command::Reset,
            Command::SendClock,
            Command::SendBoard,
            Command::SendUpdate,
            Command::SendUpdateBoard,
            Command::SerialNumber,
            Command::BusAddress,
            Command::Trademark,
            Command::SendUpdateNice,
            Command::BatteryStatus,
            Command::Version,
            Command::SendEeMoves,
            Command::LongSerialNumber,
            Command::ClockVersion,
        ];
        let mut d = CommandDecoder::new();
        for c in all {
            d.push(c.bytes());
        }
        for c in all {
            assert_eq!(d.next(), Some(Received::Command(c)));
        }
        assert_eq!(d.next(), None);
        d.push(&[0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 1, 30, 0, 1]);
        assert_eq!(d.next(), None);
        d.push(&[0x00]);
        assert!(matches!(
            d.next(),
            Some(Received::ClockCommand { cmd: 0x0A, .. })
        ));
        // the header's example: "ARBITER " without beep
        assert_eq!(
            clock_ascii("ARBITER", 0),
            [
                0x2B, 0x0C, 0x03, 0x0C, 0x41, 0x52, 0x42, 0x49, 0x54, 0x45, 0x52, 0x20, 0x00, 0x00
            ]
        );
        assert_eq!(
            clock_set_and_run(5_400_000, 5_400_000, 0x01),
            [0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 1, 30, 0, 1, 0]
        );
        // SETNRUN against the header's layout: 2B, size (the 10 bytes after it), 03, cmd 0A,
        // left h m s, right h m s in binary (not BCD), the run flags, 00.
        let cmd = SetAndRun {
            left_ms: (3600 + 32 * 60 + 5) * 1000,
            right_ms: 58 * 60_000 + 999,
            run: ClockRun::Right,
        };
        let b = cmd.bytes();
        assert_eq!(b, [0x2B, 0x0A, 0x03, 0x0A, 1, 32, 5, 0, 58, 0, 0x02, 0x00]);
        assert_eq!(
            usize::from(b[1]),
            b.len() - 2,
            "size counts the bytes after it"
        );
        d.push(&b);
        match d.next() {
            Some(Received::ClockCommand {
                cmd: SET_AND_RUN,
                payload,
            }) => assert_eq!(
                SetAndRun::from_payload(&payload),
                Some(SetAndRun {
                    right_ms: 58 * 60_000,
                    ..cmd
                })
            ),
            other => panic!("{other:?}"),
        }
        // Count-up hours (0x10), bad minutes, two run flags, a short payload: not a SETNRUN.
        for bad in [
            &[0x11, 0, 0, 1, 0, 0, 1][..],
            &[1, 60, 0, 1, 0, 0, 1],
            &[1, 0, 0, 1, 0, 0, 3],
            &[1, 0, 0, 1, 0, 0],
        ] {
            assert_eq!(SetAndRun::from_payload(bad), None, "{bad:?}");
        }
        d.push(&clock_ascii("HELLO", 3));
        assert_eq!(
            d.next(),
            Some(Received::ClockCommand {
                cmd: 0x0C,
                payload: b"HELLO   \x03".to_vec()
            })
        );
    }
}
