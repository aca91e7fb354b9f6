//! The command line: clap definitions, and the dispatch to the subcommands (`crate::commands`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::commands;
use crate::exit::EXIT_INPUT;

/// A language of the console and the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    De,
    En,
}

impl From<LangArg> for arbiter_core::matchfile::Lang {
    fn from(l: LangArg) -> Self {
        match l {
            LangArg::De => arbiter_core::matchfile::Lang::De,
            LangArg::En => arbiter_core::matchfile::Lang::En,
        }
    }
}

/// Who signs the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RoleArg {
    Arbiter,
    HomeCaptain,
    AwayCaptain,
}

impl From<RoleArg> for arbiter_core::signature::Role {
    fn from(r: RoleArg) -> Self {
        match r {
            RoleArg::Arbiter => arbiter_core::signature::Role::Arbiter,
            RoleArg::HomeCaptain => arbiter_core::signature::Role::HomeCaptain,
            RoleArg::AwayCaptain => arbiter_core::signature::Role::AwayCaptain,
        }
    }
}

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
        /// Language of the console (default: the match file's `lang`).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// The journal (default: journals/<date>-<round>-<home>-<away>.jsonl). An existing
        /// journal of the same match is continued (after a crash or a quit).
        #[arg(long)]
        journal: Option<PathBuf>,
    },
    /// Open the console on a match file and connect to its boards' feeds. Started again, it
    /// continues the match's journal where it ended.
    Run {
        /// The match file (TOML).
        match_file: PathBuf,
        /// The journal (default: journals/<date>-<round>-<home>-<away>.jsonl). An existing
        /// journal of the same match is continued (after a crash or a quit).
        #[arg(long)]
        journal: Option<PathBuf>,
        /// Language of the console (default: the match file's `lang`).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// Write the games as they are played, with clocks, to this PGN file for a live
        /// broadcast: rewritten atomically whenever they changed, at most every
        /// --broadcast-every seconds.
        #[arg(long)]
        broadcast_pgn: Option<PathBuf>,
        /// Seconds between two writes of the broadcast PGN.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
        broadcast_every: u64,
    },
    /// Load and validate a match file and its rule profile; print a summary.
    Check {
        /// The match file (TOML).
        match_file: PathBuf,
        /// Check under another rule profile (an id under config/rules/ or a .toml path).
        #[arg(long)]
        profile: Option<String>,
    },
    /// Check a signed report under an anchor from outside (the league's key registry, the
    /// genuine match file): its digest, its signatures and whose keys made them, the receipts
    /// that tie countersignatures with enrolled keys to the captains, and with --journal that
    /// it is exactly what the journal yields and what follows its head. Or a bundle (tied to
    /// the signed report it was cut from), or a journal's chain. Exit status 0 only when
    /// everything holds under an anchor, 3 for a report valid as signed but superseded, 1 for
    /// a failure or no anchor, 2 for bad input.
    Verify {
        /// A journal (.jsonl), a report (report.json) or a bundle.
        file: PathBuf,
        /// For a report or a bundle: the journal it was made from.
        #[arg(long)]
        journal: Option<PathBuf>,
        /// The genuine match file (an anchor: its [signers] keys count; the report and the
        /// journal must have been made under it).
        #[arg(long = "match")]
        match_file: Option<PathBuf>,
        /// The league's key registry (an anchor: TOML, `league`, `[[key]] role name club
        /// public_key valid_from valid_until`; docs/REPORT.md); may be repeated.
        #[arg(long = "registry")]
        registry: Vec<PathBuf>,
        /// Keys that restrict (TOML, `[[key]] role name public_key`): every signature must be
        /// made with a key listed for its role, and a listed key the anchor does not hold is a
        /// failure. Never adds trust; may be repeated.
        #[arg(long = "keys")]
        keys: Vec<PathBuf>,
        /// The receipt a captain took home, ROLE=CODE (home=7KQM-2XPA-9DRT-W4HE); may be
        /// repeated.
        #[arg(long = "receipt")]
        receipt: Vec<String>,
        /// A captain proves his enrolled key by typing his passphrase (asked for, not
        /// echoed): home or away; may be repeated.
        #[arg(long = "prove")]
        prove: Vec<String>,
        /// As --prove, with the passphrase in an environment variable: ROLE=VAR.
        #[arg(long = "prove-env")]
        prove_env: Vec<String>,
        /// Accept demonstration keys (their passphrases are published): for the demo and the
        /// recordings only; the verdict says so.
        #[arg(long)]
        allow_demo_keys: bool,
    },
    /// Play a journal back in the console, or query it headless (--at, --incidents,
    /// --extract).
    Replay(commands::replay::Query),
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
        /// Language of the text and PDF (default: the match file's).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// The league's key registry (for the statuses printed in the report); may be
        /// repeated.
        #[arg(long = "registry")]
        registry: Vec<PathBuf>,
    },
    /// Sign a report (the arbiter first, then each captain countersigns). The key must be the
    /// one registered for the signer (or, for a captain, enrolled at the console).
    Sign {
        /// The report file (e.g. DIR/report.json); it is written back in place, with its .md
        /// and .pdf beside it.
        report: PathBuf,
        #[arg(long, value_enum)]
        role: RoleArg,
        /// A key file from `arbiter keygen`; without it the key is derived from a passphrase.
        #[arg(long)]
        key: Option<PathBuf>,
        /// Read the passphrase from this environment variable instead of prompting.
        #[arg(long)]
        passphrase_env: Option<String>,
        /// A remark signed with the signature, e.g. "under protest (FIDE 11.10)".
        #[arg(long)]
        remark: Option<String>,
        /// The journal the report was made from: its match file and enrolled keys say whose
        /// keys count.
        #[arg(long)]
        journal: Option<PathBuf>,
        /// The match file (instead of, or with, --journal).
        #[arg(long = "match")]
        match_file: Option<PathBuf>,
        /// The league's key registry (a key it holds for the signer, valid on the match date,
        /// counts); may be repeated.
        #[arg(long = "registry")]
        registry: Vec<PathBuf>,
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
        role: Option<RoleArg>,
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
    Simulate(commands::simulate::SimulateArgs),
}

