//! The whole console in process: the app core (`arbiter_console::app_loop::AppCore`) on its real
//! journal file, drawn on a ratatui `TestBackend`, driven by keys, feed records and timer ticks
//! at instants of a clock the test owns. The effects are carried out as the live loop carries
//! them out, but at once: a worker's job (the report, a signature's key derivation, the report's
//! files) runs inline and its result is handed back before the next input. No pseudo-terminal,
//! no wait for the wall clock: "waiting" for something on the screen advances the test's clock
//! tick by tick (100 ms, the live loop's `TICK`) up to a bound, and fails with the screen.
//!
//! Included by each test with `#[path = "support/app.rs"] mod app;`.

#![allow(dead_code)] // each test uses a part of it

use std::path::{Path, PathBuf};

use arbiter_console::app::{open_app, start_opening};
use arbiter_console::app_loop::{AppCore, Effect, Input, Now};
use arbiter_console::journal_place::open_journal;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::BoardNo;
use arbiter_core::record::{Event, Origin};
use arbiter_core::time::{MonoMs, WallMs};
use arbiter_io::feeds::{ClockCommands, FeedRecord, FeedReseeds};
use arbiter_tui::ViewState;
use arbiter_tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[allow(unused_imports)] // each test types some of them
pub use crate::keys::*;

/// The live loop's timer.
pub const TICK_MS: u64 = 100;

pub struct AppHarness {
    pub core: AppCore,
    /// The test's clock: the instant of the next input.
    pub now: Now,
    pub journal: PathBuf,
    term: Terminal<TestBackend>,
    /// The feeds that take up a journaled game after a decision (none without feeds).
    reseeds: FeedReseeds,
    /// Every board whose feed the app asked to take up a game anew.
    pub reseeded: Vec<BoardNo>,
    /// The app asked to quit.
    pub quit: bool,
    /// What the test does at every tick before the app looks at the screen (a venue that
    /// sends its clocks' reports).
    pub on_tick: Option<Box<dyn FnMut(Now) -> Vec<FeedRecord>>>,
    /// Instants of the frames drawn.
    pub frames: Vec<Now>,
    /// Real feeds on the system clock, where the test runs against real devices.
    live: Option<Live>,
}

/// Real feeds (over 127.0.0.1) and the time base they stamp their records on: the harness's
/// clock is then the system clock, and letting time pass hands the app what the feeds read.
pub struct Live {
    pub feeds: arbiter_io::feeds::Feeds,
    pub time: arbiter_console::time_base::TimeBase,
    /// The venue's time runs `speed` times as fast as the system clock (a simulator started
    /// with `--speed`), the wall clock from `anchor` (UTC ms) on: the console sees the venue's
    /// time, the same in every console the test starts with the same anchor.
    pub speed: u64,
    pub anchor: WallMs,
}

impl Live {
    /// The instant now, in the venue's time.
    pub fn now(&self) -> Now {
        let real = self.time.current();
        let k = self.speed.max(1);
        Now {
            mono: MonoMs::from_base_ms(real.mono.as_base_ms() * k),
            wall: self.anchor + (real.wall - self.anchor) * k as i64,
        }
    }
}

impl AppHarness {
    /// The console started on a match at `now`, as `arbiter run` starts it: the journal at
    /// `journal` continued (folded first) or created with `preset`; `clocks` are the feeds'
    /// handles for clock commands.
    pub fn start(
        m: Match,
        journal: &Path,
        now: Now,
        preset: Vec<(Origin, Event)>,
        lang: Lang,
        cols: u16,
        rows: u16,
    ) -> AppHarness {
        Self::start_with(
            m,
            journal,
            now,
            preset,
            lang,
            cols,
            rows,
            ClockCommands::default(),
            FeedReseeds::default(),
        )
    }

    /// [`AppHarness::start`] with the handles of real feeds.
    #[allow(clippy::too_many_arguments)]
    pub fn start_with(
        m: Match,
        journal: &Path,
        now: Now,
        preset: Vec<(Origin, Event)>,
        lang: Lang,
        cols: u16,
        rows: u16,
        clocks: ClockCommands,
        reseeds: FeedReseeds,
    ) -> AppHarness {
        let opened = open_journal(&m, journal).expect("the journal opens");
        let (app, started) =
            start_opening(open_app(m, opened), now, preset, lang).expect("the console starts");
        let view = ViewState::new(lang, Theme::monochrome());
        let core = AppCore::new(app, journal, clocks, view, started);
        let mut h = AppHarness {
            core,
            now,
            journal: journal.to_path_buf(),
            term: Terminal::new(TestBackend::new(cols, rows)).unwrap(),
            reseeds,
            reseeded: Vec::new(),
            quit: false,
            on_tick: None,
            frames: Vec::new(),
            live: None,
        };
        h.tick();
        h
    }

