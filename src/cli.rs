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
    /// Play a journal back in the console, or query it headless (--at, --incidents,
    /// --extract).
    Replay {
        /// The journal (.jsonl).
        journal: PathBuf,
        /// The moment: HH:MM:SS local time at the venue, an RFC 3339 time, or +H:MM:SS from the
        /// first record.
        #[arg(long)]
        at: Option<String>,
        /// Print the state at --at as JSON.
        #[arg(long)]
        json: bool,
        /// List the incidents with their times.
        #[arg(long)]
        incidents: bool,
        /// Narrow to one board.
        #[arg(long)]
        board: Option<u16>,
        /// Write an incident bundle for an appeal (with --from, --to, -o).
        #[arg(long, requires_all = ["from", "to", "output"])]
        extract: bool,
        #[arg(long)]
        from: Option<String>,
        #[arg(long)]
        to: Option<String>,
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The match file (default: the path recorded in the journal), for local times.
        #[arg(long = "match")]
        match_file: Option<PathBuf>,
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
    /// Record a match headless: the simulator plays PGN games over loopback TCP, the feeds read
    /// them, and the arbiter's actions come from a plan (used for recordings/).
    Record {
        /// The recording plan (TOML).
        plan: PathBuf,
        /// The journal to write (must not exist).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Simulate a venue: N e-boards with DGT 3000 clocks playing PGN games, served as DGT byte
    /// streams on loopback TCP ports (and optionally a LiveChess websocket endpoint).
    Simulate(SimulateArgs),
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
        Command::Replay {
            journal,
            at,
            json,
            incidents,
            board,
            extract,
            from,
            to,
            output,
            match_file,
        } => {
            let q = ReplayQuery {
                at,
                json,
                incidents,
                board,
                extract,
                from,
                to,
                output,
                match_file,
            };
            replay(&journal, q)
        }
        Command::Record { plan, output } => match crate::recorder::record(&plan, &output) {
            Ok(r) => {
                println!(
                    "recorded {} records, {} of game time, into {}",
                    r.records,
                    crate::model::format_hms(r.game_ms),
                    output.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("arbiter record: {e:#}");
                ExitCode::from(EXIT_INPUT)
            }
        },
        Command::Simulate(config) => match simulate(config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arbiter simulate: {e:#}");
                ExitCode::from(EXIT_INPUT)
            }
        },
    }
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
        // The simulator and the feeds on loopback; the in-process generator if they cannot run
        // (e.g. the test data is not next to the binary).
        let root = demo_match_path()
            .parent()
            .and_then(Path::parent)
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_default();
        match app::simulator_inputs(&m, &root) {
            Ok(rx) => rx,
            Err(e) => {
                eprintln!(
                    "arbiter demo: simulator unavailable ({e:#}); using the built-in generator"
                );
                app::demo_inputs(&m)
            }
        }
    } else {
        match app::match_feed_inputs(&m) {
            Ok(rx) => rx,
            Err(e) => {
                eprintln!("arbiter run: {e:#}");
                return ExitCode::from(EXIT_INPUT);
            }
        }
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
    if bytes.starts_with(b"{\"bundle\"") {
        let journal = match journal_path.map(std::fs::read).transpose() {
            Ok(j) => j,
            Err(e) => {
                eprintln!("cannot read the journal: {e}");
                return ExitCode::from(EXIT_INPUT);
            }
        };
        return match crate::replay::verify_bundle(&bytes, journal.as_deref()) {
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
        // With the signatures already made at the console, if any.
        let env = crate::sign::envelope_from_journal(&m, &records);
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

struct ReplayQuery {
    at: Option<String>,
    json: bool,
    incidents: bool,
    board: Option<u16>,
    extract: bool,
    from: Option<String>,
    to: Option<String>,
    output: Option<PathBuf>,
    match_file: Option<PathBuf>,
}

/// Parses a moment: HH:MM:SS local time on the day of `base`, RFC 3339, or +H:MM:SS from `base`.
pub fn parse_moment(s: &str, base_wall: i64, offset: chrono::FixedOffset) -> Result<i64, String> {
    if let Some(rel) = s.strip_prefix('+') {
        return crate::scenario::parse_offset(rel)
            .map(|ms| base_wall + ms as i64)
            .ok_or_else(|| format!("{s:?}: expected +H:MM:SS"));
    }
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(t.timestamp_millis());
    }
    let time = chrono::NaiveTime::parse_from_str(s, "%H:%M:%S")
        .or_else(|_| chrono::NaiveTime::parse_from_str(s, "%H:%M:%S%.f"))
        .map_err(|_| format!("{s:?}: expected HH:MM:SS, an RFC 3339 time or +H:MM:SS"))?;
    let day = chrono::DateTime::from_timestamp_millis(base_wall)
        .ok_or("the journal's first time is out of range")?
        .with_timezone(&offset)
        .date_naive();
    day.and_time(time)
        .and_local_timezone(offset)
        .single()
        .map(|t| t.timestamp_millis())
        .ok_or_else(|| format!("{s:?} does not exist on {day}"))
}

fn replay(path: &Path, q: ReplayQuery) -> ExitCode {
    let run = || -> Result<String, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let v = crate::journal::verify_bytes(&bytes);
        let interactive = !q.extract && !q.incidents && q.at.is_none();
        let (records, verdict) = match &v.problem {
            None => {
                let (records, _) =
                    crate::journal::records_from_bytes(&bytes).map_err(|e| e.to_string())?;
                (records, format!("chain intact ({} records)", v.valid))
            }
            Some(p) if interactive => {
                // Show what verifies, and say where the chain breaks.
                let end = bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| **b == b'\n')
                    .nth(v.valid.saturating_sub(1))
                    .map(|(i, _)| i + 1)
                    .unwrap_or(0);
                let (records, _) = crate::journal::records_from_bytes(
                    &bytes[..if v.valid == 0 { 0 } else { end }],
                )
                .map_err(|e| e.to_string())?;
                (
                    records,
                    format!("TAMPERED: {p}; showing the {} records before it", v.valid),
                )
            }
            Some(p) => return Err(format!("{}: the chain is broken: {p}", path.display())),
        };
        let m = crate::report::match_for_journal(&records, q.match_file.as_deref());
        if interactive {
            let m = m.map_err(|e| format!("{e} (give the match file with --match)"))?;
            let lang = m.file.lang;
            crate::app::run_replay(m, crate::replay::Replay::new(records), verdict, lang)
                .map_err(|e| format!("{e:#}"))?;
            return Ok(String::new());
        }
        let m = m.ok();
        let offset = m
            .as_ref()
            .map(|m| *m.scheduled_start.offset())
            .unwrap_or_else(|| chrono::FixedOffset::east_opt(0).expect("UTC"));
        let base = records.first().map(|r| r.wall_ms).unwrap_or(0);
        let local = |w: i64| {
            chrono::DateTime::from_timestamp_millis(w)
                .map(|t| t.with_timezone(&offset).format("%H:%M:%S%.3f").to_string())
                .unwrap_or_default()
        };
        let board = q.board.map(crate::model::BoardNo);
        if q.extract {
            let (Some(from), Some(to), Some(out)) = (&q.from, &q.to, &q.output) else {
                return Err("--extract needs --from, --to and -o".into());
            };
            let bundle = crate::replay::extract(
                &bytes,
                board,
                parse_moment(from, base, offset)?,
                parse_moment(to, base, offset)?,
            )?;
            std::fs::write(out, &bundle).map_err(|e| format!("{}: {e}", out.display()))?;
            let h = crate::replay::verify_bundle(&bundle, Some(&bytes))?;
            return Ok(format!(
                "wrote {}: records {} to {} (verified against the journal)",
                out.display(),
                h.from_seq,
                h.to_seq
            ));
        }
        if q.incidents {
            let mut out = String::new();
            let upto = match &q.at {
                Some(a) => parse_moment(a, base, offset)?,
                None => i64::MAX,
            };
            for i in crate::replay::incidents(&records) {
                if i.wall_ms > upto || (board.is_some() && i.board != board) {
                    continue;
                }
                let b = i
                    .board
                    .map(|b| format!("board {b}"))
                    .unwrap_or_else(|| "match".into());
                out.push_str(&format!(
                    "{}  #{:<6} {:<8} {:<16} {}\n",
                    local(i.wall_ms),
                    i.seq,
                    b,
                    i.kind,
                    i.text
                ));
            }
            return Ok(out);
        }
        if let Some(a) = &q.at {
            let t = parse_moment(a, base, offset)?;
            let r = crate::replay::Replay::new(records);
            let (s, mono) = r.at(t);
            let clocks: Vec<serde_json::Value> = s
                .boards
                .iter()
                .filter(|b| board.is_none_or(|n| n == b.board))
                .map(|b| {
                    let c = crate::rules::clock_times(&s, b, mono);
                    serde_json::json!({
                        "board": b.board,
                        "white_ms": c.map(|c| c.0),
                        "black_ms": c.map(|c| c.1),
                        "white": c.map(|c| crate::model::format_hms(c.0)),
                        "black": c.map(|c| crate::model::format_hms(c.1)),
                        "moves": b.moves.len(),
                        "result": b.result.as_ref().map(|r| r.result.notation()),
                        "feed": b.feed,
                    })
                })
                .collect();
            let score = m.as_ref().map(|m| crate::rules::score(m, &s));
            let boards: Vec<&crate::state::BoardState> = s
                .boards
                .iter()
                .filter(|b| board.is_none_or(|n| n == b.board))
                .collect();
            let doc = serde_json::json!({
                "at": local(t),
                "records_applied": s.applied,
                "clocks": clocks,
                "score": score,
                "boards": boards,
                "interventions": s.interventions.iter().filter(|i| board.is_none() || i.intervention.board == board).collect::<Vec<_>>(),
                "round_started": s.round_started,
            });
            if q.json {
                return serde_json::to_string_pretty(&doc).map_err(|e| e.to_string());
            }
            let mut out = format!("state at {} ({} records)\n", local(t), s.applied);
            for c in doc["clocks"].as_array().into_iter().flatten() {
                out.push_str(&format!(
                    "board {:>2}: White {} Black {} moves {} result {}\n",
                    c["board"], c["white"], c["black"], c["moves"], c["result"]
                ));
            }
            return Ok(out);
        }
        Ok(String::new())
    };
    match run() {
        Ok(out) => {
            print!("{out}");
            if !out.is_empty() && !out.ends_with('\n') {
                println!();
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter replay: {e}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Number of boards (1..=1000).
    #[arg(long, default_value_t = 8)]
    boards: usize,
    /// Time factor (1..=100).
    #[arg(long, default_value_t = 1.0)]
    speed: f64,
    /// PGN files (games are dealt to the boards in turn).
    #[arg(long)]
    pgn: Vec<PathBuf>,
    /// A directory of PGN files (default: tests/data/pgn).
    #[arg(long)]
    pgn_dir: Option<PathBuf>,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// Board N listens on BASE_PORT + N - 1 (default: ephemeral ports, printed).
    #[arg(long)]
    base_port: Option<u16>,
    /// Serve the LiveChess websocket API on this port (0 = ephemeral).
    #[arg(long)]
    livechess_port: Option<u16>,
    /// A TOML scenario of incidents.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Play only the first N plies of each game.
    #[arg(long)]
    max_plies: Option<usize>,
    /// Exit when every game is over.
    #[arg(long)]
    exit_when_done: bool,
}

/// The PGN games in `files`, or in every `.pgn` of `dir` (default `tests/data/pgn`).
pub fn load_games(
    files: &[PathBuf],
    dir: Option<&Path>,
) -> anyhow::Result<Vec<crate::simulator::PgnGame>> {
    let mut paths = files.to_vec();
    if paths.is_empty() {
        let dir = dir
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("tests/data/pgn"));
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        found.sort();
        paths = found;
    }
    let mut games = Vec::new();
    for p in &paths {
        games.extend(crate::simulator::pgn::read_file(p)?);
    }
    anyhow::ensure!(!games.is_empty(), "no games found");
    Ok(games)
}

fn simulate(a: SimulateArgs) -> anyhow::Result<()> {
    use crate::simulator::{Scenario, SimulatorConfig};
    let scenario = match &a.scenario {
        Some(p) => Scenario::from_toml(
            &std::fs::read_to_string(p).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
        )
        .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
        None => Scenario::default(),
    };
    let config = SimulatorConfig {
        boards: a.boards,
        games: load_games(&a.pgn, a.pgn_dir.as_deref())?,
        speed: a.speed,
        bind: a.bind,
        base_port: a.base_port,
        livechess_port: a.livechess_port,
        scenario,
        max_plies: a.max_plies,
        exit_when_done: a.exit_when_done,
        ..SimulatorConfig::default()
    };
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async {
        let (_keep, shutdown) = tokio::sync::watch::channel(false);
        let summary = crate::simulator::run(config, shutdown).await?;
        eprintln!(
            "simulator done: {} connections, {} frames, {} bytes",
            summary.connections, summary.frames_sent, summary.bytes_sent
        );
        Ok(())
    })
}
