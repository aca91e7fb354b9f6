//! The 7-byte payload of `DGT_MSG_BWTIME` (0x8D): a clock time report or a clock ACK.
//!
//! Byte order (2011+ header, picochess, arnsholt/dgtdriver): d0..d2 = **right** side
//! (hours + flag bits, BCD minutes, BCD seconds), d3..d5 = **left** side, d6 = status.
//! Turn bits as real clocks send them (byte streams recorded from a DGT clock by
//! arnsholt/dgtpgn, and arnsholt/dgtdriver's `BWTime`): 0x08 with the left side running, 0x10
//! with the right side running (`09` and `13` on the wire); the 2015 header text has them the
//! other way round. The decoder never uses them: the running side is the running bit (0x01)
//! with the lever (0x02). Which side is White is not known to the clock: the console maps sides
//! to colours per board.
//!
//! A report whose six time bytes are all zero (and that does not say "no clock") is the empty
//! report Bluetooth boards send after a clock command: the header says to ignore it
//! ([`ClockTimes::is_empty_report`]).

use arbiter_core::model::ClockSide;

/// One side's display on a clock time report (whole seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideTime {
    pub hours: u8,
    pub minutes: u8,
    pub seconds: u8,
    /// Flag fallen and clock blocked at zero (0x10).
    pub final_flag: bool,
    /// "Time per move" indicator (0x20).
    pub per_move: bool,
    /// Flag shown for a period, clock may still run (0x40).
    pub period_flag: bool,
}

impl SideTime {
    /// The time in milliseconds.
    pub fn ms(&self) -> u64 {
        (u64::from(self.hours) * 3600 + u64::from(self.minutes) * 60 + u64::from(self.seconds))
            * 1000
    }

    /// A display of `ms` milliseconds, truncated to whole seconds; hours capped at 9.
    pub fn from_ms(ms: u64) -> SideTime {
        let s = (ms / 1000).min(9 * 3600 + 59 * 60 + 59);
        SideTime {
            hours: (s / 3600) as u8,
            minutes: ((s / 60) % 60) as u8,
            seconds: (s % 60) as u8,
            ..SideTime::default()
        }
    }

    fn decode(h: u8, m: u8, s: u8) -> SideTime {
        SideTime {
            hours: h & 0x0F,
            minutes: from_bcd(m),
            seconds: from_bcd(s),
            final_flag: h & 0x10 != 0,
            per_move: h & 0x20 != 0,
            period_flag: h & 0x40 != 0,
        }
    }

    fn encode(&self) -> [u8; 3] {
        let mut h = self.hours.min(9);
        if self.final_flag {
            h |= 0x10;
        }
        if self.per_move {
            h |= 0x20;
        }
        if self.period_flag {
            h |= 0x40;
        }
        [
            h,
            to_bcd(self.minutes.min(59)),
            to_bcd(self.seconds.min(59)),
        ]
    }

    /// Which flag this side shows: the final flag wins over the period flag.
    pub fn flag_kind(&self) -> Option<arbiter_core::record::FlagKind> {
        use arbiter_core::record::FlagKind;
        if self.final_flag {
            Some(FlagKind::Final)
        } else if self.period_flag {
            Some(FlagKind::Period)
        } else {
            None
        }
    }

    /// Whether the digits are a valid display (h ≤ 9, m ≤ 59, s ≤ 59).
    pub fn is_valid(&self) -> bool {
        self.hours <= 9 && self.minutes <= 59 && self.seconds <= 59
    }
}

fn from_bcd(b: u8) -> u8 {
    (b >> 4) * 10 + (b & 0x0F)
}

fn to_bcd(v: u8) -> u8 {
    ((v / 10) << 4) | (v % 10)
}

/// Status byte bits (d6).
pub mod status {
    pub const RUNNING: u8 = 0x01;
    pub const RIGHT_HIGH: u8 = 0x02;
    pub const BATTERY_LOW: u8 = 0x04;
    /// Sent by real clocks with the left side running (the 2015 header says "right's turn").
    pub const LEFT_TURN: u8 = 0x08;
    /// Sent by real clocks with the right side running (the 2015 header says "left's turn").
    pub const RIGHT_TURN: u8 = 0x10;
    pub const NO_CLOCK: u8 = 0x20;
}

