//! The LiveChess feed: the websocket to DGT LiveChess, subscribed to one e-board's
//! `eboardevent` feed; the messages go through [`LiveChessSession`] (sans-IO) into journal events.
//!
//! As real clients do, the feed sends `setup` with the position the console has reached once
//! the subscription is confirmed (LiveChess reconstructs the moves from it). A reader task
//! stamps every message with the moment it was read.
//!
//! Liveness comes from the websocket itself: LiveChess sends an event only when something
//! changes (a stopped clock, a finished game, a board without a clock between moves send
//! nothing), so the feed pings every keep-alive interval and takes any frame that comes back,
//! the pong too, as a sign of life: a quiet board stays live as long as its connection answers.
//! Noise is not life: malformed, truncated, binary and oversized messages are counted (and
//! summarised, [`arbiter_protocol::noise`]), and once a message was noise, pongs count again
//! only after a valid message; so a server that sends only garbage goes stale and lost as a
//! DGT board sending noise does. Messages are at most
//! [`arbiter_protocol::budget::MAX_WS_MESSAGE_BYTES`] long; a longer one ends the link.

use std::sync::atomic::Ordering;

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::Ctx;
use arbiter_core::record::{Event, FeedState, FeedStatus, NoiseKind};
use arbiter_protocol::budget::MAX_WS_MESSAGE_BYTES;
use arbiter_protocol::connection::{Connection, Timing};
use arbiter_protocol::livechess::{LiveChessError, Request, Response, ResponseKind};
use arbiter_protocol::livechess_session::LiveChessSession;
use arbiter_protocol::noise::sample_text;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WsError};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn connect(addr: &str, timing: &Timing) -> Result<Ws, String> {
    let fut = async {
        let s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = s.set_nodelay(true);
        let url = format!("ws://{addr}{}", arbiter_protocol::livechess::API_PATH);
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_WS_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_WS_MESSAGE_BYTES));
        let (ws, _) = tokio_tungstenite::client_async_with_config(url, s, Some(config))
            .await
            .map_err(|e| e.to_string())?;
        Ok::<_, String>(ws)
    };
    tokio::time::timeout(timing.connect_timeout, fut)
        .await
        .map_err(|_| "connect timed out".to_string())?
}

/// What one text message was.
enum Read {
    /// A valid message (data), with the events it produced.
    Data,
    /// The subscription was confirmed: send `setup`.
    Subscribed,
    /// The subscription was refused: the link is lost.
    Refused(String),
    /// Not a valid message of ours (counted).
    Noise,
    /// A ping or a pong: the connection answers (a sign of life, not data).
    Alive,
}

#[allow(clippy::too_many_arguments)]
fn read_text(
    ctx: &mut Ctx,
    session: &mut LiveChessSession,
    text: &str,
    feed_id: u64,
    subscribe_id: u64,
    at: u64,
    events: &mut Vec<Event>,
) -> Read {
    ctx.counters
        .bytes
        .fetch_add(text.len() as u64, Ordering::Relaxed);
    let len = text.len() as u64;
    let malformed = |ctx: &mut Ctx| {
        ctx.own.malformed += 1;
        ctx.counters.bad_json.fetch_add(1, Ordering::Relaxed);
        let sample = sample_text(text.as_bytes(), true);
        ctx.noise(at, NoiseKind::Malformed, 1, len, sample);
        Read::Noise
    };
    let unknown = |ctx: &mut Ctx| {
        ctx.own.unknown += 1;
        ctx.counters
            .unknown_messages
            .fetch_add(1, Ordering::Relaxed);
        let sample = sample_text(text.as_bytes(), true);
        ctx.noise(at, NoiseKind::Unknown, 1, len, sample);
        Read::Noise
    };
    match Response::parse(text) {
        Ok(r) if r.response == ResponseKind::Feed && r.id == feed_id => match r.eboard_event() {
            Ok(ev) => {
                let before = session.counters().malformed;
                session.on_event(&ev, r.time, at, events);
                if session.counters().malformed > before {
                    return malformed(ctx);
                }
                ctx.own.frames += 1;
                Read::Data
            }
            Err(_) => malformed(ctx),
        },
        Ok(r) if r.response == ResponseKind::Error && r.id == subscribe_id => Read::Refused(
            format!("LiveChess refused the subscription: {}", r.error_message()),
        ),
        Ok(r) if r.response == ResponseKind::Call && r.id == subscribe_id => {
            ctx.own.frames += 1;
            Read::Subscribed
        }
        Ok(r) if r.response == ResponseKind::Call => {
            ctx.own.frames += 1;
            Read::Data
        }
        Ok(_) => unknown(ctx),
        Err(LiveChessError::UnknownKind(_)) => unknown(ctx),
        Err(LiveChessError::BadJson(_)) => {
            // not JSON, or cut short: garbage
            ctx.own.garbage_bytes += len;
            ctx.own.malformed += 1;
            ctx.counters.bad_json.fetch_add(1, Ordering::Relaxed);
            ctx.counters.garbage_bytes.fetch_add(len, Ordering::Relaxed);
            let sample = sample_text(text.as_bytes(), true);
            ctx.noise(at, NoiseKind::Garbage, len, len, sample);
            Read::Noise
        }
        Err(_) => malformed(ctx),
    }
}

