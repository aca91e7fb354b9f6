//! `arbiter sign` and `arbiter keygen`: signatures of the report with a key file or a
//! passphrase; key files and the public key of a passphrase.
//!
//! `sign` writes the very file it was given (atomically, under that file's lock, so two signers
//! at once each add their signature), after checking that the key is the one registered (or,
//! for a captain, enrolled) for the signer: a mistyped passphrase is refused before anything is
//! signed, and a valid signature is never replaced.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_core::signature::{Authority, History, Role, SignedReport, Status};
use arbiter_io::atomic::FileLock;
use arbiter_io::keyfile;
use arbiter_report::sign;

use crate::exit::EXIT_INPUT;
use crate::out::out;
use crate::time_base::{rfc3339_at, wall_now};

fn passphrase(env_var: Option<&str>, prompt: &str) -> Result<zeroize::Zeroizing<String>, String> {
    match env_var {
        Some(v) => std::env::var(v)
            .map(zeroize::Zeroizing::new)
            .map_err(|_| format!("the environment variable {v} is not set")),
        None => rpassword::prompt_password(prompt)
            .map(zeroize::Zeroizing::new)
            .map_err(|e| format!("cannot read the passphrase: {e}")),
    }
}

/// What `arbiter sign` is given.
#[derive(Debug, Clone, Default)]
pub struct SignArgs {
    pub key: Option<PathBuf>,
    pub passphrase_env: Option<String>,
    pub remark: Option<String>,
    pub journal: Option<PathBuf>,
    pub match_file: Option<PathBuf>,
    pub registries: Vec<PathBuf>,
}

/// Whose keys count for the report in `env`, from the journal (its match file and enrolled
/// keys) or a match file, and registries; with the journal, also refuses a report that is not
/// the journal's current version.
fn authority_for(env: &SignedReport, a: &SignArgs) -> Result<Authority, String> {
    let mut authority = if let Some(jp) = &a.journal {
        let (records, _) = arbiter_io::journal_file::read(jp).map_err(|e| e.to_string())?;
        let jm = arbiter_io::config::match_for_journal_noted(&records, a.match_file.as_deref())?;
        if let Some(note) = &jm.note {
            eprintln!("note: {note}");
        }
        let h = History::from_journal(&jm.m, &records);
        match h.versions.iter().find(|v| v.digest == env.digest) {
            Some(v) if v.version < h.current().version => {
                return Err(format!(
                    "this is version {} of the report, superseded: records after it changed the report; make the report again (arbiter report) and sign version {}",
                    v.version,
                    h.current().version
                ));
            }
            Some(_) => {}
            None => {
                return Err(
                    "the report is not what this journal yields: make it again with `arbiter report`"
                        .into(),
                );
            }
        }
        let mut au = Authority::from_match(&jm.m);
        au.add_enrolled(&jm.m, &records);
        au
    } else if let Some(mp) = &a.match_file {
        let m = arbiter_io::config::load_match(mp, None).map_err(|d| d.to_string())?;
        if m.match_sha256 != env.report.match_sha256 {
            return Err(format!(
                "{} is not the match file the report was made from",
                mp.display()
            ));
        }
        Authority::from_match(&m)
    } else {
        return Err(
            "give --journal JOURNAL (or --match MATCH.toml) so that the key can be checked against the one registered or enrolled for the signer"
                .into(),
        );
    };
    for r in &a.registries {
        let text = arbiter_io::config::read_text(r).map_err(|d| d.to_string())?;
        let reg = arbiter_report::verdict::parse_registry(r, &text).map_err(|d| d.to_string())?;
        reg.authorise(&mut authority, &r.display().to_string(), &env.report);
    }
    // A small-order key "verifies" signatures nobody made: never one to sign against.
    if let Some((k, p)) = authority
        .keys
        .iter()
        .find_map(|k| sign::key_problem(&k.public_key).map(|p| (k, p)))
    {
        return Err(format!(
            "the key {} for the {} ({}): {p}; nothing was signed",
            k.source, k.role, k.name
        ));
    }
    Ok(authority)
}

/// The report's scheduled start's UTC offset, for the signature's time.
fn offset_of(env: &SignedReport) -> chrono::FixedOffset {
    use chrono::Offset as _;
    chrono::DateTime::parse_from_rfc3339(&env.report.scheduled_start)
        .map(|t| *t.offset())
        .unwrap_or_else(|_| chrono::Utc.fix())
}

