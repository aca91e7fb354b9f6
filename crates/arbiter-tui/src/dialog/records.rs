//! Forms that record a fact the rules are not asked about (an arrival, a note, a remark, the
//! start, a position set up, an agreed start, colours set, a lot drawn), and the rulings with
//! no facts of their own (the default time expired, a game ended, a draw agreed, another
//! game reported after a restart).

use arbiter_core::clock::PeriodAddition;
use arbiter_core::intervention::InterventionKind;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{Color, TeamSide};
use arbiter_core::record::{BoardSetup, Event, Note, PlayerArrived, RoundStarted};
use arbiter_core::rules::{self, Availability};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;

use super::entry::{MINUTES, cycle, number, step};
use super::field::Field;
use super::form::{Common, Form, Opening};
use super::kind::DialogKind;
use super::team::{team_key, team_shown};
use crate::i18n::{self, strings};
use crate::input::FormInput;

/// A form with no facts of its own: the reason (or the text) and the board are the engine's.
#[derive(Debug, Clone, PartialEq)]
pub struct Nothing;

impl Form for Nothing {
    fn key(&mut self, _field: Field, _key: FormInput, _cx: &Common) -> Option<bool> {
        None
    }

    fn shown(&self, _field: Field, _cx: &Common, _lang: Lang, _m: &Match) -> Option<String> {
        None
    }

    fn asks(&self, cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        Some((
            None,
            match cx.kind {
                DialogKind::DefaultTime => InterventionKind::DefaultTimeExpired,
                DialogKind::GameEnded => InterventionKind::GameEnded,
                DialogKind::GameMismatch => InterventionKind::GameMismatch,
                DialogKind::DrawAgreement => InterventionKind::DrawAgreement,
                DialogKind::GameResumed => InterventionKind::GameResumed,
                _ => return None,
            },
        ))
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        match cx.kind {
            DialogKind::Note => Some(Event::Note(Note {
                board: cx.board,
                text: cx.text.to_string(),
                witnesses: Vec::new(),
            })),
            // A remark is about the board in its field, or the match; empty, nothing is recorded.
            DialogKind::Remark if cx.text.trim().is_empty() => None,
            DialogKind::Remark => Some(Event::Remark(arbiter_core::record::Remark {
                board: cx.board,
                text: cx.text.trim().to_string(),
            })),
            DialogKind::StartRound => Some(Event::RoundStarted(RoundStarted::default())),
            _ => None,
        }
    }
}

/// A player arrived: which team's (the one not yet there, at first).
#[derive(Debug, Clone, PartialEq)]
pub struct Arrival {
    pub team: TeamSide,
}

impl Form for Arrival {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Team).then_some(())?;
        team_key(&mut self.team, key)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        (field == Field::Team).then(|| team_shown(self.team, lang, m))
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        Some(Event::PlayerArrived(PlayerArrived {
            board: cx.board?,
            team: self.team,
            at: None,
        }))
    }

    /// A second arrival of the same player is refused.
    fn refused(
        &self,
        cx: &Common,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
    ) -> Option<arbiter_core::i18n::Msg> {
        let board = cx.board?;
        match rules::availability(
            m,
            s,
            rules::Action::Arrival {
                board,
                team: self.team,
            },
            now,
        ) {
            Availability::Refused(why) => Some(why),
            _ => None,
        }
    }
}

/// The colours of a board set with a reason: the team with White.
#[derive(Debug, Clone, PartialEq)]
pub struct Colours {
    pub team: TeamSide,
}

impl Form for Colours {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Team).then_some(())?;
        team_key(&mut self.team, key)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        (field == Field::Team).then(|| team_shown(self.team, lang, m))
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        Some(
            arbiter_core::procedure::ColoursOverridden {
                board: cx.board?,
                white: self.team,
                reason: cx.text.to_string(),
            }
            .into(),
        )
    }
}

/// A drawn play-off decided by lot: the winner (the text: who drew it).
#[derive(Debug, Clone, PartialEq)]
pub struct Lot {
    pub team: TeamSide,
}

impl Form for Lot {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Team).then_some(())?;
        team_key(&mut self.team, key)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, m: &Match) -> Option<String> {
        (field == Field::Team).then(|| team_shown(self.team, lang, m))
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        Some(
            arbiter_core::procedure::LotDrawn {
                winner: self.team,
                drawn_by: cx.text.to_string(),
                witnesses: Vec::new(),
            }
            .into(),
        )
    }
}

const CLOCK_ADDS: [Option<PeriodAddition>; 3] = [
    None,
    Some(PeriodAddition::OnMove),
    Some(PeriodAddition::OnFlag),
];

/// The board's position set from a FEN (the board's own at first), and its clock's mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    pub fen: String,
    pub clock_adds: Option<PeriodAddition>,
}

impl Position {
    pub(super) fn open(o: &Opening) -> Position {
        Position {
            fen: o.board.map(|bs| bs.game.game.fen()).unwrap_or_default(),
            clock_adds: None,
        }
    }
}

impl Form for Position {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Fen => super::entry::text(&mut self.fen, key, |_| true),
            Field::ClockAdds => {
                self.clock_adds = cycle(&CLOCK_ADDS, self.clock_adds, step(key)?);
                Some(true)
            }
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        Some(match field {
            Field::Fen => format!("{}▏", self.fen),
            Field::ClockAdds => match self.clock_adds {
                None => strings(lang).unchanged.clone(),
                Some(PeriodAddition::OnMove) => i18n::text(lang, "ui-clock-adds-on-move"),
                Some(PeriodAddition::OnFlag) => i18n::text(lang, "ui-clock-adds-on-flag"),
            },
            _ => return None,
        })
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        Some(Event::BoardSetup(BoardSetup {
            board: cx.board?,
            fen: (!self.fen.trim().is_empty()).then(|| self.fen.trim().to_string()),
            clock_adds: self.clock_adds,
            reason: cx.text.to_string(),
        }))
    }
}

/// The captains agreed a later start: minutes after the scheduled one.
#[derive(Debug, Clone, PartialEq)]
pub struct StartAgreed {
    pub minutes: u32,
}

impl Default for StartAgreed {
    fn default() -> StartAgreed {
        StartAgreed { minutes: 5 }
    }
}

impl Form for StartAgreed {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Minutes).then_some(())?;
        number(&mut self.minutes, key, MINUTES)
    }

    fn shown(&self, field: Field, _cx: &Common, _lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Minutes).then(|| self.minutes.to_string())
    }

    fn record(&self, cx: &Common, m: &Match, _s: &MatchState) -> Option<Event> {
        let t = m.scheduled_start + chrono::Duration::minutes(i64::from(self.minutes));
        Some(
            arbiter_core::procedure::StartAgreed {
                time: t.to_rfc3339(),
                reason: cx.text.to_string(),
            }
            .into(),
        )
    }
}
