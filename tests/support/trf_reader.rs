//! A column-exact reader of FIDE TRF files, written from the specification (TRF-26), for the
//! tests of the exports: it splits the file at CR as the specification says, refuses any other
//! line end, and reads every field twice, by byte columns and by character columns, asserting
//! that both readings agree (a byte-based reader such as FIDE's TieBreakServer and a
//! character-based one such as bbpPairings must see the same file).

/// One line of the file (without its CR).
pub struct Line<'a> {
    pub text: &'a str,
}

impl Line<'_> {
    /// Columns `from..=to` (1-based, inclusive), read by bytes and by characters: both must
    /// give the same text. A line shorter than the field gives blanks.
    pub fn col(&self, from: usize, to: usize) -> String {
        let bytes = self.text.as_bytes();
        let by_bytes: String = (from - 1..to)
            .map(|i| bytes.get(i).map_or(' ', |b| char::from(*b)))
            .collect();
        let by_chars: String = (from - 1..to)
            .map(|i| self.text.chars().nth(i).unwrap_or(' '))
            .collect();
        assert_eq!(
            by_bytes, by_chars,
            "columns {from}-{to} differ between bytes and characters: {:?}",
            self.text
        );
        by_bytes
    }

    /// A field without its padding.
    pub fn field(&self, from: usize, to: usize) -> String {
        self.col(from, to).trim().to_string()
    }

    pub fn tag(&self) -> &str {
        self.text.get(..3).unwrap_or("")
    }
}

/// The file split into lines. Panics (the test fails) on a line end other than CR, on a byte
/// that is not printable ASCII, and on a line whose byte length differs from its character
/// length.
pub fn read(file: &str) -> Vec<Line<'_>> {
    assert!(
        !file.contains('\n'),
        "a LF in the file: lines end in CR only"
    );
    assert!(file.ends_with('\r'), "the last line ends in CR too");
    let lines: Vec<Line<'_>> = file
        .split('\r')
        .filter(|l| !l.is_empty())
        .map(|text| Line { text })
        .collect();
    for l in &lines {
        assert!(
            l.text.bytes().all(|b| (0x20..0x7f).contains(&b)),
            "not printable ASCII: {:?}",
            l.text
        );
        assert_eq!(l.text.len(), l.text.chars().count());
    }
    lines
}

/// The lines of one record type.
pub fn records<'a>(lines: &'a [Line<'a>], tag: &str) -> Vec<&'a Line<'a>> {
    lines.iter().filter(|l| l.tag() == tag).collect()
}

/// The one line of a header record (`012`, `222`, …): its value from column 5.
pub fn header(lines: &[Line<'_>], tag: &str) -> Option<String> {
    let found: Vec<_> = lines.iter().filter(|l| l.tag() == tag).collect();
    assert!(found.len() <= 1, "{tag} twice");
    found
        .first()
        .map(|l| l.text.get(4..).unwrap_or("").trim().to_string())
}
