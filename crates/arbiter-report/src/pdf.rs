//! The report as an A4 PDF for printing and wet signatures: page numbers, signature lines, the
//! digest on every page.
//!
//! Every name prints: the text is set in DejaVu Sans (regular and bold, compiled in from
//! `fonts/`; Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`), embedded as a subset of the
//! glyphs used (subsetter) in a Type 0 / CIDFontType2 font with Identity-H encoding, and each
//! glyph is mapped back to its character in a ToUnicode CMap, so the text copies and searches
//! as written (Polish, Czech, Serbian and Croatian, Turkish, Hungarian, Scandinavian names).
//! Strings are normalised to NFC first (a combining accent would not be placed without shaping).
//! Widths come from the font's own advances, so wrapping and tables fit A4 with long names.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};
use unicode_normalization::UnicodeNormalization;

use crate::sign::SignedReport;
use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::msg;

use super::text::{Block, document};

const W: f32 = 595.0;
const H: f32 = 842.0;
const MARGIN: f32 = 50.0;
const BOTTOM: f32 = 70.0;

static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// One face of the embedded font.
struct Face {
    data: &'static [u8],
    face: Option<ttf_parser::Face<'static>>,
    /// The PDF name of the subset (a tag, "+", the font's name).
    base_font: &'static [u8],
}

fn face(bold: bool) -> &'static Face {
    static REGULAR: OnceLock<Face> = OnceLock::new();
    static BOLD: OnceLock<Face> = OnceLock::new();
    let (cell, data, base_font): (_, _, &'static [u8]) = if bold {
        (&BOLD, BOLD_TTF, b"ARBBLD+DejaVuSans-Bold")
    } else {
        (&REGULAR, REGULAR_TTF, b"ARBREG+DejaVuSans")
    };
    cell.get_or_init(|| Face {
        data,
        face: ttf_parser::Face::parse(data, 0).ok(),
        base_font,
    })
}

impl Face {
    fn units(&self) -> f32 {
        self.face
            .as_ref()
            .map_or(1000.0, |f| f32::from(f.units_per_em()))
    }

    fn glyph(&self, c: char) -> u16 {
        self.face
            .as_ref()
            .and_then(|f| f.glyph_index(c))
            .map_or(0, |g| g.0)
    }

    /// The advance of a glyph in 1/1000 em.
    fn advance(&self, gid: u16) -> f32 {
        self.face
            .as_ref()
            .and_then(|f| f.glyph_hor_advance(ttf_parser::GlyphId(gid)))
            .map_or(500.0, |a| f32::from(a) * 1000.0 / self.units())
    }
}

/// The glyphs a document uses of one face: their new ids in the subset, widths, characters.
struct FontUse {
    bold: bool,
    remapper: subsetter::GlyphRemapper,
    /// New glyph id → (width in 1/1000 em, the character it shows).
    glyphs: BTreeMap<u16, (f32, char)>,
}

impl FontUse {
    fn new(bold: bool) -> FontUse {
        FontUse {
            bold,
            remapper: subsetter::GlyphRemapper::new(),
            glyphs: BTreeMap::new(),
        }
    }

    /// The text as big-endian 2-byte glyph ids of the subset (Identity-H).
    fn encode(&mut self, s: &str) -> Vec<u8> {
        let f = face(self.bold);
        let mut out = Vec::with_capacity(s.len() * 2);
        for c in s.nfc() {
            let c = if c.is_control() { ' ' } else { c };
            let gid = f.glyph(c);
            let new = self.remapper.remap(gid);
            self.glyphs.entry(new).or_insert((f.advance(gid), c));
            out.extend_from_slice(&new.to_be_bytes());
        }
        out
    }
}

/// The width of text in points, from the font's advances.
fn face_width(s: &str, size: f32, bold: bool) -> f32 {
    let f = face(bold);
    s.nfc().map(|c| f.advance(f.glyph(c))).sum::<f32>() * size / 1000.0
}

/// A table's font size: smaller for wide tables.
pub fn table_font_size(columns: usize) -> f32 {
    if columns > 5 { 7.0 } else { 8.5 }
}

