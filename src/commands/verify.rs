//! `arbiter verify`: a journal's hash chain; a report's digest and signatures, whose keys they
//! are (the match file the journal binds or one given, a league registry, keys enrolled at the
//! console: never the keys printed in the report), and with `--journal` that it is exactly what
//! the journal yields and that nothing after its head changes it; a bundle's chain.
//!
//! Exit status 0 only when everything checked holds (VALID, or an intact chain or bundle); 1
//! when something failed, each failure named; 2 for bad input: not a regular file (a FIFO, a
//! directory, a device: refused before a byte is read), not a journal, report or bundle.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::report::{FORMAT, compare_with_journal, tail_after};
use arbiter_core::signature::{Authority, History, KeyStatus, Role, SigStatus, SignedReport};

use crate::exit::{EXIT_FAILED, EXIT_INPUT};
use crate::out::out;

/// What a file given to `verify` is.
enum Kind {
    Journal,
    Report,
    Bundle,
}

/// Tells a journal, a report and a bundle apart; anything else is bad input (exit 2).
fn classify(bytes: &[u8]) -> Result<Kind, String> {
    let text = bytes.trim_ascii_start();
    if text.is_empty() {
        return Err("the file is empty: not a journal, report or bundle".into());
    }
    if text.starts_with(b"{\"bundle\"") {
        return Ok(Kind::Bundle);
    }
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(bytes) {
        if v.get("report").is_some() {
            return Ok(Kind::Report);
        }
        if v.get("seq").is_some() && v.get("hash").is_some() {
            return Ok(Kind::Journal);
        }
        return Err(format!(
            "JSON, but not a journal, report or bundle (it is {})",
            match v {
                serde_json::Value::Null => "null".to_string(),
                serde_json::Value::Object(_) => "an object without \"report\" or \"seq\"".into(),
                other => format!("a {}", json_kind(&other)),
            }
        ));
    }
    // JSON Lines: the first line must be a journal record's shape.
    let first = text.split(|b| *b == b'\n').next().unwrap_or_default();
    let looks_like_record = serde_json::from_slice::<serde_json::Value>(first)
        .is_ok_and(|v| v.get("seq").is_some() && v.get("hash").is_some());
    if looks_like_record {
        if !bytes.contains(&b'\n') {
            return Err("one incomplete line: not a complete journal record".into());
        }
        return Ok(Kind::Journal);
    }
    if text.starts_with(b"{\"report\"") || text.starts_with(b"{\n  \"report\"") {
        return Err("a report that is cut off or damaged (not valid JSON)".into());
    }
    Err("not a journal, report or bundle".into())
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Bool(_) => "boolean",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "list",
        _ => "value",
    }
}

fn bad_input(path: &Path, msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("arbiter verify: {}: {msg}", path.display());
    ExitCode::from(EXIT_INPUT)
}

