//! The pseudo-terminal harness of the end-to-end tests: the real `arbiter` binary in a pty, its
//! output read back through a VT100 emulator. Every wait is bounded, so a hang fails the test
//! with the screen instead of blocking the suite; the child is killed when the harness is
//! dropped (a failed assertion leaves no console running).
//!
//! Included by each end-to-end test with `#[path = "support/pty.rs"] mod pty;`.

#![allow(dead_code)] // each test uses a part of it

use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::{Session, WaitStatus};

#[allow(unused_imports)] // each test types some of them
pub use crate::keys::*;

pub struct Pty {
    s: Session,
    vt: vt100::Parser,
    key_pause: Duration,
}

impl Pty {
    /// Starts `cmd` in a pseudo-terminal of `cols` x `rows` with `TERM=xterm-256color`.
    pub fn spawn(mut cmd: Command, cols: u16, rows: u16) -> Pty {
        cmd.env("TERM", "xterm-256color");
        let program = cmd.get_program().to_string_lossy().into_owned();
        let mut s = Session::spawn(cmd).unwrap_or_else(|e| panic!("spawn {program} in a pty: {e}"));
        s.get_process_mut()
            .set_window_size(cols, rows)
            .expect("set the pty's size");
        Pty {
            s,
            vt: vt100::Parser::new(rows, cols, 0),
            key_pause: Duration::from_millis(150),
        }
    }

    /// The program's process id (to read its CPU time and memory from `/proc`).
    pub fn pid(&self) -> i32 {
        self.s.get_process().pid().as_raw()
    }

    /// The pause after each key (the console's loop gets to it before the next one).
    pub fn with_key_pause(mut self, pause: Duration) -> Pty {
        self.key_pause = pause;
        self
    }

    /// Feeds whatever the program wrote so far into the emulator.
    pub fn pump(&mut self) {
        let mut buf = [0u8; 16384];
        while let Ok(n) = self.s.try_read(&mut buf) {
            if n == 0 {
                break;
            }
            self.vt.process(&buf[..n]);
        }
    }

    /// The emulator's screen now (after [`Pty::pump`]).
    pub fn vt_screen(&mut self) -> &vt100::Screen {
        self.pump();
        self.vt.screen()
    }

    /// The screen's text now.
    pub fn screen(&mut self) -> String {
        self.pump();
        self.vt.screen().contents()
    }

    /// Waits until `needle` is on the screen and returns the screen; fails after `secs` seconds
    /// with the screen it saw last.
    pub fn wait_for(&mut self, needle: &str, secs: u64) -> String {
        self.try_wait_for(needle, secs)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Pty::wait_for`] that returns the failure instead of failing (a campaign that collects
    /// its failures).
    pub fn try_wait_for(&mut self, needle: &str, secs: u64) -> Result<String, String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let text = self.screen();
            if text.contains(needle) {
                return Ok(text);
            }
            if Instant::now() >= deadline {
                return Err(format!(
                    "{needle:?} did not appear within {secs} s; screen:\n{text}"
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until `ok` holds for the screen (e.g. a marker is gone) and returns the screen;
    /// fails after `secs` seconds, saying `what` did not happen, with the screen it saw last.
    pub fn wait_until(&mut self, what: &str, secs: u64, ok: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let text = self.screen();
            if ok(&text) {
                return text;
            }
            assert!(
                Instant::now() < deadline,
                "{what} within {secs} s; screen:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends bytes with no pause after them (a kill just after Enter).
    pub fn send_now(&mut self, k: &str) {
        self.s.send(k).expect("send to the pty");
    }

    /// Sends `signal` to the program.
    pub fn signal(&mut self, signal: expectrl::Signal) {
        self.s
            .get_process_mut()
            .signal(signal)
            .unwrap_or_else(|e| panic!("send {signal:?}: {e}"));
    }

    /// SIGKILL, and waits until it is gone (no chance to clean up).
    pub fn kill(&mut self) {
        let _ = self.s.get_process_mut().kill(expectrl::Signal::SIGKILL);
        let _ = self.s.get_process().wait();
    }

    /// Sends one key (or escape sequence), then pauses.
    pub fn key(&mut self, k: &str) {
        self.s.send(k).expect("send a key to the pty");
        std::thread::sleep(self.key_pause);
    }

    /// Types `t` a character at a time.
    pub fn text(&mut self, t: &str) {
        for c in t.chars() {
            self.key(&c.to_string());
        }
    }

    /// Waits until the program exits (reading its output meanwhile, so that it never blocks on
    /// a full pty) and returns how it ended; fails after `secs` seconds with the screen.
    pub fn wait_exit(&mut self, secs: u64) -> WaitStatus {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            self.pump();
            match self.s.get_process().status() {
                Ok(WaitStatus::StillAlive) => {}
                Ok(status) => {
                    self.pump();
                    return status;
                }
                Err(e) => panic!("waiting for the program: {e}"),
            }
            if Instant::now() >= deadline {
                let text = self.vt.screen().contents();
                panic!("the program did not exit within {secs} s; screen:\n{text}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// [`Pty::wait_exit`], asserting the exit code.
    pub fn assert_exits_with(&mut self, code: i32, secs: u64) {
        let status = self.wait_exit(secs);
        assert!(
            matches!(status, WaitStatus::Exited(_, c) if c == code),
            "expected exit code {code}, got {status:?}; screen:\n{}",
            self.vt.screen().contents()
        );
    }
}
