use std::path::Path;

use super::*;
use crate::clock_now::STALE_AFTER_MS;
use crate::journal::Chain;
use crate::model::{BoardNo, ClockSide, GameResult, TeamSide};
use crate::record::{
    ClockSample, Event, FeedState, FeedStatus, MoveMade, Origin, PlayerArrived, ResultRecorded,
    RoundStarted, SessionStarted,
};
use crate::state::apply;

const B1: BoardNo = BoardNo(1);

/// The demo match under a profile, compiled in from the repository's `config/`.
fn demo(profile: &str) -> Match {
    let profile_src = match profile {
        "trier" => include_str!("../../../../config/rules/trier.toml"),
        _ => include_str!("../../../../config/rules/bundesliga.toml"),
    };
    Match::from_texts(
        Path::new("config/matches/demo-bundesliga.toml"),
        include_str!("../../../../config/matches/demo-bundesliga.toml"),
        Path::new("profile.toml"),
        profile_src,
    )
    .unwrap()
}

/// Applies events at the given monotonic times (ms since the time base's origin).
fn state(m: &Match, events: &[(u64, Event)]) -> MatchState {
    let mut s = MatchState::with_boards(m.file.boards);
    let mut chain = Chain::default();
    let mut out = Vec::new();
    let session = SessionStarted {
        match_sha256: m.match_sha256.clone(),
        profile_sha256: m.profile_sha256.clone(),
        match_path: "demo".into(),
        profile_id: m.profile.id.clone(),
        boards: m.file.boards,
        software: "test".into(),
        time_control: Some(m.time_control.clone()),
        profile_path: None,
        match_text: None,
        profile_text: None,
    };
    let mut push = |mono: u64, e: Event| {
        let origin = match e.board() {
            Some(b) if !matches!(e, Event::ResultRecorded(_) | Event::PlayerArrived(_)) => {
                Origin::Feed(b)
            }
            _ => Origin::Arbiter,
        };
        let r = chain.append(
            WallMs::from_unix_ms(1_800_000_000_000 + mono as i64),
            MonoMs::from_base_ms(mono),
            origin,
            e,
            &mut out,
        );
        apply(&mut s, &r);
    };
    push(0, session.into());
    for (t, e) in events {
        push(*t, e.clone());
    }
    s
}

fn live(t: u64) -> (u64, Event) {
    (
        t,
        FeedStatus {
            board: B1,
            state: FeedState::Live,
            detail: String::new(),
        }
        .into(),
    )
}

fn sample(t: u64, left: u64, right: u64, running: Option<ClockSide>) -> (u64, Event) {
    (
        t,
        ClockSample {
            board: B1,
            left_ms: left,
            right_ms: right,
            running,
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }
        .into(),
    )
}

fn mv(t: u64, ply: u32, uci: &str, san: &str) -> (u64, Event) {
    (
        t,
        MoveMade {
            board: B1,
            ply,
            uci: uci.into(),
            san: san.into(),
            clock_ms: None,
        }
        .into(),
    )
}

fn arrived(t: u64) -> [(u64, Event); 2] {
    [TeamSide::Home, TeamSide::Away].map(|team| {
        (
            t,
            PlayerArrived {
                board: B1,
                team,
                at: None,
            }
            .into(),
        )
    })
}

fn status_at(m: &Match, events: &[(u64, Event)], now: u64) -> BoardStatus {
    let s = state(m, events);
    board_status(m, &s, s.board(B1).unwrap(), MonoMs::from_base_ms(now))
}

fn has(st: &BoardStatus, f: impl Fn(&BoardAlert) -> bool) -> bool {
    st.alerts.iter().any(f)
}

#[test]
fn a_clock_sample_out_of_range_never_reaches_the_state() {
    let m = demo("bundesliga");
    // what a wrapped multiplication once wrote into a journal
    let (t, mut e) = sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left));
    if let Event::ClockSample(c) = &mut e {
        c.left_ms = 18_446_744_073_709_550_616;
    }
    let s = state(&m, &[live(0), (t, e)]);
    let bs = s.board(B1).unwrap();
    assert_eq!(bs.clock, None);
    assert!(s.rejected.iter().any(|r| r.reason.contains("out of range")));
}

