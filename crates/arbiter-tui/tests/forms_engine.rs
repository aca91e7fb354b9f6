//! Forms that derive from the engine (issue 19a): the claim form shows the rules' finding and
//! journals another value only as an override with its reason; what the rules refuse is not
//! offered (the footer says why); a result while the clock runs, a second time change soon
//! after another and a ruling on estimated clocks ask first; an adjustment still to be set on
//! the device is shown until a clock report shows it. Snapshots at 80x24 in both languages.

use arbiter_core::intervention::{ClaimStatus, InterventionKind, OverrideField};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, ClockSide, Color, GameResult};
use arbiter_core::record::{ClockSample, Event, MoveMade, Origin};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const LANGS: [Lang; 2] = [Lang::De, Lang::En];

fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::De => "de",
        Lang::En => "en",
    }
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

fn typed(s: &str) -> Vec<KeyEvent> {
    s.chars().map(key).collect()
}

fn press_at(
    v: &mut ViewState,
    m: &Match,
    s: &MatchState,
    now: MonoMs,
    keys: &[KeyEvent],
) -> Vec<Command> {
    keys.iter()
        .filter_map(|k| {
            let a = keymap::map(v, *k);
            view::update(v, m, s, a, now)
        })
        // What the form showed is journaled as it changes (`proposal_shown`: tested in
        // `every_proposal_shown_is_journaled_once_as_it_changes`); these tests are about what
        // is recorded.
        .filter(|c| !matches!(c, Command::Submit(Event::ProposalShown(_))))
        .collect()
}

fn press(v: &mut ViewState, m: &Match, s: &MatchState, keys: &[KeyEvent]) -> Vec<Command> {
    press_at(v, m, s, NOW, keys)
}

/// Appends a record, stamped `at` ms after the fixture's start.
fn append(s: &mut MatchState, at: MonoMs, origin: Origin, event: Event) {
    let r = arbiter_core::journal::Record {
        seq: s.applied + 1_000,
        wall_ms: arbiter_tui::fixture::wall_of(at),
        mono_ms: at,
        origin,
        event,
    };
    arbiter_core::state::apply(s, &r);
}

fn setup() -> (Match, MatchState) {
    let m = demo_match();
    let s = situation(&m, 8);
    (m, s)
}

/// Board 1 from the initial position: 1.Nf3 Nf6 2.Ng1 Ng8, the initial position twice.
fn twice_repeated(s: &mut MatchState) {
    let b = BoardNo(1);
    append(
        s,
        NOW - 550,
        Origin::Arbiter,
        Event::BoardSetup(arbiter_core::record::BoardSetup {
            board: b,
            fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
            clock_adds: None,
            reason: String::new(),
        }),
    );
    for (i, san) in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().enumerate() {
        append(
            s,
            NOW - 540 + i as u64,
            Origin::Feed(b),
            Event::MoveMade(MoveMade {
                board: b,
                ply: i as u32 + 1,
                uci: String::new(),
                san: (*san).into(),
                clock_ms: None,
            }),
        );
    }
}

