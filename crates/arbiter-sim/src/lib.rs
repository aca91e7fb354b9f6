//! `arbiter-sim`: the venue simulator, the games it ships ([`games`]), a venue on its own
//! runtime ([`venue`]) and the headless recorder ([`recorder`]). N e-boards with DGT 3000 clocks
//! playing PGN games, each served as a raw DGT byte stream on its own loopback TCP port (like
//! ser2net), plus a LiveChess-compatible websocket endpoint. Incidents come from a [`Scenario`].
//!
//! Entry points: [`Simulator::bind`] (ports known before serving) and [`Simulator::serve`], or
//! [`run`] for both. The venue's time origin ([`SimulatorConfig::epoch`]) survives a restart:
//! a simulator started again with the same epoch and ports resumes the games where the
//! physical boards are by then.
//!
//! Layer (checked against `cargo metadata` by `tests/architecture.rs`): depends on arbiter-core, arbiter-protocol, arbiter-io.

pub mod board;
pub mod games;
mod livechess_server;
pub mod pgn;
pub mod recorder;
pub mod scenario;
pub mod venue;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, watch};
use tokio::time::Instant;

pub use board::{BoardResume, BoardSetup, BoardSim, SimOutput, TimeControlSpec};
pub use pgn::PgnGame;
pub use scenario::{Incident, Scenario};

use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_protocol::dgt::command::Received;
use arbiter_protocol::dgt::{ClockAck, Command, CommandDecoder, Message, encode_message};

/// How to run the simulator.
#[derive(Debug, Clone)]
pub struct SimulatorConfig {
    /// Number of boards (1..=1000).
    pub boards: usize,
    /// The games, dealt to the boards in turn.
    pub games: Vec<PgnGame>,
    /// Time factor, 1.0 ..= 100.0.
    pub speed: f64,
    pub bind: IpAddr,
    /// Board N listens on `base_port + N - 1`; `None`: ephemeral ports.
    pub base_port: Option<u16>,
    /// Explicit ports per board (e.g. to restart on the same ports); overrides `base_port`.
    pub board_ports: Vec<u16>,
    /// The LiveChess websocket endpoint: `None` off, `Some(0)` ephemeral.
    pub livechess_port: Option<u16>,
    pub scenario: Scenario,
    /// The venue's time origin (round start). `None`: now.
    pub epoch: Option<Instant>,
    /// Play only the first plies of each game.
    pub max_plies: Option<usize>,
    pub time_control: TimeControlSpec,
    /// Boards turned 180°.
    pub rotated_boards: Vec<u16>,
    /// White's clock side per board; default: Left on odd boards, Right on even boards.
    pub white_sides: Vec<ClockSide>,
    /// Stop serving once every game's timeline has ended (plus 1 s).
    pub exit_when_done: bool,
    /// Boards whose clock is in its host-controlled mode (mode 23) and carries out SETNRUN;
    /// the others answer it with an error ACK, as a clock running a game does.
    pub host_controlled_clocks: Vec<u16>,
    /// Boards that take up their games from given positions and clocks (a venue started again
    /// from a journal, `arbiter demo` continued); the others start their games.
    pub resume: Vec<BoardResume>,
}

impl Default for SimulatorConfig {
    fn default() -> Self {
        SimulatorConfig {
            boards: 8,
            games: Vec::new(),
            speed: 1.0,
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            base_port: None,
            board_ports: Vec::new(),
            livechess_port: None,
            scenario: Scenario::default(),
            epoch: None,
            max_plies: None,
            time_control: TimeControlSpec::default(),
            rotated_boards: Vec::new(),
            white_sides: Vec::new(),
            exit_when_done: false,
            host_controlled_clocks: Vec::new(),
            resume: Vec::new(),
        }
    }
}

/// Where the simulator listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimulatorPorts {
    /// Board N (1-based) is `boards[N - 1]`.
    pub boards: Vec<SocketAddr>,
    pub livechess: Option<SocketAddr>,
}

