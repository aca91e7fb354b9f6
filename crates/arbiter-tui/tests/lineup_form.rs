//! The lineup forms (issue 16): a captain hands in (`H`), asks to see the other lineup (`V`),
//! and a change with one consent per captain (`U`); keys to records through `view::update`,
//! applied like the shell does; snapshots of the forms in both languages.

use arbiter_core::intervention::LineupSlot;
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::TeamSide;
use arbiter_core::record::{Event, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_tui::fixture::demo_match;
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

struct Console {
    m: Match,
    s: MatchState,
    v: ViewState,
    chain: Chain,
    buf: Vec<u8>,
    at: u64,
}

impl Console {
    fn new(lang: Lang) -> Console {
        let m = demo_match();
        let mut c = Console {
            s: MatchState::default(),
            v: ViewState::new(lang, Theme::default()),
            chain: Chain::default(),
            buf: Vec::new(),
            at: 0,
            m,
        };
        c.journal(SessionStarted::of(&c.m, "test".into()).into());
        c
    }

    fn journal(&mut self, ev: Event) -> Record {
        self.at += 1000;
        let start = WallMs::from_datetime(&self.m.scheduled_start);
        let r = self.chain.append(
            start + self.at as i64,
            MonoMs::from_base_ms(self.at),
            Origin::Arbiter,
            ev,
            &mut self.buf,
        );
        apply(&mut self.s, &r);
        r
    }

    /// Types keys; journals what they submit, as the shell does.
    fn keys(&mut self, keys: &[KeyEvent]) -> Vec<Event> {
        let mut out = Vec::new();
        for k in keys {
            let a = keymap::map(&self.v, *k);
            if let Some(Command::Submit(ev)) = view::update(
                &mut self.v,
                &self.m,
                &self.s,
                a,
                MonoMs::from_base_ms(self.at),
            ) {
                out.push(ev.clone());
                self.journal(ev);
            }
        }
        out
    }

    fn text(&mut self, t: &str) -> Vec<Event> {
        let keys: Vec<KeyEvent> = t.chars().map(key).collect();
        self.keys(&keys)
    }
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

#[test]
fn hand_in_view_and_change_with_both_captains_consent() {
    let mut c = Console::new(Lang::En);
    // Home hands in; the away captain asks to see it: refused, journaled.
    c.keys(&[key('H'), code(KeyCode::Tab)]);
    c.text("1 2 3 4 5 6 7 9");
    assert_eq!(c.keys(&[code(KeyCode::Enter)]).len(), 1);
    c.keys(&[key('V'), code(KeyCode::Right)]);
    let screen = render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 100, 30);
    assert!(
        screen.contains("sealed until both lineups are in"),
        "{screen}"
    );
    assert!(!screen.contains("Jonas Brenner"), "{screen}");
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert!(matches!(evs[..], [Event::LineupView(_)]));
    assert!(!c.s.procedure.views[0].granted);
    assert!(c.v.status.as_deref().unwrap().contains("refused"));
    // An error is refused without a reason: nothing journaled, the form stays open.
    c.keys(&[key('H'), code(KeyCode::Tab)]);
    c.text("2 1 3 4 5 6 7 8");
    assert!(c.keys(&[code(KeyCode::Enter)]).is_empty());
    assert!(c.v.lineup_form.is_some());
    assert!(
        c.v.status
            .as_deref()
            .unwrap()
            .contains("cannot be handed in")
    );
    c.keys(&[code(KeyCode::Esc)]);
    c.keys(&[key('H'), code(KeyCode::Tab)]);
    c.text("1 2 3 4 5 6 7 8");
    c.keys(&[code(KeyCode::Enter)]);
    assert!(c.s.lineups_complete());
    // A change of the home lineup: the home captain consents, then the away captain, then the
    // change applies.
    let change = |c: &mut Console, captain_away: bool| {
        let mut k = vec![key('U'), code(KeyCode::Tab)];
        if captain_away {
            k.push(code(KeyCode::Right));
        }
        k.push(code(KeyCode::Tab));
        c.keys(&k);
        c.text("1 2 3 4 5 6 7 10");
        c.keys(&[code(KeyCode::Enter)])
    };
    let e1 = change(&mut c, false);
    assert!(matches!(e1[..], [Event::LineupConsent(_)]));
    let e2 = change(&mut c, true);
    assert!(matches!(e2[..], [Event::LineupConsent(_)]));
    let e3 = change(&mut c, false);
    assert!(matches!(e3[..], [Event::LineupChanged(_)]), "{e3:?}");
    assert_eq!(
        c.s.lineup(TeamSide::Home).unwrap().slots[7],
        LineupSlot::Player { rank: 10 }
    );
    // After the announcement: refused, nothing journaled.
    c.journal(arbiter_core::intervention::LineupAnnounced {}.into());
    assert!(change(&mut c, false).is_empty());
}

#[test]
fn the_lineup_forms_in_both_languages() {
    for lang in [Lang::De, Lang::En] {
        let l = if lang == Lang::De { "de" } else { "en" };
        let mut c = Console::new(lang);
        c.keys(&[key('H'), code(KeyCode::Tab)]);
        c.text("1 5 2 3 4 6 7 (8)");
        insta::assert_snapshot!(
            format!("lineup_submit_{l}"),
            render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 100, 30)
        );
        c.keys(&[code(KeyCode::Esc), key('V')]);
        insta::assert_snapshot!(
            format!("lineup_view_sealed_{l}"),
            render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 100, 30)
        );
    }
}

