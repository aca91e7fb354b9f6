//! The keys the tests type, as a terminal sends them (the in-process harness and the
//! pseudo-terminal harness read the same).

pub const ENTER: &str = "\r";
pub const TAB: &str = "\t";
pub const ESC: &str = "\x1b";
pub const UP: &str = "\x1b[A";
pub const DOWN: &str = "\x1b[B";
pub const RIGHT: &str = "\x1b[C";
pub const LEFT: &str = "\x1b[D";
