//! Live feeds: one tokio task per board, reading a DGT stream over TCP (ser2net style) or a
//! serial port, or a LiveChess websocket, and sending journal events into a channel.
//!
//! Source URIs:
//! - `tcp://HOST:PORT`: the raw DGT serial byte stream over TCP;
//! - `serial:///dev/ttyUSB0`: a serial port (9600 8N1), read in a blocking thread;
//! - `livechess://HOST:PORT/SERIAL`: the e-board `SERIAL` of a DGT LiveChess instance
//!   (`ws://HOST:PORT/api/v1.0`, port 1982 by default).
//!
//! Every connection state change is sent as a `FeedStatus` event (see [`arbiter_protocol::connection`]). A feed
//! task never panics on input: bad bytes and bad JSON are counted in [`FeedCounters`].

mod dgt_feed;
mod link;
pub mod livechess_feed;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{mpsc, watch};

pub use arbiter_protocol::dgt::command::{ClockRun, SetAndRun};
use tokio::task::JoinHandle;
use tokio::time::Instant;

pub use arbiter_protocol::connection::{Connection, Timing, Transition};
pub use arbiter_protocol::dgt_session::DgtSession;
pub use arbiter_protocol::reconcile::GameSeed;

use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, FeedStatus, NoiseKind, Origin};
use arbiter_core::time::MonoMs;
use arbiter_protocol::noise::NoiseLog;
use arbiter_protocol::ratelimit::{BoardLimits, ClockThinning, Reading};

/// An event from a feed, stamped with the monotonic time (ms since the caller's base instant).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedRecord {
    pub mono_ms: MonoMs,
    pub origin: Origin,
    pub event: Event,
}

/// Where a board's data comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `tcp://HOST:PORT`
    Tcp { addr: String },
    /// `serial:///dev/ttyUSB0`
    Serial { path: String },
    /// `livechess://HOST:PORT/SERIAL`
    LiveChess { addr: String, serial: String },
}

/// A source URI that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad feed source {uri:?}: {reason}")]
pub struct SourceError {
    pub uri: String,
    pub reason: String,
}

impl Source {
    /// Parses a source URI (the match file's parser, [`arbiter_core::matchfile::Source::parse`]);
    /// `none` is not a feed.
    pub fn parse(uri: &str) -> Result<Source, SourceError> {
        let parsed = arbiter_core::matchfile::Source::parse(uri).map_err(|reason| SourceError {
            uri: uri.to_string(),
            reason,
        })?;
        Source::from_config(&parsed).ok_or_else(|| SourceError {
            uri: uri.to_string(),
            reason: "no feed (none)".into(),
        })
    }

    /// The transport for a match file's source; `None` for `none`.
    pub fn from_config(s: &arbiter_core::matchfile::Source) -> Option<Source> {
        use arbiter_core::matchfile::Source as M;
        let join = |host: &str, port: u16| {
            if host.contains(':') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            }
        };
        match s {
            M::Tcp { host, port } => Some(Source::Tcp {
                addr: join(host, *port),
            }),
            M::Serial { path } => Some(Source::Serial { path: path.clone() }),
            M::LiveChess { host, port, serial } => Some(Source::LiveChess {
                addr: join(host, *port),
                serial: serial.clone(),
            }),
            M::None => None,
        }
    }
}

/// Counters of one or more feeds (share one `Arc` between feeds to add them up).
#[derive(Debug, Default)]
pub struct FeedCounters {
    pub bytes: AtomicU64,
    pub frames: AtomicU64,
    pub garbage_bytes: AtomicU64,
    pub oversize_frames: AtomicU64,
    pub bad_frames: AtomicU64,
    pub bad_json: AtomicU64,
    pub unknown_messages: AtomicU64,
    /// Clock acknowledgements that answered no command.
    pub unsolicited_acks: AtomicU64,
    /// `feed_noise` summaries sent.
    pub noise_summaries: AtomicU64,
    /// Clock samples and positions dropped because the consumer was behind.
    pub dropped_events: AtomicU64,
    /// Clock samples and positions dropped by the per-board rate limits.
    pub rate_limited: AtomicU64,
    pub connects: AtomicU64,
}

/// A copy of the counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CountersSnapshot {
    pub bytes: u64,
    pub frames: u64,
    pub garbage_bytes: u64,
    pub oversize_frames: u64,
    pub bad_frames: u64,
    pub bad_json: u64,
    pub unknown_messages: u64,
    pub unsolicited_acks: u64,
    pub noise_summaries: u64,
    pub dropped_events: u64,
    pub rate_limited: u64,
    pub connects: u64,
}

