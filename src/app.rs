//! The application core between IO and state, and the live loop of the console.
//!
//! [`App::submit`] is the one door for inputs: journal first, then `state::apply`. The core never
//! reads the time; [`run_console`] does (wall = `SystemTime`, mono = `Instant` since start) and
//! merges keys, feed inputs and a render tick.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};

use crate::journal::{JournalError, JournalWriter, Record};
use crate::matchfile::{Lang, Match, sha256_hex};
use crate::model::{MonoMs, WallMs};
use crate::record::{Event, Origin, SessionStarted};
use crate::state::{self, MatchState};
use crate::tui::{self, Command, ViewState, keymap, theme::Theme};

/// The match, its journal and the state folded from it.
#[derive(Debug)]
pub struct App {
    pub m: Match,
    pub journal: JournalWriter,
    pub state: MatchState,
}

impl App {
    pub fn new(m: Match, journal: JournalWriter) -> App {
        let state = MatchState::with_boards(m.file.boards);
        App { m, journal, state }
    }

    /// Journals one input, then applies it. Nothing changes if the journal write fails.
    pub fn submit(
        &mut self,
        wall_ms: WallMs,
        mono_ms: MonoMs,
        origin: Origin,
        event: Event,
    ) -> Result<Record, JournalError> {
        let rec = self.journal.append(wall_ms, mono_ms, origin, event)?;
        state::apply(&mut self.state, &rec);
        Ok(rec)
    }

    /// The first record of a session: binds the journal to the match file and profile bytes.
    pub fn session_started(&self) -> Event {
        let hash = |p: &Path| std::fs::read(p).map(|b| sha256_hex(&b)).unwrap_or_default();
        Event::SessionStarted(SessionStarted {
            match_sha256: hash(&self.m.path),
            profile_sha256: hash(&self.m.profile_path),
            match_path: self.m.path.display().to_string(),
            profile_id: self.m.profile.id.clone(),
            boards: self.m.file.boards,
            software: format!("arbiter-console {}", env!("CARGO_PKG_VERSION")),
            time_control: Some(self.m.profile.time_control.clone()),
        })
    }
}

/// `journals/<date>-round<N>-<HHMMSS>.jsonl` (UTC time of creation, so a restart never collides).
pub fn default_journal_path(m: &Match) -> PathBuf {
    let stamp = chrono::Utc::now().format("%H%M%S");
    PathBuf::from("journals").join(format!(
        "{}-round{}-{stamp}.jsonl",
        m.file.date, m.file.round
    ))
}

/// A hash of everything on screen that changes with time alone (clock digits, data ages, the
/// elapsed time): the console redraws on a tick only when it changed.
pub fn time_signature(s: &MatchState, now: MonoMs) -> u64 {
    let mut h = DefaultHasher::new();
    (now / 1000).hash(&mut h);
    for b in &s.boards {
        if let Some(c) = &b.clock
            && c.running.is_some()
            && let Some((w, bl)) = crate::rules::clock_times(s, b, now)
        {
            for ms in [w, bl] {
                (if ms < 60_000 {
                    ms / 100
                } else {
                    ms / 1000 + 1_000_000
                })
                .hash(&mut h);
            }
        }
        b.last_data
            .map(|d| now.saturating_sub(d.mono_ms) / 1000)
            .hash(&mut h);
    }
    h.finish()
}

// One message per input, moved once: boxing the event would only add an allocation.
#[allow(clippy::large_enum_variant)]
enum Msg {
    Key(ratatui::crossterm::event::KeyEvent),
    Redraw,
    Feed(Origin, Event),
}

