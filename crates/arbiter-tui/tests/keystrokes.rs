//! The keystroke budget (issue 19, deliverable 8): every task of the afternoon in
//! `keymap::TASKS` is typed key by key through `keymap::map` and `view::update` and must
//! record what it says; every intervention opens with its key and records with Enter (three
//! keys with the board); docs/CONSOLE.md carries the same table.

use arbiter_core::intervention::InterventionKind;
use arbiter_core::journal::Chain;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, GameResult, TeamSide};
use arbiter_core::record::{Ending, Event, Origin, SessionStarted};
use arbiter_core::signature::Role;
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_tui::fixture::{NOW, demo_match, situation};
use arbiter_tui::keymap::{self, TASKS, Task, TaskKey};
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const MIN: u64 = 60_000;

/// A console with a journal, as the shell runs it.
struct Console {
    m: Match,
    s: MatchState,
    v: ViewState,
    chain: Chain,
    buf: Vec<u8>,
    wall0: WallMs,
    at: u64,
}

impl Console {
    fn new() -> Console {
        let m = demo_match();
        let mut c = Console {
            s: MatchState::default(),
            v: ViewState::new(Lang::En, Theme::monochrome()),
            chain: Chain::default(),
            buf: Vec::new(),
            // 13:45: the lineups are handed in before the start.
            wall0: WallMs::from_datetime(&m.scheduled_start) - 15 * MIN as i64,
            at: 0,
            m,
        };
        c.journal(SessionStarted::of(&c.m, "test".into()).into());
        c
    }

    fn journal(&mut self, ev: Event) {
        let r = self.chain.append(
            self.wall0 + self.at as i64,
            MonoMs::from_base_ms(self.at),
            Origin::Arbiter,
            ev,
            &mut self.buf,
        );
        apply(&mut self.s, &r);
    }

    /// Types the task's keys (board `board`, `text` for typed text); returns the commands.
    fn task(&mut self, t: &Task, board: char, text: &str) -> Vec<Command> {
        let mut out = Vec::new();
        for k in t.keys {
            let keys: Vec<KeyEvent> = match k {
                TaskKey::Board => vec![ch(board)],
                TaskKey::Char(c) => vec![ch(*c)],
                TaskKey::Enter => vec![code(KeyCode::Enter)],
                TaskKey::Tab => vec![code(KeyCode::Tab)],
                TaskKey::Right => vec![code(KeyCode::Right)],
                TaskKey::Text => text.chars().map(ch).collect(),
            };
            for key in keys {
                let a = keymap::map(&self.v, key);
                if let Some(cmd) = view::update(
                    &mut self.v,
                    &self.m,
                    &self.s,
                    a,
                    MonoMs::from_base_ms(self.at),
                ) {
                    let evs = match &cmd {
                        Command::Submit(ev) => vec![ev.clone()],
                        Command::SubmitAll(evs) => evs.clone(),
                        _ => Vec::new(),
                    };
                    for ev in evs {
                        self.journal(ev);
                    }
                    out.push(cmd);
                }
            }
        }
        out
    }
}

