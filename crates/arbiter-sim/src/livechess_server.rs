//! The simulator's LiveChess-compatible websocket endpoint (`ws://HOST:PORT/api/v1.0`):
//! answers `eboards`, `sources`, `subscribe` (feed `eboardevent`), `unsubscribe` and `call`
//! (`setup`, `flip`) as the clients of real LiveChess expect, and pushes feed messages whenever
//! a board's placement, moves or clock change, with only the fields that changed (`clock: null`
//! without a clock; after `setup` the moves count from the position set up). Errors carry
//! `{message, stacktrace}`.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{Counters, Shared};
use crate::scenario::LiveChessJunk;
use arbiter_protocol::livechess::{
    Clock, EBoard, EBoardEvent, FeedCall, Request, Response, ResponseKind, Subscribe,
};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// The clock as LiveChess reports it, `None` without a clock.
fn clock_of(b: &Shared) -> Option<Clock> {
    let sim = b.sim.lock().expect("board lock");
    if sim.no_clock() {
        return None;
    }
    let (w, bl, run) = sim.clock_by_colour();
    Some(Clock {
        white: w / 1000,
        black: bl / 1000,
        run: run.map(|c| c == shakmaty::Color::White),
        time: Some(wall_ms()),
    })
}

/// One subscription: the board, where LiveChess reconstructs the moves from (the standard
/// start, or the position a client sent with `setup`), and what was last sent (a field is
/// sent only when it changed, as LiveChess does).
#[derive(Debug, Clone)]
struct Sub {
    board: usize,
    start: String,
    /// The plies of the game before `start` (`None`: `start` is not in the game).
    skip: Option<usize>,
    sent_board: Option<String>,
    sent_clock: Option<Option<Clock>>,
    sent_san: Option<Vec<String>>,
    sent_start: Option<String>,
    sent_flipped: Option<bool>,
    /// Junk messages sent so far (a mixed flood takes its kinds in turn).
    junk_sent: u64,
}

/// Where in the game `fen` stands: the plies played before it.
fn plies_before(b: &Shared, fen: &str) -> Option<usize> {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};
    let target: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    let sim = b.sim.lock().expect("board lock");
    let mut pos = Chess::default();
    let same = |a: &Chess| a.board() == target.board() && a.turn() == target.turn();
    if same(&pos) {
        return Some(0);
    }
    for (i, san) in sim.san().iter().enumerate() {
        let m = san
            .parse::<shakmaty::san::SanPlus>()
            .ok()?
            .san
            .to_move(&pos)
            .ok()?;
        pos.play_unchecked(m);
        if same(&pos) {
            return Some(i + 1);
        }
    }
    None
}

/// The event for a subscription: only what changed since the last one (`None`: nothing).
/// `list` replaces the board's move list (a scripted takeback or flood).
fn event_for(b: &Shared, sub: &mut Sub, list: Option<Vec<String>>) -> Option<EBoardEvent> {
    let clock = clock_of(b);
    let sim = b.sim.lock().expect("board lock");
    let placement = sim.placement();
    let flipped = sim.setup.rotated;
    if sim.livechess_held() {
        return None;
    }
    let san_all = list.unwrap_or_else(|| sim.livechess_san());
    let san = match sub.skip {
        Some(k) => san_all.get(k..).map(<[String]>::to_vec).unwrap_or_default(),
        None => Vec::new(),
    };
    drop(sim);
    let mut ev = EBoardEvent {
        serialnr: b.serial.clone(),
        flipped: None,
        board: None,
        clock: None,
        start: None,
        san: None,
        matches: None,
    };
    let mut changed = false;
    if sub.sent_flipped != Some(flipped) {
        sub.sent_flipped = Some(flipped);
        ev.flipped = Some(flipped);
        changed = true;
    }
    if sub.sent_board.as_ref() != Some(&placement) {
        sub.sent_board = Some(placement.clone());
        ev.board = Some(placement);
        changed = true;
    }
    if sub.sent_clock != Some(clock.map(|c| Clock { time: None, ..c })) {
        sub.sent_clock = Some(clock.map(|c| Clock { time: None, ..c }));
        ev.clock = Some(clock);
        changed = true;
    }
    if sub.sent_start.as_ref() != Some(&sub.start) || sub.sent_san.as_ref() != Some(&san) {
        sub.sent_start = Some(sub.start.clone());
        ev.start = Some(sub.start.clone());
        sub.sent_san = Some(san.clone());
        ev.san = Some(san);
        ev.matches = Some(sub.skip.is_some());
        changed = true;
    }
    changed.then_some(ev)
}

/// What a subscription's task tells the connection.
#[derive(Debug)]
enum Note {
    /// The board changed: send what changed.
    Changed,
    /// A scripted move list (a takeback, a resend, a flood).
    List(Vec<String>),
    /// Messages the console cannot use (a hostile endpoint).
    Junk(LiveChessJunk, u32),
}

