//! Snapshots of every screen and form in both languages (ratatui `TestBackend` + insta), and the
//! key flow: board digit, action key, Enter; Esc changes nothing.

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::TeamSide;
use arbiter_core::record::Event;
use arbiter_core::state::MatchState;
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_tui::dialog::{DialogKind, Facts};
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, Screen, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn setup() -> (Match, MatchState) {
    let m = demo_match();
    let s = situation(&m, 8);
    (m, s)
}

fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::De => "de",
        Lang::En => "en",
    }
}

const LANGS: [Lang; 2] = [Lang::De, Lang::En];

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// Presses keys; returns the commands they produced (what the forms showed, journaled as
/// `proposal_shown`, left out: `forms_engine.rs` tests it).
fn press(v: &mut ViewState, m: &Match, s: &MatchState, keys: &[KeyEvent]) -> Vec<Command> {
    keys.iter()
        .filter_map(|k| {
            let a = keymap::map(v, *k);
            view::update(v, m, s, a, NOW)
        })
        .filter(|c| !matches!(c, Command::Submit(Event::ProposalShown(_))))
        .collect()
}

#[test]
fn main_screen_80x24_and_160x48() {
    let (m, s) = setup();
    for lang in LANGS {
        let v = ViewState::new(lang, Theme::default());
        for (w, h) in [(80, 24), (160, 48)] {
            insta::assert_snapshot!(
                format!("main_{w}x{h}_{}", lang_name(lang)),
                render_to_string(&m, &s, &v, NOW, w, h)
            );
        }
    }
}

#[test]
fn main_screen_200x60_and_small_heights() {
    let (m, s) = setup();
    let v = ViewState::new(Lang::De, Theme::monochrome());
    insta::assert_snapshot!("main_200x60_de", render_to_string(&m, &s, &v, NOW, 200, 60));
    insta::assert_snapshot!("main_100x14_de", render_to_string(&m, &s, &v, NOW, 100, 14));
}

#[test]
fn main_screen_64_boards_scrolls() {
    let m = demo_match();
    let s = situation(&m, 64);
    let mut v = ViewState::new(Lang::En, Theme::default());
    insta::assert_snapshot!(
        "main_64_boards_80x24_top",
        render_to_string(&m, &s, &v, NOW, 80, 24)
    );
    // g 4 0 Enter: board 40 is selected and its page shown.
    press(
        &mut v,
        &m,
        &s,
        &[key('g'), key('4'), key('0'), code(KeyCode::Enter)],
    );
    assert_eq!(v.selected, 39);
    let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
    assert!(
        screen.lines().any(|l| l.trim_start().starts_with("40 ")),
        "{screen}"
    );
    insta::assert_snapshot!("main_64_boards_80x24_board40", screen);
    insta::assert_snapshot!(
        "main_64_boards_160x48",
        render_to_string(&m, &s, &v, NOW, 160, 48)
    );
}

#[test]
fn board_detail_both_languages() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('3'), code(KeyCode::Enter)]);
        assert_eq!(v.screen, Screen::Detail);
        insta::assert_snapshot!(
            format!("detail_board3_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 120, 36)
        );
    }
    let mut v = ViewState::new(Lang::En, Theme::default());
    press(&mut v, &m, &s, &[key('5'), key('d')]);
    insta::assert_snapshot!(
        "detail_board5_80x24_en",
        render_to_string(&m, &s, &v, NOW, 80, 24)
    );
}

#[test]
fn log_both_languages_and_filtered() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('l')]);
        insta::assert_snapshot!(
            format!("log_all_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 120, 30)
        );
        press(&mut v, &m, &s, &[key('3')]);
        insta::assert_snapshot!(
            format!("log_board3_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 120, 30)
        );
    }
}

#[test]
fn help_both_languages() {
    let (m, s) = setup();
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('?')]);
        for (w, h) in [(80, 24), (120, 40)] {
            insta::assert_snapshot!(
                format!("help_{w}x{h}_{}", lang_name(lang)),
                render_to_string(&m, &s, &v, NOW, w, h)
            );
        }
        press(&mut v, &m, &s, &[key('x')]);
        assert!(!v.help, "any key closes the help");
    }
}