/// One simulated board, as set up.
#[derive(Debug, Clone)]
pub struct SimBoardInfo {
    pub setup: BoardSetup,
    /// Game time (ms at 1x since the round started) of each move.
    pub move_times: Vec<u64>,
    /// The serial number the board reports (and LiveChess lists).
    pub serial: String,
}

/// What a finished run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimulatorSummary {
    pub connections: u64,
    pub frames_sent: u64,
    pub bytes_sent: u64,
}

#[derive(Debug, Default)]
struct Counters {
    connections: AtomicU64,
    frames: AtomicU64,
    bytes: AtomicU64,
}

pub(crate) struct Shared {
    pub(crate) sim: Mutex<BoardSim>,
    pub(crate) tx: broadcast::Sender<SimOutput>,
    pub(crate) serial: String,
}

/// A bound simulator, ready to serve.
pub struct Simulator {
    config: SimulatorConfig,
    boards: Vec<Arc<Shared>>,
    listeners: Vec<TcpListener>,
    livechess: Option<TcpListener>,
    ports: SimulatorPorts,
    epoch: Instant,
}

fn game_ms(epoch: Instant, speed: f64) -> u64 {
    (epoch.elapsed().as_secs_f64() * speed * 1000.0) as u64
}

impl Simulator {
    /// Builds the boards and binds every port.
    pub async fn bind(config: SimulatorConfig) -> anyhow::Result<Simulator> {
        anyhow::ensure!(
            (1..=1000).contains(&config.boards),
            "boards must be 1..=1000"
        );
        anyhow::ensure!(
            (1.0..=100.0).contains(&config.speed),
            "speed must be between 1 and 100"
        );
        anyhow::ensure!(!config.games.is_empty(), "no games to play");
        let epoch = config.epoch.unwrap_or_else(Instant::now);
        let now_ms = game_ms(epoch, config.speed);
        let mut boards = Vec::new();
        let mut listeners = Vec::new();
        let mut addrs = Vec::new();
        for i in 0..config.boards {
            let no = BoardNo::from_index(i);
            let setup = BoardSetup {
                board: no,
                serial: format!("{:05}", 10_000 + i + 1),
                game: config.games[i % config.games.len()].clone(),
                white_side: config.white_sides.get(i).copied().unwrap_or(if i % 2 == 0 {
                    ClockSide::Left
                } else {
                    ClockSide::Right
                }),
                rotated: config.rotated_boards.contains(&no.0),
                max_plies: config.max_plies,
                time_control: config.time_control,
                incidents: config
                    .scenario
                    .incidents
                    .iter()
                    .filter(|inc| inc.board() == no.0)
                    .cloned()
                    .collect(),
                host_controlled_clock: config.host_controlled_clocks.contains(&no.0),
                resume: config.resume.iter().find(|r| r.board == no.0).copied(),
            };
            let serial = setup.serial.clone();
            let mut sim = BoardSim::new(setup)
                .map_err(|e| anyhow::anyhow!("board {no}: game does not replay: {e}"))?;
            // a restart resumes where the physical board is by now
            let mut discard = Vec::new();
            sim.advance_to(now_ms, &mut discard);
            let (tx, _) = broadcast::channel(1024);
            boards.push(Arc::new(Shared {
                sim: Mutex::new(sim),
                tx,
                serial,
            }));
            let port = match (config.board_ports.get(i), config.base_port) {
                (Some(&p), _) => p,
                (None, Some(base)) => base
                    .checked_add(u16::try_from(i)?)
                    .ok_or_else(|| anyhow::anyhow!("port out of range"))?,
                (None, None) => 0,
            };
            let l = TcpListener::bind((config.bind, port))
                .await
                .map_err(|e| anyhow::anyhow!("board {no}: bind {}:{port}: {e}", config.bind))?;
            addrs.push(l.local_addr()?);
            listeners.push(l);
        }
        let livechess = match config.livechess_port {
            Some(p) => Some(TcpListener::bind((config.bind, p)).await?),
            None => None,
        };
        let ports = SimulatorPorts {
            boards: addrs,
            livechess: livechess.as_ref().map(|l| l.local_addr()).transpose()?,
        };
        Ok(Simulator {
            config,
            boards,
            listeners,
            livechess,
            ports,
            epoch,
        })
    }