impl FeedCounters {
    pub fn snapshot(&self) -> CountersSnapshot {
        let l = |a: &AtomicU64| a.load(Ordering::Relaxed);
        CountersSnapshot {
            bytes: l(&self.bytes),
            frames: l(&self.frames),
            garbage_bytes: l(&self.garbage_bytes),
            oversize_frames: l(&self.oversize_frames),
            bad_frames: l(&self.bad_frames),
            bad_json: l(&self.bad_json),
            unknown_messages: l(&self.unknown_messages),
            unsolicited_acks: l(&self.unsolicited_acks),
            noise_summaries: l(&self.noise_summaries),
            dropped_events: l(&self.dropped_events),
            rate_limited: l(&self.rate_limited),
            connects: l(&self.connects),
        }
    }
}

/// How to run one board's feed.
#[derive(Debug, Clone)]
pub struct FeedConfig {
    pub board: BoardNo,
    pub source: Source,
    /// Monotonic timestamps are ms since this instant.
    pub base: Instant,
    pub timing: Timing,
    /// The journaled game of the board, for a console started again on its journal: the feed
    /// takes it up and compares the board's game with it (`arbiter_protocol::reconcile`).
    pub seed: Option<GameSeed>,
}

/// The arbiter decided on a board that reported another game than the journal's: its feed
/// takes up `seed` (the journaled game as it stands after the decision). `compare`: the board's
/// moves are compared with it again (the board's game stands: its moves after the journal's
/// follow); `adopt`: the board's game is followed from its placement (only the placement is
/// known); neither: the journal's game stands and is followed (the arbiter sets the board).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reseed {
    pub seed: GameSeed,
    pub compare: bool,
    pub adopt: bool,
}

/// What every feed task shares: the output channel, counters and the shutdown signal; and what
/// it keeps for its own board: its counters, its noise, its rate limits.
pub(crate) struct Ctx {
    pub board: BoardNo,
    pub base: Instant,
    pub tx: mpsc::Sender<FeedRecord>,
    pub counters: Arc<FeedCounters>,
    pub shutdown: watch::Receiver<bool>,
    /// This board's counters (journaled).
    pub own: arbiter_core::record::FeedCounters,
    journaled: Option<arbiter_core::record::FeedCounters>,
    journaled_at_ms: Option<u64>,
    /// The connection changed state since the counters were last journaled.
    state_changed: bool,
    /// What the feed could not use, waiting for its summary.
    noise: NoiseLog,
    /// [`Timing::noise_summary`] and [`Timing::counters_every`], in ms.
    noise_every_ms: u64,
    counters_every_ms: u64,
    limits: BoardLimits,
    /// Which of a running clock's reports are journaled (every other predictable one).
    thinning: ClockThinning,
    /// The stamp of the last event sent.
    last_at_ms: u64,
    /// The running side of the last clock sample sent (a change is a press).
    last_running: Option<Option<arbiter_core::model::ClockSide>>,
    /// A clock sample (a placement) was shed or rate-limited since the flag was last taken:
    /// the session must emit the next one even if it is unchanged.
    pub dropped_clock: bool,
    pub dropped_position: bool,
    /// Clock commands the arbiter sends (SETNRUN), for a board whose clock accepts them.
    pub clock_commands: Option<mpsc::UnboundedReceiver<SetAndRun>>,
    /// The journaled game to take up anew after the arbiter's decision.
    pub reseeds: Option<mpsc::UnboundedReceiver<Reseed>>,
}

impl Ctx {
    pub fn new(
        board: BoardNo,
        base: Instant,
        tx: mpsc::Sender<FeedRecord>,
        counters: Arc<FeedCounters>,
        shutdown: watch::Receiver<bool>,
        timing: &Timing,
    ) -> Ctx {
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        Ctx {
            board,
            base,
            tx,
            counters,
            shutdown,
            own: arbiter_core::record::FeedCounters {
                board,
                ..Default::default()
            },
            journaled: None,
            journaled_at_ms: None,
            state_changed: false,
            noise: NoiseLog::new(board, ms(timing.noise_summary)),
            noise_every_ms: ms(timing.noise_summary),
            counters_every_ms: ms(timing.counters_every),
            limits: BoardLimits::scaled(timing.rate_scale),
            thinning: ClockThinning::default(),
            last_running: None,
            last_at_ms: 0,
            dropped_clock: false,
            dropped_position: false,
            clock_commands: None,
            reseeds: None,
        }
    }

