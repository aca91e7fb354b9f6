//! The main screen: the match header and one row (or tile) per board.
//!
//! Over 800 lines: the header and the board rows at the three widths the screen has (wide rows,
//! tiles, compact rows), with the cells they share (clocks, names, marks, alerts).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use arbiter_core::by_colour::ByColor;
use arbiter_core::hms::format_hms;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::Color;
use arbiter_core::rules;
use arbiter_core::state::MatchState;
use arbiter_core::status::{AlertKind, Attendance, Severity};
use arbiter_core::time::MonoMs;

use super::boards::{Alert, BoardView, board_view, fmt_age};
use super::clocks::fmt_clock;
use super::footer::footer;
use super::i18n::{self, Strings, strings};
use super::text::fit;
use super::theme::Theme;
use super::view::ViewState;

fn rfit(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n >= w {
        fit(s, w)
    } else {
        format!("{}{s}", " ".repeat(w - n))
    }
}

pub use super::text::short_name;

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
        Alert::GameMismatch => i18n::text(lang, "ui-game-mismatch"),
        Alert::Garbled => i18n::text(lang, "ui-garbled"),
        // The claim's number on the board is in the board detail and the log (never the
        // journal's record number).
        Alert::OpenClaim { .. } => i18n::text(lang, "ui-open-claim"),
        Alert::WrittenMoveNotPlayed {
            intended,
            played,
            article,
        } => format!(
            "{} {article}: {intended}≠{played}",
            i18n::text(lang, "ui-written-move")
        ),
        // h:mm:ss, never raw seconds.
        Alert::StartedApart { after_ms } => i18n::format(
            lang,
            &arbiter_core::msg!("ui-started-apart", time = format_hms(*after_ms)),
        ),
        Alert::AdjustmentToSet { color, delta_ms } => {
            super::clocks::adjustment_text(lang, *color, *delta_ms)
        }
        Alert::ClockRefused => i18n::text(lang, "ui-clock-refused"),
        Alert::ClockSetWrong {
            expected_ms,
            shown_ms,
        } => i18n::format(
            lang,
            &arbiter_core::msg!(
                "ui-clock-set-wrong",
                expected = format!(
                    "{}/{}",
                    format_hms(expected_ms.white),
                    format_hms(expected_ms.black)
                ),
                shown = format!(
                    "{}/{}",
                    format_hms(shown_ms.white),
                    format_hms(shown_ms.black)
                )
            ),
        ),
        Alert::StartedBeforeRound { before_ms } => i18n::format(
            lang,
            &arbiter_core::msg!("ui-started-before-round", time = format_hms(*before_ms)),
        ),
        Alert::IllegalPosition { ply, player } => i18n::format(
            lang,
            &arbiter_core::msg!(
                "ui-illegal-position",
                player = colour_initial(lang, *player),
                ply = *ply
            ),
        ),
        Alert::PeriodTimePending { color, ms } => i18n::format(
            lang,
            &arbiter_core::msg!(
                "ui-period-time-pending",
                player = colour_initial(lang, *color),
                time = arbiter_core::i18n::Arg::DurationMs(*ms)
            ),
        ),
    }
}

/// The legend's entry of an alert kind: its short label (as the board row shows it, without
/// the facts) and the message id of what it means.
pub fn alert_legend(k: AlertKind) -> (&'static str, &'static str) {
    use AlertKind as K;
    match k {
        K::Flag => ("ui-flag", "legend-flag"),
        K::GameOver => ("ui-game-over", "legend-game-over"),
        K::IllegalPosition => ("ui-illegal-position-label", "legend-illegal-position"),
        K::ClockMismatch => ("ui-mismatch", "legend-mismatch"),
        K::WrittenMoveNotPlayed => ("ui-written-move", "legend-written-move"),
        K::GameMismatch => ("ui-game-mismatch", "legend-game-mismatch"),
        K::CorrectionNotShown => ("ui-correction-not-shown", "legend-correction-not-shown"),
        K::ClockRefused => ("ui-clock-refused", "legend-clock-refused"),
        K::TimeNotEarned => ("ui-time-not-earned", "legend-time-not-earned"),
        K::Absent => ("ui-absent", "legend-absent"),
        K::Stale => ("ui-stale", "legend-stale"),
        K::OpenClaim => ("ui-open-claim", "legend-open-claim"),
        K::MoveCount => ("ui-move-counter", "legend-move-counter"),
        K::PeriodFlag => ("ui-period-flag", "legend-period-flag"),
        K::BoardMismatch => ("ui-board-mismatch", "legend-board-mismatch"),
        K::NoClock => ("ui-no-clock", "legend-no-clock"),
        K::AdjustmentToSet => ("ui-adjustment-label", "legend-adjustment-to-set"),
        K::Garbled => ("ui-garbled", "legend-garbled"),
        K::Clock => ("ui-clock-word", "legend-clock"),
        K::Quickplay => ("ui-quickplay", "legend-quickplay"),
        K::NoScoresheet => ("ui-no-scoresheet", "legend-no-scoresheet"),
        K::BatteryLow => ("ui-battery-low", "legend-battery-low"),
        K::StartedApart => ("ui-started-apart-label", "legend-started-apart"),
        K::StartedBeforeRound => (
            "ui-started-before-round-label",
            "legend-started-before-round",
        ),
        K::ClockSetWrong => ("ui-clock-set-wrong-label", "legend-clock-set-wrong"),
        K::PeriodTimePending => ("ui-period-time-pending-label", "legend-period-time-pending"),
    }
}