#[test]
fn a_form_cannot_journal_a_claim_against_the_record_without_an_override() {
    let (m, mut s) = setup();
    twice_repeated(&mut s);
    for lang in LANGS {
        // The form shows the rules' finding (incorrect: twice is not three times), not "yes".
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('1'), key('c')]);
        let d = v.dialog.as_ref().unwrap();
        assert_eq!(d.shown_correct(), Some(false));
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        match &cmds[..] {
            [Command::Submit(Event::Intervention(iv))] => {
                assert!(
                    matches!(iv.kind, InterventionKind::DrawClaim { correct: false, .. }),
                    "{:?}",
                    iv.kind
                );
                assert_eq!(iv.confirmed.claim, Some(ClaimStatus::Incorrect));
                assert!(iv.overridden.is_empty());
            }
            other => panic!("{other:?}"),
        }
        // Player, basis, written move, then "claim correct": the arbiter says yes.
        press(
            &mut v,
            &m,
            &s,
            &[
                key('1'),
                key('c'),
                code(KeyCode::Down),
                code(KeyCode::Down),
                code(KeyCode::Down),
                key('j'),
            ],
        );
        // Enter without a reason: nothing journaled, the form says what is missing.
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        assert!(cmds.is_empty(), "{cmds:?}");
        assert!(v.dialog.is_some());
        let status = v.status.clone().unwrap_or_default();
        let needs = match lang {
            Lang::De => "eine Abweichung braucht eine Begründung",
            Lang::En => "an override needs a reason",
        };
        assert!(status.contains(needs), "{status}");
        insta::assert_snapshot!(
            format!("override_claim_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
        // With the reason: the override is journaled beside the proposal.
        let mut keys = vec![code(KeyCode::Down), code(KeyCode::Down)];
        keys.extend(typed("scoresheets: third time"));
        keys.push(code(KeyCode::Enter));
        let cmds = press(&mut v, &m, &s, &keys);
        match &cmds[..] {
            [Command::Submit(Event::Intervention(iv))] => {
                assert!(matches!(
                    iv.kind,
                    InterventionKind::DrawClaim { correct: true, .. }
                ));
                assert_eq!(iv.proposed.claim, Some(ClaimStatus::Incorrect));
                assert_eq!(iv.confirmed.result, Some(GameResult::Draw));
                assert_eq!(iv.overridden.len(), 1, "{:?}", iv.overridden);
                assert_eq!(iv.overridden[0].field, OverrideField::ClaimCorrect);
                assert_eq!(iv.overridden[0].reason, "scoresheets: third time");
            }
            other => panic!("{other:?}"),
        }
        // The log shows the override beside the proposal.
        let mut s2 = s.clone();
        let Command::Submit(ev) = &cmds[0] else {
            unreachable!()
        };
        append(&mut s2, NOW, Origin::Arbiter, ev.clone());
        let log = arbiter_tui::log::board_incidents(&m, &s2, BoardNo(1));
        let line = arbiter_tui::log::incident_line(&m, log.last().unwrap(), lang, false);
        let said = match lang {
            Lang::De => {
                "Abweichung (Reklamation berechtigt): nach den Regeln „unberechtigt“, gewählt „berechtigt“"
            }
            Lang::En => "override (claim correct): the rules “incorrect”, chosen “correct”",
        };
        assert!(line.contains(said), "{line}");
    }
}

/// A claim on a board without a game record: nothing is pre-selected, Enter waits for the
/// arbiter's finding.
#[test]
fn without_a_game_record_the_claim_form_preselects_nothing() {
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    press(&mut v, &m, &s, &[key('2'), key('c')]);
    let d = v.dialog.as_ref().unwrap();
    if d.proposal.as_ref().and_then(|p| p.finding).is_some() {
        // The fixture's board 2 has its moves: the rules judge; nothing to check here.
        return;
    }
    assert_eq!(d.shown_correct(), None);
    assert!(d.proposed().result.is_none() && d.proposed().clock.is_empty());
    assert!(press(&mut v, &m, &s, &[code(KeyCode::Enter)]).is_empty());
}

#[test]
fn what_the_rules_refuse_is_not_offered_and_a_result_while_the_clock_runs_asks() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        // The Bundesliga profile has no quickplay-finish rule.
        press(&mut v, &m, &s, &[key('3'), key('q')]);
        assert!(v.dialog.is_none());
        let (no_qpf, finished, no_flag, runs) = match lang {
            Lang::De => (
                "kennt keine Endspurt-Regel",
                "ist beendet",
                "Kein Fallblättchen ist gefallen",
                "Die Uhr läuft noch",
            ),
            Lang::En => (
                "no quickplay-finish rule",
                "is finished",
                "No flag is down",
                "The clock still runs",
            ),
        };
        assert!(
            v.status.as_deref().unwrap_or("").contains(no_qpf),
            "{:?}",
            v.status
        );
        insta::assert_snapshot!(
            format!("refused_quickplay_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
        // Board 7 is finished (a draw): no claim on it.
        press(&mut v, &m, &s, &[key('7'), key('c')]);
        assert!(v.dialog.is_none());
        assert!(v.status.as_deref().unwrap_or("").contains(finished));
        // Board 3: both players have time, no loss on time is proposed.
        press(&mut v, &m, &s, &[key('3'), key('f')]);
        assert!(v.dialog.is_none());
        assert!(
            v.status.as_deref().unwrap_or("").contains(no_flag),
            "{:?}",
            v.status
        );
        // A result on board 1 while its clock runs (1-0 by resignation): asked first.
        let cmds = press(
            &mut v,
            &m,
            &s,
            &[
                key('1'),
                key('r'),
                code(KeyCode::Tab),
                code(KeyCode::Right),
                code(KeyCode::Enter),
            ],
        );
        assert!(cmds.is_empty());
        assert!(v.status.as_deref().unwrap_or("").contains(runs));
        insta::assert_snapshot!(
            format!("result_clock_runs_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        assert!(matches!(
            &cmds[..],
            [Command::Submit(Event::ResultRecorded(_))]
        ));
    }
}

