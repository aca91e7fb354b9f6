//! Writing the report's files: the one place that turns a report into `report.json`,
//! `report.md`, `report.pdf` (and `games.pgn`, `round.trf`, `ergebnismeldung.csv` and `.txt`) in a directory, each written atomically, under
//! the lock of `report.json` (the lock `arbiter sign` takes too).
//!
//! Nothing signed is ever lost here. The current version is `report.json`; when `report.json`
//! already holds the same version, its signatures are kept and the journal's added; when it holds
//! another version that carries signatures, it is kept, read-only, as `report-vN.json` (with its
//! `.md` and `.pdf`) and the new version is written beside it; only an unsigned draft is
//! replaced. Superseded versions from the journal are written as `report-vN.json`, read-only.

use std::path::{Path, PathBuf};

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::signature::{Authority, History, SignedReport, Status, VersionRef};
use arbiter_core::state::MatchState;
use arbiter_io::atomic::{self, FileLock};

/// What was written, and what was kept.
#[derive(Debug)]
pub struct Written {
    pub paths: Vec<PathBuf>,
    /// What happened to files that were there before, in words.
    pub notes: Vec<String>,
    /// The current version as written to `report.json`.
    pub current: SignedReport,
}

/// The renderings of one version: `NAME.json`, `NAME.md`, `NAME.pdf`.
fn renderings(
    json_path: &Path,
    env: &SignedReport,
    authority: &Authority,
    lang: Lang,
) -> Result<Vec<(PathBuf, Vec<u8>)>, String> {
    let json = serde_json::to_vec_pretty(env).map_err(|e| e.to_string())?;
    Ok(vec![
        (json_path.to_path_buf(), json),
        (
            json_path.with_extension("md"),
            arbiter_report::text::markdown(env, lang, authority).into_bytes(),
        ),
        (
            json_path.with_extension("pdf"),
            arbiter_report::pdf::render(env, lang, authority),
        ),
    ])
}

/// Writes one version's files atomically, replacing the same files of the same version.
pub fn write_version(
    json_path: &Path,
    env: &SignedReport,
    authority: &Authority,
    lang: Lang,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (path, bytes) in renderings(json_path, env, authority, lang)? {
        make_writable(&path);
        atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// A read-only file (a kept version) must be writable again to be replaced by the same
/// version with more signatures.
fn make_writable(path: &Path) {
    if let Ok(meta) = std::fs::metadata(path)
        && meta.permissions().readonly()
    {
        let mut p = meta.permissions();
        #[allow(clippy::permissions_set_readonly_false)]
        p.set_readonly(false);
        let _ = std::fs::set_permissions(path, p);
    }
}

fn read_report(path: &Path) -> Result<Option<SignedReport>, String> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
        Ok(_) => {}
    }
    let bytes = arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?;
    serde_json::from_slice(&bytes).map(Some).map_err(|e| {
        format!(
            "{} exists and is not a report this version reads ({e}): it is not overwritten; move it away or choose another directory",
            path.display()
        )
    })
}

/// Adds the signatures of `from` that `to` does not have for the same role (a signature that is
/// there is never replaced). The number added.
fn merge_signatures(to: &mut SignedReport, from: &SignedReport) -> usize {
    let mut n = 0;
    for s in &from.signatures {
        if to.digest == s.digest && to.signature(s.role).is_none() {
            to.signatures.push(s.clone());
            n += 1;
        }
    }
    // The arbiter first, as signed.
    to.signatures
        .sort_by_key(|s| s.role != arbiter_core::signature::Role::Arbiter);
    n
}

/// The version number in a `report-vN….json` name.
fn version_files(dir: &Path) -> Vec<(u32, PathBuf)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(rest) = name.strip_prefix("report-v")
                && let Some(rest) = rest.strip_suffix(".json")
            {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(n) = digits.parse() {
                    out.push((n, e.path()));
                }
            }
        }
    }
    out.sort();
    out
}

/// Keeps a signed version: `report-vN.json` (or, when that name holds another report,
/// `report-vN-DIGEST.json`), read-only, with its renderings; merges into a file that holds
/// the same version already.
fn keep_version(
    dir: &Path,
    env: &SignedReport,
    authority: &Authority,
    lang: Lang,
    notes: &mut Vec<String>,
    paths: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let mut target = dir.join(format!("report-v{}.json", env.version));
    for (_, p) in version_files(dir) {
        if let Some(on_disk) = read_report(&p)?
            && on_disk.digest == env.digest
        {
            let mut merged = on_disk;
            if merge_signatures(&mut merged, env) == 0 {
                return Ok(());
            }
            merged.status = Status::Superseded;
            paths.extend(write_version(&p, &merged, authority, lang)?);
            set_read_only(&p);
            notes.push(format!(
                "added the journal's signatures to {} (version {}, superseded)",
                p.display(),
                merged.version
            ));
            return Ok(());
        }
    }
    if read_report(&target)?.is_some() {
        target = dir.join(format!(
            "report-v{}-{}.json",
            env.version,
            &env.digest[..12.min(env.digest.len())]
        ));
    }
    let mut kept = env.clone();
    kept.status = Status::Superseded;
    paths.extend(write_version(&target, &kept, authority, lang)?);
    set_read_only(&target);
    notes.push(format!(
        "kept version {} (superseded, digest {}) as {}, read-only",
        kept.version,
        kept.digest,
        target.display()
    ));
    Ok(())
}