/// The widths (points) of a table's columns on the page: the relative `widths` scaled to
/// `text_w`, but no column narrower than its header set in bold on one line (a header that
/// wraps, "Gastgeb/er", is no header); the others give up the room in proportion. Where even
/// the headers alone do not fit, the relative widths stand.
pub fn table_columns(header: &[String], widths: &[u16], size: f32, text_w: f32) -> Vec<f32> {
    let total: f32 = widths.iter().map(|w| f32::from(*w)).sum::<f32>().max(1.0);
    let share: Vec<f32> = widths
        .iter()
        .map(|w| f32::from(*w) / total * text_w)
        .collect();
    // 4 pt of padding (as the rows are wrapped) and a little for rounding.
    let need: Vec<f32> = (0..share.len())
        .map(|i| {
            header
                .get(i)
                .map_or(0.0, |h| face_width(h, size, true) + 4.5)
        })
        .collect();
    if need.iter().sum::<f32>() > text_w {
        return share;
    }
    let mut fixed = vec![false; share.len()];
    loop {
        let fixed_w: f32 = (0..share.len())
            .filter(|i| fixed[*i])
            .map(|i| need[i])
            .sum();
        let free: f32 = (0..share.len())
            .filter(|i| !fixed[*i])
            .map(|i| f32::from(widths[i]))
            .sum::<f32>()
            .max(1.0);
        let cols: Vec<f32> = (0..share.len())
            .map(|i| {
                if fixed[i] {
                    need[i]
                } else {
                    f32::from(widths[i]) / free * (text_w - fixed_w)
                }
            })
            .collect();
        let short: Vec<usize> = (0..share.len())
            .filter(|i| !fixed[*i] && cols[*i] < need[*i])
            .collect();
        if short.is_empty() {
            return cols;
        }
        for i in short {
            fixed[i] = true;
        }
    }
}

/// How many lines each header cell of a table takes on the page (1: it does not wrap).
pub fn header_lines(header: &[String], widths: &[u16]) -> Vec<usize> {
    let size = table_font_size(widths.len());
    let text_w = W - 2.0 * MARGIN;
    let cols = table_columns(header, widths, size, text_w);
    header
        .iter()
        .zip(&cols)
        .map(|(h, w)| wrap_with(h, size, w - 4.0, true).len())
        .collect()
}

fn wrap(s: &str, size: f32, max: f32) -> Vec<String> {
    wrap_with(s, size, max, false)
}

fn wrap_with(s: &str, size: f32, max: f32, bold: bool) -> Vec<String> {
    let width = |s: &str, size: f32| face_width(s, size, bold);
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
    regular: FontUse,
    bold: FontUse,
    /// The page the current block's first text went on.
    first_text_page: Option<usize>,
}

impl Layout {
    fn new() -> Layout {
        let mut l = Layout {
            pages: Vec::new(),
            y: 0.0,
            regular: FontUse::new(false),
            bold: FontUse::new(true),
            first_text_page: None,
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
        if self.first_text_page.is_none() {
            self.first_text_page = Some(self.pages.len().saturating_sub(1));
        }
        let bytes = if bold {
            self.bold.encode(s)
        } else {
            self.regular.encode(s)
        };
        let Some(page) = self.pages.last_mut() else {
            return;
        };
        let c = &mut page.content;
        c.begin_text();
        c.set_font(Name(if bold { b"F2" } else { b"F1" }), size);
        c.next_line(x, self.y);
        c.show(Str(&bytes));
        c.end_text();
    }

    fn rule(&mut self, x0: f32, x1: f32, y: f32) {
        let Some(page) = self.pages.last_mut() else {
            return;
        };
        let c = &mut page.content;
        c.set_line_width(0.5);
        c.move_to(x0, y);
        c.line_to(x1, y);
        c.stroke();
    }
}

/// The height of a signer's block: the line to sign on, the role and name, the digital
/// signature's lines.
fn signature_height(status: &str, text_w: f32) -> f32 {
    let lines = status.lines().flat_map(|s| wrap(s, 7.5, text_w)).count();
    28.0 + 11.0 + 11.0 + lines as f32 * 9.5
}

/// The height of a table row at `size` in the columns `cols`.
fn row_height(cells: &[String], cols: &[f32], size: f32, bold: bool) -> f32 {
    let lines = cells
        .iter()
        .zip(cols)
        .map(|(c, w)| wrap_with(c, size, w - 4.0, bold).len())
        .max()
        .unwrap_or(1);
    lines as f32 * (size + 2.5) + 2.0
}

/// How much of a block must stand on the same page as the heading before it (issue 29: no
/// heading alone at the foot of a page): two lines of text, a table's header and first row, a
/// whole signature block.
fn keep_with_heading(b: &Block, text_w: f32) -> f32 {
    match b {
        Block::Title(_) => 24.0,
        Block::Heading(_) => 23.0,
        Block::Line(s) => wrap(s, 9.0, text_w).len().min(2) as f32 * 12.0,
        Block::Table {
            header,
            widths,
            rows,
        } => {
            let size = table_font_size(widths.len());
            let cols = table_columns(header, widths, size, text_w);
            row_height(header, &cols, size, true)
                + rows
                    .first()
                    .map_or(0.0, |r| row_height(r, &cols, size, false))
                + 4.0
        }
        Block::Signatures(sigs) => sigs
            .iter()
            .map(|(_, _, status)| signature_height(status, text_w))
            .sum(),
    }
}

/// The usable height of a page.
const PAGE_BODY: f32 = H - MARGIN - BOTTOM;

/// Renders the report as PDF bytes. Laid out as a document: a heading stays with the start of
/// what follows it, a table that goes on over a page repeats its header, and a signature block
/// is never split (the three together where they fit on a page, each signer's always).
pub fn render(env: &SignedReport, lang: Lang, authority: &crate::sign::Authority) -> Vec<u8> {
    let (l, _) = lay_out(env, lang, authority);
    finish(l, env, lang)
}

/// Where a block of the document went: its kind ("title", "heading", "line", "table",
/// "signatures") and the first and last page (0-based) its text stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub kind: &'static str,
    pub first_page: usize,
    pub last_page: usize,
}

