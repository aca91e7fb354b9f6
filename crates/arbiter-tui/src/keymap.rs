//! Keys → [`Action`]s. The table [`BINDINGS`] is the single source for the help overlay.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;
use super::dialog::DialogKind;
use super::input::{FormInput, HelpInput, ReopenInput, ReportInput};
use super::report_view::{ReportView, Signing};
use super::view::{Screen, ViewState};

/// `(keys, message id of what they do)` for the help overlay, in display order; the words are
/// in the catalogue (`i18n/{de,en}/ui.ftl`).
pub const BINDINGS: &[(&str, &str)] = &[
    ("1…9 / g N ⏎", "key-select-board"),
    ("↑↓ k j PgUp/Dn", "key-navigate"),
    ("Enter / d", "key-detail"),
    ("l", "key-log"),
    ("Esc", "key-back"),
    ("i", "key-illegal"),
    ("z", "key-time-correction"),
    ("c", "key-draw-claim"),
    ("q", "key-quickplay"),
    ("A", "key-draw-agreement"),
    ("a", "key-arrived"),
    ("o / v", "key-default-time"),
    ("m", "key-game-ended"),
    ("r", "key-result"),
    ("p", "key-penalty"),
    ("f", "key-flag"),
    ("e", "key-device"),
    ("w / y / h", "key-disturbance-refusal-unable"),
    ("K / u", "key-captain-lineup"),
    ("H / V / U", "key-lineup-submit-view"),
    ("D S B C G", "key-match-procedure"),
    ("x / n / s", "key-protest-note-start"),
    ("M", "key-remark"),
    ("X / P / Y", "key-expel-resume-resign"),
    ("t", "key-clock-op"),
    ("Z", "key-clock-command"),
    ("E", "key-result-correction"),
    ("b", "key-position"),
    ("J", "key-game-mismatch"),
    ("form", "key-form"),
    ("R", "key-report"),
    ("R S 1/2/3 ⏎", "key-sign"),
    ("R E 2/3 ⏎", "key-enrol"),
    ("? / L", "key-help-lang"),
    ("Q Ctrl-C F10", "key-quit"),
];

/// One key of a task as the arbiter types it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskKey {
    /// The board's number (one digit on a match of up to 9 boards).
    Board,
    Char(char),
    Enter,
    Tab,
    Right,
    /// Typed text (ranks, a time, a passphrase, a reason): not counted as keys.
    Text,
}

impl TaskKey {
    /// How the help and docs/CONSOLE.md write the key.
    pub fn label(self) -> String {
        match self {
            TaskKey::Board => "N".into(),
            TaskKey::Char(c) => c.to_string(),
            TaskKey::Enter => "⏎".into(),
            TaskKey::Tab => "Tab".into(),
            TaskKey::Right => "→".into(),
            TaskKey::Text => "…".into(),
        }
    }
}

/// A task of the afternoon with the keys it takes: the help's task pages and the keystroke
/// budget of docs/CONSOLE.md are this table (a test types each sequence through [`map`] and
/// `view::update` and checks what it records).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    /// What the task is: a message id.
    pub id: &'static str,
    pub keys: &'static [TaskKey],
}

impl Task {
    /// The keys pressed, typed text not counted.
    pub fn count(&self) -> usize {
        self.keys.iter().filter(|k| **k != TaskKey::Text).count()
    }

    pub fn has_text(&self) -> bool {
        self.keys.contains(&TaskKey::Text)
    }

