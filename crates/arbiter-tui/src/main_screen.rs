//! The main screen: the match header and one row (or tile) per board.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{Color, format_hms};
use arbiter_core::rules;
use arbiter_core::state::MatchState;

use super::boards::{Alert, BoardView, board_view, fmt_age};
use super::clocks::fmt_clock;
use super::i18n::{self, Strings, strings};
use super::theme::Theme;
use super::view::ViewState;

/// At most this many rows of latest incidents under the boards (the log has them all).
const MAX_INCIDENT_ROWS: usize = 10;

/// Pads or cuts `s` to exactly `w` characters.
pub fn fit(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n > w {
        let mut out: String = s.chars().take(w.saturating_sub(1)).collect();
        if w > 0 {
            out.push('…');
        }
        out
    } else {
        format!("{s}{}", " ".repeat(w - n))
    }
}

fn rfit(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w {
        fit(s, w)
    } else {
        format!("{}{s}", " ".repeat(w - n))
    }
}

/// "J. Brenner" from "Jonas Brenner".
pub fn short_name(name: &str) -> String {
    let mut parts = name.split_whitespace();
    match (parts.next(), name.split_whitespace().last()) {
        (Some(first), Some(last)) if first != last => {
            format!("{}. {last}", first.chars().next().unwrap_or(' '))
        }
        _ => name.to_string(),
    }
}

