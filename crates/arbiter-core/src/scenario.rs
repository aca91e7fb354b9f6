//! Headless scenarios: a file of timed feed inputs and arbiter actions, applied to a match
//! through the same journal and `apply` as the console; the result is printed as JSON.
//!
//! Format: `docs/SCENARIOS.md`. A step's record is made in `input`, as the console makes it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::hms::{self, Shape};
use crate::intervention::{Consequence, InterventionKind};
use crate::journal::{Chain, Record};
use crate::matchfile::Match;
use crate::model::{BoardNo, Color, TeamSide};
use crate::record::{Event, Origin};
use crate::rules::{self, Proposal, Request, Score};
use crate::state::{MatchState, apply};
use crate::time::{MonoMs, WallMs};

mod input;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    /// The match file, relative to the scenario.
    #[serde(rename = "match")]
    match_file: String,
    /// Another rule profile than the match file's (an id or a .toml path).
    #[serde(default)]
    profile: Option<String>,
    /// Wall time of `at = "0:00:00"` (RFC 3339); default: the scheduled start.
    #[serde(default)]
    start: Option<String>,
    #[serde(default, rename = "step")]
    steps: Vec<Step>,
}

/// One timed input of a scenario (or of a recording plan).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Time since the start, `h:mm:ss` or `h:mm:ss.mmm`; steps must not go back in time.
    pub at: String,
    #[serde(default)]
    event: Option<RawEvent>,
    #[serde(default)]
    intervene: Option<Intervene>,
    #[serde(default)]
    lineup: Option<Lineup>,
    /// An arbiter's clock operation, journaled with the clock before and after.
    #[serde(default)]
    clock: Option<ClockStep>,
    /// Moves on a board's e-board, one record each (scenarios only).
    #[serde(default)]
    moves: Option<MovesStep>,
    /// Shows boards at this instant in the output (scenarios only).
    #[serde(default)]
    look: Option<LookStep>,
}

/// `clock = { board = 3, op = { op = "set_times", white_ms = 3600000, black_ms = 3000000 }, reason = "…" }`
/// or `clock = { board = 3, replace = true, reason = "…" }` (a defective clock replaced, set to
/// the values reconstructed from the last reports with the profile's minimum).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockStep {
    board: u16,
    #[serde(default)]
    op: Option<crate::clock::ClockOperation>,
    #[serde(default)]
    replace: bool,
    #[serde(default)]
    reason: String,
}

/// `moves = { board = 1, line = "e4 e5 Nf3", every = "0:00:30" }`: SAN or UCI, from the board's
/// position; one `move` record per move, `every` apart (default one second).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct MovesStep {
    board: u16,
    line: String,
    #[serde(default)]
    every: Option<String>,
}

/// `look = { board = 3 }` (or `look = {}` for every board).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct LookStep {
    #[serde(default)]
    board: Option<u16>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    kind: String,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    payload: Option<toml::Value>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Intervene {
    #[serde(default)]
    board: Option<u16>,
    #[serde(default, with = "crate::model::colour::option")]
    player: Option<Color>,
    kind: InterventionKind,
    /// The arbiter's decision when it differs from the proposal; default: confirm the proposal.
    #[serde(default, rename = "override")]
    override_: Option<Consequence>,
    #[serde(default)]
    reason: String,
    /// The arbiter's decision where the rules leave the outcome open.
    #[serde(default)]
    decide: Option<Decide>,
    /// Fields the rules decided that the step sets otherwise (`claim_correct`; `consequence`
    /// is implied by `override`), each overridden with `reason`.
    #[serde(default)]
    overrides: Vec<crate::intervention::OverrideField>,
    /// Both clocks as the arbiter read them on the device (`{ white_ms, black_ms }`), where the
    /// feed is stale or lost: the proposal rests on them; the record keeps them beside the
    /// console's estimate.
    #[serde(default, with = "crate::by_colour::ms::option")]
    device_clocks: Option<crate::by_colour::ByColor<crate::clock::ClockMs>>,
    /// The ruling's times sent to the clock as the next step of its flow, where the clock
    /// accepts commands (`status::ruling_goes_to_clock`): a `clock_command` record after the
    /// intervention.
    #[serde(default)]
    send_to_clock: bool,
}

