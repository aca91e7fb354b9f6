//! The LiveChess feed: the websocket to DGT LiveChess, subscribed to one e-board's
//! `eboardevent` feed; the messages go through [`LiveChessSession`] (sans-IO) into journal events.

use std::sync::atomic::Ordering;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::Ctx;
use arbiter_core::record::{Event, FeedState, FeedStatus};
use arbiter_protocol::connection::{Connection, Timing};
use arbiter_protocol::livechess::{LiveChessError, Request, Response, ResponseKind};
use arbiter_protocol::livechess_session::LiveChessSession;

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn connect(addr: &str, timing: &Timing) -> Result<Ws, String> {
    let fut = async {
        let s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = s.set_nodelay(true);
        let url = format!("ws://{addr}{}", arbiter_protocol::livechess::API_PATH);
        let (ws, _) = tokio_tungstenite::client_async(url, s)
            .await
            .map_err(|e| e.to_string())?;
        Ok::<_, String>(ws)
    };
    tokio::time::timeout(timing.connect_timeout, fut)
        .await
        .map_err(|_| "connect timed out".to_string())?
}

pub(crate) async fn run(mut ctx: Ctx, addr: String, serial: String, timing: Timing) {
    let mut conn = Connection::new(timing);
    let mut shutdown = ctx.shutdown.clone();
    let mut session = LiveChessSession::new(ctx.board);
    let mut events = Vec::new();
    let what = format!("livechess://{addr}/{serial}");
    if !ctx
        .emit(Event::FeedStatus(FeedStatus {
            board: ctx.board,
            state: conn.state(),
            detail: what.clone(),
        }))
        .await
    {
        return;
    }
    let tick_every = (timing.stale_after / 6).clamp(
        std::time::Duration::from_millis(20),
        std::time::Duration::from_millis(500),
    );
    let feed_id = u64::from(ctx.board.0);
    let mut request_id = 0u64;
    loop {
        let opened = tokio::select! {
            r = connect(&addr, &timing) => r,
            _ = super::stopped(&mut shutdown) => return,
        };
        let reason = match opened {
            Err(e) => e,
            Ok(mut ws) => {
                ctx.counters.connects.fetch_add(1, Ordering::Relaxed);
                conn.on_connected(ctx.now_ms());
                request_id += 1;
                let sub = Request::subscribe_eboard(request_id, feed_id, &serial).to_json();
                let mut keepalive = tokio::time::interval(timing.keepalive);
                let mut ticker = tokio::time::interval(tick_every);
                let r: String = if let Err(e) = ws.send(WsMessage::text(sub)).await {
                    e.to_string()
                } else {
                    loop {
                        tokio::select! {
                            _ = super::stopped(&mut shutdown) => {
                                let _ = ws.close(None).await;
                                return;
                            }
                            m = ws.next() => {
                                let now = ctx.now_ms();
                                let m = match m {
                                    Some(Ok(m)) => m,
                                    Some(Err(e)) => break e.to_string(),
                                    None => break "closed by peer".into(),
                                };
                                ctx.counters.frames.fetch_add(1, Ordering::Relaxed);
                                match m {
                                    WsMessage::Text(t) => {
                                        ctx.counters.bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
                                        match Response::parse(&t) {
                                            Ok(r) if r.response == ResponseKind::Feed && r.id == feed_id => {
                                                match r.eboard_event() {
                                                    Ok(ev) => session.on_event(&ev, &mut events),
                                                    Err(_) => { ctx.counters.bad_json.fetch_add(1, Ordering::Relaxed); }
                                                }
                                            }
                                            Ok(r) if r.response == ResponseKind::Error && r.id == request_id => {
                                                // the subscription was refused (e.g. no such e-board)
                                                break format!("LiveChess refused the subscription: {}", r.error_message());
                                            }
                                            Ok(r) if r.response == ResponseKind::Error => {
                                                ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed);
                                            }
                                            Ok(r) if r.response == ResponseKind::Call => {}
                                            Ok(_) => { ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed); }
                                            Err(LiveChessError::BadJson(_)) => { ctx.counters.bad_json.fetch_add(1, Ordering::Relaxed); }
                                            Err(_) => { ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed); }
                                        }
                                    }
                                    WsMessage::Close(_) => break "closed by peer".into(),
                                    WsMessage::Binary(_) | WsMessage::Frame(_) => {
                                        ctx.counters.unknown_messages.fetch_add(1, Ordering::Relaxed);
                                    }
                                    WsMessage::Ping(_) | WsMessage::Pong(_) => {}
                                }
                                let t = conn.on_data(now);
                                if !ctx.transition(t).await { return; }
                                for e in events.drain(..) {
                                    if !ctx.emit(e).await { return; }
                                }
                            }
                            _ = keepalive.tick() => {
                                if let Err(e) = ws.send(WsMessage::Ping(Vec::new().into())).await {
                                    break e.to_string();
                                }
                            }
                            _ = ticker.tick() => {
                                let (t, drop_link) = conn.on_tick(ctx.now_ms());
                                if !ctx.transition(t).await { return; }
                                if drop_link { break String::new(); }
                            }
                        }
                    }
                };
                r
            }
        };
        let lost = (conn.state() != FeedState::Lost).then(|| format!("{what}: {reason}"));
        if !ctx.back_off(&mut conn, lost).await {
            return;
        }
    }
}
