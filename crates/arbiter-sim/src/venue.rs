//! A simulated venue on a runtime of its own: the simulator bound and serving in a background
//! thread, for callers that are not async (the demo console, the recorder). Dropping the venue
//! stops it.

use std::sync::mpsc;
use std::thread::JoinHandle;

use tokio::sync::watch;

use crate::{Simulator, SimulatorConfig, SimulatorPorts, SimulatorSummary};

/// A running simulator.
#[derive(Debug)]
pub struct Venue {
    ports: SimulatorPorts,
    epoch: std::time::Instant,
    stop: watch::Sender<bool>,
    thread: Option<JoinHandle<anyhow::Result<SimulatorSummary>>>,
}

impl Venue {
    /// Binds every port, then serves in a background thread until stopped (or, with
    /// `exit_when_done`, until the games are over).
    pub fn start(config: SimulatorConfig) -> anyhow::Result<Venue> {
        let (ready_tx, ready_rx) = mpsc::channel();
        let (stop, stop_rx) = watch::channel(false);
        let thread = std::thread::Builder::new().name("venue".into()).spawn(
            move || -> anyhow::Result<SimulatorSummary> {
                let rt = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .thread_name("venue-rt")
                    .enable_all()
                    .build()?;
                rt.block_on(async move {
                    let sim = match Simulator::bind(config).await {
                        Ok(sim) => sim,
                        Err(e) => {
                            let msg = format!("{e:#}");
                            let _ = ready_tx.send(Err(e));
                            anyhow::bail!(msg);
                        }
                    };
                    let _ = ready_tx.send(Ok((sim.ports().clone(), sim.epoch().into_std())));
                    sim.serve(stop_rx).await
                })
            },
        )?;
        let (ports, epoch) = ready_rx
            .recv()
            .map_err(|_| anyhow::anyhow!("the simulator thread ended before it was ready"))??;
        Ok(Venue {
            ports,
            epoch,
            stop,
            thread: Some(thread),
        })
    }

    /// The boards' TCP addresses and the LiveChess endpoint.
    pub fn ports(&self) -> &SimulatorPorts {
        &self.ports
    }

    /// The venue's time origin (game time 0 at speed 1).
    pub fn epoch(&self) -> std::time::Instant {
        self.epoch
    }

    /// Whether the simulator has stopped serving (with `exit_when_done`: the games are over).
    pub fn finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Stops the simulator and waits for it; its summary, or the error it ended with.
    pub fn stop(mut self) -> anyhow::Result<SimulatorSummary> {
        self.finish()
    }

    fn finish(&mut self) -> anyhow::Result<SimulatorSummary> {
        let _ = self.stop.send(true);
        match self.thread.take() {
            Some(t) => t
                .join()
                .map_err(|_| anyhow::anyhow!("the simulator thread panicked"))?,
            None => anyhow::bail!("the simulator was already stopped"),
        }
    }
}

impl Drop for Venue {
    fn drop(&mut self) {
        if self.thread.is_some() {
            let _ = self.finish();
        }
    }
}
