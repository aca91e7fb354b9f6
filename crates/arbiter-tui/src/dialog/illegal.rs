//! An illegal move (FIDE 7.5): what was illegal, whether the opponent has replied, a move found
//! later and the clocks for the position reinstated.

use arbiter_core::intervention::{ClockChoice, IllegalKind, InterventionKind};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::Color;

use super::entry::{COUNT, cycle, number, step, yes_no};
use super::field::Field;
use super::form::{Common, Form};
use crate::i18n::{self, strings};
use crate::input::FormInput;

const CLOCK_CHOICES: [Option<ClockChoice>; 3] = [
    None,
    Some(ClockChoice::Recorded),
    Some(ClockChoice::Current),
];

/// The facts of an illegal move.
#[derive(Debug, Clone, PartialEq)]
pub struct Illegal {
    pub kind: IllegalKind,
    /// Whether the opponent has moved since the illegal move; `None` = as the clock shows.
    pub replied: Option<bool>,
    /// An illegal move found later: its half-move (0 = just now).
    pub ply: u32,
    pub clocks: Option<ClockChoice>,
}

impl Default for Illegal {
    fn default() -> Illegal {
        Illegal {
            kind: IllegalKind::Move,
            replied: None,
            ply: 0,
            clocks: None,
        }
    }
}

impl Form for Illegal {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Illegal => self.kind = cycle(&IllegalKind::ALL, self.kind, step(key)?),
            Field::Replied => {
                self.replied = cycle(&[None, Some(false), Some(true)], self.replied, step(key)?)
            }
            Field::Ply => return number(&mut self.ply, key, COUNT),
            Field::Clocks => self.clocks = cycle(&CLOCK_CHOICES, self.clocks, step(key)?),
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        let t = strings(lang);
        Some(match field {
            Field::Illegal => i18n::illegal_kind(lang, self.kind),
            Field::Replied => match self.replied {
                None => t.replied_clock.clone(),
                Some(r) => yes_no(lang, r),
            },
            Field::Ply if self.ply == 0 => t.at_once.clone(),
            Field::Ply => self.ply.to_string(),
            Field::Clocks => match self.clocks {
                None => t.choose.clone(),
                Some(ClockChoice::Recorded) => i18n::text(lang, "ui-clocks-recorded"),
                Some(ClockChoice::Current) => i18n::text(lang, "ui-clocks-current"),
            },
            _ => return None,
        })
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::IllegalMove {
                kind: self.kind,
                opponent_replied: self.replied,
                played: None,
                found_at_ply: (self.ply > 0).then_some(self.ply),
                clocks: self.clocks,
            },
        ))
    }
}