/// `decide = { option = "draw", basis = "analogy", reason = "…" }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Decide {
    option: String,
    basis: crate::intervention::Basis,
    reason: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Lineup {
    team: TeamSide,
    /// Ranks from board 1 down; 0 = empty board.
    ranks: Vec<u16>,
    /// For empty boards: the absent players' ranks, in order.
    #[serde(default)]
    absent: Vec<u16>,
    /// `in_person`, `phone`, `message`.
    #[serde(default)]
    channel: String,
    #[serde(default)]
    received_by: String,
    /// Errors overridden with a reason: those boards are played under reservation.
    #[serde(default)]
    reservations: Vec<crate::intervention::Reservation>,
    /// When the absence of each named absent player was notified.
    #[serde(default)]
    notices: Vec<crate::intervention::AbsenceNotice>,
}

/// One proposal made during the scenario, as the arbiter saw it.
#[derive(Debug, Clone, Serialize)]
pub struct ProposalSeen {
    pub at: String,
    pub request: Request,
    pub proposal: Proposal,
    /// What the console said, in English: the explanation, the facts (checks, occurrences)
    /// and, where the arbiter decides, why and the options.
    pub said: Vec<String>,
    /// The board at that instant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSummary>,
}

/// A proposal's words in English, a line each.
fn said(p: &Proposal) -> Vec<String> {
    let mut v = vec![crate::i18n::english(&p.explanation)];
    v.extend(p.facts.iter().map(crate::i18n::english));
    if let Some(d) = &p.decision {
        v.push(crate::i18n::english(&d.why));
        v.extend(d.facts.iter().map(crate::i18n::english));
        v.extend(
            d.options
                .iter()
                .map(|o| format!("option {}: {}", o.key, crate::i18n::english(&o.label))),
        );
    }
    v
}

/// Completed moves per player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Completed {
    pub white: u32,
    pub black: u32,
}

/// One board at an instant, as the scenario output shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardSummary {
    pub board: BoardNo,
    /// The position (FEN); `None` when no position is known.
    pub fen: Option<String>,
    #[serde(with = "crate::model::colour::option")]
    pub side_to_move: Option<Color>,
    pub move_no: u32,
    /// Moves each player had completed (FIDE 6.2.1), counted on the board.
    pub completed: Completed,
    /// Both clocks at the instant, as the clock shows them, with `estimated` where carried
    /// forward over a feed that is not live.
    pub clock: Option<crate::clock_now::ClockNow>,
    /// The console's own time model where it differs from the device's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_clock: Option<crate::clock_now::ClockNow>,
    pub result: Option<crate::model::GameResult>,
    /// The game is locked (its result recorded) from this record on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locked_at_seq: Option<u64>,
    /// Records after the result was recorded, and e-board moves after the game ended by itself
    /// (checkmate, stalemate, and the ends the edition has): not moves of the game.
    #[serde(skip_serializing_if = "crate::scenario::is_zero")]
    pub post_game: u32,
    /// An illegal move the board showed that stands unruled: its half-move, who made it, and
    /// the last legal position the game record keeps (`fen` is `null` meanwhile).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal: Option<crate::state::IllegalShown>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_legal_fen: Option<String>,
    /// Illegal moves that stood (rapid and blitz, once the opponent had moved).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stood: Vec<crate::state::StoodEntry>,
    pub alerts: Vec<crate::status::BoardAlert>,
    /// The claims on the board with their status (id, claimant, position, clocks, link).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<crate::state::ClaimEntry>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A board at `now` for the output.
pub fn summary(
    m: &Match,
    s: &MatchState,
    bs: &crate::state::BoardState,
    now: MonoMs,
) -> BoardSummary {
    use shakmaty::Position as _;
    let st = crate::status::board_status(m, s, bs, now);
    let pos = bs.position();
    BoardSummary {
        board: bs.board,
        fen: pos.map(|_| bs.game.game.fen()),
        side_to_move: pos.map(|p| p.turn()),
        move_no: st.move_no,
        completed: Completed {
            white: bs.completed(Color::White, None),
            black: bs.completed(Color::Black, None),
        },
        clock: st.clock,
        model_clock: st.model_clock,
        result: bs.result.as_ref().map(|r| r.result),
        locked_at_seq: bs.locked.map(|l| l.seq),
        // Records after the result, and moves after the game ended by itself.
        post_game: bs.post_game.saturating_add(
            u32::try_from(
                bs.moves
                    .iter()
                    .filter(|m| m.status == crate::state::MoveStatus::PostGame)
                    .count(),
            )
            .unwrap_or(u32::MAX),
        ),
        alerts: st.alerts,
        illegal: bs.game.illegal.clone(),
        last_legal_fen: bs
            .game
            .illegal
            .as_ref()
            .and_then(|_| bs.game.last_legal().map(crate::game::fen_of)),
        stood: bs.game.stood.clone(),
        claims: bs.claims.clone(),
    }
}