#[test]
fn a_second_arrival_is_refused() {
    let (m, mut s) = setup();
    // Board 8: only the home player is there. The attendance view (`a`) starts on the away
    // player; moved up to the home player, Enter refuses and journals nothing.
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        let cmds = press(
            &mut v,
            &m,
            &s,
            &[key('8'), key('a'), code(KeyCode::Up), code(KeyCode::Enter)],
        );
        assert!(cmds.is_empty(), "{cmds:?}");
        assert!(v.panel.is_some(), "the view stays open");
        let screen = render_to_string(&m, &s, &v, NOW, 120, 30);
        let said = match lang {
            Lang::De => "bereits um",
            Lang::En => "already arrived at",
        };
        assert!(screen.contains(said), "{screen}");
        insta::assert_snapshot!(
            format!("second_arrival_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
    }
    // The away player arrives.
    let mut v = ViewState::new(Lang::En, Theme::default());
    let cmds = press(&mut v, &m, &s, &[key('8'), key('a'), code(KeyCode::Enter)]);
    let ev = match &cmds[..] {
        [Command::SubmitAll(evs)] => match &evs[..] {
            [ev @ Event::PlayerArrived(p)] => {
                assert_eq!(p.team, arbiter_core::model::TeamSide::Away);
                assert_eq!(p.board, BoardNo(8));
                ev.clone()
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    append(&mut s, NOW, Origin::Arbiter, ev);
    // Both are there now: Enter on either is refused.
    for up in [false, true] {
        let mut v = ViewState::new(Lang::En, Theme::default());
        let mut keys = vec![key('8'), key('a')];
        if up {
            keys.push(code(KeyCode::Up));
        }
        keys.push(code(KeyCode::Enter));
        let cmds = press(&mut v, &m, &s, &keys);
        assert!(cmds.is_empty(), "{cmds:?}");
    }
    // A second round start is refused too: the start screen says when, and records nothing.
    let mut v = ViewState::new(Lang::En, Theme::default());
    let cmds = press(&mut v, &m, &s, &[key('s'), code(KeyCode::Enter)]);
    assert!(cmds.is_empty(), "{cmds:?}");
    assert!(v.dialog.is_none());
}

/// +2:00 to White on board 2 (a time correction), then an illegal move of Black soon after
/// (+2:00 to White again): "already credited?" before it is journaled. The board shows the
/// adjustment still to set until a clock report shows it.
#[test]
fn already_credited_asks_and_the_adjustment_is_shown_until_the_clock_shows_it() {
    let (m, mut s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    // z on board 2: White, +120 s (the form's defaults), a reason.
    let cmds = press(&mut v, &m, &s, &[key('2'), key('z')]);
    assert!(cmds.is_empty());
    let d = v.dialog.as_mut().unwrap();
    d.player = Color::White;
    d.text = "clock knocked over".into();
    d.refresh(&m, &s, NOW);
    let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
    let ev = match &cmds[..] {
        [Command::Submit(ev @ Event::Intervention(_))] => ev.clone(),
        other => panic!("{other:?}"),
    };
    append(&mut s, NOW, Origin::Arbiter, ev);
    // The board shows "+2:00 White to set" (and in German "einzustellen").
    let bs = s.board(BoardNo(2)).unwrap();
    let st = arbiter_core::status::board_status(&m, &s, bs, NOW + 1_000);
    let alert = st
        .alerts
        .iter()
        .find(|a| matches!(a, arbiter_core::status::BoardAlert::AdjustmentToSet { .. }))
        .unwrap_or_else(|| panic!("{:?}", st.alerts))
        .clone();
    assert_eq!(
        arbiter_tui::main_screen::alert_text(Lang::En, &alert),
        "+2:00 White to set"
    );
    assert_eq!(
        arbiter_tui::main_screen::alert_text(Lang::De, &alert),
        "+2:00 Weiß einzustellen"
    );
    for lang in LANGS {
        let v = ViewState::new(lang, Theme::default());
        let screen = render_to_string(&m, &s, &v, NOW + 1_000, 200, 60);
        let shown = arbiter_tui::main_screen::alert_text(lang, &alert);
        assert!(screen.contains(&shown), "{screen}");
    }
    // Black's illegal move two seconds later gives White +2:00 again: asked first.
    let later = NOW + 2_000;
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press_at(&mut v, &m, &s, later, &[key('2'), key('i')]);
        let d = v.dialog.as_mut().unwrap();
        d.player = Color::Black;
        d.refresh(&m, &s, later);
        assert!(
            d.confirmed()
                .clock
                .iter()
                .any(|tc| tc.player == Color::White && tc.delta_ms > 0),
            "{:?}",
            d.confirmed()
        );
        let cmds = press_at(&mut v, &m, &s, later, &[code(KeyCode::Enter)]);
        assert!(cmds.is_empty(), "{cmds:?}");
        let asked = match lang {
            Lang::De => "Schon gutgeschrieben?",
            Lang::En => "Already credited?",
        };
        assert!(
            v.status.as_deref().unwrap_or("").contains(asked),
            "{:?}",
            v.status
        );
        insta::assert_snapshot!(
            format!("already_credited_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, later, 80, 24)
        );
        // Enter again records it.
        let cmds = press_at(&mut v, &m, &s, later, &[code(KeyCode::Enter)]);
        assert!(matches!(
            &cmds[..],
            [Command::Submit(Event::Intervention(_))]
        ));
    }
    // The clock reports White +2:00: the adjustment is gone.
    let bs = s.board(BoardNo(2)).unwrap();
    let c = arbiter_core::clock_now::clock_at(&s, bs, NOW + 2_500).unwrap();
    append(
        &mut s,
        NOW + 2_500,
        Origin::Feed(BoardNo(2)),
        Event::ClockSample(ClockSample {
            board: BoardNo(2),
            left_ms: c.shown.white.ms() + 120_000,
            right_ms: c.shown.black.ms(),
            running: c.running.map(|r| {
                if r.is_white() {
                    ClockSide::Left
                } else {
                    ClockSide::Right
                }
            }),
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }),
    );
    let bs = s.board(BoardNo(2)).unwrap();
    let st = arbiter_core::status::board_status(&m, &s, bs, NOW + 3_000);
    assert!(st.pending.is_empty(), "{:?}", st.pending);
    let v = ViewState::new(Lang::En, Theme::default());
    let screen = render_to_string(&m, &s, &v, NOW + 3_000, 200, 60);
    assert!(!screen.contains("to set"), "{screen}");
}

/// Board 6's feed is stale: a ruling there says the clocks are estimates and asks for the
/// times on the device, prefilled with the estimate; the entered times are journaled.
#[test]
fn a_ruling_on_a_stale_feed_asks_for_the_device_times() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('6'), key('z')]);
        let d = v.dialog.as_ref().unwrap();
        assert!(d.estimated, "board 6's clocks are estimates");
        let estimate =
            arbiter_core::clock_now::clock_at(&s, s.board(BoardNo(6)).unwrap(), NOW).unwrap();
        assert!(estimate.estimated);
        assert_eq!(
            d.white_time,
            arbiter_core::hms::format_hms(estimate.shown.white.ms())
        );
        let said = match lang {
            Lang::De => "Die Uhrzeiten sind geschätzt",
            Lang::En => "The clocks are estimates",
        };
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(screen.contains(said), "{screen}");
        insta::assert_snapshot!(
            format!("stale_feed_estimate_80x24_{}", lang_name(lang)),
            screen
        );
        // The arbiter reads 1:10:00 for White on the device.
        let d = v.dialog.as_mut().unwrap();
        let at = d
            .fields()
            .iter()
            .position(|f| *f == arbiter_tui::dialog::Field::WhiteTime)
            .unwrap();
        d.field = at;
        d.white_time.clear();
        let mut keys = typed("1:10:00");
        keys.push(code(KeyCode::Down));
        keys.push(code(KeyCode::Down));
        keys.extend(typed("display checked"));
        keys.push(code(KeyCode::Enter));
        let cmds = press(&mut v, &m, &s, &keys);
        match &cmds[..] {
            [Command::Submit(Event::Intervention(iv))] => {
                let dc = iv.device_clocks.expect("the device's times");
                assert_eq!(dc.white.ms(), 70 * 60_000);
                assert_eq!(
                    dc.black.ms(),
                    arbiter_tui::dialog::parse_time(&arbiter_core::hms::format_hms(
                        estimate.shown.black.ms()
                    ))
                    .unwrap()
                );
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Issue 19d: the times read on the device are what the rules use. Board 6's feed is stale; the
/// estimate says White's time remains, so the flag form proposes nothing; the arbiter reads
/// White's flag at 0:00 on the device: the proposal becomes a loss on time for White, and the
/// record keeps the estimate (`white_ms`) beside the device's times.
#[test]
fn the_times_read_on_the_device_are_what_the_rules_use() {
    use arbiter_core::model::GameResult;
    use arbiter_tui::dialog::Field;
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    press(&mut v, &m, &s, &[key('6'), key('f'), key('w')]);
    let estimate =
        arbiter_core::clock_now::clock_at(&s, s.board(BoardNo(6)).unwrap(), NOW).unwrap();
    assert!(estimate.estimated && estimate.shown.white.ms() > 0);
    let d = v
        .dialog
        .as_mut()
        .expect("the flag form opens on an estimated clock");
    assert!(d.estimated);
    assert_eq!(d.player, arbiter_core::model::Color::White);
    assert_eq!(
        d.proposal.as_ref().unwrap().consequence.result,
        None,
        "on the estimate White's time remains"
    );
    d.field = d
        .fields()
        .iter()
        .position(|f| *f == Field::WhiteTime)
        .unwrap();
    d.white_time.clear();
    let mut keys = typed("0");
    keys.push(code(KeyCode::Down));
    keys.push(code(KeyCode::Down));
    keys.extend(typed("flag seen on the device"));
    press(&mut v, &m, &s, &keys);
    let d = v.dialog.as_ref().unwrap();
    let p = d.proposal.as_ref().unwrap();
    assert_eq!(p.consequence.result, Some(GameResult::BlackWins));
    let screen = render_to_string(&m, &s, &v, NOW, 120, 40);
    assert!(screen.contains("as read on the device"), "{screen}");
    let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => {
            assert_eq!(iv.confirmed.result, Some(GameResult::BlackWins));
            assert_eq!(iv.device_clocks.unwrap().white.ms(), 0);
            assert_eq!(iv.clocks.white, Some(estimate.shown.white));
            assert!(iv.overridden.is_empty(), "{:?}", iv.overridden);
        }
        other => panic!("{other:?}"),
    }
}

/// Issue 29: `z` (a time correction) asks for its reason, the incident it corrects: Enter with
/// no reason records nothing and the form says what is missing, in the reader's language; with
/// the reason the record's decision names the change.
#[test]
fn a_time_correction_records_nothing_without_its_reason() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::monochrome());
        let cmds = press(&mut v, &m, &s, &[key('3'), key('z'), code(KeyCode::Enter)]);
        assert!(cmds.is_empty(), "{cmds:?}");
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        let what =
            arbiter_tui::i18n::format(lang, &arbiter_core::msg!("rules-time-correction-reason"));
        let first: String = what.chars().take(30).collect();
        assert!(screen.contains(&first), "{lang:?}:\n{screen}");
        insta::assert_snapshot!(
            format!("time_correction_needs_reason_80x24_{}", lang_name(lang)),
            screen
        );
        v.dialog.as_mut().unwrap().text = "clock set 2 min short".into();
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        let iv = match &cmds[..] {
            [Command::Submit(Event::Intervention(iv))] => iv.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(iv.reason, "clock set 2 min short");
        assert!(!iv.confirmed.summary.is_empty());
        assert!(
            iv.confirmed.summary.contains("+2 min"),
            "{}",
            iv.confirmed.summary
        );
    }
}

/// Every proposal a form shows is journaled (`proposal_shown`), also one never confirmed: once
/// when the form opens, again only when what the arbiter decides on changes (the explanation,
/// the consequence, the options), not for the clocks ticking; the confirmation is the
/// intervention itself.
#[test]
fn every_proposal_shown_is_journaled_once_as_it_changes() {
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    let raw = |v: &mut ViewState, keys: &[KeyEvent], now: MonoMs| -> Vec<Command> {
        keys.iter()
            .filter_map(|k| {
                let a = keymap::map(v, *k);
                view::update(v, &m, &s, a, now)
            })
            .collect()
    };
    // An illegal move on board 2: the form opens with the proposal, journaled once.
    let cmds = raw(&mut v, &[key('2'), key('i')], NOW);
    let shown: Vec<&arbiter_core::intervention::ProposalShown> = cmds
        .iter()
        .filter_map(|c| match c {
            Command::Submit(Event::ProposalShown(p)) => Some(&**p),
            _ => None,
        })
        .collect();
    assert_eq!(shown.len(), 1, "{cmds:?}");
    assert_eq!(shown[0].intervention.board, Some(BoardNo(2)));
    assert!(
        !shown[0].intervention.proposed.clock.is_empty(),
        "{:?}",
        shown[0]
    );
    assert_eq!(
        shown[0].intervention.confirmed,
        Default::default(),
        "nothing confirmed"
    );
    // Closed without confirming: what was shown stays journaled, nothing else is recorded.
    let cmds = raw(&mut v, &[code(KeyCode::Esc)], NOW + 3_000);
    assert!(cmds.is_empty(), "{cmds:?}");
    // Opened again a second later on the same facts (the clocks have run): nothing new.
    let cmds = raw(&mut v, &[key('2'), key('i')], NOW + 4_000);
    assert!(cmds.is_empty(), "{cmds:?}");
    // The record round-trips through the journal and is kept in the state for a replay.
    let mut state = s.clone();
    let ev: Event = shown[0].clone().into();
    append(&mut state, NOW, Origin::Arbiter, ev);
    assert_eq!(state.shown.len(), s.shown.len() + 1);
    assert_eq!(*state.shown.last().unwrap().1, *shown[0]);
    assert_eq!(
        state.interventions.len(),
        s.interventions.len(),
        "changes nothing"
    );
    // The incident log (live and in a replay) lists it at its moment.
    let lines: Vec<String> = arbiter_tui::log::incidents(&m, &state, Some(BoardNo(2)))
        .iter()
        .map(|i| arbiter_tui::log::incident_line(&m, i, Lang::En, true))
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("shown, not confirmed")),
        "{lines:?}"
    );
}