/// Milliseconds until the default time expires (negative: expired), if known yet.
pub fn default_time_left(m: &Match, s: &MatchState, now: MonoMs) -> Option<i64> {
    let expiry = rules::default_time_expiry(m, s)?;
    let wall_now = rules::wall_at(s, now)?;
    Some(expiry - wall_now)
}

fn header(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState, now: MonoMs) {
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
        // "5. Runde" in German, "Round 5" in English.
        format!(
            " {} · {} – {}",
            i18n::format(
                v.lang,
                &arbiter_core::msg!("ui-round-no", round = file.round.to_string())
            ),
            file.home.name,
            file.away.name
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
        // From the wall clock: a start the arbiter entered afterwards may lie before this
        // session's monotonic origin.
        Some(r) => format!(
            "{} +{}",
            t.since_start,
            format_hms(
                rules::wall_at(s, now)
                    .map(|w| u64::try_from(w - r.wall_ms).unwrap_or(0))
                    .unwrap_or_else(|| now.saturating_since(r.mono_ms))
            )
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

/// The board's result, then its most severe alert (the core ranks them) and how many more
/// there are ("+2": all of them in the board detail), within `avail` columns: the count is
/// never cut, the alert's text gives way.
fn alert_spans(bv: &BoardView, lang: Lang, th: &Theme, avail: usize) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut avail = avail;
    if let Some(r) = &bv.result {
        let text = format!("{r} ");
        avail = avail.saturating_sub(text.chars().count());
        out.push(Span::styled(text, th.result()));
    }
    let Some(top) = bv.alerts.first() else {
        return out;
    };
    let more = match bv.alerts.len() {
        1 => String::new(),
        n => format!(" +{}", n - 1),
    };
    let text = alert_text(lang, &top.alert);
    let room = avail.saturating_sub(more.chars().count()).max(4);
    let style = match top.severity {
        Severity::Critical => th.alert(),
        Severity::Warning | Severity::Notice => th.warn(),
        Severity::Info => th.base(),
    };
    out.push(Span::styled(fit_left(&text, room), style));
    if !more.is_empty() {
        out.push(Span::styled(more, th.column_title()));
    }
    out
}

/// `s` cut to `w` characters with "…" (not padded).
fn fit_left(s: &str, w: usize) -> String {
    if s.chars().count() <= w {
        s.to_string()
    } else {
        fit(s, w).trim_end().to_string()
    }
}

/// The mark before a player's name: "∅ " absent, "» " arrived late (the core decides:
/// `BoardStatus::attendance`), else nothing.
fn attendance_mark(bv: &BoardView, c: Color) -> &'static str {
    match bv.attendance[c] {
        Attendance::Absent => "∅ ",
        Attendance::Late { .. } => "» ",
        Attendance::Present => "",
    }
}

/// A player's name with the attendance mark.
fn marked_name(bv: &BoardView, c: Color, name: &str) -> String {
    format!("{}{name}", attendance_mark(bv, c))
}

fn mark(bv: &BoardView, c: Color) -> &'static str {
    if bv.result.is_none() && bv.running == Some(c) {
        "▶"
    } else {
        " "
    }
}

/// The columns of the wide layout at a width. The board, both players' clocks, the move
/// number, the illegal-move counts, the feed and the alerts always show; the alert column keeps
/// at least [`ALERTS_MIN`] characters. Where the width does not hold everything, columns are
/// dropped in this order: the ratings, then the last move, then the period, then the age of the
/// feed's last report (docs/CONSOLE.md, "Every width"). Width left over widens the names (up to
/// 30 characters), then the alerts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WideCols {
    pub name: usize,
    pub rating: bool,
    pub last: bool,
    pub period: bool,
    pub age: bool,
    pub alerts: usize,
}

