//! The arbiter's operations on a clock: pause, resume, set both times, set a move counter,
//! reconstruct the times proportionally, replace a defective clock.

use arbiter_core::by_colour::ByColor;
use arbiter_core::clock::{ClockMs, ClockOperation, OperationOutcome};
use arbiter_core::hms::format_hms;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::record::Event;
use arbiter_core::rules;
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use ratatui::text::{Line, Span};

use super::entry::{COUNT, cycle, number, parse_time, step};
use super::field::Field;
use super::form::{Common, Form, LinesIn, Opening, Refresh};
use crate::i18n::{self, strings};
use crate::input::FormInput;

/// The arbiter's operations on a clock, as the form offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    Pause,
    Resume,
    SetTimes,
    SetMoves,
    Reconstruct,
    ReplaceClock,
}

impl OpKind {
    pub const ALL: [OpKind; 6] = [
        OpKind::Pause,
        OpKind::Resume,
        OpKind::SetTimes,
        OpKind::SetMoves,
        OpKind::Reconstruct,
        OpKind::ReplaceClock,
    ];

    fn id(self) -> &'static str {
        match self {
            OpKind::Pause => "ui-op-pause",
            OpKind::Resume => "ui-op-resume",
            OpKind::SetTimes => "ui-op-set-times",
            OpKind::SetMoves => "ui-op-set-moves",
            OpKind::Reconstruct => "ui-op-reconstruct",
            OpKind::ReplaceClock => "ui-op-replace-clock",
        }
    }

    /// The fields the operation uses (the others show "–").
    fn uses(self, f: Field) -> bool {
        match f {
            Field::Player => self == OpKind::SetMoves,
            Field::WhiteTime | Field::BlackTime => self == OpKind::SetTimes,
            Field::Moves => matches!(self, OpKind::SetMoves | OpKind::Reconstruct),
            _ => true,
        }
    }
}

/// A clock operation: which, the move counter or the move to reconstruct after (the player and
/// the times typed are the engine's), and the record and outcome for the current entries.
#[derive(Debug, Clone, PartialEq)]
pub struct ClockOpForm {
    pub op: OpKind,
    pub moves: u32,
    /// The operation's record and outcome for the current entries, or why it cannot be (boxed:
    /// a record is large beside the other forms' facts).
    pub outcome: Option<Result<Box<(Event, OperationOutcome)>, String>>,
}

impl ClockOpForm {
    /// The moves the player has completed at first.
    pub(super) fn open(o: &Opening) -> ClockOpForm {
        ClockOpForm {
            op: OpKind::Pause,
            moves: o.board.map_or(0, |bs| bs.completed(o.player, None)),
            outcome: None,
        }
    }

    /// The clock operation the form's entries describe.
    fn operation(
        &self,
        cx: &Common,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
    ) -> Result<ClockOperation, String> {
        let t = strings(m.file.lang);
        Ok(match self.op {
            OpKind::Pause => ClockOperation::Pause,
            OpKind::Resume => ClockOperation::Resume,
            OpKind::SetTimes => ClockOperation::SetTimes(ByColor {
                white: parse_time(cx.white_time)
                    .map(ClockMs::new)
                    .map_err(|_| format!("{}: {:?}", t.field_white_time, cx.white_time))?,
                black: parse_time(cx.black_time)
                    .map(ClockMs::new)
                    .map_err(|_| format!("{}: {:?}", t.field_black_time, cx.black_time))?,
            }),
            OpKind::SetMoves => ClockOperation::SetMoves {
                color: cx.player,
                moves: self.moves,
            },
            OpKind::Reconstruct => rules::reconstruction(m, self.moves),
            OpKind::ReplaceClock => {
                let bs = cx
                    .board
                    .and_then(|b| s.board(b))
                    .ok_or_else(|| t.select_board_first.clone())?;
                rules::replacement_values(m, s, bs, now)
                    .map(|(op, _)| op)
                    .ok_or_else(|| t.no_change.clone())?
            }
        })
    }
}