    pub fn now_ms(&self) -> u64 {
        u64::try_from(self.base.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Sends an event that happened at `at_ms` (ms since the base: for data, the moment its
    /// bytes were read). A running clock's report that only confirms its count goes every other
    /// second ([`ClockThinning`]). Clock samples and positions are rate-limited per board and
    /// shed (and counted) when the consumer is behind, so a flooding board cannot hold up the
    /// others nor grow the journal without limit; everything else waits. Returns false when
    /// the receiver is gone.
    pub async fn emit_at(&mut self, at_ms: u64, event: Event) -> bool {
        // A board's records keep their order: an event judged on a tick is never stamped
        // after data that arrived later (the feed handles data that is ready first, so this
        // moves a stamp by a few ms at most, and only in that race).
        let at_ms = at_ms.max(self.last_at_ms);
        self.last_at_ms = at_ms;
        // A report that only confirms the running clock's count goes every other second.
        if let Event::ClockSample(c) = &event
            && !self.thinning.keep(at_ms, c)
        {
            return true;
        }
        let limited = match &event {
            Event::ClockSample(c) if self.last_running != Some(c.running) => {
                let ok = self.limits.allow(Reading::Press, at_ms);
                if ok {
                    self.last_running = Some(c.running);
                }
                !ok
            }
            Event::ClockSample(_) => !self.limits.allow(Reading::Sample, at_ms),
            Event::BoardPosition(_) => !self.limits.allow(Reading::Placement, at_ms),
            _ => false,
        };
        if limited {
            self.own.rate_limited += 1;
            self.counters.rate_limited.fetch_add(1, Ordering::Relaxed);
            self.note_dropped(&event);
            return true;
        }
        let sheddable = event.sheddable();
        let rec = FeedRecord {
            mono_ms: MonoMs::from_base_ms(at_ms),
            origin: Origin::Feed(self.board),
            event,
        };
        if sheddable {
            match self.tx.try_send(rec) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(rec)) => {
                    self.own.shed += 1;
                    self.counters.dropped_events.fetch_add(1, Ordering::Relaxed);
                    self.note_dropped(&rec.event);
                    true
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        } else {
            self.tx.send(rec).await.is_ok()
        }
    }

    fn note_dropped(&mut self, e: &Event) {
        match e {
            Event::ClockSample(_) => {
                self.dropped_clock = true;
                self.thinning.forget();
            }
            Event::BoardPosition(_) => self.dropped_position = true,
            _ => {}
        }
    }

    /// Counts a piece of noise (`count` of `kind`, `bytes` long, looking like `sample`) for the
    /// next `feed_noise` summary ([`arbiter_protocol::noise`]). The counters are the caller's.
    pub fn noise(&mut self, at_ms: u64, kind: NoiseKind, count: u64, bytes: u64, sample: String) {
        self.noise.note(at_ms, kind, count, bytes, sample);
    }

    /// The feed's periodic records, on its tick: a `feed_noise` summary when noise waits and
    /// the last is [`Timing::noise_summary`] old (the first of a burst at once); the counters
    /// when they changed and matter: after a change of the connection state, when a count
    /// other than the valid frames changed and the last counters are as old, and otherwise
    /// every [`Timing::counters_every`] (never because only the frame count moved).
    pub async fn counters_due(&mut self, now_ms: u64) -> bool {
        if let Some(s) = self.noise.due(now_ms) {
            self.counters
                .noise_summaries
                .fetch_add(1, Ordering::Relaxed);
            if !self.emit_at(now_ms, Event::from(s)).await {
                return false;
            }
        }
        let last = self
            .journaled
            .unwrap_or(arbiter_core::record::FeedCounters {
                board: self.board,
                ..Default::default()
            });
        if last == self.own {
            return true;
        }
        let age = self
            .journaled_at_ms
            .map_or(u64::MAX, |t| now_ms.saturating_sub(t));
        let frames_only = arbiter_core::record::FeedCounters {
            frames: last.frames,
            ..self.own
        } == last;
        let due = self.state_changed
            || (!frames_only && age >= self.noise_every_ms)
            || age >= self.counters_every_ms;
        if !due {
            return true;
        }
        self.journaled = Some(self.own);
        self.journaled_at_ms = Some(now_ms);
        self.state_changed = false;
        let ev = Event::FeedCounters(self.own);
        self.emit_at(now_ms, ev).await
    }

    /// Journals at once whatever noise waits for its summary (the link is about to end).
    pub async fn flush_noise(&mut self, now_ms: u64) -> bool {
        match self.noise.flush(now_ms) {
            Some(s) => {
                self.counters
                    .noise_summaries
                    .fetch_add(1, Ordering::Relaxed);
                self.emit_at(now_ms, Event::from(s)).await
            }
            None => true,
        }
    }

    pub async fn transition_at(&mut self, at_ms: u64, t: Option<Transition>) -> bool {
        match t {
            Some(t) => {
                self.state_changed = true;
                let ev = Event::FeedStatus(FeedStatus {
                    board: self.board,
                    state: t.to,
                    detail: t.detail,
                });
                self.emit_at(at_ms, ev).await
            }
            None => true,
        }
    }

    pub fn shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// After a link ended: reports the disconnection (`lost`, when there is one to report),
    /// waits out the backoff and announces the retry. False when the feed must stop.
    pub async fn back_off(&mut self, conn: &mut Connection, lost: Option<String>) -> bool {
        if let Some(why) = lost {
            let now = self.now_ms();
            let t = conn.on_disconnected(now, &why);
            if !self.transition_at(now, t).await {
                return false;
            }
        }
        let at = conn.retry_at_ms().unwrap_or(0);
        if !self.sleep_until_ms(at).await {
            return false;
        }
        let now = self.now_ms();
        let t = conn.on_retry(now);
        self.transition_at(now, t).await
    }

    /// Sleeps until `until_ms`; false when shutdown came first.
    pub async fn sleep_until_ms(&mut self, until_ms: u64) -> bool {
        let at = self.base + std::time::Duration::from_millis(until_ms);
        let mut shutdown = self.shutdown.clone();
        tokio::select! {
            _ = tokio::time::sleep_until(at) => !self.shutting_down(),
            _ = stopped(&mut shutdown) => false,
        }
    }
}

/// Resolves when the shutdown flag is (or turns) true, or its sender is gone.
pub(crate) async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|s| *s).await;
}

/// The next message of a queue a feed may not have (the arbiter's clock commands, decisions);
/// without one, pending for ever.
pub(crate) async fn next_of<T>(rx: &mut Option<mpsc::UnboundedReceiver<T>>) -> Option<T> {
    match rx.as_mut() {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Spawns the feed of one board. It runs until `shutdown` turns true or `tx` is closed, and
/// reconnects by itself. The first event is `FeedStatus(Connecting)`.
pub fn spawn_feed(
    config: FeedConfig,
    tx: mpsc::Sender<FeedRecord>,
    counters: Arc<FeedCounters>,
    shutdown: watch::Receiver<bool>,
) -> JoinHandle<()> {
    spawn_feed_with(config, tx, counters, shutdown, None)
}

/// [`spawn_feed`] for a board whose clock accepts commands: what `clock_commands` receives is
/// sent to the clock (DGT feeds only; a LiveChess feed ignores it).
pub fn spawn_feed_with(
    config: FeedConfig,
    tx: mpsc::Sender<FeedRecord>,
    counters: Arc<FeedCounters>,
    shutdown: watch::Receiver<bool>,
    clock_commands: Option<mpsc::UnboundedReceiver<SetAndRun>>,
) -> JoinHandle<()> {
    spawn_feed_controlled(config, tx, counters, shutdown, clock_commands, None)
}

/// [`spawn_feed_with`] whose feed also takes up a journaled game anew when told
/// ([`Reseed`]).
pub fn spawn_feed_controlled(
    config: FeedConfig,
    tx: mpsc::Sender<FeedRecord>,
    counters: Arc<FeedCounters>,
    shutdown: watch::Receiver<bool>,
    clock_commands: Option<mpsc::UnboundedReceiver<SetAndRun>>,
    reseeds: Option<mpsc::UnboundedReceiver<Reseed>>,
) -> JoinHandle<()> {
    let mut ctx = Ctx::new(
        config.board,
        config.base,
        tx,
        counters,
        shutdown,
        &config.timing,
    );
    ctx.clock_commands = clock_commands;
    ctx.reseeds = reseeds;
    let seed = config.seed;
    tokio::spawn(async move {
        match config.source {
            Source::Tcp { .. } | Source::Serial { .. } => {
                dgt_feed::run(ctx, config.source, config.timing, seed).await
            }
            Source::LiveChess { addr, serial } => {
                livechess_feed::run(ctx, addr, serial, config.timing, seed).await
            }
        }
    })
}

/// How many feed records may wait between the feeds and their consumer. When the consumer is
/// behind, clock samples and positions are shed (counted in [`FeedCounters::dropped_events`]);
/// everything else waits.
pub const FEED_QUEUE: usize = 4096;

/// Why a clock command was not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClockCommandError {
    #[error(
        "the clock of board {0} does not accept commands (the match file's clock_commands): set it by hand"
    )]
    NotAccepted(BoardNo),
    #[error("the feed of board {0} has ended")]
    FeedEnded(BoardNo),
}