/// The alert column's least width.
pub const ALERTS_MIN: usize = 30;
const NAME_MIN: usize = 14;
const NAME_MAX: usize = 30;
/// Board, marks, clocks, separators, move number, illegal moves, feed.
const WIDE_FIXED: usize = 4 + 1 + 8 + 2 + 1 + 8 + 6 + 6 + 10;

impl WideCols {
    pub fn at(w: usize) -> WideCols {
        let mut spare = w.saturating_sub(WIDE_FIXED + 2 * NAME_MIN + ALERTS_MIN);
        let mut take = |n: usize| {
            if spare >= n {
                spare -= n;
                true
            } else {
                false
            }
        };
        // Kept in the reverse order of dropping.
        let age = take(5);
        let period = take(3);
        let last = take(12);
        let rating = take(10);
        let grow = (spare / 2).min(NAME_MAX - NAME_MIN);
        spare -= 2 * grow;
        WideCols {
            name: NAME_MIN + grow,
            rating,
            last,
            period,
            age,
            alerts: ALERTS_MIN + spare,
        }
    }
}

fn wide_rows(
    bv: &BoardView,
    s: &MatchState,
    v: &ViewState,
    w: usize,
    lines: u16,
) -> Vec<Line<'static>> {
    let th = &v.theme;
    let t = strings(v.lang);
    let c = WideCols::at(w);
    let clocks = bv.clock.map_or(ByColor::default(), |c| c.map(Some));
    let player = |p, color: Color, nw: usize| {
        let name = marked_name(bv, color, &player_name(p));
        if c.rating {
            format!("{} {:>4}", fit(&name, nw), rating(p))
        } else {
            fit(&name, nw)
        }
    };
    let mut spans = vec![
        Span::raw(format!("{:>3} ", bv.board.0)),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(player(bv.white, Color::White, c.name)),
        clock_span(
            clocks.white,
            bv.running == Some(Color::White),
            bv.time_trouble.white,
            bv.estimated,
            th,
        ),
        Span::raw("  "),
        Span::styled(mark(bv, Color::Black), th.running()),
        Span::raw(player(bv.black, Color::Black, c.name)),
        clock_span(
            clocks.black,
            bv.running == Some(Color::Black),
            bv.time_trouble.black,
            bv.estimated,
            th,
        ),
        Span::raw(format!(" {:>4} ", format!("{}.", bv.move_no))),
    ];
    if c.period {
        spans.push(Span::raw(format!("P{} ", bv.period)));
    }
    if c.last {
        spans.push(Span::raw(format!(
            "{} ",
            fit(bv.last_move.as_deref().unwrap_or(""), 11)
        )));
    }
    spans.push(Span::styled(
        format!(
            "{:>5} ",
            format!("{}/{}", bv.illegal.white, bv.illegal.black)
        ),
        if bv.illegal.white + bv.illegal.black > 0 {
            th.warn()
        } else {
            th.base()
        },
    ));
    spans.push(Span::styled(
        fit(&i18n::feed_state(v.lang, bv.feed), 9),
        feed_style(bv, th),
    ));
    if c.age {
        spans.push(Span::raw(format!("{:>4}", fmt_age(bv.age_ms))));
    }
    spans.push(Span::raw(" "));
    let used: usize = spans.iter().map(Span::width).sum();
    spans.extend(alert_spans(bv, v.lang, th, w.saturating_sub(used)));
    let mut out = vec![Line::from(spans)];
    if lines >= 2 {
        let bs = &s.boards[bv.board.index()];
        let ivs = super::log::board_interventions(s, bv.board);
        let from = bs.moves.len().saturating_sub(10);
        let recent: Vec<String> = bs
            .moves
            .iter_from(from)
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
    let c = WideCols::at(w);
    let player = |name: &str| {
        if c.rating {
            format!("{} {:>4}", fit(name, c.name), t.elo)
        } else {
            fit(name, c.name)
        }
    };
    let mut out = format!(
        "{:>3}  {}{:>8}   {}{:>8} {:>4} ",
        t.board_short,
        player(&t.white),
        "",
        player(&t.black),
        "",
        t.move_,
    );
    if c.period {
        out.push_str("P  ");
    }
    if c.last {
        out.push_str(&format!("{} ", fit(&t.last, 11)));
    }
    out.push_str(&format!("{:>5} {}", t.illegal_short, fit(&t.feed, 9)));
    if c.age {
        out.push_str("    ");
    }
    out.push(' ');
    out.push_str(&t.alerts);
    out
}