impl Form for ClockOpForm {
    fn key(&mut self, field: Field, key: FormInput, _cx: &Common) -> Option<bool> {
        match field {
            Field::Op => {
                self.op = cycle(&OpKind::ALL, self.op, step(key)?);
                Some(true)
            }
            Field::Moves => number(&mut self.moves, key, COUNT),
            _ => None,
        }
    }

    fn shown(&self, field: Field, _cx: &Common, lang: Lang, _m: &Match) -> Option<String> {
        if !self.op.uses(field) {
            return Some("–".into());
        }
        match field {
            Field::Op => Some(i18n::text(lang, self.op.id())),
            Field::Moves => Some(self.moves.to_string()),
            _ => None,
        }
    }

    fn record(&self, _cx: &Common, _m: &Match, _s: &MatchState) -> Option<Event> {
        match &self.outcome {
            Some(Ok(done)) => Some(done.0.clone()),
            _ => None,
        }
    }

    /// The reason goes into the operation's record.
    fn text_is_fact(&self, _cx: &Common) -> bool {
        true
    }

    fn refresh(&mut self, r: &mut Refresh) {
        self.outcome = r.cx.board.map(|b| {
            self.operation(&r.cx, r.m, r.s, r.now).and_then(|op| {
                rules::clock_operation(r.m, r.s, b, op, r.cx.text, r.now)
                    .map(Box::new)
                    .map_err(|e| e.to_string())
            })
        });
    }

    /// The articles, the clock before and after, the minimum the profile sets.
    fn lines(&self, _cx: &Common, v: &LinesIn) -> Vec<Line<'static>> {
        let (m, lang, theme) = (v.m, v.lang, v.theme);
        let t = strings(lang);
        let mut lines = Vec::new();
        match self.outcome.as_ref().map(|r| r.as_deref()) {
            Some(Ok((Event::ClockAdjusted(e), outcome))) => {
                let arts = rules::operation_articles(m, &e.op);
                lines.push(Line::from(vec![
                    Span::styled(format!("{}: ", t.rule_basis), theme.column_title()),
                    Span::raw(arts.join("; ")),
                ]));
                let times = |c: &arbiter_core::clock::ClockTimes| {
                    format!(
                        "{} {} ({}) · {} {} ({})",
                        t.white,
                        format_hms(c.remaining.white),
                        c.moves.white,
                        t.black,
                        format_hms(c.remaining.black),
                        c.moves.black
                    )
                };
                lines.push(Line::styled(
                    format!("{}: {}", t.facts, times(&e.before)),
                    theme.dim(),
                ));
                lines.push(Line::from(vec![
                    Span::styled(format!("{}: ", t.proposed), theme.column_title()),
                    Span::raw(times(&e.after)),
                ]));
                let floor = match &e.op {
                    ClockOperation::Reconstruct { floor, to_move, .. } => Some((*floor, *to_move)),
                    ClockOperation::ReplaceClock(set) => Some((
                        m.profile.clock_corrections.replacement_floor,
                        set.moves.white,
                    )),
                    _ => None,
                };
                if let Some((floor, moves)) = floor {
                    let min = floor.minimum_ms(&m.time_control, moves);
                    let shown = if min == 0 {
                        i18n::text(lang, "ui-no-minimum")
                    } else {
                        format_hms(min)
                    };
                    lines.push(Line::styled(format!("{}: {shown}", t.minimum), theme.dim()));
                }
                // The journal's times used instead of the proportion, and every "floor
                // applied" with the value before it (in the arbiter's language).
                let notes = rules::operation_notes(&e.op, outcome);
                for n in &notes {
                    lines.push(Line::styled(i18n::format(lang, n), theme.warn()));
                }
                if notes.is_empty() && !outcome.note.is_empty() {
                    lines.push(Line::styled(outcome.note.clone(), theme.warn()));
                }
            }
            Some(Err(why)) => lines.push(Line::styled(format!("{}: {why}", t.error), theme.warn())),
            _ => lines.push(Line::styled(t.select_board_first.clone(), theme.dim())),
        }
        lines
    }
}
