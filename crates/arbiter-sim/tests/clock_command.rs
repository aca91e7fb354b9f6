//! The arbiter's SETNRUN reaches a clock over the real DGT feed only where the match file says
//! the clock accepts commands (a DGT 3000 in mode 23): the simulated host-controlled clock
//! carries it out and its next reports show the times; another board's clock is never sent one.
//! Loopback only; stops by itself.

use std::time::{Duration, Instant};

use arbiter_core::model::BoardNo;
use arbiter_core::record::Event;
use arbiter_io::feeds::{ClockCommandError, ClockRun, SetAndRun, Source, Timing, spawn_feeds_with};
use arbiter_sim::venue::Venue;
use arbiter_sim::{SimulatorConfig, games};

#[test]
fn setnrun_reaches_a_host_controlled_clock_and_no_other() {
    let venue = Venue::start(SimulatorConfig {
        boards: 2,
        games: games::shipped().unwrap(),
        host_controlled_clocks: vec![1],
        ..SimulatorConfig::default()
    })
    .unwrap();
    let sources = venue
        .ports()
        .boards
        .iter()
        .enumerate()
        .map(|(i, a)| {
            (
                BoardNo::from_index(i),
                Source::Tcp {
                    addr: a.to_string(),
                },
            )
        })
        .collect();
    let mut feeds =
        spawn_feeds_with(sources, venue.epoch(), Timing::default(), &[BoardNo(1)]).unwrap();
    let cmd = SetAndRun {
        left_ms: 100 * 60_000,
        right_ms: 95 * 60_000,
        run: ClockRun::Paused,
    };
    // Board 2's clock does not accept commands: nothing is sent.
    assert_eq!(
        feeds.set_clock(BoardNo(2), cmd),
        Err(ClockCommandError::NotAccepted(BoardNo(2)))
    );
    let start = Instant::now();
    let mut sent = false;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "board 1's clock never showed the set times"
        );
        let Some(r) = feeds.recv_timeout(Duration::from_millis(200)).unwrap() else {
            continue;
        };
        let Event::ClockSample(c) = r.event else {
            continue;
        };
        if c.board != BoardNo(1) {
            continue;
        }
        if !sent {
            // The feed is live (it reports the clock): the arbiter sends the ruling's times.
            feeds.set_clock(BoardNo(1), cmd).unwrap();
            sent = true;
        } else if (c.left_ms, c.right_ms, c.running) == (cmd.left_ms, cmd.right_ms, None) {
            break;
        }
    }
    feeds.stop();
    venue.stop().unwrap();
}

/// The clock's answer is journaled: a host-controlled clock (board 1) takes SETNRUN, a clock
/// running a game (board 2, named in `clock_commands` all the same) refuses it with an error
/// ACK; each becomes a `clock_command_ack` of its board.
#[test]
fn the_clocks_answer_to_setnrun_comes_back_as_a_record() {
    let venue = Venue::start(SimulatorConfig {
        boards: 2,
        games: games::shipped().unwrap(),
        host_controlled_clocks: vec![1],
        ..SimulatorConfig::default()
    })
    .unwrap();
    let sources = venue
        .ports()
        .boards
        .iter()
        .enumerate()
        .map(|(i, a)| {
            (
                BoardNo::from_index(i),
                Source::Tcp {
                    addr: a.to_string(),
                },
            )
        })
        .collect();
    let mut feeds = spawn_feeds_with(
        sources,
        venue.epoch(),
        Timing::default(),
        &[BoardNo(1), BoardNo(2)],
    )
    .unwrap();
    let cmd = SetAndRun {
        left_ms: 100 * 60_000,
        right_ms: 95 * 60_000,
        run: ClockRun::Paused,
    };
    let start = Instant::now();
    let mut sent = [false, false];
    let mut answers: [Option<bool>; 2] = [None, None];
    while answers.iter().any(Option::is_none) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no answer from both clocks: {answers:?}"
        );
        let Some(r) = feeds.recv_timeout(Duration::from_millis(200)).unwrap() else {
            continue;
        };
        match r.event {
            // Once a board's clock reports, the command goes to it.
            Event::ClockSample(c) if !sent[c.board.index()] => {
                feeds.set_clock(c.board, cmd).unwrap();
                sent[c.board.index()] = true;
            }
            Event::ClockCommandAck(a) => answers[a.board.index()] = Some(a.accepted),
            _ => {}
        }
    }
    assert_eq!(answers, [Some(true), Some(false)]);
    feeds.stop();
    venue.stop().unwrap();
}
