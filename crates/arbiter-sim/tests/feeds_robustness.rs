//! Garbage, oversize frames, unknown messages, bad JSON and floods are counted and never stall
//! or crash a feed, nor the feeds of other boards.

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{Event, FeedState};
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_protocol::dgt::{ClockTimes, Message, RawBoard, encode_message};
use arbiter_sim::{Simulator, SimulatorConfig, pgn};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message as WsMessage;

fn flood_chunk(seed: &mut u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(20_000);
    for _ in 0..20_000 {
        *seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        out.push((*seed >> 16) as u8);
    }
    out.extend_from_slice(&[0x8F, 0x7F, 0x7F]); // oversize header
    out.extend_from_slice(&[0xB5, 0x00, 0x04, 0x11]); // unknown message
    let t = ClockTimes::new(5_000_000, 4_000_000, Some(ClockSide::Left), ClockSide::Left);
    encode_message(&Message::ClockTimes(t), &mut out);
    out
}

fn spawn(
    board: u16,
    source: Source,
    tx: &mpsc::Sender<FeedRecord>,
    stop: &watch::Receiver<bool>,
) -> (Arc<FeedCounters>, tokio::task::JoinHandle<()>) {
    let counters = Arc::new(FeedCounters::default());
    let h = spawn_feed(
        FeedConfig {
            board: BoardNo(board),
            source,
            base: Instant::now(),
            timing: Timing {
                keepalive: Duration::from_millis(100),
                rate_scale: 100,
                ..Timing::default()
            },
            seed: None,
        },
        tx.clone(),
        counters.clone(),
        stop.clone(),
    );
    (counters, h)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_board_does_not_stall_the_others() {
    // board 1: a "board" that floods ~4 MB of garbage mixed with frames
    let flood = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let flood_addr = flood.local_addr().unwrap();
    let flooder = tokio::spawn(async move {
        let (mut s, _) = flood.accept().await.unwrap();
        let mut out = Vec::new();
        let start = RawBoard::from_board(&shakmaty::Board::default(), false);
        encode_message(&Message::BoardDump(start), &mut out);
        s.write_all(&out).await.unwrap();
        let mut seed = 7;
        for _ in 0..200 {
            if s.write_all(&flood_chunk(&mut seed)).await.is_err() {
                return;
            }
        }
        let mut buf = [0u8; 256];
        while let Ok(n) = s.read(&mut buf).await {
            if n == 0 {
                return;
            }
        }
    });
    // board 2: a simulated board playing 8 plies at 100x
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/01_opera.pgn");
    let game = pgn::read_file(&dir).unwrap().remove(0);
    let sim = Simulator::bind(SimulatorConfig {
        boards: 1,
        games: vec![game.clone()],
        speed: 100.0,
        max_plies: Some(8),
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let sim_addr = sim.ports().boards[0];
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));

    let (tx, mut rx) = mpsc::channel(1024);
    let (stop, stop_rx) = watch::channel(false);
    let (c1, h1) = spawn(
        1,
        Source::parse(&format!("tcp://{flood_addr}")).unwrap(),
        &tx,
        &stop_rx,
    );
    let (_c2, h2) = spawn(
        2,
        Source::parse(&format!("tcp://{sim_addr}")).unwrap(),
        &tx,
        &stop_rx,
    );
    drop(tx);
    let mut moves2 = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while moves2.len() < 8 || c1.snapshot().garbage_bytes < 3_000_000 {
        let rec = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .expect("board 2 kept going during the flood")
            .unwrap();
        if let (Event::MoveMade(m), BoardNo(2)) = (&rec.event, rec.event.board().unwrap()) {
            moves2.push(m.san.clone());
        }
    }
    let replay = game.replay().unwrap();
    assert_eq!(moves2, replay.san[..8]);
    let s = c1.snapshot();
    assert!(s.garbage_bytes >= 3_000_000, "{s:?}");
    assert!(s.oversize_frames >= 1, "{s:?}");
    assert!(s.unknown_messages >= 1, "{s:?}");
    assert!(s.frames >= 200, "{s:?}");
    assert!(!h1.is_finished() && !h2.is_finished(), "no feed died");
    stop.send(true).unwrap();
    h1.await.unwrap();
    h2.await.unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
    flooder.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn livechess_bad_json_and_unknown_messages_are_counted() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let (s, _) = l.accept().await.unwrap();
        let mut ws = tokio_tungstenite::accept_async(s).await.unwrap();
        // wait for the subscription
        while let Some(Ok(m)) = ws.next().await {
            if let WsMessage::Text(t) = m
                && t.contains("subscribe")
            {
                break;
            }
        }
        for text in [
            "this is not json",
            r#"{"response":"bogus","id":1}"#,
            r#"{"response":"feed","id":1,"param":{"flipped":"sideways"}}"#,
            r#"{"response":"call","id":1,"param":null}"#,
            r#"{"response":"feed","id":1,"time":0,"param":{"serialnr":"777","flipped":false,
                "board":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
                "clock":{"white":5400,"black":5390,"run":true,"time":0},
                "san":["e4","e5"]}}"#,
        ] {
            ws.send(WsMessage::text(text)).await.unwrap();
        }
        while let Some(Ok(_)) = ws.next().await {}
    });
    let (tx, mut rx) = mpsc::channel(64);
    let (stop, stop_rx) = watch::channel(false);
    let (c, h) = spawn(
        1,
        Source::parse(&format!("livechess://{addr}/777")).unwrap(),
        &tx,
        &stop_rx,
    );
    let mut moves = Vec::new();
    let mut live = false;
    let mut clock = None;
    let deadline = Instant::now() + Duration::from_secs(20);
    while moves.len() < 2 || clock.is_none() {
        let rec = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .unwrap()
            .unwrap();
        match rec.event {
            Event::MoveMade(m) => moves.push(m.san),
            Event::FeedStatus(s) => live |= s.state == FeedState::Live,
            Event::ClockSample(s) => clock = Some(s),
            _ => {}
        }
    }
    assert!(live);
    assert_eq!(moves, ["e4", "e5"]);
    let clock = clock.unwrap();
    assert_eq!((clock.left_ms, clock.right_ms), (5_400_000, 5_390_000));
    assert_eq!(clock.running, Some(ClockSide::Left));
    assert_eq!(clock.white_side, Some(ClockSide::Left));
    let s = c.snapshot();
    assert_eq!(s.bad_json, 2, "{s:?}"); // not JSON, and a feed whose payload does not fit
    assert_eq!(s.unknown_messages, 1, "{s:?}");
    stop.send(true).unwrap();
    h.await.unwrap();
    server.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn livechess_refusing_the_subscription_is_a_lost_link() {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let server = tokio::spawn(async move {
        loop {
            let Ok((s, _)) = l.accept().await else { return };
            tokio::spawn(async move {
                let Ok(mut ws) = tokio_tungstenite::accept_async(s).await else {
                    return;
                };
                while let Some(Ok(m)) = ws.next().await {
                    if let WsMessage::Text(t) = m {
                        let req = arbiter_protocol::livechess::Request::parse(&t).unwrap();
                        let answer = format!(
                            r#"{{"response":"error","id":{},"param":{{"message":"no e-board 999"}}}}"#,
                            req.id
                        );
                        let _ = ws.send(WsMessage::text(answer)).await;
                    }
                }
            });
        }
    });
    let (tx, mut rx) = mpsc::channel(64);
    let (stop, stop_rx) = watch::channel(false);
    let (_c, h) = spawn(
        1,
        Source::parse(&format!("livechess://{addr}/999")).unwrap(),
        &tx,
        &stop_rx,
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut lost = None;
    let mut reconnecting = false;
    while lost.is_none() || !reconnecting {
        let rec = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .unwrap()
            .unwrap();
        if let Event::FeedStatus(s) = rec.event {
            match s.state {
                FeedState::Lost => lost = Some(s.detail),
                FeedState::Reconnecting => reconnecting = lost.is_some(),
                _ => {}
            }
        }
    }
    assert!(lost.unwrap().contains("no e-board 999"));
    stop.send(true).unwrap();
    h.await.unwrap();
    server.abort();
}
