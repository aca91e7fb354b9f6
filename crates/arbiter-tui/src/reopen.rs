//! The confirmation before an entry changes a report that has signatures: what is signed and by
//! whom, that the entry supersedes that version and that everybody must sign again, and a
//! reason the arbiter types (required). Enter confirms (the shell journals `report_reopened`
//! with the reason, then the entry); Esc records nothing. Whether an entry needs it is the
//! shell's decision (`arbiter_core::report::changes_report` and the signatures journaled since
//! the report's head); the screen only formats.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};

use arbiter_core::matchfile::Lang;
use arbiter_core::msg;

use super::i18n::{format, text};
use super::text::centred;
use super::theme::Theme;

/// The longest reason.
pub const REASON_MAX: usize = 200;

/// What the confirmation shows, filled by the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenPrompt {
    /// The signed version the entry would supersede.
    pub version: u32,
    /// Who signed it, in words ("arbiter Martina Keller").
    pub signed_by: Vec<String>,
    /// The entry, in words (its kind and board).
    pub entry: String,
    /// The arbiter's reason so far.
    pub reason: String,
}

impl ReopenPrompt {
    pub fn push(&mut self, c: char) {
        if !c.is_control() && self.reason.chars().count() < REASON_MAX {
            self.reason.push(c);
        }
    }
    pub fn pop(&mut self) {
        self.reason.pop();
    }
}

/// Draws the confirmation.
pub fn render(f: &mut Frame, area: Rect, p: &ReopenPrompt, lang: Lang, th: &Theme) {
    let lines = vec![
        Line::raw(""),
        Line::styled(
            format(
                lang,
                &msg!(
                    "ui-reopen-signed",
                    version = p.version,
                    signers = p.signed_by.join(", ")
                ),
            ),
            th.alert(),
        ),
        Line::raw(format(lang, &msg!("ui-reopen-entry", entry = &p.entry))),
        Line::raw(format(
            lang,
            &msg!(
                "ui-reopen-consequence",
                version = p.version,
                next = p.version + 1
            ),
        )),
        Line::raw(""),
        Line::styled(
            format(lang, &msg!("ui-reopen-reason", reason = &p.reason)),
            th.header2(),
        ),
        Line::raw(""),
        Line::styled(text(lang, "ui-reopen-keys"), th.dim()),
    ];
    let h = u16::try_from(lines.len() + 6).unwrap_or(u16::MAX);
    let rect = centred(area, 78, h);
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(th.dialog())
            .block(
                Block::bordered()
                    .title(format!(" {} ", text(lang, "ui-reopen-title")))
                    .padding(Padding::horizontal(1)),
            ),
        rect,
    );
}
