//! Where the console's inputs come from: the feeds of a match file (`arbiter run`), or the
//! demo's venue (`arbiter demo`): the simulator on loopback playing the shipped games with the
//! demo's scripted incidents, read by one DGT feed per board started exactly as in `run`. In the
//! demo the round is started and the players present are entered at once (board 3's Black
//! arrives late in the scenario).

use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::{Event, Origin, PlayerArrived, RoundStarted};
use arbiter_io::feeds::{Source, Timing, spawn_feeds};
use arbiter_sim::venue::Venue;
use arbiter_sim::{Incident, SimulatorConfig, games};

use crate::console::Inputs;
use crate::time_base::TimeBase;

/// The demo: starts the simulated venue and the feeds reading it.
pub fn demo(m: &Match, time: &TimeBase) -> anyhow::Result<Inputs> {
    let scenario = games::demo_incidents()?;
    let boards = usize::from(m.file.boards);
    let late: Vec<(BoardNo, TeamSide)> = scenario
        .incidents
        .iter()
        .filter_map(|i| match i {
            Incident::LateArrival { board, color, .. } => {
                let b = BoardNo(*board);
                let white = m.white_team(b);
                let color: Color = (*color).into();
                Some((
                    b,
                    if color.is_white() {
                        white
                    } else {
                        white.other()
                    },
                ))
            }
            _ => None,
        })
        .collect();
    let mut preset = Vec::new();
    for b in 0..boards {
        let board = BoardNo::from_index(b);
        for team in [TeamSide::Home, TeamSide::Away] {
            if !late.contains(&(board, team)) {
                preset.push((
                    Origin::System,
                    Event::PlayerArrived(PlayerArrived { board, team }),
                ));
            }
        }
    }
    preset.push((Origin::System, Event::RoundStarted(RoundStarted {})));
    let venue = Venue::start(SimulatorConfig {
        boards,
        games: games::shipped()?,
        scenario,
        ..SimulatorConfig::default()
    })?;
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
    let feeds = spawn_feeds(sources, time.start(), Timing::default())?;
    Ok(Inputs {
        feeds: Some(feeds),
        preset,
        keep: vec![Box::new(venue)],
        broadcast: None,
    })
}

/// The feeds of a match file's boards (`none` skips a board).
pub fn match_feeds(m: &Match, time: &TimeBase) -> anyhow::Result<Inputs> {
    let sources: Vec<(BoardNo, Source)> = m
        .sources
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Source::from_config(s).map(|s| (BoardNo::from_index(i), s)))
        .collect();
    let feeds = if sources.is_empty() {
        None
    } else {
        Some(spawn_feeds(sources, time.start(), Timing::default())?)
    };
    Ok(Inputs {
        feeds,
        preset: Vec::new(),
        keep: Vec::new(),
        broadcast: None,
    })
}
