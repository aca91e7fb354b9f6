//! How a key changes a value of a form: choices cycled, numbers typed digit by digit or stepped,
//! yes and no.

use arbiter_core::hms::{self, HmsError, Shape};
use arbiter_core::matchfile::Lang;

use crate::i18n::strings;
use crate::input::FormInput;

/// The entry after (`up`) or before `cur` in `all`, round.
pub fn cycle<T: Copy + PartialEq>(all: &[T], cur: T, up: bool) -> T {
    let i = all.iter().position(|x| *x == cur).unwrap_or(0);
    let n = all.len();
    all[if up { (i + 1) % n } else { (i + n - 1) % n }]
}

/// Cycles through `all` from nothing chosen: the first key chooses the first (or last) entry.
pub fn cycle_opt<T: Copy + PartialEq>(all: &[T], cur: Option<T>, up: bool) -> Option<T> {
    match cur {
        None if all.is_empty() => None,
        None => Some(if up { all[0] } else { all[all.len() - 1] }),
        Some(c) => Some(cycle(all, c, up)),
    }
}

/// How a number field takes keys: typed digit by digit (Backspace drops the last one) up to
/// `typed_max`, or stepped with the arrow keys by `step` up to `stepped_max`.
#[derive(Debug, Clone, Copy)]
pub struct Digits {
    pub step: u32,
    pub typed_max: u32,
    pub stepped_max: u32,
}

/// A time in seconds: steps of 30 s, at most 99,999 s.
pub const SECONDS: Digits = Digits {
    step: 30,
    typed_max: 99_999,
    stepped_max: 99_999,
};
/// A count (moves, half-moves, a board): steps of one, typed up to 9,999.
pub const COUNT: Digits = Digits {
    step: 1,
    typed_max: 9_999,
    stepped_max: u32::MAX,
};
/// Minutes: steps of one, typed up to 999.
pub const MINUTES: Digits = Digits {
    step: 1,
    typed_max: 999,
    stepped_max: u32::MAX,
};

/// A key on a number field: `Some(true)` for the keys a number takes, `None` for the others.
pub fn number(v: &mut u32, key: FormInput, d: Digits) -> Option<bool> {
    match key {
        FormInput::Increase => *v = v.saturating_add(d.step).min(d.stepped_max),
        FormInput::Decrease => *v = v.saturating_sub(d.step),
        FormInput::Char(c) if c.is_ascii_digit() => {
            *v = (*v * 10 + u32::from(c as u8 - b'0')).min(d.typed_max);
        }
        FormInput::Backspace => *v /= 10,
        _ => return None,
    }
    Some(true)
}

/// A key that steps a choice (the arrow keys): `Some(up)`.
pub fn step(key: FormInput) -> Option<bool> {
    match key {
        FormInput::Increase => Some(true),
        FormInput::Decrease => Some(false),
        _ => None,
    }
}

/// A key on a text field that takes the characters `takes` allows: `Some(true)` when the text
/// changed, `None` for the other keys.
pub fn text(v: &mut String, key: FormInput, takes: fn(char) -> bool) -> Option<bool> {
    match key {
        FormInput::Char(c) if takes(c) => v.push(c),
        FormInput::Backspace => {
            v.pop();
        }
        _ => return None,
    }
    Some(true)
}

/// A yes or a no in the form's language.
pub fn yes_no(lang: Lang, b: bool) -> String {
    let t = strings(lang);
    if b { &t.yes } else { &t.no }.clone()
}

/// `h:mm:ss`, `m:ss` or seconds as milliseconds (`arbiter_core::hms`, whole seconds).
pub fn parse_time(s: &str) -> Result<u64, HmsError> {
    hms::parse(s, Shape::TYPED)
}
