//! `arbiter-tui`: the console's screens. It renders the match state and turns keys into actions;
//! it owns no rule, no alert and no threshold (those are `arbiter_core::rules`), reads no clock
//! (the shell passes the moment to draw) and does no IO (the terminal is the shell's).
//!
//! Rendering is a pure function of `(&Match, &MatchState, &ViewState, now_mono_ms)`; it runs
//! against any ratatui backend (tests use `TestBackend`). Keys become [`action::Action`]s,
//! [`view::update`] carries them out. The console owns no rules: proposals come from
//! `arbiter_core::rules`. It never rings the bell or makes any sound.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core, arbiter-report.

pub mod action;
pub mod afternoon;
pub mod board_detail;
pub mod boards;
pub mod clock_command;
pub mod clocks;
pub mod dialog;
#[cfg(feature = "fixture")]
pub mod fixture;
pub mod footer;
pub mod help;
pub mod i18n;
pub mod input;
pub mod keymap;
pub mod lineup_form;
pub mod log;
pub mod main_screen;
pub mod reopen;
pub mod report_view;
pub mod text;
pub mod theme;
pub mod view;

use arbiter_core::time::MonoMs;
use ratatui::Frame;
use ratatui::Terminal;

use arbiter_core::matchfile::Match;
use arbiter_core::state::MatchState;

pub use view::{Command, Screen, ViewState};

/// Draws the whole console for the moment `now_mono_ms`.
pub fn render(f: &mut Frame, m: &Match, s: &MatchState, v: &ViewState, now_mono_ms: MonoMs) {
    let mut area = f.area();
    // A replay's verdict: the bottom line, below the screen's footer.
    if let (Some(_), Some((verdict, ok))) = (&v.replay_keys, &v.replay_verdict)
        && area.height > 8
    {
        area.height -= 1;
        let line = ratatui::layout::Rect::new(area.x, area.bottom(), area.width, 1);
        let style = if *ok { v.theme.ok() } else { v.theme.alert() };
        f.render_widget(
            ratatui::widgets::Paragraph::new(ratatui::text::Line::styled(
                text::fit(&format!(" {verdict}"), usize::from(line.width)),
                style,
            )),
            line,
        );
    }
    // A status too long for the footer's line: wrapped on lines of its own at the bottom.
    let overflow = footer::status_overflow(v, usize::from(area.width));
    if !overflow.is_empty() {
        let n = u16::try_from(overflow.len())
            .unwrap_or(3)
            .min(area.height.saturating_sub(1));
        area.height -= n;
        let rect = ratatui::layout::Rect::new(area.x, area.bottom(), area.width, n);
        let lines: Vec<ratatui::text::Line> = overflow
            .into_iter()
            .map(|l| ratatui::text::Line::styled(format!(" {l}"), v.theme.ok()))
            .collect();
        f.render_widget(ratatui::widgets::Paragraph::new(lines), rect);
    }
    match v.screen {
        Screen::Main => main_screen::render(f, area, m, s, v, now_mono_ms),
        Screen::Detail => board_detail::render(f, area, m, s, v, now_mono_ms),
        Screen::Log => log::render(f, area, m, s, v),
    }
    if let Some(d) = &v.dialog {
        dialog::render(f, area, d, m, s, v.lang, &v.theme);
    }
    if let Some(l) = &v.lineup_form {
        lineup_form::render(f, area, l, m, s, now_mono_ms, v.lang, &v.theme);
    }
    if let Some(p) = &v.panel {
        afternoon::render(f, area, p, m, s, now_mono_ms, v.lang, &v.theme);
    }
    if let Some(b) = v.clock_command {
        clock_command::render(f, area, b, m, s, now_mono_ms, v.lang, &v.theme);
    }
    if let Some(r) = &v.report {
        report_view::render(f, area, r, v.lang);
    }
    if let Some(p) = &v.reopen {
        reopen::render(f, area, p, v.lang, &v.theme);
    }
    if v.help {
        help::render(f, area, v);
    }
}

/// Renders into a text grid of `w`×`h` (for tests and benchmarks).
pub fn render_to_string(
    m: &Match,
    s: &MatchState,
    v: &ViewState,
    now_mono_ms: MonoMs,
    w: u16,
    h: u16,
) -> String {
    let backend = ratatui::backend::TestBackend::new(w, h);
    let mut term = Terminal::new(backend).expect("test backend");
    term.draw(|f| render(f, m, s, v, now_mono_ms))
        .expect("draw");
    let buf = term.backend().buffer();
    let mut out = String::with_capacity(usize::from(w + 1) * usize::from(h));
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
