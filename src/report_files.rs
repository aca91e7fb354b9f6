//! Writing the report's files: the one place that turns a report into `report.json`,
//! `report.md`, `report.pdf` (and `games.pgn`, `round.trf`, `ergebnismeldung.csv` and `.txt`)
//! in a directory, each written atomically, under the lock of `report.json` (the lock
//! `arbiter sign` takes too).
//!
//! No file is ever overwritten, and nothing is lost. A file that is not there is written new
//! (it appears complete or not at all); a file that holds exactly what would be written is left
//! as it is. The one file that is updated in place is a report of the very same version gaining
//! signatures (`report.json`, or a kept `report-vN.json`, with its `.md` and `.pdf`): everything
//! it held stays in it, as when `arbiter sign` adds a signature. When `report.json` holds
//! another version of the same match, it is set aside first, renamed with its renderings and
//! the exports made with it to `report-vN.*`, `games-vN.pgn`, `round-vN.trf`,
//! `ergebnismeldung-vN.*` (a signed one read-only; an unsigned draft as `…-draft-DIGEST.*`);
//! then the new version is written. Any other file in the way (a `report.json` that is not a
//! report of this match, a `games.pgn` that differs with the same report) is refused before
//! anything is written, naming the files.

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

/// The exports made with a version: (name stem, extension).
const EXPORTS: [(&str, &str); 4] = [
    ("games", "pgn"),
    ("round", "trf"),
    ("ergebnismeldung", "csv"),
    ("ergebnismeldung", "txt"),
];

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

