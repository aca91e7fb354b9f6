//! The terminal: ratatui's `init`/`restore` (raw mode, the alternate screen, and a panic hook that
//! restores the terminal before the message is printed), and SIGTERM, SIGHUP and SIGINT turned
//! into a quit request, so that the console leaves the terminal and the journal intact however
//! it is ended.

use std::io::{self, IsTerminal};

use ratatui::DefaultTerminal;

/// The console's terminal; restored when dropped (normal return, `?` and unwinding alike).
pub struct Console {
    pub terminal: DefaultTerminal,
}

impl Console {
    /// Enters raw mode and the alternate screen. Fails when stdout is not a terminal.
    pub fn open(what: &str) -> anyhow::Result<Console> {
        if !io::stdout().is_terminal() {
            anyhow::bail!("{what} needs a terminal (stdout is not a tty)");
        }
        Ok(Console {
            terminal: ratatui::try_init()?,
        })
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Calls `quit` (from a thread of its own) whenever SIGTERM, SIGHUP or SIGINT arrives.
pub fn on_quit_signals(quit: impl Fn() + Send + 'static) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                quit();
            }
        })?;
    Ok(())
}