#[test]
fn every_dialog_both_languages() {
    let (m, s) = setup();
    for lang in LANGS {
        for kind in DialogKind::ALL {
            let mut v = ViewState::new(lang, Theme::default());
            press(&mut v, &m, &s, &[key('3'), key(kind.key())]);
            if matches!(
                kind,
                DialogKind::Arrived | DialogKind::StartRound | DialogKind::DefaultTime
            ) {
                // Their keys open the afternoon's screens (issue 19): the attendance view, the
                // start screen, the prompt of the expired default time (board 8's guest).
                assert!(v.panel.is_some(), "{kind:?} opens its screen");
            } else if let arbiter_core::rules::Availability::Refused(why) =
                arbiter_tui::dialog::Dialog::availability(
                    kind,
                    Some(arbiter_core::model::BoardNo(3)),
                    &m,
                    &s,
                    NOW,
                )
            {
                // A form the rules refuse here is not opened: the footer says why.
                assert!(v.dialog.is_none(), "{kind:?} is refused");
                assert_eq!(
                    v.status.as_deref(),
                    Some(arbiter_tui::i18n::format(lang, &why).as_str())
                );
            } else {
                let d = v
                    .dialog
                    .as_ref()
                    .unwrap_or_else(|| panic!("{kind:?} opens a form"));
                assert_eq!(d.kind, kind);
            }
            insta::assert_snapshot!(
                format!("dialog_{kind:?}_{}", lang_name(lang)).to_lowercase(),
                render_to_string(&m, &s, &v, NOW, 100, 30)
            );
        }
    }
}

#[test]
fn monochrome_has_no_colours() {
    let (m, s) = setup();
    let v = ViewState::new(Lang::En, Theme::monochrome());
    let backend = ratatui::backend::TestBackend::new(80, 24);
    let mut term = ratatui::Terminal::new(backend).unwrap();
    term.draw(|f| arbiter_tui::render(f, &m, &s, &v, NOW))
        .unwrap();
    for cell in term.backend().buffer().content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset);
        assert_eq!(cell.bg, ratatui::style::Color::Reset);
    }
}

#[test]
fn intervention_in_three_keys_and_nothing_before_enter() {
    let (mut m, s) = setup();
    // The draw agreed below at move 9 would be refused by the Bundesliga's minimum move (20)
    // before the clock is asked about (keystrokes.rs tests that refusal).
    m.profile.draw_agreement.min_move = 0;
    let mut v = ViewState::new(Lang::En, Theme::default());
    // Esc cancels: no command.
    assert!(press(&mut v, &m, &s, &[key('2'), key('i'), code(KeyCode::Esc)]).is_empty());
    assert!(v.dialog.is_none());
    // Changing fields asks the rules again but records nothing.
    assert!(
        press(
            &mut v,
            &m,
            &s,
            &[
                key('i'),
                code(KeyCode::Right),
                code(KeyCode::Down),
                code(KeyCode::Right)
            ]
        )
        .is_empty()
    );
    press(&mut v, &m, &s, &[code(KeyCode::Esc)]);
    // Digit, action, Enter.
    let cmds = press(&mut v, &m, &s, &[key('2'), key('i'), code(KeyCode::Enter)]);
    assert_eq!(cmds.len(), 1);
    match &cmds[0] {
        Command::Submit(Event::Intervention(iv)) => {
            assert_eq!(iv.board.map(|b| b.0), Some(2));
            assert!(!iv.articles.is_empty(), "the rules cite an article");
            assert_eq!(iv.proposed, iv.confirmed);
        }
        other => panic!("expected an intervention, got {other:?}"),
    }
    // The arbiter may decide against the proposal: the record keeps both, nothing is applied.
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[
            key('3'),
            key('i'),
            // Player, kind, found-later half-move, clocks, then the consequence.
            code(KeyCode::Down),
            code(KeyCode::Down),
            code(KeyCode::Down),
            code(KeyCode::Down),
            code(KeyCode::Down),
            code(KeyCode::Right),
            code(KeyCode::Down),
            key('x'),
            code(KeyCode::Enter),
        ],
    );
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => {
            assert_ne!(iv.proposed, iv.confirmed);
            assert!(iv.confirmed.clock.is_empty() && iv.confirmed.result.is_none());
            assert_eq!(iv.reason, "x");
            // Beside the proposal: the override of the consequence, with the reason.
            assert_eq!(iv.overridden.len(), 1, "{:?}", iv.overridden);
            assert_eq!(
                iv.overridden[0].field,
                arbiter_core::intervention::OverrideField::Consequence
            );
            assert_eq!(iv.overridden[0].reason, "x");
        }
        other => panic!("expected an intervention, got {other:?}"),
    }
    // Results and arrivals are plain events.
    let cmds = press(&mut v, &m, &s, &[key('8'), key('a'), code(KeyCode::Enter)]);
    // Board 8's away player is the one not there: the attendance view starts on them.
    assert!(
        matches!(&cmds[..], [Command::SubmitAll(evs)] if matches!(&evs[..],
            [Event::PlayerArrived(p)] if p.board.0 == 8 && p.team == TeamSide::Away && p.at.is_none()))
    );
    // A result while the clock runs asks first; the second Enter records it.
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[
            key('1'),
            key('r'),
            code(KeyCode::Right),
            code(KeyCode::Tab),
            code(KeyCode::Right),
            code(KeyCode::Enter),
        ],
    );
    assert!(cmds.is_empty(), "{cmds:?}");
    assert!(
        v.status
            .as_deref()
            .unwrap_or("")
            .contains("clock still runs"),
        "{:?}",
        v.status
    );
    let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
    assert!(matches!(&cmds[..], [Command::Submit(Event::ResultRecorded(r))] if r.board.0 == 1));
}

