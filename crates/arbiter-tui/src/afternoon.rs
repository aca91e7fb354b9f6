//! The afternoon before the first move as screens: the start screen (`s`: the actual start,
//! defaulting to now, and the deadline it gives), the attendance view (`a`: every player, an
//! arrival at an editable time, "all present" in one action) and the prompt when the default
//! time runs out (every absent player with the forfeit the rules propose, confirmed at once).
//!
//! Nothing here decides: the deadline, the check of an entered time and the proposals come from
//! `arbiter_core::rules` (start.rs); this module collects keys and shows what the rules say.

use chrono::TimeZone;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use arbiter_core::i18n::Msg;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, TeamSide};
use arbiter_core::msg;
use arbiter_core::record::{Event, PlayerArrived, RoundStarted};
use arbiter_core::rules;
use arbiter_core::state::MatchState;
use arbiter_core::time::{MonoMs, WallMs};

use super::i18n::{self, format, text};
use super::input::FormInput;
use super::text::{centred, fit, wrap_words};
use super::theme::Theme;

/// What a key in a panel leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The panel stays open (a key typed, or a message shown).
    Stay,
    /// The panel closes without recording anything.
    Close,
    /// These events are recorded and the panel closes.
    Record(Vec<Event>),
}

/// The open panel of the afternoon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Panel {
    Start(StartForm),
    Attendance(Attendance),
    Deadline,
}

/// A time the arbiter types, "14:03" or "14:03:12" at the venue; the default until the first
/// key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeField {
    pub text: String,
    /// Still the default (now): the first digit replaces it, and Enter records the moment of
    /// the record itself.
    pub pristine: bool,
}

impl TimeField {
    fn now(m: &Match, s: &MatchState, now: MonoMs) -> TimeField {
        TimeField {
            text: rules::wall_at(s, now)
                .map(|w| local_hms(m, w))
                .unwrap_or_default(),
            pristine: true,
        }
    }

    fn key(&mut self, c: char) {
        if !(c.is_ascii_digit() || c == ':') {
            return;
        }
        if self.pristine {
            self.text.clear();
            self.pristine = false;
        }
        if self.text.chars().count() < 8 {
            self.text.push(c);
        }
    }

    fn backspace(&mut self) {
        self.pristine = false;
        self.text.pop();
    }

    /// The entered time (wall ms), `None` while it is the default (now).
    fn entered(&self, m: &Match) -> Result<Option<WallMs>, Msg> {
        if self.pristine {
            return Ok(None);
        }
        parse_local(m, &self.text)
            .map(Some)
            .ok_or_else(|| msg!("ui-time-unreadable", text = self.text.as_str()))
    }
}

/// `HH:MM:SS` at the venue.
pub fn local_hms(m: &Match, wall_ms: WallMs) -> String {
    wall_ms
        .to_datetime()
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}

/// "14:03" or "14:03:12" on the match day at the venue, as wall ms.
pub fn parse_local(m: &Match, s: &str) -> Option<WallMs> {
    let t = arbiter_core::hms::parse_time_of_day(s).ok()?;
    let day = m
        .scheduled_start
        .with_timezone(m.scheduled_start.offset())
        .date_naive();
    m.scheduled_start
        .offset()
        .from_local_datetime(&day.and_time(t))
        .single()
        .map(|d| WallMs::from_datetime(&d))
}

/// The start screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartForm {
    pub time: TimeField,
    pub reason: String,
    /// 0: the time, 1: the reason.
    pub field: usize,
    pub error: Option<String>,
    /// The start whose distance from the clocks' first run was shown (the next Enter on the
    /// same start records it).
    pub asked: Option<WallMs>,
}

/// The attendance view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attendance {
    /// Index into [`players`].
    pub cursor: usize,
    pub time: TimeField,
    /// Players the arbiter marked as not there (`x`): "all present" leaves them out. Only on
    /// the screen, never journaled.
    pub missing: Vec<(BoardNo, TeamSide)>,
    /// `A` pressed: "all present" waits for Enter.
    pub confirm_all: bool,
    pub error: Option<String>,
}

