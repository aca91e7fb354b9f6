//! `H:MM:SS`: the one reading and writing of times as the arbiter types and reads them.
//!
//! One grammar for every caller: one to three whole numbers separated by colons, the last with
//! an optional fraction of one to three digits (`1:30:00`, `4:05`, `90`, `0:00:04.250`). The
//! first number is unbounded, every later one below 60; only ASCII digits count (no sign, no
//! blank inside). Leading and trailing blanks are ignored. What the fields mean depends on
//! what is read:
//!
//! - a **duration** ([`parse`]) counts from the right: `s`, `m:ss`, `h:mm:ss`; the [`Shape`]
//!   says how many fields the caller requires and whether a fraction is allowed (a scenario's
//!   offset, `replay --at +h:mm:ss` and a PGN `[%clk]` want `h:mm:ss[.fff]`; a clock form takes
//!   any of the three in whole seconds);
//! - a **time of day** ([`parse_time_of_day`]) counts from the left: `hh:mm`, `hh:mm:ss`,
//!   `hh:mm:ss.fff`, the hour below 24.
//!
//! Every refusal is an [`HmsError`] naming what is wrong (which field, which value). Written
//! back, [`format_hms`] gives `h:mm:ss` (whole seconds, cut, never rounded up: what a clock
//! shows), and [`format_short`] `m:ss` under an hour: [`parse`] reads both back.

use std::fmt;

/// How many fields a duration must have, and whether the seconds may carry a fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The fewest fields accepted: 3 for `h:mm:ss` only, 1 for `s`, `m:ss` and `h:mm:ss`.
    pub min_fields: usize,
    /// Whether `.f`, `.ff` or `.fff` may follow the seconds.
    pub fraction: bool,
}

impl Shape {
    /// `h:mm:ss` or `h:mm:ss.fff`: a scenario's offset, a replay's `+h:mm:ss`, a PGN `[%clk]`.
    pub const FULL: Shape = Shape {
        min_fields: 3,
        fraction: true,
    };
    /// `h:mm:ss`, `m:ss` or seconds, whole seconds: a time typed into a clock form.
    pub const TYPED: Shape = Shape {
        min_fields: 1,
        fraction: false,
    };

    fn expected(self) -> &'static str {
        match (self.min_fields, self.fraction) {
            (3, true) => "h:mm:ss or h:mm:ss.fff",
            (3, false) => "h:mm:ss",
            (2, _) => "m:ss or h:mm:ss",
            _ => "seconds, m:ss or h:mm:ss",
        }
    }
}

/// Why a text is not a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HmsError {
    /// Nothing but blanks.
    Empty,
    /// More colons than `h:mm:ss` has.
    TooManyFields { text: String, fields: usize },
    /// Fewer fields than required (`1:30` where `h:mm:ss` is wanted).
    TooFewFields {
        text: String,
        fields: usize,
        expected: &'static str,
    },
    /// A field that is not a whole number (empty, a sign, a letter).
    NotANumber {
        text: String,
        field: &'static str,
        value: String,
    },
    /// Minutes or seconds of 60 or more, an hour of the day of 24 or more.
    OutOfRange {
        text: String,
        field: &'static str,
        value: u64,
        max: u64,
    },
    /// A fraction with no digit, a character that is not a digit, or more than three digits.
    BadFraction { text: String },
    /// A fraction where whole seconds are wanted.
    FractionNotAllowed { text: String },
    /// More hours than milliseconds can count.
    TooLarge { text: String },
}

impl fmt::Display for HmsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HmsError::Empty => write!(f, "no time given"),
            HmsError::TooManyFields { text, fields } => {
                write!(f, "{text:?} has {fields} fields: at most three (h:mm:ss)")
            }
            HmsError::TooFewFields {
                text,
                fields,
                expected,
            } => write!(
                f,
                "{text:?} has {fields} field{}: expected {expected}",
                if *fields == 1 { "" } else { "s" }
            ),
            HmsError::NotANumber { text, field, value } => {
                write!(f, "{text:?}: the {field} {value:?} are not a whole number")
            }
            HmsError::OutOfRange {
                text,
                field,
                value,
                max,
            } => write!(f, "{text:?}: {value} {field} is out of range (0 to {max})"),
            HmsError::BadFraction { text } => write!(
                f,
                "{text:?}: a fraction of a second is one to three digits after the point"
            ),
            HmsError::FractionNotAllowed { text } => {
                write!(f, "{text:?}: whole seconds only, no fraction")
            }
            HmsError::TooLarge { text } => write!(f, "{text:?} is too large"),
        }
    }
}

impl std::error::Error for HmsError {}

/// The fields as read: numbers from the left with their names, and the fraction in
/// milliseconds if written.
struct Fields<'a> {
    text: &'a str,
    numbers: Vec<(&'static str, u64)>,
    fraction_ms: Option<u64>,
}

