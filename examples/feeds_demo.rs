//! In-process demo: the simulator and the feeds in one process, events printed as JSON-ish
//! lines. `cargo run --example feeds_demo -- [SPEED] [livechess]`.

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::model::BoardNo;
use arbiter_io::feeds::{FeedConfig, FeedCounters, Source, Timing, spawn_feed};
use arbiter_sim::{Simulator, SimulatorConfig};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let speed: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50.0);
    let livechess = args.iter().any(|a| a == "livechess");
    let games = arbiter_sim::games::shipped()?;
    let scenario = arbiter_sim::games::demo_incidents()?;
    let sim = Simulator::bind(SimulatorConfig {
        boards: 8,
        games,
        speed,
        livechess_port: Some(0),
        scenario,
        exit_when_done: true,
        ..SimulatorConfig::default()
    })
    .await?;
    let ports = sim.ports().clone();
    let serials: Vec<String> = sim.boards().into_iter().map(|b| b.serial).collect();
    let (_sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let (tx, mut rx) = mpsc::channel(1024);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    let base = Instant::now();
    for (i, serial) in serials.iter().enumerate() {
        let uri = if livechess {
            format!("livechess://{}/{serial}", ports.livechess.unwrap())
        } else {
            format!("tcp://{}", ports.boards[i])
        };
        spawn_feed(
            FeedConfig {
                board: BoardNo::from_index(i),
                source: Source::parse(&uri)?,
                base,
                timing: Timing {
                    settle: Duration::from_millis(300),
                    rate_scale: speed.ceil() as u64,
                    ..Timing::default()
                },
                seed: None,
            },
            tx.clone(),
            counters.clone(),
            stop_rx.clone(),
        );
    }
    drop(tx);
    let mut server = server;
    loop {
        tokio::select! {
            Some(r) = rx.recv() => {
                if !matches!(r.event, arbiter_core::record::Event::ClockSample(_)) {
                    println!("{:>8} {} {} {:?}", r.mono_ms.as_base_ms(), r.origin, r.event.kind(), r.event);
                }
            }
            s = &mut server => {
                println!("simulator finished: {:?}", s??);
                break;
            }
        }
    }
    let _ = stop.send(true);
    println!("counters: {:?}", counters.snapshot());
    Ok(())
}
