//! The help overlay: every key, from [`super::keymap::BINDINGS`].

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use super::dialog::centred;
use super::i18n::{strings, text};
use super::keymap::BINDINGS;
use super::main_screen::fit;
use super::view::ViewState;

pub fn render(f: &mut Frame, area: Rect, v: &ViewState) {
    let t = strings(v.lang);
    let rows = BINDINGS.len() + 1;
    let title = format!(" {} ", t.help_title);
    let entry = |(k, id): &(&str, &str), w: usize| {
        let d = text(v.lang, id);
        Line::raw(fit(&format!(" {k:<15} {d}"), w))
    };
    if rows + 2 <= usize::from(area.height) {
        let rect = centred(area, 96, u16::try_from(rows + 2).unwrap_or(u16::MAX));
        let w = usize::from(rect.width.saturating_sub(2));
        let mut lines: Vec<Line> = BINDINGS.iter().map(|b| entry(b, w)).collect();
        lines.push(Line::styled(format!(" {}", t.close_help), v.theme.dim()));
        f.render_widget(Clear, rect);
        f.render_widget(
            Paragraph::new(lines)
                .style(v.theme.dialog())
                .block(Block::bordered().title(title)),
            rect,
        );
        return;
    }
    // Too little height: two columns over the whole screen.
    f.render_widget(Clear, area);
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    f.render_widget(block.style(v.theme.dialog()), area);
    let half = BINDINGS.len().div_ceil(2);
    let cw = inner.width / 2;
    for (i, chunk) in BINDINGS.chunks(half).enumerate() {
        let col = Rect::new(
            inner.x + cw * u16::try_from(i).unwrap_or(0),
            inner.y,
            cw,
            inner.height,
        );
        let mut lines: Vec<Line> = chunk.iter().map(|b| entry(b, usize::from(cw))).collect();
        if i == 1 {
            lines.push(Line::styled(format!(" {}", t.close_help), v.theme.dim()));
        }
        f.render_widget(Paragraph::new(lines), col);
    }
}