/// A read error: a message over the size limit is counted as oversized noise; the reason the
/// link ends.
fn read_error(ctx: &mut Ctx, at: u64, e: WsError) -> String {
    if let WsError::Capacity(CapacityError::MessageTooLong { size, max_size }) = &e {
        ctx.own.malformed += 1;
        ctx.counters.oversize_frames.fetch_add(1, Ordering::Relaxed);
        ctx.noise(at, NoiseKind::Oversized, 1, *size as u64, String::new());
        return format!("a message of {size} bytes, over the limit of {max_size} bytes");
    }
    e.to_string()
}

/// How one connection ended.
enum Ended {
    /// The link was lost, with the reason (empty: dropped by the connection state machine).
    Lost(String),
    /// The feed stops: shut down, or nobody takes its records any more.
    Stop,
}

/// The messages as read, each with the moment it was read.
type Stamped = mpsc::Receiver<(u64, Result<WsMessage, WsError>)>;

/// One websocket connection to LiveChess, subscribed to the board's feed.
struct Socket {
    sink: SplitSink<Ws, WsMessage>,
    /// The messages as read, each with the moment it was read.
    msgs: Stamped,
    subscribe_id: u64,
    /// The subscription is confirmed on this link (before it, a pong says nothing about the
    /// board).
    subscribed: bool,
    /// The last message was noise (pongs say nothing then).
    noisy: bool,
}

/// Reads the websocket on a task of its own, stamping each message with the moment it was read.
fn spawn_reader(
    mut stream: SplitStream<Ws>,
    base: tokio::time::Instant,
) -> (Stamped, tokio::task::JoinHandle<()>) {
    let (msg_tx, msgs) = mpsc::channel::<(u64, _)>(64);
    let reader = tokio::spawn(async move {
        while let Some(m) = stream.next().await {
            let at = u64::try_from(base.elapsed().as_millis()).unwrap_or(u64::MAX);
            let end = m.is_err();
            if msg_tx.send((at, m)).await.is_err() || end {
                return;
            }
        }
    });
    (msgs, reader)
}

/// One e-board's LiveChess feed, across its connections.
struct LiveChessFeed {
    ctx: Ctx,
    conn: Connection,
    session: LiveChessSession,
    events: Vec<Event>,
    serial: String,
    feed_id: u64,
    /// The id of the last request sent.
    request_id: u64,
    /// The session's count of deferred events already accounted for.
    last_deferred: u64,
}