/// `n` messages of junk for feed `feed_id` of board `b`, the `first`-th and those after it.
fn junk(b: &Shared, feed_id: u64, what: LiveChessJunk, first: u64, n: u32) -> Vec<WsMessage> {
    let kinds = [
        LiveChessJunk::BadJson,
        LiveChessJunk::Truncated,
        LiveChessJunk::Binary,
        LiveChessJunk::LongList,
    ];
    let event = |extra: &str| {
        format!(
            r#"{{"response":"feed","id":{feed_id},"param":{{"serialnr":"{}"{extra}}},"time":{}}}"#,
            b.serial,
            wall_ms()
        )
    };
    (first..first + u64::from(n))
        .map(|k| {
            let what = match what {
                LiveChessJunk::Mixed => kinds[(k % kinds.len() as u64) as usize],
                w => w,
            };
            match what {
                LiveChessJunk::BadJson => WsMessage::text(format!("}}{{ not json {k} ]")),
                LiveChessJunk::Truncated => {
                    let e = event(r#","board":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR""#);
                    WsMessage::text(e[..e.len() / 2].to_string())
                }
                LiveChessJunk::Binary => WsMessage::binary(vec![0xde, 0xad, 0xbe, 0xef, k as u8]),
                LiveChessJunk::LongList => {
                    let list: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"]
                        .into_iter()
                        .cycle()
                        .take(arbiter_protocol::budget::MAX_PLIES + 1)
                        .collect();
                    let list = serde_json::to_string(&list).unwrap_or_default();
                    WsMessage::text(event(&format!(r#","san":{list}"#)))
                }
                LiveChessJunk::Oversized | LiveChessJunk::Mixed => {
                    let pad = "x".repeat(arbiter_protocol::budget::MAX_WS_MESSAGE_BYTES + 1024);
                    WsMessage::text(event(&format!(r#","comment":"{pad}""#)))
                }
            }
        })
        .collect()
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
    let (note_tx, mut note_rx) = mpsc::channel::<(u64, Note)>(1024);
    let mut tasks: std::collections::HashMap<u64, tokio::task::JoinHandle<()>> = Default::default();
    let mut subs: std::collections::HashMap<u64, Sub> = Default::default();
    loop {
        let out: Vec<WsMessage> = tokio::select! {
            _ = stop.changed() => break,
            m = rx.next() => match m {
                Some(Ok(WsMessage::Text(t))) => {
                    handle(&t, &boards, &note_tx, &mut subs, &mut tasks)
                }
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => Vec::new(),
            },
            Some((feed_id, note)) = note_rx.recv() => {
                let list = match note {
                    Note::Changed => None,
                    Note::List(l) => Some(l),
                    // junk goes out whether the board answers or not
                    Note::Junk(what, n) => {
                        let out = match subs.get_mut(&feed_id) {
                            Some(sub) => {
                                sub.junk_sent += u64::from(n);
                                junk(&boards[sub.board], feed_id, what, sub.junk_sent - u64::from(n), n)
                            }
                            None => Vec::new(),
                        };
                        for m in out {
                            counters.frames.fetch_add(1, Ordering::Relaxed);
                            if tx.send(m).await.is_err() {
                                for (_, t) in tasks.drain() {
                                    t.abort();
                                }
                                return;
                            }
                        }
                        continue;
                    }
                };
                match subs.get_mut(&feed_id) {
                    Some(sub) if !boards[sub.board].sim.lock().expect("board lock").silent() => {
                        let b = &boards[sub.board];
                        match event_for(b, sub, list) {
                            Some(ev) => vec![response(
                                ResponseKind::Feed,
                                feed_id,
                                serde_json::to_value(ev).unwrap_or(Value::Null),
                            )],
                            None => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                }
            }
        };
        for m in out {
            counters.frames.fetch_add(1, Ordering::Relaxed);
            if tx.send(m).await.is_err() {
                for (_, t) in tasks.drain() {
                    t.abort();
                }
                return;
            }
        }
    }
    for (_, t) in tasks.drain() {
        t.abort();
    }
}

fn error(id: u64, message: String) -> WsMessage {
    // LiveChess' errors carry a message and a stack trace
    response(
        ResponseKind::Error,
        id,
        json!({ "message": message, "stacktrace": "" }),
    )
}

/// The subscriptions of one connection, by feed id.
type Subs = std::collections::HashMap<u64, Sub>;
/// The tasks that forward a subscribed board's changes, by feed id.
type Tasks = std::collections::HashMap<u64, tokio::task::JoinHandle<()>>;

fn handle(
    text: &str,
    boards: &Arc<Vec<Arc<Shared>>>,
    note_tx: &mpsc::Sender<(u64, Note)>,
    subs: &mut Subs,
    tasks: &mut Tasks,
) -> Vec<WsMessage> {
    let req = match Request::parse(text) {
        Ok(r) => r,
        Err(e) => return vec![error(0, e.to_string())],
    };
    match req.call.as_str() {
        "eboards" => vec![eboards(req.id, boards)],
        "sources" => vec![sources(req.id, boards)],
        "subscribe" => vec![subscribe(req.id, req.param, boards, note_tx, subs, tasks)],
        "unsubscribe" => {
            let feed_id = req
                .param
                .as_ref()
                .and_then(|p| p.get("id"))
                .and_then(Value::as_u64);
            match feed_id.and_then(|f| tasks.remove(&f).map(|t| (f, t))) {
                Some((f, t)) => {
                    t.abort();
                    subs.remove(&f);
                    vec![response(ResponseKind::Call, req.id, Value::Null)]
                }
                None => vec![error(req.id, "unsubscribe: no such feed".into())],
            }
        }
        "call" => vec![feed_call(req.id, req.param, boards, note_tx, subs)],
        other => vec![error(req.id, format!("unknown call {other}"))],
    }
}

/// The answer to `eboards`: every board, its state, position and clock.
fn eboards(id: u64, boards: &[Arc<Shared>]) -> WsMessage {
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
                clock,
            }
        })
        .collect();
    response(
        ResponseKind::Call,
        id,
        serde_json::to_value(list).unwrap_or(Value::Null),
    )
}

/// The answer to `sources`: a serial source for every board.
fn sources(id: u64, boards: &[Arc<Shared>]) -> WsMessage {
    let list: Vec<Value> = boards
        .iter()
        .map(|b| {
            let silent = b.sim.lock().expect("board lock").silent();
            json!({
                "type": "serial",
                "device": format!("sim:{}", b.serial),
                "name": format!("DGT e-board {}", b.serial),
                "present": true,
                "active": !silent,
                "status": if silent { "NOTRESPONDING" } else { "ACTIVE" },
            })
        })
        .collect();
    response(ResponseKind::Call, id, Value::Array(list))
}

/// `subscribe` to a board's `eboardevent` feed: the subscription, and a task that forwards
/// the board's changes (replacing one of the same feed id).
fn subscribe(
    id: u64,
    param: Option<Value>,
    boards: &[Arc<Shared>],
    note_tx: &mpsc::Sender<(u64, Note)>,
    subs: &mut Subs,
    tasks: &mut Tasks,
) -> WsMessage {
    let sub: Subscribe = match param.map(serde_json::from_value) {
        Some(Ok(s)) => s,
        _ => return error(id, "subscribe needs {feed, id, param}".into()),
    };
    let serial = sub
        .param
        .get("serialnr")
        .and_then(Value::as_str)
        .unwrap_or("");
    let Some(i) = boards.iter().position(|b| b.serial == serial) else {
        return error(id, format!("no e-board {serial}"));
    };
    if sub.feed != "eboardevent" {
        return error(id, format!("unknown feed {}", sub.feed));
    }
    let feed_id = sub.id;
    subs.insert(
        feed_id,
        Sub {
            board: i,
            start: START_FEN.into(),
            skip: Some(0),
            sent_board: None,
            sent_clock: None,
            sent_san: None,
            sent_start: None,
            sent_flipped: None,
            junk_sent: 0,
        },
    );
    let forward = forward_board(feed_id, boards[i].tx.subscribe(), note_tx.clone());
    if let Some(old) = tasks.insert(feed_id, forward) {
        old.abort();
    }
    response(ResponseKind::Call, id, Value::Null)
}

/// A task that turns a board's outputs into notes for the connection's feed `feed_id`.
fn forward_board(
    feed_id: u64,
    mut brx: tokio::sync::broadcast::Receiver<crate::SimOutput>,
    note: mpsc::Sender<(u64, Note)>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        if note.send((feed_id, Note::Changed)).await.is_err() {
            return;
        }
        loop {
            let n = match brx.recv().await {
                Ok(crate::SimOutput::LiveChessList(l)) => Note::List(l),
                Ok(crate::SimOutput::LiveChessJunk(what, n)) => Note::Junk(what, n),
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => Note::Changed,
                Err(_) => return,
            };
            if note.send((feed_id, n)).await.is_err() {
                return;
            }
        }
    })
}

/// `call` on a subscribed feed: `setup` (the position the client has reached) or `flip`.
fn feed_call(
    id: u64,
    param: Option<Value>,
    boards: &[Arc<Shared>],
    note_tx: &mpsc::Sender<(u64, Note)>,
    subs: &mut Subs,
) -> WsMessage {
    let call: FeedCall = match param.map(serde_json::from_value) {
        Some(Ok(c)) => c,
        _ => return error(id, "call needs {id, method, param}".into()),
    };
    let Some(sub) = subs.get_mut(&call.id) else {
        return error(id, format!("call: no feed {}", call.id));
    };
    match call.method.as_str() {
        "setup" => {
            let Some(fen) = call.param.get("fen").and_then(Value::as_str) else {
                return error(id, "setup needs {fen}".into());
            };
            sub.skip = plies_before(&boards[sub.board], fen);
            sub.start = fen.to_string();
            let _ = note_tx.try_send((call.id, Note::Changed));
            response(ResponseKind::Call, id, Value::Null)
        }
        "flip" => {
            let _ = note_tx.try_send((call.id, Note::Changed));
            response(ResponseKind::Call, id, Value::Null)
        }
        other => error(id, format!("unknown method {other}")),
    }
}