fn wall_now() -> WallMs {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The render tick: how often the clocks are looked at (a redraw follows only on a change).
pub const TICK: Duration = Duration::from_millis(100);

/// Opens the console on a match: writes the journal at `journal_path`, folds `inputs` (the
/// feeds) and the arbiter's keys into it, and draws until the arbiter quits.
pub fn run_console(
    m: Match,
    journal_path: &Path,
    inputs: Receiver<(Origin, Event)>,
    lang: Lang,
) -> anyhow::Result<()> {
    if !std::io::stdout().is_terminal() {
        anyhow::bail!("the console needs a terminal (stdout is not a tty)");
    }
    if let Some(dir) = journal_path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    let start = Instant::now();
    let mono = move || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    let journal = JournalWriter::create(journal_path)?;
    let mut app = App::new(m, journal);
    let ev = app.session_started();
    app.submit(wall_now(), mono(), Origin::System, ev)?;

    let mut term = tui::setup()?;
    let _guard = tui::RestoreGuard;
    let (tx, rx) = mpsc::channel::<Msg>();
    let keys = tx.clone();
    thread::spawn(move || {
        while let Ok(ev) = event::read() {
            let msg = match ev {
                TermEvent::Key(k) if k.kind != KeyEventKind::Release => Msg::Key(k),
                TermEvent::Resize(..) => Msg::Redraw,
                _ => continue,
            };
            if keys.send(msg).is_err() {
                break;
            }
        }
    });
    thread::spawn(move || {
        for (o, e) in inputs {
            if tx.send(Msg::Feed(o, e)).is_err() {
                break;
            }
        }
    });

    let panic_for_test = std::env::var_os("ARBITER_TEST_PANIC").is_some();
    let mut view = ViewState::new(lang, Theme::from_env());
    // The report screen (an overlay): the report as it stands and the signing flow.
    let mut report: Option<tui::report_view::ReportView> = None;
    let mut dirty = true;
    let mut last_sig = None;
    let mut last_commit = 0u64;
    'run: loop {
        let now = mono();
        let sig = time_signature(&app.state, now);
        if dirty || last_sig != Some(sig) {
            term.draw(|f| {
                tui::render(f, &app.m, &app.state, &view, now);
                if let Some(r) = &report {
                    tui::report_view::render(f, f.area(), r, view.lang);
                }
            })?;
            last_sig = Some(sig);
            dirty = false;
            // For the end-to-end test that a panic leaves the terminal restored.
            if panic_for_test {
                panic!("ARBITER_TEST_PANIC is set: panicking after the first frame");
            }
        }
        if now.saturating_sub(last_commit) >= 1000 {
            app.journal.commit(now)?;
            last_commit = now;
        }
        let first = match rx.recv_timeout(TICK) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        // Handle everything queued, then draw once.
        let mut next = Some(first);
        while let Some(msg) = next {
            // A clock sample that agrees with the running display changes nothing visible; the
            // time signature catches any that does.
            dirty |= !matches!(msg, Msg::Feed(_, Event::ClockSample(_)));
            match msg {
                Msg::Redraw => {
                    term.autoresize()?;
                }
                Msg::Key(k) if report.is_some() || is_report_key(&view, k) => {
                    report_key(&mut report, &mut app, journal_path, &view, k, mono());
                }
                Msg::Key(k) => {
                    let action = keymap::map(&view, k);
                    let now = mono();
                    match tui::view::update(&mut view, &app.m, &app.state, action, now) {
                        Some(Command::Quit) => break 'run,
                        Some(Command::Submit(ev)) => {
                            if let Err(e) = app.submit(wall_now(), now, Origin::Arbiter, ev) {
                                view.status =
                                    Some(format!("{}: {e}", tui::i18n::strings(view.lang).error));
                            }
                        }
                        None => {}
                    }
                }
                Msg::Feed(o, e) => {
                    if let Err(e) = app.submit(wall_now(), mono(), o, e) {
                        view.status = Some(format!("{}: {e}", tui::i18n::strings(view.lang).error));
                    }
                }
            }
            next = rx.try_recv().ok();
        }
    }
    app.journal.commit(mono())?;
    drop(term);
    Ok(())
}

