//! Writing the report's files: the one place that turns a signed report into `report.json`,
//! `report.md`, `report.pdf` (and `games.pgn`) in a directory, each written atomically.

use std::path::{Path, PathBuf};

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::signature::SignedReport;
use arbiter_core::state::MatchState;

/// Writes the report's renderings (and, with `games`, the PGN of the games) into `dir`; the
/// paths written.
pub fn write(
    dir: &Path,
    env: &SignedReport,
    lang: Lang,
    games: Option<(&Match, &MatchState)>,
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let json = serde_json::to_vec_pretty(env).map_err(|e| e.to_string())?;
    let mut files: Vec<(&str, Vec<u8>)> = vec![
        ("report.json", json),
        (
            "report.md",
            arbiter_report::text::markdown(env, lang).into_bytes(),
        ),
        ("report.pdf", arbiter_report::pdf::render(env, lang)),
    ];
    if let Some((m, state)) = games {
        files.push((
            "games.pgn",
            arbiter_report::pgn::all_games(m, state).into_bytes(),
        ));
    }
    let mut written = Vec::new();
    for (name, bytes) in files {
        let path = dir.join(name);
        arbiter_io::atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// The default report directory of a journal: `NAME-report/` beside it.
pub fn default_dir(journal: &Path) -> PathBuf {
    let stem = journal
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("journal");
    journal.with_file_name(format!("{stem}-report"))
}
