//! The replay console: the same screens, read-only, showing the state folded from a journal up
//! to the moment chosen on a timeline (play/pause, speeds, incident stepping, jumps).

use std::time::Instant;

use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};

use arbiter_core::i18n::Msg;
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::msg;
use arbiter_core::time::WallMs;
use arbiter_tui::action::Action;
use arbiter_tui::{Command, ViewState, i18n, keymap, theme::Theme};

use crate::console::TICK;
use crate::terminal::Console;

/// The speeds of the replay, ×1 to ×600.
pub const REPLAY_SPEEDS: [u32; 4] = [1, 10, 60, 600];

/// What the replay console is showing: a moment of the journal, playing or paused.
#[derive(Debug, Clone)]
pub struct ReplayCursor {
    /// The moment shown (wall ms).
    pub t: WallMs,
    pub playing: bool,
    pub speed_idx: usize,
    /// The incidents (for stepping), in time order.
    pub incidents: Vec<arbiter_core::replay::Incident>,
    /// A time typed after `t`, while the prompt is open.
    pub prompt: Option<String>,
}

impl ReplayCursor {
    /// The index of the last incident on screen at the moment shown: one the arbiter entered
    /// afterwards (a start, an arrival at a stated time) is on screen from its entry, and
    /// listed at the time it happened.
    pub fn current_incident(&self) -> Option<usize> {
        (0..self.incidents.len())
            .filter(|&i| on_screen(&self.incidents[i]) <= self.t)
            .max_by_key(|&i| (on_screen(&self.incidents[i]), i))
    }

    /// Moves to the next (or previous) moment an incident comes on screen.
    pub fn step_incident(&mut self, forward: bool) {
        let times = self.incidents.iter().map(on_screen);
        let next = if forward {
            times.filter(|t| *t > self.t).min()
        } else {
            times.filter(|t| *t < self.t).max()
        };
        if let Some(t) = next {
            self.t = t;
        }
        self.playing = false;
    }
}

/// When an incident is on screen in the replay: when it was entered.
fn on_screen(i: &arbiter_core::replay::Incident) -> WallMs {
    i.entered_ms.unwrap_or(i.wall_ms)
}

/// The footer line of the replay: moment, play state, speed, the incident at hand (the chain's
/// verdict has a line of its own, [`replay_footer`]).
pub fn replay_status(c: &ReplayCursor, m: &Match, lang: Lang) -> String {
    let local =
        c.t.to_datetime()
            .map(|t| {
                t.with_timezone(m.scheduled_start.offset())
                    .format("%H:%M:%S")
                    .to_string()
            })
            .unwrap_or_default();
    if let Some(p) = &c.prompt {
        return i18n::format(lang, &msg!("replay-goto-prompt", typed = p));
    }
    let hms = |ms: WallMs| {
        ms.to_datetime()
            .map(|t| {
                t.with_timezone(m.scheduled_start.offset())
                    .format("%H:%M:%S")
                    .to_string()
            })
            .unwrap_or_default()
    };
    let incident = c
        .current_incident()
        .map(|i| {
            let inc = &c.incidents[i];
            let b = inc.board.map(|b| format!(" B{b}")).unwrap_or_default();
            // The time it happened, and when it was entered where that differs.
            let when = match inc.entered_ms {
                Some(e) => i18n::format(
                    lang,
                    &msg!(
                        "replay-incident-entered",
                        at = hms(inc.wall_ms),
                        entered = hms(e)
                    ),
                ),
                None => hms(inc.wall_ms),
            };
            format!(
                " | #{}/{}{b} {when} {}",
                i + 1,
                c.incidents.len(),
                i18n::format(lang, &inc.text)
            )
        })
        .unwrap_or_default();
    let state = if c.playing { "▶" } else { "⏸" };
    i18n::format(
        lang,
        &msg!(
            "replay-state",
            time = local,
            state = state,
            speed = REPLAY_SPEEDS[c.speed_idx.min(REPLAY_SPEEDS.len() - 1)],
            incident = incident
        ),
    )
}

/// The replay's footer: its keys (first, so that they stay visible at 80 columns; the
/// console's intervention keys do nothing in a replay and are not shown) and where it stands;
/// below it, on a line of its own at every width, the verdict of the chain or bundle check.
pub fn replay_footer(view: &mut ViewState, c: &ReplayCursor, m: &Match, verdict: &Msg) {
    view.replay_keys = Some(i18n::text(view.lang, "replay-keys"));
    view.status = Some(replay_status(c, m, view.lang));
    view.replay_verdict = Some((
        i18n::format(view.lang, verdict),
        !verdict.id.contains("tampered"),
    ));
}

