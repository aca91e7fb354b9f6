//! The unit tests of the time controls module (apart, so that the module itself stays readable).

use super::*;

fn bundesliga() -> TimeControl {
    TimeControl {
        periods: vec![
            Period {
                moves: Some(40),
                minutes: 90,
                seconds: 0,
                repeat: false,
            },
            Period {
                moves: None,
                minutes: 30,
                seconds: 0,
                repeat: false,
            },
        ],
        per_move: Some(PerMove {
            kind: PerMoveKind::Increment,
            seconds: 30,
            from_move: 1,
        }),
        period_time_added: PeriodAddition::OnMove,
    }
}

fn tc(s: &str) -> TimeControl {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn period(moves: Option<u32>, minutes: u32) -> Period {
    Period {
        moves,
        minutes,
        seconds: 0,
        repeat: false,
    }
}

#[test]
fn displays_fide_notation() {
    assert_eq!(bundesliga().to_string(), "90'/40 + 30' + 30''");
}

#[test]
fn parses_the_usual_notations() {
    assert_eq!(tc("90/40+30+30s"), bundesliga());
    assert_eq!(tc("90'/40 + 30' + 30\""), bundesliga());
    let sbl = tc("100'/40 + 50' + 30''");
    assert_eq!(sbl.periods, vec![period(Some(40), 100), period(None, 50)]);
    assert_eq!(sbl.per_move_ms(), 30_000);
    // Classical order without increment: 40 moves in 120 minutes, then 60 minutes.
    let classic = tc("40/120+60");
    assert_eq!(
        classic.periods,
        vec![period(Some(40), 120), period(None, 60)]
    );
    assert_eq!(classic.per_move, None);
    let game = tc("G/90+30s");
    assert_eq!(game.periods, vec![period(None, 90)]);
    assert_eq!(game.per_move.map(|p| p.seconds), Some(30));
    assert_eq!(tc("G/90+30s"), tc("90' + 30''"));
}

#[test]
fn the_usual_notations_round_trip_through_the_canonical_form() {
    for text in [
        "90/40+30+30s",
        "40/120+60",
        "G/90+30s",
        "100'/40 + 50' + 30''",
        "150'/50 + 60'/20 rep.",
        "G/5 + d3s",
        "90'/40 + 30' + 30'' from move 41 (on flag)",
    ] {
        let t = tc(text);
        let canonical = t.to_string();
        assert_eq!(tc(&canonical), t, "{text} -> {canonical}");
        assert_eq!(tc(&canonical).to_string(), canonical);
    }
    assert_eq!(tc("40/120+60").to_string(), "120'/40 + 60'");
    assert_eq!(tc("G/90+30s").to_string(), "90' + 30''");
}

#[test]
fn slash_disambiguation_rule() {
    // Marks decide first, whatever the sizes of the numbers.
    assert_eq!(tc("30'/40").periods, vec![period(Some(40), 30)]);
    assert_eq!(tc("40/30'").periods, vec![period(Some(40), 30)]);
    assert_eq!(tc("20/60'").periods, vec![period(Some(20), 60)]);
    // Unmarked: with a per-move term minutes/moves, without one moves/minutes.
    assert_eq!(tc("30/40+30s").periods[0], period(Some(40), 30));
    assert_eq!(tc("30/40+5").periods[0], period(Some(30), 40));
    assert!("40'/30'".parse::<TimeControl>().is_err());
}

#[test]
fn parses_delays_repeats_and_options() {
    let t = tc("150'/50 + 60'/20 rep.");
    assert!(t.periods[1].repeat);
    assert_eq!(t.to_string(), "150'/50 + 60'/20 rep.");
    assert_eq!(
        tc("G/5 + d3s").per_move.map(|p| p.kind),
        Some(PerMoveKind::SimpleDelay)
    );
    assert_eq!(
        tc("G/5 + b3''").per_move.map(|p| p.kind),
        Some(PerMoveKind::Bronstein)
    );
    let late = tc("90'/40 + 30' + 30'' from move 41");
    assert_eq!(late.per_move.map(|p| p.from_move), Some(41));
    assert_eq!(tc("3'30'' + 2s").periods[0].seconds, 30);
    let dgt = tc("90'/40 + 30' + 30'' (on flag)");
    assert_eq!(dgt.period_time_added, PeriodAddition::OnFlag);
    for bad in [
        "",
        "+",
        "40/",
        "abc",
        "90/40++30s",
        "90/40 + 30 from move 3",
        "G/5 + dx",
    ] {
        assert!(bad.parse::<TimeControl>().is_err(), "{bad:?} parsed");
    }
}

#[test]
fn pgn_tag_form() {
    assert_eq!(
        bundesliga().pgn_tag().as_deref(),
        Some("40/5400+30:1800+30")
    );
    assert_eq!(tc("40/120+60").pgn_tag().as_deref(), Some("40/7200:3600"));
    let late = tc("90'/40 + 30' + 30'' from move 41");
    assert_eq!(late.pgn_tag().as_deref(), Some("40/5400:1800+30"));
    assert_eq!(TimeControl::from_pgn_tag("40/5400:1800+30").unwrap(), late);
    assert_eq!(
        TimeControl::from_pgn_tag("40/5400+30:1800+30").unwrap(),
        bundesliga()
    );
    assert_eq!(tc("G/5 + d3s").pgn_tag(), None);
    assert_eq!(tc("150'/50 + 60'/20 rep.").pgn_tag(), None);
    assert!(TimeControl::from_pgn_tag("40/5400+30:1800").is_err());
}

#[test]
fn period_arithmetic() {
    let t = tc("150'/50 + 60'/20 rep.");
    assert_eq!(t.moves_at_end_of(0), Some(50));
    assert_eq!(t.moves_at_end_of(1), Some(70));
    assert_eq!(t.moves_at_end_of(3), Some(110));
    assert_eq!(t.period_start_move(2), Some(71));
    assert!(t.has_next_period(5));
    assert_eq!(t.credited_after_moves(49), 150 * 60_000);
    assert_eq!(t.credited_after_moves(50), 210 * 60_000);
    assert_eq!(t.credited_after_moves(90), 330 * 60_000);
    let b = bundesliga();
    assert!(b.is_last_period(1));
    assert_eq!(b.moves_at_end_of(1), None);
    assert_eq!(b.credited_after_moves(40), (90 + 30) * 60_000 + 40 * 30_000);
    assert_eq!(b.moves_at_end_of(u32::MAX), None);
    assert_eq!(t.moves_at_end_of(u32::MAX), Some(u32::MAX));
    let _ = t.credited_after_moves(u32::MAX);
}

fn arb_tc() -> impl proptest::strategy::Strategy<Value = TimeControl> {
    use proptest::prelude::*;
    let period = (proptest::option::of(1u32..80), 0u32..300, 0u32..60);
    (
        proptest::collection::vec(period, 1..4),
        any::<bool>(),
        proptest::option::of((0u8..3, 1u32..120, 1u32..60)),
        any::<bool>(),
    )
        .prop_map(|(ps, repeat, pm, on_flag)| {
            let n = ps.len();
            let periods = ps
                .into_iter()
                .enumerate()
                .map(|(i, (moves, minutes, seconds))| {
                    let last = i + 1 == n;
                    let moves = if last {
                        moves
                    } else {
                        Some(moves.unwrap_or(40))
                    };
                    Period {
                        moves,
                        minutes: if minutes == 0 && seconds == 0 {
                            1
                        } else {
                            minutes
                        },
                        seconds,
                        repeat: last && repeat && moves.is_some(),
                    }
                })
                .collect();
            TimeControl {
                periods,
                per_move: pm.map(|(k, seconds, from_move)| PerMove {
                    kind: [
                        PerMoveKind::Increment,
                        PerMoveKind::Bronstein,
                        PerMoveKind::SimpleDelay,
                    ][usize::from(k)],
                    seconds,
                    from_move,
                }),
                period_time_added: if on_flag {
                    PeriodAddition::OnFlag
                } else {
                    PeriodAddition::OnMove
                },
            }
        })
}

proptest::proptest! {
    #[test]
    fn display_round_trips(t in arb_tc()) {
        proptest::prop_assume!(t.validate().is_ok());
        let text = t.to_string();
        let back: TimeControl = text.parse().map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}")))?;
        proptest::prop_assert_eq!(back, t);
    }

    #[test]
    fn pgn_round_trips(t in arb_tc()) {
        proptest::prop_assume!(t.validate().is_ok());
        let mut t = t;
        t.period_time_added = PeriodAddition::OnMove;
        if let Some(tag) = t.pgn_tag() {
            proptest::prop_assert_eq!(TimeControl::from_pgn_tag(&tag).unwrap(), t);
        }
    }

    #[test]
    fn parsing_never_panics(s in "[0-9gGsd/'+ .:\"a-z]{0,30}") {
        let _ = s.parse::<TimeControl>();
        let _ = TimeControl::from_pgn_tag(&s);
    }
}

#[test]
fn rejects_rest_of_game_before_last() {
    let mut tc = bundesliga();
    tc.periods.swap(0, 1);
    assert!(tc.validate().unwrap_err().contains("rest of the game"));
}
