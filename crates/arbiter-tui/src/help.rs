//! The help overlay, three pages: every key ([`super::keymap::BINDINGS`]), the afternoon's
//! tasks with their keys ([`super::keymap::TASKS`]) and the legend of every abbreviation and sign
//! of the screens ([`super::keymap::LEGEND`]). Long descriptions wrap under their key (nothing
//! is cut at 80 columns); a page longer than the screen scrolls (↑↓).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};

use arbiter_core::matchfile::Lang;

use super::i18n::{strings, text};
use super::input::HELP_PAGES;
use super::keymap::{Abbrev, BINDINGS, LEGEND, TASKS};
use super::text::{centred, wrap_words};
use super::view::ViewState;

/// `key  description`, the description wrapped under itself; a key longer than its column
/// stands on a line of its own, the description under it.
fn entry(key: &str, desc: &str, kw: usize, w: usize) -> Vec<String> {
    let dw = w.saturating_sub(kw + 2).max(10);
    if key.chars().count() > kw {
        let mut out = vec![format!(" {key}")];
        out.extend(entry("", desc, kw, w));
        return out;
    }
    wrap_words(desc, dw)
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let k = if i == 0 { key } else { "" };
            let pad = kw.saturating_sub(k.chars().count());
            format!(" {k}{} {l}", " ".repeat(pad))
        })
        .collect()
}

/// The page's lines at the inner width `w`.
pub fn page_lines(lang: Lang, page: usize, w: usize) -> Vec<String> {
    let mut out = Vec::new();
    match page {
        0 => {
            for (k, id) in BINDINGS {
                out.extend(entry(k, &text(lang, id), 15, w));
            }
        }
        1 => {
            out.extend(
                wrap_words(&text(lang, "help-tasks-intro"), w.saturating_sub(2))
                    .into_iter()
                    .map(|l| format!(" {l}")),
            );
            for t in TASKS {
                let keys = format!("{} ({})", t.keys_label(), t.count());
                // The task, then its keys indented: keys can be long (three signatures).
                out.extend(
                    wrap_words(&text(lang, t.id), w.saturating_sub(2))
                        .into_iter()
                        .map(|l| format!(" {l}")),
                );
                out.extend(
                    wrap_words(&keys, w.saturating_sub(6))
                        .into_iter()
                        .map(|l| format!("     {l}")),
                );
            }
        }
        _ => {
            for (a, id) in LEGEND {
                let abbrev = match a {
                    Abbrev::Id(i) => text(lang, i),
                    Abbrev::Sign(s) => (*s).to_string(),
                };
                out.extend(entry(&abbrev, &text(lang, id), 17, w));
            }
            // Every alert the core raises: what it means, how urgent (the board row shows the
            // most severe one) and what clears it.
            out.extend(
                wrap_words(&text(lang, "legend-alerts-intro"), w.saturating_sub(2))
                    .into_iter()
                    .map(|l| format!(" {l}")),
            );
            for k in arbiter_core::status::AlertKind::ALL {
                let (label, id) = super::main_screen::alert_legend(k);
                let desc = format!(
                    "{} · {} · {}",
                    text(lang, id),
                    super::i18n::severity(lang, k.severity()),
                    super::i18n::clears(lang, k.clears())
                );
                out.extend(entry(&text(lang, label), &desc, 17, w));
            }
        }
    }
    out
}

fn page_title(lang: Lang, page: usize) -> String {
    text(
        lang,
        match page {
            0 => "help-page-keys",
            1 => "help-page-tasks",
            _ => "help-page-legend",
        },
    )
}

pub fn render(f: &mut Frame, area: Rect, v: &ViewState) {
    let t = strings(v.lang);
    let page = v.help_page % HELP_PAGES;
    let title = format!(
        " {} {}/{HELP_PAGES} · {} ",
        t.help_title,
        page + 1,
        page_title(v.lang, page)
    );
    let width = area.width.min(100);
    let w = usize::from(width.saturating_sub(2));
    let lines = page_lines(v.lang, page, w);
    let footer = wrap_words(&text(v.lang, "help-footer"), w.saturating_sub(1));
    let need = lines.len() + footer.len() + 2;
    let h = u16::try_from(need).unwrap_or(u16::MAX).min(area.height);
    let rect = centred(area, width, h);
    let body = usize::from(h.saturating_sub(2)).saturating_sub(footer.len());
    let max_scroll = lines.len().saturating_sub(body);
    let top = v.help_scroll.min(max_scroll);
    let mut shown: Vec<Line> = lines
        .iter()
        .skip(top)
        .take(body)
        .map(|l| Line::raw(l.clone()))
        .collect();
    while shown.len() < body {
        shown.push(Line::raw(""));
    }
    for l in footer {
        shown.push(Line::styled(format!(" {l}"), v.theme.dim()));
    }
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(shown)
            .style(v.theme.dialog())
            .block(Block::bordered().title(title)),
        rect,
    );
}