    pub fn keys_label(&self) -> String {
        self.keys
            .iter()
            .map(|k| k.label())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The afternoon in tasks, in the order of the match day.
pub const TASKS: &[Task] = {
    use TaskKey::{Board as N, Char as C, Enter as E, Right as R, Tab as T, Text as X};
    &[
        Task {
            id: "task-lineup",
            keys: &[C('H'), T, X, E],
        },
        Task {
            id: "task-start-now",
            keys: &[C('s'), E],
        },
        Task {
            id: "task-start-at",
            keys: &[C('s'), X, E],
        },
        Task {
            id: "task-all-present",
            keys: &[C('a'), C('A'), E],
        },
        Task {
            id: "task-all-present-but",
            keys: &[N, C('a'), C('x'), C('A'), E],
        },
        Task {
            id: "task-late-arrival",
            keys: &[N, C('a'), E],
        },
        Task {
            id: "task-late-arrival-at",
            keys: &[N, C('a'), X, E],
        },
        Task {
            id: "task-deadline",
            keys: &[E],
        },
        Task {
            id: "task-intervention",
            keys: &[N, C('i'), E],
        },
        Task {
            id: "task-clock-command",
            keys: &[N, C('Z'), E],
        },
        Task {
            id: "task-claim",
            keys: &[N, C('c'), E],
        },
        Task {
            id: "task-result-white",
            keys: &[N, C('r'), T, R, E],
        },
        Task {
            id: "task-result-draw",
            keys: &[N, C('r'), R, T, R, E],
        },
        Task {
            id: "task-result-clock-running",
            keys: &[N, C('r'), T, R, E, E],
        },
        Task {
            id: "task-result-proven",
            keys: &[N, C('r'), E],
        },
        Task {
            id: "task-report",
            keys: &[C('R')],
        },
        Task {
            id: "task-sign",
            keys: &[C('S'), C('1'), X, E],
        },
        Task {
            id: "task-three-signatures",
            keys: &[
                C('R'),
                C('S'),
                C('1'),
                X,
                E,
                C('S'),
                C('2'),
                X,
                E,
                C('S'),
                C('3'),
                X,
                E,
            ],
        },
    ]
};

/// What a legend entry explains: a word of the catalogue the screens show, or a sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abbrev {
    Id(&'static str),
    Sign(&'static str),
}

/// Every abbreviation and sign of the screens with its explanation (a message id): the help's
/// legend page.
pub const LEGEND: &[(Abbrev, &str)] = &[
    (Abbrev::Id("ui-board-short"), "legend-board"),
    (Abbrev::Id("ui-initial-white"), "legend-white"),
    (Abbrev::Id("ui-initial-black"), "legend-black"),
    (Abbrev::Sign("▶"), "legend-running"),
    (Abbrev::Sign("≈"), "legend-estimated"),
    (Abbrev::Id("ui-elo"), "legend-elo"),
    (Abbrev::Sign("P1"), "legend-period"),
    (Abbrev::Id("ui-illegal-short"), "legend-illegal"),
    (Abbrev::Id("ui-feed"), "legend-feed"),
    (Abbrev::Id("ui-berliner"), "legend-berliner"),
    (Abbrev::Id("ui-match-points"), "legend-match-points"),
    (Abbrev::Id("ui-provisional"), "legend-provisional"),
    (Abbrev::Sign("≠"), "legend-differs"),
    (Abbrev::Sign("½"), "legend-half"),
    (Abbrev::Sign("+0:00:00"), "legend-since-start"),
    (Abbrev::Sign("0s 12m 2h"), "legend-age"),
    (Abbrev::Sign("MF"), "legend-captain"),
    (Abbrev::Sign("∅"), "legend-absent-mark"),
    (Abbrev::Sign("»"), "legend-late-mark"),
    (Abbrev::Sign("+2"), "legend-more-alerts"),
];

/// A key on the report screen, by the step of the signing flow.
fn report_key(r: &ReportView, code: KeyCode) -> ReportInput {
    use KeyCode as K;
    match (&r.signing, code) {
        (Signing::Passphrase { .. } | Signing::EnrolPassphrase(..), K::Char(c)) => {
            ReportInput::Char(c)
        }
        (Signing::Passphrase { .. } | Signing::EnrolPassphrase(..), K::Backspace) => {
            ReportInput::Backspace
        }
        (Signing::Passphrase { .. } | Signing::EnrolPassphrase(..), K::Enter) => {
            ReportInput::Submit
        }
        (Signing::Passphrase { .. }, K::Tab | K::BackTab) => ReportInput::Tab,
        (Signing::ChooseRole, K::Char(c @ '1'..='3')) => ReportInput::Signer(c as u8 - b'0'),
        (Signing::EnrolRole, K::Char(c @ '2'..='3')) => ReportInput::Signer(c as u8 - b'0'),
        (Signing::Idle, K::Char('S' | 's')) => ReportInput::Sign,
        (Signing::Idle, K::Char('E' | 'e')) => ReportInput::Enrol,
        (Signing::Idle, K::Char('L')) => ReportInput::Lang,
        (Signing::Idle, K::Up | K::Char('k')) => ReportInput::Up,
        (Signing::Idle, K::Down | K::Char('j')) => ReportInput::Down,
        (Signing::Idle, K::PageUp) => ReportInput::PageUp,
        (Signing::Idle, K::PageDown) => ReportInput::PageDown,
        (_, K::Esc) | (Signing::Idle, K::Char('R')) => ReportInput::Close,
        _ => ReportInput::Ignored,
    }
}

/// Maps a key to an action in the current view.
pub fn map(view: &ViewState, key: KeyEvent) -> Action {
    use KeyCode as K;
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if view.quit_confirm {
        return match key.code {
            K::Char('y' | 'Y' | 'j' | 'J') | K::Enter => Action::QuitYes,
            _ => Action::QuitNo,
        };
    }
    if ctrl && matches!(key.code, K::Char('c')) || key.code == K::F(10) {
        return Action::Quit;
    }
    // The confirmation before a signed report changes comes first: it holds an entry.
    if view.reopen.is_some() {
        return Action::Reopen(match key.code {
            K::Char(c) => ReopenInput::Char(c),
            K::Backspace => ReopenInput::Backspace,
            K::Enter => ReopenInput::Confirm,
            K::Esc => ReopenInput::Cancel,
            _ => return Action::None,
        });
    }
    if view.help {
        return match key.code {
            K::Tab | K::Right | K::PageDown | K::Char(' ') => Action::HelpKey(HelpInput::NextPage),
            K::BackTab | K::Left | K::PageUp => Action::HelpKey(HelpInput::PrevPage),
            K::Down | K::Char('j') => Action::HelpKey(HelpInput::Down),
            K::Up | K::Char('k') => Action::HelpKey(HelpInput::Up),
            _ => Action::CloseHelp,
        };
    }
    if let Some(r) = &view.report {
        return Action::Report(report_key(r, key.code));
    }
    if view.lineup_form.is_some() {
        return form_input(key.code, ctrl, true).map_or(Action::None, Action::LineupForm);
    }
    if view.panel.is_some() {
        // The afternoon's screens have no values to step through with ← →.
        return form_input(key.code, ctrl, false).map_or(Action::None, Action::Panel);
    }
    if view.dialog.is_some() {
        return form_input(key.code, ctrl, true).map_or(Action::None, Action::Form);
    }
    if view.clock_command.is_some() {
        return match key.code {
            K::Enter => Action::ClockCommand(true),
            K::Esc => Action::ClockCommand(false),
            _ => Action::None,
        };
    }
    if view.goto.is_some() {
        return match key.code {
            K::Char(c) if c.is_ascii_digit() => Action::GotoChar(c),
            K::Backspace => Action::GotoBackspace,
            K::Enter => Action::GotoEnter,
            _ => Action::GotoCancel,
        };
    }
    match key.code {
        K::Char(c @ '1'..='9') => Action::Digit(c as u8 - b'0'),
        K::Char('0') => Action::Digit(0),
        K::Char('g') => Action::GotoStart,
        K::Up | K::Char('k') => Action::Up,
        K::Down | K::Char('j') => Action::Down,
        K::PageUp => Action::PageUp,
        K::PageDown => Action::PageDown,
        K::Home => Action::Home,
        K::End => Action::End,
        K::Enter | K::Char('d') => Action::OpenDetail,
        K::Char('l') => Action::OpenLog,
        K::Esc => Action::Back,
        K::Char('?') | K::F(1) => Action::Help,
        K::Char('Q') => Action::Quit,
        K::Char('R') => Action::OpenReport,
        K::Char('L') => Action::ToggleLang,
        K::Char('H') => Action::OpenLineup(super::lineup_form::LineupMode::Submit),
        K::Char('V') => Action::OpenLineup(super::lineup_form::LineupMode::View),
        K::Char('U') => Action::OpenLineup(super::lineup_form::LineupMode::Change),
        K::Char('s') => Action::OpenStart,
        K::Char('a') => Action::OpenAttendance,
        K::Char('o') => Action::OpenDeadline,
        K::Char('Z') => Action::OpenClockCommand,
        K::Char(c) => match DialogKind::for_key(c) {
            Some(kind) if view.screen != Screen::Log || c != '0' => Action::Intervene(kind),
            _ => Action::None,
        },
        _ => Action::None,
    }
}

/// The keystroke budget as a Markdown table (docs/CONSOLE.md, "Keystroke budget"), from
/// [`TASKS`] and, for the interventions, from each form's key ([`DialogKind::key`]).
pub fn task_table(lang: arbiter_core::matchfile::Lang) -> String {
    let t = |id: &str| super::i18n::text(lang, id);
    let mut out = String::from("| Task | Keys | Count |\n|---|---|---|\n");
    let row = |out: &mut String, what: &str, keys: &str, n: usize, text: bool| {
        let plus = if text { " + text" } else { "" };
        out.push_str(&format!("| {what} | `{keys}` | {n}{plus} |\n"));
    };
    for task in TASKS {
        row(
            &mut out,
            &t(task.id),
            &task.keys_label(),
            task.count(),
            task.has_text(),
        );
    }
    for kind in intervention_forms() {
        let keys = intervention_keys(kind);
        let n = keys.split(' ').count();
        row(&mut out, &kind.title(lang), &keys, n, false);
    }
    out
}

/// The forms that ask the rules (the interventions), each opened by its own key on the main
/// screen (the start, the arrivals and the expired default time have their own screens:
/// [`TASKS`]).
pub fn intervention_forms() -> impl Iterator<Item = DialogKind> {
    DialogKind::ALL
        .into_iter()
        .filter(|k| k.ruled() && !matches!(k.key(), 's' | 'a' | 'o'))
}

/// An intervention's keys: the board (where the form is about one), its key, Enter.
pub fn intervention_keys(kind: DialogKind) -> String {
    if kind.needs_board() {
        format!("N {} ⏎", kind.key())
    } else {
        format!("{} ⏎", kind.key())
    }
}

/// A key in a form, the lineup form or an afternoon screen; `arrows`: ← → step a value.
fn form_input(code: KeyCode, ctrl: bool, arrows: bool) -> Option<FormInput> {
    use KeyCode as K;
    Some(match code {
        K::Enter => FormInput::Confirm,
        K::Esc => FormInput::Cancel,
        K::Down | K::Tab => FormInput::NextField,
        K::Up | K::BackTab => FormInput::PrevField,
        K::Right if arrows => FormInput::Increase,
        K::Left if arrows => FormInput::Decrease,
        K::Backspace => FormInput::Backspace,
        K::Char(c) if !ctrl => FormInput::Char(c),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::BINDINGS;
    use crate::dialog::DialogKind;

    /// The single letters the help lists for each entry of the main screen (the report
    /// screen's sequences after `R` and the board number `N` after `g` are other contexts).
    fn listed() -> Vec<(char, &'static str)> {
        BINDINGS
            .iter()
            .filter(|(_, id)| !matches!(*id, "key-sign" | "key-enrol" | "key-select-board"))
            .flat_map(|(keys, id)| {
                keys.split([' ', '/'])
                    .filter(|w| w.chars().count() == 1)
                    .filter_map(|w| w.chars().next())
                    .filter(|c| c.is_ascii_alphabetic())
                    .map(move |c| (c, *id))
            })
            .collect()
    }

    #[test]
    fn the_help_lists_every_form_key_once() {
        let listed = listed();
        for kind in DialogKind::ALL {
            let n = listed.iter().filter(|(c, _)| *c == kind.key()).count();
            assert!(n >= 1, "{kind:?} (key {}) is not in the help", kind.key());
        }
        // No letter stands for two different things in the help.
        for (c, id) in &listed {
            let other = listed.iter().find(|(d, j)| d == c && j != id);
            assert!(other.is_none(), "{c} is listed for {id} and {other:?}");
        }
    }

    #[test]
    fn no_two_forms_share_a_key() {
        for a in DialogKind::ALL {
            for b in DialogKind::ALL {
                assert!(
                    a == b || a.key() != b.key(),
                    "{a:?} and {b:?} share {}",
                    a.key()
                );
            }
        }
    }
}