/// Half-points as "2½".
pub fn half(hp: u32) -> String {
    let whole = hp / 2;
    if hp % 2 == 1 {
        if whole == 0 {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        whole.to_string()
    }
}

pub fn colour_initial(lang: Lang, c: Color) -> String {
    i18n::text(
        lang,
        if c.is_white() {
            "ui-initial-white"
        } else {
            "ui-initial-black"
        },
    )
}

pub fn alert_text(lang: Lang, a: &Alert) -> String {
    let t = strings(lang);
    match a {
        Alert::Flag { color } => format!("{} {}", t.flag, colour_initial(lang, *color)),
        Alert::Stale => t.stale.clone(),
        Alert::ClockMismatch => t.mismatch.clone(),
        Alert::NoScoresheet { color } => {
            format!("{} {}", t.no_scoresheet, colour_initial(lang, *color))
        }
        Alert::Quickplay { color } => format!("{} {}", t.quickplay, colour_initial(lang, *color)),
        Alert::Absent { color } => format!("{} {}", t.absent, colour_initial(lang, *color)),
        Alert::Clock(a) => format!(
            "{} {}",
            t.clock_word,
            i18n::text(lang, super::boards::clock_alert_label(a))
        ),
        Alert::GameOver { reason, result, mv } => format!(
            "{} {} {} ({mv})",
            t.game_over,
            i18n::text(lang, reason),
            result.notation()
        ),
        Alert::TimeNotEarned { color, .. } => {
            format!("{} {}", t.time_not_earned, colour_initial(lang, *color))
        }
        Alert::MoveCount {
            color,
            device,
            board,
        } => format!(
            "{} {} {device}≠{board}",
            t.move_counter,
            colour_initial(lang, *color)
        ),
        Alert::CorrectionNotShown {
            color,
            device_ms,
            decided_ms,
        } => format!(
            "{} {} {}≠{}",
            t.correction_not_shown,
            colour_initial(lang, *color),
            format_hms(*device_ms),
            format_hms(*decided_ms)
        ),
        Alert::PeriodFlag { color } => format!(
            "{} {}",
            i18n::text(lang, "ui-period-flag"),
            colour_initial(lang, *color)
        ),
        Alert::NoClock => i18n::text(lang, "ui-no-clock"),
        Alert::BatteryLow => i18n::text(lang, "ui-battery-low"),
        Alert::BoardMismatch => i18n::text(lang, "ui-board-mismatch"),
        Alert::Garbled => i18n::text(lang, "ui-garbled"),
        Alert::OpenClaim { id } => format!("{} #{id}", i18n::text(lang, "ui-open-claim")),
        Alert::WrittenMoveNotPlayed {
            intended,
            played,
            article,
        } => format!(
            "{} {article}: {intended}≠{played}",
            i18n::text(lang, "ui-written-move")
        ),
        Alert::StartedApart { after_ms } => i18n::format(
            lang,
            &arbiter_core::msg!(
                "ui-started-apart",
                time = arbiter_core::i18n::Arg::DurationMs(*after_ms)
            ),
        ),
    }
}

/// Milliseconds until the default time expires (negative: expired), if known yet.
pub fn default_time_left(m: &Match, s: &MatchState, now: u64) -> Option<i64> {
    let expiry = rules::default_time_expiry(m, s)?;
    let wall_now = rules::wall_at(s, now)?;
    Some(expiry - wall_now)
}

fn header(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState, now: u64) {
    let t = strings(v.lang);
    let th = &v.theme;
    let file = &m.file;
    let w = usize::from(area.width);
    let left = if w >= 120 {
        format!(
            " {} {} · {} {} · {} – {}",
            file.competition, file.season, t.round, file.round, file.home.name, file.away.name
        )
    } else {
        format!(
            " {}. {} · {} – {}",
            file.round, t.round, file.home.name, file.away.name
        )
    };
    let sc = rules::score(m, s);
    let [h, a] = sc.as_scored.half_points;
    let played = if sc.as_played.half_points != sc.as_scored.half_points {
        let [ph, pa] = sc.as_played.half_points;
        format!(" ({} {}:{})", t.as_played, half(ph), half(pa))
    } else {
        String::new()
    };
    let mp = match sc.match_points {
        Some([mh, ma]) => format!("{} {mh}:{ma}", t.match_points),
        None => format!("{} {}", sc.open_boards.len(), t.open),
    };
    let [bh, ba] = sc.as_scored.berliner;
    let right = format!(
        "{} {}:{}{played} · {mp} · {} {}:{} ",
        t.score,
        half(h),
        half(a),
        t.berliner,
        half(bh),
        half(ba),
    );
    let rn = right.chars().count();
    // The score always shows; the names give way.
    let line1 = if rn + 16 <= w {
        format!("{}{right}", fit(&left, w - rn))
    } else {
        fit(&format!("{left} · {right}"), w)
    };
    let start = match s.round_started {
        Some(r) => format!(
            "{} +{}",
            t.since_start,
            format_hms(now.saturating_sub(r.mono_ms))
        ),
        None => format!("{}: {}", t.since_start, t.not_started),
    };
    let dt = match default_time_left(m, s, now) {
        Some(left) if left > 0 => format!("{} {}", t.default_time, format_hms(left.unsigned_abs())),
        Some(_) => format!("{} {}", t.default_time, t.expired),
        None => format!("{} {} min", t.default_time, m.profile.default_time.minutes),
    };
    let live = s
        .boards
        .iter()
        .filter(|b| b.feed == arbiter_core::record::FeedState::Live)
        .count();
    let live = i18n::format(
        v.lang,
        &arbiter_core::msg!("ui-feeds-live", live = live, boards = s.boards.len()),
    );
    let line2 = format!(
        " {start} · {dt} · {} {live} · {} · {} ",
        t.feed,
        mode_label(m, v.lang),
        m.profile.name
    );
    let lines = vec![
        Line::styled(line1, th.header()),
        Line::styled(fit(&line2, w), th.header2()),
    ];
    f.render_widget(Paragraph::new(lines), area);
}

/// The match's mode of play with the regime it is played under: "Schnellschach (A.4)".
pub fn mode_label(m: &Match, lang: Lang) -> String {
    let r = m.match_rules();
    let word = i18n::text(lang, r.mode.message_id());
    let mut chars = word.chars();
    let mode: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    let mode = if m.file.board_modes.iter().any(|b| *b != m.mode) {
        format!("{mode}*")
    } else {
        mode
    };
    if r.article.is_empty() {
        mode
    } else {
        format!("{mode} ({})", r.article)
    }
}

/// The footer: a prompt, a status message, or the keys of the screen.
pub fn footer(f: &mut Frame, area: Rect, v: &ViewState, hints: &str) {
    let t = strings(v.lang);
    let (text, style) = if v.quit_confirm {
        (t.quit_confirm.to_string(), v.theme.alert())
    } else if let Some(a) = &v.journal_alert {
        (format!("{a} · {hints}"), v.theme.alert())
    } else if let Some(g) = &v.goto {
        (format!("{}{g}▏", t.goto_prompt), v.theme.field_focus())
    } else if let Some(st) = &v.status {
        (format!("{st} · {hints}"), v.theme.ok())
    } else {
        (hints.to_string(), v.theme.dim())
    };
    f.render_widget(
        Paragraph::new(Line::styled(
            fit(&format!(" {text}"), usize::from(area.width)),
            style,
        )),
        area,
    );
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One wide line per board, optionally a second line with recent moves.
    Wide { lines: u16 },
    /// Two lines per board (White, Black) for narrow terminals.
    Tile,
    /// One short line per board (many boards).
    Compact,
}

/// A clock, 8 characters: "≈" before a clock carried forward over a feed that is not live (an
/// estimate), else a space; then the time, marked when the player is in time trouble (the core
/// decides: `BoardStatus`).
fn clock_span(
    ms: Option<u64>,
    running: bool,
    trouble: bool,
    estimated: bool,
    th: &Theme,
) -> Span<'static> {
    match ms {
        None => Span::styled(" –:––:––", th.dim()),
        Some(ms) => {
            let style = if trouble {
                th.low_time()
            } else if running {
                th.running()
            } else {
                th.base()
            };
            let mark = if estimated { "≈" } else { " " };
            Span::styled(format!("{mark}{}", fmt_clock(ms)), style)
        }
    }
}