fn tile_rows(bv: &BoardView, v: &ViewState, w: usize) -> [Line<'static>; 2] {
    let th = &v.theme;
    let lang = v.lang;
    // The second line keeps at least ALERTS_MIN - 2 characters for the alerts; the ratings
    // go first where the names would get shorter than 12 (the wide layout's drop order).
    let fixed = 29 + ALERTS_MIN - 2;
    let with_rating = w.saturating_sub(fixed + 5) >= 12;
    let nw = if with_rating {
        w.saturating_sub(fixed + 5)
    } else {
        w.saturating_sub(fixed)
    }
    .clamp(10, 26);
    let player = |p, color: Color| {
        let name = marked_name(bv, color, &player_name(p));
        if with_rating {
            format!("{} {:>4}", fit(&name, nw), rating(p))
        } else {
            fit(&name, nw)
        }
    };
    let ByColor {
        white: wms,
        black: bms,
    } = bv.clock.map_or(ByColor::default(), |c| c.map(Some));
    let l1 = Line::from(vec![
        Span::styled(format!("{:>2} ", bv.board.0), th.column_title()),
        Span::raw(format!("{} ", colour_initial(lang, Color::White))),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(player(bv.white, Color::White)),
        clock_span(
            wms,
            bv.running == Some(Color::White),
            bv.time_trouble.white,
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
        Span::raw(player(bv.black, Color::Black)),
        clock_span(
            bms,
            bv.running == Some(Color::Black),
            bv.time_trouble.black,
            bv.estimated,
            th,
        ),
        Span::raw(" │ "),
        Span::styled(
            fit(
                &format!(
                    "{} {}/{}",
                    strings(lang).illegal_short,
                    bv.illegal.white,
                    bv.illegal.black
                ),
                9,
            ),
            if bv.illegal.white + bv.illegal.black > 0 {
                th.warn()
            } else {
                th.dim()
            },
        ),
        Span::raw(" │ "),
    ];
    let used: usize = s2.iter().map(Span::width).sum();
    s2.extend(alert_spans(bv, lang, th, w.saturating_sub(used)));
    [l1, Line::from(s2)]
}

fn compact_row(bv: &BoardView, v: &ViewState, w: usize) -> Line<'static> {
    let th = &v.theme;
    let nw = w.saturating_sub(60).clamp(8, 22) / 2 + 4;
    let ByColor {
        white: wms,
        black: bms,
    } = bv.clock.map_or(ByColor::default(), |c| c.map(Some));
    let short = |p: Option<&arbiter_core::matchfile::Player>, color: Color| {
        marked_name(
            bv,
            color,
            &p.map(|p| short_name(&p.name)).unwrap_or_else(|| "–".into()),
        )
    };
    let mut spans = vec![
        Span::styled(format!("{:>3} ", bv.board.0), th.column_title()),
        Span::styled(mark(bv, Color::White), th.running()),
        Span::raw(fit(&short(bv.white, Color::White), nw)),
        clock_span(
            wms,
            bv.running == Some(Color::White),
            bv.time_trouble.white,
            bv.estimated,
            th,
        ),
        Span::raw(" "),
        Span::styled(mark(bv, Color::Black), th.running()),
        Span::raw(fit(&short(bv.black, Color::Black), nw)),
        clock_span(
            bms,
            bv.running == Some(Color::Black),
            bv.time_trouble.black,
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
    if bv.illegal.white + bv.illegal.black > 0 {
        spans.push(Span::styled(
            format!("{}/{} ", bv.illegal.white, bv.illegal.black),
            th.warn(),
        ));
    }
    let used: usize = spans.iter().map(Span::width).sum();
    spans.extend(alert_spans(bv, v.lang, th, w.saturating_sub(used)));
    Line::from(spans)
}

pub fn render(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState, now: MonoMs) {
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
        // Too narrow for every action key: the ones of the afternoon and the help, whose
        // pages list every key and task.
        &if w >= 120 {
            t.footer_main.clone()
        } else {
            i18n::text(v.lang, "ui-footer-main-short")
        },
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
            Mode::Wide { lines } => wide_rows(&bv, s, v, w, lines),
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
    // Rows left over (few boards, a tall terminal): as many of the latest incidents as fit,
    // newest last (the log has them all).
    let spare = usize::from(body.height).saturating_sub(lines.len() + 1);
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
