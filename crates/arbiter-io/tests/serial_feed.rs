//! The serial transport, against a pseudo-terminal that plays a DGT board.
#![cfg(unix)]

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::{Event, FeedState};
use arbiter_io::feeds::{FeedConfig, FeedCounters, Source, Timing, spawn_feed};
use arbiter_protocol::dgt::command::Received;
use arbiter_protocol::dgt::{
    ClockTimes, Command, CommandDecoder, Message, RawBoard, encode_message,
};
use serialport::SerialPort;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_on_a_serial_port() {
    let (mut master, slave) = serialport::TTYPort::pair().expect("a pty pair");
    let path = slave.name().expect("the pty has a name");
    master.set_timeout(Duration::from_millis(20)).unwrap();
    let done = Arc::new(AtomicBool::new(false));
    let d = done.clone();
    // the "board": answers commands; after the first board request, plays 1. e4 and presses
    let board = std::thread::spawn(move || {
        let mut dec = CommandDecoder::new();
        let mut buf = [0u8; 64];
        let mut moved = false;
        let start = RawBoard::from_board(&shakmaty::Board::default(), false);
        while !d.load(Ordering::Relaxed) {
            let n = match master.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => 0,
                Err(_) => return,
            };
            dec.push(&buf[..n]);
            let mut out = Vec::new();
            while let Some(r) = dec.next() {
                match r {
                    Received::Command(Command::SendBoard) if !moved => {
                        encode_message(&Message::BoardDump(start), &mut out);
                        // e2 (52) lifted, e4 (36) placed, clock pressed
                        encode_message(
                            &Message::FieldUpdate {
                                square: 52,
                                piece: 0,
                            },
                            &mut out,
                        );
                        encode_message(
                            &Message::FieldUpdate {
                                square: 36,
                                piece: 1,
                            },
                            &mut out,
                        );
                        let t = ClockTimes::new(
                            5_421_000,
                            5_400_000,
                            Some(ClockSide::Right),
                            ClockSide::Right,
                        );
                        encode_message(&Message::ClockTimes(t), &mut out);
                        moved = true;
                    }
                    Received::Command(Command::SerialNumber) => {
                        encode_message(&Message::SerialNumber("12345".into()), &mut out)
                    }
                    _ => {}
                }
            }
            if !out.is_empty() && master.write_all(&out).is_err() {
                return;
            }
        }
    });
    let (tx, mut rx) = mpsc::channel(256);
    let (stop, stop_rx) = watch::channel(false);
    let feed = spawn_feed(
        FeedConfig {
            board: BoardNo(1),
            source: Source::parse(&format!("serial://{path}")).unwrap(),
            base: Instant::now(),
            timing: Timing {
                keepalive: Duration::from_millis(100),
                ..Timing::default()
            },
            seed: None,
        },
        tx,
        Arc::new(FeedCounters::default()),
        stop_rx,
    );
    let (mut live, mut moved, mut clock) = (false, false, false);
    let deadline = Instant::now() + Duration::from_secs(20);
    while !(live && moved && clock) {
        let rec = tokio::time::timeout_at(deadline, rx.recv())
            .await
            .expect("events in time")
            .expect("feed running");
        match rec.event {
            Event::FeedStatus(s) => live |= s.state == FeedState::Live,
            Event::MoveMade(m) => moved |= m.san == "e4" && m.uci == "e2e4",
            Event::ClockSample(c) => {
                clock |= c.left_ms == 5_421_000 && c.running == Some(ClockSide::Right)
            }
            _ => {}
        }
    }
    stop.send(true).unwrap();
    feed.await.unwrap();
    done.store(true, Ordering::Relaxed);
    board.join().unwrap();
    drop(slave);
}