/// The penalty form records a warning the player accepted (DSB note to TO, adopted by the
/// Bundesliga profile: the line carries the notice that it need not be reported); the form for a
/// player unable to keep score records that no assistant is available (2023 8.1.6).
#[test]
fn an_accepted_warning_and_no_assistant_from_the_forms() {
    use arbiter_tui::dialog::DialogKind;
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    let pen = DialogKind::Penalty.key();
    press(&mut v, &m, &s, &[key('2'), key(pen)]);
    let fields = DialogKind::Penalty.spec().fields;
    let at = |f| fields.iter().position(|x| *x == f).unwrap();
    let d = v.dialog.as_mut().unwrap();
    d.field = at(arbiter_tui::dialog::Field::Penalty);
    press(&mut v, &m, &s, &[code(KeyCode::Right)]);
    v.dialog.as_mut().unwrap().field = at(arbiter_tui::dialog::Field::Accepted);
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[code(KeyCode::Right), code(KeyCode::Enter)],
    );
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => {
            assert!(
                matches!(
                    &iv.kind,
                    InterventionKind::Penalty { penalties, accepted: true, .. }
                        if penalties == &[arbiter_core::intervention::PenaltyKind::Warning]
                ),
                "{:?}",
                iv.kind
            );
            assert_eq!(iv.notices.len(), 1, "{iv:?}");
        }
        other => panic!("{other:?} {:?}", v.status),
    }
    let unable = DialogKind::UnableToRecord.key();
    press(&mut v, &m, &s, &[key('2'), key(unable)]);
    let fields = DialogKind::UnableToRecord.spec().fields;
    let at = |f| fields.iter().position(|x| *x == f).unwrap();
    // A player with a disability (no deduction under 8.1.6), no assistant available.
    v.dialog.as_mut().unwrap().field = at(arbiter_tui::dialog::Field::Disabled);
    press(&mut v, &m, &s, &[code(KeyCode::Right)]);
    v.dialog.as_mut().unwrap().field = at(arbiter_tui::dialog::Field::NoAssistant);
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[code(KeyCode::Right), code(KeyCode::Enter)],
    );
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => assert!(
            matches!(
                iv.kind,
                InterventionKind::UnableToRecord {
                    disabled: true,
                    no_assistant: true,
                    ..
                }
            ),
            "{:?}",
            iv.kind
        ),
        other => panic!("{other:?} {:?}", v.status),
    }
}