/// The clocks that accept the arbiter's commands (the match file's `clock_commands`), apart
/// from [`Feeds`]: cheap to clone, usable from any thread.
#[derive(Debug, Clone, Default)]
pub struct ClockCommands {
    clocks: std::collections::BTreeMap<BoardNo, mpsc::UnboundedSender<SetAndRun>>,
}

impl ClockCommands {
    /// Whether a command to the board's clock would be handed to its feed now: the error says
    /// why not (the clock does not accept commands, its feed has ended).
    pub fn check(&self, board: BoardNo) -> Result<(), ClockCommandError> {
        let tx = self
            .clocks
            .get(&board)
            .ok_or(ClockCommandError::NotAccepted(board))?;
        if tx.is_closed() {
            return Err(ClockCommandError::FeedEnded(board));
        }
        Ok(())
    }

    /// Hands SETNRUN to the board's feed, which writes it to the clock.
    pub fn send(&self, board: BoardNo, cmd: SetAndRun) -> Result<(), ClockCommandError> {
        let tx = self
            .clocks
            .get(&board)
            .ok_or(ClockCommandError::NotAccepted(board))?;
        tx.send(cmd)
            .map_err(|_| ClockCommandError::FeedEnded(board))
    }
}

/// The feeds that take up a journaled game anew (every feed of [`Feeds`]), apart from it:
/// cheap to clone, usable from any thread.
#[derive(Debug, Clone, Default)]
pub struct FeedReseeds {
    feeds: std::collections::BTreeMap<BoardNo, mpsc::UnboundedSender<Reseed>>,
}