/// Whether the command prints its results to stdout (it then ends quietly when stdout is
/// closed); the console, the recorder and the simulator keep SIGPIPE ignored.
fn prints_results(command: &Command) -> bool {
    match command {
        Command::Demo { .. }
        | Command::Run { .. }
        | Command::Simulate(_)
        | Command::Record { .. } => false,
        Command::Replay(q) => q.at.is_some() || q.incidents || q.extract,
        _ => true,
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    // The commands that print results to stdout end quietly when it is closed (`| head`); the
    // console, the recorder and the simulator keep SIGPIPE ignored.
    if prints_results(&cli.command) {
        crate::out::restore_sigpipe();
    }
    match cli.command {
        Command::Check {
            match_file,
            profile,
        } => commands::check::run(&match_file, profile.as_deref()),
        Command::Verify {
            file,
            journal,
            match_file,
            registry,
            keys,
            receipt,
            prove,
            prove_env,
            allow_demo_keys,
        } => commands::verify::run(
            &file,
            &commands::verify::VerifyArgs {
                journal,
                match_file,
                registries: registry,
                keys,
                receipts: receipt,
                prove,
                prove_env,
                allow_demo_keys,
            },
        ),
        Command::Report {
            journal,
            match_file,
            out,
            lang,
            registry,
        } => commands::report::run(
            &journal,
            match_file.as_deref(),
            out.as_deref(),
            lang.map(Into::into),
            &registry,
        ),
        Command::Sign {
            report,
            role,
            key,
            passphrase_env,
            remark,
            journal,
            match_file,
            registry,
        } => commands::sign::sign(
            &report,
            role.into(),
            &commands::sign::SignArgs {
                key,
                passphrase_env,
                remark,
                journal,
                match_file,
                registries: registry,
            },
        ),
        Command::Keygen {
            output,
            derive,
            role,
            name,
            passphrase_env,
        } => commands::sign::keygen(
            output.as_deref(),
            derive,
            role.map(Into::into),
            name.as_deref(),
            passphrase_env.as_deref(),
        ),
        Command::Demo { lang, journal } => commands::console::demo(lang.map(Into::into), journal),
        Command::Run {
            match_file,
            journal,
            lang,
            broadcast_pgn,
            broadcast_every,
        } => commands::console::run_match(
            &match_file,
            lang.map(Into::into),
            journal,
            broadcast_pgn.map(|p| crate::broadcast::Broadcast::new(p, broadcast_every)),
        ),
        Command::Script { scenario, journal } => {
            commands::script::run(&scenario, journal.as_deref())
        }
        Command::Replay(q) => commands::replay::run(q),
        Command::Record { plan, output } => commands::simulate::record(&plan, &output),
        Command::Simulate(config) => match commands::simulate::run(config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arbiter simulate: {e:#}");
                ExitCode::from(EXIT_INPUT)
            }
        },
    }
}
