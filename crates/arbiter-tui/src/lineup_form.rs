//! The lineup at the console: a captain hands in his team's lineup (`H`), and a captain asks to
//! see the other team's (`V`). The rules are the core's (`rules::lineup::submit`, `visible_lineup`,
//! the sealing in `state::apply`); this form collects what the captain states and shows what the
//! rules make of it. The other lineup is never shown while the lineups are sealed.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use arbiter_core::intervention::{LineupSlot, LineupSubmitted, Reservation};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::TeamSide;
use arbiter_core::msg;
use arbiter_core::procedure::LineupView;
use arbiter_core::record::Event;
use arbiter_core::rules::lineup;
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;

use super::i18n;
use super::input::FormInput;
use super::theme::Theme;

/// Hand in a lineup, or ask to see the other one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineupMode {
    Submit,
    View,
    /// A change of a handed-in lineup: one consent per captain, then the change (`U`).
    Change,
}

const CHANNELS: [&str; 3] = ["in_person", "phone", "message"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LField {
    Team,
    Captain,
    Ranks,
    Channel,
    ReceivedBy,
    Reason,
}

/// The open lineup form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineupForm {
    pub mode: LineupMode,
    /// The team whose captain hands in, or asks.
    pub team: TeamSide,
    field: usize,
    /// Ranks from board 1, separated by spaces: `0` an empty board, `(8)` an empty board naming
    /// the absent no. 8.
    pub ranks: String,
    channel: usize,
    pub received_by: String,
    /// The reason to override the errors found: their boards are played under reservation.
    pub reason: String,
    /// For a change: the captain who consents.
    pub captain: TeamSide,
}

impl LineupForm {
    /// The form, "received by" filled with the arbiter's name from the match file (the one who
    /// usually receives it; another name may be typed over it, none left empty).
    pub fn open_for(mode: LineupMode, m: &Match, s: &MatchState) -> LineupForm {
        LineupForm {
            received_by: m.file.arbiter.name.clone(),
            ..LineupForm::open(mode, s)
        }
    }

    pub fn open(mode: LineupMode, s: &MatchState) -> LineupForm {
        // The team whose lineup is not in yet.
        let team = if mode == LineupMode::Submit && s.lineup(TeamSide::Home).is_some() {
            TeamSide::Away
        } else {
            TeamSide::Home
        };
        LineupForm {
            mode,
            team,
            field: 0,
            ranks: String::new(),
            channel: 0,
            received_by: String::new(),
            reason: String::new(),
            captain: TeamSide::Home,
        }
    }