    /// Hands the app one input at the current instant and carries out its effects.
    pub fn handle(&mut self, input: Input) {
        let mut queue = vec![input];
        while let Some(input) = queue.pop() {
            let fx = self.core.handle(input, self.now);
            for e in fx {
                match e {
                    Effect::Draw => {
                        let now = self.now.mono;
                        let core = &self.core;
                        self.term.draw(|f| core.draw(f, now)).unwrap();
                        self.frames.push(self.now);
                    }
                    Effect::Autoresize => self.term.autoresize().unwrap(),
                    // A worker, done at once: its result is the next input.
                    Effect::Work(w) => queue.push(Input::Done(w.run())),
                    Effect::Reseed(board, r) => {
                        self.reseeded.push(board);
                        self.reseeds.send(board, r);
                    }
                    Effect::Quit => self.quit = true,
                }
            }
        }
    }

    /// The timer: the venue's records of this instant (if any), then the tick.
    pub fn tick(&mut self) {
        if let Some(mut venue) = self.on_tick.take() {
            for r in venue(self.now) {
                self.handle(Input::Feed(r));
            }
            self.on_tick = Some(venue);
        }
        self.handle(Input::Tick);
    }

    /// The console on real feeds, as `arbiter run` starts it (`inputs::match_feeds`: the match
    /// file's feeds, taking up the games of a journal that is continued); its clock is the
    /// system clock of the feeds' time base.
    pub fn run(m: Match, journal: &Path, lang: Lang, cols: u16, rows: u16) -> AppHarness {
        Self::run_at_speed(m, journal, lang, cols, rows, 1, WallMs::from_unix_ms(0))
    }

    /// [`AppHarness::run`] in the time of a venue `speed` times as fast, from the wall time
    /// `anchor` on (see [`Live`]).
    pub fn run_at_speed(
        m: Match,
        journal: &Path,
        lang: Lang,
        cols: u16,
        rows: u16,
        speed: u64,
        anchor: WallMs,
    ) -> AppHarness {
        let time = arbiter_console::time_base::TimeBase::now();
        let live = |feeds| Live {
            feeds,
            time,
            speed,
            anchor,
        };
        let opened = open_journal(&m, journal).expect("the journal opens");
        let opening = open_app(m, opened);
        let inputs =
            arbiter_console::inputs::match_feeds(opening.matched(), &time, opening.folded())
                .expect("the feeds start");
        let live = live(inputs.feeds.expect("the match has feeds"));
        let (app, started) =
            start_opening(opening, live.now(), Vec::new(), lang).expect("the console starts");
        let view = ViewState::new(lang, Theme::monochrome());
        let core = AppCore::new(app, journal, live.feeds.clock_commands(), view, started);
        let mut h = AppHarness {
            core,
            now: live.now(),
            journal: journal.to_path_buf(),
            term: Terminal::new(TestBackend::new(cols, rows)).unwrap(),
            reseeds: live.feeds.reseeds(),
            reseeded: Vec::new(),
            quit: false,
            on_tick: None,
            frames: Vec::new(),
            live: Some(live),
        };
        h.tick();
        h
    }

    /// The real feeds stopped (as when the console process ends): what they read meanwhile is
    /// not handed to the app.
    pub fn stop_feeds(&mut self) -> Option<Live> {
        self.live.take()
    }

    /// Lets `ms` pass on the test's clock, a tick every 100 ms; on real feeds, `ms` of the
    /// system clock, handing the app every record the feeds read meanwhile.
    pub fn advance(&mut self, ms: u64) {
        if self.live.is_some() {
            return self.advance_live(ms);
        }
        let mut left = ms;
        while left > 0 {
            let step = left.min(TICK_MS);
            self.now = self.now.after(step);
            left -= step;
            self.tick();
        }
    }

    fn advance_live(&mut self, ms: u64) {
        use std::time::{Duration, Instant};
        let until = Instant::now() + Duration::from_millis(ms);
        let mut next_tick = Instant::now() + Duration::from_millis(TICK_MS);
        loop {
            let at = Instant::now();
            if at >= next_tick || at >= until {
                self.sync_now();
                self.handle(Input::Tick);
                next_tick = at + Duration::from_millis(TICK_MS);
                if at >= until {
                    break;
                }
            }
            let wait = next_tick.min(until).saturating_duration_since(at);
            let live = self.live.as_mut().unwrap();
            let k = live.speed.max(1);
            match live.feeds.recv_timeout(wait) {
                Ok(Some(mut r)) => {
                    // the feed's stamp in the venue's time
                    r.mono_ms = MonoMs::from_base_ms(r.mono_ms.as_base_ms() * k);
                    self.sync_now();
                    self.handle(Input::Feed(r));
                }
                Ok(None) => {}
                Err(_) => std::thread::sleep(wait),
            }
        }
    }

