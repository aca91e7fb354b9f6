//! The footer line every screen ends with: the replay's keys, the quit question, the journal's
//! alert, the goto prompt, a status message, or the screen's keys.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::i18n::strings;
use super::text::fit;
use super::view::ViewState;

/// A status message too long for the footer's line at `width`, wrapped: the console shows it
/// on lines of its own below the screen (at most three; the footer then shows the keys only),
/// so that a refusal, the replay's moment and incident are never cut at 80 columns.
pub fn status_overflow(v: &ViewState, width: usize) -> Vec<String> {
    if v.quit_confirm || v.goto.is_some() || v.journal_alert.is_some() {
        return Vec::new();
    }
    let Some(st) = &v.status else {
        return Vec::new();
    };
    let used = match &v.replay_keys {
        Some(keys) => keys.chars().count() + 4,
        None => 1,
    };
    if used + st.chars().count() <= width {
        return Vec::new();
    }
    let mut lines = super::text::wrap_words(st.trim(), width.saturating_sub(2).max(20));
    lines.truncate(3);
    lines
}

/// The footer: a prompt, a status message, or the keys of the screen.
pub fn footer(f: &mut Frame, area: Rect, v: &ViewState, hints: &str) {
    let t = strings(v.lang);
    // A long status stands on lines of its own (see `status_overflow`).
    let status = v
        .status
        .as_ref()
        .filter(|_| status_overflow(v, usize::from(area.width)).is_empty());
    let (text, style) = if let (Some(keys), false) = (&v.replay_keys, v.quit_confirm) {
        // A replay: its keys first (they stay visible at 80 columns), then where it stands.
        match status {
            Some(st) => (format!("{keys} · {st}"), v.theme.ok()),
            None => (keys.clone(), v.theme.dim()),
        }
    } else if v.quit_confirm {
        (t.quit_confirm.to_string(), v.theme.alert())
    } else if let Some(a) = &v.journal_alert {
        (format!("{a} · {hints}"), v.theme.alert())
    } else if let Some(g) = &v.goto {
        (format!("{}{g}▏", t.goto_prompt), v.theme.field_focus())
    } else if let Some(st) = status {
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
