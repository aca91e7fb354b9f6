//! The keys of each kind of screen as inputs (a form, the help, the report screen): pure data,
//! below every screen that takes them. [`crate::keymap`] makes them from key events.

/// The help's pages: the keys, the tasks of the afternoon, the legend ([`crate::help`] draws them).
pub const HELP_PAGES: usize = 3;

/// Keys on the help screen: pages (keys, tasks, legend), scrolling, closing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpInput {
    NextPage,
    PrevPage,
    Up,
    Down,
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

/// Keys in the confirmation before an entry changes a signed report: the reason, Enter, Esc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReopenInput {
    Char(char),
    Backspace,
    Confirm,
    Cancel,
}
