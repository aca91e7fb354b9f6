//! Feed → screen latency: from a DGT clock report's bytes written to a board's TCP socket to the
//! frame that shows the changed clock, at 8, 64 and 256 boards.
//!
//! In one process: N DGT boards on loopback TCP (a tokio runtime of their own, one thread), the
//! real feeds (`arbiter_io::feeds::spawn_feeds`, their own runtime), the console's feed path
//! (the same bounded queue, `app_loop::journal_feed_record` into a real journal file with group
//! commit, `state::apply`) and the console's drawing rule (`app_loop::time_signature`; a frame
//! when something visible changed) into ratatui's `TestBackend` at 200×60 (no terminal IO).
//!
//! Every board sends one report a second of a stopped clock whose left time changes (each
//! board's own minute, the report's number as seconds), at its own phase in the second: the
//! load. A report on a board that is on the screen is a probe: its latency is the time from
//! just before `write_all` to the end of the first frame whose buffer holds the new time.
//!
//! `cargo bench --bench feed_latency` (env `FEED_LATENCY_BOARDS=8,64,256`,
//! `FEED_LATENCY_SECS=20`). Prints p50/p99/max per board count.

use std::collections::HashMap;
use std::sync::mpsc as smpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arbiter_console::app::{App, Submitted};
use arbiter_console::app_loop::{journal_feed_record, time_signature};
use arbiter_console::time_base::TimeBase;
use arbiter_core::matchfile::Lang;
use arbiter_core::model::{BoardNo, ClockSide};
use arbiter_core::record::Origin;
use arbiter_core::state::MatchState;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{FeedRecord, Source, Timing, spawn_feeds};
use arbiter_io::journal_file::JournalWriter;
use arbiter_protocol::dgt::command::Received;
use arbiter_protocol::dgt::{
    ClockTimes, Command, CommandDecoder, Message, RawBoard, encode_message,
};
use arbiter_tui::ViewState;
use arbiter_tui::fixture::demo_match;
use arbiter_tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The left time of board `b` after its `k`-th report, unique per board on the screen:
/// (1 + b / 50) h + (b mod 50) min + (k mod 60) s.
fn left_ms(b: usize, k: u64) -> u64 {
    let b = b as u64;
    ((1 + b / 50) * 3600 + (b % 50) * 60 + k % 60) * 1000
}

fn report(b: usize, k: u64) -> Vec<u8> {
    let t = ClockTimes::new(left_ms(b, k), 7_200_000, None, ClockSide::Left);
    let mut out = Vec::new();
    encode_message(&Message::ClockTimes(t), &mut out);
    out
}

fn hms(ms: u64) -> String {
    arbiter_core::hms::format_hms(ms)
}

/// Sent reports: board → (the time it shows, when its bytes were written).
type Sent = Arc<Mutex<HashMap<usize, (String, Instant)>>>;

