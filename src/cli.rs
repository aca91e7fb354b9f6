//! The command line: clap definitions and the subcommands.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::app;
use crate::journal;
use crate::matchfile::Match;

/// Exit status for bad input (a config error, a file that cannot be read).
pub const EXIT_INPUT: u8 = 2;
/// Exit status for a failed verification.
pub const EXIT_FAILED: u8 = 1;
/// Exit status for a subcommand that this build does not provide yet.
pub const EXIT_UNAVAILABLE: u8 = 3;

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "The arbiter's console for a chess team match: live DGT clocks and e-boards, \
             interventions by the rules, a tamper-evident journal, signed match reports.",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the built-in venue simulator and open the console on the demo match.
    Demo {
        /// Language of the console: de or en (default: the match file's `lang`).
        #[arg(long)]
        lang: Option<String>,
        /// The journal to write (default: journals/<date>-round<N>-<time>.jsonl).
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Open the console on a match file and connect to its boards' feeds.
    Run {
        /// The match file (TOML).
        match_file: PathBuf,
        /// The journal to write (default: journals/<date>-round<N>-<time>.jsonl).
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Language of the console: de or en (default: the match file's `lang`).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Load and validate a match file and its rule profile; print a summary.
    Check {
        /// The match file (TOML).
        match_file: PathBuf,
        /// Check under another rule profile (an id under config/rules/ or a .toml path).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Check a journal's hash chain, or a signed report's digest and signatures (and, with
    /// --journal, that it is exactly what the journal yields); name what was changed.
    Verify {
        /// A journal (.jsonl) or a report (report.json).
        file: PathBuf,
        /// For a report: the journal it was made from.
        #[arg(long)]
        journal: Option<PathBuf>,
        /// For a report with --journal: the match file (default: the path in the journal).
        #[arg(long = "match")]
        match_file: Option<PathBuf>,
    },
    /// Play a journal back in the console, or query it headless.
    Replay {
        /// The journal (.jsonl).
        journal: PathBuf,
    },
    /// Build the match report from a journal: report.json (canonical, to sign), report.md,
    /// report.pdf and games.pgn.
    Report {
        /// The journal (.jsonl).
        journal: PathBuf,
        /// The match file (default: the path recorded in the journal).
        #[arg(long = "match")]
        match_file: Option<PathBuf>,
        /// Output directory (default: next to the journal, NAME-report/).
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Language of the text and PDF: de or en (default: the match file's).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Sign a report (the arbiter first, then each captain countersigns).
    Sign {
        /// The report (report.json); the text and PDF beside it are made again.
        report: PathBuf,
        #[arg(long, value_enum)]
        role: crate::sign::Role,
        /// A key file from `arbiter keygen`; without it the key is derived from a passphrase.
        #[arg(long)]
        key: Option<PathBuf>,
        /// Read the passphrase from this environment variable instead of prompting.
        #[arg(long)]
        passphrase_env: Option<String>,
    },
    /// Create an Ed25519 signing key file (owner-only permissions), or show the public key a
    /// passphrase gives for a signer (to register it in the match file).
    Keygen {
        /// Where to write the private key.
        #[arg(short, long, required_unless_present = "derive")]
        output: Option<PathBuf>,
        /// Derive from a passphrase instead: print the public key for --role and --name.
        #[arg(long, requires_all = ["role", "name"])]
        derive: bool,
        #[arg(long, value_enum)]
        role: Option<crate::sign::Role>,
        /// The signer's name exactly as in the match file.
        #[arg(long)]
        name: Option<String>,
        /// Read the passphrase from this environment variable instead of prompting.
        #[arg(long)]
        passphrase_env: Option<String>,
    },
    /// Apply a scenario (timed feed inputs and arbiter actions) to a match and print the state
    /// as JSON: clocks, counters, results, score, proposals. Format: docs/SCENARIOS.md.
    Script {
        /// The scenario file (TOML).
        scenario: PathBuf,
        /// Also write the journal of the run to this file.
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Run the venue simulator: DGT boards and clocks on loopback TCP, and a LiveChess endpoint.
    Simulate {
        /// Number of boards.
        #[arg(long, default_value_t = 8)]
        boards: u16,
    },
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Check {
            match_file,
            profile,
        } => check(&match_file, profile.as_deref()),
        Command::Verify {
            file,
            journal,
            match_file,
        } => verify(&file, journal.as_deref(), match_file.as_deref()),
        Command::Report {
            journal,
            match_file,
            out,
            lang,
        } => report(
            &journal,
            match_file.as_deref(),
            out.as_deref(),
            lang.as_deref(),
        ),
        Command::Sign {
            report,
            role,
            key,
            passphrase_env,
        } => sign(&report, role, key.as_deref(), passphrase_env.as_deref()),
        Command::Keygen {
            output,
            derive,
            role,
            name,
            passphrase_env,
        } => keygen(
            output.as_deref(),
            derive,
            role,
            name.as_deref(),
            passphrase_env.as_deref(),
        ),
        Command::Demo { lang, journal } => demo(lang.as_deref(), journal),
        Command::Run {
            match_file,
            journal,
            lang,
        } => run_match(&match_file, lang.as_deref(), journal),
        Command::Script { scenario, journal } => script(&scenario, journal.as_deref()),
        Command::Replay { .. } => unavailable("replay", "replay (issue 8)"),
        Command::Simulate { .. } => unavailable("simulate", "the venue simulator (issue 4)"),
    }
}

fn unavailable(cmd: &str, what: &str) -> ExitCode {
    eprintln!(
        "arbiter {cmd}: not available in this build yet: it arrives with {what}. \
         Available now: check, verify, script, report, sign, keygen."
    );
    ExitCode::from(EXIT_UNAVAILABLE)
}

/// The demo match: under the working directory, else next to the sources of this build.
fn demo_match_path() -> PathBuf {
    let rel = Path::new("config/matches/demo-bundesliga.toml");
    if rel.exists() {
        rel.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
    }
}

fn demo(lang: Option<&str>, journal: Option<PathBuf>) -> ExitCode {
    console(&demo_match_path(), lang, journal, true)
}

fn run_match(path: &Path, lang: Option<&str>, journal: Option<PathBuf>) -> ExitCode {
    console(path, lang, journal, false)
}

fn console(path: &Path, lang: Option<&str>, journal: Option<PathBuf>, demo: bool) -> ExitCode {
    let m = match Match::load(path, None) {
        Ok(m) => m,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    let lang = match lang {
        None => m.file.lang,
        Some(l) => match crate::tui::i18n::parse_lang(l) {
            Some(l) => l,
            None => {
                eprintln!("--lang {l:?}: expected de or en");
                return ExitCode::from(EXIT_INPUT);
            }
        },
    };
    let journal = journal.unwrap_or_else(|| app::default_journal_path(&m));
    let inputs = if demo {
        app::demo_inputs(&m)
    } else {
        // The feeds (issue 4) send into this channel; until they land, the console runs without.
        let (_tx, rx) = std::sync::mpsc::channel();
        rx
    };
    match app::run_console(m, &journal, inputs, lang) {
        Ok(()) => {
            println!("journal: {}", journal.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter: {e:#}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

fn check(path: &Path, profile: Option<&str>) -> ExitCode {
    match Match::load(path, profile) {
        Ok(m) => {
            print!("{}", m.summary());
            println!(
                "ok: {} and {} are valid",
                m.path.display(),
                m.profile_path.display()
            );
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprintln!("{d}");
            eprintln!(
                "{} error{} found; nothing was started.",
                d.0.len(),
                if d.0.len() == 1 { "" } else { "s" }
            );
            ExitCode::from(EXIT_INPUT)
        }
    }
}

fn verify(path: &Path, journal_path: Option<&Path>, match_path: Option<&Path>) -> ExitCode {
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
    if journal_path.is_some() {
        eprintln!(
            "{}: --journal goes with a report, and this is not one",
            path.display()
        );
        return ExitCode::from(EXIT_INPUT);
    }
    let v = journal::verify_bytes(&bytes);
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

fn script(path: &Path, journal_out: Option<&Path>) -> ExitCode {
    let outcome = match crate::scenario::run_file(path) {
        Ok(o) => o,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(EXIT_INPUT);
        }
    };
    if let Some(out) = journal_out
        && let Err(e) = std::fs::write(out, &outcome.journal)
    {
        eprintln!("{}: cannot write the journal: {e}", out.display());
        return ExitCode::from(EXIT_INPUT);
    }
    match serde_json::to_string_pretty(&outcome) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot print the outcome: {e}");
            ExitCode::from(EXIT_INPUT)
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
    use crate::sign::{KeyStatus, SigStatus, SignedReport, check};
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
                println!("signature of the {role} ({name}): FAILED: void: {why}");
            }
        }
    }
    if let Some(jp) = journal_path {
        match crate::journal::read(jp) {
            Err(e) => {
                ok = false;
                println!("journal: FAILED: {e}");
            }
            Ok((records, jv)) => {
                println!("journal: chain intact ({} records)", jv.valid);
                let m = crate::report::match_for_journal(&records, match_path);
                match m.and_then(|m| crate::report::compare_with_journal(&env.report, &m, &records))
                {
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

fn parse_lang(
    lang: Option<&str>,
    default: crate::matchfile::Lang,
) -> Result<crate::matchfile::Lang, String> {
    match lang {
        None => Ok(default),
        Some("de") => Ok(crate::matchfile::Lang::De),
        Some("en") => Ok(crate::matchfile::Lang::En),
        Some(other) => Err(format!("--lang {other:?}: expected de or en")),
    }
}

/// Writes report.json, report.md, report.pdf for a signed report into `dir`.
fn write_renderings(
    dir: &Path,
    env: &crate::sign::SignedReport,
    lang: crate::matchfile::Lang,
) -> Result<(), String> {
    let w = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes)
            .map_err(|e| format!("{}: {e}", dir.join(name).display()))
    };
    let json = serde_json::to_vec_pretty(env).map_err(|e| e.to_string())?;
    w("report.json", &json)?;
    w(
        "report.md",
        crate::report::text::markdown(env, lang).as_bytes(),
    )?;
    w("report.pdf", &crate::report::pdf::render(env, lang))
}

fn report(
    journal_path: &Path,
    match_path: Option<&Path>,
    out: Option<&Path>,
    lang: Option<&str>,
) -> ExitCode {
    let run = || -> Result<PathBuf, String> {
        let (records, _) = crate::journal::read(journal_path).map_err(|e| e.to_string())?;
        let m = crate::report::match_for_journal(&records, match_path)?;
        let lang = parse_lang(lang, m.file.lang)?;
        let dir = match out {
            Some(d) => d.to_path_buf(),
            None => {
                let stem = journal_path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("journal");
                journal_path.with_file_name(format!("{stem}-report"))
            }
        };
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let env = crate::sign::SignedReport::new(crate::report::build(&m, &records));
        write_renderings(&dir, &env, lang)?;
        let state = crate::state::MatchState::fold(&records);
        std::fs::write(dir.join("games.pgn"), crate::pgn::all_games(&m, &state))
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        println!("report digest {}", env.digest);
        Ok(dir)
    };
    match run() {
        Ok(dir) => {
            println!(
                "wrote {0}/report.json, report.md, report.pdf, games.pgn",
                dir.display()
            );
            println!(
                "sign it: arbiter sign {}/report.json --role arbiter",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter report: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

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

fn sign(
    path: &Path,
    role: crate::sign::Role,
    key: Option<&Path>,
    passphrase_env: Option<&str>,
) -> ExitCode {
    let run = || -> Result<String, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut env: crate::sign::SignedReport = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{}: not a report: {e}", path.display()))?;
        let name = role.person(&env.report).to_string();
        let signing_key = match key {
            Some(k) => crate::sign::read_key_file(k).map_err(|e| e.to_string())?,
            None => {
                let pass = passphrase(
                    passphrase_env,
                    &format!("Passphrase of the {role} ({name}): "),
                )?;
                crate::sign::derive_key(role, &name, pass.as_bytes()).map_err(|e| e.to_string())?
            }
        };
        env.sign(role, &signing_key).map_err(|e| e.to_string())?;
        let dir = path.parent().unwrap_or(Path::new("."));
        write_renderings(dir, &env, env.report.lang)?;
        let verdict = crate::sign::check(&env);
        let status = verdict
            .signatures
            .iter()
            .find(|(r, _, _)| *r == role)
            .map(|(_, _, s)| format!("{s:?}"))
            .unwrap_or_default();
        Ok(format!(
            "signed as the {role} ({name}), key {}: {status}",
            crate::sign::public_hex(&signing_key)
        ))
    };
    match run() {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter sign: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

fn keygen(
    output: Option<&Path>,
    derive: bool,
    role: Option<crate::sign::Role>,
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
            let key =
                crate::sign::derive_key(role, name, pass.as_bytes()).map_err(|e| e.to_string())?;
            return Ok(format!(
                "public key of the {role} ({name}): {}",
                crate::sign::public_hex(&key)
            ));
        }
        let Some(out) = output else {
            return Err("give -o FILE for the key file".into());
        };
        let key = crate::sign::generate_key().map_err(|e| e.to_string())?;
        crate::sign::write_key_file(out, &key).map_err(|e| e.to_string())?;
        Ok(format!(
            "wrote {} (owner only); public key {}",
            out.display(),
            crate::sign::public_hex(&key)
        ))
    };
    match run() {
        Ok(msg) => {
            println!("{msg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter keygen: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
