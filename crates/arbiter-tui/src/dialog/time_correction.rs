//! A time correction: the arbiter's own change of a clock where the rules prescribe none.

use arbiter_core::intervention::{Consequence, InterventionKind, TimeChange};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::Color;

use super::field::Field;
use super::form::{Common, Form};
use crate::input::FormInput;

/// The change in seconds (negative: taken off).
#[derive(Debug, Clone, PartialEq)]
pub struct TimeCorrection {
    pub seconds: i64,
}

impl Default for TimeCorrection {
    fn default() -> TimeCorrection {
        TimeCorrection { seconds: 120 }
    }
}

impl Form for TimeCorrection {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        if field != Field::Seconds {
            return None;
        }
        match key {
            FormInput::Increase => self.seconds += 30,
            FormInput::Decrease => self.seconds -= 30,
            FormInput::Char(c) if c.is_ascii_digit() => {
                let d = i64::from(c as u8 - b'0');
                let sign = if self.seconds < 0 { -1 } else { 1 };
                self.seconds = sign * ((self.seconds.abs() * 10 + d).min(99_999));
            }
            FormInput::Char('-') => self.seconds = -self.seconds.abs(),
            FormInput::Char('+') => self.seconds = self.seconds.abs(),
            FormInput::Backspace => self.seconds /= 10,
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, _lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Seconds).then(|| format!("{:+}", self.seconds))
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((Some(cx.player), InterventionKind::TimeCorrection))
    }

    fn own_entry(&self, c: &mut Consequence, cx: &Common) {
        if c.clock.is_empty() && self.seconds != 0 {
            c.clock.push(TimeChange {
                player: cx.player,
                delta_ms: self.seconds * 1000,
            });
        }
    }
}
