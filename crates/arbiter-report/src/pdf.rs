//! The report as an A4 PDF for printing and wet signatures: Helvetica with WinAnsi encoding
//! (umlauts and ß print right), page numbers, signature lines, the digest on every page.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

use crate::sign::SignedReport;
use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::msg;

use super::text::{Block, document};

const W: f32 = 595.0;
const H: f32 = 842.0;
const MARGIN: f32 = 50.0;
const BOTTOM: f32 = 70.0;

/// Encodes text as WinAnsi (Windows-1252); characters outside it become '?'.
pub fn winansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| match c {
            '\u{20}'..='\u{7e}' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '“' => 0x93,
            '”' => 0x94,
            '‘' => 0x91,
            '’' => 0x92,
            '→' => b'>',
            '−' => b'-',
            _ => b'?',
        })
        .collect()
}

/// Approximate width of Helvetica text in points (average glyph 0.5 em; enough for wrapping).
fn width(s: &str, size: f32) -> f32 {
    s.chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '|' | '\'' | ' ' | 'I' | '!' => 0.28,
            'm' | 'w' | 'M' | 'W' => 0.83,
            'A'..='Z' => 0.67,
            _ => 0.53,
        })
        .sum::<f32>()
        * size
}

fn wrap(s: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split(' ') {
        let candidate = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if width(&candidate, size) <= max || cur.is_empty() {
            cur = candidate;
        } else {
            lines.push(std::mem::take(&mut cur));
            cur = word.to_string();
        }
        // A single word longer than the line is cut.
        while width(&cur, size) > max && cur.chars().count() > 1 {
            let mut cut = cur.chars().count() - 1;
            while cut > 1 && width(&cur.chars().take(cut).collect::<String>(), size) > max {
                cut -= 1;
            }
            let head: String = cur.chars().take(cut).collect();
            let tail: String = cur.chars().skip(cut).collect();
            lines.push(head);
            cur = tail;
        }
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

struct Page {
    content: Content,
}

struct Layout {
    pages: Vec<Page>,
    y: f32,
}

impl Layout {
    fn new() -> Layout {
        let mut l = Layout {
            pages: Vec::new(),
            y: 0.0,
        };
        l.new_page();
        l
    }

    fn new_page(&mut self) {
        self.pages.push(Page {
            content: Content::new(),
        });
        self.y = H - MARGIN;
    }

    fn need(&mut self, h: f32) {
        if self.y - h < BOTTOM {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, size: f32, bold: bool, s: &str) {
        let c = &mut self.pages.last_mut().expect("a page").content;
        c.begin_text();
        c.set_font(Name(if bold { b"F2" } else { b"F1" }), size);
        c.next_line(x, self.y);
        c.show(Str(&winansi(s)));
        c.end_text();
    }

    fn rule(&mut self, x0: f32, x1: f32, y: f32) {
        let c = &mut self.pages.last_mut().expect("a page").content;
        c.set_line_width(0.5);
        c.move_to(x0, y);
        c.line_to(x1, y);
        c.stroke();
    }
}

/// Renders the report as PDF bytes.
pub fn render(env: &SignedReport, lang: Lang, authority: &crate::sign::Authority) -> Vec<u8> {
    let mut l = Layout::new();
    let text_w = W - 2.0 * MARGIN;
    for b in document(env, lang, authority) {
        match b {
            Block::Title(t) => {
                for line in wrap(&t, 15.0, text_w) {
                    l.need(20.0);
                    l.text(MARGIN, 15.0, true, &line);
                    l.y -= 20.0;
                }
                l.y -= 4.0;
            }
            Block::Heading(h) => {
                l.need(40.0);
                l.y -= 8.0;
                l.text(MARGIN, 11.5, true, &h);
                l.y -= 15.0;
            }
            Block::Line(s) => {
                for line in wrap(&s, 9.0, text_w) {
                    l.need(12.0);
                    l.text(MARGIN, 9.0, false, &line);
                    l.y -= 12.0;
                }
            }
            Block::Table {
                header,
                widths,
                rows,
            } => {
                let total: f32 = widths.iter().map(|w| f32::from(*w)).sum::<f32>().max(1.0);
                let cols: Vec<f32> = widths
                    .iter()
                    .map(|w| f32::from(*w) / total * text_w)
                    .collect();
                let size = if cols.len() > 5 { 7.0 } else { 8.5 };
                let lead = size + 2.5;
                let draw_row = |l: &mut Layout, cells: &[String], bold: bool| {
                    let wrapped: Vec<Vec<String>> = cells
                        .iter()
                        .zip(&cols)
                        .map(|(c, w)| wrap(c, size, w - 4.0))
                        .collect();
                    let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1);
                    let h = lines as f32 * lead + 2.0;
                    l.need(h + 2.0);
                    let mut x = MARGIN;
                    for (cell, w) in wrapped.iter().zip(&cols) {
                        let y0 = l.y;
                        for line in cell {
                            l.text(x + 1.0, size, bold, line);
                            l.y -= lead;
                        }
                        l.y = y0;
                        x += w;
                    }
                    l.y -= h;
                    let y = l.y + lead - 2.0;
                    l.rule(MARGIN, MARGIN + text_w, y);
                };
                draw_row(&mut l, &header, true);
                for r in &rows {
                    draw_row(&mut l, r, false);
                }
                l.y -= 4.0;
            }
            Block::Signatures(sigs) => {
                for (role, name, status) in sigs {
                    l.need(60.0);
                    l.y -= 28.0;
                    l.rule(MARGIN, MARGIN + 250.0, l.y);
                    l.y -= 11.0;
                    l.text(MARGIN, 9.0, true, &format!("{role}: {name}"));
                    l.y -= 11.0;
                    for line in status.lines().flat_map(|s| wrap(s, 7.5, text_w)) {
                        l.need(10.0);
                        l.text(MARGIN, 7.5, false, &line);
                        l.y -= 9.5;
                    }
                }
            }
        }
    }
    finish(l, env, lang)
}

fn finish(l: Layout, env: &SignedReport, lang: Lang) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let bold = Ref::new(4);
    let n = l.pages.len();
    let page_ids: Vec<Ref> = (0..n).map(|i| Ref::new(10 + 2 * i as i32)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(n as i32);
    for (f, name) in [
        (font, b"Helvetica".as_slice()),
        (bold, b"Helvetica-Bold".as_slice()),
    ] {
        pdf.type1_font(f)
            .base_font(Name(name))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    let words = core_catalogue();
    for (i, mut page) in l.pages.into_iter().enumerate() {
        let id = page_ids[i];
        let content_id = Ref::new(id.get() + 1);
        // Footer: the digest and the page number on every page.
        let c = &mut page.content;
        c.begin_text();
        c.set_font(Name(b"F1"), 7.0);
        c.next_line(MARGIN, 40.0);
        c.show(Str(&winansi(&words.format(
            lang,
            &msg!("report-pdf-digest", digest = &env.digest),
        ))));
        c.end_text();
        c.begin_text();
        c.set_font(Name(b"F1"), 8.0);
        c.next_line(W - MARGIN - 60.0, 28.0);
        c.show(Str(&winansi(&words.format(
            lang,
            &msg!("report-pdf-page", page = i + 1, pages = n),
        ))));
        c.end_text();
        let mut p = pdf.page(id);
        p.media_box(Rect::new(0.0, 0.0, W, H));
        p.parent(tree);
        p.contents(content_id);
        let mut res = p.resources();
        let mut fonts = res.fonts();
        fonts.pair(Name(b"F1"), font);
        fonts.pair(Name(b"F2"), bold);
        fonts.finish();
        res.finish();
        p.finish();
        pdf.stream(content_id, &page.content.finish());
    }
    pdf.finish()
}
