//! Conduct (FIDE 11, 12.9): a penalty, an electronic device, an external disturbance, a refusal
//! to comply, a player unable to keep score.

use arbiter_core::hms::format_hms;
use arbiter_core::intervention::{DevicePlace, InterventionKind, PenaltyKind};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::Color;

use super::entry::{SECONDS, cycle, cycle_opt, number, step, yes_no};
use super::field::Field;
use super::form::{Common, Form};
use crate::i18n::{self, strings};
use crate::input::FormInput;

/// The penalties in the order the form offers them; before the first choice none is selected.
const PENALTIES: [PenaltyKind; 7] = [
    PenaltyKind::Warning,
    PenaltyKind::TimeToOpponent,
    PenaltyKind::TimeFromOffender,
    PenaltyKind::OpponentScoreRaised,
    PenaltyKind::OffenderScoreReduced,
    PenaltyKind::GameLost,
    PenaltyKind::Expelled,
];

/// A time in seconds the arbiter entered; no edition fixes one, so it starts empty (0).
fn entered(amount: u32) -> Option<u32> {
    (amount > 0).then_some(amount)
}

fn amount_shown(amount: u32, lang: Lang) -> String {
    match entered(amount) {
        Some(s) => format!("{s} s ({})", format_hms(u64::from(s) * 1000)),
        None => strings(lang).none_entered.clone(),
    }
}

fn penalty_shown(p: Option<PenaltyKind>, lang: Lang) -> String {
    match p {
        Some(p) => i18n::penalty(lang, p),
        None => strings(lang).none_chosen.clone(),
    }
}

/// A penalty (FIDE 12.9): which, and the time where it takes one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Penalty {
    /// None until the arbiter chooses one.
    pub penalty: Option<PenaltyKind>,
    pub amount: u32,
    /// The player accepted the warning (DSB note to TO ).
    pub accepted: bool,
}

impl Form for Penalty {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Penalty => self.penalty = cycle_opt(&PENALTIES, self.penalty, step(key)?),
            Field::Amount => return number(&mut self.amount, key, SECONDS),
            Field::Accepted => {
                step(key)?;
                self.accepted = !self.accepted
            }
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        match field {
            Field::Penalty => Some(penalty_shown(self.penalty, lang)),
            Field::Amount => Some(amount_shown(self.amount, lang)),
            Field::Accepted => Some(yes_no(lang, self.accepted)),
            _ => None,
        }
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::Penalty {
                penalties: self.penalty.into_iter().collect(),
                time_s: entered(self.amount),
                accepted: self.accepted,
            },
        ))
    }
}

/// An electronic device (FIDE 11.3): where it was, the penalty, the time.
#[derive(Debug, Clone, PartialEq)]
pub struct Device {
    pub place: DevicePlace,
    pub penalty: Option<PenaltyKind>,
    pub amount: u32,
}

impl Default for Device {
    fn default() -> Device {
        Device {
            place: DevicePlace::OnPerson,
            penalty: None,
            amount: 0,
        }
    }
}

impl Form for Device {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Place => self.place = cycle(&DevicePlace::ALL, self.place, step(key)?),
            Field::Penalty => self.penalty = cycle_opt(&PENALTIES, self.penalty, step(key)?),
            Field::Amount => return number(&mut self.amount, key, SECONDS),
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        match field {
            Field::Place => Some(i18n::text(
                lang,
                arbiter_core::words::device_place(self.place),
            )),
            Field::Penalty => Some(penalty_shown(self.penalty, lang)),
            Field::Amount => Some(amount_shown(self.amount, lang)),
            _ => None,
        }
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::ElectronicDevice {
                place: self.place,
                penalties: self.penalty.into_iter().collect(),
                time_s: entered(self.amount),
            },
        ))
    }
}

/// An external disturbance: whom it concerns (`None`: both players) and the time lost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Disturbance {
    pub whom: Option<Color>,
    pub amount: u32,
}

impl Form for Disturbance {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Whom => {
                self.whom = cycle(
                    &[None, Some(Color::White), Some(Color::Black)],
                    self.whom,
                    step(key)?,
                )
            }
            Field::Amount => return number(&mut self.amount, key, SECONDS),
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        match field {
            Field::Whom => Some(match self.whom {
                None => strings(lang).both_players.clone(),
                Some(c) => i18n::colour(lang, c).to_string(),
            }),
            Field::Amount => Some(amount_shown(self.amount, lang)),
            _ => None,
        }
    }

    fn asks(&self, _cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            self.whom,
            InterventionKind::ExternalDisturbance {
                time_s: entered(self.amount),
            },
        ))
    }
}