#[test]
fn quit_asks_first() {
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::De, Theme::default());
    assert!(press(&mut v, &m, &s, &[key('Q')]).is_empty());
    assert!(v.quit_confirm);
    insta::assert_snapshot!("quit_confirm_de", render_to_string(&m, &s, &v, NOW, 80, 24));
    assert!(press(&mut v, &m, &s, &[key('n')]).is_empty());
    assert!(!v.quit_confirm);
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[
            KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
            key('j'),
        ],
    );
    assert_eq!(cmds, vec![Command::Quit]);
}

#[test]
fn log_filter_goto_and_language() {
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::De, Theme::default());
    press(&mut v, &m, &s, &[key('l'), key('3')]);
    assert_eq!(v.screen, Screen::Log);
    assert_eq!(v.log_filter.map(|b| b.0), Some(3));
    let screen = render_to_string(&m, &s, &v, NOW, 120, 30);
    assert!(screen.contains("Brett 3"), "{screen}");
    assert!(!screen.contains("Br 1 "), "filtered to board 3:\n{screen}");
    press(&mut v, &m, &s, &[key('0')]);
    assert_eq!(v.log_filter, None);
    // Esc goes back; g with a board outside the match changes nothing.
    press(
        &mut v,
        &m,
        &s,
        &[
            code(KeyCode::Esc),
            key('g'),
            key('9'),
            key('9'),
            code(KeyCode::Enter),
        ],
    );
    assert_eq!(v.screen, Screen::Main);
    assert_eq!(v.selected, 2);
    press(&mut v, &m, &s, &[key('L')]);
    assert_eq!(v.lang, Lang::En);
    let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
    assert!(screen.contains("Score"), "{screen}");
}

/// The demo match under another compiled-in profile, in the fixture's situation.
fn under(profile_src: &str) -> (Match, MatchState) {
    let m = Match::from_texts(
        std::path::Path::new("config/matches/demo-bundesliga.toml"),
        include_str!("../../../config/matches/demo-bundesliga.toml"),
        std::path::Path::new("profile.toml"),
        profile_src,
    )
    .unwrap();
    let s = situation(&m, 8);
    (m, s)
}

