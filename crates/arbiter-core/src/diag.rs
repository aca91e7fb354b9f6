//! Configuration diagnostics: every problem in a match file or rule profile names the file, the
//! line (where it can be found) and the field, and says what was expected.

use std::fmt;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

/// One problem found in a configuration file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: Option<usize>,
    /// Dotted path of the field, e.g. `home.squad[3].fide_id`; empty for the whole file.
    pub field: String,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A list of diagnostics (never empty when returned as an error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// The 1-based line of a byte offset.
pub fn line_of(src: &str, offset: usize) -> usize {
    let end = offset.min(src.len());
    src.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Collects diagnostics for one source file and finds the lines of dotted field paths.
pub struct Collector<'a> {
    file: &'a Path,
    src: &'a str,
    doc: Option<toml::Spanned<DeTable<'a>>>,
    pub found: Vec<Diagnostic>,
}

impl<'a> Collector<'a> {
    pub fn new(file: &'a Path, src: &'a str) -> Collector<'a> {
        Collector {
            file,
            src,
            doc: DeTable::parse(src).ok(),
            found: Vec::new(),
        }
    }

    /// Records a problem at a dotted field path (`a.b[2].c`).
    pub fn error(&mut self, field: impl Into<String>, message: impl Into<String>) {
        let field = field.into();
        let line = self.line_of_field(&field);
        self.found.push(Diagnostic {
            file: self.file.to_path_buf(),
            line,
            field,
            message: message.into(),
        });
    }

    /// The line where the value of a dotted path stands, or the nearest parent found.
    pub fn line_of_field(&self, field: &str) -> Option<usize> {
        let doc = self.doc.as_ref()?;
        let mut span = doc.span();
        let mut table: Option<&DeTable<'_>> = Some(doc.get_ref());
        let mut value: Option<&DeValue<'_>> = None;
        for seg in split_path(field) {
            let next = match (seg, table, value) {
                (Seg::Key(k), Some(t), _) => t.get(k),
                (Seg::Key(k), None, Some(DeValue::Table(t))) => t.get(k),
                (Seg::Index(i), _, Some(DeValue::Array(a))) => a.get(i),
                _ => None,
            };
            let Some(next) = next else { break };
            span = next.span();
            value = Some(next.get_ref());
            table = None;
        }
        if span.start == 0 && field.is_empty() {
            return None;
        }
        Some(line_of(self.src, span.start))
    }

    pub fn into_result(self) -> Result<(), Diagnostics> {
        if self.found.is_empty() {
            Ok(())
        } else {
            Err(Diagnostics(self.found))
        }
    }
}

enum Seg<'s> {
    Key(&'s str),
    Index(usize),
}

fn split_path(path: &str) -> Vec<Seg<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            out.push(Seg::Key(key));
        }
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            if let Ok(i) = idx.trim_end_matches(']').parse() {
                out.push(Seg::Index(i));
            }
        }
    }
    out
}

/// Turns a TOML deserialisation error into a diagnostic with line and field.
pub fn from_toml_error(file: &Path, src: &str, err: &toml::de::Error) -> Diagnostic {
    let line = err.span().map(|s| line_of(src, s.start));
    // The message names unknown keys, missing fields and wrong types; the span locates it.
    let mut message = err.message().trim().to_string();
    if message.is_empty() {
        message = err.to_string();
    }
    let field = field_at(src, err.span()).unwrap_or_default();
    Diagnostic {
        file: file.to_path_buf(),
        line,
        field,
        message,
    }
}

/// Best-effort dotted path of the key or value at a span, for error messages.
fn field_at(src: &str, span: Option<std::ops::Range<usize>>) -> Option<String> {
    let span = span?;
    let doc = DeTable::parse(src).ok()?;
    let mut path = Vec::new();
    find_span(doc.get_ref(), &span, &mut path).then(|| path.join("."))
}

fn find_span(t: &DeTable<'_>, target: &std::ops::Range<usize>, path: &mut Vec<String>) -> bool {
    for (k, v) in t.iter() {
        let ks = k.span();
        let vs = v.span();
        let covers = |s: &std::ops::Range<usize>| s.start <= target.start && target.end <= s.end;
        if covers(&ks) || covers(&vs) {
            path.push(k.get_ref().to_string());
            match v.get_ref() {
                DeValue::Table(inner) => {
                    find_span(inner, target, path);
                }
                DeValue::Array(a) => {
                    for (i, item) in a.iter().enumerate() {
                        if covers(&item.span()) {
                            if let Some(last) = path.last_mut() {
                                last.push_str(&format!("[{i}]"));
                            }
                            if let DeValue::Table(inner) = item.get_ref() {
                                find_span(inner, target, path);
                            }
                            break;
                        }
                    }
                }
                _ => {}
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_lines_of_nested_fields() {
        let src = "a = 1\n[b]\nc = [\n  { d = 1 },\n  { d = 2 },\n]\n";
        let c = Collector::new(Path::new("x.toml"), src);
        assert_eq!(c.line_of_field("a"), Some(1));
        assert_eq!(c.line_of_field("b.c[1].d"), Some(5));
        assert_eq!(c.line_of_field("b.c[0]"), Some(4));
        // A missing field falls back to its nearest parent.
        assert_eq!(c.line_of_field("b.zzz"), Some(2));
    }
}
