//! End to end: a feed record's journal time is the moment its bytes arrived, not the moment
//! the console's loop got to it. The real `arbiter run` binary in a pseudo-terminal reads a DGT
//! board played by this test over loopback TCP; its loop is slowed down on purpose
//! (`ARBITER_TEST_SLOW_UI_MS`: it sleeps 2 s after every batch). The board sends a clock report
//! A and, 100 ms later, a report B; the loop takes A, then sleeps, so B waits about 2 s in the
//! queue. The journal must stamp B 100 ms after A (mono) and at the wall time the test sent it.

#![cfg(unix)]

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use arbiter_core::model::ClockSide;
use arbiter_core::record::Event;
use arbiter_protocol::dgt::command::Received;
use arbiter_protocol::dgt::encode_message;
use arbiter_protocol::dgt::{ClockTimes, Command as Cmd, CommandDecoder, Message, RawBoard};
use expectrl::Session;

fn wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

fn report(left_ms: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let t = ClockTimes::new(left_ms, 5_400_000, Some(ClockSide::Left), ClockSide::Left);
    encode_message(&Message::ClockTimes(t), &mut out);
    out
}

#[test]
fn a_record_keeps_its_arrival_time_while_the_loop_is_slow() {
    let dir = tempfile::tempdir().unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // the match: the demo match with board 1 on this test's port, no other feed
    let root = env!("CARGO_MANIFEST_DIR");
    let src =
        std::fs::read_to_string(format!("{root}/config/matches/demo-bundesliga.toml")).unwrap();
    let start = src.find("feeds = [").unwrap();
    let end = start + src[start..].find(']').unwrap() + 1;
    let feeds = format!(
        "feeds = [\"tcp://127.0.0.1:{port}\", \"none\", \"none\", \"none\", \"none\", \"none\", \"none\", \"none\"]"
    );
    let text = format!("{}{feeds}{}", &src[..start], &src[end..]);
    let match_path = dir.path().join("match.toml");
    std::fs::write(&match_path, text).unwrap();
    let journal = dir.path().join("arrival.jsonl");

    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.arg("run")
        .arg(&match_path)
        .args(["--lang", "en", "--journal"])
        .arg(&journal)
        .current_dir(root)
        .env("TERM", "xterm-256color")
        .env("ARBITER_TEST_SLOW_UI_MS", "2000");
    let mut s = Session::spawn(cmd).expect("spawn arbiter run");
    s.get_process_mut().set_window_size(120, 36).unwrap();
    let drain = |s: &mut Session| {
        let mut buf = [0u8; 16384];
        while let Ok(n) = s.try_read(&mut buf) {
            if n == 0 {
                break;
            }
        }
    };

    // the board: answers the feed's requests; then A, and 100 ms later B
    listener.set_nonblocking(false).unwrap();
    let (mut sock, _) = listener.accept().unwrap();
    sock.set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let mut dec = CommandDecoder::new();
    let mut buf = [0u8; 256];
    let begin = Instant::now();
    let mut sent = None;
    while begin.elapsed() < Duration::from_secs(12) {
        drain(&mut s);
        if let Ok(n) = sock.read(&mut buf) {
            dec.push(&buf[..n]);
        }
        let mut out = Vec::new();
        while let Some(r) = dec.next() {
            match r {
                Received::Command(Cmd::SendBoard) => {
                    let raw = RawBoard::from_board(&shakmaty::Board::default(), false);
                    encode_message(&Message::BoardDump(raw), &mut out);
                }
                Received::Command(Cmd::SerialNumber) => {
                    encode_message(&Message::SerialNumber("12345".into()), &mut out)
                }
                Received::Command(Cmd::SendClock) => out.extend(report(5_400_000)),
                _ => {}
            }
        }
        if !out.is_empty() {
            sock.write_all(&out).unwrap();
        }
        // after three seconds of a live feed: A, then B
        if sent.is_none() && begin.elapsed() > Duration::from_secs(3) {
            sock.write_all(&report(4_000_000)).unwrap();
            std::thread::sleep(Duration::from_millis(100));
            let w = wall_ms();
            sock.write_all(&report(3_999_000)).unwrap();
            sent = Some(w);
        }
    }
    let sent_b = sent.unwrap();
    // SIGTERM: the console quits as after Q, y (the journal is committed)
    s.get_process_mut().kill(expectrl::Signal::SIGTERM).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while s.get_process().is_alive().unwrap_or(false) {
        drain(&mut s);
        assert!(Instant::now() < deadline, "the console did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
    let bytes = std::fs::read(&journal).unwrap();
    let (records, _) = arbiter_core::journal::records_from_bytes(&bytes).unwrap();
    let find = |left: u64| {
        records
            .iter()
            .find(|r| matches!(&r.event, Event::ClockSample(c) if c.left_ms == left))
            .unwrap_or_else(|| panic!("no sample with {left} ms"))
    };
    let (a, b) = (find(4_000_000), find(3_999_000));
    let gap = b.mono_ms - a.mono_ms;
    assert!(
        (90..400).contains(&gap),
        "B arrived 100 ms after A; journaled {gap} ms after it (stamps taken when the slowed loop dequeues would differ)"
    );
    let late = b.wall_ms - sent_b;
    assert!(
        (-50..400).contains(&late),
        "B journaled {late} ms after it was sent (the loop sleeps 2000 ms per batch)"
    );
}