fn set_read_only(json: &Path) {
    for p in [
        json.to_path_buf(),
        json.with_extension("md"),
        json.with_extension("pdf"),
    ] {
        let _ = atomic::set_read_only(&p);
    }
}

/// Writes the report's versions into `dir` (see the module's description); with `games` (the
/// match and the games' state), the PGN of the games, the TRF and the Ergebnismeldung too.
pub fn write_history(
    dir: &Path,
    history: &History,
    authority: &Authority,
    lang: Lang,
    games: Option<(&Match, &MatchState)>,
) -> Result<Written, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let report_json = dir.join("report.json");
    let _lock = FileLock::acquire(&report_json)
        .map_err(|e| format!("{}: cannot lock: {e}", report_json.display()))?;
    let mut notes = Vec::new();
    let mut paths = Vec::new();
    // Superseded versions the journal knows, with their signatures.
    for v in history.superseded() {
        if !v.signatures.is_empty() {
            keep_version(dir, v, authority, lang, &mut notes, &mut paths)?;
        }
    }
    let mut current = history.current().clone();
    if let Some(existing) = read_report(&report_json)? {
        if existing.digest == current.digest {
            // The same version: keep every signature it has, add the journal's.
            let mut merged = existing.clone();
            merge_signatures(&mut merged, &current);
            merged.version = merged.version.max(current.version);
            merged.supersedes = current.supersedes.clone();
            current = merged;
            if !existing.signatures.is_empty() {
                notes.push(format!(
                    "{} holds this version already: its {} signature(s) are kept",
                    report_json.display(),
                    existing.signatures.len()
                ));
            }
        } else if !existing.signatures.is_empty() {
            // Another version, signed: keep it beside the new one.
            let mut old = existing.clone();
            let known = history.versions.iter().find(|v| v.digest == old.digest);
            if let Some(k) = known {
                old.version = k.version;
            }
            keep_version(dir, &old, authority, lang, &mut notes, &mut paths)?;
            let highest = version_files(dir)
                .iter()
                .map(|(n, _)| *n)
                .max()
                .unwrap_or(0)
                .max(old.version);
            if current.version <= highest {
                current.version = highest + 1;
            }
            if !current.supersedes.iter().any(|r| r.digest == old.digest) {
                current.supersedes.push(VersionRef {
                    version: old.version,
                    digest: old.digest.clone(),
                    head_seq: old.report.journal.head_seq,
                });
            }
            notes.push(format!(
                "{} held version {} with {} signature(s): kept as said above; version {} is a new draft",
                report_json.display(),
                old.version,
                old.signatures.len(),
                current.version
            ));
        } else {
            notes.push(format!(
                "replaced the unsigned draft in {} (digest {}); nothing signed was there",
                report_json.display(),
                existing.digest
            ));
        }
    }
    current.status = arbiter_report::sign::status_of(&current, authority);
    paths.extend(write_version(&report_json, &current, authority, lang)?);
    if let Some((m, state)) = games {
        let path = dir.join("games.pgn");
        atomic::write(
            &path,
            arbiter_report::pgn::all_games(m, state, lang).as_bytes(),
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
        // For the rating office and the league's result service: the round as a FIDE TRF,
        // the Ergebnismeldung (both need the match file: time control, ratings, the profile).
        let r = &current.report;
        for (name, bytes) in [
            (
                "round.trf",
                arbiter_report::result_service::trf(r, m).into_bytes(),
            ),
            (
                "ergebnismeldung.csv",
                arbiter_report::result_service::meldung_csv(r, m, lang)?,
            ),
            (
                "ergebnismeldung.txt",
                arbiter_report::result_service::meldung_text(r, m, lang).into_bytes(),
            ),
        ] {
            let path = dir.join(name);
            atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            paths.push(path);
        }
    }
    Ok(Written {
        paths,
        notes,
        current,
    })
}

/// The default report directory of a journal: `NAME-report/` beside it.
pub fn default_dir(journal: &Path) -> PathBuf {
    let stem = journal
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("journal");
    journal.with_file_name(format!("{stem}-report"))
}
