//! A team's matters: a captain's advice, a protest, a lineup irregularity, a delayed start, a
//! seating error.

use arbiter_core::intervention::InterventionKind;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, Color, TeamSide};

use super::entry::{COUNT, MINUTES, number, step};
use super::field::Field;
use super::form::{Common, Form, Opening};
use super::kind::DialogKind;
use crate::i18n;
use crate::input::FormInput;

/// The team field: `Home (home team)`; the arrow keys change it.
pub(super) fn team_key(team: &mut TeamSide, key: FormInput) -> Option<bool> {
    step(key)?;
    *team = team.other();
    Some(true)
}

pub(super) fn team_shown(team: TeamSide, lang: Lang, m: &Match) -> String {
    format!("{} ({})", m.team(team).name, i18n::team(lang, team))
}

/// A matter of one team: a captain's advice (its text is the advice), a protest, a lineup
/// irregularity.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamMatter {
    pub team: TeamSide,
}

impl Form for TeamMatter {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Team).then_some(())?;
        team_key(&mut self.team, key)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        (field == Field::Team).then(|| team_shown(self.team, lang, m))
    }

    fn asks(&self, cx: &Common, m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        let team = self.team;
        Some((
            None,
            match cx.kind {
                DialogKind::CaptainAdvice => InterventionKind::CaptainAdvice {
                    team,
                    advice: cx.text.to_string(),
                },
                DialogKind::Protest => InterventionKind::Protest {
                    team,
                    fee_cents: m.profile.protest.fee_cents,
                },
                DialogKind::Lineup => InterventionKind::LineupIrregularity { team },
                _ => return None,
            },
        ))
    }

    fn text_is_fact(&self, cx: &Common) -> bool {
        cx.kind == DialogKind::CaptainAdvice
    }
}

/// A team's delayed start: by something it could not foresee, or not.
#[derive(Debug, Clone, PartialEq)]
pub struct Delay {
    pub team: TeamSide,
    pub minutes: u32,
}

impl Delay {
    pub(super) fn open(o: &Opening) -> Delay {
        Delay {
            team: o.team,
            minutes: 5,
        }
    }
}

impl Form for Delay {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Team => team_key(&mut self.team, key),
            Field::Minutes => number(&mut self.minutes, key, MINUTES),
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        match field {
            Field::Team => Some(team_shown(self.team, lang, m)),
            Field::Minutes => Some(self.minutes.to_string()),
            _ => None,
        }
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        let (team, minutes) = (self.team, self.minutes);
        Some((
            None,
            match cx.kind {
                DialogKind::StartDelay => InterventionKind::StartDelay { team, minutes },
                DialogKind::UnforeseeableDelay => {
                    InterventionKind::UnforeseeableDelay { team, minutes }
                }
                _ => return None,
            },
        ))
    }
}

/// Players of a team at the wrong boards: the selected board and another.
#[derive(Debug, Clone, PartialEq)]
pub struct Seating {
    pub team: TeamSide,
    /// The other board (0: none given).
    pub other: u32,
}

impl Seating {
    pub(super) fn open(o: &Opening) -> Seating {
        Seating {
            team: o.team,
            other: o.board.map_or(0, |bs| bs.completed(o.player, None)),
        }
    }
}

impl Form for Seating {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Team => team_key(&mut self.team, key),
            Field::OtherBoard => number(&mut self.other, key, COUNT),
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        match field {
            Field::Team => Some(team_shown(self.team, lang, m)),
            Field::OtherBoard => Some(self.other.to_string()),
            _ => None,
        }
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            None,
            InterventionKind::SeatingError {
                team: self.team,
                boards: cx
                    .board
                    .into_iter()
                    .chain(
                        u16::try_from(self.other)
                            .ok()
                            .filter(|b| *b > 0)
                            .map(BoardNo),
                    )
                    .collect(),
            },
        ))
    }
}
