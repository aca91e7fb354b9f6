//! `arbiter simulate` (the venue simulator alone) and `arbiter record` (a match recorded
//! headless: simulator, feeds, journal, and the arbiter's actions from a plan).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::exit::EXIT_INPUT;

/// The simulator's options.
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
    /// A directory of PGN files (default: the games shipped with the simulator).
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
    /// Board N's clock is in the host-controlled mode (a DGT 3000 in mode 23): it carries out
    /// the arbiter's SETNRUN (the console sends it where the match file's `clock_commands`
    /// names the board); every other clock refuses it as a clock running a game does.
    /// Repeatable.
    #[arg(long = "host-controlled-clock", value_name = "N")]
    host_controlled_clocks: Vec<u16>,
}

/// Runs the simulator until it is stopped (or the games end, with `--exit-when-done`).
pub fn run(a: SimulateArgs) -> anyhow::Result<()> {
    use arbiter_sim::{Scenario, SimulatorConfig};
    let scenario = match &a.scenario {
        Some(p) => Scenario::from_toml(
            &std::fs::read_to_string(p).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
        )
        .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
        None => Scenario::default(),
    };
    let config = SimulatorConfig {
        boards: a.boards,
        games: arbiter_sim::games::load(&a.pgn, a.pgn_dir.as_deref())?,
        speed: a.speed,
        bind: a.bind,
        base_port: a.base_port,
        livechess_port: a.livechess_port,
        scenario,
        max_plies: a.max_plies,
        exit_when_done: a.exit_when_done,
        host_controlled_clocks: a.host_controlled_clocks,
        ..SimulatorConfig::default()
    };
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async {
        let (_keep, shutdown) = tokio::sync::watch::channel(false);
        let summary = arbiter_sim::run(config, shutdown).await?;
        eprintln!(
            "simulator done: {} connections, {} frames, {} bytes",
            summary.connections, summary.frames_sent, summary.bytes_sent
        );
        Ok(())
    })
}

/// Records a plan into a new journal.
pub fn record(plan: &Path, output: &Path) -> ExitCode {
    match arbiter_sim::recorder::record(plan, output) {
        Ok(r) => {
            println!(
                "recorded {} records, {} of game time, into {}",
                r.records,
                arbiter_core::hms::format_hms(r.game_ms),
                output.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter record: {e:#}");
            ExitCode::from(EXIT_INPUT)
        }
    }
}