/// Every seat of the match, board by board, home before away.
pub fn players(s: &MatchState) -> Vec<(BoardNo, TeamSide)> {
    s.boards
        .iter()
        .flat_map(|b| [(b.board, TeamSide::Home), (b.board, TeamSide::Away)])
        .collect()
}

/// The seats not arrived yet that "all present" records: those with a player in the lineup,
/// not marked missing.
pub fn not_arrived(
    m: &Match,
    s: &MatchState,
    missing: &[(BoardNo, TeamSide)],
) -> Vec<(BoardNo, TeamSide)> {
    players(s)
        .into_iter()
        .filter(|(b, t)| {
            s.board(*b).is_some_and(|bs| bs.arrived(*t).is_none())
                && rules::lineup::player(m, s, *t, *b).is_some()
                && !missing.contains(&(*b, *t))
        })
        .collect()
}

impl Panel {
    pub fn start(m: &Match, s: &MatchState, now: MonoMs) -> Panel {
        Panel::Start(StartForm {
            time: TimeField::now(m, s, now),
            reason: String::new(),
            field: 0,
            error: None,
            asked: None,
        })
    }

    /// The attendance view with the cursor on the selected board's first player not arrived.
    pub fn attendance(m: &Match, s: &MatchState, board: BoardNo, now: MonoMs) -> Panel {
        let all = players(s);
        let cursor = all
            .iter()
            .position(|(b, t)| {
                *b == board && s.board(*b).is_some_and(|bs| bs.arrived(*t).is_none())
            })
            .or_else(|| all.iter().position(|(b, _)| *b == board))
            .unwrap_or(0);
        Panel::Attendance(Attendance {
            cursor,
            time: TimeField::now(m, s, now),
            missing: Vec::new(),
            confirm_all: false,
            error: None,
        })
    }

    /// A key in the panel.
    pub fn input(
        &mut self,
        key: FormInput,
        m: &Match,
        s: &MatchState,
        now: MonoMs,
        lang: Lang,
    ) -> Outcome {
        let wall_now = rules::wall_at(s, now).unwrap_or(WallMs::UNIX_EPOCH);
        match self {
            Panel::Start(f) => f.input(key, m, s, wall_now, lang),
            Panel::Attendance(a) => a.input(key, m, s, wall_now, lang),
            Panel::Deadline => deadline_input(key, m, s, now),
        }
    }
}

impl StartForm {
    /// A key on the start screen: the time typed, the reason, Enter records the start.
    fn input(
        &mut self,
        key: FormInput,
        m: &Match,
        s: &MatchState,
        wall_now: WallMs,
        lang: Lang,
    ) -> Outcome {
        let f = self;
        f.error = None;
        match key {
            FormInput::Cancel => return Outcome::Close,
            FormInput::NextField | FormInput::PrevField => f.field = 1 - f.field.min(1),
            FormInput::Char(c) if f.field == 0 => f.time.key(c),
            FormInput::Backspace if f.field == 0 => f.time.backspace(),
            FormInput::Char(c) if f.reason.chars().count() < 200 => f.reason.push(c),
            FormInput::Backspace => {
                f.reason.pop();
            }
            FormInput::Confirm => {
                if s.round_started.is_some() {
                    // Started already: nothing to record (the core refuses a second
                    // start); the panel says when.
                    return Outcome::Close;
                }
                let at = match f.time.entered(m) {
                    Ok(at) => at,
                    Err(e) => {
                        f.error = Some(format(lang, &e));
                        return Outcome::Stay;
                    }
                };
                if let Err(e) =
                    rules::check_start_time(m, at.unwrap_or(wall_now), wall_now, &f.reason)
                {
                    f.error = Some(format(lang, &e));
                    return Outcome::Stay;
                }
                // Far from when the clocks first ran: the facts, and Enter again records it.
                let start = at.unwrap_or(wall_now);
                if f.asked != Some(start)
                    && let Some(far) = rules::start_far_from_clocks(m, s, start)
                {
                    f.asked = Some(start);
                    f.error = Some(format(lang, &far));
                    return Outcome::Stay;
                }
                return Outcome::Record(vec![Event::RoundStarted(RoundStarted {
                    at,
                    reason: f.reason.trim().to_string(),
                })]);
            }
            _ => {}
        }
        Outcome::Stay
    }
}

