//! The `arbiter` binary. Minimal wiring of `arbiter simulate` (the feeds branch); the CLI
//! proper lives on the foundation branch.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use arbiter_console::simulator::{self, Scenario, SimulatorConfig, pgn};

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "The arbiter's console for a chess team match"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Simulate a venue: N e-boards with DGT 3000 clocks playing PGN games, served as DGT byte
    /// streams on loopback TCP ports (and optionally a LiveChess websocket endpoint).
    Simulate {
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
    },
}

fn load_games(files: &[PathBuf], dir: Option<PathBuf>) -> anyhow::Result<Vec<pgn::PgnGame>> {
    let mut paths = files.to_vec();
    if paths.is_empty() {
        let dir = dir.unwrap_or_else(|| PathBuf::from("tests/data/pgn"));
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
        games.extend(pgn::read_file(p)?);
    }
    anyhow::ensure!(!games.is_empty(), "no games found");
    Ok(games)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Simulate {
            boards,
            speed,
            pgn,
            pgn_dir,
            bind,
            base_port,
            livechess_port,
            scenario,
            max_plies,
            exit_when_done,
        } => {
            let scenario = match scenario {
                Some(p) => Scenario::from_toml(&std::fs::read_to_string(&p)?)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?,
                None => Scenario::default(),
            };
            let config = SimulatorConfig {
                boards,
                games: load_games(&pgn, pgn_dir)?,
                speed,
                bind,
                base_port,
                livechess_port,
                scenario,
                max_plies,
                exit_when_done,
                ..SimulatorConfig::default()
            };
            let (_keep, shutdown) = tokio::sync::watch::channel(false);
            let summary = simulator::run(config, shutdown).await?;
            eprintln!(
                "simulator done: {} connections, {} frames, {} bytes",
                summary.connections, summary.frames_sent, summary.bytes_sent
            );
            Ok(())
        }
    }
}