/// The decision form, where the rules leave the outcome open (here the opponent's score after a
/// loss for persistent refusal, FIDE 2023 Art. 11.7 "the arbiter shall decide"): the facts, the
/// options and the bases with none chosen; Enter is refused until an option, a basis and a
/// reason are given; then one `decision` record with all three. 80x24, both languages.
#[test]
fn decision_form_80x24_both_languages() {
    // The Bundesliga profile adopts the DSB note on 11.7, which fixes the score (issue 28): the
    // situation opened as under the 2023 Laws alone.
    let (mut m, s) = setup();
    m.profile
        .decisions
        .open
        .push(arbiter_core::profile::Situation::RefusalOpponentScore);
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('3'), key('y')]);
        let d = v.dialog.as_ref().unwrap();
        let req = d
            .proposal
            .as_ref()
            .and_then(|p| p.decision.as_ref())
            .expect("the rules ask for a decision");
        assert_eq!(req.options.len(), 3);
        assert!(
            d.choice.is_none() && d.basis_choice.is_none(),
            "none pre-selected"
        );
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(
            screen.contains("( )") && !screen.contains("(•)"),
            "{screen}"
        );
        insta::assert_snapshot!(
            format!("decision_refusal_80x24_{}", lang_name(lang)),
            screen
        );
        // Nothing chosen: Enter records nothing and the form stays open.
        assert!(press(&mut v, &m, &s, &[code(KeyCode::Enter)]).is_empty());
        assert!(v.dialog.is_some());
        // Option 2 (the opponent scores a half), basis 2 (analogy), but no reason yet.
        press(
            &mut v,
            &m,
            &s,
            &[
                code(KeyCode::Down),
                code(KeyCode::Down),
                code(KeyCode::Right),
                code(KeyCode::Right),
                code(KeyCode::Down),
                code(KeyCode::Right),
                code(KeyCode::Right),
                code(KeyCode::Down),
            ],
        );
        assert!(press(&mut v, &m, &s, &[code(KeyCode::Enter)]).is_empty());
        assert!(v.dialog.is_some(), "a decision needs the reason");
        press(
            &mut v,
            &m,
            &s,
            &[
                key('D'),
                key('S'),
                key('B'),
                key(' '),
                key('1'),
                key('1'),
                key('.'),
                key('7'),
            ],
        );
        insta::assert_snapshot!(
            format!("decision_refusal_chosen_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        match &cmds[..] {
            [Command::Submit(Event::Decision(d))] => {
                assert_eq!(d.chosen, "opponent_half");
                assert_eq!(d.basis, arbiter_core::intervention::Basis::Analogy);
                assert_eq!(d.intervention.reason, "DSB 11.7");
                assert_eq!(
                    d.intervention.confirmed.result,
                    Some(arbiter_core::model::GameResult::WhiteHalfBlackZero)
                );
                assert_eq!(d.options.len(), 3, "the options as offered are journaled");
            }
            other => panic!("expected a decision, got {other:?}"),
        }
        assert!(v.dialog.is_none());
    }
}

/// The same form for another situation: a device in a bag where the regulations allow no bag
/// (FIDE 2023 profile), with the 12.9 penalty the arbiter chose offered beside the loss.
#[test]
fn decision_form_for_a_device_in_a_bag_80x24() {
    let (m, s) = under(include_str!("../../../config/rules/fide-2023.toml"));
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        // e, Where → in the bag, Penalty → warning → time to the opponent, 60 s.
        press(
            &mut v,
            &m,
            &s,
            &[
                key('3'),
                key('e'),
                code(KeyCode::Down),
                code(KeyCode::Right),
                code(KeyCode::Down),
                code(KeyCode::Right),
                code(KeyCode::Right),
                code(KeyCode::Down),
                key('6'),
                key('0'),
            ],
        );
        let d = v.dialog.as_ref().unwrap();
        let req = d.decision_request().expect("a decision");
        let keys: Vec<&str> = req.options.iter().map(|o| o.key.as_str()).collect();
        assert_eq!(keys, ["loss", "penalty", "warning", "note_only"]);
        insta::assert_snapshot!(
            format!("decision_device_bag_80x24_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 80, 24)
        );
    }
}

/// Any situation a rule returns is shown by the same form (the start delay, the seating error,
/// the competing claims, the lineups and both flags are wired by other rules): a request built
/// here for a seating error renders its facts and options and records the choice.
#[test]
fn the_decision_form_is_generic() {
    use arbiter_core::intervention::{Basis, Consequence};
    use arbiter_core::msg;
    use arbiter_core::profile::Situation;
    use arbiter_core::rules::decision::DecisionRequest;
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    // The flag form itself (the key refuses it on this board: both players have time).
    v.dialog = Some(arbiter_tui::dialog::Dialog::open(
        arbiter_tui::dialog::DialogKind::Flag,
        Some(arbiter_core::model::BoardNo(3)),
        &m,
        &s,
        NOW,
    ));
    let d = v.dialog.as_mut().unwrap();
    let mut p = d.proposal.clone().unwrap();
    p.consequence = Consequence::default();
    p.decision = Some(
        DecisionRequest::new(
            Situation::SeatingError,
            msg!("decision-open", situation = "x"),
        )
        .fact(msg!("decision-fact-no-bag-allowed"))
        .option(
            "continue",
            msg!("decision-option-note-only"),
            Consequence::default(),
        )
        .option(
            "warning",
            msg!("decision-option-warning"),
            Consequence {
                warning: true,
                ..Consequence::default()
            },
        ),
    );
    d.proposal = Some(p);
    d.field = 0;
    assert_eq!(
        d.fields(),
        vec![
            arbiter_tui::dialog::Field::Player,
            arbiter_tui::dialog::Field::Tally,
            arbiter_tui::dialog::Field::DecisionOption,
            arbiter_tui::dialog::Field::DecisionBasis,
            arbiter_tui::dialog::Field::Text
        ]
    );
    let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
    assert!(
        screen.contains("players seated at the wrong boards"),
        "{screen}"
    );
    assert!(screen.contains("( ) Warning"), "{screen}");
    let d = v.dialog.as_mut().unwrap();
    assert!(d.blocked(Lang::En).is_some());
    d.choice = Some(1);
    d.basis_choice = Some(Basis::Discretion);
    d.text = "seated as announced".into();
    assert!(d.blocked(Lang::En).is_none());
    match d.to_event(&m, &s, NOW) {
        Some(Event::Decision(dec)) => {
            assert_eq!(dec.situation, Situation::SeatingError);
            assert_eq!(dec.chosen, "warning");
            assert!(dec.intervention.confirmed.warning);
        }
        other => panic!("expected a decision, got {other:?}"),
    }
}

