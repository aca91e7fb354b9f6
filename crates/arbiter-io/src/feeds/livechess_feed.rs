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

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
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

pub(crate) async fn run(
    mut ctx: Ctx,
    addr: String,
    serial: String,
    timing: Timing,
    seed: Option<arbiter_protocol::reconcile::GameSeed>,
) {
    let mut conn = Connection::new(timing);
    let mut shutdown = ctx.shutdown.clone();
    // A console started again on its journal: the journaled game is taken up and LiveChess'
    // moves compared with it.
    let mut session = seed
        .as_ref()
        .and_then(LiveChessSession::resume)
        .unwrap_or_else(|| LiveChessSession::new(ctx.board));
    let mut reseeds = ctx.reseeds.take();
    let mut events = Vec::new();
    let what = format!("livechess://{addr}/{serial}");
    let now = ctx.now_ms();
    let first = Event::FeedStatus(FeedStatus {
        board: ctx.board,
        state: conn.state(),
        detail: what.clone(),
    });
    if !ctx.emit_at(now, first).await {
        return;
    }
    let tick_every = (timing.stale_after / 6).clamp(
        std::time::Duration::from_millis(20),
        std::time::Duration::from_millis(500),
    );
    let feed_id = u64::from(ctx.board.0);
    let mut request_id = 0u64;
    let mut last_deferred = 0u64;
    loop {
        let opened = tokio::select! {
            r = connect(&addr, &timing) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let reason = match opened {
            Err(e) => e,
            Ok(ws) => {
                ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
                conn.on_connected(ctx.now_ms());
                let (mut sink, mut stream) = ws.split();
                // the reader stamps each message with the moment it was read
                let (msg_tx, mut msgs) = mpsc::channel::<(u64, _)>(64);
                let base = ctx.base;
                let reader = tokio::spawn(async move {
                    while let Some(m) = stream.next().await {
                        let at = u64::try_from(base.elapsed().as_millis()).unwrap_or(u64::MAX);
                        let end = m.is_err();
                        if msg_tx.send((at, m)).await.is_err() || end {
                            return;
                        }
                    }
                });
                request_id += 1;
                let subscribe_id = request_id;
                let sub = Request::subscribe_eboard(subscribe_id, feed_id, &serial).to_json();
                let mut keepalive = tokio::time::interval(timing.keepalive);
                let mut ticker = tokio::time::interval(tick_every);
                // The subscription is confirmed on this link (before it, a pong says nothing
                // about the board), and the last message was noise (pongs say nothing then).
                let mut subscribed = false;
                let mut noisy = false;
                let r: String = if let Err(e) = sink.send(WsMessage::text(sub)).await {
                    e.to_string()
                } else {
                    loop {
                        tokio::select! {
                            // messages that are there are handled before the timers
                            biased;
                            _ = super::stopped(&mut shutdown) => {
                                let _ = sink.close().await;
                                reader.abort();
                                return;
                            }
                            m = msgs.recv() => {
                                let (at, m) = match m {
                                    Some((at, Ok(m))) => (at, m),
                                    Some((at, Err(e))) => break read_error(&mut ctx, at, e),
                                    None => break "closed by peer".into(),
                                };
                                ctx.counters.frames.fetch_add(1, Ordering::Relaxed);
                                let read = match m {
                                    WsMessage::Text(t) => read_text(&mut ctx, &mut session, &t, feed_id, subscribe_id, at, &mut events),
                                    WsMessage::Close(_) => break "closed by peer".into(),
                                    WsMessage::Binary(b) => {
                                        // LiveChess speaks text
                                        ctx.own.unknown += 1;
                                        ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed);
                                        ctx.noise(at, NoiseKind::Binary, 1, b.len() as u64, sample_text(&b, false));
                                        Read::Noise
                                    }
                                    WsMessage::Frame(f) => {
                                        ctx.own.unknown += 1;
                                        ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed);
                                        ctx.noise(at, NoiseKind::Unknown, 1, f.len() as u64, sample_text(f.payload(), false));
                                        Read::Noise
                                    }
                                    WsMessage::Ping(_) | WsMessage::Pong(_) => Read::Alive,
                                };
                                match read {
                                    Read::Refused(why) => break why,
                                    Read::Noise => noisy = true,
                                    // a pong before the subscription, or after noise, says
                                    // nothing about the board
                                    Read::Alive if !subscribed || noisy => {}
                                    Read::Alive | Read::Data | Read::Subscribed => {
                                        if matches!(read, Read::Subscribed) {
                                            subscribed = true;
                                        }
                                        if !matches!(read, Read::Alive) {
                                            noisy = false;
                                        }
                                        let t = conn.on_data(at);
                                        if !ctx.transition_at(at, t).await { reader.abort(); return; }
                                    }
                                }
                                if matches!(read, Read::Subscribed) {
                                    request_id += 1;
                                    let setup = Request::setup(request_id, feed_id, &session.setup_fen()).to_json();
                                    if let Err(e) = sink.send(WsMessage::text(setup)).await {
                                        break e.to_string();
                                    }
                                }
                                for e in events.drain(..) {
                                    if !ctx.emit_at(at, e).await { reader.abort(); return; }
                                }
                            }
                            Some(r) = async {
                                match reseeds.as_mut() {
                                    Some(rx) => rx.recv().await,
                                    None => std::future::pending().await,
                                }
                            } => {
                                // the arbiter's decision: compare LiveChess' moves again
                                if session.reseed(&r.seed, r.compare) {
                                    request_id += 1;
                                    let setup = Request::setup(request_id, feed_id, &session.setup_fen()).to_json();
                                    if let Err(e) = sink.send(WsMessage::text(setup)).await {
                                        break e.to_string();
                                    }
                                }
                            }
                            _ = keepalive.tick() => {
                                if let Err(e) = sink.send(WsMessage::Ping(Vec::new().into())).await {
                                    break e.to_string();
                                }
                            }
                            _ = ticker.tick() => {
                                let now = ctx.now_ms();
                                let (t, drop_link) = conn.on_tick(now);
                                if !ctx.transition_at(now, t).await { reader.abort(); return; }
                                if std::mem::take(&mut ctx.dropped_clock) {
                                    session.forget_clock();
                                }
                                if std::mem::take(&mut ctx.dropped_position) {
                                    session.forget_placement();
                                }
                                if session.has_pending() {
                                    session.process(now, &mut events);
                                    for e in events.drain(..) {
                                        if !ctx.emit_at(now, e).await { reader.abort(); return; }
                                    }
                                }
                                let deferred = session.counters().deferred;
                                ctx.own.rate_limited += deferred.saturating_sub(last_deferred);
                                last_deferred = deferred;
                                if !ctx.counters_due(now).await { reader.abort(); return; }
                                if drop_link { break String::new(); }
                            }
                        }
                    }
                };
                reader.abort();
                if !ctx.flush_noise(ctx.now_ms()).await {
                    return;
                }
                r
            }
        };
        let lost = (conn.state() != FeedState::Lost).then(|| format!("{what}: {reason}"));
        if !ctx.back_off(&mut conn, lost).await {
            return;
        }
    }
}