/// Issue 28's interventions the core has, entered from the keys: a person expelled (12.7), play
/// resumed after a stop (6.11.3: the decision, none pre-selected), a resignation claimed with its
/// time (5.1.2: the decision), the exemption of a player with a disability in its own words.
#[test]
fn an_expulsion_a_resumption_a_claimed_resignation_and_an_exemption_from_the_forms() {
    use arbiter_tui::dialog::{DialogKind, Field};
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    let at = |k: DialogKind, f: Field| k.spec().fields.iter().position(|x| *x == f).unwrap();
    // X: the person must be named; then recorded with the name.
    let x = DialogKind::PersonExpelled.key();
    let cmds = press(&mut v, &m, &s, &[key(x), code(KeyCode::Enter)]);
    assert!(
        cmds.is_empty(),
        "nothing without the person: {:?}",
        v.status
    );
    assert!(v.dialog.is_some());
    let mut keys = typed("ein Zuschauer an Brett 7");
    keys.push(code(KeyCode::Enter));
    let cmds = press(&mut v, &m, &s, &keys);
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => assert_eq!(
            iv.kind,
            InterventionKind::PersonExpelled {
                person: "ein Zuschauer an Brett 7".into()
            }
        ),
        other => panic!("{other:?} {:?}", v.status),
    }
    // P on board 4: the rules always ask how play resumes; Enter refused until chosen.
    let p = DialogKind::GameResumed.key();
    let cmds = press(&mut v, &m, &s, &[key('4'), key(p), code(KeyCode::Enter)]);
    assert!(cmds.is_empty(), "a decision is needed: {:?}", v.status);
    let d = v.dialog.as_ref().unwrap();
    assert!(
        d.fields().contains(&Field::DecisionOption),
        "{:?}",
        d.fields()
    );
    v.dialog = None;
    // Y on board 3: the time typed (HH:MM) becomes the match day's instant at the venue.
    let y = DialogKind::Resignation.key();
    press(&mut v, &m, &s, &[key('3'), key(y)]);
    v.dialog.as_mut().unwrap().field = at(DialogKind::Resignation, Field::At);
    press(&mut v, &m, &s, &typed("14:35"));
    let req = v.dialog.as_ref().unwrap().request(&m).expect("a request");
    assert_eq!(
        req.kind,
        InterventionKind::Resignation {
            at: Some("2026-11-28T14:35:00+01:00".into())
        }
    );
    // Not a time of day: said, nothing recorded.
    press(&mut v, &m, &s, &typed("9"));
    let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
    assert!(cmds.is_empty());
    v.dialog = None;
    // h: the exemption's words go into the record.
    let h = DialogKind::UnableToRecord.key();
    press(&mut v, &m, &s, &[key('2'), key(h)]);
    v.dialog.as_mut().unwrap().field = at(DialogKind::UnableToRecord, Field::Disabled);
    press(&mut v, &m, &s, &[code(KeyCode::Right)]);
    v.dialog.as_mut().unwrap().field = at(DialogKind::UnableToRecord, Field::Exemption);
    let mut keys = typed("befreit, sehbehindert");
    keys.push(code(KeyCode::Enter));
    let cmds = press(&mut v, &m, &s, &keys);
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => assert!(
            matches!(
                &iv.kind,
                InterventionKind::UnableToRecord { disabled: true, exemption, .. }
                    if exemption == "befreit, sehbehindert"
            ),
            "{:?}",
            iv.kind
        ),
        other => panic!("{other:?} {:?}", v.status),
    }
}
