//! The result form records how the game ended (issue 19, deliverable 7): what the position
//! proves is filled in (three keys), otherwise the arbiter chooses the ending; a result against
//! the position is an override with a reason, recorded beside the result.

use arbiter_core::intervention::OverrideField;
use arbiter_core::journal::Chain;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, GameResult};
use arbiter_core::record::{Ending, Event, MoveMade, Origin, ResultRecorded, SessionStarted};
use arbiter_core::state::{MatchState, apply};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_tui::fixture::demo_match;
use arbiter_tui::keymap::{self, TASKS, TaskKey};
use arbiter_tui::theme::Theme;
use arbiter_tui::view::{self, Command, ViewState};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// A session whose board 1 saw 1.f3 e5 2.g4 Qh4# (Black mates, FIDE 5.1.1).
fn mated() -> (Match, MatchState) {
    let mut m = demo_match();
    // Fool's mate at move 3: the Bundesliga's minimum move for an agreement (20) would refuse
    // the draw below before the mate is weighed (keystrokes.rs tests that refusal).
    m.profile.draw_agreement.min_move = 0;
    let mut s = MatchState::default();
    let mut chain = Chain::default();
    let mut buf = Vec::new();
    let mut push = |s: &mut MatchState, o: Origin, e: Event| {
        let r = chain.append(
            WallMs::from_unix_ms(0),
            MonoMs::from_base_ms(0),
            o,
            e,
            &mut buf,
        );
        apply(s, &r);
    };
    push(
        &mut s,
        Origin::System,
        SessionStarted::of(&m, "test".into()).into(),
    );
    for (i, (uci, san)) in [
        ("f2f3", "f3"),
        ("e7e5", "e5"),
        ("g2g4", "g4"),
        ("d8h4", "Qh4#"),
    ]
    .into_iter()
    .enumerate()
    {
        push(
            &mut s,
            Origin::Feed(BoardNo(1)),
            MoveMade {
                board: BoardNo(1),
                ply: i as u32 + 1,
                uci: uci.into(),
                san: san.into(),
                clock_ms: None,
            }
            .into(),
        );
    }
    (m, s)
}

fn press(v: &mut ViewState, m: &Match, s: &MatchState, keys: &[KeyEvent]) -> Vec<Command> {
    let mut out = Vec::new();
    for k in keys {
        let a = keymap::map(v, *k);
        out.extend(view::update(v, m, s, a, MonoMs::from_base_ms(1_000)));
    }
    // What the form showed (`proposal_shown`) is not what it recorded.
    out.retain(|c| !matches!(c, Command::Submit(Event::ProposalShown(_))));
    out
}

fn recorded(cmds: &[Command]) -> Option<&ResultRecorded> {
    match cmds {
        [Command::Submit(Event::ResultRecorded(r))] => Some(r),
        _ => None,
    }
}

#[test]
fn a_mate_on_the_board_is_recorded_with_three_keys() {
    let (m, s) = mated();
    let mut v = ViewState::new(Lang::En, Theme::monochrome());
    let t = TASKS.iter().find(|t| t.id == "task-result-proven").unwrap();
    let keys: Vec<KeyEvent> = t
        .keys
        .iter()
        .map(|k| match k {
            TaskKey::Board => key(KeyCode::Char('1')),
            TaskKey::Char(c) => key(KeyCode::Char(*c)),
            TaskKey::Enter => key(KeyCode::Enter),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(keys.len(), 3);
    let cmds = press(&mut v, &m, &s, &keys);
    let r = recorded(&cmds).unwrap_or_else(|| panic!("{cmds:?} {:?}", v.status));
    assert_eq!(
        (r.result, r.ending),
        (GameResult::BlackWins, Some(Ending::Checkmate))
    );
    assert!(r.overridden.is_empty());
}

#[test]
fn a_result_against_the_mate_needs_a_reason_and_is_recorded_as_an_override() {
    let (m, s) = mated();
    let mut v = ViewState::new(Lang::De, Theme::monochrome());
    // Board 1, result: ← from 0-1 is ½-½; the ending (mate) cannot give a draw and is cleared;
    // Tab, → chooses "draw agreed".
    let cmds = press(
        &mut v,
        &m,
        &s,
        &[
            key(KeyCode::Char('1')),
            key(KeyCode::Char('r')),
            key(KeyCode::Left),
            key(KeyCode::Tab),
            key(KeyCode::Right),
            key(KeyCode::Enter),
        ],
    );
    assert!(cmds.is_empty(), "{cmds:?}");
    let why = v.status.clone().unwrap_or_default();
    assert!(
        why.contains("Ergebnis") && why.contains("Begründung"),
        "{why}"
    );
    let mut keys = vec![key(KeyCode::Tab)];
    keys.extend(
        "Brett falsch aufgebaut"
            .chars()
            .map(|c| key(KeyCode::Char(c))),
    );
    keys.push(key(KeyCode::Enter));
    let cmds = press(&mut v, &m, &s, &keys);
    let r = recorded(&cmds).unwrap_or_else(|| panic!("{cmds:?} {:?}", v.status));
    assert_eq!(
        (r.result, r.ending),
        (GameResult::Draw, Some(Ending::Agreement))
    );
    assert_eq!(r.overridden.len(), 1);
    assert_eq!(r.overridden[0].field, OverrideField::Result);
    assert_eq!(r.overridden[0].reason, "Brett falsch aufgebaut");
}

#[test]
fn a_forfeit_result_is_its_own_ending() {
    let (m, s) = mated();
    let mut v = ViewState::new(Lang::En, Theme::monochrome());
    // Board 2 (no moves): 1-0 → ½-½ → 0-1 → +/-; the ending is the forfeit.
    let mut keys = vec![key(KeyCode::Char('2')), key(KeyCode::Char('r'))];
    keys.extend([key(KeyCode::Right); 3]);
    keys.push(key(KeyCode::Enter));
    let cmds = press(&mut v, &m, &s, &keys);
    let r = recorded(&cmds).unwrap_or_else(|| panic!("{cmds:?} {:?}", v.status));
    assert_eq!(
        (r.result, r.ending),
        (GameResult::WhiteWinsForfeit, Some(Ending::Forfeit))
    );
}
