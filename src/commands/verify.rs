//! `arbiter verify`: reads the files and prints the verdict `arbiter_report::verdict`
//! assembles: a report's (the anchor, every signature and whose key made it, the receipts and
//! proofs that tie enrolled countersignatures to the captains, the version, and with
//! `--journal` that it is exactly what the journal yields and what follows its head); a
//! bundle's (its chain, and the signed report it is tied to); a journal's chain and the match
//! file and profile it carries.
//!
//! Exit status 0 only when everything holds under an anchor given from outside (the league's
//! registry, the genuine match file): VALID, a VERIFIED bundle, an intact journal; 3 for a
//! report that is valid as signed but superseded by a later version the arbiter reopened it
//! for; 1 when something failed (each failure named) or nothing anchors the verdict (NOT
//! ANCHORED); 2 for bad input: not a regular file (a FIFO, a directory, a device: refused
//! before a byte is read), not a journal, report or bundle, a registry or key list that does
//! not parse.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::report::FORMAT;
use arbiter_core::signature::{Role, SignedReport};
use arbiter_report::verdict::{Anchors, Evidence, JournalView, Outcome, ReportVerdict};

use crate::exit::{EXIT_FAILED, EXIT_INPUT, EXIT_SUPERSEDED};
use crate::out::out;

/// What `arbiter verify` is given besides the file.
#[derive(Debug, Clone, Default)]
pub struct VerifyArgs {
    pub journal: Option<PathBuf>,
    pub match_file: Option<PathBuf>,
    pub registries: Vec<PathBuf>,
    pub keys: Vec<PathBuf>,
    /// `ROLE=CODE`.
    pub receipts: Vec<String>,
    /// `ROLE`: the passphrase is asked for.
    pub prove: Vec<String>,
    /// `ROLE=VAR`: the passphrase is in the environment variable VAR.
    pub prove_env: Vec<String>,
    pub allow_demo_keys: bool,
}

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

pub fn run(path: &Path, a: &VerifyArgs) -> ExitCode {
    // A journal is read in blocks, never whole (a match of many boards writes gigabytes): its
    // first line tells it apart. Anything else is read whole and told apart as before.
    match journal_by_first_line(path) {
        Err(e) => {
            eprintln!("arbiter verify: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
        Ok(true) => {
            if a.journal.is_some() {
                return bad_input(path, "--journal goes with a report, and this is a journal");
            }
            return verify_journal_streamed(path, a.match_file.as_deref());
        }
        Ok(false) => {}
    }
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
    if let Kind::Journal = kind {
        if a.journal.is_some() {
            return bad_input(path, "--journal goes with a report, and this is a journal");
        }
        return verify_journal(path, &bytes, a.match_file.as_deref());
    }
    let (anchors, evidence) = match anchors_and_evidence(a, &bytes, &kind) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("arbiter verify: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let verdict = match kind {
        Kind::Report => match report_verdict(path, &bytes, a, &anchors, &evidence) {
            Ok(v) => v,
            Err(code) => return code,
        },
        Kind::Bundle => {
            let journal = match a
                .journal
                .as_deref()
                .map(arbiter_io::input::read_regular)
                .transpose()
            {
                Ok(j) => j,
                Err(e) => {
                    eprintln!("arbiter verify: {e}");
                    return ExitCode::from(EXIT_INPUT);
                }
            };
            arbiter_report::verdict::verify_bundle(&bytes, journal.as_deref(), &anchors, &evidence)
        }
        Kind::Journal => unreachable!("handled above"),
    };
    print_verdict(path, &verdict)
}

/// Prints a verdict and gives the exit status.
fn print_verdict(path: &Path, v: &ReportVerdict) -> ExitCode {
    for l in &v.lines {
        out(format_args!("{l}"));
    }
    if !v.failures.is_empty() {
        out(format_args!("FAILED: {}", v.failures.join("; ")));
    }
    out(format_args!("{}: {}", path.display(), v.summary));
    match v.outcome {
        Outcome::Valid => ExitCode::SUCCESS,
        Outcome::ValidAsSigned { .. } => ExitCode::from(EXIT_SUPERSEDED),
        Outcome::NotAnchored | Outcome::Invalid => ExitCode::from(EXIT_FAILED),
    }
}

/// A role as `--receipt`, `--prove` name it: `home`, `away` (or `home-captain`, …).
fn parse_role(s: &str) -> Result<Role, String> {
    match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
        "home" | "home-captain" => Ok(Role::HomeCaptain),
        "away" | "away-captain" => Ok(Role::AwayCaptain),
        "arbiter" => Ok(Role::Arbiter),
        other => Err(format!("{other:?} is not a signer (home, away or arbiter)")),
    }
}

fn split_pair<'a>(flag: &str, s: &'a str) -> Result<(Role, &'a str), String> {
    let (role, value) = s.split_once('=').ok_or_else(|| {
        format!("{flag} {s:?}: expected ROLE=VALUE (e.g. home=7KQM-2XPA-9DRT-W4HE)")
    })?;
    Ok((parse_role(role).map_err(|e| format!("{flag}: {e}"))?, value))
}