/// Boards shown by a `look` step.
#[derive(Debug, Clone, Serialize)]
pub struct Look {
    pub at: String,
    pub boards: Vec<BoardSummary>,
}

/// What a scenario run yields.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub score: Score,
    pub proposals: Vec<ProposalSeen>,
    /// Players absent after the default time at the end of the scenario.
    pub absent_after_default_time: Vec<(BoardNo, TeamSide)>,
    /// Both clocks at the end, per board ([`crate::clock_now::clock_at`]).
    pub clocks: Vec<Option<crate::clock_now::ClockNow>>,
    /// Every board at the end: position, side to move, completed moves, clocks.
    pub boards: Vec<BoardSummary>,
    /// The boards each `look` step showed.
    pub looks: Vec<Look>,
    pub state: MatchState,
    #[serde(skip)]
    pub records: Vec<Record>,
    #[serde(skip)]
    pub journal: Vec<u8>,
}

/// Loads a match file under an optional profile override (the caller's IO).
pub type LoadMatch<'a> = dyn Fn(&Path, Option<&str>) -> Result<Match, Diagnostics> + 'a;

/// Runs a scenario given as text (`path` names it in diagnostics and locates the match file).
/// `load_match` loads the match file the scenario names, under the profile override if it has
/// one: the caller does the reading (see `arbiter_io::config::run_scenario_file`).
pub fn run(path: &Path, src: &str, load_match: &LoadMatch<'_>) -> Result<Outcome, Diagnostics> {
    let file: ScenarioFile =
        toml::from_str(src).map_err(|e| Diagnostics(vec![from_toml_error(path, src, &e)]))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let match_path: PathBuf = dir.join(&file.match_file);
    let m = load_match(&match_path, file.profile.as_deref())?;
    let mut c = Collector::new(path, src);
    let start: WallMs = match &file.start {
        None => WallMs::from_datetime(&m.scheduled_start),
        Some(s) => match chrono::DateTime::parse_from_rfc3339(s) {
            Ok(t) => WallMs::from_datetime(&t),
            Err(e) => {
                c.error("start", format!("{s:?} is not an RFC 3339 time: {e}"));
                return Err(Diagnostics(c.found));
            }
        },
    };
    let mut j = Journaled::started(&m, start);
    let mut proposals = Vec::new();
    let mut looks = Vec::new();
    let mut last = MonoMs::ORIGIN;
    for (i, step) in file.steps.iter().enumerate() {
        let field = format!("step[{i}]");
        let mono = match hms::parse(&step.at, Shape::FULL) {
            Ok(ms) => MonoMs::from_base_ms(ms),
            Err(e) => {
                c.error(
                    format!("{field}.at"),
                    format!("{:?} is not h:mm:ss or h:mm:ss.mmm: {e}", step.at),
                );
                continue;
            }
        };
        if mono < last {
            c.error(
                format!("{field}.at"),
                format!("{} goes back in time", step.at),
            );
            continue;
        }
        last = mono;
        if let Some(mv) = &step.moves {
            j.moves(mv, mono, &field, &mut c, &mut last);
        } else if let Some(l) = &step.look {
            let boards = j
                .state
                .boards
                .iter()
                .filter(|b| l.board.is_none_or(|n| b.board.0 == n))
                .map(|b| summary(&m, &j.state, b, mono))
                .collect();
            looks.push(Look {
                at: step.at.clone(),
                boards,
            });
        } else {
            j.step(&m, step, mono, &field, &mut c, &mut proposals);
        }
    }
    c.into_result()?;
    let state = j.state;
    let score = rules::score(&m, &state);
    let clocks = state
        .boards
        .iter()
        .map(|b| crate::clock_now::clock_at(&state, b, last))
        .collect();
    let boards = state
        .boards
        .iter()
        .map(|b| summary(&m, &state, b, last))
        .collect();
    Ok(Outcome {
        score,
        proposals,
        absent_after_default_time: rules::absent_after_default_time(&m, &state, last),
        clocks,
        boards,
        looks,
        state,
        records: j.records,
        journal: j.journal,
    })
}

/// The journal a scenario writes as it goes, and the state folded from it.
struct Journaled {
    start: WallMs,
    chain: Chain,
    journal: Vec<u8>,
    state: MatchState,
    records: Vec<Record>,
}