/// The demo's venue: the simulator (issue 4) on loopback with the games of `tests/data/pgn` and
/// the incidents of `tests/data/scenarios/incidents.toml`, and one DGT feed per board reading
/// it. Runs on its own tokio runtime in a background thread; the feed records arrive on the
/// returned channel. The round is started and the players present are entered at once
/// (board 3's Black arrives late in the scenario).
pub fn simulator_inputs(m: &Match, root: &Path) -> anyhow::Result<Receiver<(Origin, Event)>> {
    use crate::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
    use crate::model::{BoardNo, Color, TeamSide};
    use crate::record::{PlayerArrived, RoundStarted};
    use crate::simulator::{Scenario, Simulator, SimulatorConfig};
    use std::sync::Arc;

    let games = crate::cli::load_games(&[], Some(&root.join("tests/data/pgn")))?;
    let path = root.join("tests/data/scenarios/incidents.toml");
    let scenario = Scenario::from_toml(
        &std::fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
    )?;
    let boards = usize::from(m.file.boards);
    let late: Vec<(BoardNo, TeamSide)> = scenario
        .incidents
        .iter()
        .filter_map(|i| match i {
            crate::simulator::Incident::LateArrival { board, color, .. } => {
                let b = BoardNo(*board);
                let white = m.white_team(b);
                let color: Color = (*color).into();
                Some((
                    b,
                    if color.is_white() {
                        white
                    } else {
                        white.other()
                    },
                ))
            }
            _ => None,
        })
        .collect();
    let (tx, rx) = mpsc::channel();
    for b in 0..boards {
        let board = BoardNo::from_index(b);
        for team in [TeamSide::Home, TeamSide::Away] {
            if !late.contains(&(board, team)) {
                let _ = tx.send((
                    Origin::System,
                    Event::PlayerArrived(PlayerArrived { board, team }),
                ));
            }
        }
    }
    let _ = tx.send((Origin::System, Event::RoundStarted(RoundStarted {})));
    let (ready_tx, ready_rx) = mpsc::channel::<anyhow::Result<()>>();
    thread::spawn(move || {
        let rt = match tokio::runtime::Runtime::new() {
            Ok(rt) => rt,
            Err(e) => {
                let _ = ready_tx.send(Err(e.into()));
                return;
            }
        };
        rt.block_on(async move {
            let config = SimulatorConfig {
                boards,
                games,
                scenario,
                ..SimulatorConfig::default()
            };
            let sim = match Simulator::bind(config).await {
                Ok(s) => s,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return;
                }
            };
            let addrs = sim.ports().boards.clone();
            let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
            let serving = tokio::spawn(sim.serve(stop_rx.clone()));
            let (ftx, mut frx) = tokio::sync::mpsc::channel::<FeedRecord>(4096);
            let base = tokio::time::Instant::now();
            let counters = Arc::new(FeedCounters::default());
            for (i, addr) in addrs.iter().enumerate() {
                let config = FeedConfig {
                    board: BoardNo::from_index(i),
                    source: Source::Tcp {
                        addr: addr.to_string(),
                    },
                    base,
                    timing: Timing::default(),
                };
                spawn_feed(config, ftx.clone(), counters.clone(), stop_rx.clone());
            }
            drop(ftx);
            let _ = ready_tx.send(Ok(()));
            while let Some(r) = frx.recv().await {
                if tx.send((r.origin, r.event)).is_err() {
                    break;
                }
            }
            let _ = stop_tx.send(true);
            let _ = serving.await;
        });
    });
    ready_rx
        .recv()
        .map_err(|_| anyhow::anyhow!("the simulator thread ended"))??;
    Ok(rx)
}