fn player_name(p: Option<&arbiter_core::matchfile::Player>) -> String {
    p.map(|p| p.name.clone()).unwrap_or_else(|| "–".into())
}

fn rating(p: Option<&arbiter_core::matchfile::Player>) -> String {
    p.and_then(|p| p.rating)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

fn feed_style(bv: &BoardView, th: &Theme) -> Style {
    match bv.feed {
        arbiter_core::record::FeedState::Live => th.ok(),
        arbiter_core::record::FeedState::Connecting => th.dim(),
        _ => th.warn(),
    }
}

fn alert_spans(bv: &BoardView, lang: Lang, th: &Theme, short: bool) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    if let Some(r) = &bv.result {
        out.push(Span::styled(format!("{r} "), th.result()));
    }
    for a in &bv.alerts {
        let text = alert_text(lang, a);
        let text = if short {
            text.chars().take(12).collect()
        } else {
            text
        };
        let style = match a {
            Alert::Flag { .. }
            | Alert::ClockMismatch
            | Alert::GameOver { .. }
            | Alert::WrittenMoveNotPlayed { .. } => th.alert(),
            _ => th.warn(),
        };
        out.push(Span::styled(text, style));
        out.push(Span::raw(" "));
    }
    out
}

fn mark(bv: &BoardView, c: Color) -> &'static str {
    if bv.result.is_none() && bv.running == Some(c) {
        "▶"
    } else {
        " "
    }
}

fn wide_rows(
    bv: &BoardView,
    m: &Match,
    s: &MatchState,
    v: &ViewState,
    w: usize,
    lines: u16,
) -> Vec<Line<'static>> {
    let th = &v.theme;
    let t = strings(v.lang);
    let nw = ((w.saturating_sub(100)) / 2 + 16).clamp(16, 30);
    let (wms, bms) = bv.clock.map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let mut spans = vec![
        Span::raw(format!("{:>3} ", bv.board.0)),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(format!(
            "{} {:>4}",
            fit(&player_name(bv.white), nw),
            rating(bv.white)
        )),
        clock_span(
            wms,
            bv.running == Some(Color::White),
            bv.time_trouble.0,
            bv.estimated,
            th,
        ),
        Span::raw("  "),
        Span::styled(mark(bv, Color::Black), th.running()),
        Span::raw(format!(
            "{} {:>4}",
            fit(&player_name(bv.black), nw),
            rating(bv.black)
        )),
        clock_span(
            bms,
            bv.running == Some(Color::Black),
            bv.time_trouble.1,
            bv.estimated,
            th,
        ),
        Span::raw(format!(
            " {:>4} P{} {} ",
            format!("{}.", bv.move_no),
            bv.period,
            fit(bv.last_move.as_deref().unwrap_or(""), 11)
        )),
        Span::styled(
            fit(&i18n::feed_state(v.lang, bv.feed), 9),
            feed_style(bv, th),
        ),
        Span::raw(format!("{:>4} ", fmt_age(bv.age_ms))),
        Span::styled(
            format!("{:>5} ", format!("{}/{}", bv.illegal.0, bv.illegal.1)),
            if bv.illegal.0 + bv.illegal.1 > 0 {
                th.warn()
            } else {
                th.base()
            },
        ),
    ];
    spans.extend(alert_spans(bv, v.lang, th, false));
    let mut out = vec![Line::from(spans)];
    if lines >= 2 {
        let bs = &s.boards[bv.board.index()];
        let ivs = super::log::board_interventions(s, bv.board);
        let from = bs.moves.len().saturating_sub(10);
        let recent: Vec<String> = bs.moves[from..]
            .iter()
            .map(|mv| super::boards::move_label(mv.ply, &mv.san))
            .collect();
        let latest = ivs
            .last()
            .map(|e| {
                format!(
                    " · {} {}",
                    arbiter_core::i18n::citation(v.lang, &e.intervention.articles.join(", ")),
                    e.intervention
                        .confirmed
                        .summary_in(i18n::tui_catalogue(), v.lang)
                )
            })
            .unwrap_or_default();
        let _ = m;
        out.push(Line::styled(
            fit(
                &format!("      {}: {}{latest}", t.moves, recent.join(" ")),
                w,
            ),
            th.dim(),
        ));
    }
    out
}