impl FeedReseeds {
    /// Tells the board's feed to take up `reseed`; false when the board has no feed (or it has
    /// ended).
    pub fn send(&self, board: BoardNo, reseed: Reseed) -> bool {
        self.feeds
            .get(&board)
            .is_some_and(|tx| tx.send(reseed).is_ok())
    }
}

/// Every feed has ended (they were stopped, or their runtime is gone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the feeds have ended")]
pub struct FeedsEnded;

/// The running feeds of a match, on a tokio runtime of their own. Records arrive stamped with
/// the monotonic time at which their bytes arrived (ms since the `base` given to
/// [`spawn_feeds`]). Dropping it stops every feed.
pub struct Feeds {
    records: mpsc::Receiver<FeedRecord>,
    /// The boards whose clock accepts commands (the match file's `clock_commands`).
    clocks: std::collections::BTreeMap<BoardNo, mpsc::UnboundedSender<SetAndRun>>,
    reseeds: FeedReseeds,
    /// The counters of all feeds together.
    pub counters: Arc<FeedCounters>,
    stop: watch::Sender<bool>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl std::fmt::Debug for Feeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Feeds")
            .field("counters", &self.counters.snapshot())
            .finish_non_exhaustive()
    }
}

impl Feeds {
    /// The next record; `None` when every feed has ended. Blocks: call it from a thread, not
    /// from async code.
    pub fn recv(&mut self) -> Option<FeedRecord> {
        self.records.blocking_recv()
    }

    /// The next record, waiting at most `wait`: `Ok(None)` when the time ran out.
    pub fn recv_timeout(
        &mut self,
        wait: std::time::Duration,
    ) -> Result<Option<FeedRecord>, FeedsEnded> {
        let Some(rt) = &self.runtime else {
            return Err(FeedsEnded);
        };
        let records = &mut self.records;
        // The timer must be made inside the runtime: hence the async block.
        match rt.block_on(async { tokio::time::timeout(wait, records.recv()).await }) {
            Ok(Some(r)) => Ok(Some(r)),
            Ok(None) => Err(FeedsEnded),
            Err(_) => Ok(None),
        }
    }

    /// Sends SETNRUN to a board's clock: only where the match file says the clock accepts
    /// commands (`clock_commands`, off by default); the error says why not. The clock's next
    /// reports show whether it carried it out.
    pub fn set_clock(&self, board: BoardNo, cmd: SetAndRun) -> Result<(), ClockCommandError> {
        self.clock_commands().send(board, cmd)
    }