/// A clock time report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockTimes {
    pub left: SideTime,
    pub right: SideTime,
    /// The raw status byte (see [`status`]).
    pub status: u8,
}

impl ClockTimes {
    pub fn is_running(&self) -> bool {
        self.status & status::RUNNING != 0
    }
    /// Lever: true when the right side is high (the right player's time runs).
    pub fn right_high(&self) -> bool {
        self.status & status::RIGHT_HIGH != 0
    }
    /// No clock connected: the reading is invalid.
    pub fn no_clock(&self) -> bool {
        self.status & status::NO_CLOCK != 0
    }
    pub fn battery_low(&self) -> bool {
        self.status & status::BATTERY_LOW != 0
    }
    /// All six time bytes zero without the "no clock" bit: the empty report the header says
    /// to ignore (Bluetooth boards after a clock command; picochess and python-asyncdgt skip it).
    pub fn is_empty_report(&self) -> bool {
        !self.no_clock() && self.left == SideTime::default() && self.right == SideTime::default()
    }
    /// The side whose time runs (from the running bit and the lever), `None` when stopped.
    pub fn running_side(&self) -> Option<ClockSide> {
        self.is_running().then(|| {
            if self.right_high() {
                ClockSide::Right
            } else {
                ClockSide::Left
            }
        })
    }

    /// A report for the given times and running side, with the lever and turn bits a real
    /// clock sends (`09` left running, `13` right running, `08`/`12` stopped).
    pub fn new(left_ms: u64, right_ms: u64, running: Option<ClockSide>, lever: ClockSide) -> Self {
        let lever = running.unwrap_or(lever);
        let mut st = 0;
        if running.is_some() {
            st |= status::RUNNING;
        }
        if lever == ClockSide::Right {
            st |= status::RIGHT_HIGH | status::RIGHT_TURN;
        } else {
            st |= status::LEFT_TURN;
        }
        ClockTimes {
            left: SideTime::from_ms(left_ms),
            right: SideTime::from_ms(right_ms),
            status: st,
        }
    }

    /// Decodes the 7 payload bytes; `Err` holds an ACK.
    pub fn decode(p: &[u8; 7]) -> Result<ClockTimes, ClockAck> {
        if p[0] & 0x0F == 0x0A || p[3] & 0x0F == 0x0A {
            return Err(ClockAck::decode(p));
        }
        Ok(ClockTimes {
            right: SideTime::decode(p[0], p[1], p[2]),
            left: SideTime::decode(p[3], p[4], p[5]),
            status: p[6] & 0x7F,
        })
    }

    pub fn encode(&self) -> [u8; 7] {
        let r = self.right.encode();
        let l = self.left.encode();
        [r[0], r[1], r[2], l[0], l[1], l[2], self.status & 0x7F]
    }
}

/// A clock ACK: four bytes rebuilt from the 7-bit payload plus borrowed high bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockAck(pub [u8; 4]);

impl ClockAck {
    fn decode(p: &[u8; 7]) -> ClockAck {
        let b = |low: u8, src: u8, bit: u8| (low & 0x7F) | if src & bit != 0 { 0x80 } else { 0 };
        ClockAck([
            b(p[1], p[3], 0x10),
            b(p[2], p[3], 0x20),
            b(p[4], p[0], 0x10),
            b(p[5], p[0], 0x20),
        ])
    }

    /// The 7 payload bytes of this ACK (as a clock sends it).
    pub fn encode(&self) -> [u8; 7] {
        let a = self.0;
        let mut d0 = 0x0A;
        let mut d3 = 0x0A;
        if a[0] & 0x80 != 0 {
            d3 |= 0x10;
        }
        if a[1] & 0x80 != 0 {
            d3 |= 0x20;
        }
        if a[2] & 0x80 != 0 {
            d0 |= 0x10;
        }
        if a[3] & 0x80 != 0 {
            d0 |= 0x20;
        }
        [
            d0,
            a[0] & 0x7F,
            a[1] & 0x7F,
            d3,
            a[2] & 0x7F,
            a[3] & 0x7F,
            0,
        ]
    }

    /// ack0 = 0x40: error (e.g. a command the clock refuses).
    pub fn is_error(&self) -> bool {
        self.0[0] == 0x40
    }
    /// ack1 echoes the acknowledged clock command (< 0x80) or is an automatic message.
    pub fn command(&self) -> u8 {
        self.0[1]
    }
}