/// Signs `path` for `role` and writes it back (with its `.md` and `.pdf`), under its lock.
pub fn sign_file(path: &Path, role: Role, a: &SignArgs) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{}: not a regular file", path.display()));
    }
    if meta.permissions().readonly() {
        return Err(format!(
            "{} is read-only: a superseded version is kept exactly as it was signed; sign the current version (report.json)",
            path.display()
        ));
    }
    // Read, sign and write while holding the file's lock: a second signer waits and then adds
    // to what the first wrote.
    let _lock =
        FileLock::acquire(path).map_err(|e| format!("{}: cannot lock: {e}", path.display()))?;
    let bytes = arbiter_io::input::read_regular(path).map_err(|e| e.to_string())?;
    let mut env: SignedReport = serde_json::from_slice(&bytes)
        .map_err(|e| format!("{}: not a report: {e}", path.display()))?;
    let authority = authority_for(&env, a)?;
    let name = role.person(&env.report).to_string();
    // Refusals that need no key first (no passphrase is asked for in vain).
    let open = env.open_boards();
    if !open.is_empty() {
        return Err(sign::SignError::OpenBoards(open).to_string());
    }
    if let Some(s) = env.signature(role) {
        return Err(sign::SignError::AlreadySigned {
            role,
            name: s.name.clone(),
            time: s.time.clone(),
        }
        .to_string());
    }
    let signing_key = match &a.key {
        Some(k) => sign::key_from_seed(&*keyfile::read(k).map_err(|e| e.to_string())?),
        None => {
            let pass = passphrase(
                a.passphrase_env.as_deref(),
                &format!("Passphrase of the {role} ({name}): "),
            )?;
            sign::derive_key(role, &name, pass.as_bytes()).map_err(|e| e.to_string())?
        }
    };
    let time = rfc3339_at(wall_now(), offset_of(&env));
    sign::sign(
        &mut env,
        role,
        &signing_key,
        &time,
        a.remark.as_deref(),
        &authority,
    )
    .map_err(|e| e.to_string())?;
    env.status = sign::status_of(&env, &authority);
    let lang = env.report.lang;
    crate::report_files::write_version(path, &env, &authority, lang)?;
    let done = if env.status == Status::Final {
        "the report is final (all three have signed)".to_string()
    } else {
        let missing: Vec<String> = Role::ALL
            .into_iter()
            .filter(|r| env.signature(*r).is_none())
            .map(|r| r.to_string())
            .collect();
        format!("still to sign: {}", missing.join(", "))
    };
    let receipt = if role == Role::Arbiter {
        String::new()
    } else {
        format!(
            "\nreceipt of the {role}: {} (the captain takes it home: `arbiter verify --receipt {}=…` ties this countersignature to him)",
            sign::receipt(&env.digest, role, &sign::public_hex(&signing_key)),
            if role == Role::HomeCaptain {
                "home"
            } else {
                "away"
            }
        )
    };
    Ok(format!(
        "signed {} as the {role} ({name}) at {time}, version {}, key {}: {done}{receipt}",
        path.display(),
        env.version,
        sign::public_hex(&signing_key)
    ))
}

pub fn sign(path: &Path, role: Role, a: &SignArgs) -> ExitCode {
    match sign_file(path, role, a) {
        Ok(msg) => {
            out(format_args!("{msg}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter sign: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

/// A key `keygen` gives out must not be of small order (a seed cannot give one, in practice;
/// the check costs nothing and keeps the rule in one place).
fn usable(key: &sign::SigningKey) -> Result<(), String> {
    match sign::key_problem(&sign::public_hex(key)) {
        Some(p) => Err(format!("the key made is refused: {p}")),
        None => Ok(()),
    }
}

pub fn keygen(
    output: Option<&Path>,
    derive: bool,
    role: Option<Role>,
    name: Option<&str>,
    passphrase_env: Option<&str>,
) -> ExitCode {
    let run = || -> Result<String, String> {
        if derive {
            let (Some(role), Some(name)) = (role, name) else {
                return Err("--derive needs --role and --name".into());
            };
            let pass = passphrase(
                passphrase_env,
                &format!("Passphrase of the {role} ({name}): "),
            )?;
            let key = sign::derive_key(role, name, pass.as_bytes()).map_err(|e| e.to_string())?;
            usable(&key)?;
            return Ok(format!(
                "public key of the {role} ({name}): {}{}",
                sign::public_hex(&key),
                if sign::is_demo_key(role, name, &sign::public_hex(&key)) {
                    " (a DEMONSTRATION key: its passphrase is published; never for a real match)"
                } else {
                    ""
                }
            ));
        }
        let Some(out) = output else {
            return Err("give -o FILE for the key file".into());
        };
        let key = sign::generate_key().map_err(|e| e.to_string())?;
        usable(&key)?;
        keyfile::write(out, &sign::seed_of(&key)).map_err(|e| e.to_string())?;
        Ok(format!(
            "wrote {} (owner only); public key {}",
            out.display(),
            sign::public_hex(&key)
        ))
    };
    match run() {
        Ok(msg) => {
            out(format_args!("{msg}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter keygen: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