/// The match's own feeds (`feeds = [...]` in the match file, one URI per board; `none` skips a
/// board), each run by `feeds::spawn_feed` on a tokio runtime in a background thread.
/// Errors only if the runtime cannot start.
pub fn match_feed_inputs(m: &Match) -> anyhow::Result<Receiver<(Origin, Event)>> {
    use crate::feeds::{FeedConfig, FeedCounters, FeedRecord, Source, Timing, spawn_feed};
    use crate::model::BoardNo;
    use std::sync::Arc;

    // The match file's sources are validated when it loads; `none` is no feed.
    let sources: Vec<(BoardNo, Source)> = m
        .sources
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Source::from_config(s).map(|s| (BoardNo::from_index(i), s)))
        .collect();
    let (tx, rx) = mpsc::channel();
    if sources.is_empty() {
        return Ok(rx);
    }
    let rt = tokio::runtime::Runtime::new()?;
    thread::spawn(move || {
        rt.block_on(async move {
            let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
            let (ftx, mut frx) = tokio::sync::mpsc::channel::<FeedRecord>(4096);
            let base = tokio::time::Instant::now();
            let counters = Arc::new(FeedCounters::default());
            for (board, source) in sources {
                let config = FeedConfig {
                    board,
                    source,
                    base,
                    timing: Timing::default(),
                };
                spawn_feed(config, ftx.clone(), counters.clone(), stop_rx.clone());
            }
            drop(ftx);
            while let Some(r) = frx.recv().await {
                if tx.send((r.origin, r.event)).is_err() {
                    break;
                }
            }
            let _ = stop_tx.send(true);
        });
    });
    Ok(rx)
}

/// A temporary in-process generator of plausible feed inputs for the demo: clocks and moves on
/// every board, with a few scripted incidents.
// replaced by the simulator on merge
pub fn demo_inputs(m: &Match) -> Receiver<(Origin, Event)> {
    demo::spawn(m)
}

// replaced by the simulator on merge
mod demo {
    use std::sync::mpsc::{self, Receiver, Sender};
    use std::thread;
    use std::time::{Duration, Instant};

    use shakmaty::san::San;
    use shakmaty::uci::UciMove;
    use shakmaty::{Chess, Position};

    use crate::matchfile::Match;
    use crate::model::{BoardNo, ClockSide, TeamSide};
    use crate::record::{
        BoardIrregularity, ClockSample, Event, FeedState, FeedStatus, MoveMade, Origin,
        PlayerArrived, RoundStarted,
    };

    const OPENINGS: [&str; 8] = [
        "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
        "d2d4 g8f6 c2c4 e7e6 g1f3 d7d5 b1c3 f8e7 c1f4 e8g8",
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
        "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 g1f3 e8g8",
        "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6 g2g3 d7d5 c4d5 f6d5",
        "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2 c6c5",
        "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4 a2a4 c8f5",
        "e2e4 e7e6 d2d4 d7d5 b1d2 g8f6 e4e5 f6d7 f1d3 c7c5",
    ];

    struct Game {
        board: BoardNo,
        pos: Chess,
        ply: u32,
        book: Vec<&'static str>,
        left_ms: u64,
        right_ms: u64,
        running: Option<ClockSide>,
        next_move_at: u64,
        flag: bool,
        rng: u64,
        quiet_until: u64,
    }

    impl Game {
        fn rand(&mut self, n: u64) -> u64 {
            self.rng = self
                .rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.rng >> 33) % n.max(1)
        }