/// The layout of the PDF, block by block, without the file (what the tests of the layout read).
pub fn placement(
    env: &SignedReport,
    lang: Lang,
    authority: &crate::sign::Authority,
) -> Vec<Placed> {
    lay_out(env, lang, authority).1
}

fn lay_out(
    env: &SignedReport,
    lang: Lang,
    authority: &crate::sign::Authority,
) -> (Layout, Vec<Placed>) {
    let mut l = Layout::new();
    let mut placed = Vec::new();
    let text_w = W - 2.0 * MARGIN;
    let blocks = document(env, lang, authority);
    for (i, b) in blocks.iter().enumerate() {
        l.first_text_page = None;
        let kind = match b {
            Block::Title(_) => "title",
            Block::Heading(_) => "heading",
            Block::Line(_) => "line",
            Block::Table { .. } => "table",
            Block::Signatures(_) => "signatures",
        };
        match b {
            Block::Title(t) => {
                for line in wrap(t, 15.0, text_w) {
                    l.need(20.0);
                    l.text(MARGIN, 15.0, true, &line);
                    l.y -= 20.0;
                }
                l.y -= 4.0;
            }
            Block::Heading(h) => {
                let next = blocks
                    .get(i + 1)
                    .map_or(0.0, |n| keep_with_heading(n, text_w))
                    .min(PAGE_BODY - 23.0);
                l.need(23.0 + next);
                l.y -= 8.0;
                l.text(MARGIN, 11.5, true, h);
                l.y -= 15.0;
            }
            Block::Line(s) => {
                for line in wrap(s, 9.0, text_w) {
                    l.need(12.0);
                    l.text(MARGIN, 9.0, false, &line);
                    l.y -= 12.0;
                }
            }
            Block::Table {
                header,
                widths,
                rows,
            } => lay_out_table(&mut l, header, widths, rows, text_w),
            Block::Signatures(sigs) => lay_out_signatures(&mut l, sigs, text_w),
        }
        let last_page = l.pages.len() - 1;
        placed.push(Placed {
            kind,
            first_page: l.first_text_page.unwrap_or(last_page),
            last_page,
        });
    }
    (l, placed)
}

/// A table: its header with the first row (never a header alone at the foot), the header again
/// on every page the table goes on to.
fn lay_out_table(
    l: &mut Layout,
    header: &[String],
    widths: &[u16],
    rows: &[Vec<String>],
    text_w: f32,
) {
    let size = table_font_size(widths.len());
    let cols = table_columns(header, widths, size, text_w);
    let header_h = row_height(header, &cols, size, true);
    // The header with the first row (never a header alone at the foot).
    let first = rows
        .first()
        .map_or(0.0, |r| row_height(r, &cols, size, false));
    l.need(header_h + first + 4.0);
    draw_row(l, header, true, &cols, size, text_w);
    for r in rows {
        let h = row_height(r, &cols, size, false);
        if l.y - h - 2.0 < BOTTOM {
            // Over the page: the header again.
            l.new_page();
            draw_row(l, header, true, &cols, size, text_w);
        }
        draw_row(l, r, false, &cols, size, text_w);
    }
    l.y -= 4.0;
}

