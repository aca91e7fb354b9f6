//! Where a match's journal lives, and opening it: a new journal for a new match, the same
//! journal continued after a crash, a power cut or a quit (`arbiter run` and `arbiter demo`
//! started again on the same match find it). A journal of another match is refused.

use std::path::{Path, PathBuf};

use arbiter_core::journal::Record;
use arbiter_core::matchfile::Match;
use arbiter_core::record::Event;
use arbiter_io::journal_file::{self, JournalWriter};

/// `journals/<date>-<round>-<home>-<away>.jsonl` under the working directory, from the match
/// file (names in lower case, umlauts spelt out, anything but letters and digits as `-`):
/// e.g. `journals/2026-11-28-5-sg-musterstadt-sf-beispielhausen.jsonl`. The same match file
/// always gives the same place, so a console started again finds its journal.
pub fn default_journal_path(m: &Match) -> PathBuf {
    PathBuf::from("journals").join(format!(
        "{}-{}-{}-{}.jsonl",
        slug(&m.file.date),
        m.file.round,
        slug(&m.file.home.name),
        slug(&m.file.away.name)
    ))
}

/// A file name part: lower case ASCII letters and digits, `-` between words.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        let t: &str = match c {
            'ä' => "ae",
            'ö' => "oe",
            'ü' => "ue",
            'ß' => "ss",
            'á' | 'à' | 'â' | 'å' | 'ã' => "a",
            'é' | 'è' | 'ê' | 'ë' => "e",
            'í' | 'ì' | 'î' | 'ï' => "i",
            'ó' | 'ò' | 'ô' | 'ø' | 'õ' => "o",
            'ú' | 'ù' | 'û' => "u",
            'ç' | 'ć' | 'č' => "c",
            'ñ' | 'ń' => "n",
            'š' | 'ś' => "s",
            'ž' | 'ź' | 'ż' => "z",
            'ł' => "l",
            _ => "",
        };
        if !t.is_empty() {
            out.push_str(t);
        } else if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push('x');
    }
    out
}

/// A journal opened for the console.
#[derive(Debug)]
pub struct OpenedJournal {
    /// Where the journal is.
    pub path: PathBuf,
    /// The writer of an existing journal; `None` for a new one, which is created with its
    /// first records ([`JournalWriter::create_with`]: complete or not at all).
    pub writer: Option<JournalWriter>,
    /// The records already there (empty for a new journal).
    pub records: Vec<Record>,
    /// A torn last line that was cut: its length and where its bytes were saved.
    pub torn: Option<(usize, PathBuf)>,
    /// The journal existed and is continued.
    pub resumed: bool,
}

/// Checks that an existing journal belongs to `m`: its first `session_started` holds the same
/// match file and profile hashes.
pub fn check_same_match(path: &Path, records: &[Record], m: &Match) -> Result<(), String> {
    let Some(s) = records.iter().find_map(|r| match &r.event {
        Event::SessionStarted(s) => Some(s),
        _ => None,
    }) else {
        return Err(format!(
            "{}: not a console journal (no session_started record); it is left as it is",
            path.display()
        ));
    };
    if s.match_sha256 != m.match_sha256 {
        let what = match &s.match_text {
            Some(text) => match arbiter_core::matchfile::MatchFile::parse(path, text) {
                Ok(f)
                    if f.date == m.file.date
                        && f.round == m.file.round
                        && f.home.name == m.file.home.name
                        && f.away.name == m.file.away.name =>
                {
                    "the same fixture, but the match file has changed since the journal was started (the journal holds the file it started with)".to_string()
                }
                Ok(f) => format!(
                    "another match: {} – {}, round {}, {}",
                    f.home.name, f.away.name, f.round, f.date
                ),
                Err(_) => "another match file".to_string(),
            },
            None => "another match file".to_string(),
        };
        return Err(format!(
            "{} belongs to {what} (SHA-256 {}, this match file {}): it is not continued. Restore the match file it was started with, or give another journal with --journal",
            path.display(),
            s.match_sha256,
            m.match_sha256
        ));
    }
    if s.profile_sha256 != m.profile_sha256 {
        return Err(format!(
            "{} was started under another rule profile (SHA-256 {}, now {}): it is not continued. Restore the profile, or give another journal with --journal",
            path.display(),
            s.profile_sha256,
            m.profile_sha256
        ));
    }
    Ok(())
}

/// Opens the journal at `path` for `m`: continues it if it exists (verifying the chain, cutting
/// a torn last line and saving it aside), else makes its directory (fsync'ed) for a new journal,
/// which the console creates with its first records (`app::start_app`): so a disk that is
/// full at the start leaves no empty journal behind.
pub fn open_journal(m: &Match, path: &Path) -> Result<OpenedJournal, String> {
    if std::fs::symlink_metadata(path).is_ok() {
        // Refuse another match before anything is cut or written.
        let (records, _) = journal_file::read(path).map_err(|e| e.to_string())?;
        check_same_match(path, &records, m)?;
        let opened = journal_file::open(path).map_err(|e| e.to_string())?;
        return Ok(OpenedJournal {
            path: path.to_path_buf(),
            writer: Some(opened.writer),
            records: opened.records,
            torn: opened.torn,
            resumed: true,
        });
    }
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
        && !dir.exists()
    {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        arbiter_io::atomic::sync_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    Ok(OpenedJournal {
        path: path.to_path_buf(),
        writer: None,
        records: Vec::new(),
        torn: None,
        resumed: false,
    })
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs() {
        assert_eq!(slug("SG Musterstadt"), "sg-musterstadt");
        assert_eq!(slug("SV Hügelland II"), "sv-huegelland-ii");
        assert_eq!(
            slug("Schachfreunde Groß-Gerau 1921 e.V."),
            "schachfreunde-gross-gerau-1921-e-v"
        );
        assert_eq!(slug("2026-11-28"), "2026-11-28");
        assert_eq!(slug("//"), "x");
    }
}
