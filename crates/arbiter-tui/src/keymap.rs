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

/// `(keys, English, German)` for the help overlay, in display order.
pub const BINDINGS: &[(&str, &str, &str)] = &[
    (
        "1…9 / g N ⏎",
        "select a board / go to board N (more than 9)",
        "Brett wählen / zu Brett N (mehr als 9)",
    ),
    (
        "↑↓ k j PgUp/Dn",
        "select a board, scroll, page",
        "Brett wählen, blättern, Seite",
    ),
    ("Enter / d", "board detail", "Brettansicht"),
    (
        "l",
        "incident log (1…9: filter by board, 0: all)",
        "Ereignisprotokoll (1…9: Filter Brett, 0: alle)",
    ),
    ("Esc", "back / cancel", "zurück / abbrechen"),
    ("i", "illegal move", "regelwidriger Zug"),
    ("z", "time correction", "Zeitkorrektur"),
    ("c", "draw claim", "Remisreklamation"),
    ("q", "quickplay-finish claim", "Endspurt-Reklamation"),
    ("a", "player arrived", "Spieler eingetroffen"),
    (
        "o / v",
        "default time expired / start delayed by a team",
        "Karenzzeit abgelaufen / verspäteter Beginn",
    ),
    (
        "m",
        "game ended (mate, stalemate, draw rules)",
        "Partieende (Matt, Patt, Remisregeln)",
    ),
    ("r", "result", "Ergebnis"),
    ("p", "penalty", "Strafe"),
    ("f", "flag fall", "Zeitüberschreitung"),
    ("e", "electronic device", "elektronisches Gerät"),
    (
        "K / u",
        "captain's advice / lineup irregularity",
        "Rat des Mannschaftsführers / Aufstellungsfehler",
    ),
    (
        "x / n / s",
        "protest / note / start the round",
        "Protest / Notiz / Runde starten",
    ),
    (
        "form",
        "↑↓ field · ←→ value · Enter confirm · Esc cancel",
        "↑↓ Feld · ←→ Wert · Enter bestätigen · Esc abbrechen",
    ),
    (
        "R",
        "match report (↑↓ PgUp/PgDn scroll · Esc or R back)",
        "Spielbericht (↑↓ PgUp/PgDn blättern · Esc oder R zurück)",
    ),
    (
        "R S 1/2/3 ⏎",
        "sign the report: S, the signer (1 arbiter, 2 home captain, 3 away captain), the passphrase, Tab for a remark (e.g. under protest), Enter",
        "Bericht unterschreiben: S, wer (1 Schiedsrichter, 2 MF Heim, 3 MF Gast), Passphrase, Tab für einen Vermerk (z. B. unter Protest), Enter",
    ),
    (
        "R E 2/3 ⏎",
        "enrol a captain's key when the lineup is handed in: E, 2 home or 3 away captain, the captain's passphrase, Enter",
        "Schlüssel eines MF bei Abgabe der Aufstellung hinterlegen: E, 2 MF Heim oder 3 MF Gast, Passphrase des MF, Enter",
    ),
    (
        "? / L",
        "this help / language Deutsch-English",
        "diese Hilfe / Sprache Deutsch-English",
    ),
    (
        "Q Ctrl-C F10",
        "quit (asks for confirmation)",
        "beenden (mit Rückfrage)",
    ),
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
        K::Char(c) => match DialogKind::for_key(c) {
            Some(kind) if view.screen != Screen::Log || c != '0' => Action::Intervene(kind),
            _ => Action::None,
        },
        _ => Action::None,
    }
}
