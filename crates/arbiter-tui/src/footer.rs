//! The footer line every screen ends with: the replay's keys, the quit question, the journal's
//! alert, the goto prompt, a status message, or the screen's keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::i18n::strings;
use super::text::fit;
use super::view::ViewState;

/// The footer: a prompt, a status message, or the keys of the screen.
pub fn footer(f: &mut Frame, area: Rect, v: &ViewState, hints: &str) {
    let t = strings(v.lang);
    let (text, style) = if let (Some(keys), false) = (&v.replay_keys, v.quit_confirm) {
        // A replay: its keys first (they stay visible at 80 columns), then where it stands.
        match &v.status {
            Some(st) => (format!("{keys} · {st}"), v.theme.ok()),
            None => (keys.clone(), v.theme.dim()),
        }
    } else if v.quit_confirm {
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