/// Opens the console read-only on a journal: the same screens, showing the state folded up to
/// the moment chosen on the timeline. `verdict` is the chain check shown in the footer.
/// `window_from`: the record the timeline starts at (a bundle's range; the records before it
/// are folded first, its incidents are the range's).
pub fn run_replay(
    m: Match,
    replay: arbiter_core::replay::Replay,
    verdict: Msg,
    lang: Lang,
    board: Option<arbiter_core::model::BoardNo>,
    window_from: u64,
) -> anyhow::Result<()> {
    let first = replay
        .records
        .iter()
        .find(|r| r.seq >= window_from)
        .map(|r| r.wall_ms)
        .or_else(|| replay.first_wall())
        .unwrap_or(WallMs::UNIX_EPOCH);
    let span = Span {
        first,
        last: replay.last_wall().unwrap_or(first),
    };
    let mut cur = ReplayCursor {
        t: first,
        playing: false,
        speed_idx: 2,
        incidents: arbiter_core::replay::incidents(&replay.records)
            .into_iter()
            .filter(|i| i.seq >= window_from)
            // --board: that board's incidents and the match's, the board's detail screen.
            .filter(|i| board.is_none() || i.board.is_none() || i.board == board)
            .collect(),
        prompt: None,
    };
    let mut console = Console::open("the replay console (or use --at, --incidents or --extract)")?;
    let mut view = ViewState::new(lang, Theme::from_env());
    if let Some(b) = board
        && (1..=m.file.boards).contains(&b.0)
    {
        view.selected = usize::from(b.0 - 1);
        view.screen = arbiter_tui::Screen::Detail;
    }
    let mut shown_t = None;
    let (mut state, mut mono) = replay.at(cur.t);
    let mut last_tick = Instant::now();
    loop {
        if shown_t != Some(cur.t) {
            (state, mono) = replay.at(cur.t);
            shown_t = Some(cur.t);
        }
        replay_footer(&mut view, &cur, &m, &verdict);
        console
            .terminal
            .draw(|f| arbiter_tui::render(f, &m, &state, &view, mono))?;
        if event::poll(TICK)?
            && let TermEvent::Key(k) = event::read()?
            && k.kind != KeyEventKind::Release
        {
            if cur.prompt.is_some() {
                prompt_key(&mut cur, &mut view, &m, k.code, span);
                continue;
            }
            match timeline_key(&mut cur, &mut view, &m, (&state, mono), k, span) {
                Key::Quit => break,
                Key::Refused => continue,
                Key::Taken => {}
            }
        }
        let elapsed = last_tick.elapsed();
        last_tick = Instant::now();
        play_on(&mut cur, elapsed, span.last);
    }
    drop(console);
    Ok(())
}

/// The moments the timeline covers.
#[derive(Debug, Clone, Copy)]
struct Span {
    first: WallMs,
    last: WallMs,
}

/// What became of a key on the timeline.
enum Key {
    /// Taken (by the timeline or the screens).
    Taken,
    /// An action a replay does not take (read-only: no intervention form, no signing).
    Refused,
    /// The console is left.
    Quit,
}

/// A key while the time prompt is open: digits and `:` edit the time, Enter goes to it,
/// anything else closes the prompt.
fn prompt_key(
    cur: &mut ReplayCursor,
    view: &mut ViewState,
    m: &Match,
    code: ratatui::crossterm::event::KeyCode,
    span: Span,
) {
    use ratatui::crossterm::event::KeyCode;
    let Some(p) = cur.prompt.as_mut() else {
        return;
    };
    match code {
        KeyCode::Char(c) if c.is_ascii_digit() || c == ':' => p.push(c),
        KeyCode::Backspace => {
            p.pop();
        }
        KeyCode::Enter => {
            let text = cur.prompt.take().unwrap_or_default();
            match arbiter_core::replay::parse_moment(&text, span.first, *m.scheduled_start.offset())
            {
                Ok(t) => cur.t = t.clamp(span.first, span.last),
                // The parser's message names the format expected (English).
                Err(e) => view.status = Some(e),
            }
        }
        _ => cur.prompt = None,
    }
}

/// A key on the timeline: its own keys (play, speed, incidents, the time prompt, a minute on or
/// back) where no form or prompt of the screens is open, else the screens' (read-only), on the
/// state shown (`shown`: the state and its monotonic instant).
fn timeline_key(
    cur: &mut ReplayCursor,
    view: &mut ViewState,
    m: &Match,
    shown: (&arbiter_core::state::MatchState, arbiter_core::time::MonoMs),
    k: ratatui::crossterm::event::KeyEvent,
    span: Span,
) -> Key {
    use ratatui::crossterm::event::KeyCode;
    let plain = view.dialog.is_none() && !view.quit_confirm && view.goto.is_none();
    match k.code {
        KeyCode::Char(' ') if plain => cur.playing = !cur.playing,
        KeyCode::Char('+') if plain => {
            cur.speed_idx = (cur.speed_idx + 1).min(REPLAY_SPEEDS.len() - 1)
        }
        KeyCode::Char('-') if plain => cur.speed_idx = cur.speed_idx.saturating_sub(1),
        KeyCode::Char('n') if plain => cur.step_incident(true),
        KeyCode::Char('p') if plain => cur.step_incident(false),
        KeyCode::Char('t') if plain => cur.prompt = Some(String::new()),
        KeyCode::Right if plain => cur.t = (cur.t + 60_000).min(span.last),
        KeyCode::Left if plain => cur.t = (cur.t - 60_000).max(span.first),
        _ => {
            let action = keymap::map(view, k);
            // Read-only: no intervention form and no signing in a replay.
            if matches!(
                action,
                Action::Intervene(_)
                    | Action::OpenReport
                    | Action::OpenStart
                    | Action::OpenAttendance
                    | Action::OpenDeadline
                    | Action::OpenLineup(_)
                    | Action::OpenClockCommand
            ) {
                return Key::Refused;
            }
            let (state, mono) = shown;
            if let Some(Command::Quit) = arbiter_tui::view::update(view, m, state, action, mono) {
                return Key::Quit;
            }
        }
    }
    Key::Taken
}