/// The 12.9 amounts are never pre-filled: Enter is refused until the arbiter enters the time.
#[test]
fn a_time_penalty_waits_for_its_amount() {
    let (m, s) = setup();
    let mut v = ViewState::new(Lang::En, Theme::default());
    // p, Penalty → warning → time to the opponent.
    press(
        &mut v,
        &m,
        &s,
        &[
            key('3'),
            key('p'),
            code(KeyCode::Down),
            code(KeyCode::Right),
            code(KeyCode::Right),
        ],
    );
    assert!(press(&mut v, &m, &s, &[code(KeyCode::Enter)]).is_empty());
    assert!(v.dialog.is_some());
    assert!(
        v.status.as_deref().unwrap_or("").contains("Enter the time"),
        "{:?}",
        v.status
    );
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[
            code(KeyCode::Down),
            key('9'),
            key('0'),
            code(KeyCode::Enter),
        ],
    );
    match &cmds[..] {
        [Command::Submit(Event::Intervention(iv))] => {
            assert_eq!(iv.confirmed.clock.len(), 1);
            assert_eq!(iv.confirmed.clock[0].delta_ms, 90_000);
        }
        other => panic!("expected an intervention, got {other:?}"),
    }
}

/// The header names the mode of play.
#[test]
fn the_header_shows_the_mode() {
    let (m, s) = setup();
    for (lang, word) in [(Lang::De, "Turnierschach"), (Lang::En, "Standard")] {
        let v = ViewState::new(lang, Theme::default());
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(screen.lines().nth(1).unwrap().contains(word), "{screen}");
    }
    let src = include_str!("../../../config/matches/demo-bundesliga.toml").replace(
        "rules = \"bundesliga\"",
        "rules = \"bundesliga\"\nmode = \"rapid\"",
    );
    let m = Match::from_texts(
        std::path::Path::new("config/matches/demo-bundesliga.toml"),
        &src,
        std::path::Path::new("fide-2017.toml"),
        include_str!("../../../config/rules/fide-2017.toml"),
    )
    .unwrap();
    let s = situation(&m, 8);
    let v = ViewState::new(Lang::De, Theme::default());
    let screen = render_to_string(&m, &s, &v, NOW, 100, 24);
    assert!(
        screen
            .lines()
            .nth(1)
            .unwrap()
            .contains("Schnellschach (A.4)"),
        "{screen}"
    );
}
#[test]
fn clock_operations_80x24_both_languages() {
    // Board 3: set both times, set a move counter, reconstruct in proportion, replace the clock;
    // each form shows the clock before and after and the profile's minimum where it has one.
    let (m, s) = setup();
    for lang in LANGS {
        for (name, steps) in [
            ("set_times", 2usize),
            ("set_moves", 3),
            ("reconstruct", 4),
            ("replace_clock", 5),
        ] {
            let mut v = ViewState::new(lang, Theme::default());
            let mut keys = vec![key('3'), key('t')];
            keys.extend(std::iter::repeat_n(code(KeyCode::Right), steps));
            match name {
                "set_times" => {
                    // White's time: 1:00:00.
                    keys.extend([code(KeyCode::Down), code(KeyCode::Down)]);
                    keys.extend(std::iter::repeat_n(code(KeyCode::Backspace), 8));
                    keys.extend("1:00:00".chars().map(key));
                }
                _ if name != "replace_clock" => {
                    // The move field: Black's counter to 6, or the times after move 5.
                    keys.extend(std::iter::repeat_n(code(KeyCode::Down), 4));
                    keys.extend([
                        code(KeyCode::Backspace),
                        key(if name == "set_moves" { '6' } else { '5' }),
                    ]);
                }
                _ => {}
            }
            press(&mut v, &m, &s, &keys);
            let d = v.dialog.as_ref().expect("the clock form is open");
            let Facts::ClockOp(op) = &d.facts else {
                panic!("{name}: not the clock form: {:?}", d.facts);
            };
            assert!(
                matches!(op.outcome, Some(Ok(_))),
                "{name}: {:?}",
                op.outcome
            );
            insta::assert_snapshot!(
                format!("clock_op_{name}_80x24_{}", lang_name(lang)),
                render_to_string(&m, &s, &v, NOW, 80, 24)
            );
            // Enter journals one clock_adjusted record with the clock before and after.
            let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
            match &cmds[..] {
                [Command::Submit(Event::ClockAdjusted(e))] => {
                    assert_eq!(e.board.0, 3);
                    assert_ne!(e.before, e.after, "{name}");
                }
                other => panic!("{name}: expected a clock_adjusted record, got {other:?}"),
            }
        }
    }
}