        fn sample(&self) -> ClockSample {
            ClockSample {
                board: self.board,
                left_ms: self.left_ms,
                right_ms: self.right_ms,
                running: self.running,
                left_flag: self.flag && self.left_ms == 0,
                right_flag: self.flag && self.right_ms == 0,
                white_side: Some(ClockSide::Left),
            }
        }
    }

    fn send(tx: &Sender<(Origin, Event)>, o: Origin, e: impl Into<Event>) -> bool {
        tx.send((o, e.into())).is_ok()
    }

    pub fn spawn(m: &Match) -> Receiver<(Origin, Event)> {
        let (tx, rx) = mpsc::channel();
        let boards = m.file.boards;
        let base = m.profile.time_control.initial_ms();
        let inc = m
            .profile
            .time_control
            .per_move
            .map(|p| u64::from(p.seconds) * 1000)
            .unwrap_or(0);
        thread::spawn(move || run(&tx, boards, base, inc));
        rx
    }

    fn run(tx: &Sender<(Origin, Event)>, boards: u16, base: u64, inc: u64) {
        let start = Instant::now();
        let now = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
        if !send(tx, Origin::System, RoundStarted {}) {
            return;
        }
        let mut games: Vec<Game> = (0..boards)
            .map(|i| {
                let b = BoardNo(i + 1);
                let (l, r) = if b.0 == 5 {
                    (75_000, 52_000)
                } else {
                    (base, base)
                };
                Game {
                    board: b,
                    pos: Chess::default(),
                    ply: 0,
                    book: OPENINGS[usize::from(i) % OPENINGS.len()]
                        .split(' ')
                        .collect(),
                    left_ms: l,
                    right_ms: r,
                    running: Some(ClockSide::Left),
                    next_move_at: 800 + u64::from(i) * 400,
                    flag: false,
                    rng: 0x9E37_79B9_7F4A_7C15 ^ ((u64::from(i) + 1) * 7919),
                    quiet_until: 0,
                }
            })
            .collect();
        for g in &games {
            let o = Origin::Feed(g.board);
            let live = FeedStatus {
                board: g.board,
                state: FeedState::Live,
                detail: "demo generator".into(),
            };
            if !send(tx, o, live) || !send(tx, o, g.sample()) {
                return;
            }
            for team in [TeamSide::Home, TeamSide::Away] {
                if g.board.0 == 8 && team == TeamSide::Away {
                    continue;
                }
                let arrived = PlayerArrived {
                    board: g.board,
                    team,
                };
                if !send(tx, Origin::System, arrived) {
                    return;
                }
            }
        }
        let mut last = 0u64;
        let mut last_sample = 0u64;
        let mut scripted = [false; 4];
        loop {
            thread::sleep(Duration::from_millis(200));
            let t = now();
            let dt = t - last;
            last = t;
            // Scripted incidents.
            if t > 20_000 && !scripted[0] && boards >= 3 {
                scripted[0] = true;
                let ev = BoardIrregularity {
                    board: BoardNo(3),
                    placement: "r1bqk2r/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQ1RK1".into(),
                    detail: "position not reachable by a legal move (e-board)".into(),
                };
                if !send(tx, Origin::Feed(BoardNo(3)), ev) {
                    return;
                }
            }
            if t > 30_000 && !scripted[1] && boards >= 6 {
                scripted[1] = true;
                games[5].quiet_until = t + 25_000;
            }
            if t > 36_000 && !scripted[2] && boards >= 6 {
                scripted[2] = true;
                let ev = FeedStatus {
                    board: BoardNo(6),
                    state: FeedState::Stale,
                    detail: "no data for 3 s".into(),
                };
                if !send(tx, Origin::Feed(BoardNo(6)), ev) {
                    return;
                }
            }
            if t > 45_000 && !scripted[3] && boards >= 8 {
                scripted[3] = true;
                let ev = PlayerArrived {
                    board: BoardNo(8),
                    team: TeamSide::Away,
                };
                if !send(tx, Origin::System, ev) {
                    return;
                }
            }
            let sample_due = t - last_sample >= 1000;
            if sample_due {
                last_sample = t;
            }
            for g in &mut games {
                let o = Origin::Feed(g.board);
                let quiet = t < g.quiet_until;
                if g.quiet_until != 0 && !quiet {
                    g.quiet_until = 0;
                    let ev = FeedStatus {
                        board: g.board,
                        state: FeedState::Live,
                        detail: "demo generator".into(),
                    };
                    if !send(tx, o, ev) {
                        return;
                    }
                }
                match g.running {
                    Some(ClockSide::Left) => g.left_ms = g.left_ms.saturating_sub(dt),
                    Some(ClockSide::Right) => g.right_ms = g.right_ms.saturating_sub(dt),
                    None => continue,
                }
                if g.left_ms == 0 || g.right_ms == 0 {
                    g.flag = true;
                    g.running = None;
                    if !quiet && !send(tx, o, g.sample()) {
                        return;
                    }
                    continue;
                }
                if t >= g.next_move_at && !quiet {
                    let legal = g.pos.legal_moves();
                    if legal.is_empty() {
                        g.running = None;
                        if !send(tx, o, g.sample()) {
                            return;
                        }
                        continue;
                    }
                    let book = g
                        .book
                        .get(g.ply as usize)
                        .and_then(|u| u.parse::<UciMove>().ok())
                        .and_then(|u| u.to_move(&g.pos).ok());
                    let mv = match book {
                        Some(mv) => mv,
                        None => {
                            let i = g.rand(legal.len() as u64) as usize;
                            legal[i]
                        }
                    };
                    let san = San::from_move(&g.pos, mv).to_string();
                    let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
                    g.pos.play_unchecked(mv);
                    g.ply += 1;
                    let made = MoveMade {
                        board: g.board,
                        ply: g.ply,
                        uci,
                        san,
                    };
                    if !send(tx, o, made) {
                        return;
                    }
                    // Board 5 plays in time trouble without increment: tenths, then a flag.
                    let inc = if g.board.0 == 5 { 0 } else { inc };
                    match g.running {
                        Some(ClockSide::Left) => {
                            g.left_ms += inc;
                            g.running = Some(ClockSide::Right);
                        }
                        _ => {
                            g.right_ms += inc;
                            g.running = Some(ClockSide::Left);
                        }
                    }
                    // Openings are played fast (the clocks gain the increment), later moves
                    // take 15-75 s; board 5 is in time trouble.
                    let think = if g.board.0 == 5 {
                        2_000 + g.rand(4_000)
                    } else if (g.ply as usize) < g.book.len() {
                        2_500 + g.rand(8_000)
                    } else {
                        15_000 + g.rand(60_000)
                    };
                    g.next_move_at = t + think;
                    // Board 8's guest (Black) is not there before 45 s.
                    if g.board.0 == 8 && g.ply == 1 {
                        g.next_move_at = g.next_move_at.max(47_000);
                    }
                    if !send(tx, o, g.sample()) {
                        return;
                    }
                } else if sample_due && !quiet && !send(tx, o, g.sample()) {
                    return;
                }
            }
        }
    }
}

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
    pub incidents: Vec<crate::replay::Incident>,
    /// A time typed after `t`, while the prompt is open.
    pub prompt: Option<String>,
}