/// Playing: the moment shown moves on by the time passed at the replay's speed, and stops at
/// the end.
fn play_on(cur: &mut ReplayCursor, elapsed: std::time::Duration, last: WallMs) {
    if cur.playing {
        let speed = i64::from(REPLAY_SPEEDS[cur.speed_idx.min(REPLAY_SPEEDS.len() - 1)]);
        let step = i64::try_from(elapsed.as_millis()).unwrap_or(0) * speed;
        cur.t = (cur.t + step).min(last);
        if cur.t >= last {
            cur.playing = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At 80 columns the replay's keys stay in the footer, and the console's intervention keys
    /// (which do nothing in a replay) are not there.
    #[test]
    fn the_replay_footer_shows_the_replay_keys_at_80_columns() {
        let m = arbiter_tui::fixture::demo_match();
        let s = arbiter_tui::fixture::situation(&m, 8);
        for lang in Lang::ALL {
            let cur = ReplayCursor {
                t: arbiter_tui::fixture::WALL0 + 2_000_000,
                playing: false,
                speed_idx: 2,
                incidents: Vec::new(),
                prompt: None,
            };
            let mut view = ViewState::new(lang, Theme::monochrome());
            replay_footer(
                &mut view,
                &cur,
                &m,
                &msg!("replay-chain-intact", records = 12_345),
            );
            let screen =
                arbiter_tui::render_to_string(&m, &s, &view, arbiter_tui::fixture::NOW, 80, 24);
            // The keys in the footer; where the replay stands on the lines below it when the
            // footer's line cannot hold it (issue 29: wrapped, not cut); the verdict on the
            // last line.
            let lines: Vec<&str> = screen.lines().collect();
            let keys = i18n::text(lang, "replay-keys");
            let shown: String = keys.chars().take(40).collect();
            let at = lines
                .iter()
                .position(|l| l.contains(&shown))
                .unwrap_or_else(|| panic!("no keys:\n{screen}"));
            assert!((19..23).contains(&at), "{at}:\n{screen}");
            assert!(!lines[at].contains("i z c q"), "{:?}", lines[at]);
            let below = lines[at + 1..23].join(" ");
            assert!(below.contains("14:33:20"), "{screen}");
            let verdict = lines[23];
            let intact = i18n::format(lang, &msg!("replay-chain-intact", records = 12_345));
            assert!(verdict.contains(&intact), "{verdict:?}");
        }
    }

    /// A bundle's verdict (its range) stays on screen at 80, 120 and 140 columns, on its own
    /// line below the replay's keys (at 140 columns it used to be cut after the keys).
    #[test]
    fn the_bundle_verdict_stays_visible_at_every_width() {
        let m = arbiter_tui::fixture::demo_match();
        let s = arbiter_tui::fixture::situation(&m, 8);
        let verdict = msg!(
            "replay-bundle-context-intact",
            from = "1234",
            to = "1300",
            total = "5000",
            context = "0"
        );
        for lang in Lang::ALL {
            let text = i18n::format(lang, &verdict);
            let range = match lang {
                Lang::De => "Einträge 1234 bis 1300 von 5000",
                Lang::En => "records 1234 to 1300 of 5000",
            };
            assert!(text.contains(range), "{text}");
            for w in [80u16, 120, 140] {
                let cur = ReplayCursor {
                    t: arbiter_tui::fixture::WALL0 + 2_000_000,
                    playing: true,
                    speed_idx: 3,
                    incidents: Vec::new(),
                    prompt: None,
                };
                let mut view = ViewState::new(lang, Theme::monochrome());
                replay_footer(&mut view, &cur, &m, &verdict);
                let screen =
                    arbiter_tui::render_to_string(&m, &s, &view, arbiter_tui::fixture::NOW, w, 30);
                let lines: Vec<&str> = screen.lines().collect();
                let keys: String = i18n::text(lang, "replay-keys").chars().take(40).collect();
                // The keys in the footer (where the moment does not fit beside them it stands
                // on a line below), the verdict on the last line.
                assert!(
                    lines[25..29].iter().any(|l| l.contains(&keys)),
                    "{w}:\n{screen}"
                );
                assert!(lines[29].contains(range), "{w}: {:?}", lines[29]);
                if w >= 120 {
                    assert!(lines[29].contains(&text), "{w}: {:?}", lines[29]);
                }
            }
        }
    }
}
