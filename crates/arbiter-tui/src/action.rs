//! What a key asks for: [`Action`], made by [`crate::keymap::map`], carried out by
//! [`crate::view::update`].

use super::dialog::DialogKind;
use super::input::{FormInput, HelpInput, ReopenInput, ReportInput};
use super::lineup_form::LineupMode;

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
    OpenLineup(LineupMode),
    /// A key in the lineup form.
    LineupForm(FormInput),
    /// `s`: the start screen.
    OpenStart,
    /// `a`: the attendance view (at the selected board).
    OpenAttendance,
    /// `o`: the prompt of the expired default time (the board's form where nobody is absent).
    OpenDeadline,
    /// A key in the start screen, the attendance view or the deadline prompt.
    Panel(FormInput),
    /// A key on the help screen.
    HelpKey(HelpInput),
    /// `Z`: send the rulings' times to the selected board's clock (opens the confirmation).
    OpenClockCommand,
    /// In the confirmation: Enter sends (`true`), Esc cancels (`false`).
    ClockCommand(bool),
    /// A key in the confirmation before an entry changes a signed report.
    Reopen(ReopenInput),
}
