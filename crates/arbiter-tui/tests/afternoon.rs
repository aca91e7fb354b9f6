//! The afternoon as screens (issue 19): the start screen (`s`), the attendance view (`a`) with
//! an arrival at an entered time and "all present", and the prompt when the default time runs
//! out. Keys go through `keymap::map` and `view::update`, the records are applied as the shell
//! does; times are the demo match's (scheduled 14:00 +01:00, default time 30 min from the
//! actual start under the Bundesliga profile).

use arbiter_core::intervention::InterventionKind;
use arbiter_core::journal::{Chain, Record};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, GameResult, TeamSide};
use arbiter_core::record::{Event, Origin, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_tui::afternoon::{Panel, local_hms};
use arbiter_tui::fixture::demo_match;
use arbiter_tui::keymap;
use arbiter_tui::render_to_string;
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const MIN: u64 = 60_000;

struct Console {
    m: Match,
    s: MatchState,
    v: ViewState,
    chain: Chain,
    buf: Vec<u8>,
    /// Wall ms of mono 0.
    wall0: WallMs,
    at: u64,
}

impl Console {
    /// A console opened `before` ms before the scheduled start.
    fn new(lang: Lang, before: u64) -> Console {
        let m = demo_match();
        let wall0 = WallMs::from_datetime(&m.scheduled_start) - before as i64;
        let mut c = Console {
            s: MatchState::default(),
            v: ViewState::new(lang, Theme::monochrome()),
            chain: Chain::default(),
            buf: Vec::new(),
            wall0,
            at: 0,
            m,
        };
        c.journal(SessionStarted::of(&c.m, "test".into()).into());
        c
    }

    fn journal(&mut self, ev: Event) -> Record {
        let r = self.chain.append(
            self.wall0 + self.at as i64,
            MonoMs::from_base_ms(self.at),
            Origin::Arbiter,
            ev,
            &mut self.buf,
        );
        apply(&mut self.s, &r);
        r
    }

    /// Lets time pass (the default-time prompt may open by itself).
    fn wait(&mut self, ms: u64) {
        self.at += ms;
        // A record on the way keeps the console's idea of the wall clock current.
        self.journal(Event::Note(arbiter_core::record::Note {
            board: None,
            text: "tick".into(),
            witnesses: Vec::new(),
        }));
        view::tick(&mut self.v, &self.m, &self.s, MonoMs::from_base_ms(self.at));
    }

    fn keys(&mut self, keys: &[KeyEvent]) -> Vec<Event> {
        let mut out = Vec::new();
        for k in keys {
            let a = keymap::map(&self.v, *k);
            let evs = match view::update(
                &mut self.v,
                &self.m,
                &self.s,
                a,
                MonoMs::from_base_ms(self.at),
            ) {
                Some(Command::Submit(ev)) => vec![ev],
                Some(Command::SubmitAll(evs)) => evs,
                _ => Vec::new(),
            };
            for ev in evs {
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

    fn screen(&self, w: u16, h: u16) -> String {
        render_to_string(
            &self.m,
            &self.s,
            &self.v,
            MonoMs::from_base_ms(self.at),
            w,
            h,
        )
    }

    fn wall(&self, hhmm: &str) -> WallMs {
        arbiter_tui::afternoon::parse_local(&self.m, hhmm).expect("time")
    }
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

#[test]
fn the_start_screen_defaults_to_now_and_takes_the_real_start() {
    // The arbiter gets to the console at 14:04 although the clocks were started at 14:00.
    let mut c = Console::new(Lang::De, 0);
    c.at = 4 * MIN;
    c.keys(&[key('s')]);
    let screen = c.screen(80, 24);
    assert!(screen.contains("Angesetzter Beginn: 14:00:00"), "{screen}");
    // Default: now, and the deadline it gives (30 min from the actual start).
    assert!(screen.contains("[14:04:00"), "{screen}");
    assert!(screen.contains("14:34"), "{screen}");
    let evs = c.text("14:00");
    assert!(evs.is_empty());
    let screen = c.screen(80, 24);
    assert!(
        screen.contains("14:30"),
        "the deadline follows the entered start: {screen}"
    );
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert_eq!(evs.len(), 1, "{evs:?}");
    let started = c.s.round_started.expect("started");
    assert_eq!(started.wall_ms, c.wall("14:00"));
    assert_eq!(
        arbiter_core::rules::default_time_expiry(&c.m, &c.s),
        Some(c.wall("14:30"))
    );
    // A second start: the screen says when the round started and records nothing.
    c.keys(&[key('s')]);
    assert!(c.screen(80, 24).contains("bereits um 14:00:00 begonnen"));
    assert!(c.keys(&[code(KeyCode::Enter)]).is_empty());
    assert!(c.v.panel.is_none());
    assert!(
        c.v.status
            .as_deref()
            .is_some_and(|s| s.contains("14:00:00")),
        "{:?}",
        c.v.status
    );
}

#[test]
fn a_start_before_the_scheduled_one_needs_a_reason_and_none_in_the_future() {
    let mut c = Console::new(Lang::En, 10 * MIN);
    c.at = 8 * MIN; // 13:58
    c.keys(&[key('s')]);
    c.text("13:55");
    assert!(c.keys(&[code(KeyCode::Enter)]).is_empty());
    let screen = c.screen(100, 30);
    assert!(
        screen.contains("before the scheduled start 14:00: give the reason"),
        "{screen}"
    );
    // A time still to come is refused too.
    c.keys(&[code(KeyCode::Backspace); 5]);
    c.text("14:10");
    assert!(c.keys(&[code(KeyCode::Enter)]).is_empty());
    assert!(c.screen(100, 30).contains("lies in the future"));
    c.keys(&[code(KeyCode::Backspace); 5]);
    c.text("13:55");
    c.keys(&[code(KeyCode::Tab)]);
    c.text("both captains asked to start early");
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert_eq!(evs.len(), 1);
    assert_eq!(c.s.round_started.unwrap().wall_ms, c.wall("13:55"));
}

#[test]
fn all_present_but_one_a_late_arrival_at_its_time_and_the_deadline_prompt() {
    let mut c = Console::new(Lang::De, 0);
    c.at = MIN;
    c.keys(&[key('s'), code(KeyCode::Enter)]);
    assert_eq!(c.s.round_started.unwrap().wall_ms, c.wall("14:01"));
    // Board 8: the away player is not there; board 7's away player neither.
    c.at = 2 * MIN;
    c.keys(&[key('8'), key('a')]);
    assert!(matches!(c.v.panel, Some(Panel::Attendance(_))));
    c.keys(&[code(KeyCode::Down), key('x')]);
    c.keys(&[key('7'), code(KeyCode::Up), code(KeyCode::Up)]);
    c.keys(&[key('x')]);
    let screen = c.screen(80, 24);
    assert!(screen.contains("fehlt"), "{screen}");
    let evs = c.keys(&[key('A')]);
    assert!(evs.is_empty(), "nothing before Enter");
    assert!(
        c.screen(80, 24)
            .contains("Alle 14 noch nicht eingetroffenen")
    );
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert_eq!(evs.len(), 14, "one arrival per player present");
    for bs in &c.s.boards {
        for team in [TeamSide::Home, TeamSide::Away] {
            let missing =
                (bs.board == BoardNo(8) || bs.board == BoardNo(7)) && team == TeamSide::Away;
            match bs.arrived(team) {
                Some(a) => {
                    assert!(!missing, "{:?} {team:?}", bs.board);
                    // at the start, not at the key press
                    assert_eq!(a.wall_ms, c.wall("14:01"));
                }
                None => assert!(missing, "{:?} {team:?}", bs.board),
            }
        }
    }
    // Board 7's away player arrives at 14:20; the arbiter enters it at 14:25.
    c.at = 25 * MIN;
    c.keys(&[code(KeyCode::Esc), key('7'), key('a')]);
    let screen = c.screen(80, 24);
    assert!(screen.contains("[14:25:00"), "{screen}");
    c.text("14:20");
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert_eq!(evs.len(), 1);
    let bs7 = c.s.board(BoardNo(7)).unwrap();
    assert_eq!(
        bs7.arrived(TeamSide::Away).unwrap().wall_ms,
        c.wall("14:20")
    );
    c.keys(&[code(KeyCode::Esc)]);
    // The deadline (14:31) passes: the prompt opens by itself and names the absent player.
    c.wait(7 * MIN);
    assert!(
        matches!(c.v.panel, Some(Panel::Deadline)),
        "{:?}",
        c.v.panel
    );
    let screen = c.screen(120, 30);
    let absent = arbiter_core::rules::lineup::shown_player(&c.m, &c.s, TeamSide::Away, BoardNo(8))
        .unwrap()
        .name
        .clone();
    assert!(screen.contains(&absent), "{screen}");
    assert!(screen.contains("Br 8:"), "{screen}");
    assert!(!screen.contains("Br 7:"), "board 7 is complete: {screen}");
    let evs = c.keys(&[code(KeyCode::Enter)]);
    assert_eq!(evs.len(), 1, "{evs:?}");
    let iv =
        c.s.interventions
            .iter()
            .find(|e| e.intervention.kind == InterventionKind::DefaultTimeExpired)
            .expect("ruled");
    assert_eq!(iv.intervention.board, Some(BoardNo(8)));
    let result =
        c.s.board(BoardNo(8))
            .unwrap()
            .result
            .as_ref()
            .map(|r| r.result);
    assert!(
        matches!(
            result,
            Some(GameResult::WhiteWinsForfeit | GameResult::BlackWinsForfeit)
        ),
        "{result:?}"
    );
    // Ruled: it does not open again.
    c.wait(MIN);
    assert!(c.v.panel.is_none());
    assert_eq!(local_hms(&c.m, c.wall("14:20")), "14:20:00");
}

#[test]
fn the_deadline_prompt_closed_stays_closed_until_o() {
    let mut c = Console::new(Lang::En, 0);
    c.keys(&[key('s'), code(KeyCode::Enter)]);
    c.wait(31 * MIN);
    assert!(matches!(c.v.panel, Some(Panel::Deadline)));
    let screen = c.screen(120, 30);
    assert!(
        screen.contains("Absent when the default time ran out"),
        "{screen}"
    );
    c.keys(&[code(KeyCode::Esc)]);
    c.wait(MIN);
    assert!(c.v.panel.is_none(), "closed for these boards");
    c.keys(&[key('o')]);
    assert!(matches!(c.v.panel, Some(Panel::Deadline)));
}

/// Issue 29: a start entered 21 minutes before the clocks actually ran is not taken without a
/// word: the screen shows both times and the distance, the first Enter records nothing, the
/// second records the start as entered.
#[test]
fn a_start_far_from_when_the_clocks_ran_is_confirmed_with_the_facts() {
    use arbiter_core::model::ClockSide;
    use arbiter_core::record::ClockSample;
    for lang in [Lang::En, Lang::De] {
        let mut c = Console::new(lang, 0);
        // Board 1's clock first runs at 14:21; the arbiter gets to the console at 14:42.
        c.at = 21 * MIN;
        let r = c.chain.append(
            c.wall0 + c.at as i64,
            MonoMs::from_base_ms(c.at),
            Origin::Feed(BoardNo(1)),
            ClockSample {
                board: BoardNo(1),
                left_ms: 90 * MIN,
                right_ms: 90 * MIN,
                running: Some(ClockSide::Left),
                left_flag: false,
                right_flag: false,
                white_side: Some(ClockSide::Left),
                left_flag_kind: None,
                right_flag_kind: None,
            }
            .into(),
            &mut c.buf,
        );
        apply(&mut c.s, &r);
        c.at = 42 * MIN;
        c.keys(&[key('s')]);
        c.keys(&[code(KeyCode::Backspace); 8]);
        c.text("14:00");
        let screen = c.screen(80, 24);
        let far = arbiter_tui::i18n::format(
            lang,
            &arbiter_core::rules::start_far_from_clocks(&c.m, &c.s, c.wall("14:00")).unwrap(),
        );
        assert!(far.contains("14:21") && far.contains("0:21:00"), "{far}");
        let head: String = far.chars().take(40).collect();
        assert!(screen.contains(&head), "{lang:?}:\n{screen}");
        assert!(c.keys(&[code(KeyCode::Enter)]).is_empty(), "asked first");
        assert!(c.s.round_started.is_none());
        let evs = c.keys(&[code(KeyCode::Enter)]);
        assert_eq!(evs.len(), 1, "{evs:?}");
        assert_eq!(c.s.round_started.unwrap().wall_ms, c.wall("14:00"));
    }
    // Within the profile's tolerance nothing is said.
    let mut c = Console::new(Lang::En, 0);
    c.at = 30_000;
    c.keys(&[key('s')]);
    assert!(arbiter_core::rules::start_far_from_clocks(&c.m, &c.s, c.wall("14:00")).is_none());
}