pub(crate) async fn run(
    mut ctx: Ctx,
    addr: String,
    serial: String,
    timing: Timing,
    seed: Option<arbiter_protocol::reconcile::GameSeed>,
) {
    let mut shutdown = ctx.shutdown.clone();
    // A console started again on its journal: the journaled game is taken up and LiveChess'
    // moves compared with it.
    let session = seed
        .as_ref()
        .and_then(LiveChessSession::resume)
        .unwrap_or_else(|| LiveChessSession::new(ctx.board));
    let mut reseeds = ctx.reseeds.take();
    let what = format!("livechess://{addr}/{serial}");
    let feed_id = u64::from(ctx.board.0);
    let mut feed = LiveChessFeed {
        ctx,
        conn: Connection::new(timing),
        session,
        events: Vec::new(),
        serial,
        feed_id,
        request_id: 0,
        last_deferred: 0,
    };
    let now = feed.ctx.now_ms();
    let first = Event::FeedStatus(FeedStatus {
        board: feed.ctx.board,
        state: feed.conn.state(),
        detail: what.clone(),
    });
    if !feed.ctx.emit_at(now, first).await {
        return;
    }
    loop {
        let opened = tokio::select! {
            r = connect(&addr, &timing) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let reason = match opened {
            Err(e) => e,
            Ok(ws) => match feed.serve(ws, &mut shutdown, &timing, &mut reseeds).await {
                Ended::Lost(reason) => reason,
                Ended::Stop => return,
            },
        };
        let lost = (feed.conn.state() != FeedState::Lost).then(|| format!("{what}: {reason}"));
        if !feed.ctx.back_off(&mut feed.conn, lost).await {
            return;
        }
    }
}

impl LiveChessFeed {
    /// One connection: subscribe, then the messages, the arbiter's decisions, the keep-alive
    /// and the ticks until the link is lost or the feed stops; what could not be used is
    /// summed up when the link is lost.
    async fn serve(
        &mut self,
        ws: Ws,
        shutdown: &mut watch::Receiver<bool>,
        timing: &Timing,
        reseeds: &mut Option<mpsc::UnboundedReceiver<super::Reseed>>,
    ) -> Ended {
        self.ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
        self.conn.on_connected(self.ctx.now_ms());
        let (sink, stream) = ws.split();
        let (msgs, reader) = spawn_reader(stream, self.ctx.base);
        self.request_id += 1;
        let subscribe_id = self.request_id;
        let mut socket = Socket {
            sink,
            msgs,
            subscribe_id,
            subscribed: false,
            noisy: false,
        };
        let sub = Request::subscribe_eboard(subscribe_id, self.feed_id, &self.serial).to_json();
        let ended = match socket.sink.send(WsMessage::text(sub)).await {
            Err(e) => Ended::Lost(e.to_string()),
            Ok(()) => self.exchange(&mut socket, shutdown, timing, reseeds).await,
        };
        reader.abort();
        match ended {
            Ended::Lost(_) if !self.ctx.flush_noise(self.ctx.now_ms()).await => Ended::Stop,
            ended => ended,
        }
    }

    /// The subscribed link's loop.
    async fn exchange(
        &mut self,
        socket: &mut Socket,
        shutdown: &mut watch::Receiver<bool>,
        timing: &Timing,
        reseeds: &mut Option<mpsc::UnboundedReceiver<super::Reseed>>,
    ) -> Ended {
        let tick_every = (timing.stale_after / 6).clamp(
            std::time::Duration::from_millis(20),
            std::time::Duration::from_millis(500),
        );
        let mut keepalive = tokio::time::interval(timing.keepalive);
        let mut ticker = tokio::time::interval(tick_every);
        loop {
            tokio::select! {
                // messages that are there are handled before the timers
                biased;
                _ = super::stopped(shutdown) => {
                    let _ = socket.sink.close().await;
                    return Ended::Stop;
                }
                m = socket.msgs.recv() => {
                    let (at, m) = match m {
                        Some((at, Ok(m))) => (at, m),
                        Some((at, Err(e))) => return Ended::Lost(read_error(&mut self.ctx, at, e)),
                        None => return Ended::Lost("closed by peer".into()),
                    };
                    if let Some(ended) = self.on_message(socket, at, m).await {
                        return ended;
                    }
                }
                Some(r) = super::next_of(reseeds) => {
                    // the arbiter's decision: compare LiveChess' moves again
                    if self.session.reseed(&r.seed, r.compare)
                        && let Err(e) = self.send_setup(socket).await
                    {
                        return Ended::Lost(e);
                    }
                }
                _ = keepalive.tick() => {
                    if let Err(e) = socket.sink.send(WsMessage::Ping(Vec::new().into())).await {
                        return Ended::Lost(e.to_string());
                    }
                }
                _ = ticker.tick() => match self.on_tick().await {
                    Some(false) => {}
                    Some(true) => return Ended::Lost(String::new()),
                    None => return Ended::Stop,
                },
            }
        }
    }

    /// Sends `setup` with the position the console has reached.
    async fn send_setup(&mut self, socket: &mut Socket) -> Result<(), String> {
        self.request_id += 1;
        let setup = Request::setup(self.request_id, self.feed_id, &self.session.setup_fen());
        socket
            .sink
            .send(WsMessage::text(setup.to_json()))
            .await
            .map_err(|e| e.to_string())
    }

    /// One message read at `at`: what it was, whether it is a sign of life, its events sent.
    /// Some: the connection ends.
    async fn on_message(&mut self, socket: &mut Socket, at: u64, m: WsMessage) -> Option<Ended> {
        self.ctx.counters.frames.fetch_add(1, Ordering::Relaxed);
        let read = match m {
            WsMessage::Text(t) => read_text(
                &mut self.ctx,
                &mut self.session,
                &t,
                self.feed_id,
                socket.subscribe_id,
                at,
                &mut self.events,
            ),
            WsMessage::Close(_) => return Some(Ended::Lost("closed by peer".into())),
            // LiveChess speaks text
            WsMessage::Binary(b) => {
                unknown_frame(&mut self.ctx, at, NoiseKind::Binary, b.len(), &b)
            }
            WsMessage::Frame(f) => {
                unknown_frame(&mut self.ctx, at, NoiseKind::Unknown, f.len(), f.payload())
            }
            WsMessage::Ping(_) | WsMessage::Pong(_) => Read::Alive,
        };
        match read {
            Read::Refused(why) => return Some(Ended::Lost(why)),
            Read::Noise => socket.noisy = true,
            // a pong before the subscription, or after noise, says nothing about the board
            Read::Alive if !socket.subscribed || socket.noisy => {}
            Read::Alive | Read::Data | Read::Subscribed => {
                if matches!(read, Read::Subscribed) {
                    socket.subscribed = true;
                }
                if !matches!(read, Read::Alive) {
                    socket.noisy = false;
                }
                let t = self.conn.on_data(at);
                if !self.ctx.transition_at(at, t).await {
                    return Some(Ended::Stop);
                }
            }
        }
        if matches!(read, Read::Subscribed)
            && let Err(e) = self.send_setup(socket).await
        {
            return Some(Ended::Lost(e));
        }
        for e in self.events.drain(..) {
            if !self.ctx.emit_at(at, e).await {
                return Some(Ended::Stop);
            }
        }
        None
    }

    /// A tick: the connection's timers, what the queue shed forgotten, the session's pending
    /// events, the counters when due. Some(true): the link is to be dropped; None: the
    /// consumer is gone.
    async fn on_tick(&mut self) -> Option<bool> {
        let now = self.ctx.now_ms();
        let (t, drop_link) = self.conn.on_tick(now);
        if !self.ctx.transition_at(now, t).await {
            return None;
        }
        if std::mem::take(&mut self.ctx.dropped_clock) {
            self.session.forget_clock();
        }
        if std::mem::take(&mut self.ctx.dropped_position) {
            self.session.forget_placement();
        }
        if self.session.has_pending() {
            self.session.process(now, &mut self.events);
            for e in self.events.drain(..) {
                if !self.ctx.emit_at(now, e).await {
                    return None;
                }
            }
        }
        let deferred = self.session.counters().deferred;
        self.ctx.own.rate_limited += deferred.saturating_sub(self.last_deferred);
        self.last_deferred = deferred;
        if !self.ctx.counters_due(now).await {
            return None;
        }
        Some(drop_link)
    }
}

/// A frame that is not text (LiveChess speaks text), `len` bytes long: counted, summed up as
/// noise.
fn unknown_frame(ctx: &mut Ctx, at: u64, kind: NoiseKind, len: usize, payload: &[u8]) -> Read {
    ctx.own.unknown += 1;
    ctx.counters
        .unknown_messages
        .fetch_add(1, Ordering::Relaxed);
    ctx.noise(at, kind, 1, len as u64, sample_text(payload, false));
    Read::Noise
}
