//! Board detail: players, clocks and their history, the moves in SAN with the clock after each
//! move, a diagram, and every incident on the board.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use arbiter_core::by_colour::ByColor;
use arbiter_core::hms::format_hms;
use arbiter_core::matchfile::Match;
use arbiter_core::model::Color;
use arbiter_core::state::{BoardState, MatchState};
use arbiter_core::time::MonoMs;

use super::boards::board_view;
use super::clocks::fmt_clock;
use super::footer::footer;
use super::i18n::strings;
use super::log::{board_incidents, incident_line};
use super::main_screen::alert_text;
use super::text::fit;
use super::view::ViewState;

/// The mover's clock after each ply: the first clock press after the move.
pub fn clock_after_moves(bs: &BoardState) -> Vec<Option<u64>> {
    let mut out = Vec::with_capacity(bs.moves.len());
    let mut j = 0;
    for mv in &bs.moves {
        while j < bs.clock_presses.len() && bs.clock_presses[j].at.seq < mv.at.seq {
            j += 1;
        }
        let mover = if mv.ply % 2 == 1 {
            Color::White
        } else {
            Color::Black
        };
        out.push(
            bs.clock_presses
                .get(j)
                .map(|p| p.sample.by_colour()[mover].ms()),
        );
    }
    out
}

