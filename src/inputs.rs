//! Where the console's inputs come from: the feeds of a match file (`arbiter run`), or the
//! demo's venue (`arbiter demo`): the simulator on loopback playing the shipped games with the
//! demo's scripted incidents, read by one DGT feed per board started exactly as in `run`. In the
//! demo the round is started and the players present are entered at once (board 3's Black
//! arrives late in the scenario).
//!
//! Started again on a journal, the console hands the feeds the journaled game of each board
//! ([`GameSeed`]): they take it up and compare the board's game with it; the demo's venue
//! takes up its games from the journal's positions and clocks instead of starting them again.

use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, Color, TeamSide};
use arbiter_core::record::{Event, Origin, PlayerArrived, RoundStarted};
use arbiter_core::state::MatchState;
use arbiter_io::feeds::{GameSeed, Source, Timing, spawn_feeds_seeded};
use arbiter_sim::venue::Venue;
use arbiter_sim::{BoardResume, Incident, SimulatorConfig, games};

use crate::console::Inputs;
use crate::time_base::TimeBase;

/// The journaled game of every board, for feeds started again on a journal (none for a new
/// journal).
pub fn seeds(state: Option<&MatchState>) -> Vec<GameSeed> {
    state
        .map(|s| s.boards.iter().filter_map(GameSeed::of).collect())
        .unwrap_or_default()
}

/// Where the demo's boards take up their games: the journal's moves (where they are the
/// shipped game's first moves) and the clocks of the last report, the side that was running
/// then less the time since (`now`): a real clock runs on while the console is down, and a
/// venue that gave it back would show every running clock as set wrong.
fn venue_resume(
    state: &MatchState,
    games: &[arbiter_sim::PgnGame],
    now: arbiter_core::time::WallMs,
) -> Vec<BoardResume> {
    let mut out = Vec::new();
    for (i, bs) in state.boards.iter().enumerate() {
        let Some(seed) = GameSeed::of(bs) else {
            continue;
        };
        let (Some(sample), Some(game)) = (bs.clock, games.get(i % games.len().max(1))) else {
            continue;
        };
        let Some(sans) = seed
            .replay()
            .map(|(start, moves)| arbiter_protocol::reconcile::sans_from(&start, &moves, 0))
        else {
            continue;
        };
        let shipped: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
        if seed.start_fen.is_some()
            || sans.len() > shipped.len()
            || sans
                .iter()
                .zip(&shipped)
                .any(|(a, b)| a.trim_end_matches(['+', '#']) != b.trim_end_matches(['+', '#']))
        {
            continue;
        }
        // White's side as the clock model learnt it (DGT reports say left and right only)
        let Some(white) = bs
            .mirror
            .as_ref()
            .and_then(|m| m.white_side().map(|(side, _)| side))
            .or(sample.white_side)
        else {
            continue;
        };
        let since = bs
            .clock_at
            .map(|at| u64::try_from(now - at.wall_ms).unwrap_or(0))
            .unwrap_or(0);
        // The clocks `since` after the last report (the one function that carries a clock
        // forward), to the millisecond.
        let oriented = arbiter_core::record::ClockSample {
            white_side: Some(white),
            ..sample
        };
        out.push(BoardResume {
            board: bs.board.0,
            plies: sans.len(),
            clocks: arbiter_core::clock_now::report_at(&oriented, since).estimate,
        });
    }
    out
}

