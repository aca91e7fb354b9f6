//! Bounded under any feed (issue 25): one board of the real simulator floods the real feed
//! with each hostile kind for three minutes of venue time (tokio's paused clock, the feed's real
//! timing and budget), and what the feed sends to the journal stays within the budget
//! (`arbiter_protocol::budget`): at most 5 MB per board-hour counted in journal bytes (each
//! record encoded as the journal writes it), the noise as periodic summaries, never a record
//! per piece, and no acknowledgement that answers nothing. The same floods against the whole
//! console, with CPU, memory and the arbiter's acknowledgements: `benches/hostile_feeds.rs`.

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::journal::Chain;
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, FeedState};
use arbiter_core::time::WallMs;
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_sim::scenario::LiveChessJunk;
use arbiter_sim::{Incident, Scenario, Simulator, SimulatorConfig};
use tokio::sync::{mpsc, watch};

const MIN: u64 = 60_000;
const VENUE_MS: u64 = 3 * MIN;
/// Summaries at most every 10 s, and one at each link's end.
const SUMMARIES: usize = (VENUE_MS / 10_000) as usize + 1;

/// Board 1 with `incident` from the start, read by the real feed (DGT over TCP, or LiveChess)
/// for [`VENUE_MS`] of venue time: every record and the feed's counters.
async fn flood(
    incident: Option<Incident>,
    livechess: bool,
) -> (Vec<FeedRecord>, Arc<FeedCounters>) {
    let sim = Simulator::bind(SimulatorConfig {
        boards: 1,
        games: arbiter_sim::games::shipped().unwrap(),
        speed: 1.0,
        livechess_port: Some(0),
        scenario: Scenario {
            incidents: incident.into_iter().collect(),
        },
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let source = if livechess {
        let lc = sim.ports().livechess.unwrap();
        Source::parse(&format!("livechess://{lc}/{}", sim.boards()[0].serial)).unwrap()
    } else {
        Source::parse(&format!("tcp://{}", sim.ports().boards[0])).unwrap()
    };
    let base = sim.epoch();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let (tx, mut rx) = mpsc::channel(1 << 20);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    let feed = spawn_feed(
        FeedConfig {
            board: BoardNo(1),
            source,
            base,
            timing: Timing::default(),
            seed: None,
        },
        tx,
        counters.clone(),
        stop_rx,
    );
    tokio::time::sleep_until(base + Duration::from_millis(VENUE_MS)).await;
    stop.send(true).unwrap();
    feed.await.unwrap();
    sim_stop.send(true).unwrap();
    server.await.unwrap().unwrap();
    let mut log = Vec::new();
    while let Ok(r) = rx.try_recv() {
        log.push(r);
    }
    (log, counters)
}

/// The bytes the records take in the journal, encoded as the writer writes them.
fn journal_bytes(log: &[FeedRecord]) -> u64 {
    let mut chain = Chain::default();
    let mut out = Vec::new();
    for r in log {
        chain.append(
            WallMs::from_unix_ms(1_795_870_800_000 + r.mono_ms.as_base_ms() as i64),
            r.mono_ms,
            r.origin,
            r.event.clone(),
            &mut out,
        );
    }
    out.len() as u64
}

fn count(log: &[FeedRecord], kind: &str) -> usize {
    log.iter().filter(|r| r.event.kind() == kind).count()
}

/// The budget of [`VENUE_MS`]: 5 MB per board-hour.
const BUDGET: u64 = 5_000_000 * VENUE_MS / (60 * MIN);

fn check(name: &str, log: &[FeedRecord]) -> u64 {
    let bytes = journal_bytes(log);
    let per_hour = bytes * (60 * MIN) / VENUE_MS;
    eprintln!(
        "{name}: {} records, {bytes} bytes in {} min ({per_hour} bytes per board-hour): {} feed_noise, {} feed_counters, {} feed_status",
        log.len(),
        VENUE_MS / MIN,
        count(log, "feed_noise"),
        count(log, "feed_counters"),
        count(log, "feed_status")
    );
    assert!(bytes <= BUDGET, "{name}: {bytes} bytes > {BUDGET}");
    // the noise summarised: at most one summary per 10 s (and one per link's end)
    assert!(
        count(log, "feed_noise") <= SUMMARIES + count(log, "feed_status"),
        "{name}"
    );
    assert!(
        count(log, "feed_counters") <= SUMMARIES + count(log, "feed_status"),
        "{name}"
    );
    bytes
}

#[tokio::test(start_paused = true)]
async fn a_garbage_flood_is_summarised() {
    let (log, c) = flood(
        Some(Incident::GarbageFlood {
            board: 1,
            after_ply: 0,
            duration_s: 3600,
            bytes_per_s: 5_000,
            offset_s: 5,
        }),
        false,
    )
    .await;
    check("garbage_flood", &log);
    let c = c.snapshot();
    assert!(c.garbage_bytes > 500_000, "{c:?}");
    assert!(
        count(&log, "feed_noise") >= SUMMARIES - 2,
        "a summary every 10 s"
    );
    // the board plays on, live
    assert!(count(&log, "move") > 0);
    assert!(
        !log.iter()
            .any(|r| matches!(&r.event, Event::FeedStatus(s) if s.state == FeedState::Lost))
    );
}

#[tokio::test(start_paused = true)]
async fn unsolicited_acknowledgements_are_counted_not_journaled() {
    let (log, c) = flood(
        Some(Incident::UnsolicitedAcks {
            board: 1,
            after_ply: 0,
            duration_s: 3600,
            per_s: 300,
            offset_s: 5,
        }),
        false,
    )
    .await;
    check("unsolicited_acks", &log);
    assert_eq!(count(&log, "clock_command_ack"), 0);
    assert!(c.snapshot().unsolicited_acks > 50_000, "{:?}", c.snapshot());
}

#[tokio::test(start_paused = true)]
async fn a_clock_report_flood_is_rate_limited() {
    let (log, c) = flood(
        Some(Incident::Flood {
            board: 1,
            after_ply: 0,
            duration_s: 3600,
            per_s: 50,
            offset_s: 5,
        }),
        false,
    )
    .await;
    check("clock_flood", &log);
    assert!(c.snapshot().rate_limited > 5_000, "{:?}", c.snapshot());
}

#[tokio::test(start_paused = true)]
async fn livechess_junk_is_summarised() {
    let (log, c) = flood(
        Some(Incident::LivechessNoise {
            board: 1,
            after_ply: 0,
            duration_s: 3600,
            per_s: 30,
            what: LiveChessJunk::Mixed,
            only: false,
            offset_s: 5,
        }),
        true,
    )
    .await;
    check("livechess_noise", &log);
    let c = c.snapshot();
    assert!(c.bad_json > 2_000 && c.unknown_messages > 1_000, "{c:?}");
}

#[tokio::test(start_paused = true)]
async fn oversized_livechess_messages_end_the_link_ever_more_rarely() {
    let (log, c) = flood(
        Some(Incident::LivechessNoise {
            board: 1,
            after_ply: 0,
            duration_s: 3600,
            per_s: 1,
            what: LiveChessJunk::Oversized,
            only: false,
            offset_s: 5,
        }),
        true,
    )
    .await;
    check("livechess_oversized", &log);
    let c = c.snapshot();
    // each one ends the link; the backoff keeps the links few
    assert!(c.oversize_frames >= 5 && c.connects <= 15, "{c:?}");
}

#[tokio::test(start_paused = true)]
async fn a_normal_game_takes_less_than_a_megabyte_per_board_hour() {
    // the whole opening at speed 1: moves, a clock report a second
    let (log, _) = flood(None, false).await;
    let bytes = check("normal", &log);
    assert!(count(&log, "move") >= 2);
    let per_hour = bytes * (60 * MIN) / VENUE_MS;
    assert!(per_hour <= 1_000_000, "{per_hour} bytes per board-hour");
}
