//! Keys → [`Action`]s. The table [`BINDINGS`] is the single source for the help overlay.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::dialog::DialogKind;
use super::report_view::{ReportView, Signing};
use super::view::{Screen, ViewState};

/// What a key asks for. Pure data: [`super::view::update`] carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    None,
    /// Ask to quit (opens the confirmation).
    Quit,
    QuitYes,
    QuitNo,
    Help,
    CloseHelp,
    Back,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    /// A board digit 1–9 (on the log screen: filter by it; 0 = all boards).
    Digit(u8),
    GotoStart,
    GotoChar(char),
    GotoBackspace,
    GotoEnter,
    GotoCancel,
    OpenDetail,
    OpenLog,
    ToggleLang,
    Intervene(DialogKind),
    Form(FormInput),
    /// `R`: open the report screen.
    OpenReport,
    /// A key on the report screen.
    Report(ReportInput),
    /// `H`: a captain hands in the lineup; `V`: a captain asks to see the other lineup.
    OpenLineup(super::lineup_form::LineupMode),
    /// A key in the lineup form.
    LineupForm(FormInput),
}

/// Keys on the report screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportInput {
    /// Esc or `R`: close the report screen (or cancel the signing step).
    Close,
    /// `S`: start signing.
    Sign,
    /// `1`, `2`, `3`: the signer (arbiter, home captain, away captain).
    Signer(u8),
    /// `E`: enrol a captain's key.
    Enrol,
    /// A character of the passphrase (or of the remark).
    Char(char),
    Backspace,
    /// Tab: between the passphrase and the remark.
    Tab,
    /// Enter: sign (or enrol) with the passphrase typed.
    Submit,
    Up,
    Down,
    PageUp,
    PageDown,
    /// A key the report screen does not use in this step.
    Ignored,
}

/// Keys inside an open intervention form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormInput {
    Confirm,
    Cancel,
    NextField,
    PrevField,
    Increase,
    Decrease,
    Char(char),
    Backspace,
}

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
    ("t", "key-clock-op"),
    ("E", "key-result-correction"),
    ("b", "key-position"),
    ("form", "key-form"),
    ("R", "key-report"),
    ("R S 1/2/3 ⏎", "key-sign"),
    ("R E 2/3 ⏎", "key-enrol"),
    ("? / L", "key-help-lang"),
    ("Q Ctrl-C F10", "key-quit"),
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
    if view.help {
        return Action::CloseHelp;
    }
    if let Some(r) = &view.report {
        return Action::Report(report_key(r, key.code));
    }
    if view.lineup_form.is_some() {
        return Action::LineupForm(match key.code {
            K::Enter => FormInput::Confirm,
            K::Esc => FormInput::Cancel,
            K::Down | K::Tab => FormInput::NextField,
            K::Up | K::BackTab => FormInput::PrevField,
            K::Right => FormInput::Increase,
            K::Left => FormInput::Decrease,
            K::Backspace => FormInput::Backspace,
            K::Char(c) if !ctrl => FormInput::Char(c),
            _ => return Action::None,
        });
    }
    if view.dialog.is_some() {
        return Action::Form(match key.code {
            K::Enter => FormInput::Confirm,
            K::Esc => FormInput::Cancel,
            K::Down | K::Tab => FormInput::NextField,
            K::Up | K::BackTab => FormInput::PrevField,
            K::Right => FormInput::Increase,
            K::Left => FormInput::Decrease,
            K::Backspace => FormInput::Backspace,
            K::Char(c) if !ctrl => FormInput::Char(c),
            _ => return Action::None,
        });
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
        K::Char(c) => match DialogKind::for_key(c) {
            Some(kind) if view.screen != Screen::Log || c != '0' => Action::Intervene(kind),
            _ => Action::None,
        },
        _ => Action::None,
    }
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