#[test]
fn a_takeback_shortens_the_move_list() {
    let m = demo("bundesliga");
    let s = state(
        &m,
        &[
            live(0),
            mv(1_000, 1, "e2e4", "e4"),
            mv(2_000, 2, "e7e5", "e5"),
            mv(3_000, 3, "g1f3", "Nf3"),
            (
                4_000,
                crate::record::MovesTakenBack {
                    board: B1,
                    to_ply: 2,
                    removed: vec!["Nf3".into()],
                    detail: String::new(),
                }
                .into(),
            ),
            mv(5_000, 3, "b1c3", "Nc3"),
        ],
    );
    let sans: Vec<&str> = s
        .board(B1)
        .unwrap()
        .moves
        .iter()
        .map(|m| m.san.as_str())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nc3"]);
    assert_eq!(s.board(B1).unwrap().feed_notes.len(), 1);
}

#[test]
fn a_period_flag_is_not_a_lost_game_and_device_states_show() {
    use crate::record::{ClockPresence, DeviceStatus, FeedCounters, FlagKind};
    let m = demo("bundesliga");
    let (t, mut e) = sample(1_000, 1_800_000, 5_000_000, Some(ClockSide::Left));
    if let Event::ClockSample(c) = &mut e {
        c.left_flag = true;
        c.left_flag_kind = Some(FlagKind::Period);
    }
    let st = status_at(&m, &[live(0), (t, e.clone())], 1_500);
    assert!(has(
        &st,
        |a| matches!(a, BoardAlert::PeriodFlag { color } if color.is_white())
    ));
    assert!(!has(&st, |a| matches!(a, BoardAlert::Flag { .. })));
    // the final flag (at 0:00) is a flag; so is a flag whose kind the source does not tell
    for kind in [Some(FlagKind::Final), None] {
        let mut e = e.clone();
        if let Event::ClockSample(c) = &mut e {
            c.left_flag_kind = kind;
            c.left_ms = 0;
        }
        // the clock ran down to it (a first report at 0:00 would be a wrong preset)
        let (t0, before) = sample(500, 500, 5_000_000, Some(ClockSide::Left));
        let st = status_at(&m, &[live(0), (t0, before), (t, e)], 1_500);
        assert!(has(
            &st,
            |a| matches!(a, BoardAlert::Flag { color } if color.is_white())
        ));
    }
    // no clock, battery low
    let dev = DeviceStatus {
        board: B1,
        clock: ClockPresence::Absent,
        battery_low: true,
        board_matches: Some(false),
        flipped: None,
    };
    let st = status_at(&m, &[live(0), (1_000, dev.into())], 1_500);
    assert!(has(&st, |a| *a == BoardAlert::NoClock));
    assert!(has(&st, |a| *a == BoardAlert::BatteryLow));
    assert!(has(&st, |a| *a == BoardAlert::BoardMismatch));
    // new garbage while the feed is not live: garbled; not while it is live
    let noise = FeedCounters {
        board: B1,
        garbage_bytes: 500,
        ..FeedCounters::default()
    };
    let stale = (
        4_000,
        FeedStatus {
            board: B1,
            state: FeedState::Stale,
            detail: String::new(),
        }
        .into(),
    );
    let st = status_at(&m, &[live(0), stale, (5_000, noise.into())], 6_000);
    assert!(has(&st, |a| *a == BoardAlert::Garbled));
    let st = status_at(&m, &[live(0), (5_000, noise.into())], 6_000);
    assert!(!has(&st, |a| *a == BoardAlert::Garbled));
}