    pub fn ports(&self) -> &SimulatorPorts {
        &self.ports
    }

    /// The venue's time origin; pass it to a restarted simulator to resume.
    pub fn epoch(&self) -> Instant {
        self.epoch
    }

    /// The boards' set-ups, serial numbers and move times, for tests and demos.
    pub fn boards(&self) -> Vec<SimBoardInfo> {
        self.boards
            .iter()
            .map(|b| {
                let s = b.sim.lock().expect("board lock");
                SimBoardInfo {
                    setup: s.setup.clone(),
                    move_times: s.move_times().to_vec(),
                    serial: b.serial.clone(),
                }
            })
            .collect()
    }

    /// Serves until `shutdown` turns true (or, with `exit_when_done`, the games end).
    pub async fn serve(
        self,
        mut shutdown: watch::Receiver<bool>,
    ) -> anyhow::Result<SimulatorSummary> {
        let counters = Arc::new(Counters::default());
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut tasks = tokio::task::JoinSet::new();
        for (l, b) in self.listeners.into_iter().zip(&self.boards) {
            tasks.spawn(listen_dgt(
                l,
                b.clone(),
                stop_rx.clone(),
                counters.clone(),
                self.config.speed,
            ));
        }
        if let Some(l) = self.livechess {
            tasks.spawn(livechess_server::listen(
                l,
                self.boards.clone(),
                stop_rx.clone(),
                counters.clone(),
            ));
        }
        let speed = self.config.speed;
        let epoch = self.epoch;
        // Each board wakes when its display or its board next changes (a clock sends a report
        // when its display changes), so that reports leave on time at any speed; at least
        // every 100 ms.
        for b in &self.boards {
            let b = b.clone();
            let mut stop = stop_rx.clone();
            tasks.spawn(async move {
                let mut out = Vec::new();
                loop {
                    let now = game_ms(epoch, speed);
                    let next = {
                        let mut sim = b.sim.lock().expect("board lock");
                        sim.advance_to(now, &mut out);
                        sim.next_change()
                    };
                    for o in out.drain(..) {
                        let _ = b.tx.send(o);
                    }
                    let wait_ms = (next.saturating_sub(now) as f64 / speed).clamp(0.5, 100.0);
                    let at =
                        tokio::time::Instant::now() + Duration::from_secs_f64(wait_ms / 1000.0);
                    tokio::select! {
                        _ = tokio::time::sleep_until(at) => {}
                        _ = stop.changed() => return,
                    }
                }
            });
        }
        let mut interval = tokio::time::interval(Duration::from_millis(100));
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let end = self
            .boards
            .iter()
            .map(|b| b.sim.lock().expect("board lock").end_time())
            .max()
            .unwrap_or(0);
        loop {
            tokio::select! {
                _ = interval.tick() => {}
                r = shutdown.changed() => {
                    if r.is_err() || *shutdown.borrow() { break; }
                }
            }
            let now = game_ms(epoch, speed);
            if self.config.exit_when_done && now > end + (1000.0 * speed) as u64 {
                // the last steps are out: every board has passed its end
                let all = self
                    .boards
                    .iter()
                    .all(|b| b.sim.lock().expect("board lock").finished());
                if all {
                    break;
                }
            }
        }
        let _ = stop_tx.send(true);
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
        Ok(SimulatorSummary {
            connections: counters.connections.load(Ordering::Relaxed),
            frames_sent: counters.frames.load(Ordering::Relaxed),
            bytes_sent: counters.bytes.load(Ordering::Relaxed),
        })
    }
}

