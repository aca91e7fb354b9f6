//! Standard output for commands that print results (`check`, `verify`, `replay --at`, …), so
//! that a closed pipe (`arbiter check … | head -1`) ends the program quietly instead of with a
//! panic: [`restore_sigpipe`] gives SIGPIPE its default action back (Rust ignores it, and then
//! `println!` panics on a closed pipe), so the program ends as any Unix tool does (status 141 in
//! the shell); [`out`] also ends quietly (status 141) if a write fails with a broken pipe.

use std::io::Write as _;

/// The exit status of a program ended by SIGPIPE, as the shell reports it.
pub const EXIT_SIGPIPE: i32 = 128 + 13;

/// Gives SIGPIPE its default action back, for the commands that print to stdout and may be
/// piped into `head`. Not for the console and the simulator, whose sockets must never end the
/// program (their writes to sockets do not raise SIGPIPE either way: Rust sends with
/// `MSG_NOSIGNAL`).
pub fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_DFL installs no handler and touches no
    // memory; it runs at start-up before any thread of this program writes to a pipe.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Prints one line to stdout; a closed stdout ends the program quietly.
pub fn out(args: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(EXIT_SIGPIPE);
    }
}

/// Prints text as it is (with its own newlines); a closed stdout ends the program quietly.
pub fn out_text(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(EXIT_SIGPIPE);
    }
}