pub fn run(
    path: &Path,
    journal_path: Option<&Path>,
    match_path: Option<&Path>,
    keys: &[PathBuf],
) -> ExitCode {
    let bytes = match arbiter_io::input::read_regular(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter verify: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let kind = match classify(&bytes) {
        Ok(k) => k,
        Err(e) => return bad_input(path, e),
    };
    match kind {
        Kind::Report => verify_report(path, &bytes, journal_path, match_path, keys),
        Kind::Bundle => verify_bundle(path, &bytes, journal_path),
        Kind::Journal => {
            if journal_path.is_some() {
                return bad_input(path, "--journal goes with a report, and this is a journal");
            }
            verify_journal(path, &bytes)
        }
    }
}

fn verify_journal(path: &Path, bytes: &[u8]) -> ExitCode {
    let v = arbiter_core::journal::verify_bytes(bytes);
    match &v.problem {
        None => {
            out(format_args!(
                "{}: chain intact: {} records, head {}",
                path.display(),
                v.valid,
                hex::encode(v.head)
            ));
            if v.torn_tail > 0 {
                out(format_args!(
                    "note: the last line is incomplete ({} bytes, a write cut off by a crash); \
                     every record before it is intact. Opening the journal cuts it.",
                    v.torn_tail
                ));
            }
            ExitCode::SUCCESS
        }
        Some(problem) => {
            out(format_args!("{}: TAMPERED: {problem}", path.display()));
            out(format_args!("{} records before it verify.", v.valid));
            ExitCode::from(EXIT_FAILED)
        }
    }
}

fn verify_bundle(path: &Path, bytes: &[u8], journal_path: Option<&Path>) -> ExitCode {
    let journal = match journal_path
        .map(arbiter_io::input::read_regular)
        .transpose()
    {
        Ok(j) => j,
        Err(e) => {
            eprintln!("arbiter verify: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    match arbiter_core::replay::verify_bundle(bytes, journal.as_deref()) {
        Ok(h) => {
            out(format_args!(
                "{}: bundle intact: records {} to {}{}",
                path.display(),
                h.from_seq,
                h.to_seq,
                if journal.is_some() {
                    ", identical to the journal's"
                } else {
                    ""
                }
            ));
            ExitCode::SUCCESS
        }
        Err(e) => {
            out(format_args!("{}: FAILED: {e}", path.display()));
            ExitCode::from(EXIT_FAILED)
        }
    }
}

fn short(hex: &str) -> &str {
    &hex[..16.min(hex.len())]
}

fn verify_report(
    path: &Path,
    bytes: &[u8],
    journal_path: Option<&Path>,
    match_path: Option<&Path>,
    keys: &[PathBuf],
) -> ExitCode {
    let env: SignedReport = match serde_json::from_slice(bytes) {
        Ok(e) => e,
        Err(e) => {
            let format = serde_json::from_slice::<serde_json::Value>(bytes)
                .ok()
                .and_then(|v| {
                    v.pointer("/report/format")
                        .and_then(|f| f.as_str())
                        .map(str::to_string)
                });
            return match format {
                Some(f) if f != FORMAT => bad_input(
                    path,
                    format!(
                        "a report of format {f}; this version reads {FORMAT} (make the report again from its journal)"
                    ),
                ),
                _ => bad_input(path, format!("not a report this version can read: {e}")),
            };
        }
    };
    let mut failures: Vec<String> = Vec::new();
    let mut not_checked: Vec<&str> = Vec::new();
    let mut authority = Authority::default();
    // The documented schema (docs/report.schema.json): members, types, units.
    match serde_json::from_slice::<serde_json::Value>(bytes)
        .map_err(|e| vec![e.to_string()])
        .and_then(|v| arbiter_report::schema::check(&v, 10))
    {
        Ok(()) => out(format_args!(
            "schema: ok (docs/report.schema.json, {FORMAT})"
        )),
        Err(errors) => {
            for e in &errors {
                out(format_args!("schema: FAILED: {e}"));
            }
            failures.push(format!(
                "the report does not follow docs/report.schema.json ({})",
                errors.join("; ")
            ));
        }
    }
    let mut journal: Option<(
        Vec<arbiter_core::journal::Record>,
        arbiter_core::matchfile::Match,
    )> = None;
    // Whose keys count: the match file the journal binds, or the one given.
    if let Some(jp) = journal_path {
        match arbiter_io::journal_file::read(jp) {
            Err(arbiter_io::journal_file::JournalError::Input(e)) => {
                eprintln!("arbiter verify: {e}");
                return ExitCode::from(EXIT_INPUT);
            }
            Err(e) => failures.push(format!("the journal: {e}")),
            Ok((records, jv)) => {
                out(format_args!("journal: chain intact ({} records)", jv.valid));
                match arbiter_io::config::match_for_journal_noted(&records, match_path) {
                    Err(e) => failures.push(format!("the journal's match: {e}")),
                    Ok(jm) => {
                        if let Some(note) = &jm.note {
                            out(format_args!("note: {note}"));
                        }
                        authority = Authority::from_match(&jm.m);
                        authority.add_enrolled(&jm.m, &records);
                        out(format_args!(
                            "keys: the match file the journal binds (SHA-256 {}){}",
                            jm.m.match_sha256,
                            if match_path.is_some() {
                                ", the same as the one given"
                            } else {
                                ""
                            }
                        ));
                        journal = Some((records, jm.m));
                    }
                }
            }
        }
    } else if let Some(mp) = match_path {
        match arbiter_io::config::load_match(mp, None) {
            Err(d) => {
                eprintln!("{d}");
                return ExitCode::from(EXIT_INPUT);
            }
            Ok(m) => {
                if m.match_sha256 != env.report.match_sha256 {
                    failures.push(format!(
                        "the match file: {} (SHA-256 {}) is not the one the report was made from ({})",
                        mp.display(),
                        m.match_sha256,
                        env.report.match_sha256
                    ));
                } else {
                    authority = Authority::from_match(&m);
                    out(format_args!(
                        "keys: the match file {} (SHA-256 {})",
                        mp.display(),
                        m.match_sha256
                    ));
                }
            }
        }
        not_checked.push("that the report is exactly what its journal yields (give --journal)");
    } else {
        not_checked.push(
            "whose keys signed, and that the report is what its journal yields (give --journal, or --match and --keys)",
        );
    }
    for k in keys {
        match arbiter_io::config::load_registry(k) {
            Err(d) => {
                eprintln!("{d}");
                return ExitCode::from(EXIT_INPUT);
            }
            Ok(reg) => {
                authority.add_registry(&reg, &k.display().to_string());
                out(format_args!(
                    "keys: the registry {} ({} keys)",
                    k.display(),
                    reg.key.len()
                ));
            }
        }
    }

    let v = arbiter_report::sign::check(&env, &authority);
    if v.digest_ok {
        out(format_args!(
            "report: version {}, digest ok ({})",
            env.version, env.digest
        ));
    } else {
        out(format_args!(
            "digest: FAILED: the report was changed: its content hashes to {}, not {}",
            v.computed_digest, env.digest
        ));
    }
    // A report whose head is followed by records that change the report is superseded: by the
    // journal's current version (its number counted from the versions signed at the console).
    let mut superseded_as = None;
    if let Some((records, m)) = &journal {
        let tail = tail_after(records, env.report.journal.head_seq);
        if tail.changing > 0 {
            let h = History::from_journal(m, records);
            let old = h
                .versions
                .iter()
                .find(|x| x.digest == env.digest)
                .map(|x| x.version)
                .unwrap_or(env.version);
            superseded_as = Some((old, h.current().version.max(old + 1)));
        }
    }
    for role in Role::ALL {
        let Some((_, name, status)) = v.signatures.iter().find(|(r, _, _)| *r == role) else {
            out(format_args!(
                "signature of the {role} ({}): FAILED: missing",
                role.person(&env.report)
            ));
            continue;
        };
        let sig = env.signature(role);
        let when = sig
            .and_then(|s| s.time.clone())
            .map(|t| format!(", {t}"))
            .unwrap_or_default();
        let remark = sig
            .and_then(|s| s.remark.clone())
            .map(|r| format!(", remark: {r:?}"))
            .unwrap_or_default();
        let belongs = superseded_as
            .map(|(old, new)| format!(" (belongs to version {old}, superseded by version {new})"))
            .unwrap_or_default();
        match status {
            SigStatus::Valid {
                key: KeyStatus::Authorised { source },
            } => out(format_args!(
                "signature of the {role} ({name}{when}{remark}): valid, key {source}{belongs}"
            )),
            SigStatus::Valid {
                key: KeyStatus::Unregistered,
            } => {
                let key = sig
                    .map(|s| short(&s.public_key).to_string())
                    .unwrap_or_default();
                if v.authority_known {
                    out(format_args!(
                        "signature of the {role} ({name}{when}{remark}): FAILED: the key {key}… is neither registered nor enrolled for the {role}"
                    ))
                } else {
                    out(format_args!(
                        "signature of the {role} ({name}{when}{remark}): sound, but whose key {key}… is was not checked"
                    ))
                }
            }
            SigStatus::Valid {
                key: KeyStatus::Mismatch { expected },
            } => {
                let key = sig
                    .map(|s| short(&s.public_key).to_string())
                    .unwrap_or_default();
                out(format_args!(
                    "signature of the {role} ({name}{when}{remark}): FAILED: the key {key}… is not the key registered{} for the {role} ({expected})",
                    if role == Role::Arbiter {
                        ""
                    } else {
                        " or enrolled"
                    }
                ))
            }
            SigStatus::Void { why } => out(format_args!(
                "signature of the {role} ({name}{when}{remark}): FAILED: void: {}",
                arbiter_core::i18n::english(why)
            )),
        }
    }
    // Signatures beyond one per role.
    for (role, name, status) in v.signatures.iter().skip(3) {
        if let SigStatus::Void { why } = status {
            out(format_args!(
                "signature of the {role} ({name}): FAILED: void: {}",
                arbiter_core::i18n::english(why)
            ));
        }
    }
    failures.splice(0..0, v.failures());
    if let Some((records, m)) = &journal {
        match compare_with_journal(&env.report, m, records) {
            Ok(()) => out(format_args!(
                "journal: the report is exactly what the journal yields up to record {}",
                env.report.journal.head_seq
            )),
            Err(e) => {
                out(format_args!("journal: FAILED: {e}"));
                failures.push(format!("the journal: {e}"));
            }
        }
        let tail = tail_after(records, env.report.journal.head_seq);
        if tail.changing > 0 {
            let kinds: Vec<String> = tail
                .changing_kinds
                .iter()
                .map(|(k, n)| format!("{n} {k}"))
                .collect();
            let first = tail
                .first
                .as_ref()
                .map(|(seq, kind, wall)| {
                    let at = chrono::DateTime::from_timestamp_millis(*wall)
                        .map(|t| t.to_rfc3339())
                        .unwrap_or_default();
                    format!("record {seq} ({kind}, {at})")
                })
                .unwrap_or_default();
            let msg = format!(
                "unsigned tail: {} record(s) after the signed head (record {}) change the report ({}); the first is {first}",
                tail.changing,
                env.report.journal.head_seq,
                kinds.join(", ")
            );
            out(format_args!("journal: FAILED: {msg}"));
            failures.push(msg);
            if let Some((old, new)) = superseded_as {
                out(format_args!(
                    "journal: this report is version {old}: SUPERSEDED by version {new}, and its signatures belong to version {old} only"
                ));
            }
        }
        if tail.unchanging > 0 {
            out(format_args!(
                "journal: {} record(s) after the head do not change the report (signatures, clock reports, feed states, feed data after a board's result)",
                tail.unchanging
            ));
        }
    }
    for n in &not_checked {
        out(format_args!("not checked: {n}"));
    }
    if failures.is_empty() {
        out(format_args!(
            "{}: VALID: version {}, final: signed by the arbiter and both captains with the keys registered or enrolled for them",
            path.display(),
            env.version
        ));
        ExitCode::SUCCESS
    } else {
        out(format_args!("FAILED: {}", failures.join("; ")));
        out(format_args!("{}: INVALID", path.display()));
        ExitCode::from(EXIT_FAILED)
    }
}