/// Writes one version's files atomically: new files, or the same version's files updated with
/// more signatures (what `arbiter sign` does to the file it is given). A rendering that is
/// the same is left as it is.
pub fn write_version(
    json_path: &Path,
    env: &SignedReport,
    authority: &Authority,
    lang: Lang,
) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (path, bytes) in renderings(json_path, env, authority, lang)? {
        if std::fs::read(&path).is_ok_and(|b| b == bytes) {
            continue;
        }
        make_writable(&path);
        atomic::write(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// A read-only file (a kept version) must be writable again to be updated with more
/// signatures of the same version.
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
/// there is never replaced), as far as they hold for `to` as it is (its version is signed: a
/// signature made on another version number is not carried over, never voided). The number
/// added.
fn merge_signatures(to: &mut SignedReport, from: &SignedReport) -> usize {
    let mut n = 0;
    for s in &from.signatures {
        if to.digest == s.digest && to.signature(s.role).is_none() {
            let arbiter = to.signature(arbiter_core::signature::Role::Arbiter);
            let arbiter = arbiter.map(|a| a.signature.clone());
            if arbiter_report::sign::sound(s, arbiter.as_deref(), &to.digest, to.version).is_err() {
                continue;
            }
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

/// Keeps a signed version the journal knows as `report-vN.json` (or, when that name holds
/// another report, `report-vN-DIGEST.json`), read-only, with its renderings; adds the
/// journal's signatures to a file that holds the same version already.
fn keep_version(
    dir: &Path,
    env: &SignedReport,
    authority: &Authority,
    lang: Lang,
    notes: &mut Vec<String>,
    paths: &mut Vec<PathBuf>,
) -> Result<(), String> {
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
    let mut target = dir.join(format!("report-v{}.json", env.version));
    if target.exists() || target.with_extension("md").exists() {
        target = dir.join(format!(
            "report-v{}-{}.json",
            env.version,
            &env.digest[..12.min(env.digest.len())]
        ));
    }
    let mut kept = env.clone();
    kept.status = Status::Superseded;
    for (path, bytes) in renderings(&target, &kept, authority, lang)? {
        atomic::write_new(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
    }
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

/// Sets the files of another version aside (renamed, never replaced): `report.json`, its
/// renderings and the exports made with it get the version in their names. The suffix used.
fn set_aside(
    dir: &Path,
    old: &SignedReport,
    authority: &Authority,
    lang: Lang,
    notes: &mut Vec<String>,
) -> Result<String, String> {
    let digest = &old.digest[..12.min(old.digest.len())];
    let mut suffix = if old.signatures.is_empty() {
        format!("draft-{digest}")
    } else {
        format!("v{}", old.version)
    };
    let taken = |suffix: &str| {
        ["json", "md", "pdf"]
            .iter()
            .any(|e| dir.join(format!("report-{suffix}.{e}")).exists())
            || EXPORTS
                .iter()
                .any(|(n, e)| dir.join(format!("{n}-{suffix}.{e}")).exists())
    };
    if taken(&suffix) {
        suffix = format!("v{}-{digest}", old.version);
    }
    if taken(&suffix) {
        return Err(format!(
            "{}: an earlier version is to be set aside as report-{suffix}.json, and that name is taken: nothing is overwritten; move the files away or choose another directory",
            dir.display()
        ));
    }
    let mut moved = Vec::new();
    // A signed version is kept as it was signed, marked superseded (the status is not signed:
    // it is what `verify` works out), its renderings saying so; an unsigned draft is renamed.
    let report_files: &[&str] = if old.signatures.is_empty() {
        &["json", "md", "pdf"]
    } else {
        let json = dir.join(format!("report-{suffix}.json"));
        let mut kept = old.clone();
        kept.status = Status::Superseded;
        for (path, bytes) in renderings(&json, &kept, authority, lang)? {
            atomic::write_new(&path, &bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            let _ = atomic::set_read_only(&path);
            moved.push(path.file_name().map(|n| n.to_string_lossy().into_owned()));
        }
        for ext in ["json", "md", "pdf"] {
            let p = dir.join(format!("report.{ext}"));
            if p.exists() {
                std::fs::remove_file(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            }
        }
        &[]
    };
    let files = report_files
        .iter()
        .map(|e| ("report", *e))
        .chain(EXPORTS.iter().copied());
    for (stem, ext) in files {
        let from = dir.join(format!("{stem}.{ext}"));
        if !from.exists() {
            continue;
        }
        let to = dir.join(format!("{stem}-{suffix}.{ext}"));
        atomic::rename_new(&from, &to).map_err(|e| format!("{}: {e}", from.display()))?;
        if !old.signatures.is_empty() {
            let _ = atomic::set_read_only(&to);
        }
        moved.push(to.file_name().map(|n| n.to_string_lossy().into_owned()));
    }
    let names: Vec<String> = moved.into_iter().flatten().collect();
    notes.push(format!(
        "kept version {} ({}, digest {}) as {}{}",
        old.version,
        if old.signatures.is_empty() {
            "an unsigned draft".to_string()
        } else {
            format!("superseded, {} signature(s)", old.signatures.len())
        },
        old.digest,
        names.join(", "),
        if old.signatures.is_empty() {
            ""
        } else {
            ", read-only"
        }
    ));
    Ok(suffix)
}

/// The exports of the current version, with `games` (the match and the games' state): the PGN,
/// and for the rating office and the league's result service the round as a FIDE TRF and the
/// Ergebnismeldung (both need the match file: time control, ratings, the profile).
fn exports(
    current: &SignedReport,
    lang: Lang,
    games: Option<(&Match, &MatchState)>,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let Some((m, state)) = games else {
        return Ok(Vec::new());
    };
    let r = &current.report;
    Ok(vec![
        (
            "games.pgn".into(),
            arbiter_report::pgn::all_games(m, state, lang).into_bytes(),
        ),
        (
            "round.trf".into(),
            arbiter_report::result_service::trf(r, m).into_bytes(),
        ),
        (
            "ergebnismeldung.csv".into(),
            arbiter_report::result_service::meldung_csv(r, m, lang)?,
        ),
        (
            "ergebnismeldung.txt".into(),
            arbiter_report::result_service::meldung_text(r, m, lang).into_bytes(),
        ),
    ])
}

/// Files in the way: they exist and differ from what would be written there.
fn conflicts(dir: &Path, files: &[(String, Vec<u8>)]) -> Vec<String> {
    files
        .iter()
        .filter(|(name, bytes)| {
            let p = dir.join(name);
            p.exists() && std::fs::read(&p).map_or(true, |b| b != *bytes)
        })
        .map(|(name, _)| name.clone())
        .collect()
}

/// What becomes of `report.json` in the directory.
enum Existing {
    /// No report there.
    None,
    /// The same version: its signatures are kept and the journal's added.
    Same(SignedReport),
    /// Another version of the same match: set aside first.
    Other(SignedReport),
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
    let mut current = history.current().clone();
    let existing = match read_report(&report_json)? {
        None => Existing::None,
        Some(e) if e.report.match_sha256 != current.report.match_sha256 => {
            return Err(format!(
                "{} holds the report of another match (match file SHA-256 {}): it is not overwritten; choose another directory",
                report_json.display(),
                e.report.match_sha256
            ));
        }
        Some(e) if e.digest == current.digest => Existing::Same(e),
        Some(e) => Existing::Other(e),
    };
    if let Existing::Same(e) = &existing {
        // The same version: keep every signature it has, add the journal's.
        let mut merged = e.clone();
        // An unsigned draft takes the journal's number; a signed version keeps its own (it is
        // signed).
        if merged.signatures.is_empty() {
            merged.version = merged.version.max(current.version);
        }
        merge_signatures(&mut merged, &current);
        merged.supersedes = current.supersedes.clone();
        current = merged;
    }
    current.status = arbiter_report::sign::status_of(&current, authority);
    let exports = exports(&current, lang, games)?;
    // Nothing is written while a file is in the way.
    refuse_what_is_in_the_way(dir, &existing, &current, &exports, authority, lang)?;
    match &existing {
        Existing::Same(e) if !e.signatures.is_empty() => notes.push(format!(
            "{} holds this version already: its {} signature(s) are kept",
            report_json.display(),
            e.signatures.len()
        )),
        Existing::Other(old) => {
            set_aside_other(dir, history, old, &mut current, authority, lang, &mut notes)?;
        }
        _ => {}
    }
    // Superseded versions the journal knows, with their signatures (into a kept file of the
    // same version, if there is one).
    for v in history.superseded() {
        if !v.signatures.is_empty() {
            keep_version(dir, v, authority, lang, &mut notes, &mut paths)?;
        }
    }
    paths.extend(write_version(&report_json, &current, authority, lang)?);
    for (name, bytes) in &exports {
        let path = dir.join(name);
        if std::fs::read(&path).is_ok_and(|b| b == *bytes) {
            continue;
        }
        atomic::write_new(&path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        paths.push(path);
    }
    Ok(Written {
        paths,
        notes,
        current,
    })
}

/// The files of the directory that are in the way: they exist and differ from what would be
/// written there (the exports, and the renderings when no report is there to go with them).
fn refuse_what_is_in_the_way(
    dir: &Path,
    existing: &Existing,
    current: &SignedReport,
    exports: &[(String, Vec<u8>)],
    authority: &Authority,
    lang: Lang,
) -> Result<(), String> {
    let mut in_the_way = if matches!(existing, Existing::Other(_)) {
        Vec::new()
    } else {
        conflicts(dir, exports)
    };
    if matches!(existing, Existing::None) {
        let renderings: Vec<(String, Vec<u8>)> =
            renderings(&dir.join("report.json"), current, authority, lang)?
                .into_iter()
                .skip(1)
                .map(|(p, b)| {
                    (
                        p.file_name()
                            .unwrap_or_default()
                            .to_string_lossy()
                            .into_owned(),
                        b,
                    )
                })
                .collect();
        in_the_way.extend(conflicts(dir, &renderings));
    }
    if in_the_way.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{}: {} exist{} and differ{} from what this report gives: nothing is overwritten and nothing was written; choose another directory (or move them away)",
        dir.display(),
        in_the_way.join(", "),
        if in_the_way.len() == 1 { "s" } else { "" },
        if in_the_way.len() == 1 { "s" } else { "" },
    ))
}

/// `report.json` holds another version of the match: it is set aside (see [`set_aside`]); a
/// signed one makes the current version the next number, superseding it.
fn set_aside_other(
    dir: &Path,
    history: &History,
    old: &SignedReport,
    current: &mut SignedReport,
    authority: &Authority,
    lang: Lang,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    let mut old = old.clone();
    if let Some(k) = history.versions.iter().find(|v| v.digest == old.digest) {
        old.version = k.version;
    }
    set_aside(dir, &old, authority, lang, notes)?;
    if old.signatures.is_empty() {
        return Ok(());
    }
    let highest = version_files(dir)
        .iter()
        .map(|(n, _)| *n)
        .max()
        .unwrap_or(0)
        .max(old.version);
    // Only a version nobody has signed takes the next free number (a signature signs it).
    if current.version <= highest && current.signatures.is_empty() {
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
        dir.join("report.json").display(),
        old.version,
        old.signatures.len(),
        current.version
    ));
    Ok(())
}

/// The default report directory of a journal: `NAME-report/` beside it.
pub fn default_dir(journal: &Path) -> PathBuf {
    let stem = journal
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("journal");
    journal.with_file_name(format!("{stem}-report"))
}