impl ReplayCursor {
    /// The index of the last incident at or before the moment shown.
    pub fn current_incident(&self) -> Option<usize> {
        self.incidents.iter().rposition(|i| i.wall_ms <= self.t)
    }

    /// Moves to the next (or previous) incident.
    pub fn step_incident(&mut self, forward: bool) {
        let next = if forward {
            self.incidents.iter().find(|i| i.wall_ms > self.t)
        } else {
            self.incidents.iter().rev().find(|i| i.wall_ms < self.t)
        };
        if let Some(i) = next {
            self.t = i.wall_ms;
        }
        self.playing = false;
    }
}

/// The footer line of the replay: moment, play state, speed, the incident at hand, the keys.
pub fn replay_status(c: &ReplayCursor, m: &Match, verdict: &str, lang: Lang) -> String {
    let local = chrono::DateTime::from_timestamp_millis(c.t)
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default();
    if let Some(p) = &c.prompt {
        return match lang {
            Lang::De => format!("Gehe zu Uhrzeit (HH:MM:SS): {p}_   ⏎ springen, Esc abbrechen"),
            Lang::En => format!("Go to time (HH:MM:SS): {p}_   ⏎ jump, Esc cancel"),
        };
    }
    let incident = c
        .current_incident()
        .map(|i| {
            let inc = &c.incidents[i];
            let b = inc.board.map(|b| format!(" B{b}")).unwrap_or_default();
            format!(" | #{}/{}{b} {}", i + 1, c.incidents.len(), inc.text)
        })
        .unwrap_or_default();
    let state = if c.playing { "▶" } else { "⏸" };
    let keys = match lang {
        Lang::De => "Leertaste ⏯ · +/- Tempo · n/p Vorfall · t Zeit · ←→ ±1 min",
        Lang::En => "Space ⏯ · +/- speed · n/p incident · t time · ←→ ±1 min",
    };
    format!(
        "REPLAY {local} {state} {}x | {verdict}{incident} | {keys}",
        REPLAY_SPEEDS[c.speed_idx.min(REPLAY_SPEEDS.len() - 1)]
    )
}

