//! The one trait behind which each form keeps its own facts ([`Form`]), and what it reads of
//! the engine ([`Common`], [`Refresh`], [`Opening`], [`LinesIn`]).

use arbiter_core::i18n::Msg;
use arbiter_core::intervention::{Consequence, InterventionKind, OverrideField};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::Event;
use arbiter_core::rules::Proposal;
use arbiter_core::state::{BoardState, MatchState};
use arbiter_core::time::MonoMs;
use ratatui::text::Line;

use super::field::Field;
use super::kind::DialogKind;
use crate::input::FormInput;
use crate::theme::Theme;

/// One form's own facts: the part of a form no other form has.
pub trait Form {
    /// A key on one of the form's own fields: `Some(whether the facts changed)`; `None` where
    /// the field is the engine's (or the key does nothing here).
    fn key(&mut self, field: Field, key: FormInput, cx: &Common) -> Option<bool>;
    /// One of the form's own fields as it shows it; `None` for the engine's fields.
    fn shown(&self, field: Field, cx: &Common, lang: Lang, m: &Match) -> Option<String>;
    /// A form the rules judge: the player and the intervention for the current facts (`None`
    /// while a fact the intervention needs is missing).
    fn asks(&self, _cx: &Common, _m: &Match) -> Option<(Option<Color>, InterventionKind)> {
        None
    }
    /// A form the rules are not asked about: the record Enter journals.
    fn record(&self, _cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        None
    }
    /// What the form's own facts still miss before Enter records.
    fn missing(&self, _cx: &Common, _lang: Lang) -> Option<String> {
        None
    }
    /// Whether typing the reason changes the facts (the text is part of the record).
    fn text_is_fact(&self, _cx: &Common) -> bool {
        false
    }
    /// After the facts changed: the proposal as the form shows it, and what the form derives.
    fn refresh(&mut self, _r: &mut Refresh) {}
    /// The consequence the rules propose, with the form's own entry where they prescribe none.
    fn own_entry(&self, _c: &mut Consequence, _cx: &Common) {}
    /// A question Enter asks before recording (asked once).
    fn question(&self, _cx: &Common, _m: &Match, _s: &MatchState, _now: MonoMs) -> Option<Msg> {
        None
    }
    /// What the rules refuse outright for these facts.
    fn refused(&self, _cx: &Common, _m: &Match, _s: &MatchState, _now: MonoMs) -> Option<Msg> {
        None
    }
    /// The lines under the fields of a form the rules are not asked about.
    fn lines(&self, _cx: &Common, v: &LinesIn) -> Vec<Line<'static>> {
        vec![Line::styled(
            crate::i18n::strings(v.lang).plain_event.clone(),
            v.theme.dim(),
        )]
    }
    /// Whether the Enter line says what is missing (ruled forms always do).
    fn says_missing(&self) -> bool {
        false
    }
}

/// The engine's part of a form, as the form's facts read it.
pub struct Common<'a> {
    pub kind: DialogKind,
    pub board: Option<BoardNo>,
    pub player: Color,
    pub text: &'a str,
    pub white_time: &'a str,
    pub black_time: &'a str,
    pub proposal: Option<&'a Proposal>,
    pub contradictions: &'a [(OverrideField, Msg, Msg)],
}

/// What a form may change when the rules are asked again.
pub struct Refresh<'a> {
    pub cx: Common<'a>,
    pub m: &'a Match,
    /// The state the rules read (with the device's times where the arbiter typed them).
    pub s: &'a MatchState,
    pub now: MonoMs,
    pub proposal: &'a mut Option<Proposal>,
    /// The arbiter's own finding's consequence where it overrides the rules' (a draw claim).
    pub on_finding: &'a mut Option<Proposal>,
    /// Fields set against what the rules give, where no request is asked (a result).
    pub contradictions: &'a mut Option<Vec<(OverrideField, Msg, Msg)>>,
}

/// What the lines under a form's fields are drawn from.
pub struct LinesIn<'a> {
    pub m: &'a Match,
    pub s: &'a MatchState,
    pub lang: Lang,
    pub theme: &'a Theme,
}

/// What the form's facts start from when it opens.
pub struct Opening<'a> {
    pub kind: DialogKind,
    pub m: &'a Match,
    pub s: &'a MatchState,
    pub board: Option<&'a BoardState>,
    pub now: MonoMs,
    /// The player the form is about, as the engine chose it.
    pub player: Color,
    /// The team not yet arrived at the board (the home team otherwise).
    pub team: TeamSide,
}