async fn board(l: TcpListener, b: usize, n: usize, sent: Sent, stop: Instant) {
    let Ok((s, _)) = l.accept().await else {
        return;
    };
    let _ = s.set_nodelay(true);
    let (mut rd, mut wr) = s.into_split();
    let (cmd_tx, mut cmd_rx) = tokio::sync::mpsc::channel::<Vec<u8>>(16);
    tokio::spawn(async move {
        let mut dec = CommandDecoder::new();
        let mut buf = [0u8; 256];
        while let Ok(k) = rd.read(&mut buf).await {
            if k == 0 {
                return;
            }
            dec.push(&buf[..k]);
            let mut out = Vec::new();
            while let Some(r) = dec.next() {
                match r {
                    Received::Command(Command::SendBoard) => {
                        let raw = RawBoard::from_board(&shakmaty::Board::default(), false);
                        encode_message(&Message::BoardDump(raw), &mut out);
                    }
                    Received::Command(Command::SerialNumber) => {
                        encode_message(&Message::SerialNumber("12345".into()), &mut out)
                    }
                    _ => {}
                }
            }
            if !out.is_empty() && cmd_tx.send(out).await.is_err() {
                return;
            }
        }
    });
    // each board at its own phase within the second
    let phase = Duration::from_micros((b as u64 * 1_000_000) / n as u64);
    let mut next = tokio::time::Instant::now() + phase;
    let mut k = 0u64;
    loop {
        tokio::select! {
            Some(out) = cmd_rx.recv() => {
                if wr.write_all(&out).await.is_err() { return; }
            }
            _ = tokio::time::sleep_until(next) => {
                if Instant::now() > stop { return; }
                k += 1;
                let bytes = report(b, k);
                sent.lock().unwrap().insert(b, (hms(left_ms(b, k)), Instant::now()));
                if wr.write_all(&bytes).await.is_err() { return; }
                next += Duration::from_secs(1);
            }
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

fn run(n: usize, secs: u64) {
    let m = demo_match();
    let dir = tempfile::tempdir().unwrap();
    let journal = JournalWriter::create(&dir.path().join("latency.jsonl")).unwrap();
    let mut app = App::new(m, journal);
    app.state = MatchState::with_boards(n as u16);
    let time = TimeBase::now();
    let ev = app.session_started();
    app.submit(WallMs::from_unix_ms(0), time.mono(), Origin::System, ev)
        .unwrap();

    // the boards
    let boards_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let sent: Sent = Arc::default();
    let stop_at = Instant::now() + Duration::from_secs(secs + 4);
    let mut sources = Vec::new();
    for b in 0..n {
        let l = boards_rt
            .block_on(TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = l.local_addr().unwrap();
        sources.push((
            BoardNo::from_index(b),
            Source::Tcp {
                addr: addr.to_string(),
            },
        ));
        boards_rt.spawn(board(l, b, n, sent.clone(), stop_at));
    }
    // the feeds and the console's feed path: the same bounded queue and forwarding thread
    let mut feeds = spawn_feeds(sources, time.start(), Timing::default()).unwrap();
    let (tx, rx) = smpsc::sync_channel::<FeedRecord>(1024);
    std::thread::spawn(move || {
        while let Some(r) = feeds.recv() {
            if tx.send(r).is_err() {
                break;
            }
        }
    });

    let view = ViewState::new(Lang::En, Theme::default());
    let mut term = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let mut dirty = true;
    let mut last_sig = None;
    let mut last_commit = MonoMs::ORIGIN;
    let warm_up = Instant::now() + Duration::from_secs(4);
    let end = Instant::now() + Duration::from_secs(secs + 4);
    let mut latencies: Vec<f64> = Vec::new();
    let mut visible: Option<Vec<usize>> = None;
    // the probe last seen per visible board, so that each report counts once
    let mut done: HashMap<usize, String> = HashMap::new();
    let mut missed = 0u64;
    let mut commit_ms: Vec<f64> = Vec::new();
    while Instant::now() < end {
        let now = time.mono();
        let sig = time_signature(&app.state, now);
        if dirty || last_sig != Some(sig) {
            term.draw(|f| arbiter_tui::render(f, &app.m, &app.state, &view, now))
                .unwrap();
            let drawn = Instant::now();
            last_sig = Some(sig);
            dirty = false;
            let buf = term.backend().buffer();
            let text: String = buf.content().iter().map(|c| c.symbol()).collect();
            let sent_now = sent.lock().unwrap().clone();
            if Instant::now() > warm_up {
                let vis = visible.get_or_insert_with(|| {
                    // the boards on the screen: their current time is shown
                    (0..n)
                        .filter(|b| sent_now.get(b).is_some_and(|(s, _)| text.contains(s)))
                        .collect()
                });
                for b in vis.iter() {
                    let Some((s, t0)) = sent_now.get(b) else {
                        continue;
                    };
                    if done.get(b) == Some(s) || *t0 < warm_up {
                        continue;
                    }
                    if text.contains(s.as_str()) {
                        latencies.push(drawn.duration_since(*t0).as_secs_f64() * 1000.0);
                        done.insert(*b, s.clone());
                    } else if drawn.duration_since(*t0) > Duration::from_secs(2) {
                        missed += 1;
                        done.insert(*b, s.clone());
                    }
                }
            }
        }
        if now.saturating_since(last_commit) >= 1000 {
            let c0 = Instant::now();
            app.journal.commit(now).unwrap();
            commit_ms.push(c0.elapsed().as_secs_f64() * 1000.0);
            last_commit = now;
        }
        let first = match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(r) => r,
            Err(smpsc::RecvTimeoutError::Timeout) => continue,
            Err(smpsc::RecvTimeoutError::Disconnected) => break,
        };
        let mut next = Some(first);
        while let Some(r) = next {
            dirty |= !matches!(r.event, arbiter_core::record::Event::ClockSample(_));
            let written = journal_feed_record(&mut app, time.current(), r);
            assert!(matches!(written, Submitted::Written(_)), "{written:?}");
            next = rx.try_recv().ok();
        }
    }
    latencies.sort_by(f64::total_cmp);
    commit_ms.sort_by(f64::total_cmp);
    println!(
        "  journal commits (write + fsync, on the loop's thread): p50 {:.2} ms, max {:.2} ms",
        percentile(&commit_ms, 0.5),
        commit_ms.last().copied().unwrap_or(f64::NAN)
    );
    let visible = visible.map_or(0, |v| v.len());
    println!(
        "feed_latency: {n} boards ({visible} on screen), {} probes: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, missed {missed}; {} records journaled",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN),
        app.state.applied
    );
    drop(boards_rt);
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else to parse
    let boards: Vec<usize> = std::env::var("FEED_LATENCY_BOARDS")
        .ok()
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![8, 64, 256]);
    let secs: u64 = std::env::var("FEED_LATENCY_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for n in boards {
        run(n, secs);
    }
}