/// Binds, prints the ports (one line per board, then the LiveChess address) and serves.
pub async fn run(
    config: SimulatorConfig,
    shutdown: watch::Receiver<bool>,
) -> anyhow::Result<SimulatorSummary> {
    let sim = Simulator::bind(config).await?;
    for (i, a) in sim.ports().boards.iter().enumerate() {
        println!("board {}: tcp://{a}", i + 1);
    }
    if let Some(a) = sim.ports().livechess {
        println!(
            "livechess: ws://{a}{}",
            arbiter_protocol::livechess::API_PATH
        );
    }
    sim.serve(shutdown).await
}

async fn listen_dgt(
    l: TcpListener,
    board: Arc<Shared>,
    stop: watch::Receiver<bool>,
    counters: Arc<Counters>,
    speed: f64,
) {
    let mut conns = tokio::task::JoinSet::new();
    let mut stop2 = stop.clone();
    loop {
        tokio::select! {
            r = l.accept() => {
                let Ok((s, _)) = r else { continue };
                let _ = s.set_nodelay(true);
                counters.connections.fetch_add(1, Ordering::Relaxed);
                conns.spawn(serve_dgt(s, board.clone(), stop.clone(), counters.clone(), speed));
            }
            _ = stop2.changed() => break,
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    conns.abort_all();
}

/// A board's update mode (protocol header): what it sends without being asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// After `DGT_SEND_RESET` (and at power-up): nothing.
    Idle,
    /// `DGT_SEND_UPDATE_BRD`: field updates only, no clock reports.
    Board,
    /// `DGT_SEND_UPDATE`: field updates, and clock reports at least every second.
    Update,
    /// `DGT_SEND_UPDATE_NICE`: field updates, and clock reports when the clock's data change.
    Nice,
}

impl Mode {
    fn fields(self) -> bool {
        self != Mode::Idle
    }
    fn clock(self) -> bool {
        matches!(self, Mode::Update | Mode::Nice)
    }
}

/// Clock commands (inside `2B size 03 cmd … 00`) a DGT 3000 knows.
mod clock_cmd {
    pub const DISPLAY: u8 = 0x01;
    pub const ICONS: u8 = 0x02;
    pub const END: u8 = 0x03;
    pub const BUTTON: u8 = 0x08;
    pub const SETNRUN: u8 = 0x0A;
    pub const BEEP: u8 = 0x0B;
    pub const ASCII: u8 = 0x0C;
}

fn reply(board: &Shared, r: Received, mode: &mut Mode, out: &mut Vec<u8>) {
    let mut sim = board.sim.lock().expect("board lock");
    let m = match r {
        Received::Command(c) => match c {
            Command::Reset => {
                *mode = Mode::Idle;
                return;
            }
            Command::SendUpdate => {
                *mode = Mode::Update;
                return;
            }
            Command::SendUpdateNice => {
                *mode = Mode::Nice;
                return;
            }
            Command::SendUpdateBoard => {
                *mode = Mode::Board;
                return;
            }
            Command::SendClock => Message::ClockTimes(sim.clock_times()),
            Command::SendBoard => Message::BoardDump(sim.raw_board()),
            Command::SendEeMoves => Message::EeMoves(sim.ee_dump()),
            Command::SerialNumber => Message::SerialNumber(board.serial.clone()),
            Command::LongSerialNumber => {
                Message::LongSerialNumber(format!("00000{}", board.serial))
            }
            Command::BusAddress => {
                Message::BusAddress(board.serial.parse::<u16>().unwrap_or(0) & 0x3FFF)
            }
            Command::Trademark => Message::Trademark("Digital Game Technology (simulated)".into()),
            Command::Version => Message::Version { major: 1, minor: 7 },
            Command::BatteryStatus => {
                Message::BatteryStatus(vec![100, 0x7F, 0x7F, 0, 0, 0, 0, 0, 0])
            }
            // ACKs only in update modes (header: none in IDLE or UPDATE_BRD); a DGT 3000 v2.1
            Command::ClockVersion if mode.clock() && !sim.no_clock() => {
                Message::ClockAck(ClockAck([0x10, 0x09, 0x21, 0x00]))
            }
            Command::ClockVersion => return,
        },
        Received::ClockCommand { .. } if !mode.clock() || sim.no_clock() => return,
        // SETNRUN in mode 23 (a host-controlled clock): both times set, the side run, ACK.
        Received::ClockCommand {
            cmd: clock_cmd::SETNRUN,
            payload,
        } if sim.host_controlled_clock() => {
            match arbiter_protocol::dgt::command::SetAndRun::from_payload(&payload) {
                Some(c) => {
                    use arbiter_protocol::dgt::command::ClockRun;
                    let running = match c.run {
                        ClockRun::Left => Some(ClockSide::Left),
                        ClockRun::Right => Some(ClockSide::Right),
                        ClockRun::Paused => None,
                    };
                    let mut frames = Vec::new();
                    sim.set_and_run(c.left_ms, c.right_ms, running, &mut frames);
                    for f in frames {
                        let _ = board.tx.send(f);
                    }
                    Message::ClockAck(ClockAck([0x10, clock_cmd::SETNRUN, 0, 0]))
                }
                None => Message::ClockAck(ClockAck([0x40, clock_cmd::SETNRUN, 0, 0])),
            }
        }
        // SETNRUN needs the clock in mode 23, which a clock running a game is not in (it is
        // set by hand): an error ACK
        Received::ClockCommand {
            cmd: clock_cmd::SETNRUN,
            ..
        } => Message::ClockAck(ClockAck([0x40, clock_cmd::SETNRUN, 0, 0])),
        Received::ClockCommand { cmd, .. }
            if matches!(
                cmd,
                clock_cmd::DISPLAY
                    | clock_cmd::ICONS
                    | clock_cmd::END
                    | clock_cmd::BUTTON
                    | clock_cmd::BEEP
                    | clock_cmd::ASCII
            ) =>
        {
            Message::ClockAck(ClockAck([0x10, cmd, 0, 0]))
        }
        Received::ClockCommand { cmd, .. } => Message::ClockAck(ClockAck([0x40, cmd, 0, 0])),
        Received::Unknown(_) => return,
    };
    encode_message(&m, out);
}

async fn serve_dgt(
    s: TcpStream,
    board: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
    counters: Arc<Counters>,
    speed: f64,
) {
    let (mut rd, mut wr) = s.into_split();
    let mut rx = board.tx.subscribe();
    let mut dec = CommandDecoder::new();
    // a board starts idle: it sends nothing before it is told an update mode
    let mut mode = Mode::Idle;
    let mut silent = board.sim.lock().expect("board lock").silent();
    let mut buf = [0u8; 512];
    let mut out = Vec::new();
    // UPDATE mode: a clock report at least every second (of game time)
    let every = Duration::from_secs_f64((1.0 / speed).clamp(0.005, 1.0));
    let mut second = tokio::time::interval(every);
    second.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            r = rd.read(&mut buf) => {
                let n = match r { Ok(0) | Err(_) => return, Ok(n) => n };
                if silent { continue; }
                dec.push(&buf[..n]);
                while let Some(c) = dec.next() {
                    reply(&board, c, &mut mode, &mut out);
                    if !out.is_empty() {
                        counters.frames.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            _ = second.tick(), if mode == Mode::Update && !silent => {
                let t = board.sim.lock().expect("board lock").clock_times();
                encode_message(&Message::ClockTimes(t), &mut out);
                counters.frames.fetch_add(1, Ordering::Relaxed);
            }
            m = rx.recv() => match m {
                Ok(SimOutput::Frame(m)) if !silent => {
                    let send = match m {
                        Message::FieldUpdate { .. } => mode.fields(),
                        Message::ClockTimes(_) => mode.clock(),
                        _ => mode.fields(),
                    };
                    if send {
                        encode_message(&m, &mut out);
                        counters.frames.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Ok(SimOutput::Garbage(b)) if !silent => out.extend_from_slice(&b),
                Ok(SimOutput::Noise(b)) => out.extend_from_slice(&b),
                Ok(SimOutput::Silence(on)) => silent = on,
                Ok(_) => {}
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    if mode.fields() && !silent {
                        reply(&board, Received::Command(Command::SendBoard), &mut mode, &mut out);
                    }
                    if mode.clock() && !silent {
                        reply(&board, Received::Command(Command::SendClock), &mut mode, &mut out);
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
        }
        if !out.is_empty() {
            counters
                .bytes
                .fetch_add(out.len() as u64, Ordering::Relaxed);
            if wr.write_all(&out).await.is_err() {
                return;
            }
            out.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_protocol::dgt::command::{ClockRun, CommandDecoder, SetAndRun};
    use arbiter_protocol::dgt::{Decoder, Message};

    fn board(host_controlled_clock: bool) -> Shared {
        let setup = BoardSetup {
            board: BoardNo(1),
            serial: "10001".into(),
            game: pgn::parse("1. e4 {[%clk 1:30:21]} e5 {[%clk 1:29:59]} *")
                .unwrap()
                .remove(0),
            white_side: ClockSide::Left,
            rotated: false,
            max_plies: None,
            time_control: TimeControlSpec::default(),
            incidents: Vec::new(),
            host_controlled_clock,
            resume: None,
        };
        let mut sim = BoardSim::new(setup).unwrap();
        let t = sim.move_times()[0];
        sim.advance_to(t + 1_000, &mut Vec::new());
        Shared {
            sim: Mutex::new(sim),
            tx: broadcast::channel(16).0,
            serial: "10001".into(),
        }
    }

    /// The bytes the console would send, through the board's command decoder and `reply`.
    fn send(b: &Shared, bytes: &[u8]) -> Vec<Message> {
        let mut d = CommandDecoder::new();
        d.push(bytes);
        let mut out = Vec::new();
        let mut mode = Mode::Nice;
        while let Some(r) = d.next() {
            reply(b, r, &mut mode, &mut out);
        }
        let mut dec = Decoder::new();
        dec.push(&out);
        std::iter::from_fn(|| dec.next())
            .map(|m| m.unwrap())
            .collect()
    }

    #[test]
    fn a_host_controlled_clock_carries_out_setnrun_and_another_refuses_it() {
        let cmd = SetAndRun {
            left_ms: 5_541_000,
            right_ms: 5_399_000,
            run: ClockRun::Right,
        };
        // A clock running a game (not in mode 23): error ACK, the times stay.
        let b = board(false);
        let before = b.sim.lock().unwrap().clock_times();
        assert_eq!(
            send(&b, &cmd.bytes()),
            [Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0]))]
        );
        assert_eq!(b.sim.lock().unwrap().clock_times(), before);
        // In mode 23: ACK 0x10 echoing 0A, and the clock shows the times with Black's running.
        let b = board(true);
        let mut rx = b.tx.subscribe();
        assert_eq!(
            send(&b, &cmd.bytes()),
            [Message::ClockAck(ClockAck([0x10, 0x0A, 0, 0]))]
        );
        let t = b.sim.lock().unwrap().clock_times();
        assert_eq!((t.left.ms(), t.right.ms()), (5_541_000, 5_399_000));
        assert_eq!(t.running_side(), Some(ClockSide::Right));
        // Clients in an update mode get the new report.
        assert!(matches!(
            rx.try_recv(),
            Ok(SimOutput::Frame(Message::ClockTimes(r))) if r == t
        ));
        // A malformed SETNRUN (count-up hours) is refused even there.
        let mut bad = cmd.bytes();
        bad[4] = 0x11;
        assert_eq!(
            send(&b, &bad),
            [Message::ClockAck(ClockAck([0x40, 0x0A, 0, 0]))]
        );
    }
}
