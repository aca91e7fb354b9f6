//! Text helpers of every screen: cutting and padding to a width, wrapping, centring a box.
//! The bottom of the crate: it uses nothing of it.

use ratatui::layout::Rect;

/// Pads or cuts `s` to exactly `w` characters.
pub fn fit(s: &str, w: usize) -> String {
    let n = s.chars().count();
    if n > w {
        let mut out: String = s.chars().take(w.saturating_sub(1)).collect();
        if w > 0 {
            out.push('…');
        }
        out
    } else {
        format!("{s}{}", " ".repeat(w - n))
    }
}

/// A rectangle of at most `w`×`h` centred in `area`.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Words to lines of at most `w` characters.
pub fn wrap_words(s: &str, w: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in s.split(' ') {
        let n = cur.chars().count();
        if n > 0 && n + 1 + word.chars().count() > w {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// "J. Brenner" from "Jonas Brenner".
pub fn short_name(name: &str) -> String {
    let mut parts = name.split_whitespace();
    match (parts.next(), name.split_whitespace().last()) {
        (Some(first), Some(last)) if first != last => {
            format!("{}. {last}", first.chars().next().unwrap_or(' '))
        }
        _ => name.to_string(),
    }
}
