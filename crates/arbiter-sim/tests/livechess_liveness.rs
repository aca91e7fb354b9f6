//! LiveChess as the real server behaves: it sends an event only when something changes, so a
//! board whose clock is stopped sends nothing for as long as it stands. The feed takes the
//! websocket's pongs as the sign of life: such a board stays live, with no reconnection and no
//! `setup` sent again. And noise is no sign of life: an endpoint that sends only garbage (and
//! answers pings) goes stale and lost and shows garbled, as a DGT board sending noise does.
//!
//! The real simulator and the real feed over loopback TCP, on tokio's paused clock: ten minutes
//! of venue time take a second or two, with the feed's real timing (stale after 3 s, lost after
//! 10 s, a ping a second).

use std::sync::Arc;
use std::time::Duration;

use arbiter_core::journal::Chain;
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, FeedState, NoiseKind, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::status::{BoardAlert, board_status};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
use arbiter_sim::scenario::LiveChessJunk;
use arbiter_sim::{Incident, Scenario, Simulator, SimulatorConfig};
use tokio::sync::{mpsc, watch};

const MIN: u64 = 60_000;

fn demo_match() -> arbiter_core::matchfile::Match {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    arbiter_io::config::load_match(&root.join("config/matches/demo-bundesliga.toml"), None).unwrap()
}

