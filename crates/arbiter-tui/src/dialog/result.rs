//! A game's result (how the game ended, pre-filled where the position proves it) and a result
//! corrected.

use arbiter_core::i18n::Msg;
use arbiter_core::intervention::OverrideField;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::GameResult;
use arbiter_core::record::{Ending, Event, ResultCorrected, ResultRecorded};
use arbiter_core::rules::{self, Availability};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use ratatui::text::Line;

use super::entry::{cycle, cycle_opt, step};
use super::field::Field;
use super::form::{Common, Form, LinesIn, Opening, Refresh};
use super::render::override_lines;
use crate::i18n::{self, strings};
use crate::input::FormInput;

const RESULTS: [GameResult; 9] = [
    GameResult::WhiteWins,
    GameResult::Draw,
    GameResult::BlackWins,
    GameResult::WhiteWinsForfeit,
    GameResult::BlackWinsForfeit,
    GameResult::DoubleForfeit,
    GameResult::WhiteZeroBlackHalf,
    GameResult::WhiteHalfBlackZero,
    GameResult::BothZero,
];

const CORRECTIONS: [Option<GameResult>; 10] = [
    Some(GameResult::WhiteWins),
    Some(GameResult::Draw),
    Some(GameResult::BlackWins),
    Some(GameResult::WhiteWinsForfeit),
    Some(GameResult::BlackWinsForfeit),
    Some(GameResult::DoubleForfeit),
    Some(GameResult::WhiteZeroBlackHalf),
    Some(GameResult::WhiteHalfBlackZero),
    Some(GameResult::BothZero),
    None,
];

/// The result of a game and how it ended.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultForm {
    pub result: GameResult,
    /// How the game ended; none until the arbiter chooses one, unless the position proves it
    /// (`proven`) or the result does (a forfeit).
    pub ending: Option<Ending>,
    /// What the board's game record proves: a mate, a stalemate, an automatic draw
    /// ([`rules::result_ending::proven_ending`]).
    pub proven: Option<(GameResult, Ending)>,
    /// Why the rules refuse this result now (a draw agreed before the regulations' minimum
    /// move: refused as the agreement form refuses it), asked at each refresh.
    pub refused: Option<Msg>,
}

impl ResultForm {
    /// The form starts from what the position proves, where it proves anything.
    pub(super) fn open(o: &Opening) -> ResultForm {
        let proven = o
            .board
            .and_then(|bs| rules::result_ending::proven_ending(o.m, bs));
        ResultForm {
            result: proven.map_or(GameResult::WhiteWins, |(r, _)| r),
            ending: proven.map(|(_, e)| e),
            proven,
            refused: None,
        }
    }

    /// The result: an ending that cannot give it is cleared (a forfeit's is the forfeit, the
    /// proven one comes back with the proven result).
    fn set_result(&mut self, r: GameResult) {
        self.result = r;
        if self.ending.is_some_and(|e| !e.fits(r)) {
            self.ending = None;
        }
        if self.ending.is_none() {
            self.ending = match self.proven {
                Some((pr, pe)) if pr == r => Some(pe),
                _ if !r.is_played() => Some(Ending::Forfeit),
                _ => None,
            };
        }
    }
}