fn wide_title(t: &Strings, w: usize) -> String {
    let nw = ((w.saturating_sub(100)) / 2 + 16).clamp(16, 30);
    format!(
        "{:>3}  {} {:>4} {:>7}   {} {:>4} {:>7} {:>4} P  {} {} {:>4} {:>5} {}",
        t.board_short,
        fit(&t.white, nw),
        t.elo,
        "",
        fit(&t.black, nw),
        t.elo,
        "",
        t.move_,
        fit(&t.last, 11),
        fit(&t.feed, 8),
        "",
        t.illegal_short,
        t.alerts
    )
}

fn tile_rows(bv: &BoardView, v: &ViewState, w: usize) -> [Line<'static>; 2] {
    let th = &v.theme;
    let lang = v.lang;
    let nw = w.saturating_sub(56).clamp(10, 26);
    let (wms, bms) = bv.clock.map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let l1 = Line::from(vec![
        Span::styled(format!("{:>2} ", bv.board.0), th.column_title()),
        Span::raw(format!("{} ", colour_initial(lang, Color::White))),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(format!(
            "{} {:>4}",
            fit(&player_name(bv.white), nw),
            rating(bv.white)
        )),
        clock_span(
            wms,
            bv.running == Some(Color::White),
            bv.time_trouble.0,
            bv.estimated,
            th,
        ),
        Span::raw(format!(
            " │ {:>4} {} P{} │ ",
            format!("{}.", bv.move_no),
            fit(bv.last_move.as_deref().unwrap_or(""), 10),
            bv.period
        )),
        Span::styled(fit(&i18n::feed_state(lang, bv.feed), 9), feed_style(bv, th)),
        Span::raw(rfit(&fmt_age(bv.age_ms), 3)),
    ]);
    let mut s2 = vec![
        Span::raw(format!("   {} ", colour_initial(lang, Color::Black))),
        Span::styled(mark(bv, Color::Black), th.running()),
        Span::raw(format!(
            "{} {:>4}",
            fit(&player_name(bv.black), nw),
            rating(bv.black)
        )),
        clock_span(
            bms,
            bv.running == Some(Color::Black),
            bv.time_trouble.1,
            bv.estimated,
            th,
        ),
        Span::raw(" │ "),
        Span::styled(
            fit(
                &format!(
                    "{} {}/{}",
                    strings(lang).illegal_short,
                    bv.illegal.0,
                    bv.illegal.1
                ),
                18,
            ),
            if bv.illegal.0 + bv.illegal.1 > 0 {
                th.warn()
            } else {
                th.dim()
            },
        ),
        Span::raw(" │ "),
    ];
    s2.extend(alert_spans(bv, lang, th, false));
    [l1, Line::from(s2)]
}