/// The fields' names from the left: a duration counts from the right (`s`, `m:ss`,
/// `h:mm:ss`), a time of day from the left (`hh:mm`, `hh:mm:ss`).
#[derive(Clone, Copy)]
enum Reading {
    Duration,
    TimeOfDay,
}

const NAMES: [&str; 3] = ["hours", "minutes", "seconds"];

/// The grammar shared by durations and times of day.
fn fields(s: &str, reading: Reading) -> Result<Fields<'_>, HmsError> {
    let text = s.trim();
    if text.is_empty() {
        return Err(HmsError::Empty);
    }
    let (whole, fraction_ms) = match text.split_once('.') {
        None => (text, None),
        Some((whole, frac)) => {
            if frac.is_empty() || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(HmsError::BadFraction { text: text.into() });
            }
            let digits: u64 = frac
                .parse()
                .map_err(|_| HmsError::BadFraction { text: text.into() })?;
            (whole, Some(digits * 10u64.pow(3 - frac.len() as u32)))
        }
    };
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() > 3 {
        return Err(HmsError::TooManyFields {
            text: text.into(),
            fields: parts.len(),
        });
    }
    let names = match reading {
        Reading::Duration => &NAMES[3 - parts.len()..],
        Reading::TimeOfDay => &NAMES[..parts.len()],
    };
    let mut numbers = Vec::with_capacity(parts.len());
    for (p, &name) in parts.iter().zip(names) {
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(HmsError::NotANumber {
                text: text.into(),
                field: name,
                value: (*p).into(),
            });
        }
        let v = p
            .parse()
            .map_err(|_| HmsError::TooLarge { text: text.into() })?;
        numbers.push((name, v));
    }
    Ok(Fields {
        text,
        numbers,
        fraction_ms,
    })
}

/// Reads a duration (`s`, `m:ss`, `h:mm:ss`, each with `.fff` where `shape` allows) into
/// milliseconds.
pub fn parse(s: &str, shape: Shape) -> Result<u64, HmsError> {
    let f = fields(s, Reading::Duration)?;
    let n = f.numbers.len();
    if n < shape.min_fields {
        return Err(HmsError::TooFewFields {
            text: f.text.into(),
            fields: n,
            expected: shape.expected(),
        });
    }
    if f.fraction_ms.is_some() && !shape.fraction {
        return Err(HmsError::FractionNotAllowed {
            text: f.text.into(),
        });
    }
    let too_large = || HmsError::TooLarge {
        text: f.text.into(),
    };
    let mut total: u64 = 0;
    for (i, &(field, value)) in f.numbers.iter().enumerate() {
        if i > 0 && value >= 60 {
            return Err(HmsError::OutOfRange {
                text: f.text.into(),
                field,
                value,
                max: 59,
            });
        }
        let scale = if i == 0 { 1 } else { 60 };
        total = total
            .checked_mul(scale)
            .and_then(|t| t.checked_add(value))
            .ok_or_else(too_large)?;
    }
    total
        .checked_mul(1000)
        .and_then(|t| t.checked_add(f.fraction_ms.unwrap_or(0)))
        .ok_or_else(too_large)
}

/// Reads a time of day: `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff` (the hour below 24).
pub fn parse_time_of_day(s: &str) -> Result<chrono::NaiveTime, HmsError> {
    let f = fields(s, Reading::TimeOfDay)?;
    if f.numbers.len() < 2 {
        return Err(HmsError::TooFewFields {
            text: f.text.into(),
            fields: f.numbers.len(),
            expected: "hh:mm or hh:mm:ss",
        });
    }
    if f.fraction_ms.is_some() && f.numbers.len() < 3 {
        return Err(HmsError::BadFraction {
            text: f.text.into(),
        });
    }
    let mut hms = [0u32; 3];
    for (i, &(field, value)) in f.numbers.iter().enumerate() {
        let max = if i == 0 { 23 } else { 59 };
        if value > max {
            return Err(HmsError::OutOfRange {
                text: f.text.into(),
                field,
                value,
                max,
            });
        }
        hms[i] = u32::try_from(value).unwrap_or(0);
    }
    let ms = u32::try_from(f.fraction_ms.unwrap_or(0)).unwrap_or(0);
    chrono::NaiveTime::from_hms_milli_opt(hms[0], hms[1], hms[2], ms).ok_or(HmsError::TooLarge {
        text: f.text.into(),
    })
}

/// Milliseconds as `h:mm:ss`, the way the report and the console print clock times (whole
/// seconds, cut). Takes a bare number or a clock's time (`ClockMs`).
pub fn format_hms(ms: impl Into<u64>) -> String {
    let s = ms.into() / 1000;
    format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// Milliseconds as `m:ss` under an hour and `h:mm:ss` from one: a change as a clock's display
/// shows it ("2:00", "1:02:00").
pub fn format_short(ms: impl Into<u64>) -> String {
    let ms = ms.into();
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        _ => format_hms(ms),
    }
}

#[cfg(test)]
mod tests;
