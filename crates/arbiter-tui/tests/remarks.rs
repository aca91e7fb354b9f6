//! The remarks form (`M`): a free remark of the arbiter for the report, journaled as a `remark`
//! record; a protest names the board it was opened on.

use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::record::Event;
use arbiter_core::state::MatchState;
use arbiter_tui::dialog::DialogKind;
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, Screen, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn press(v: &mut ViewState, m: &Match, s: &MatchState, keys: &[KeyEvent]) -> Vec<Command> {
    keys.iter()
        .filter_map(|k| {
            let a = keymap::map(v, *k);
            view::update(v, m, s, a, NOW)
        })
        .collect()
}

fn typed(text: &str) -> Vec<KeyEvent> {
    text.chars().map(key).collect()
}

#[test]
fn m_opens_the_remarks_form_and_enter_journals_a_remark() {
    let m = demo_match();
    let s = situation(&m, 8);
    let mut v = ViewState::new(Lang::De, Theme::monochrome());
    assert!(press(&mut v, &m, &s, &[key('M')]).is_empty());
    assert_eq!(v.dialog.as_ref().map(|d| d.kind), Some(DialogKind::Remark));
    let screen = render_to_string(&m, &s, &v, NOW, 100, 30);
    assert!(
        screen.contains("Bemerkung für den Spielbericht"),
        "{screen}"
    );
    // Enter on an empty remark records nothing.
    let mut keys = vec![KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)];
    assert!(press(&mut v, &m, &s, &keys).is_empty());
    // A remark typed and confirmed: one `remark` record with the text; the board field
    // (Tab) cleared with Backspace: about the match.
    press(
        &mut v,
        &m,
        &s,
        &[KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)],
    );
    let mut all = vec![key('M')];
    all.extend(typed("Saal ab 16 Uhr zu warm"));
    all.push(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    all.push(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
    let screen = {
        let mut w = v.clone();
        press(&mut w, &m, &s, &all);
        render_to_string(&m, &s, &w, NOW, 100, 30)
    };
    assert!(
        screen.contains("Betrifft") && screen.contains("den ganzen Wettkampf"),
        "{screen}"
    );
    all.append(&mut keys);
    let cmds = press(&mut v, &m, &s, &all);
    match cmds.as_slice() {
        [Command::Submit(Event::Remark(r))] => {
            assert_eq!(r.text, "Saal ab 16 Uhr zu warm");
            assert_eq!(r.board, None);
        }
        other => panic!("expected one remark, got {other:?}"),
    }
    // The key is in the help, in both languages.
    for lang in [Lang::De, Lang::En] {
        let mut h = ViewState::new(lang, Theme::monochrome());
        press(&mut h, &m, &s, &[key('?')]);
        let help = render_to_string(&m, &s, &h, NOW, 200, 60);
        let word = match lang {
            Lang::De => "Bemerkung für den Spielbericht",
            Lang::En => "a remark for the report",
        };
        assert!(help.contains(word), "{help}");
    }
}

#[test]
fn a_protest_names_the_board_it_was_opened_on() {
    let m = demo_match();
    let s = situation(&m, 8);
    let mut v = ViewState::new(Lang::En, Theme::monochrome());
    press(&mut v, &m, &s, &[key('5'), key('x')]);
    let d = v.dialog.as_ref().expect("the protest form");
    assert_eq!(d.kind, DialogKind::Protest);
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)],
    );
    match cmds.as_slice() {
        [Command::Submit(Event::Intervention(iv))] => {
            assert_eq!(iv.board.map(|b| b.0), Some(5));
        }
        other => panic!("expected a protest, got {other:?}"),
    }
    // From the log without a filter it concerns the match.
    let mut v = ViewState::new(Lang::En, Theme::monochrome());
    v.screen = Screen::Log;
    press(&mut v, &m, &s, &[key('x')]);
    assert_eq!(v.dialog.as_ref().and_then(|d| d.board), None);
}

#[test]
fn a_remark_is_about_the_selected_board_unless_changed() {
    let m = demo_match();
    let s = situation(&m, 8);
    let enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    let tab = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
    let right = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    let remark = |keys: &[KeyEvent]| {
        let mut v = ViewState::new(Lang::En, Theme::monochrome());
        let cmds = press(&mut v, &m, &s, keys);
        match cmds.as_slice() {
            [Command::Submit(Event::Remark(r))] => (r.board.map(|b| b.0), r.text.clone()),
            other => panic!("expected one remark, got {other:?}"),
        }
    };
    // Board 7 selected: the remark is about board 7.
    let mut keys = vec![key('7'), key('M')];
    keys.extend(typed("Zuschauer ermahnt"));
    let mut shown = ViewState::new(Lang::En, Theme::monochrome());
    press(&mut shown, &m, &s, &keys);
    let screen = render_to_string(&m, &s, &shown, NOW, 100, 30);
    assert!(
        screen.contains("About") && screen.contains("Board 7"),
        "{screen}"
    );
    keys.push(enter);
    assert_eq!(remark(&keys), (Some(7), "Zuschauer ermahnt".into()));
    // → moves it to board 8; twice more (8 → the match → board 1).
    let mut k8 = vec![key('7'), key('M'), key('x'), tab, right, enter];
    assert_eq!(remark(&k8).0, Some(8));
    k8.insert(5, right);
    assert_eq!(remark(&k8).0, None);
    k8.insert(5, right);
    assert_eq!(remark(&k8).0, Some(1));
}
