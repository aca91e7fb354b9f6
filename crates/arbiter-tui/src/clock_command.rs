//! The confirmation before a ruling's times are sent to a board's clock (key `Z`): exactly the
//! two times and the mode the command carries, as `arbiter_core::status::clock_to_set` computes
//! them at the moment drawn (a running clock moves on while the confirmation is open, and
//! Enter sends the values of that moment); or why nothing can be sent. The screen only formats.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};

use arbiter_core::hms::format_hms;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, Color};
use arbiter_core::msg;
use arbiter_core::state::MatchState;
use arbiter_core::status::{ClockToSet, clock_to_set};
use arbiter_core::time::MonoMs;

use super::clocks::adjustment_text;
use super::i18n::{format, text};
use super::text::centred;
use super::theme::Theme;

/// The lines of the confirmation for what [`clock_to_set`] gives (without the keys).
fn lines_for(set: &ClockToSet, lang: Lang, th: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::raw(text(lang, "ui-clock-command-intro"))];
    for color in [Color::White, Color::Black] {
        let ms = set.times()[color];
        let mut line = format!(
            "  {}",
            format(
                lang,
                &msg!(
                    "ui-clock-command-time",
                    player = color,
                    time = format_hms(ms)
                )
            )
        );
        for p in set.pending().iter().filter(|p| p.color == color) {
            line.push_str(&format!(
                "   ({})",
                adjustment_text(lang, p.color, p.delta_ms)
            ));
        }
        lines.push(Line::styled(line, th.header2()));
    }
    lines.push(Line::raw(format!(
        "  {}",
        format(
            lang,
            &msg!(
                "ui-clock-command-sides",
                left = format_hms(set.left_ms()),
                right = format_hms(set.right_ms())
            )
        )
    )));
    lines.push(Line::raw(match set.running() {
        Some(c) => format(lang, &msg!("ui-clock-command-run", player = c)),
        None => text(lang, "ui-clock-command-paused"),
    }));
    lines
}

/// Draws the confirmation for `board` at `now`.
#[allow(clippy::too_many_arguments)]
pub fn render(
    f: &mut Frame,
    area: Rect,
    board: BoardNo,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    lang: Lang,
    th: &Theme,
) {
    let mut lines = match clock_to_set(m, s, board, now) {
        Ok(set) => {
            let mut l = lines_for(&set, lang, th);
            l.push(Line::raw(""));
            l.push(Line::styled(text(lang, "ui-clock-command-keys"), th.dim()));
            l
        }
        Err(why) => vec![
            Line::styled(format(lang, &why), th.alert()),
            Line::raw(""),
            Line::styled(text(lang, "ui-clock-command-close"), th.dim()),
        ],
    };
    lines.insert(0, Line::raw(""));
    // Room for the intro wrapped at 80 columns.
    let h = u16::try_from(lines.len() + 4).unwrap_or(u16::MAX);
    let rect = centred(area, 78, h);
    let title = format(lang, &msg!("ui-clock-command-title", board = board));
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(th.dialog())
            .block(
                Block::bordered()
                    .title(format!(" {title} "))
                    .padding(Padding::horizontal(1)),
            ),
        rect,
    );
}
