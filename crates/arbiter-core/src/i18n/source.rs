//! Reading message ids out of Rust source text, for the tests that check every id the code uses
//! against both languages of a catalogue. Text in, findings out: no files are read here.

/// A `msg!("id", name = value, …)` in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MsgSite {
    /// 1-based line of the `msg!`.
    pub line: usize,
    pub id: String,
    /// The argument names, in order.
    pub args: Vec<String>,
}

/// `src` with comments and the contents of string and char literals blanked (same length,
/// so positions stay valid): what is left is code.
fn mask(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    let blank = |out: &mut String, c: char| {
        if c == '\n' {
            out.push('\n');
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                blank(&mut out, c);
                while let Some(&d) = chars.peek() {
                    if d == '\n' {
                        break;
                    }
                    blank(&mut out, d);
                    chars.next();
                }
            }
            '"' => {
                out.push('"');
                let mut escaped = false;
                for d in chars.by_ref() {
                    if !escaped && d == '"' {
                        out.push('"');
                        break;
                    }
                    escaped = !escaped && d == '\\';
                    blank(&mut out, d);
                }
            }
            '\'' => {
                // A char literal ('"', '\\'') or a lifetime ('a).
                let mut look = chars.clone();
                let lit = match (look.next(), look.next(), look.next()) {
                    (Some('\\'), Some(_), Some('\'')) => 3,
                    (Some(a), Some('\''), _) if a != '\\' => 2,
                    _ => 0,
                };
                out.push('\'');
                for _ in 0..lit {
                    if let Some(d) = chars.next() {
                        blank(&mut out, d);
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every `msg!(...)` with a literal id in `src` (not in comments or strings).
pub fn msg_sites(src: &str) -> Vec<MsgSite> {
    let code = mask(src);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("msg!(") {
        let start = from + i;
        from = start + 5;
        // `macro_rules! msg` and the like are not uses.
        if code[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let Some(len) = balanced(&code[from..]) else {
            continue;
        };
        let parts = split_top_level(&code[from..from + len]);
        let Some(id) = parts.first().and_then(|(a, b)| {
            let (a, b) = (from + a, from + b);
            let t = code[a..b].trim();
            (t.starts_with('"') && t.ends_with('"') && t.len() >= 2).then(|| {
                let off = a + code[a..b].find('"').unwrap_or(0);
                src.get(off + 1..off + t.len() - 1)
                    .unwrap_or("")
                    .to_string()
            })
        }) else {
            continue;
        };
        let args = parts[1..]
            .iter()
            .filter_map(|(a, b)| {
                let p = code[from + a..from + b].trim();
                let (name, rest) = p.split_once('=')?;
                let name = name.trim();
                (!rest.starts_with('=')
                    && !name.is_empty()
                    && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .then(|| name.to_string())
            })
            .collect();
        out.push(MsgSite {
            line: code[..start].matches('\n').count() + 1,
            id,
            args,
        });
    }
    out
}

/// Every string literal in `src` (not in comments) that looks like a message id (`kebab-case`,
/// at least two parts), with its 1-based line.
pub fn id_literals(src: &str) -> Vec<(usize, String)> {
    let code = mask(src);
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in code.char_indices() {
        if c != '"' {
            continue;
        }
        match open.take() {
            None => open = Some(i),
            Some(a) => {
                let lit = src.get(a + 1..i).unwrap_or("");
                if is_id(lit) {
                    out.push((code[..a].matches('\n').count() + 1, lit.to_string()));
                }
            }
        }
    }
    out
}

/// `colour-white`: lower-case ASCII words joined by single dashes, at least two of them.
pub fn is_id(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() >= 2
        && parts[0].starts_with(|c: char| c.is_ascii_lowercase())
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// The length of the text inside the parentheses opened just before `code` (masked), or
/// `None` when they never close.
fn balanced(code: &str) -> Option<usize> {
    let mut depth = 1usize;
    for (i, c) in code.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The byte ranges between the commas outside brackets (of masked code).
fn split_top_level(code: &str) -> Vec<(usize, usize)> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in code.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push((start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    if !code[start..].trim().is_empty() {
        parts.push((start, code.len()));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_msg_sites_and_their_argument_names() {
        let src = "let a = msg!(\"t-x\", nth = f(a, b), player = p);\n\
                   let b = msg!(\n    \"t-y\",\n    text = \"a, (b\",\n);\n\
                   // msg!(\"t-z\")\n\
                   let s = \"msg!(\\\"t-w\\\")\";\n\
                   macro_rules! msg { () => {} }\n";
        let sites = msg_sites(src);
        assert_eq!(sites.len(), 2, "{sites:?}");
        assert_eq!(sites[0].id, "t-x");
        assert_eq!(sites[0].args, ["nth", "player"]);
        assert_eq!(sites[1].id, "t-y");
        assert_eq!(sites[1].args, ["text"]);
        assert_eq!(sites[1].line, 2);
    }

    #[test]
    fn finds_id_literals() {
        let src = "let c = '\"'; let a = \"ui-round\";\nlet b = \"not an id\"; \"x-1-y\"\n\
                   // \"ui-comment\"\nfn f<'a>(x: &'a str) -> &'a str { \"ui-after-lifetime\" }";
        assert_eq!(
            id_literals(src),
            vec![
                (1, "ui-round".to_string()),
                (2, "x-1-y".to_string()),
                (4, "ui-after-lifetime".to_string())
            ]
        );
        assert!(!is_id("ui"));
        assert!(!is_id("Ui-round"));
        assert!(!is_id("ui--round"));
    }
}
