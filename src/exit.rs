//! The exit statuses of `arbiter`.

/// Bad input: a config error, a file that cannot be read, not a journal or report.
pub const EXIT_INPUT: u8 = 2;
/// A verification failed, or the console ended with an error.
pub const EXIT_FAILED: u8 = 1;
