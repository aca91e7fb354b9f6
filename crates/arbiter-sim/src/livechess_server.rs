//! The simulator's LiveChess-compatible websocket endpoint (`ws://HOST:PORT/api/v1.0`):
//! answers `eboards` and `subscribe` (feed `eboardevent`) and pushes feed messages whenever a
//! board's placement, moves or clock change.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{Counters, Shared};
use arbiter_protocol::livechess::{
    Clock, EBoard, EBoardEvent, Request, Response, ResponseKind, Subscribe,
};

/// What was last sent on a feed: placement, moves, clock.
type SentKey = (Option<String>, Vec<String>, u64, u64, Option<bool>);

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn clock_of(b: &Shared) -> Clock {
    let sim = b.sim.lock().expect("board lock");
    let (w, bl, run) = sim.clock_by_colour();
    Clock {
        white: w / 1000,
        black: bl / 1000,
        run: run.map(|c| c == shakmaty::Color::White),
        time: wall_ms(),
    }
}

fn event_of(b: &Shared) -> EBoardEvent {
    let clock = clock_of(b);
    let sim = b.sim.lock().expect("board lock");
    EBoardEvent {
        serialnr: b.serial.clone(),
        flipped: sim.setup.rotated,
        board: Some(sim.placement()),
        clock: Some(clock),
        start: Some(START_FEN.into()),
        san: Some(sim.san().to_vec()),
        matches: Some(true),
    }
}

pub(super) async fn listen(
    l: TcpListener,
    boards: Vec<Arc<Shared>>,
    stop: watch::Receiver<bool>,
    counters: Arc<Counters>,
) {
    let boards = Arc::new(boards);
    let mut conns = tokio::task::JoinSet::new();
    let mut stop2 = stop.clone();
    loop {
        tokio::select! {
            r = l.accept() => {
                let Ok((s, _)) = r else { continue };
                counters.connections.fetch_add(1, Ordering::Relaxed);
                conns.spawn(serve(s, boards.clone(), stop.clone(), counters.clone()));
            }
            _ = stop2.changed() => break,
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    conns.abort_all();
}

fn response(kind: ResponseKind, id: u64, param: Value) -> WsMessage {
    WsMessage::text(
        Response {
            response: kind,
            id,
            param,
            time: Some(wall_ms()),
        }
        .to_json(),
    )
}

async fn serve(
    s: TcpStream,
    boards: Arc<Vec<Arc<Shared>>>,
    mut stop: watch::Receiver<bool>,
    counters: Arc<Counters>,
) {
    let Ok(ws) = tokio_tungstenite::accept_async(s).await else {
        return;
    };
    let (mut tx, mut rx) = ws.split();
    let (note_tx, mut note_rx) = mpsc::channel::<(u64, usize)>(256);
    let mut subs = tokio::task::JoinSet::new();
    let mut last_sent: std::collections::HashMap<u64, SentKey> = Default::default();
    loop {
        let out: Option<WsMessage> = tokio::select! {
            _ = stop.changed() => break,
            m = rx.next() => match m {
                Some(Ok(WsMessage::Text(t))) => Some(handle(&t, &boards, &note_tx, &mut subs)),
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => None,
            },
            Some((feed_id, i)) = note_rx.recv() => {
                let b = &boards[i];
                if b.sim.lock().expect("board lock").silent() {
                    None
                } else {
                    let ev = event_of(b);
                    let c = ev.clock.expect("clock is set");
                    let key = (ev.board.clone(), ev.san.clone().unwrap_or_default(), c.white, c.black, c.run);
                    if last_sent.get(&feed_id) == Some(&key) {
                        None
                    } else {
                        last_sent.insert(feed_id, key);
                        Some(response(ResponseKind::Feed, feed_id, serde_json::to_value(ev).unwrap_or(Value::Null)))
                    }
                }
            }
        };
        if let Some(m) = out {
            counters.frames.fetch_add(1, Ordering::Relaxed);
            if tx.send(m).await.is_err() {
                break;
            }
        }
    }
    subs.abort_all();
}

fn handle(
    text: &str,
    boards: &Arc<Vec<Arc<Shared>>>,
    note_tx: &mpsc::Sender<(u64, usize)>,
    subs: &mut tokio::task::JoinSet<()>,
) -> WsMessage {
    let req = match Request::parse(text) {
        Ok(r) => r,
        Err(e) => return response(ResponseKind::Error, 0, json!({ "message": e.to_string() })),
    };
    match req.call.as_str() {
        "eboards" => {
            let list: Vec<EBoard> = boards
                .iter()
                .map(|b| {
                    let clock = clock_of(b);
                    let sim = b.sim.lock().expect("board lock");
                    EBoard {
                        serialnr: b.serial.clone(),
                        source: Some(format!("sim:{}", sim.setup.board)),
                        state: Some(
                            if sim.silent() {
                                "NOTRESPONDING"
                            } else {
                                "ACTIVE"
                            }
                            .into(),
                        ),
                        battery: Value::Null,
                        comment: None,
                        board: Some(sim.placement()),
                        flipped: sim.setup.rotated,
                        clock: Some(clock),
                    }
                })
                .collect();
            response(
                ResponseKind::Call,
                req.id,
                serde_json::to_value(list).unwrap_or(Value::Null),
            )
        }
        "subscribe" => {
            let sub: Subscribe = match req.param.map(serde_json::from_value) {
                Some(Ok(s)) => s,
                _ => {
                    return response(
                        ResponseKind::Error,
                        req.id,
                        json!({ "message": "subscribe needs {feed, id, param}" }),
                    );
                }
            };
            let serial = sub
                .param
                .get("serialnr")
                .and_then(Value::as_str)
                .unwrap_or("");
            let Some(i) = boards.iter().position(|b| b.serial == serial) else {
                return response(
                    ResponseKind::Error,
                    req.id,
                    json!({ "message": format!("no e-board {serial}") }),
                );
            };
            if sub.feed != "eboardevent" {
                return response(
                    ResponseKind::Error,
                    req.id,
                    json!({ "message": format!("unknown feed {}", sub.feed) }),
                );
            }
            let mut brx = boards[i].tx.subscribe();
            let note = note_tx.clone();
            let feed_id = sub.id;
            subs.spawn(async move {
                if note.send((feed_id, i)).await.is_err() {
                    return;
                }
                loop {
                    match brx.recv().await {
                        Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                            if note.send((feed_id, i)).await.is_err() {
                                return;
                            }
                        }
                        Err(_) => return,
                    }
                }
            });
            response(ResponseKind::Call, req.id, Value::Null)
        }
        other => response(
            ResponseKind::Error,
            req.id,
            json!({ "message": format!("unknown call {other}") }),
        ),
    }
}
