//! Reading the configuration from disk: match files, rule profiles (found by id or path), and
//! the match a journal ran under. Parsing and validation are [`arbiter_core::matchfile`] and
//! [`arbiter_core::profile`], from text.

use std::path::{Path, PathBuf};

use arbiter_core::diag::{Diagnostic, Diagnostics};
use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Match, MatchFile, field_error};
use arbiter_core::record::Event;

/// Reads a UTF-8 text file; the error names the file and the reason.
pub fn read_text(path: &Path) -> Result<String, Diagnostics> {
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostics(vec![Diagnostic {
            file: path.to_path_buf(),
            line: None,
            field: String::new(),
            message: format!("cannot read the file: {e}"),
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

/// Finds and loads the match a journal ran under: `override_path` or the path in its last
/// `session_started` record, checking that the match file and the profile are the very files
/// whose hashes the journal holds.
pub fn match_for_journal(
    records: &[Record],
    override_path: Option<&std::path::Path>,
) -> Result<Match, String> {
    let session = records
        .iter()
        .rev()
        .find_map(|r| match &r.event {
            Event::SessionStarted(s) => Some(s),
            _ => None,
        })
        .ok_or("the journal has no session_started record")?;
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
    Ok(m)
}

/// Loads and runs a scenario file (`arbiter script`).
pub fn run_scenario_file(path: &Path) -> Result<arbiter_core::scenario::Outcome, Diagnostics> {
    let src = read_text(path)?;
    arbiter_core::scenario::run(path, &src, &load_match)
}