impl Journaled {
    /// A journal begun as the console begins one: the session, then the boards' setups.
    fn started(m: &Match, start: WallMs) -> Journaled {
        let mut j = Journaled {
            start,
            chain: Chain::default(),
            journal: Vec::new(),
            state: MatchState::default(),
            records: Vec::new(),
        };
        let setups = crate::record::board_setups(m);
        j.push(
            MonoMs::ORIGIN,
            Origin::System,
            crate::record::SessionStarted::of(
                m,
                format!("arbiter-console {} (script)", env!("CARGO_PKG_VERSION")),
            )
            .into(),
        );
        for e in setups {
            j.push(MonoMs::ORIGIN, Origin::System, e);
        }
        j
    }

    /// Journals a record at `mono` and applies it.
    fn push(&mut self, mono: MonoMs, origin: Origin, event: Event) {
        let r = self.chain.append(
            self.start + mono.as_base_ms() as i64,
            mono,
            origin,
            event,
            &mut self.journal,
        );
        apply(&mut self.state, &r);
        self.records.push(r);
    }

    /// A `moves` step: one `move` record per move of the line, `every` apart from `mono`;
    /// `last` moves on with them.
    fn moves(
        &mut self,
        mv: &MovesStep,
        mono: MonoMs,
        field: &str,
        c: &mut Collector<'_>,
        last: &mut MonoMs,
    ) {
        if let Err(msg) = moves_records(&self.state, mv, mono) {
            c.error(format!("{field}.moves"), msg);
            return;
        }
        let every = mv
            .every
            .as_deref()
            .map(|e| hms::parse(e, Shape::FULL))
            .unwrap_or(Ok(1_000));
        let every = match every {
            Ok(every) => every,
            Err(e) => {
                c.error(
                    format!("{field}.moves.every"),
                    format!("not h:mm:ss or h:mm:ss.mmm: {e}"),
                );
                return;
            }
        };
        let mut t = mono;
        for tok in mv.line.split_whitespace() {
            match moves_records(
                &self.state,
                &MovesStep {
                    line: tok.into(),
                    ..mv.clone()
                },
                t,
            ) {
                Ok(evs) => {
                    for e in evs {
                        self.push(t, Origin::Feed(BoardNo(mv.board)), e);
                    }
                }
                Err(msg) => {
                    c.error(format!("{field}.moves"), msg);
                    break;
                }
            }
            *last = t;
            t += every;
        }
    }

    /// A step of one record (an event, a lineup, a clock operation, an intervention), with the
    /// proposal the rules made for an intervention, and the ruling's times sent to the clock
    /// where the step asks for it.
    fn step(
        &mut self,
        m: &Match,
        step: &Step,
        mono: MonoMs,
        field: &str,
        c: &mut Collector<'_>,
        proposals: &mut Vec<ProposalSeen>,
    ) {
        let (origin, event, seen) = match step.input(m, &self.state, mono) {
            Ok(input) => input,
            Err((sub, msg)) => return c.error(format!("{field}{sub}"), msg),
        };
        if let Some(seen) = seen {
            proposals.push(seen);
        }
        let to_clock = step
            .intervene
            .as_ref()
            .is_some_and(|iv| iv.send_to_clock)
            .then(|| crate::status::ruling_goes_to_clock(m, &event));
        self.push(mono, origin, event);
        match to_clock {
            None => {}
            Some(None) => c.error(
                format!("{field}.intervene.send_to_clock"),
                "the ruling changes no time on a clock that accepts commands \
                 (the match file's clock_commands)",
            ),
            Some(Some(board)) => match crate::status::clock_to_set(m, &self.state, board, mono) {
                Ok(set) => self.push(mono, Origin::Arbiter, set.record()),
                Err(why) => c.error(
                    format!("{field}.intervene.send_to_clock"),
                    crate::i18n::english(&why),
                ),
            },
        }
    }
}

/// The `move` records of a `moves` step's line from the board's position (the first only when
/// checking; each token is played as the state reaches it).
fn moves_records(state: &MatchState, mv: &MovesStep, _at: MonoMs) -> Result<Vec<Event>, String> {
    let bs = state
        .board(BoardNo(mv.board))
        .ok_or_else(|| format!("board {} is not in this match", mv.board))?;
    let Some(tok) = mv.line.split_whitespace().next() else {
        return Err("an empty line".into());
    };
    if bs.position().is_none() {
        return Err(format!("no position is known on board {}", mv.board));
    }
    let g = &bs.game.game;
    let m = g
        .legal_move(tok, tok)
        .ok_or_else(|| format!("{tok} is not a legal move in {}", g.fen()))?;
    let uci = shakmaty::uci::UciMove::from_standard(m).to_string();
    Ok(vec![Event::MoveMade(crate::record::MoveMade {
        board: BoardNo(mv.board),
        ply: g.ply() + 1,
        san: g.san(m),
        clock_ms: None,
        uci,
    })])
}