/// Issue 29: the lineup form shows the name behind each rank as it is typed, "received by" is
/// the arbiter's name to begin with and cannot be left empty, and a lineup handed in long
/// after the scheduled start says so with the facts.
#[test]
fn the_names_behind_the_ranks_who_received_it_and_a_late_lineup() {
    for lang in [Lang::En, Lang::De] {
        let l = if lang == Lang::De { "de" } else { "en" };
        let mut c = Console::new(lang);
        c.keys(&[key('H'), code(KeyCode::Tab)]);
        c.text("1 2 3");
        let screen = render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 80, 24);
        let home = &c.m.file.home.squad;
        for rank in [1u16, 2, 3] {
            let p = home.iter().find(|p| p.rank == rank).unwrap();
            let short = arbiter_tui::main_screen::short_name(&p.name);
            assert!(
                screen.contains(&format!("{rank}. {short}")),
                "{lang:?}: rank {rank} ({short}) not named:\n{screen}"
            );
        }
        assert!(screen.contains(&c.m.file.arbiter.name), "{screen}");
        // Received by emptied: refused, nothing journaled.
        c.text(" 4 5 6 7 8");
        let form = c.v.lineup_form.as_mut().unwrap();
        form.received_by.clear();
        assert!(c.keys(&[code(KeyCode::Enter)]).is_empty());
        let said = arbiter_tui::i18n::text(lang, "ui-lineup-received-by-required");
        assert_eq!(c.v.status.as_deref(), Some(said.as_str()));
        c.v.lineup_form.as_mut().unwrap().received_by = "Martina Keller".into();
        let evs = c.keys(&[code(KeyCode::Enter)]);
        match &evs[..] {
            [Event::LineupSubmitted(sub)] => assert_eq!(sub.received_by, "Martina Keller"),
            other => panic!("{other:?}"),
        }
        // The away lineup 21 minutes after the scheduled start: the form says so.
        c.at = 21 * 60_000;
        c.journal(
            arbiter_core::record::Note {
                board: None,
                text: "tick".into(),
                witnesses: Vec::new(),
            }
            .into(),
        );
        c.keys(&[key('H'), code(KeyCode::Tab)]);
        c.text("1 2 3 4 5 6 7 8");
        let screen = render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 80, 24);
        let late = arbiter_core::rules::lineup::handed_in_late(
            &c.m,
            arbiter_core::rules::wall_at(&c.s, MonoMs::from_base_ms(c.at)).unwrap(),
        )
        .expect("late");
        let late = arbiter_tui::i18n::format(lang, &late);
        assert!(late.contains("0:21:"), "{late}");
        let head: String = late.chars().take(30).collect();
        assert!(screen.contains(&head), "{lang:?}:\n{screen}");
        insta::assert_snapshot!(format!("lineup_late_80x24_{l}"), screen);
    }
}