impl Attendance {
    /// A key in the attendance view: a player marked missing or there, "all present", one
    /// arrival at the time typed.
    fn input(
        &mut self,
        key: FormInput,
        m: &Match,
        s: &MatchState,
        wall_now: WallMs,
        lang: Lang,
    ) -> Outcome {
        let a = self;
        a.error = None;
        let all = players(s);
        let last = all.len().saturating_sub(1);
        if a.confirm_all {
            a.confirm_all = false;
            if key != FormInput::Confirm {
                return Outcome::Stay;
            }
            // Everyone not yet there arrived at the start (or now, before it).
            let at = s.round_started.map(|r| r.wall_ms);
            let evs: Vec<Event> = not_arrived(m, s, &a.missing)
                .into_iter()
                .map(|(board, team)| Event::PlayerArrived(PlayerArrived { board, team, at }))
                .collect();
            return Outcome::Record(evs);
        }
        match key {
            FormInput::Cancel => return Outcome::Close,
            FormInput::NextField => a.cursor = (a.cursor + 1).min(last),
            FormInput::PrevField => a.cursor = a.cursor.saturating_sub(1),
            FormInput::Char('A') => a.confirm_all = true,
            FormInput::Char('x') => {
                if let Some(p) = all.get(a.cursor).copied() {
                    if let Some(i) = a.missing.iter().position(|q| *q == p) {
                        a.missing.remove(i);
                    } else {
                        a.missing.push(p);
                    }
                }
            }
            FormInput::Char(c) => a.time.key(c),
            FormInput::Backspace => a.time.backspace(),
            FormInput::Confirm => {
                let Some((board, team)) = all.get(a.cursor).copied() else {
                    return Outcome::Stay;
                };
                // Recorded already: said, not journaled again (the core keeps the
                // first arrival).
                if let Some(st) = s.board(board).and_then(|bs| bs.arrived(team)) {
                    a.error = Some(format(
                        lang,
                        &msg!(
                            "ui-arrival-already",
                            name = name(m, s, board, team),
                            time = local_hms(m, st.wall_ms)
                        ),
                    ));
                    return Outcome::Stay;
                }
                let at = match a.time.entered(m) {
                    Ok(at) => at,
                    Err(e) => {
                        a.error = Some(format(lang, &e));
                        return Outcome::Stay;
                    }
                };
                if let Some(at) = at
                    && let Err(e) = rules::check_arrival_time(m, at, wall_now)
                {
                    a.error = Some(format(lang, &e));
                    return Outcome::Stay;
                }
                return Outcome::Record(vec![Event::PlayerArrived(PlayerArrived {
                    board,
                    team,
                    at,
                })]);
            }
            _ => {}
        }
        Outcome::Stay
    }
}

/// A key in the deadline prompt: Enter confirms the forfeits the rules propose.
fn deadline_input(key: FormInput, m: &Match, s: &MatchState, now: MonoMs) -> Outcome {
    match key {
        FormInput::Cancel => Outcome::Close,
        FormInput::Confirm => {
            let evs: Vec<Event> = rules::default_time_prompt(m, s, now)
                .into_iter()
                .filter(|(_, _, _, p)| p.decision.is_none() && p.missing.is_none())
                .map(|(_, _, req, p)| {
                    rules::confirm(&req, &p, p.consequence.clone(), String::new())
                })
                .collect();
            Outcome::Record(evs)
        }
        _ => Outcome::Stay,
    }
}

fn team_word(lang: Lang, t: TeamSide) -> String {
    text(
        lang,
        match t {
            TeamSide::Home => "team-home",
            TeamSide::Away => "team-away",
        },
    )
}

fn name(m: &Match, s: &MatchState, b: BoardNo, t: TeamSide) -> String {
    rules::lineup::shown_player(m, s, t, b)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| "–".into())
}

fn field_line(label: &str, value: &str, focus: bool, th: &Theme) -> Line<'static> {
    let cursor = if focus { "▏" } else { "" };
    Line::styled(
        format!(" {label}: [{value}{cursor}]"),
        if focus { th.field_focus() } else { th.base() },
    )
}

fn boxed(f: &mut Frame, rect: Rect, title: &str, lines: Vec<Line<'static>>, th: &Theme) {
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(th.dialog())
            .block(Block::bordered().title(format!(" {title} "))),
        rect,
    );
}