fn diagram(board: &shakmaty::Board, v: &ViewState) -> Vec<Line<'static>> {
    let th = &v.theme;
    let mut lines = Vec::with_capacity(9);
    for rank in (0..8u32).rev() {
        let mut spans = vec![Span::raw(format!("{} ", rank + 1))];
        for file in 0..8u32 {
            let sq =
                shakmaty::Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = board.piece_at(sq).map(|p| p.char()).unwrap_or(' ');
            let c = if c == ' ' && !th.colour {
                if (rank + file) % 2 == 0 { '.' } else { ' ' }
            } else {
                c
            };
            let style = if (rank + file) % 2 == 0 {
                th.dark_square()
            } else {
                th.light_square()
            };
            spans.push(Span::styled(format!(" {c} "), style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw("   a  b  c  d  e  f  g  h"));
    lines
}

/// The feed's counters as last journaled: frames, what was shed or rate-limited, garbage,
/// malformed and unknown input, empty clock reports.
pub fn feed_counters_line(lang: arbiter_core::matchfile::Lang, bs: &BoardState) -> String {
    let Some((_, c)) = bs.counters else {
        return String::new();
    };
    let n = |v: u64| v.to_string();
    super::i18n::format(
        lang,
        &arbiter_core::msg!(
            "ui-feed-counters",
            frames = n(c.frames),
            shed = n(c.shed),
            limited = n(c.rate_limited),
            garbage = n(c.garbage_bytes),
            malformed = n(c.malformed),
            unknown = n(c.unknown),
            empty = n(c.zero_clock_reports)
        ),
    )
}

/// The match around this board (the core's `rules::procedure`): the deadline and its basis,
/// when each player arrived and how late, the teams present at the deadline, a reservation.
pub fn procedure_lines(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    lang: arbiter_core::matchfile::Lang,
    now: MonoMs,
) -> Vec<String> {
    use arbiter_core::model::TeamSide;
    use arbiter_core::msg;
    let p = arbiter_core::rules::procedure::procedure(m, s, now);
    let fmt = |msg: arbiter_core::i18n::Msg| super::i18n::format(lang, &msg);
    let mut out = Vec::new();
    if let Some(d) = p.deadline_text {
        out.push(fmt(d));
    }
    for (_, team, late) in p.lateness.iter().filter(|(b, _, _)| *b == bs.board) {
        let at = bs
            .arrived(*team)
            .map(|a| arbiter_core::rules::local_hm(m, a.wall_ms))
            .unwrap_or_default();
        out.push(fmt(msg!(
            "ui-detail-arrived",
            team = *team,
            time = at,
            late = arbiter_core::i18n::Arg::DurationMs(*late)
        )));
    }
    if let Some(pr) = &p.presence {
        out.push(fmt(msg!(
            "ui-detail-presence",
            home = pr.present[TeamSide::Home.index()],
            away = pr.present[TeamSide::Away.index()],
            min = pr.min_players
        )));
    }
    for r in p.reservations.iter().filter(|r| r.board == bs.board) {
        out.push(fmt(msg!(
            "ui-detail-reservation",
            team = r.team,
            reason = r.reason.clone()
        )));
    }
    out
}

pub fn render(f: &mut Frame, area: Rect, m: &Match, s: &MatchState, v: &ViewState, now: MonoMs) {
    let t = strings(v.lang);
    let Some(bs) = s.boards.get(v.selected) else {
        return;
    };
    if area.height < 6 {
        return;
    }
    let header = header_lines(m, s, bs, v, now, usize::from(area.width));
    // The head grows with the alerts, up to half the screen (the moves keep the rest).
    let head = u16::try_from(header.len())
        .unwrap_or(u16::MAX)
        .min(area.height / 2)
        .max(5);
    let [top, body, foot] = Layout::vertical([
        Constraint::Length(head),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    f.render_widget(Paragraph::new(header), top);
    footer(f, foot, v, &t.footer_detail);
    let right_w = if area.width < 100 { 30 } else { 44 };
    let [moves_area, right] =
        Layout::horizontal([Constraint::Min(30), Constraint::Length(right_w)]).areas(body);
    render_moves(f, moves_area, bs, v);
    render_side(f, right, m, s, bs, v, now);
}

/// The board's head: the title line, both players with their clocks, the alerts, the feed's
/// counters.
fn header_lines(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    v: &ViewState,
    now: MonoMs,
    w: usize,
) -> Vec<Line<'static>> {
    let t = strings(v.lang);
    let th = &v.theme;
    let bv = board_view(m, s, bs, now);
    // Players and clocks.
    let clocks = bv.clock.map_or(ByColor::default(), |c| c.map(Some));
    let pl = |p: Option<&arbiter_core::matchfile::Player>| {
        p.map(|p| {
            format!(
                "{} {}",
                p.name,
                p.rating.map(|r| format!("({r})")).unwrap_or_default()
            )
        })
        .unwrap_or_else(|| "–".into())
    };
    // "≈" before a clock carried forward over a feed that is not live (an estimate).
    let est = if bv.estimated { "≈" } else { " " };
    let clk = |ms: Option<u64>| {
        ms.map(|ms| format!("{est}{}", fmt_clock(ms)))
            .unwrap_or_else(|| "       –".into())
    };
    // The console's own time model beside the device's, where they differ.
    let model = |c: Color| {
        bv.model
            .map(|model| format!(" · {} {}", t.model_time, format_hms(model[c])))
            .unwrap_or_default()
    };
    let run = |c: Color| if bv.running == Some(c) { "▶" } else { " " };
    let mut out = vec![
        Line::styled(
            fit(
                &format!(
                    " {} {} · {} {} · P{} · {} {} · {} {}/{}{}",
                    t.detail_title,
                    bv.board,
                    t.move_,
                    bv.move_no,
                    bv.period,
                    t.feed,
                    super::i18n::feed_state(v.lang, bv.feed),
                    t.illegal_short,
                    bv.illegal.white,
                    bv.illegal.black,
                    bv.result
                        .as_ref()
                        .map(|r| format!(" · {} {r}", t.result))
                        .unwrap_or_default()
                ),
                w,
            ),
            th.header(),
        ),
        Line::from(vec![
            Span::styled(
                format!(" {}{}", run(Color::White), clk(clocks.white)),
                th.running(),
            ),
            Span::raw(format!(
                "  {} {}{}",
                t.white,
                pl(bv.white),
                model(Color::White)
            )),
        ]),
        Line::from(vec![
            Span::styled(
                format!(" {}{}", run(Color::Black), clk(clocks.black)),
                th.running(),
            ),
            Span::raw(format!(
                "  {} {}{}",
                t.black,
                pl(bv.black),
                model(Color::Black)
            )),
        ]),
        Line::styled(fit(&feed_counters_line(v.lang, bs), w), th.dim()),
    ];
    out.extend(alert_lines(m, &bv, v, w));
    // A ruling waits for a clock that accepts commands: the key that sends it.
    if arbiter_core::status::clock_to_set(m, s, bs.board, now).is_ok() {
        out.push(Line::styled(
            fit(
                &format!(" {}", super::i18n::text(v.lang, "ui-clock-command-hint")),
                w,
            ),
            th.alert(),
        ));
    }
    out
}

/// Every alert of the board, the most severe first (the core ranks them), one a line: the
/// time it arose, its severity, the alert and what clears it. Wrapped, never cut.
pub fn alert_lines(
    m: &Match,
    bv: &super::boards::BoardView,
    v: &ViewState,
    w: usize,
) -> Vec<Line<'static>> {
    use arbiter_core::status::Severity;
    let th = &v.theme;
    let lang = v.lang;
    if bv.alerts.is_empty() {
        return vec![Line::styled(
            format!(" {}", super::i18n::text(lang, "ui-alerts-none")),
            th.dim(),
        )];
    }
    let mut out = Vec::new();
    for r in &bv.alerts {
        let time = r
            .since
            .map(|at| super::log::time_of(m, &at))
            .unwrap_or_else(|| "–:––:––".into());
        let text = format!(
            "{time} {} · {} · {}",
            alert_text(lang, &r.alert),
            super::i18n::severity(lang, r.severity),
            super::i18n::clears(lang, r.clears)
        );
        let style = match r.severity {
            Severity::Critical => th.alert(),
            Severity::Warning | Severity::Notice => th.warn(),
            Severity::Info => th.base(),
        };
        for (i, l) in super::text::wrap_words(&text, w.saturating_sub(2).max(20))
            .into_iter()
            .enumerate()
        {
            let indent = if i == 0 { " " } else { "          " };
            out.push(Line::styled(format!("{indent}{l}"), style));
        }
    }
    out
}

/// The moves with the clock after each, two plies a line, following the game unless scrolled.
fn render_moves(f: &mut Frame, moves_area: Rect, bs: &BoardState, v: &ViewState) {
    let t = strings(v.lang);
    let th = &v.theme;
    let after = clock_after_moves(bs);
    let mut lines = Vec::new();
    let moves = bs.moves.to_vec();
    for (i, pair) in moves.chunks(2).enumerate() {
        let ms = |k: usize| {
            after
                .get(2 * i + k)
                .copied()
                .flatten()
                .map(format_hms)
                .unwrap_or_default()
        };
        let white = &pair[0];
        let black = pair.get(1);
        lines.push(Line::raw(format!(
            "{:>3}. {:<8} {:>7}   {:<8} {:>7}",
            white.ply.div_ceil(2),
            white.san,
            ms(0),
            black.map(|b| b.san.as_str()).unwrap_or(""),
            if black.is_some() {
                ms(1)
            } else {
                String::new()
            }
        )));
    }
    if lines.is_empty() {
        lines.push(Line::styled(t.no_moves.as_str(), th.dim()));
    }
    let inner_h = usize::from(moves_area.height.saturating_sub(2));
    // Follow the game: show the newest moves unless scrolled.
    let max_top = lines.len().saturating_sub(inner_h);
    let top_line = max_top.saturating_sub(v.scroll.min(max_top));
    let shown: Vec<Line> = lines.into_iter().skip(top_line).take(inner_h).collect();
    f.render_widget(
        Paragraph::new(shown)
            .block(Block::bordered().title(format!(" {} · {} ", t.moves, t.clock_history))),
        moves_area,
    );
}

/// The diagram above, the board's incidents (and the match's procedure) below.
fn render_side(
    f: &mut Frame,
    right: Rect,
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    v: &ViewState,
    now: MonoMs,
) {
    let t = strings(v.lang);
    let th = &v.theme;
    let [diag_area, inc_area] =
        Layout::vertical([Constraint::Length(11), Constraint::Min(3)]).areas(right);
    f.render_widget(
        Paragraph::new(diagram(
            &arbiter_core::rules::position::placement_now(bs),
            v,
        ))
        .block(Block::bordered().title(format!(" {} ", t.diagram))),
        diag_area,
    );
    let incidents = board_incidents(m, s, bs.board);
    let mut inc: Vec<Line> = procedure_lines(m, s, bs, v.lang, now)
        .into_iter()
        .map(|l| Line::styled(l, th.dim()))
        .collect();
    let match_lines = inc.len();
    inc.extend(
        incidents
            .iter()
            .rev()
            .map(|e| Line::raw(incident_line(m, e, v.lang, false))),
    );
    if inc.len() == match_lines {
        inc.push(Line::styled(t.no_incidents.as_str(), th.dim()));
    }
    f.render_widget(
        Paragraph::new(inc)
            .wrap(ratatui::widgets::Wrap { trim: true })
            .block(Block::bordered().title(format!(" {} ", t.incidents))),
        inc_area,
    );
}