    /// A handle that sends to the clocks that accept commands, for a thread other than the
    /// one reading the records (the console keeps it while [`Feeds::recv`] runs elsewhere).
    pub fn clock_commands(&self) -> ClockCommands {
        ClockCommands {
            clocks: self.clocks.clone(),
        }
    }

    /// A handle that tells the feeds to take up a journaled game anew, for a thread other
    /// than the one reading the records.
    pub fn reseeds(&self) -> FeedReseeds {
        self.reseeds.clone()
    }

    /// Asks every feed to stop; records already queued can still be read.
    pub fn stop(&self) {
        let _ = self.stop.send(true);
    }
}

impl Drop for Feeds {
    fn drop(&mut self) {
        self.stop();
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_timeout(std::time::Duration::from_secs(1));
        }
    }
}

/// Starts one feed per `(board, source)` on a runtime of their own: the one start-up of the
/// feeds for `run`, `demo` and `record`. `base` is the instant the records' monotonic times
/// count from (the console's own time base, so that a record carries its arrival time).
pub fn spawn_feeds(
    sources: Vec<(BoardNo, Source)>,
    base: std::time::Instant,
    timing: Timing,
) -> std::io::Result<Feeds> {
    spawn_feeds_with(sources, base, timing, &[])
}

/// [`spawn_feeds`] where the clocks of `clock_commands` accept commands ([`Feeds::set_clock`]).
pub fn spawn_feeds_with(
    sources: Vec<(BoardNo, Source)>,
    base: std::time::Instant,
    timing: Timing,
    clock_commands: &[BoardNo],
) -> std::io::Result<Feeds> {
    spawn_feeds_seeded(sources, base, timing, clock_commands, &[])
}

/// [`spawn_feeds_with`] for a console started again on its journal: the feed of each board
/// with a seed takes up its journaled game (`seeds`, from the folded state) and compares the
/// board's game with it.
pub fn spawn_feeds_seeded(
    sources: Vec<(BoardNo, Source)>,
    base: std::time::Instant,
    timing: Timing,
    clock_commands: &[BoardNo],
    seeds: &[GameSeed],
) -> std::io::Result<Feeds> {
    let mut clocks = std::collections::BTreeMap::new();
    let mut reseeds = FeedReseeds::default();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("feeds")
        .enable_all()
        .build()?;
    let (tx, records) = mpsc::channel::<FeedRecord>(FEED_QUEUE);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    {
        let _guard = runtime.enter();
        let base = Instant::from_std(base);
        for (board, source) in sources {
            let config = FeedConfig {
                board,
                source,
                base,
                timing,
                seed: seeds.iter().find(|s| s.board == board).cloned(),
            };
            let commands = clock_commands.contains(&board).then(|| {
                let (ctx, crx) = mpsc::unbounded_channel();
                clocks.insert(board, ctx);
                crx
            });
            let (rtx, rrx) = mpsc::unbounded_channel();
            reseeds.feeds.insert(board, rtx);
            spawn_feed_controlled(
                config,
                tx.clone(),
                counters.clone(),
                stop_rx.clone(),
                commands,
                Some(rrx),
            );
        }
    }
    Ok(Feeds {
        records,
        clocks,
        reseeds,
        counters,
        stop,
        runtime: Some(runtime),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_uris() {
        assert_eq!(
            Source::parse("tcp://127.0.0.1:4001").unwrap(),
            Source::Tcp {
                addr: "127.0.0.1:4001".into()
            }
        );
        assert_eq!(
            Source::parse("serial:///dev/ttyUSB0").unwrap(),
            Source::Serial {
                path: "/dev/ttyUSB0".into()
            }
        );
        assert_eq!(
            Source::parse("livechess://localhost/12345").unwrap(),
            Source::LiveChess {
                addr: "localhost:1982".into(),
                serial: "12345".into()
            }
        );
        assert_eq!(
            Source::parse("livechess://10.0.0.2:2000/12345").unwrap(),
            Source::LiveChess {
                addr: "10.0.0.2:2000".into(),
                serial: "12345".into()
            }
        );
        for bad in [
            "",
            "tcp://nohost",
            "tcp://h:x",
            "udp://h:1",
            "serial://dev",
            "livechess://h",
            "livechess://h/",
        ] {
            assert!(Source::parse(bad).is_err(), "{bad}");
        }
    }
}