/// Opens the console read-only on a journal: the same screens, showing the state folded up to
/// the moment chosen on the timeline. `verdict` is the chain check shown in the footer.
pub fn run_replay(
    m: Match,
    replay: crate::replay::Replay,
    verdict: String,
    lang: Lang,
) -> anyhow::Result<()> {
    use ratatui::crossterm::event::KeyCode;
    if !std::io::stdout().is_terminal() {
        anyhow::bail!(
            "the replay console needs a terminal (stdout is not a tty); use --at, --incidents or --extract"
        );
    }
    let first = replay.first_wall().unwrap_or(0);
    let last = replay.last_wall().unwrap_or(first);
    let mut cur = ReplayCursor {
        t: first,
        playing: false,
        speed_idx: 2,
        incidents: crate::replay::incidents(&replay.records),
        prompt: None,
    };
    let mut term = tui::setup()?;
    let _guard = tui::RestoreGuard;
    let mut view = ViewState::new(lang, Theme::from_env());
    let mut shown_t = None;
    let (mut state, mut mono) = replay.at(cur.t);
    let mut last_tick = Instant::now();
    loop {
        if shown_t != Some(cur.t) {
            (state, mono) = replay.at(cur.t);
            shown_t = Some(cur.t);
        }
        view.status = Some(replay_status(&cur, &m, &verdict, view.lang));
        term.draw(|f| tui::render(f, &m, &state, &view, mono))?;
        if event::poll(TICK)?
            && let TermEvent::Key(k) = event::read()?
            && k.kind != KeyEventKind::Release
        {
            if let Some(p) = cur.prompt.as_mut() {
                match k.code {
                    KeyCode::Char(c) if c.is_ascii_digit() || c == ':' => p.push(c),
                    KeyCode::Backspace => {
                        p.pop();
                    }
                    KeyCode::Enter => {
                        let text = cur.prompt.take().unwrap_or_default();
                        match crate::cli::parse_moment(&text, first, *m.scheduled_start.offset()) {
                            Ok(t) => cur.t = t.clamp(first, last),
                            Err(e) => view.status = Some(e),
                        }
                    }
                    _ => cur.prompt = None,
                }
                continue;
            }
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
                KeyCode::Right if plain => cur.t = (cur.t + 60_000).min(last),
                KeyCode::Left if plain => cur.t = (cur.t - 60_000).max(first),
                _ => {
                    let action = keymap::map(&view, k);
                    // Read-only: no intervention form opens in a replay.
                    if matches!(action, keymap::Action::Intervene(_)) {
                        continue;
                    }
                    match tui::view::update(&mut view, &m, &state, action, mono) {
                        Some(Command::Quit) => break,
                        Some(Command::Submit(_)) | None => {}
                    }
                }
            }
        }
        let elapsed = last_tick.elapsed();
        last_tick = Instant::now();
        if cur.playing {
            let speed = i64::from(REPLAY_SPEEDS[cur.speed_idx.min(REPLAY_SPEEDS.len() - 1)]);
            let step = i64::try_from(elapsed.as_millis()).unwrap_or(0) * speed;
            cur.t = (cur.t + step).min(last);
            if cur.t >= last {
                cur.playing = false;
            }
        }
    }
    drop(term);
    Ok(())
}

/// The report as it stands in the console's journal (committed and read back from disk).
pub fn current_report(
    app: &mut App,
    journal_path: &Path,
) -> anyhow::Result<crate::sign::SignedReport> {
    app.journal.commit(0)?;
    let (records, _) = crate::journal::read(journal_path)?;
    Ok(crate::sign::envelope_from_journal(&app.m, &records))
}