    fn fields(&self) -> &'static [LField] {
        match self.mode {
            LineupMode::Submit => &[
                LField::Team,
                LField::Ranks,
                LField::Channel,
                LField::ReceivedBy,
                LField::Reason,
            ],
            LineupMode::View => &[LField::Team],
            LineupMode::Change => &[LField::Team, LField::Captain, LField::Ranks],
        }
    }

    /// The slots typed, or the first word that is not a rank.
    pub fn slots(&self) -> Result<Vec<LineupSlot>, String> {
        self.ranks
            .split_whitespace()
            .map(|w| {
                if let Some(inner) = w.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
                    inner
                        .parse::<u16>()
                        .map(|r| LineupSlot::Empty { absent: Some(r) })
                        .map_err(|_| w.to_string())
                } else {
                    match w.parse::<u16>() {
                        Ok(0) => Ok(LineupSlot::Empty { absent: None }),
                        Ok(r) => Ok(LineupSlot::Player { rank: r }),
                        Err(_) => Err(w.to_string()),
                    }
                }
            })
            .collect()
    }

    /// The record to hand in: every board with an error is put under reservation with the
    /// reason typed (if one was typed).
    fn submission(&self, m: &Match) -> Result<LineupSubmitted, String> {
        let slots = self.slots()?;
        let mut sub = LineupSubmitted {
            team: self.team,
            slots,
            channel: CHANNELS[self.channel].into(),
            received_by: self.received_by.trim().to_string(),
            ..Default::default()
        };
        if !self.reason.trim().is_empty() {
            let mut boards: Vec<_> = lineup::check_lineup(m, self.team, &sub.slots, &[])
                .into_iter()
                .map(|f| f.board)
                .collect();
            boards.dedup();
            sub.reservations = boards
                .into_iter()
                .map(|board| Reservation {
                    board,
                    reason: self.reason.trim().to_string(),
                })
                .collect();
        }
        Ok(sub)
    }

    /// A key in the form; `Some` once it is confirmed: the record, and the footer's message.
    pub fn input(
        &mut self,
        f: FormInput,
        m: &Match,
        s: &MatchState,
        lang: Lang,
    ) -> Option<Result<(Event, String), String>> {
        let n = self.fields().len();
        let field = self.fields()[self.field.min(n - 1)];
        match f {
            FormInput::NextField => self.field = (self.field + 1) % n,
            FormInput::PrevField => self.field = (self.field + n - 1) % n,
            FormInput::Increase | FormInput::Decrease => match field {
                LField::Team => self.team = self.team.other(),
                LField::Captain => self.captain = self.captain.other(),
                LField::Channel => {
                    self.channel = if f == FormInput::Increase {
                        (self.channel + 1) % CHANNELS.len()
                    } else {
                        (self.channel + CHANNELS.len() - 1) % CHANNELS.len()
                    }
                }
                _ => {}
            },
            FormInput::Char(c) => match field {
                LField::Ranks => self.ranks.push(c),
                LField::ReceivedBy => self.received_by.push(c),
                LField::Reason => self.reason.push(c),
                LField::Team if matches!(c, 'h' | 'H') => self.team = TeamSide::Home,
                LField::Team if matches!(c, 'g' | 'G' | 'a' | 'A') => self.team = TeamSide::Away,
                _ => {}
            },
            FormInput::Backspace => {
                match field {
                    LField::Ranks => self.ranks.pop(),
                    LField::ReceivedBy => self.received_by.pop(),
                    LField::Reason => self.reason.pop(),
                    _ => None,
                };
            }
            FormInput::Cancel => {}
            FormInput::Confirm => return Some(self.confirm(m, s, lang)),
        }
        None
    }

    fn confirm(&self, m: &Match, s: &MatchState, lang: Lang) -> Result<(Event, String), String> {
        match self.mode {
            LineupMode::Change => {
                let slots = self
                    .slots()
                    .map_err(|w| i18n::format(lang, &msg!("ui-lineup-not-a-rank", word = w)))?;
                lineup::change_allowed(m, s, self.team).map_err(|e| i18n::format(lang, &e))?;
                let consented = |captain: TeamSide| {
                    s.procedure.consents.iter().any(|c| {
                        c.team == self.team
                            && c.captain == captain
                            && c.slots == slots
                            && c.used.is_none()
                    })
                };
                if consented(TeamSide::Home) && consented(TeamSide::Away) {
                    // Both captains consented: the change.
                    let ev = arbiter_core::intervention::LineupChanged {
                        team: self.team,
                        slots,
                        home_captain_agrees: true,
                        away_captain_agrees: true,
                    };
                    return Ok((ev.into(), i18n::text(lang, "ui-lineup-changed")));
                }
                let ev = arbiter_core::procedure::LineupConsent {
                    team: self.team,
                    captain: self.captain,
                    slots,
                };
                Ok((ev.into(), i18n::text(lang, "ui-lineup-consent-recorded")))
            }
            LineupMode::View => {
                // The fold decides (sealed until both are in); the footer says it at once.
                let said = if s.lineups_complete() {
                    msg!("lineup-view-granted", team = self.team)
                } else {
                    msg!("lineup-view-refused", team = self.team)
                };
                Ok((
                    LineupView { by: self.team }.into(),
                    i18n::format(lang, &said),
                ))
            }
            LineupMode::Submit => {
                let sub = self
                    .submission(m)
                    .map_err(|w| i18n::format(lang, &msg!("ui-lineup-not-a-rank", word = w)))?;
                // Who received it goes into the report: never left empty.
                if sub.received_by.is_empty() {
                    return Err(i18n::text(lang, "ui-lineup-received-by-required"));
                }
                let ev =
                    lineup::submit(m, s, sub).map_err(|e| i18n::format(lang, &e.describe()))?;
                Ok((ev, i18n::text(lang, "ui-lineup-handed-in")))
            }
        }
    }
}