/// The anchors (`--match`, `--registry`), the restrictions (`--keys`) and the captains'
/// evidence (`--receipt`, `--prove`, `--prove-env`): read and checked before anything is
/// judged; a file that does not parse is bad input.
fn anchors_and_evidence(
    a: &VerifyArgs,
    bytes: &[u8],
    kind: &Kind,
) -> Result<(Anchors, Evidence), String> {
    let mut anchors = Anchors {
        allow_demo: a.allow_demo_keys,
        ..Anchors::default()
    };
    if let Some(mp) = &a.match_file {
        let m = arbiter_io::config::load_match(mp, None).map_err(|d| d.to_string())?;
        if let Some((field, p)) = crate::commands::check::key_problems(&m).into_iter().next() {
            return Err(format!("{}: {field}: {p}", mp.display()));
        }
        anchors.match_file = Some((mp.display().to_string(), m));
    }
    for r in &a.registries {
        let text = arbiter_io::config::read_text(r).map_err(|d| d.to_string())?;
        let reg = arbiter_report::verdict::parse_registry(r, &text).map_err(|d| d.to_string())?;
        anchors.registries.push((r.display().to_string(), reg));
    }
    for k in &a.keys {
        let text = arbiter_io::config::read_text(k).map_err(|d| d.to_string())?;
        let list = arbiter_report::verdict::parse_key_list(k, &text).map_err(|d| d.to_string())?;
        anchors.pins.push((k.display().to_string(), list));
    }
    let mut evidence = Evidence::default();
    for r in &a.receipts {
        let (role, code) = split_pair("--receipt", r)?;
        evidence.receipts.push((role, code.to_string()));
    }
    let mut proofs: Vec<(Role, zeroize::Zeroizing<String>)> = Vec::new();
    for p in &a.prove {
        let role = parse_role(p).map_err(|e| format!("--prove: {e}"))?;
        let pw = rpassword::prompt_password(format!("Passphrase of the {role}: "))
            .map_err(|e| format!("cannot read the passphrase: {e}"))?;
        proofs.push((role, zeroize::Zeroizing::new(pw)));
    }
    for p in &a.prove_env {
        let (role, var) = split_pair("--prove-env", p)?;
        let pw = std::env::var(var)
            .map_err(|_| format!("--prove-env: the environment variable {var} is not set"))?;
        proofs.push((role, zeroize::Zeroizing::new(pw)));
    }
    if !proofs.is_empty() {
        let names = signer_names(bytes, kind);
        for (role, pw) in proofs {
            let name = names
                .iter()
                .find(|(r, _)| *r == role)
                .map(|(_, n)| n.clone())
                .unwrap_or_default();
            let key = arbiter_report::sign::derive_key(role, &name, pw.as_bytes())
                .map_err(|e| e.to_string())?;
            evidence
                .proofs
                .push((role, arbiter_report::sign::public_hex(&key)));
        }
    }
    Ok((anchors, evidence))
}