/// Signs the report as it stands for `role` with a key derived from the passphrase, journals the
/// signature, and writes report.json, report.md and report.pdf next to the journal
/// (`NAME-report/`). The passphrase is not kept.
pub fn sign_current_report(
    app: &mut App,
    journal_path: &Path,
    role: crate::sign::Role,
    passphrase: &str,
    wall_ms: WallMs,
    mono_ms: MonoMs,
) -> anyhow::Result<crate::sign::SignedReport> {
    let mut env = current_report(app, journal_path)?;
    let name = role.person(&env.report).to_string();
    let key = crate::sign::derive_key(role, &name, passphrase.as_bytes())?;
    env.sign(role, &key)?;
    let sig = env
        .signature(role)
        .ok_or_else(|| anyhow::anyhow!("no signature"))?;
    app.submit(
        wall_ms,
        mono_ms,
        Origin::Arbiter,
        Event::ReportSigned(sig.into()),
    )?;
    let stem = journal_path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("journal");
    let dir = journal_path.with_file_name(format!("{stem}-report"));
    std::fs::create_dir_all(&dir)?;
    let lang = env.report.lang;
    std::fs::write(dir.join("report.json"), serde_json::to_vec_pretty(&env)?)?;
    std::fs::write(
        dir.join("report.md"),
        crate::report::text::markdown(&env, lang),
    )?;
    std::fs::write(
        dir.join("report.pdf"),
        crate::report::pdf::render(&env, lang),
    )?;
    Ok(env)
}

/// `R` opens the report screen from the main screens (not in a form or a prompt).
fn is_report_key(view: &ViewState, k: ratatui::crossterm::event::KeyEvent) -> bool {
    use ratatui::crossterm::event::KeyCode;
    k.code == KeyCode::Char('R')
        && view.dialog.is_none()
        && view.goto.is_none()
        && !view.quit_confirm
        && !view.help
}

/// Keys on the report screen.
fn report_key(
    report: &mut Option<tui::report_view::ReportView>,
    app: &mut App,
    journal_path: &Path,
    view: &ViewState,
    k: ratatui::crossterm::event::KeyEvent,
    now: MonoMs,
) {
    use ratatui::crossterm::event::KeyCode;
    use tui::report_view::{ReportView, Secret, Signing, lines};
    let refresh = |app: &mut App, r: &mut ReportView| match current_report(app, journal_path) {
        Ok(env) => r.lines = lines(&env, view.lang),
        Err(e) => r.message = Some(format!("{e:#}")),
    };
    let Some(r) = report.as_mut() else {
        let mut r = ReportView::default();
        refresh(app, &mut r);
        *report = Some(r);
        return;
    };
    match (&mut r.signing, k.code) {
        (Signing::Idle, KeyCode::Esc | KeyCode::Char('R')) => *report = None,
        (Signing::Idle, KeyCode::Char('S' | 's')) => r.signing = Signing::ChooseRole,
        (Signing::Idle, KeyCode::Down | KeyCode::Char('j')) => r.scroll += 1,
        (Signing::Idle, KeyCode::Up | KeyCode::Char('k')) => r.scroll = r.scroll.saturating_sub(1),
        (Signing::Idle, KeyCode::PageDown) => r.scroll += 10,
        (Signing::Idle, KeyCode::PageUp) => r.scroll = r.scroll.saturating_sub(10),
        (Signing::ChooseRole, KeyCode::Char(c @ '1'..='3')) => {
            let role = crate::sign::Role::ALL[usize::from(c as u8 - b'1')];
            r.signing = Signing::Passphrase(role, Secret::default());
        }
        (Signing::Passphrase(_, secret), KeyCode::Char(c)) => secret.push(c),
        (Signing::Passphrase(_, secret), KeyCode::Backspace) => secret.pop(),
        (Signing::Passphrase(role, secret), KeyCode::Enter) => {
            let role = *role;
            let result =
                sign_current_report(app, journal_path, role, secret.expose(), wall_now(), now);
            r.signing = Signing::Idle;
            r.message = Some(match result {
                Ok(env) => match view.lang {
                    Lang::De => format!("unterschrieben: {role} – Prüfsumme {}", &env.digest[..16]),
                    Lang::En => format!("signed: {role} – digest {}", &env.digest[..16]),
                },
                Err(e) => format!("{e:#}"),
            });
            refresh(app, r);
        }
        (Signing::ChooseRole | Signing::Passphrase(..), KeyCode::Esc) => r.signing = Signing::Idle,
        _ => {}
    }
}