/// Appends records to a state (after the fixture's), stamped `at` ms after the fixture's start.
fn append(s: &mut MatchState, at: MonoMs, origin: arbiter_core::record::Origin, event: Event) {
    let r = arbiter_core::journal::Record {
        seq: s.applied + 1_000,
        wall_ms: arbiter_tui::fixture::wall_of(at),
        mono_ms: at,
        origin,
        event,
    };
    arbiter_core::state::apply(s, &r);
}

/// Board 1 set to the initial position, then 1.e4 Nf6 2.e5 d5 3.Nf3 Ng8 4.Ng1 Nf6 5.Nf3 Ng8
/// 6.Ng1 Nf6: the position has occurred twice, after 2…d5 it looked the same but an en passant
/// capture was possible (digest DC-1).
fn repetition_board(s: &mut MatchState) {
    use arbiter_core::model::BoardNo;
    use arbiter_core::record::{BoardSetup, MoveMade, Origin};
    let b = BoardNo(1);
    append(
        s,
        NOW - 550,
        Origin::Arbiter,
        Event::BoardSetup(BoardSetup {
            board: b,
            fen: Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()),
            clock_adds: None,
            reason: String::new(),
        }),
    );
    for (i, san) in [
        "e4", "Nf6", "e5", "d5", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6",
    ]
    .iter()
    .enumerate()
    {
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

/// A draw claim: board digit, `c`, Enter (three keys; the written move typed into its field is
/// the only addition). The form shows the checks, the occurrences and why a look-alike position
/// differs, at 80x24 in both languages.
#[test]
fn claim_form_shows_checks_and_occurrences_80x24() {
    let (m, mut s) = setup();
    repetition_board(&mut s);
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('1'), key('c')]);
        let d = v.dialog.as_ref().unwrap();
        assert_eq!(
            d.player,
            arbiter_core::model::Color::White,
            "the player on move"
        );
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        let (occ, ep) = match lang {
            Lang::En => ("Occurrence 2: after 6… Nf6", "en passant"),
            Lang::De => ("2. Auftreten: nach 6… Nf6", "en passant"),
        };
        assert!(screen.contains(occ), "{screen}");
        assert!(screen.contains(ep), "{screen}");
        insta::assert_snapshot!(format!("claim_threefold_80x24_{}", lang_name(lang)), screen);
        // The written move: Down twice to its field, type it; the claim is judged after it.
        press(
            &mut v,
            &m,
            &s,
            &[
                code(KeyCode::Down),
                code(KeyCode::Down),
                key('N'),
                key('f'),
                key('3'),
            ],
        );
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        insta::assert_snapshot!(
            format!("claim_written_move_80x24_{}", lang_name(lang)),
            screen
        );
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        match &cmds[..] {
            [Command::Submit(Event::Intervention(iv))] => {
                assert_eq!(
                    iv.kind,
                    arbiter_core::intervention::InterventionKind::DrawClaim {
                        basis: arbiter_core::intervention::ClaimBasis::Threefold,
                        correct: true,
                        intended: Some("Nf3".into()),
                    }
                );
                assert_eq!(
                    iv.confirmed.result,
                    Some(arbiter_core::model::GameResult::Draw)
                );
            }
            other => panic!("expected an intervention, got {other:?}"),
        }
    }
    // Three keys for a claim on the position now.
    let mut v = ViewState::new(Lang::En, Theme::default());
    let cmds = press(&mut v, &m, &s, &[key('1'), key('c'), code(KeyCode::Enter)]);
    assert!(matches!(
        &cmds[..],
        [Command::Submit(Event::Intervention(_))]
    ));
}