    /// On real feeds, the instant now by their time base.
    fn sync_now(&mut self) {
        if let Some(live) = &self.live {
            self.now = live.now();
        }
    }

    /// One key (a character, or the escape sequence a terminal sends for it) at the current
    /// instant, then a tick 100 ms later (the arbiter's pace; the screen drawn).
    pub fn key(&mut self, k: &str) {
        if k.chars().count() > 1 && !k.starts_with('\x1b') {
            // several characters at once, as a terminal passes on what is pasted
            return self.text(k);
        }
        self.sync_now();
        self.handle(Input::Key(key_event(k)));
        self.handle(Input::Tick);
        self.advance(TICK_MS);
    }

    /// Types `t` a character at a time.
    pub fn text(&mut self, t: &str) {
        for c in t.chars() {
            self.key(&c.to_string());
        }
    }

    /// A feed's record that arrived at `mono_ms` (on the console's time base).
    pub fn feed(&mut self, mono_ms: MonoMs, origin: Origin, event: Event) {
        self.handle(Input::Feed(FeedRecord {
            mono_ms,
            origin,
            event,
        }));
    }

    /// The screen as last drawn.
    pub fn screen(&self) -> String {
        let buf = self.term.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                out.push_str(buf[(x, y)].symbol());
            }
            out.push('\n');
        }
        out
    }

    /// Lets the test's clock run, tick by tick, until `needle` is on the screen (at most
    /// `max_ms`); the screen. Fails with the screen it saw last.
    pub fn wait_for(&mut self, needle: &str, max_ms: u64) -> String {
        self.wait_until(&format!("{needle:?} on the screen"), max_ms, |s| {
            s.contains(needle)
        })
    }

    /// Lets the test's clock run until `ok` holds for the screen (at most `max_ms`).
    pub fn wait_until(&mut self, what: &str, max_ms: u64, ok: impl Fn(&str) -> bool) -> String {
        let until = self.now.mono + max_ms;
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                self.now.mono < until,
                "{what}: not within {max_ms} ms; screen:\n{screen}"
            );
            self.advance(TICK_MS);
        }
    }

    /// [`AppHarness::wait_for`] with the bound in seconds of the test's clock.
    pub fn wait_for_s(&mut self, needle: &str, max_s: u64) -> String {
        self.wait_for(needle, max_s * 1000)
    }

    /// [`AppHarness::wait_until`] with the bound in seconds of the test's clock.
    pub fn wait_until_s(&mut self, what: &str, max_s: u64, ok: impl Fn(&str) -> bool) -> String {
        self.wait_until(what, max_s * 1000, ok)
    }

    /// The console killed (SIGKILL): no commit, no sync, the feeds gone; what was written to
    /// the journal's file stays as written.
    pub fn kill(self) {
        let AppHarness { core, live, .. } = self;
        drop(live);
        std::mem::forget(core);
    }

    /// The console ends as after `Q`, `y` (the journal committed).
    pub fn close(&mut self) -> anyhow::Result<()> {
        self.core.close(self.now)
    }
}

/// A terminal's key as crossterm reports it (an upper-case letter with Shift).
pub fn key_event(k: &str) -> KeyEvent {
    let code = match k {
        ENTER => KeyCode::Enter,
        TAB => KeyCode::Tab,
        ESC => KeyCode::Esc,
        UP => KeyCode::Up,
        DOWN => KeyCode::Down,
        RIGHT => KeyCode::Right,
        LEFT => KeyCode::Left,
        "\x7f" => KeyCode::Backspace,
        _ => {
            let mut cs = k.chars();
            let (Some(c), None) = (cs.next(), cs.next()) else {
                panic!("not one key: {k:?}")
            };
            let shift = if c.is_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            return KeyEvent::new(KeyCode::Char(c), shift);
        }
    };
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// The test's clock at a wall time (UTC ms), its monotonic time starting at 0.
pub fn clock_at(wall_ms: i64) -> Now {
    Now {
        mono: MonoMs::ORIGIN,
        wall: WallMs::from_unix_ms(wall_ms),
    }
}
