//! The exit statuses of `arbiter`.

/// Bad input: a config error, a file that cannot be read, not a journal or report.
pub const EXIT_INPUT: u8 = 2;
/// A verification failed, or the console ended with an error.
pub const EXIT_FAILED: u8 = 1;
/// `verify`: the report is valid as signed, but the arbiter reopened it and a later version
/// supersedes it.
pub const EXIT_SUPERSEDED: u8 = 3;