/// A quickplay-finish claim under the pre-2009 rules (Trier): the preconditions as a checklist
/// in the form, 80x24, both languages.
#[test]
fn quickplay_form_shows_the_checklist_80x24() {
    use arbiter_core::model::{BoardNo, ClockSide};
    use arbiter_core::record::{BoardSetup, ClockSample, Origin};
    let (m, mut s) = under(include_str!("../../../config/rules/trier.toml"));
    let b = BoardNo(1);
    append(
        &mut s,
        NOW - 300,
        Origin::Arbiter,
        Event::BoardSetup(BoardSetup {
            board: b,
            fen: Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 45".into()),
            clock_adds: None,
            reason: String::new(),
        }),
    );
    append(
        &mut s,
        NOW - 200,
        Origin::Feed(b),
        Event::ClockSample(ClockSample {
            board: b,
            left_ms: 90_000,
            right_ms: 25 * 60_000,
            running: None,
            left_flag: false,
            right_flag: false,
            white_side: Some(ClockSide::Left),
            left_flag_kind: None,
            right_flag_kind: None,
        }),
    );
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('1'), key('q')]);
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        assert!(screen.contains("[x]"), "{screen}");
        assert!(
            !screen.contains("[ ]"),
            "every precondition is met: {screen}"
        );
        insta::assert_snapshot!(format!("claim_quickplay_80x24_{}", lang_name(lang)), screen);
        // Enter before a decision is chosen: nothing recorded, and the footer says that the
        // decision is missing (issue 19d; it said "select a board first").
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        assert!(cmds.is_empty(), "{cmds:?}");
        assert!(v.dialog.is_some(), "the form stays open");
        let said = v.status.clone().unwrap_or_default();
        let expected = arbiter_tui::i18n::text(lang, "ui-quickplay-decision-choose");
        assert_eq!(said, expected);
        assert_ne!(said, arbiter_tui::i18n::strings(lang).select_board_first);
        // A decision chosen (← →: the first, granted): Enter records it.
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Down), code(KeyCode::Right)]);
        assert!(cmds.is_empty());
        assert!(matches!(
            &v.dialog.as_ref().unwrap().facts,
            Facts::Quickplay(q) if q.decision.is_some()
        ));
    }
}

/// The log shows each claim with where it stands (here an incorrect one).
#[test]
fn the_log_shows_a_claims_status() {
    use arbiter_core::intervention::{ClaimBasis, InterventionKind};
    use arbiter_core::model::{BoardNo, Color};
    use arbiter_core::record::Origin;
    use arbiter_core::rules::{self, Request};
    let (m, mut s) = setup();
    repetition_board(&mut s);
    let req = Request {
        board: Some(BoardNo(1)),
        player: Some(Color::White),
        kind: InterventionKind::DrawClaim {
            basis: ClaimBasis::Threefold,
            correct: false,
            intended: None,
        },
    };
    let p = rules::propose(&m, &s, &req, NOW);
    let ev = rules::confirm(&req, &p, p.consequence.clone(), String::new());
    append(&mut s, NOW - 100, Origin::Arbiter, ev);
    for (lang, want) in [(Lang::En, ": incorrect"), (Lang::De, ": unberechtigt")] {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('l'), key('1')]);
        let screen = render_to_string(&m, &s, &v, NOW, 160, 40);
        assert!(screen.contains(want), "{screen}");
    }
}