fn team_name(m: &Match, lang: Lang, t: TeamSide) -> String {
    format!("{} ({})", m.team(t).name, i18n::team(lang, t))
}

fn slot_text(m: &Match, lang: Lang, team: TeamSide, slot: &LineupSlot) -> String {
    match slot {
        LineupSlot::Player { rank } => m
            .team(team)
            .squad
            .iter()
            .find(|p| p.rank == *rank)
            .map(|p| format!("{rank}. {}", p.name))
            .unwrap_or_else(|| format!("{rank}. ?")),
        LineupSlot::Empty { absent: Some(r) } => {
            i18n::format(lang, &msg!("report-absent", rank = *r))
        }
        LineupSlot::Empty { absent: None } => "–".into(),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn render(
    f: &mut Frame,
    area: Rect,
    form: &LineupForm,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    theme: &Theme,
) {
    let t = |id: &str| i18n::text(lang, id);
    let mut lines = field_lines(form, m, lang, theme);
    lines.push(Line::raw(""));
    lines.extend(mode_lines(form, m, s, now, lang, theme));
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        i18n::strings(lang).confirm_cancel.clone(),
        theme.dim(),
    ));
    let title = t(match form.mode {
        LineupMode::Submit => "ui-lineup-submit-title",
        LineupMode::View => "ui-lineup-view-title",
        LineupMode::Change => "ui-lineup-change-title",
    });
    // The lines as wrapped inside the box (76 columns, the border's two off): a long remark
    // takes two lines, and the keys stay in the box.
    let rows: usize = lines.iter().map(|l| l.width().div_ceil(74).max(1)).sum();
    let h = u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2);
    let rect = super::text::centred(area, 76, h.max(8));
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(theme.dialog())
            .block(Block::bordered().title(format!(" {title} "))),
        rect,
    );
}

/// The form's fields, the focused one marked.
fn field_lines(form: &LineupForm, m: &Match, lang: Lang, theme: &Theme) -> Vec<Line<'static>> {
    let t = |id: &str| i18n::text(lang, id);
    let mut lines = Vec::new();
    for (i, field) in form.fields().iter().enumerate() {
        let (label, value) = match field {
            LField::Team => (
                t(if form.mode == LineupMode::View {
                    "ui-lineup-captain-of"
                } else {
                    "ui-lineup-team"
                }),
                team_name(m, lang, form.team),
            ),
            LField::Captain => (
                t("ui-lineup-consenting-captain"),
                team_name(m, lang, form.captain),
            ),
            LField::Ranks => (t("ui-lineup-ranks"), format!("{}▏", form.ranks)),
            LField::Channel => (
                t("ui-lineup-channel"),
                t(match form.channel {
                    0 => "report-channel-in-person",
                    1 => "report-channel-phone",
                    _ => "report-channel-message",
                }),
            ),
            LField::ReceivedBy => (t("ui-lineup-received-by"), format!("{}▏", form.received_by)),
            LField::Reason => (t("ui-lineup-reason"), format!("{}▏", form.reason)),
        };
        let style = if i == form.field {
            theme.field_focus()
        } else {
            theme.base()
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{label:<30}")),
            Span::styled(format!(" {value} "), style),
        ]));
    }
    lines
}