#[test]
fn the_running_clock_counts_down_from_the_last_report() {
    let m = demo("bundesliga");
    let s = state(
        &m,
        &[
            live(0),
            sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
        ],
    );
    let bs = s.board(B1).unwrap();
    // The clock shows whole seconds: 1:30:00 while running means between 1:30:00 and
    // 1:30:00.999; the clock model starts at the top of the second and counts from there,
    // also when no further report comes. Shown as the clock shows it: whole seconds, rounded
    // down; the estimate to the millisecond beside it.
    let c = clock_at(&s, bs, MonoMs::from_base_ms(1_500)).unwrap();
    assert_eq!(
        (c.estimate.white.ms(), c.estimate.black.ms()),
        (5_400_499, 5_400_000)
    );
    assert_eq!(
        (c.shown.white.ms(), c.shown.black.ms()),
        (5_400_000, 5_400_000)
    );
    let c = clock_at(&s, bs, MonoMs::from_base_ms(3_500)).unwrap();
    assert_eq!(
        (c.estimate.white.ms(), c.estimate.black.ms()),
        (5_398_499, 5_400_000)
    );
    assert_eq!(
        (c.shown.white.ms(), c.shown.black.ms()),
        (5_398_000, 5_400_000)
    );
    assert_eq!(c.running, Some(Color::White));
    // A stopped clock stands; a clock is never carried below zero.
    let s = state(&m, &[live(0), sample(1_000, 3_000, 7_000, None)]);
    let c = clock_at(&s, s.board(B1).unwrap(), MonoMs::from_base_ms(60_000)).unwrap();
    assert_eq!(
        (c.shown.white.ms(), c.shown.black.ms(), c.running),
        (3_000, 7_000, None)
    );
    let s = state(
        &m,
        &[live(0), sample(1_000, 1_000, 7_000, Some(ClockSide::Right))],
    );
    let c = clock_at(&s, s.board(B1).unwrap(), MonoMs::from_base_ms(60_000)).unwrap();
    assert_eq!((c.shown.white.ms(), c.shown.black.ms()), (1_000, 0));
    // White on the right: the colours follow the orientation.
    let mut right = sample(1_000, 100_000, 200_000, None);
    if let Event::ClockSample(c) = &mut right.1 {
        c.white_side = Some(ClockSide::Right);
    }
    let s = state(&m, &[live(0), right]);
    let c = clock_at(&s, s.board(B1).unwrap(), MonoMs::from_base_ms(2_000)).unwrap();
    assert_eq!((c.shown.white.ms(), c.shown.black.ms()), (200_000, 100_000));
    // No report, no clock.
    let s = state(&m, &[live(0)]);
    assert_eq!(
        clock_at(&s, s.board(B1).unwrap(), MonoMs::from_base_ms(2_000)),
        None
    );
}

#[test]
fn a_clock_carried_forward_over_a_silent_feed_is_an_estimate() {
    let m = demo("bundesliga");
    let events = [
        live(0),
        sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
    ];
    let s = state(&m, &events);
    let bs = s.board(B1).unwrap();
    assert!(
        !clock_at(&s, bs, MonoMs::from_base_ms(1_000 + STALE_AFTER_MS))
            .unwrap()
            .estimated
    );
    let c = clock_at(&s, bs, MonoMs::from_base_ms(1_001 + STALE_AFTER_MS)).unwrap();
    assert!(c.estimated);
    assert_eq!(
        c.estimate.white.ms(),
        5_400_999 - STALE_AFTER_MS - 1,
        "still counting"
    );
    assert_eq!(c.shown.white.ms(), 5_397_000, "shown in whole seconds");
}

#[test]
fn flag() {
    let m = demo("bundesliga");
    // 0:02 shown at 1 s: at most 2.999 s left, run out at 4 s.
    let st = status_at(
        &m,
        &[live(0), sample(1_000, 2_000, 60_000, Some(ClockSide::Left))],
        3_900,
    );
    assert!(
        !has(&st, |a| matches!(a, BoardAlert::Flag { .. })),
        "{st:?}"
    );
    let st = status_at(
        &m,
        &[live(0), sample(1_000, 2_000, 60_000, Some(ClockSide::Left))],
        4_000,
    );
    assert!(has(&st, |a| *a
        == BoardAlert::Flag {
            color: Color::White
        }));
    assert!(!has(&st, |a| *a
        == BoardAlert::Flag {
            color: Color::Black
        }));
    // The device's own flag counts even before the display shows 0.
    let mut flagged = sample(1_000, 0, 60_000, None);
    if let Event::ClockSample(c) = &mut flagged.1 {
        c.left_flag = true;
    }
    let st = status_at(&m, &[live(0), flagged], 1_000);
    assert!(has(&st, |a| *a
        == BoardAlert::Flag {
            color: Color::White
        }));
}