/// The signers' names a report (or a bundle's signatures) gives: a passphrase key is salted
/// with them.
fn signer_names(bytes: &[u8], kind: &Kind) -> Vec<(Role, String)> {
    match kind {
        Kind::Report => serde_json::from_slice::<SignedReport>(bytes)
            .map(|env| {
                Role::ALL
                    .into_iter()
                    .map(|r| (r, r.person(&env.report).to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        _ => arbiter_core::replay::bundle_records(bytes)
            .ok()
            .and_then(|(h, _)| h.signed)
            .map(|s| s.signatures.into_iter().map(|s| (s.role, s.name)).collect())
            .unwrap_or_default(),
    }
}

/// Reads the report (an earlier format is bad input, with what to do) and the journal, and
/// has the verdict assembled.
fn report_verdict(
    path: &Path,
    bytes: &[u8],
    a: &VerifyArgs,
    anchors: &Anchors,
    evidence: &Evidence,
) -> Result<ReportVerdict, ExitCode> {
    let env: SignedReport = serde_json::from_slice(bytes).map_err(|e| {
        let format = serde_json::from_slice::<serde_json::Value>(bytes)
            .ok()
            .and_then(|v| {
                v.pointer("/report/format")
                    .and_then(|f| f.as_str())
                    .map(str::to_string)
            });
        match format {
            Some(f) if f != FORMAT => bad_input(
                path,
                format!(
                    "a report of format {f}; this version reads {FORMAT} (make the report again from its journal)"
                ),
            ),
            _ => bad_input(path, format!("not a report this version can read: {e}")),
        }
    })?;
    let json = serde_json::from_slice::<serde_json::Value>(bytes).ok();
    let Some(jp) = &a.journal else {
        return Ok(arbiter_report::verdict::verify_report(
            &env,
            json.as_ref(),
            None,
            anchors,
            evidence,
        ));
    };
    let records = match arbiter_io::journal_file::read(jp) {
        Err(arbiter_io::journal_file::JournalError::Input(e)) => {
            eprintln!("arbiter verify: {e}");
            return Err(ExitCode::from(EXIT_INPUT));
        }
        Err(e) => return Ok(failed(format!("the journal: {e}"))),
        Ok((records, jv)) => {
            out(format_args!("journal: chain intact ({} records)", jv.valid));
            records
        }
    };
    // The match the journal carries (never the files on disk, unless the journal predates
    // carrying it); `--match` is the anchor, compared with it by the verdict.
    let jm = match arbiter_io::config::match_for_journal_noted(&records, None) {
        Ok(jm) => jm,
        Err(e) => return Ok(failed(format!("the journal's match: {e}"))),
    };
    if let Some(note) = &jm.note {
        out(format_args!("note: {note}"));
    }
    let j = JournalView {
        records: &records,
        m: &jm.m,
    };
    Ok(arbiter_report::verdict::verify_report(
        &env,
        json.as_ref(),
        Some(j),
        anchors,
        evidence,
    ))
}

fn failed(why: String) -> ReportVerdict {
    ReportVerdict {
        lines: Vec::new(),
        failures: vec![why],
        outcome: Outcome::Invalid,
        summary: "INVALID".into(),
    }
}

/// Whether the file is a journal of more than one line, told by its first line alone (what
/// [`classify`] says of it): a record's shape (`seq`, `hash`, no `report`) and more after it.
/// `false` for anything else, which is then read whole and classified as before.
fn journal_by_first_line(path: &Path) -> Result<bool, arbiter_io::input::InputError> {
    use std::io::Read as _;
    let file = arbiter_io::input::open_regular(path)?;
    let mut head = Vec::new();
    file.take(1 << 20)
        .read_to_end(&mut head)
        .map_err(|source| arbiter_io::input::InputError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    let text = head.trim_ascii_start();
    let Some(nl) = text.iter().position(|b| *b == b'\n') else {
        return Ok(false);
    };
    let (first, rest) = text.split_at(nl);
    // More than one JSON value: the whole file does not parse as one, as `classify` finds.
    if rest.trim_ascii().is_empty() {
        return Ok(false);
    }
    Ok(
        serde_json::from_slice::<serde_json::Value>(first).is_ok_and(|v| {
            v.get("seq").is_some() && v.get("hash").is_some() && v.get("report").is_none()
        }),
    )
}

/// [`verify_journal`] reading the journal in blocks (`arbiter_io::journal_file::stream`): the
/// lines checked on all cores as they are read, the chain in order, only the match's record
/// kept. A broken chain is judged on the whole file, as before.
fn verify_journal_streamed(path: &Path, match_path: Option<&Path>) -> ExitCode {
    use arbiter_io::journal_file::Streamed;
    let mut session = None;
    let streamed = arbiter_io::journal_file::stream(path, |r| {
        if session.is_none()
            && let arbiter_core::record::Event::SessionStarted(s) = r.event
        {
            session = Some(s);
        }
    });
    let v = match streamed {
        Ok(Streamed::Intact(v)) => v,
        Ok(Streamed::Broken(v)) => return tampered(path, &v),
        // Not a regular file, or unreadable: bad input, as before.
        Err(e) => {
            eprintln!("arbiter verify: {e}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    intact_journal(
        path,
        &v,
        carried_match_of(session.as_deref(), match_path),
        match_path,
    )
}

/// The verdict on a broken chain.
fn tampered(path: &Path, v: &arbiter_core::journal::Verification) -> ExitCode {
    if let Some(problem) = &v.problem {
        out(format_args!("{}: TAMPERED: {problem}", path.display()));
    }
    out(format_args!("{} records before it verify.", v.valid));
    ExitCode::from(EXIT_FAILED)
}

/// A journal: its chain, and the match file and profile its first record carries against the
/// SHA-256 it records (and, with `--match`, against the genuine match file).
fn verify_journal(path: &Path, bytes: &[u8], match_path: Option<&Path>) -> ExitCode {
    let v = arbiter_core::journal::verify_bytes(bytes);
    if v.problem.is_some() {
        return tampered(path, &v);
    }
    intact_journal(
        path,
        &v,
        carried_match_verdict(bytes, match_path),
        match_path,
    )
}

/// What `verify` says of a journal whose chain is intact.
fn intact_journal(
    path: &Path,
    v: &arbiter_core::journal::Verification,
    carried: Result<Option<String>, String>,
    match_path: Option<&Path>,
) -> ExitCode {
    if let Err(e) = &carried {
        out(format_args!("{}: TAMPERED: {e}", path.display()));
        return ExitCode::from(if e.starts_with("--match") {
            EXIT_INPUT
        } else {
            EXIT_FAILED
        });
    }
    out(format_args!(
        "{}: chain intact: {} records, head {}",
        path.display(),
        v.valid,
        hex::encode(v.head)
    ));
    if let Ok(Some(line)) = carried {
        out(format_args!("{line}"));
    }
    if v.torn_tail > 0 {
        out(format_args!(
            "note: the last line is incomplete ({} bytes, a write cut off by a crash); \
             every record before it is intact. Opening the journal cuts it.",
            v.torn_tail
        ));
    }
    // A chain proves the order and integrity of its records, not whose journal it is: anyone
    // can write a chain. Only the genuine match file, given from outside, anchors it.
    match match_path {
        Some(mp) => {
            out(format_args!(
                "INTACT: {} records; anchor: the match file {}",
                v.valid,
                mp.display()
            ));
            ExitCode::SUCCESS
        }
        None => {
            out(format_args!(
                "NOT ANCHORED: the chain is intact, but nothing outside the journal says it is the \
                 genuine journal of the match: give --match (the genuine match file), or verify \
                 the signed report with --journal"
            ));
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// The match file and rule profile a journal carries, against their SHA-256 (and the genuine
/// match file, given): what to say, or what is wrong.
fn carried_match_verdict(
    bytes: &[u8],
    match_path: Option<&Path>,
) -> Result<Option<String>, String> {
    // Against the genuine match file, a journal that names none is not the match's.
    let unnamed = |why: &str| match match_path {
        Some(mp) => Err(format!(
            "the journal {why}: nothing in it can be checked against {}",
            mp.display()
        )),
        None => Ok(None),
    };
    let Ok((records, _)) = arbiter_core::journal::records_from_bytes(bytes) else {
        return unnamed("could not be read as records");
    };
    let session = records.iter().find_map(|r| match &r.event {
        arbiter_core::record::Event::SessionStarted(s) => Some(&**s),
        _ => None,
    });
    carried_match_of(session, match_path)
}

/// [`carried_match_verdict`] given the journal's first `session_started` record.
fn carried_match_of(
    session: Option<&arbiter_core::record::SessionStarted>,
    match_path: Option<&Path>,
) -> Result<Option<String>, String> {
    let Some(session) = session else {
        return match match_path {
            Some(mp) => Err(format!(
                "the journal has no session_started record naming its match file: nothing in it can be checked against {}",
                mp.display()
            )),
            None => Ok(None),
        };
    };
    let carried = session.carried_match()?;
    let mut line = match &carried {
        Some(m) => format!(
            "the match file and the rule profile it carries match the SHA-256 it records (match file {}, profile {})",
            m.match_sha256, m.profile_sha256
        ),
        None => "note: written before journals carried the match file and the profile (only their SHA-256)".to_string(),
    };
    if let Some(mp) = match_path {
        let m = arbiter_io::config::load_match(mp, None).map_err(|d| format!("--match: {d}"))?;
        if m.match_sha256 != session.match_sha256 {
            return Err(format!(
                "the journal ran under another match file (SHA-256 {}) than {} ({})",
                session.match_sha256,
                mp.display(),
                m.match_sha256
            ));
        }
        line.push_str(&format!("; the same as {}", mp.display()));
    }
    Ok(Some(line))
}