/// The boards with the name behind each rank typed, two boards a line ("1: 1. A. Morozov").
fn names_lines(m: &Match, lang: Lang, team: TeamSide, slots: &[LineupSlot]) -> Vec<Line<'static>> {
    let cells: Vec<String> = slots
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            let text = match slot {
                LineupSlot::Player { rank } => m
                    .team(team)
                    .squad
                    .iter()
                    .find(|p| p.rank == *rank)
                    .map(|p| format!("{rank}. {}", super::text::short_name(&p.name)))
                    .unwrap_or_else(|| format!("{rank}. ?")),
                other => slot_text(m, lang, team, other),
            };
            super::text::fit(&format!("{:>2}: {text}", i + 1), 36)
        })
        .collect();
    cells
        .chunks(2)
        .map(|pair| Line::raw(pair.join(" ")))
        .collect()
}

/// Under the fields: what the lineup typed so far gives (a submission), the consents so far (a
/// change), or the other team's lineup once it may be seen.
fn mode_lines(
    form: &LineupForm,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let t = |id: &str| i18n::text(lang, id);
    let mut lines = Vec::new();
    match form.mode {
        LineupMode::Submit => {
            // Handed in after the scheduled start: the facts (the report has the time).
            if let Some(now) = arbiter_core::rules::wall_at(s, now)
                && let Some(late) = lineup::handed_in_late(m, now)
            {
                lines.push(Line::styled(i18n::format(lang, &late), theme.warn()));
            }
            // How to type the ranks, until they are typed (then the names take the room).
            if form.ranks.trim().is_empty() {
                lines.push(Line::styled(t("ui-lineup-ranks-help"), theme.dim()));
            }
            match form.slots() {
                Err(w) => lines.push(Line::styled(
                    i18n::format(lang, &msg!("ui-lineup-not-a-rank", word = w)),
                    theme.warn(),
                )),
                Ok(slots) if !slots.is_empty() => {
                    // The name behind each rank, as typed.
                    lines.extend(names_lines(m, lang, form.team, &slots));
                    let findings = lineup::check_lineup(m, form.team, &slots, &[]);
                    if findings.is_empty() {
                        lines.push(Line::raw(t("ui-lineup-no-errors")));
                    }
                    for fd in findings {
                        let mut text = i18n::format(
                            lang,
                            &msg!(
                                "rules-lineup-finding",
                                board = fd.board,
                                problem = fd.problem.describe()
                            ),
                        );
                        if !fd.cite.is_empty() {
                            text.push_str(&format!(" ({})", fd.cite));
                        }
                        lines.push(Line::styled(text, theme.warn()));
                    }
                }
                Ok(_) => {}
            }
        }
        LineupMode::Change => {
            lines.push(Line::styled(t("ui-lineup-ranks-help"), theme.dim()));
            if let Ok(slots) = form.slots() {
                lines.extend(names_lines(m, lang, form.team, &slots));
            }
            match lineup::change_allowed(m, s, form.team) {
                Err(e) => lines.push(Line::styled(i18n::format(lang, &e), theme.warn())),
                Ok(()) => {
                    let slots = form.slots().unwrap_or_default();
                    let who: Vec<String> = s
                        .procedure
                        .consents
                        .iter()
                        .filter(|c| c.team == form.team && c.slots == slots && c.used.is_none())
                        .map(|c| team_name(m, lang, c.captain))
                        .collect();
                    lines.push(Line::raw(i18n::format(
                        lang,
                        &msg!(
                            "ui-lineup-consents",
                            captains = who.len(),
                            names = who.join(", ")
                        ),
                    )));
                }
            }
        }
        LineupMode::View => match lineup::visible_lineup(s, form.team) {
            Some(slots) => {
                let other = form.team.other();
                lines.push(Line::raw(team_name(m, lang, other)));
                for (i, slot) in slots.iter().enumerate() {
                    lines.push(Line::raw(format!(
                        "{:>3}  {}",
                        i + 1,
                        slot_text(m, lang, other, slot)
                    )));
                }
            }
            None => lines.push(Line::styled(
                format!(
                    "{}: {}",
                    team_name(m, lang, form.team.other()),
                    t("lineup-sealed")
                ),
                theme.warn(),
            )),
        },
    }
    lines
}