/// Issue 19d: `Z` on a board whose clock accepts commands and has a ruling still to set opens
/// the confirmation with the two times and the mode that will be sent (the core's
/// `status::clock_to_set`); Enter gives the shell exactly those values; where the clock does
/// not accept commands, or nothing is pending, nothing opens and the footer says why.
#[test]
fn clock_command_confirmation_80x24_both_languages() {
    use arbiter_core::model::{BoardNo, Color};
    use arbiter_core::record::Origin;
    let (mut m, mut s) = setup();
    let b = BoardNo(2);
    // Nothing pending on board 2: refused, nothing opens (the demo names no clock either).
    let mut v = ViewState::new(Lang::En, Theme::default());
    press(&mut v, &m, &s, &[key('2'), key('Z')]);
    assert!(v.clock_command.is_none());
    let said = v.status.clone().unwrap_or_default();
    assert!(said.contains("does not accept commands"), "{said}");
    m.file.clock_commands = vec![2];
    press(&mut v, &m, &s, &[key('2'), key('Z')]);
    assert!(v.clock_command.is_none());
    let said = v.status.clone().unwrap_or_default();
    assert!(said.contains("Nothing to set"), "{said}");
    // +2:00 for White on board 2 (a time correction).
    arbiter_tui::fixture::ruling_to_set(&m, &mut s, b, Color::White, 120_000, NOW - 1_000);
    let set = arbiter_core::status::clock_to_set(&m, &s, b, NOW).expect("something to set");
    // The board detail names the key beside the adjustment to set.
    let mut v = ViewState::new(Lang::En, Theme::default());
    press(&mut v, &m, &s, &[key('2'), code(KeyCode::Enter)]);
    let detail = render_to_string(&m, &s, &v, NOW, 120, 30);
    assert!(detail.contains("+2:00 White to set"), "{detail}");
    assert!(detail.contains("Z: send it to the clock"), "{detail}");
    for lang in LANGS {
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('2'), key('Z')]);
        assert_eq!(v.clock_command, Some(b));
        let screen = render_to_string(&m, &s, &v, NOW, 80, 24);
        // Exactly the times the command carries.
        for ms in set.times() {
            let t = arbiter_core::hms::format_hms(ms);
            assert!(screen.contains(&t), "{t} not shown:\n{screen}");
        }
        insta::assert_snapshot!(format!("clock_command_80x24_{}", lang_name(lang)), screen);
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Enter)]);
        assert_eq!(cmds, vec![Command::SendClock(set.clone())]);
        assert!(v.clock_command.is_none());
        // Journaled (as the shell does): the log lists it, in the screen's language.
        let mut logged = s.clone();
        append(&mut logged, NOW + 10, Origin::Arbiter, set.record());
        let mut lv = ViewState::new(lang, Theme::default());
        press(&mut lv, &m, &logged, &[key('l')]);
        let log = render_to_string(&m, &logged, &lv, NOW + 10, 120, 30);
        let said = match lang {
            Lang::De => "Zeiten an die Uhr gesendet: Weiß",
            Lang::En => "times sent to the clock: White",
        };
        assert!(log.contains(said), "{log}");
        // Esc cancels: nothing is sent.
        press(&mut v, &m, &s, &[key('Z')]);
        assert!(v.clock_command.is_some());
        let cmds = press(&mut v, &m, &s, &[code(KeyCode::Esc)]);
        assert!(cmds.is_empty() && v.clock_command.is_none());
    }
}

/// After a restart board 3 reported another game than the journal's: the main screen says
/// GAME≠JOURNAL, and `J` opens the decision with both games, the two options, none chosen.
#[test]
fn the_game_mismatch_decision_both_languages() {
    use arbiter_core::model::BoardNo;
    use arbiter_core::record::{GameReconciled, Origin, ReconcileOutcome, ReconcileSource};
    let (m, mut s) = setup();
    let seq = s.last.map_or(0, |l| l.seq) + 1;
    let recorded = s.board(BoardNo(3)).unwrap().game.game.moves().len() as u32;
    let rec = arbiter_core::journal::Record {
        seq,
        wall_ms: s.last.map_or(WallMs::UNIX_EPOCH, |l| l.wall_ms) + 1,
        mono_ms: NOW - 1_000,
        origin: Origin::Feed(BoardNo(3)),
        event: Event::from(GameReconciled {
            board: BoardNo(3),
            source: ReconcileSource::MoveLog,
            outcome: ReconcileOutcome::Different,
            recorded_moves: recorded,
            reported_moves: Some(recorded),
            common_moves: recorded - 1,
            recorded: vec!["d6".into()],
            reported: vec!["Nf6".into()],
            placement: None,
            clocks: Vec::new(),
        }),
    };
    arbiter_core::state::apply(&mut s, &rec);
    for lang in LANGS {
        let v = ViewState::new(lang, Theme::default());
        let main = render_to_string(&m, &s, &v, NOW, 120, 40);
        let word = arbiter_tui::i18n::text(lang, "ui-game-mismatch");
        assert!(main.contains(&word), "{main}");
        let mut v = ViewState::new(lang, Theme::default());
        press(&mut v, &m, &s, &[key('3'), key('J')]);
        let d = v.dialog.as_ref().expect("the decision form opens");
        let req = d.decision_request().expect("a decision request");
        assert_eq!(req.options.len(), 2);
        assert!(d.choice.is_none(), "nothing pre-selected");
        insta::assert_snapshot!(
            format!("game_mismatch_decision_{}", lang_name(lang)),
            render_to_string(&m, &s, &v, NOW, 100, 30)
        );
    }
}