impl Form for ResultForm {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match (field, key) {
            (Field::Result, FormInput::Char(' ')) => {
                self.set_result(cycle(&RESULTS, self.result, true))
            }
            (Field::Result, k) => self.set_result(cycle(&RESULTS, self.result, step(k)?)),
            (Field::Ending, k) => {
                self.ending = cycle_opt(&Ending::for_result(self.result), self.ending, step(k)?)
            }
            _ => return None,
        }
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        Some(match field {
            Field::Result => self.result.notation().into(),
            Field::Ending => match self.ending {
                Some(e) if self.proven == Some((self.result, e)) => i18n::format(
                    lang,
                    &arbiter_core::msg!(
                        "ui-value-from-rules",
                        value = i18n::text(lang, e.message_id())
                    ),
                ),
                Some(e) => i18n::text(lang, e.message_id()),
                None if Ending::for_result(self.result).is_empty() => "–".into(),
                None => strings(lang).choose.clone(),
            },
            _ => return None,
        })
    }

    fn record(&self, cx: &Common, m: &Match, s: &MatchState) -> Option<Event> {
        let mut rec = ResultRecorded::new(cx.board?, self.result);
        rec.reason = cx.text.to_string();
        rec.ending = self.ending;
        // A result or an ending against what the position proves: the override with the
        // reason the arbiter gave.
        let overrides: Vec<(OverrideField, String)> = cx
            .contradictions
            .iter()
            .map(|(f, _, _)| (*f, cx.text.to_string()))
            .collect();
        rules::result_ending::result_checked(m, s, rec, &overrides)
            .ok()
            .map(Event::ResultRecorded)
    }

    fn missing(&self, _cx: &Common, lang: Lang) -> Option<String> {
        if let Some(why) = &self.refused {
            return Some(i18n::format(lang, why));
        }
        (self.ending.is_none() && !Ending::for_result(self.result).is_empty())
            .then(|| i18n::text(lang, "ui-ending-choose"))
    }

    fn refresh(&mut self, r: &mut Refresh) {
        self.refused = r.cx.board.and_then(|b| {
            rules::result_ending::result_refused(r.m, r.s, b, self.result, self.ending)
        });
        if let Some(b) = r.cx.board {
            *r.contradictions = Some(rules::result_ending::result_contradictions(
                r.m,
                r.s,
                b,
                self.result,
                self.ending,
            ));
        }
    }

    /// A result while the clock still runs is asked first.
    fn question(&self, cx: &Common, m: &Match, s: &MatchState, now: MonoMs) -> Option<Msg> {
        match rules::availability(m, s, rules::Action::Result { board: cx.board? }, now) {
            Availability::Confirm(q) => Some(q),
            _ => None,
        }
    }

    /// What the position proves, and each field set against it (an override, recorded with
    /// the reason).
    fn lines(&self, cx: &Common, v: &LinesIn) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        match self.proven {
            Some((r, e)) => lines.push(Line::styled(
                i18n::format(
                    v.lang,
                    &arbiter_core::msg!(
                        "ui-ending-proven",
                        result = r,
                        ending = Msg::new(e.message_id()),
                        article = e.article()
                    ),
                ),
                v.theme.dim(),
            )),
            None => lines.push(Line::styled(
                i18n::text(v.lang, "ui-ending-arbiter"),
                v.theme.dim(),
            )),
        }
        override_lines(&mut lines, cx.contradictions, v.lang, v.theme);
        lines
    }

    fn says_missing(&self) -> bool {
        true
    }
}

/// A finished game's result corrected (with the reason), or taken back (`None`: the game goes
/// on).
#[derive(Debug, Clone, PartialEq)]
pub struct ResultCorrection {
    pub correction: Option<GameResult>,
}

impl ResultCorrection {
    /// The board's result at first (a draw where it has none).
    pub(super) fn open(o: &Opening) -> ResultCorrection {
        ResultCorrection {
            correction: Some(
                o.board
                    .and_then(|bs| bs.result.as_ref())
                    .map_or(GameResult::Draw, |r| r.result),
            ),
        }
    }
}

impl Form for ResultCorrection {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        (field == Field::Correction).then_some(())?;
        self.correction = cycle(&CORRECTIONS, self.correction, step(key)?);
        Some(true)
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        (field == Field::Correction).then(|| {
            self.correction
                .map(|r| r.notation().to_string())
                .unwrap_or_else(|| strings(lang).game_continues.clone())
        })
    }

    fn record(&self, cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        Some(Event::ResultCorrected(ResultCorrected {
            board: cx.board?,
            result: self.correction,
            reason: cx.text.to_string(),
        }))
    }

    fn lines(&self, cx: &Common, v: &LinesIn) -> Vec<Line<'static>> {
        let has_result = cx
            .board
            .and_then(|b| v.s.board(b))
            .is_some_and(|b| b.result.is_some());
        let id = if has_result {
            "ui-correction-needs-reason"
        } else {
            "ui-no-result-to-correct"
        };
        vec![Line::styled(i18n::text(v.lang, id), v.theme.dim())]
    }
}