fn ch(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn code(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

fn task(id: &str) -> &'static Task {
    TASKS.iter().find(|t| t.id == id).expect(id)
}

/// The events recorded (what the forms showed, `proposal_shown`, left out).
fn events(cmds: &[Command]) -> Vec<Event> {
    cmds.iter()
        .flat_map(|c| match c {
            Command::Submit(ev) => vec![ev.clone()],
            Command::SubmitAll(evs) => evs.clone(),
            _ => Vec::new(),
        })
        .filter(|e| !matches!(e, Event::ProposalShown(_)))
        .collect()
}

/// Both lineups in, the round started at 14:00.
fn started() -> Console {
    let mut c = Console::new();
    c.task(task("task-lineup"), '1', "1 2 3 4 5 6 7 9");
    c.task(task("task-lineup"), '1', "1 2 3 4 5 6 7 8");
    c.at = 15 * MIN;
    c.task(task("task-start-now"), '1', "");
    c
}

#[test]
fn the_lineups_and_the_start() {
    let mut c = Console::new();
    let home = c.task(task("task-lineup"), '1', "1 2 3 4 5 6 7 9");
    let away = c.task(task("task-lineup"), '1', "1 2 3 4 5 6 7 8");
    assert_eq!(events(&home).len(), 1, "{home:?}");
    assert_eq!(events(&away).len(), 1, "{away:?}");
    assert!(c.s.lineup(TeamSide::Home).is_some() && c.s.lineup(TeamSide::Away).is_some());
    assert!(c.s.lineups_complete());
    // 14:03 at the console; the clocks were started at 14:00.
    c.at = 18 * MIN;
    let start = c.task(task("task-start-at"), '1', "14:00");
    let at = WallMs::from_datetime(&c.m.scheduled_start);
    assert!(matches!(&events(&start)[..], [Event::RoundStarted(r)] if r.at == Some(at)));
    assert_eq!(c.s.round_started.unwrap().wall_ms, at);
    let mut c = Console::new();
    c.at = 15 * MIN;
    let start = c.task(task("task-start-now"), '1', "");
    assert!(matches!(&events(&start)[..], [Event::RoundStarted(r)] if r.at.is_none()));
}

#[test]
fn attendance_late_arrivals_and_the_deadline() {
    let mut c = started();
    let all = c.task(task("task-all-present"), '1', "");
    assert_eq!(events(&all).len(), 16);
    let mut c = started();
    let but = c.task(task("task-all-present-but"), '8', "");
    assert_eq!(events(&but).len(), 15);
    let b8 = c.s.board(BoardNo(8)).unwrap();
    assert!(b8.arrived(TeamSide::Home).is_none() && b8.arrived(TeamSide::Away).is_some());
    c.at = 25 * MIN;
    let late = c.task(task("task-late-arrival-at"), '8', "14:07");
    let at = WallMs::from_datetime(&c.m.scheduled_start) + 7 * MIN as i64;
    assert!(
        matches!(&events(&late)[..], [Event::PlayerArrived(p)] if p.board == BoardNo(8) && p.team == TeamSide::Home && p.at == Some(at))
    );
    assert_eq!(
        c.s.board(BoardNo(8))
            .unwrap()
            .arrived(TeamSide::Home)
            .unwrap()
            .wall_ms,
        at
    );
    // A late arrival now; then the deadline with one player absent.
    let mut c = started();
    c.task(task("task-all-present-but"), '8', "");
    c.at = 20 * MIN;
    // Board 7 is complete: the attendance view starts on its home player, already recorded;
    // Enter says so and records nothing.
    let again = c.task(task("task-late-arrival"), '7', "");
    assert!(events(&again).is_empty(), "{again:?}");
    let screen =
        arbiter_tui::render_to_string(&c.m, &c.s, &c.v, MonoMs::from_base_ms(c.at), 100, 30);
    assert!(screen.contains("already arrived at 14:00:00"), "{screen}");
    let esc = keymap::map(&c.v, code(KeyCode::Esc));
    assert!(view::update(&mut c.v, &c.m, &c.s, esc, MonoMs::from_base_ms(c.at)).is_none());
    assert!(c.v.panel.is_none());
    let b7 =
        c.s.board(BoardNo(7))
            .unwrap()
            .arrived(TeamSide::Home)
            .unwrap();
    assert_eq!(b7.wall_ms, WallMs::from_datetime(&c.m.scheduled_start));
    c.at = 46 * MIN;
    c.journal(Event::Note(arbiter_core::record::Note {
        board: None,
        text: "tick".into(),
        witnesses: Vec::new(),
    }));
    assert!(view::tick(&mut c.v, &c.m, &c.s, MonoMs::from_base_ms(c.at)));
    let deadline = c.task(task("task-deadline"), '1', "");
    let evs = events(&deadline);
    assert!(
        matches!(&evs[..], [Event::Intervention(iv)] if iv.board == Some(BoardNo(8)) && iv.kind == InterventionKind::DefaultTimeExpired),
        "{evs:?}"
    );
}

#[test]
fn interventions_claims_results_report_and_signatures() {
    let m = demo_match();
    let s = situation(&m, 8);
    let fresh = || Console {
        m: m.clone(),
        s: s.clone(),
        v: ViewState::new(Lang::En, Theme::monochrome()),
        chain: Chain::default(),
        buf: Vec::new(),
        wall0: WallMs::UNIX_EPOCH,
        at: NOW - MonoMs::ORIGIN,
    };
    let iv = fresh().task(task("task-intervention"), '2', "");
    assert!(
        matches!(&events(&iv)[..], [Event::Intervention(_)]),
        "{iv:?}"
    );
    let claim = fresh().task(task("task-claim"), '1', "");
    assert!(
        matches!(&events(&claim)[..], [Event::Intervention(i)] if matches!(i.kind, InterventionKind::DrawClaim { .. })),
        "{claim:?}"
    );
    // A result is entered once the players have stopped the clock; while it runs, Enter asks
    // first (issue 19: a result while the clock runs asks for confirmation).
    let stopped = || {
        let mut c = fresh();
        let mut sample =
            c.s.board(BoardNo(1))
                .and_then(|b| b.clock)
                .expect("a clock");
        sample.running = None;
        c.journal(Event::ClockSample(sample));
        c
    };
    let r = stopped().task(task("task-result-white"), '1', "");
    assert!(
        matches!(&events(&r)[..], [Event::ResultRecorded(r)]
            if r.result == GameResult::WhiteWins && r.ending == Some(Ending::Resignation)),
        "{r:?}"
    );
    // A draw by agreement through the result form before the Bundesliga's move 20 is refused
    // as the agreement form refuses it (issue 28): nothing recorded, the footer says why.
    let mut early = stopped();
    let r = early.task(task("task-result-draw"), '1', "");
    assert!(events(&r).is_empty(), "{r:?}");
    assert!(
        early.v.status.as_deref().is_some_and(|t| t.contains("20")),
        "{:?}",
        early.v.status
    );
    // Under regulations with no minimum move it is recorded in the same keys.
    let mut c = stopped();
    c.m.profile.draw_agreement.min_move = 0;
    let board = '1';
    let r = c.task(task("task-result-draw"), board, "");
    assert!(
        matches!(&events(&r)[..], [Event::ResultRecorded(r)]
            if r.result == GameResult::Draw && r.ending == Some(Ending::Agreement)),
        "{r:?}"
    );
    let r = fresh().task(task("task-result-clock-running"), '1', "");
    assert!(
        matches!(&events(&r)[..], [Event::ResultRecorded(r)] if r.result == GameResult::WhiteWins),
        "{r:?}"
    );
    // Without an ending chosen, Enter says what is missing and records nothing.
    let mut c = stopped();
    let r = c.task(
        &Task {
            id: "result-without-ending",
            keys: &[TaskKey::Board, TaskKey::Char('r'), TaskKey::Enter],
        },
        '1',
        "",
    );
    assert!(events(&r).is_empty(), "{r:?}");
    assert!(
        c.v.status
            .as_deref()
            .unwrap_or("")
            .contains("How did the game end"),
        "{:?}",
        c.v.status
    );
    // Without the second Enter, nothing is recorded.
    let r = fresh().task(task("task-result-white"), '1', "");
    assert!(events(&r).is_empty(), "{r:?}");
    let rep = fresh().task(task("task-report"), '1', "");
    assert_eq!(rep, vec![Command::LoadReport]);
    let mut c = fresh();
    let signs = c.task(task("task-three-signatures"), '1', "secret");
    let roles: Vec<Role> = signs
        .iter()
        .filter_map(|c| match c {
            Command::SignReport {
                role, passphrase, ..
            } => {
                assert_eq!(passphrase.as_str(), "secret");
                Some(*role)
            }
            _ => None,
        })
        .collect();
    assert_eq!(roles, Role::ALL.to_vec());
    assert_eq!(task("task-three-signatures").count(), 10);
}

/// Every intervention opens with one key and records with Enter: three keys with the board,
/// plus whatever the rules ask the arbiter to give (an amount, a decision's option, basis and
/// reason): then Enter says what is missing and the form stays open.
#[test]
fn every_intervention_is_three_keys_plus_text() {
    let m = demo_match();
    let s = situation(&m, 8);
    for kind in keymap::intervention_forms() {
        let keys = keymap::intervention_keys(kind);
        assert!(keys.split(' ').count() <= 3, "{kind:?}: {keys}");
        let mut v = ViewState::new(Lang::En, Theme::monochrome());
        let mut cmds = Vec::new();
        for k in [ch('2'), ch(kind.key())] {
            let a = keymap::map(&v, k);
            cmds.extend(view::update(&mut v, &m, &s, a, NOW));
        }
        if v.dialog.is_none() && v.panel.is_none() {
            // Not offered here: the footer says why (what the rules refuse is not opened).
            assert!(v.status.is_some(), "{kind:?}: neither opened nor refused");
            continue;
        }
        let a = keymap::map(&v, code(KeyCode::Enter));
        cmds.extend(view::update(&mut v, &m, &s, a, NOW));
        // What the form showed is journaled too (`proposal_shown`); the entry is the rest.
        cmds.retain(|c| !matches!(c, Command::Submit(Event::ProposalShown(_))));
        let recorded = matches!(&cmds[..], [Command::Submit(_)]);
        // Not recorded: Enter said what is missing.
        let asks = cmds.is_empty() && v.status.is_some();
        assert!(
            recorded || asks,
            "{kind:?}: neither recorded nor asking for an entry: {cmds:?} {:?}",
            v.status
        );
    }
}

/// Sending a ruling's times to the clock: board, Z, Enter gives the shell the times of
/// `status::clock_to_set` (the shell journals the record, then sends); Z where nothing is
/// pending opens nothing.
#[test]
fn a_ruling_sent_to_the_clock_in_three_keys() {
    use arbiter_core::model::Color;
    let mut m = demo_match();
    m.file.clock_commands = vec![2];
    let s = situation(&m, 8);
    let mut c = Console {
        m,
        s,
        v: ViewState::new(Lang::En, Theme::monochrome()),
        chain: Chain::default(),
        buf: Vec::new(),
        wall0: WallMs::UNIX_EPOCH,
        at: NOW - MonoMs::ORIGIN,
    };
    let none = c.task(task("task-clock-command"), '2', "");
    assert!(none.is_empty(), "{none:?}");
    arbiter_tui::fixture::ruling_to_set(
        &c.m,
        &mut c.s,
        BoardNo(2),
        Color::Black,
        -60_000,
        MonoMs::from_base_ms(c.at),
    );
    let set =
        arbiter_core::status::clock_to_set(&c.m, &c.s, BoardNo(2), MonoMs::from_base_ms(c.at))
            .unwrap();
    let sent = c.task(task("task-clock-command"), '2', "");
    assert_eq!(sent, vec![Command::SendClock(set)]);
}

#[test]
fn the_afternoon_tasks_keep_their_budget() {
    for t in TASKS {
        let budget = match t.id {
            "task-three-signatures" => 10,
            "task-all-present-but" => 5,
            // The result and how the game ended (issue 19, deliverable 7): Tab and → choose the
            // ending the report names (resignation, draw agreed); none is guessed. Where the
            // position proves it, `task-result-proven` keeps three keys.
            "task-result-white" => 5,
            "task-result-draw" | "task-result-clock-running" => 6,
            "task-late-arrival-at" | "task-sign" | "task-lineup" => 4,
            _ => 3,
        };
        assert!(t.count() <= budget, "{}: {} keys", t.id, t.count());
    }
}

#[test]
fn docs_console_md_has_the_table_of_the_keymap() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/CONSOLE.md"
    ))
    .expect("docs/CONSOLE.md");
    let table = keymap::task_table(Lang::En);
    assert!(
        doc.contains(&table),
        "docs/CONSOLE.md does not carry the keystroke table of the keymap; it is:\n{table}"
    );
}