#[allow(clippy::too_many_arguments)]
pub fn render(
    f: &mut Frame,
    area: Rect,
    p: &Panel,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    th: &Theme,
) {
    match p {
        Panel::Start(form) => render_start(f, area, form, m, s, now, lang, th),
        Panel::Attendance(a) => render_attendance(f, area, a, m, s, lang, th),
        Panel::Deadline => render_deadline(f, area, m, s, now, lang, th),
    }
}

#[allow(clippy::too_many_arguments)]
fn render_start(
    f: &mut Frame,
    area: Rect,
    form: &StartForm,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    th: &Theme,
) {
    let scheduled = WallMs::from_datetime(&m.scheduled_start);
    let mut lines = vec![Line::raw(format(
        lang,
        &msg!("ui-start-scheduled", time = local_hms(m, scheduled)),
    ))];
    if let Some(r) = s.round_started {
        lines.push(Line::styled(
            format!(
                " {}",
                format(
                    lang,
                    &msg!("ui-start-already", time = local_hms(m, r.wall_ms)),
                )
            ),
            th.warn(),
        ));
    } else {
        lines.push(field_line(
            &text(lang, "ui-start-actual"),
            &form.time.text,
            form.field == 0,
            th,
        ));
        lines.push(Line::styled(text(lang, "ui-start-default-now"), th.dim()));
        lines.push(field_line(
            &text(lang, "ui-start-reason"),
            &form.reason,
            form.field == 1,
            th,
        ));
    }
    let at = form
        .time
        .entered(m)
        .ok()
        .flatten()
        .or_else(|| rules::wall_at(s, now));
    let deadline = at.and_then(|at| rules::deadline_if_started(m, s, at));
    // The start typed is far from when the clocks first ran: said before Enter.
    if s.round_started.is_none()
        && form.error.is_none()
        && let Some(far) = at.and_then(|at| rules::start_far_from_clocks(m, s, at))
    {
        lines.push(Line::styled(format!(" {}", format(lang, &far)), th.warn()));
    }
    if let Some(d) = deadline {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!(" {}", format(lang, &rules::deadline_msg(m, &d))),
            th.header2(),
        ));
    }
    lines.push(Line::raw(""));
    if let Some(e) = &form.error {
        lines.push(Line::styled(format!(" {e}"), th.alert()));
    }
    let keys = if s.round_started.is_some() {
        "ui-start-keys-started"
    } else {
        "ui-start-keys"
    };
    lines.push(Line::styled(text(lang, keys), th.dim()));
    // Room for a line or two wrapped at 80 columns.
    let h = u16::try_from(lines.len() + 4).unwrap_or(u16::MAX);
    let rect = centred(area, 78, h);
    boxed(f, rect, &text(lang, "dialog-start-round"), lines, th);
}