/// The demo: starts the simulated venue and the feeds reading it; on a continued journal the
/// venue takes up the games where the journal has them.
pub fn demo(m: &Match, time: &TimeBase, state: Option<&MatchState>) -> anyhow::Result<Inputs> {
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
                    Event::PlayerArrived(PlayerArrived {
                        board,
                        team,
                        at: None,
                    }),
                ));
            }
        }
    }
    preset.push((Origin::System, Event::RoundStarted(RoundStarted::default())));
    let shipped = games::shipped()?;
    let now = time.wall_at(time.mono());
    let resume = state
        .map(|s| venue_resume(s, &shipped, now))
        .unwrap_or_default();
    let venue = Venue::start(SimulatorConfig {
        boards,
        games: shipped,
        scenario,
        resume,
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
    let feeds = spawn_feeds_seeded(sources, time.start(), Timing::default(), &[], &seeds(state))?;
    Ok(Inputs {
        feeds: Some(feeds),
        preset,
        keep: vec![Box::new(venue)],
        broadcast: None,
    })
}

/// The feeds of a match file's boards (`none` skips a board); on a continued journal each takes
/// up its board's journaled game.
pub fn match_feeds(
    m: &Match,
    time: &TimeBase,
    state: Option<&MatchState>,
) -> anyhow::Result<Inputs> {
    let sources: Vec<(BoardNo, Source)> = m
        .sources
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Source::from_config(s).map(|s| (BoardNo::from_index(i), s)))
        .collect();
    let feeds = if sources.is_empty() {
        None
    } else {
        // Only the clocks the match file names accept the arbiter's commands.
        let clocks: Vec<BoardNo> = m.file.clock_commands.iter().map(|b| BoardNo(*b)).collect();
        Some(spawn_feeds_seeded(
            sources,
            time.start(),
            Timing::default(),
            &clocks,
            &seeds(state),
        )?)
    };
    Ok(Inputs {
        feeds,
        preset: Vec::new(),
        keep: Vec::new(),
        broadcast: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::journal::Chain;
    use arbiter_core::model::ClockSide;
    use arbiter_core::record::{ClockSample, MoveMade, SessionStarted};
    use arbiter_core::state::apply;
    use arbiter_core::time::{MonoMs, WallMs};

    /// The demo's venue takes up each board where the journal has it: the shipped game's moves
    /// played, the clocks of the last report by colour (White on the right of board 2); a board
    /// whose journaled moves are not its game's starts it again.
    #[test]
    fn the_demo_venue_takes_up_the_journals_games() {
        let m = arbiter_io::config::load_match(
            std::path::Path::new("config/matches/demo-bundesliga.toml"),
            None,
        )
        .unwrap();
        let mut s = MatchState::default();
        let mut chain = Chain::default();
        let mut buf = Vec::new();
        let mut add = |mono: u64, origin: Origin, ev: Event| {
            let r = chain.append(
                WallMs::UNIX_EPOCH,
                MonoMs::from_base_ms(mono),
                origin,
                ev,
                &mut buf,
            );
            apply(&mut s, &r);
        };
        add(0, Origin::System, SessionStarted::of(&m, "t".into()).into());
        let sample = |b: u16, left: u64, right: u64, run: ClockSide| ClockSample {
            board: BoardNo(b),
            left_ms: left,
            right_ms: right,
            running: Some(run),
            left_flag: false,
            right_flag: false,
            white_side: None,
            left_flag_kind: None,
            right_flag_kind: None,
        };
        // board 1 (White left): 1.e4 e5, the Opera game's first moves
        let b1 = Origin::Feed(BoardNo(1));
        add(
            10,
            b1,
            sample(1, 5_400_000, 5_400_000, ClockSide::Left).into(),
        );
        add(20, b1, MoveMade::new(BoardNo(1), 1, "e2e4", "e4").into());
        add(
            30,
            b1,
            sample(1, 5_399_000, 5_400_000, ClockSide::Right).into(),
        );
        add(40, b1, MoveMade::new(BoardNo(1), 2, "e7e5", "e5").into());
        add(
            50,
            b1,
            sample(1, 5_399_000, 5_423_000, ClockSide::Left).into(),
        );
        // board 2 (White right): 1.e4 — the Immortal's first move; its clock on the right
        let b2 = Origin::Feed(BoardNo(2));
        add(
            10,
            b2,
            sample(2, 5_400_000, 5_400_000, ClockSide::Right).into(),
        );
        add(20, b2, MoveMade::new(BoardNo(2), 1, "e2e4", "e4").into());
        add(
            30,
            b2,
            sample(2, 5_400_000, 5_395_000, ClockSide::Left).into(),
        );
        // board 3: 1.d4, not its game's first move
        let b3 = Origin::Feed(BoardNo(3));
        add(
            10,
            b3,
            sample(3, 5_400_000, 5_400_000, ClockSide::Left).into(),
        );
        add(20, b3, MoveMade::new(BoardNo(3), 1, "d2d4", "d4").into());
        add(
            30,
            b3,
            sample(3, 5_399_000, 5_400_000, ClockSide::Right).into(),
        );
        let games = games::shipped().unwrap();
        let r = venue_resume(&s, &games, WallMs::from_unix_ms(0));
        assert!(r.contains(&BoardResume {
            board: 1,
            plies: 2,
            clocks: arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(5_399_000),
                black: arbiter_core::clock::ClockMs::new(5_423_000)
            }
        }));
        assert!(r.contains(&BoardResume {
            board: 2,
            plies: 1,
            clocks: arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(5_395_000),
                black: arbiter_core::clock::ClockMs::new(5_400_000)
            }
        }));
        assert!(!r.iter().any(|x| x.board == 3), "{r:?}");
        // 20 s after the last reports (the console was down): the side running then has 20 s
        // less, White on board 1 (left), Black on board 2 (left; White on the right).
        let r = venue_resume(&s, &games, WallMs::from_unix_ms(20_000));
        assert!(r.contains(&BoardResume {
            board: 1,
            plies: 2,
            clocks: arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(5_379_000),
                black: arbiter_core::clock::ClockMs::new(5_423_000)
            }
        }));
        assert!(r.contains(&BoardResume {
            board: 2,
            plies: 1,
            clocks: arbiter_core::by_colour::ByColor {
                white: arbiter_core::clock::ClockMs::new(5_395_000),
                black: arbiter_core::clock::ClockMs::new(5_380_000)
            }
        }));
        // the feeds take up every board's game
        let seeds = seeds(Some(&s));
        assert_eq!(seeds.len(), 8);
        assert_eq!(seeds[0].moves, ["e2e4", "e7e5"]);
        assert!(super::seeds(None).is_empty());
    }
}
