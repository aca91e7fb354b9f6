//! `arbiter verify`: a journal's hash chain; a report's digest and signatures (and with
//! `--journal`, that it is exactly what the journal yields); a bundle's chain.

use std::path::Path;
use std::process::ExitCode;

use crate::exit::{EXIT_FAILED, EXIT_INPUT};

pub fn run(path: &Path, journal_path: Option<&Path>, match_path: Option<&Path>) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", path.display());
            return ExitCode::from(EXIT_INPUT);
        }
    };
    if looks_like_report(&bytes) {
        return verify_report(path, &bytes, journal_path, match_path);
    }
    if bytes.starts_with(b"{\"bundle\"") {
        let journal = match journal_path.map(std::fs::read).transpose() {
            Ok(j) => j,
            Err(e) => {
                eprintln!("cannot read the journal: {e}");
                return ExitCode::from(EXIT_INPUT);
            }
        };
        return match arbiter_core::replay::verify_bundle(&bytes, journal.as_deref()) {
            Ok(h) => {
                println!(
                    "{}: bundle intact: records {} to {}{}",
                    path.display(),
                    h.from_seq,
                    h.to_seq,
                    if journal.is_some() {
                        ", identical to the journal's"
                    } else {
                        ""
                    }
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                println!("{}: FAILED: {e}", path.display());
                ExitCode::from(EXIT_FAILED)
            }
        };
    }
    if journal_path.is_some() {
        eprintln!(
            "{}: --journal goes with a report, and this is not one",
            path.display()
        );
        return ExitCode::from(EXIT_INPUT);
    }
    let v = arbiter_core::journal::verify_bytes(&bytes);
    match &v.problem {
        None => {
            println!(
                "{}: chain intact: {} records, head {}",
                path.display(),
                v.valid,
                hex::encode(v.head)
            );
            if v.torn_tail > 0 {
                println!(
                    "note: the last line is incomplete ({} bytes, a write cut off by a crash); \
                     every record before it is intact. Opening the journal cuts it.",
                    v.torn_tail
                );
            }
            ExitCode::SUCCESS
        }
        Some(problem) => {
            println!("{}: TAMPERED: {problem}", path.display());
            println!("{} records before it verify.", v.valid);
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// A report is one JSON object with a "report" key; a journal is JSON Lines with "seq".
fn looks_like_report(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(bytes).is_ok_and(|v| v.get("report").is_some())
}

fn verify_report(
    path: &Path,
    bytes: &[u8],
    journal_path: Option<&Path>,
    match_path: Option<&Path>,
) -> ExitCode {
    use arbiter_report::sign::{KeyStatus, SigStatus, SignedReport, check};
    let env: SignedReport = match serde_json::from_slice(bytes) {
        Ok(e) => e,
        Err(e) => {
            println!("{}: FAILED: not a valid report: {e}", path.display());
            return ExitCode::from(EXIT_FAILED);
        }
    };
    let v = check(&env);
    let mut ok = true;
    if v.digest_ok {
        println!("digest: ok ({})", env.digest);
    } else {
        ok = false;
        println!(
            "digest: FAILED: the report was changed: its content hashes to {}, not {}",
            v.computed_digest, env.digest
        );
    }
    if v.signatures.is_empty() {
        println!("signatures: none");
    }
    for (role, name, status) in &v.signatures {
        match status {
            SigStatus::Valid { key } => {
                let k = match key {
                    KeyStatus::Registered => "registered key",
                    KeyStatus::Unregistered => "key not registered in the match file",
                    KeyStatus::Mismatch => "NOT the key registered in the match file",
                };
                println!("signature of the {role} ({name}): valid, {k}");
            }
            SigStatus::Void { why } => {
                ok = false;
                let why = arbiter_core::i18n::english(why);
                println!("signature of the {role} ({name}): FAILED: void: {why}");
            }
        }
    }
    if let Some(jp) = journal_path {
        match arbiter_io::journal_file::read(jp) {
            Err(e) => {
                ok = false;
                println!("journal: FAILED: {e}");
            }
            Ok((records, jv)) => {
                println!("journal: chain intact ({} records)", jv.valid);
                let m = arbiter_io::config::match_for_journal(&records, match_path);
                match m.and_then(|m| {
                    arbiter_core::report::compare_with_journal(&env.report, &m, &records)
                }) {
                    Ok(()) => println!(
                        "journal: the report is exactly what the journal yields up to record {}",
                        env.report.journal.head_seq
                    ),
                    Err(e) => {
                        ok = false;
                        println!("journal: FAILED: {e}");
                    }
                }
            }
        }
    }
    if ok {
        println!("{}: VALID", path.display());
        ExitCode::SUCCESS
    } else {
        println!("{}: INVALID", path.display());
        ExitCode::from(EXIT_FAILED)
    }
}
