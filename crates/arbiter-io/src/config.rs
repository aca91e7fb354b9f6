//! Reading the configuration from disk: match files, rule profiles (found by id or path), and
//! the match a journal ran under. Parsing and validation are [`arbiter_core::matchfile`] and
//! [`arbiter_core::profile`], from text.

use std::path::{Path, PathBuf};

use arbiter_core::diag::{Diagnostic, Diagnostics};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Match, MatchFile, field_error, sha256_hex};
use arbiter_core::record::Event;

/// Reads a UTF-8 text file; the error names the file and the reason.
pub fn read_text(path: &Path) -> Result<String, Diagnostics> {
    let bytes = crate::input::read_regular(path).map_err(|e| {
        let message = match e {
            crate::input::InputError::Io { source, .. } => {
                format!("cannot read the file: {source}")
            }
            crate::input::InputError::NotRegular { what, .. } => {
                format!("not a regular file but {what}")
            }
        };
        Diagnostics(vec![Diagnostic {
            file: path.to_path_buf(),
            line: None,
            field: String::new(),
            message,
        }])
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let src = String::from_utf8_lossy(e.as_bytes());
        Diagnostics(vec![Diagnostic {
            file: path.to_path_buf(),
            line: Some(arbiter_core::diag::line_of(&src, offset)),
            field: String::new(),
            message: format!("not valid UTF-8 at byte {offset}: save the file as UTF-8"),
        }])
    })
}

/// Loads a match file and the profile it names (or `profile_override`, an id or a path).
pub fn load_match(path: &Path, profile_override: Option<&str>) -> Result<Match, Diagnostics> {
    let src = read_text(path)?;
    let file = MatchFile::parse(path, &src)?;
    let rules = profile_override.unwrap_or(&file.rules);
    let profile_path = resolve_profile(path, rules)
        .map_err(|message| field_error(path, &src, "rules", message))?;
    let profile_src = read_text(&profile_path)?;
    Match::validate(path, &src, file, &profile_path, &profile_src)
}

/// Finds the profile file for a `rules` value: a `.toml` path relative to the match file, or an
/// id looked up in `../rules/`, beside the match file, and in `config/rules/`.
pub fn resolve_profile(match_path: &Path, rules: &str) -> Result<PathBuf, String> {
    let dir = match_path.parent().unwrap_or(Path::new("."));
    if rules.ends_with(".toml") || rules.contains('/') {
        let p = dir.join(rules);
        return if p.is_file() {
            Ok(normalise(&p))
        } else {
            Err(format!("profile file {} not found", p.display()))
        };
    }
    if rules.is_empty()
        || !rules
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "{rules:?} is not a profile id (letters, digits, - and _) or a .toml path"
        ));
    }
    let candidates = [
        dir.join("../rules").join(format!("{rules}.toml")),
        dir.join(format!("{rules}.toml")),
        PathBuf::from("config/rules").join(format!("{rules}.toml")),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .map(|p| normalise(p))
        .ok_or_else(|| {
            format!(
                "no rule profile {rules:?}: looked for {}",
                candidates
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// Removes `dir/..` pairs from a relative path for display (`config/matches/../rules` →
/// `config/rules`).
fn normalise(p: &Path) -> PathBuf {
    let mut out: Vec<std::path::Component<'_>> = Vec::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir
                if matches!(out.last(), Some(std::path::Component::Normal(_))) =>
            {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out.iter().collect()
}

/// The match a journal ran under, and how it was found.
#[derive(Debug, Clone)]
pub struct JournalMatch {
    pub m: Match,
    /// Said when the journal does not carry the texts (written before journals did) and the
    /// files on disk were used instead.
    pub note: Option<String>,
}

/// The match a journal ran under: from the match file and profile texts its first
/// `session_started` record carries (never the files on disk, so editing `config/` afterwards
/// changes nothing). `override_path`, if given, must be that very match file (same SHA-256).
/// A journal written before records carried the texts falls back to the files on disk
/// (`override_path` or the recorded path), checked against the hashes the journal holds, and
/// says so in `note`.
pub fn match_for_journal_noted(
    records: &[Record],
    override_path: Option<&std::path::Path>,
) -> Result<JournalMatch, String> {
    let session = records
        .iter()
        .find_map(|r| match &r.event {
            Event::SessionStarted(s) => Some(s),
            _ => None,
        })
        .ok_or("the journal has no session_started record")?;
    if let Some(m) = session.carried_match()? {
        if let Some(p) = override_path {
            let text = read_text(p).map_err(|d| d.to_string())?;
            let hash = sha256_hex(text.as_bytes());
            if hash != session.match_sha256 {
                return Err(format!(
                    "{} is not the match file the journal ran under (SHA-256 {} expected, {} found)",
                    p.display(),
                    session.match_sha256,
                    hash
                ));
            }
        }
        return Ok(JournalMatch { m, note: None });
    }
    let path = override_path
        .map(std::path::Path::to_path_buf)
        .unwrap_or_else(|| session.match_path.clone().into());
    let m = load_match(&path, Some(&session.profile_id)).map_err(|d| d.to_string())?;
    if m.match_sha256 != session.match_sha256 {
        return Err(format!(
            "{} is not the match file the journal ran under (SHA-256 {} expected, {} found)",
            path.display(),
            session.match_sha256,
            m.match_sha256
        ));
    }
    if m.profile_sha256 != session.profile_sha256 {
        return Err(format!(
            "the rule profile {} has changed since the journal was written (SHA-256 {} expected, {} found)",
            m.profile_path.display(),
            session.profile_sha256,
            m.profile_sha256
        ));
    }
    let note = format!(
        "this journal was written before journals carried the match file and the rule profile: they were read from disk ({}, {}) and checked against the SHA-256 the journal holds",
        path.display(),
        m.profile_path.display()
    );
    Ok(JournalMatch {
        m,
        note: Some(note),
    })
}

/// [`match_for_journal_noted`] without the note.
pub fn match_for_journal(
    records: &[Record],
    override_path: Option<&std::path::Path>,
) -> Result<Match, String> {
    match_for_journal_noted(records, override_path).map(|j| j.m)
}

/// Reads a league key registry (`--keys FILE`).
pub fn load_registry(path: &Path) -> Result<arbiter_core::signature::KeyRegistry, Diagnostics> {
    let src = read_text(path)?;
    arbiter_core::signature::KeyRegistry::parse(path, &src)
}

/// Loads and runs a scenario file (`arbiter script`).
pub fn run_scenario_file(path: &Path) -> Result<arbiter_core::scenario::Outcome, Diagnostics> {
    let src = read_text(path)?;
    arbiter_core::scenario::run(path, &src, &load_match)
}