#[test]
fn stale() {
    let m = demo("bundesliga");
    let events = [
        live(0),
        sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
    ];
    let fresh = status_at(&m, &events, 1_000 + STALE_AFTER_MS);
    assert!(!has(&fresh, |a| *a == BoardAlert::Stale), "{fresh:?}");
    let silent = status_at(&m, &events, 1_001 + STALE_AFTER_MS);
    assert!(has(&silent, |a| *a == BoardAlert::Stale));
    // A feed the transport reports lost is stale at once.
    let mut lost = events.to_vec();
    lost.push((
        1_100,
        FeedStatus {
            board: B1,
            state: FeedState::Lost,
            detail: "connection reset".into(),
        }
        .into(),
    ));
    assert!(has(&status_at(&m, &lost, 1_200), |a| *a == BoardAlert::Stale));
    // A stopped clock on a quiet, live feed is not stale.
    let stopped = [live(0), sample(1_000, 5_400_000, 5_400_000, None)];
    assert!(!has(&status_at(&m, &stopped, 60_000), |a| *a
        == BoardAlert::Stale));
}

#[test]
fn clock_mismatch() {
    let m = demo("bundesliga");
    // After 1.e4 Black is on move; a clock still running for White disagrees.
    let base = [
        live(0),
        sample(1_000, 5_400_000, 5_400_000, Some(ClockSide::Left)),
        mv(2_000, 1, "e2e4", "e4"),
    ];
    let mut wrong = base.to_vec();
    wrong.push(sample(2_100, 5_399_000, 5_400_000, Some(ClockSide::Left)));
    assert!(has(&status_at(&m, &wrong, 2_200), |a| *a
        == BoardAlert::ClockMismatch));
    let mut right = base.to_vec();
    right.push(sample(2_100, 5_429_000, 5_400_000, Some(ClockSide::Right)));
    let st = status_at(&m, &right, 2_200);
    assert!(!has(&st, |a| *a == BoardAlert::ClockMismatch), "{st:?}");
    assert_eq!(st.to_move, Color::Black);
}

#[test]
fn no_scoresheet_and_quickplay() {
    // Trier: 2 h / 40 then 1 h, no increment; scoresheet exemption below 5 min, quickplay
    // claims below 2 min in the last period.
    let m = demo("trier");
    let st = status_at(
        &m,
        &[
            live(0),
            sample(1_000, 280_000, 3_000_000, Some(ClockSide::Left)),
        ],
        1_000,
    );
    assert!(has(&st, |a| *a
        == BoardAlert::NoScoresheet {
            color: Color::White
        }));
    assert!(!has(&st, |a| *a
        == BoardAlert::NoScoresheet {
            color: Color::Black
        }));
    assert!(
        !has(&st, |a| matches!(a, BoardAlert::Quickplay { .. })),
        "first period"
    );
    // With 6 minutes nothing.
    let st = status_at(
        &m,
        &[
            live(0),
            sample(1_000, 360_000, 3_000_000, Some(ClockSide::Left)),
        ],
        1_000,
    );
    assert!(
        !has(&st, |a| matches!(a, BoardAlert::NoScoresheet { .. })),
        "{st:?}"
    );
    // Under the Bundesliga profile (30 s increment) there is no exemption.
    let m = demo("bundesliga");
    let st = status_at(
        &m,
        &[
            live(0),
            sample(1_000, 280_000, 3_000_000, Some(ClockSide::Left)),
        ],
        1_000,
    );
    assert!(
        !has(&st, |a| matches!(a, BoardAlert::NoScoresheet { .. })),
        "{st:?}"
    );
}