/// One row of a table (`cols`: the columns' widths), its cells wrapped, a rule under it.
fn draw_row(l: &mut Layout, cells: &[String], bold: bool, cols: &[f32], size: f32, text_w: f32) {
    let lead = size + 2.5;
    let wrapped: Vec<Vec<String>> = cells
        .iter()
        .zip(cols)
        .map(|(c, w)| wrap_with(c, size, w - 4.0, bold))
        .collect();
    let lines = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    let h = lines as f32 * lead + 2.0;
    let mut x = MARGIN;
    for (cell, w) in wrapped.iter().zip(cols) {
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
}

/// The signature block: all three on one page where they fit, each signer's never split.
fn lay_out_signatures(l: &mut Layout, sigs: &[(String, String, String)], text_w: f32) {
    let whole: f32 = sigs
        .iter()
        .map(|(_, _, status)| signature_height(status, text_w))
        .sum();
    if whole <= PAGE_BODY {
        l.need(whole);
    }
    for (role, name, status) in sigs {
        l.need(signature_height(status, text_w));
        l.y -= 28.0;
        l.rule(MARGIN, MARGIN + 250.0, l.y);
        l.y -= 11.0;
        l.text(MARGIN, 9.0, true, &format!("{role}: {name}"));
        l.y -= 11.0;
        for line in status.lines().flat_map(|s| wrap(s, 7.5, text_w)) {
            l.text(MARGIN, 7.5, false, &line);
            l.y -= 9.5;
        }
    }
}

fn finish(mut l: Layout, env: &SignedReport, lang: Lang) -> Vec<u8> {
    let words = core_catalogue();
    let n = l.pages.len();
    // Footer: the digest and the page number on every page (encoded before the fonts are
    // written: they use glyphs too).
    let digest_line = l
        .regular
        .encode(&words.format(lang, &msg!("report-pdf-digest", digest = &env.digest)));
    let page_lines: Vec<Vec<u8>> = (0..n)
        .map(|i| {
            l.regular
                .encode(&words.format(lang, &msg!("report-pdf-page", page = i + 1, pages = n)))
        })
        .collect();
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let font = Ref::new(3);
    let bold = Ref::new(4);
    let page_ids: Vec<Ref> = (0..n).map(|i| Ref::new(100 + 2 * i as i32)).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(n as i32);
    write_font(&mut pdf, font, 10, &l.regular);
    write_font(&mut pdf, bold, 20, &l.bold);
    for (i, mut page) in std::mem::take(&mut l.pages).into_iter().enumerate() {
        let id = page_ids[i];
        let content_id = Ref::new(id.get() + 1);
        let c = &mut page.content;
        c.begin_text();
        c.set_font(Name(b"F1"), 7.0);
        c.next_line(MARGIN, 40.0);
        c.show(Str(&digest_line));
        c.end_text();
        c.begin_text();
        c.set_font(Name(b"F1"), 8.0);
        c.next_line(W - MARGIN - 60.0, 28.0);
        c.show(Str(&page_lines[i]));
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

/// Writes one face as a Type 0 font: the CIDFontType2 descendant with the subset embedded
/// (FontFile2), the widths of the glyphs used, and the ToUnicode CMap. Objects `base..base+5`.
fn write_font(pdf: &mut Pdf, type0: Ref, base: i32, used: &FontUse) {
    let f = face(used.bold);
    let cid = Ref::new(base);
    let descriptor = Ref::new(base + 1);
    let file = Ref::new(base + 2);
    let cmap_id = Ref::new(base + 3);
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(type0)
        .base_font(Name(f.base_font))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap_id);
    let mut c = pdf.cid_font(cid);
    c.subtype(CidFontType::Type2)
        .base_font(Name(f.base_font))
        .system_info(info)
        .font_descriptor(descriptor)
        .default_width(500.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    {
        let mut w = c.widths();
        for (gid, (adv, _)) in &used.glyphs {
            w.consecutive(*gid, [*adv]);
        }
    }
    c.finish();
    let scale = |v: i16| f32::from(v) * 1000.0 / f.units();
    let (bbox, ascent, descent, cap) = match &f.face {
        Some(face) => {
            let b = face.global_bounding_box();
            (
                Rect::new(
                    scale(b.x_min),
                    scale(b.y_min),
                    scale(b.x_max),
                    scale(b.y_max),
                ),
                scale(face.ascender()),
                scale(face.descender()),
                scale(face.capital_height().unwrap_or(face.ascender())),
            )
        }
        None => (Rect::new(0.0, -250.0, 1000.0, 1000.0), 800.0, -200.0, 700.0),
    };
    pdf.font_descriptor(descriptor)
        .name(Name(f.base_font))
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(bbox)
        .italic_angle(0.0)
        .ascent(ascent)
        .descent(descent)
        .cap_height(cap)
        .stem_v(if used.bold { 120.0 } else { 80.0 })
        .font_file2(file);
    // The subset; should subsetting fail, the whole face (never a PDF without its font).
    let data = subsetter::subset(f.data, 0, &used.remapper).unwrap_or_else(|_| f.data.to_vec());
    pdf.stream(file, &data);
    let mut cmap = UnicodeCmap::new(Name(b"Custom"), info);
    for (gid, (_, ch)) in &used.glyphs {
        cmap.pair(*gid, *ch);
    }
    pdf.cmap(cmap_id, &cmap.finish());
}