/// Issue 29: every key the report screen lists does something there; `L` switches the
/// report's language (the shell builds its lines again), as the footer says.
#[test]
fn every_key_the_report_screen_lists_does_something_there() {
    use arbiter_tui::action::Action;
    use arbiter_tui::input::ReportInput;
    use arbiter_tui::report_view::ReportView;
    let m = demo_match();
    let s = situation(&m, 8);
    for lang in [Lang::En, Lang::De] {
        let mut v = ViewState::new(lang, Theme::monochrome());
        v.report = Some(ReportView::default());
        let listed = arbiter_tui::i18n::text(lang, "report-view-keys");
        for (shown, code) in [
            ("S ", KeyCode::Char('S')),
            ("E ", KeyCode::Char('E')),
            ("↑↓", KeyCode::Up),
            ("↑↓", KeyCode::Down),
            ("PgUp", KeyCode::PageUp),
            ("PgDn", KeyCode::PageDown),
            ("L ", KeyCode::Char('L')),
            ("Esc", KeyCode::Esc),
        ] {
            assert!(listed.contains(shown), "{shown:?} not in {listed:?}");
            let a = keymap::map(&v, KeyEvent::new(code, KeyModifiers::NONE));
            assert!(
                !matches!(a, Action::Report(ReportInput::Ignored)),
                "{shown:?} does nothing on the report screen"
            );
        }
        let a = keymap::map(&v, KeyEvent::new(KeyCode::Char('L'), KeyModifiers::NONE));
        let cmd = view::update(&mut v, &m, &s, a, NOW);
        assert!(matches!(cmd, Some(Command::LoadReport)), "{cmd:?}");
        assert_eq!(v.lang, lang.other());
        assert!(v.report.as_ref().is_some_and(|r| r.busy));
    }
}