/// A persistent refusal to comply with the Laws (FIDE 11.7, 11.8 for both players).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Refusal {
    pub both: bool,
}

impl Form for Refusal {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Both).then_some(())?;
        step(key)?;
        self.both = !self.both;
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Both).then(|| yes_no(lang, self.both))
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::RefusalToComply { both: self.both },
        ))
    }
}

/// A player unable to keep score (FIDE 8.1.6): with a disability, and the time deducted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnableToRecord {
    pub disabled: bool,
    pub amount: u32,
    /// No assistant available (2023 8.1.6).
    pub no_assistant: bool,
    /// The decision exempting a player with a disability, as the arbiter words it.
    pub exemption: String,
}

impl Form for UnableToRecord {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Disabled => {
                step(key)?;
                self.disabled = !self.disabled
            }
            Field::NoAssistant => {
                step(key)?;
                self.no_assistant = !self.no_assistant
            }
            Field::Exemption => return super::entry::text(&mut self.exemption, key, |_| true),
            Field::Amount => return number(&mut self.amount, key, SECONDS),
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        match field {
            Field::Disabled => Some(yes_no(lang, self.disabled)),
            Field::NoAssistant => Some(yes_no(lang, self.no_assistant)),
            Field::Exemption => Some(format!("{}▏", self.exemption)),
            Field::Amount => Some(amount_shown(self.amount, lang)),
            _ => None,
        }
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            Some(cx.player),
            InterventionKind::UnableToRecord {
                disabled: self.disabled,
                time_s: entered(self.amount),
                exemption: self.exemption.trim().to_string(),
                no_assistant: self.no_assistant,
            },
        ))
    }
}

/// A person who is not a player of the game expelled from the venue (2017/2023 12.7; pre-2009
/// 13.7): who (a name or a description; required).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expulsion {
    pub person: String,
}

impl Form for Expulsion {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Person => super::entry::text(&mut self.person, key, |_| true),
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, _lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Person).then(|| format!("{}▏", self.person))
    }

    fn asks(&self, _cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        let person = self.person.trim();
        (!person.is_empty()).then(|| {
            (
                None,
                InterventionKind::PersonExpelled {
                    person: person.to_string(),
                },
            )
        })
    }

    fn missing(&self, _cx: &Common, lang: Lang) -> Option<String> {
        self.person
            .trim()
            .is_empty()
            .then(|| i18n::text(lang, "ui-person-missing"))
    }
}

/// A resignation claimed and not evident (5.1.2): the player, and when it happened where it is
/// stated (HH:MM or HH:MM:SS at the venue on the match day); the rules always ask whether he
/// resigned.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Resignation {
    pub at: String,
}

impl Resignation {
    /// The time typed as RFC 3339 on the match day at the venue's offset: `Ok(None)` when none
    /// is typed, `Err` when it is not a time of day.
    fn at(&self, m: &Match) -> Result<Option<String>, ()> {
        let t = self.at.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let time = chrono::NaiveTime::parse_from_str(t, "%H:%M:%S")
            .or_else(|_| chrono::NaiveTime::parse_from_str(t, "%H:%M"))
            .map_err(|_| ())?;
        let local = m.scheduled_start.date_naive().and_time(time);
        let at = local
            .and_local_timezone(*m.scheduled_start.offset())
            .single()
            .ok_or(())?;
        Ok(Some(at.to_rfc3339()))
    }
}

impl Form for Resignation {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::At => super::entry::text(&mut self.at, key, |c| c.is_ascii_digit() || c == ':'),
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, _lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::At).then(|| format!("{}▏", self.at))
    }

    fn asks(&self, cx: &Common, m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        let at = self.at(m).ok()?;
        Some((Some(cx.player), InterventionKind::Resignation { at }))
    }

    fn missing(&self, _cx: &Common, lang: Lang) -> Option<String> {
        let t = self.at.trim();
        let valid = t.is_empty()
            || chrono::NaiveTime::parse_from_str(t, "%H:%M:%S").is_ok()
            || chrono::NaiveTime::parse_from_str(t, "%H:%M").is_ok();
        (!valid).then(|| i18n::text(lang, "ui-time-of-day-invalid"))
    }
}
