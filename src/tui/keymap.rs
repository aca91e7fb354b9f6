//! Keys → [`Action`]s. The table [`BINDINGS`] is the single source for the help overlay.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::dialog::DialogKind;
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
        "match report: signatures (S, then 1 / 2 / 3 and the passphrase)",
        "Spielbericht: Unterschriften (S, dann 1 / 2 / 3 und die Passphrase)",
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
        K::Char('L') => Action::ToggleLang,
        K::Char(c) => match DialogKind::for_key(c) {
            Some(kind) if view.screen != Screen::Log || c != '0' => Action::Intervene(kind),
            _ => Action::None,
        },
        _ => Action::None,
    }
}