/// When board 1's plies are made (ms of venue time), without incidents.
async fn move_times() -> Vec<u64> {
    let sim = Simulator::bind(SimulatorConfig {
        boards: 1,
        games: arbiter_sim::games::shipped().unwrap(),
        max_plies: Some(8),
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    sim.boards()[0].move_times.clone()
}

/// Board 1 of the simulator on its LiveChess endpoint, with `incident`, read by the real feed
/// for `venue_ms` of venue time (speed 1, the paused clock advancing): every record (stamped
/// in ms of venue time) and the feed's counters.
async fn run(incident: Incident, venue_ms: u64) -> (Vec<FeedRecord>, Arc<FeedCounters>) {
    let games = arbiter_sim::games::shipped().unwrap();
    let sim = Simulator::bind(SimulatorConfig {
        boards: 1,
        games,
        speed: 1.0,
        livechess_port: Some(0),
        max_plies: Some(8),
        scenario: Scenario {
            incidents: vec![incident],
        },
        ..SimulatorConfig::default()
    })
    .await
    .unwrap();
    let lc = sim.ports().livechess.unwrap();
    let serial = sim.boards()[0].serial.clone();
    let base = sim.epoch();
    let (sim_stop, sim_stop_rx) = watch::channel(false);
    let server = tokio::spawn(sim.serve(sim_stop_rx));
    let (tx, mut rx) = mpsc::channel(65_536);
    let (stop, stop_rx) = watch::channel(false);
    let counters = Arc::new(FeedCounters::default());
    let feed = spawn_feed(
        FeedConfig {
            board: BoardNo(1),
            source: Source::parse(&format!("livechess://{lc}/{serial}")).unwrap(),
            base,
            timing: Timing::default(),
            seed: None,
        },
        tx,
        counters.clone(),
        stop_rx,
    );
    tokio::time::sleep_until(base + Duration::from_millis(venue_ms)).await;
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

fn transitions(log: &[FeedRecord]) -> Vec<(u64, FeedState)> {
    log.iter()
        .filter_map(|r| match &r.event {
            Event::FeedStatus(s) => Some((r.mono_ms.as_base_ms(), s.state)),
            _ => None,
        })
        .collect()
}

/// The console's fold of the records (journaled first, then applied).
fn fold(log: &[FeedRecord]) -> Vec<(u64, MatchState)> {
    let m = demo_match();
    let mut s = MatchState::with_boards(8);
    let mut chain = Chain::default();
    let mut out = Vec::new();
    let r = chain.append(
        WallMs::UNIX_EPOCH,
        MonoMs::ORIGIN,
        Origin::System,
        SessionStarted::of(&m, "test".into()).into(),
        &mut out,
    );
    apply(&mut s, &r);
    log.iter()
        .map(|rec| {
            let r = chain.append(
                WallMs::UNIX_EPOCH,
                rec.mono_ms,
                rec.origin,
                rec.event.clone(),
                &mut out,
            );
            apply(&mut s, &r);
            (rec.mono_ms.as_base_ms(), s.clone())
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn a_livechess_board_with_a_stopped_clock_stays_live_for_ten_minutes() {
    // after the second ply the clock is stopped for eleven minutes: nothing changes on the
    // board, so LiveChess sends nothing
    let (log, counters) = run(
        Incident::Pause {
            board: 1,
            after_ply: 2,
            duration_s: 11 * 60,
            offset_s: 5,
        },
        16 * MIN,
    )
    .await;
    let stopped_at = log
        .iter()
        .find_map(|r| match &r.event {
            Event::ClockSample(c) if c.running.is_none() => Some(r.mono_ms),
            _ => None,
        })
        .expect("the clock was stopped");
    let started_again = log
        .iter()
        .find_map(|r| match &r.event {
            Event::ClockSample(c) if c.running.is_some() && r.mono_ms > stopped_at => {
                Some(r.mono_ms)
            }
            _ => None,
        })
        .expect("the clock started again");
    assert!(
        started_again - stopped_at >= 10 * MIN,
        "stopped for {} ms",
        started_again - stopped_at
    );
    // the board was quiet all that time: no event of the board between the two
    let quiet: Vec<_> = log
        .iter()
        .filter(|r| r.mono_ms > stopped_at + 1_000 && r.mono_ms < started_again)
        .filter(|r| !matches!(r.event, Event::FeedCounters(_)))
        .map(|r| (r.mono_ms, r.event.kind()))
        .collect();
    assert!(
        quiet.is_empty(),
        "records while the board was quiet: {quiet:?}"
    );
    // live from the first event to the end: one connection, no stale, no lost, no setup again
    assert_eq!(
        transitions(&log)
            .iter()
            .map(|(_, s)| *s)
            .collect::<Vec<_>>(),
        [FeedState::Connecting, FeedState::Live],
        "{:?}",
        transitions(&log)
    );
    assert_eq!(counters.snapshot().connects, 1);
    // and the console's state agrees: no stale alert at any moment of the pause
    let m = demo_match();
    let states = fold(&log);
    let (_, s) = states.last().unwrap();
    let bs = s.board(BoardNo(1)).unwrap();
    assert_eq!(bs.feed, FeedState::Live);
    for now in (stopped_at.as_base_ms()..started_again.as_base_ms()).step_by(30_000) {
        let (_, s) = states.iter().rev().find(|(t, _)| *t <= now).unwrap();
        let st = board_status(
            &m,
            s,
            s.board(BoardNo(1)).unwrap(),
            MonoMs::from_base_ms(now),
        );
        assert!(!st.alerts.contains(&BoardAlert::Stale), "at {now}: {st:?}");
    }
    // the moves went on after the pause
    assert!(bs.moves.len() >= 3, "{:?}", bs.moves.len());
}

#[tokio::test(start_paused = true)]
async fn a_livechess_endpoint_that_sends_only_garbage_goes_stale_and_shows_garbled() {
    // after the second ply the endpoint sends only junk for three minutes (and answers pings)
    let noise_from = move_times().await[1];
    let (log, counters) = run(
        Incident::LivechessNoise {
            board: 1,
            after_ply: 2,
            duration_s: 180,
            per_s: 20,
            what: LiveChessJunk::Mixed,
            only: true,
            offset_s: 5,
        },
        noise_from + 5 * MIN,
    )
    .await;
    let t = transitions(&log);
    let during: Vec<FeedState> = t
        .iter()
        .filter(|(at, _)| *at > noise_from + 5_000 && *at < noise_from + 185_000)
        .map(|(_, s)| *s)
        .collect();
    // stale 3 s after the last valid message, lost after 10 s, opened again (and the new
    // link's subscription is live until the junk makes it stale again)
    assert_eq!(&during[..2], [FeedState::Stale, FeedState::Lost], "{t:?}");
    let first_stale = t
        .iter()
        .find(|(at, s)| *at > noise_from && *s == FeedState::Stale)
        .unwrap()
        .0;
    assert!(
        first_stale <= noise_from + 5_000 + 3_500,
        "{first_stale} vs {noise_from}"
    );
    // the backoff grows (0.5, 1, 2, … 30 s after links of about 10 s): a few links in three
    // minutes of junk
    let links = t
        .iter()
        .filter(|(at, s)| {
            *s == FeedState::Reconnecting && *at > noise_from && *at < noise_from + 185_000
        })
        .count();
    assert!((3..=8).contains(&links), "{links} links: {t:?}");
    // the junk is summarised, not journaled piece by piece
    let summaries: Vec<_> = log
        .iter()
        .filter_map(|r| match &r.event {
            Event::FeedNoise(n) => Some(n.clone()),
            _ => None,
        })
        .collect();
    let garbage: u64 = summaries.iter().map(|n| n.garbage_bytes).sum();
    let messages: u64 = summaries.iter().map(|n| n.messages()).sum();
    assert!(
        garbage > 10_000 && messages > 200,
        "{garbage} bytes, {messages} messages"
    );
    // one every 10 s while the junk comes, and one as each link ends
    assert!(
        summaries.len() <= 180 / 10 + 8 + 2,
        "{} summaries",
        summaries.len()
    );
    for kind in [NoiseKind::Garbage, NoiseKind::Malformed, NoiseKind::Binary] {
        assert!(
            summaries
                .iter()
                .any(|n| n.first.kind == kind || n.last.as_ref().is_some_and(|l| l.kind == kind)),
            "{kind:?} in {summaries:?}"
        );
    }
    let snap = counters.snapshot();
    assert!(
        snap.bad_json > 200 && snap.unknown_messages > 100,
        "{snap:?}"
    );
    // the console shows it: during the junk the board is never live for longer than the stale
    // interval after the last sign of life (a new link's subscription, a pong before the first
    // junk: a keep-alive, and the feed's tick), and garbled while the junk arrives
    for w in t.windows(2) {
        if w[0].1 == FeedState::Live && w[0].0 > noise_from + 5_000 && w[0].0 < noise_from + 180_000
        {
            assert!(
                w[1].1 == FeedState::Stale && w[1].0 - w[0].0 <= 3_000 + 1_000 + 500,
                "{w:?} in {t:?}"
            );
        }
    }
    let m = demo_match();
    let states = fold(&log);
    let at = |now: u64| {
        let (_, s) = states.iter().rev().find(|(t, _)| *t <= now).unwrap();
        board_status(
            &m,
            s,
            s.board(BoardNo(1)).unwrap(),
            MonoMs::from_base_ms(now),
        )
        .alerts
    };
    let mut garbled = 0;
    for r in &log {
        if let Event::FeedNoise(_) = r.event
            && r.mono_ms < MonoMs::from_base_ms(noise_from + 180_000)
        {
            let t = r.mono_ms.as_base_ms();
            let a = at(t + 500);
            let (_, s) = states.iter().rev().find(|(ts, _)| *ts <= t + 500).unwrap();
            if s.board(BoardNo(1)).unwrap().feed != FeedState::Live {
                assert!(a.contains(&BoardAlert::Garbled), "at {t}: {a:?}");
                garbled += 1;
            }
        }
    }
    assert!(garbled >= 5, "{garbled}");
    let a = at(noise_from + 30_000);
    assert!(
        a.contains(&BoardAlert::Stale) && a.contains(&BoardAlert::Garbled),
        "{a:?}"
    );
    let after = noise_from + 5 * MIN - 1_000;
    assert!(!at(after).contains(&BoardAlert::Garbled), "{:?}", at(after));
    let (_, s) = states.last().unwrap();
    assert_eq!(s.board(BoardNo(1)).unwrap().feed, FeedState::Live);
}