#[test]
fn quickplay_in_the_last_period() {
    // Trier: 2 h for 40 moves, then 1 h added on the 40th move (no increment); claims below
    // 2 min in the last period. Both play 40 moves at 10 s each (knights out and back),
    // then White thinks until 1:30 is left.
    let m = demo("trier");
    let shuffle = [
        ("g1f3", "Nf3"),
        ("g8f6", "Nf6"),
        ("f3g1", "Ng1"),
        ("f6g8", "Ng8"),
    ];
    let (mut white, mut black) = (7_200_000u64, 7_200_000u64);
    let mut t = 1_000;
    let mut events = vec![
        live(0),
        sample(t, white, black, None),
        sample(t + 1, white, black, Some(ClockSide::Left)),
    ];
    for ply in 1..=80u32 {
        t += 10_000;
        let mover_white = ply % 2 == 1;
        let period_time = if ply >= 79 { 3_600_000 } else { 0 };
        if mover_white {
            white = white - 10_000 + period_time;
        } else {
            black = black - 10_000 + period_time;
        }
        let (uci, san) = shuffle[(ply as usize - 1) % 4];
        events.push(mv(t, ply, uci, san));
        let next = if mover_white {
            ClockSide::Right
        } else {
            ClockSide::Left
        };
        events.push(sample(t + 50, white, black, Some(next)));
    }
    let before = status_at(&m, &events, t + 100);
    assert_eq!(before.period, 2, "{before:?}");
    assert!(!has(&before, |a| matches!(a, BoardAlert::Quickplay { .. })));
    let used = white - 90_000;
    events.push(sample(t + 50 + used, 90_000, black, Some(ClockSide::Left)));
    let st = status_at(&m, &events, t + 50 + used);
    assert!(
        has(&st, |a| *a
            == BoardAlert::Quickplay {
                color: Color::White
            }),
        "{st:?}"
    );
    assert!(!has(&st, |a| *a
        == BoardAlert::Quickplay {
            color: Color::Black
        }));
}

#[test]
fn absent() {
    let m = demo("bundesliga");
    let started = (10, RoundStarted::default().into());
    let st = status_at(&m, std::slice::from_ref(&started), 100);
    assert!(has(&st, |a| *a
        == BoardAlert::Absent {
            color: Color::White
        }));
    assert!(has(&st, |a| *a
        == BoardAlert::Absent {
            color: Color::Black
        }));
    let [home, away] = arrived(50);
    let st = status_at(&m, &[started.clone(), home, away], 100);
    assert!(
        !has(&st, |a| matches!(a, BoardAlert::Absent { .. })),
        "{st:?}"
    );
    // Before the round starts nobody is absent.
    let st = status_at(&m, &[], 100);
    assert!(!has(&st, |a| matches!(a, BoardAlert::Absent { .. })));
}

#[test]
fn clock_model_alert_for_two_minutes() {
    let m = demo("bundesliga");
    // A clock preset to 1:00:00 where the profile gives 1:30:00.
    let events = [live(0), sample(1_000, 3_600_000, 3_600_000, None)];
    let recent = status_at(&m, &events, 2_000);
    assert!(
        has(&recent, |a| matches!(
            a,
            BoardAlert::Clock(ClockAlert::PresetMismatch { .. })
        )),
        "{recent:?}"
    );
    let later = status_at(&m, &events, 1_000 + CLOCK_ALERT_MS);
    assert!(!has(&later, |a| matches!(a, BoardAlert::Clock(_))));
}

#[test]
fn a_finished_game_has_no_alerts() {
    let m = demo("bundesliga");
    let st = status_at(
        &m,
        &[
            (10, RoundStarted::default().into()),
            (
                20,
                ResultRecorded {
                    board: B1,
                    result: GameResult::Draw,
                    reason: String::new(),
                    ending: None,
                    overridden: Vec::new(),
                }
                .into(),
            ),
        ],
        100,
    );
    assert!(st.alerts.is_empty(), "{st:?}");
}