fn render_attendance(
    f: &mut Frame,
    area: Rect,
    a: &Attendance,
    m: &Match,
    s: &MatchState,
    lang: Lang,
    th: &Theme,
) {
    f.render_widget(Clear, area);
    let block = Block::bordered().title(format!(" {} ", text(lang, "ui-attendance-title")));
    let inner = block.inner(area);
    f.render_widget(block.style(th.dialog()), area);
    let w = usize::from(inner.width);
    let all = players(s);
    let present = all
        .iter()
        .filter(|(b, t)| s.board(*b).is_some_and(|bs| bs.arrived(*t).is_some()))
        .count();
    let start = match s.round_started {
        Some(r) => local_hms(m, r.wall_ms),
        None => text(lang, "ui-not-started"),
    };
    let deadline = rules::deadline(m, s)
        .map(|d| format(lang, &rules::deadline_msg(m, &d)))
        .unwrap_or_default();
    let mut head = vec![Line::styled(
        fit(
            &format(
                lang,
                &msg!(
                    "ui-attendance-head",
                    start = start,
                    present = present,
                    seats = all.len()
                ),
            ),
            w,
        ),
        th.header2(),
    )];
    if !deadline.is_empty() {
        head.push(Line::styled(fit(&format!(" {deadline}"), w), th.dim()));
    }
    let mut foot: Vec<Line> = Vec::new();
    foot.push(Line::styled(
        fit(
            &format!(" {}: [{}▏]", text(lang, "ui-arrival-time"), a.time.text),
            w,
        ),
        th.field_focus(),
    ));
    if let Some(e) = &a.error {
        foot.push(Line::styled(fit(&format!(" {e}"), w), th.alert()));
    }
    let keys = if a.confirm_all {
        let n = not_arrived(m, s, &a.missing).len();
        format(
            lang,
            &msg!(
                "ui-attendance-confirm-all",
                players = n,
                time = s
                    .round_started
                    .map(|r| local_hms(m, r.wall_ms))
                    .unwrap_or_else(|| text(lang, "ui-now"))
            ),
        )
    } else {
        text(lang, "ui-attendance-keys")
    };
    let key_lines = wrap_words(&keys, w.saturating_sub(1));
    let rows = usize::from(inner.height).saturating_sub(head.len() + foot.len() + key_lines.len());
    let top = if all.len() <= rows {
        0
    } else {
        a.cursor.saturating_sub(rows / 2).min(all.len() - rows)
    };
    let mut lines = head;
    let nw = w.saturating_sub(34).clamp(10, 40);
    for (i, (b, t)) in all.iter().enumerate().skip(top).take(rows) {
        let arrived = s.board(*b).and_then(|bs| bs.arrived(*t));
        let state = match arrived {
            Some(st) => local_hms(m, st.wall_ms),
            None if a.missing.contains(&(*b, *t)) => text(lang, "ui-attendance-missing"),
            None => "–".into(),
        };
        let row = format!(
            " {:>3}  {:<5} {} {}",
            b.0,
            fit(&team_word(lang, *t), 5),
            fit(&name(m, s, *b, *t), nw),
            state
        );
        let style: Style = if i == a.cursor {
            th.selected()
        } else if arrived.is_some() {
            th.ok()
        } else {
            th.base()
        };
        lines.push(Line::styled(fit(&row, w), style));
    }
    while lines.len() < usize::from(inner.height).saturating_sub(foot.len() + key_lines.len()) {
        lines.push(Line::raw(""));
    }
    lines.extend(foot);
    for k in key_lines {
        lines.push(Line::styled(format!(" {k}"), th.dim()));
    }
    f.render_widget(Paragraph::new(lines), inner);
}

fn render_deadline(
    f: &mut Frame,
    area: Rect,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    th: &Theme,
) {
    let list = rules::default_time_prompt(m, s, now);
    let mut lines = Vec::new();
    if let Some(d) = rules::deadline(m, s) {
        lines.push(Line::raw(format!(
            " {}",
            format(lang, &rules::deadline_msg(m, &d))
        )));
    }
    lines.push(Line::raw(text(lang, "ui-deadline-absent")));
    for (b, _, _, p) in &list {
        let absent: Vec<String> = rules::absent_after_default_time(m, s, now)
            .into_iter()
            .filter(|(x, _)| x == b)
            .map(|(_, t)| format!("{} {}", team_word(lang, t), name(m, s, *b, t)))
            .collect();
        let what = if p.decision.is_some() || p.missing.is_some() {
            text(lang, "ui-deadline-decide")
        } else {
            format!(
                "{} [{}]",
                p.consequence.summary_in(i18n::tui_catalogue(), lang),
                p.articles.join(", ")
            )
        };
        // Wrapped under itself, so that the rule basis is never cut.
        let entry = format!(
            "{} {}: {} → {what}",
            text(lang, "ui-board-short"),
            b.0,
            absent.join(", "),
        );
        let w = usize::from(area.width.min(110).saturating_sub(6));
        for (i, l) in wrap_words(&entry, w).into_iter().enumerate() {
            let indent = if i == 0 { "  " } else { "    " };
            lines.push(Line::raw(format!("{indent}{l}")));
        }
    }
    if list.is_empty() {
        lines.push(Line::styled(text(lang, "ui-deadline-none"), th.dim()));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(text(lang, "ui-deadline-keys"), th.dim()));
    let h = u16::try_from(lines.len() + 3).unwrap_or(u16::MAX);
    let rect = centred(area, 110, h);
    boxed(f, rect, &text(lang, "dialog-default-time"), lines, th);
}