fn compact_row(bv: &BoardView, v: &ViewState, w: usize) -> Line<'static> {
    let th = &v.theme;
    let nw = w.saturating_sub(60).clamp(8, 22) / 2 + 4;
    let (wms, bms) = bv.clock.map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let short = |p: Option<&arbiter_core::matchfile::Player>| {
        p.map(|p| short_name(&p.name)).unwrap_or_else(|| "–".into())
    };
    let mut spans = vec![
        Span::styled(format!("{:>3} ", bv.board.0), th.column_title()),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(fit(&short(bv.white), nw)),
        clock_span(
            wms,
            bv.running == Some(Color::White),
            bv.time_trouble.0,
            bv.estimated,
            th,
        ),
        Span::raw(" "),
        Span::styled(mark(bv, Color::Black), th.running()),
        Span::raw(fit(&short(bv.black), nw)),
        clock_span(
            bms,
            bv.running == Some(Color::Black),
            bv.time_trouble.1,
            bv.estimated,
            th,
        ),
        Span::raw(format!(
            " {:>4} {} ",
            format!("{}.", bv.move_no),
            fit(bv.last_move.as_deref().unwrap_or(""), 9)
        )),
        Span::styled(
            fit(&i18n::feed_state(v.lang, bv.feed), 9),
            feed_style(bv, th),
        ),
    ];
    if bv.illegal.0 + bv.illegal.1 > 0 {
        spans.push(Span::styled(
            format!("{}/{} ", bv.illegal.0, bv.illegal.1),
            th.warn(),
        ));
    }
    spans.extend(alert_spans(bv, v.lang, th, true));
    Line::from(spans)
}

pub fn render(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState, now: u64) {
    if area.height < 4 {
        return;
    }
    let t = strings(v.lang);
    let w = usize::from(area.width);
    header(f, Rect::new(area.x, area.y, area.width, 2), m, s, v, now);
    let body = Rect::new(area.x, area.y + 2, area.width, area.height - 3);
    footer(
        f,
        Rect::new(area.x, area.bottom() - 1, area.width, 1),
        v,
        &t.footer_main,
    );
    let n = s.boards.len();
    if n == 0 || body.height < 2 {
        return;
    }
    let rows = usize::from(body.height) - 1;
    let mode = if w >= 120 {
        Mode::Wide {
            lines: if rows >= 2 * n { 2 } else { 1 },
        }
    } else if rows >= 2 * n && w >= 66 {
        Mode::Tile
    } else {
        Mode::Compact
    };
    let per = match mode {
        Mode::Wide { lines } => usize::from(lines),
        Mode::Tile => 2,
        Mode::Compact => 1,
    };
    let visible = (rows / per).max(1);
    let top = (v.selected.min(n - 1) / visible) * visible;
    let end = (top + visible).min(n);
    let range = if n > visible {
        format!(" {}–{} / {} ", top + 1, end, n)
    } else {
        String::new()
    };
    let title = match mode {
        Mode::Wide { .. } => wide_title(t, w),
        _ => format!(
            "{} · {} / {} · {} · {}",
            t.board_short, t.white, t.black, t.move_, t.feed
        ),
    };
    let title = if range.is_empty() {
        fit(&title, w)
    } else {
        format!(
            "{}{range}",
            fit(&title, w.saturating_sub(range.chars().count()))
        )
    };
    let mut lines = vec![Line::styled(title, v.theme.column_title())];
    for i in top..end {
        let bv = board_view(m, s, &s.boards[i], now);
        let mut rows: Vec<Line> = match mode {
            Mode::Wide { lines } => wide_rows(&bv, m, s, v, w, lines),
            Mode::Tile => tile_rows(&bv, v, w).into(),
            Mode::Compact => vec![compact_row(&bv, v, w)],
        };
        if i == v.selected {
            for l in &mut rows {
                // Fill the row so the highlight spans the whole width.
                let pad = w.saturating_sub(l.width());
                l.spans.push(Span::raw(" ".repeat(pad)));
                *l = l.clone().style(v.theme.selected());
            }
        }
        lines.extend(rows);
    }
    // Rows left over (few boards, a tall terminal): the latest incidents, newest last.
    let spare = usize::from(body.height)
        .saturating_sub(lines.len() + 1)
        .min(MAX_INCIDENT_ROWS);
    if n <= visible && spare >= 2 {
        let list = super::log::incidents(m, s, None);
        let shown = &list[list.len().saturating_sub(spare - 1)..];
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            fit(&format!("── {} ", t.incidents), w),
            v.theme.column_title(),
        ));
        for e in shown {
            lines.push(Line::styled(
                fit(&super::log::incident_line(m, e, v.lang, true), w),
                v.theme.dim(),
            ));
        }
    }
    f.render_widget(Paragraph::new(lines), body);
}
