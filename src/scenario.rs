//! Headless scenarios: a file of timed feed inputs and arbiter actions, applied to a match
//! through the same journal and `apply` as the console; the result is printed as JSON.
//!
//! Format: `docs/SCENARIOS.md`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::intervention::{Consequence, InterventionKind, LineupSlot, LineupSubmitted};
use crate::journal::{Chain, Record};
use crate::matchfile::{Match, read_text};
use crate::model::{BoardNo, Color, MonoMs, TeamSide, WallMs};
use crate::record::{Event, Origin};
use crate::rules::{self, Proposal, Request, Score};
use crate::state::{MatchState, apply};

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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    /// Time since the start, `h:mm:ss` or `h:mm:ss.mmm`; steps must not go back in time.
    at: String,
    #[serde(default)]
    event: Option<RawEvent>,
    #[serde(default)]
    intervene: Option<Intervene>,
    #[serde(default)]
    lineup: Option<Lineup>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    kind: String,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    payload: Option<toml::Value>,
}

#[derive(Debug, Deserialize)]
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
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Lineup {
    team: TeamSide,
    /// Ranks from board 1 down; 0 = empty board.
    ranks: Vec<u16>,
    /// For empty boards: the absent players' ranks, in order.
    #[serde(default)]
    absent: Vec<u16>,
}

/// One proposal made during the scenario, as the arbiter saw it.
#[derive(Debug, Clone, Serialize)]
pub struct ProposalSeen {
    pub at: String,
    pub request: Request,
    pub proposal: Proposal,
}

/// What a scenario run yields.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub score: Score,
    pub proposals: Vec<ProposalSeen>,
    /// Players absent after the default time at the end of the scenario.
    pub absent_after_default_time: Vec<(BoardNo, TeamSide)>,
    /// Both clocks at the end, per board, as (White, Black) ms.
    pub clocks: Vec<Option<(u64, u64)>>,
    pub state: MatchState,
    #[serde(skip)]
    pub records: Vec<Record>,
    #[serde(skip)]
    pub journal: Vec<u8>,
}

/// Parses `h:mm:ss[.mmm]` into milliseconds.
pub fn parse_offset(s: &str) -> Option<u64> {
    let (hms, ms) = match s.split_once('.') {
        Some((a, b)) if !b.is_empty() && b.len() <= 3 && b.bytes().all(|c| c.is_ascii_digit()) => {
            (a, b.parse::<u64>().ok()? * 10u64.pow(3 - b.len() as u32))
        }
        Some(_) => return None,
        None => (s, 0),
    };
    let parts: Vec<&str> = hms.split(':').collect();
    let [h, m, sec] = parts.as_slice() else {
        return None;
    };
    let (h, m, sec): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, sec.parse().ok()?);
    if m >= 60 || sec >= 60 {
        return None;
    }
    Some(((h * 60 + m) * 60 + sec) * 1000 + ms)
}

/// Loads and runs a scenario file.
pub fn run_file(path: &Path) -> Result<Outcome, Diagnostics> {
    let src = read_text(path)?;
    let file: ScenarioFile =
        toml::from_str(&src).map_err(|e| Diagnostics(vec![from_toml_error(path, &src, &e)]))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let match_path: PathBuf = dir.join(&file.match_file);
    let m = Match::load(&match_path, file.profile.as_deref())?;
    let mut c = Collector::new(path, &src);
    let start: WallMs = match &file.start {
        None => m.scheduled_start.timestamp_millis(),
        Some(s) => match chrono::DateTime::parse_from_rfc3339(s) {
            Ok(t) => t.timestamp_millis(),
            Err(e) => {
                c.error("start", format!("{s:?} is not an RFC 3339 time: {e}"));
                return Err(Diagnostics(c.found));
            }
        },
    };
    let mut chain = Chain::default();
    let mut journal = Vec::new();
    let mut state = MatchState::default();
    let mut records = Vec::new();
    let mut proposals = Vec::new();
    let mut push = |state: &mut MatchState, mono: MonoMs, origin: Origin, event: Event| {
        let r = chain.append(start + mono as i64, mono, origin, event, &mut journal);
        apply(state, &r);
        records.push(r);
    };
    push(
        &mut state,
        0,
        Origin::System,
        crate::record::SessionStarted {
            match_sha256: m.match_sha256.clone(),
            profile_sha256: m.profile_sha256.clone(),
            match_path: match_path.display().to_string(),
            profile_id: m.profile.id.clone(),
            boards: m.file.boards,
            software: format!("arbiter-console {} (script)", env!("CARGO_PKG_VERSION")),
            time_control: Some(m.profile.time_control.clone()),
        }
        .into(),
    );
    let mut last = 0;
    for (i, step) in file.steps.iter().enumerate() {
        let field = format!("step[{i}]");
        let Some(mono) = parse_offset(&step.at) else {
            c.error(
                format!("{field}.at"),
                format!("{:?} is not h:mm:ss or h:mm:ss.mmm", step.at),
            );
            continue;
        };
        if mono < last {
            c.error(
                format!("{field}.at"),
                format!("{} goes back in time", step.at),
            );
            continue;
        }
        last = mono;
        let n = usize::from(step.event.is_some())
            + usize::from(step.intervene.is_some())
            + usize::from(step.lineup.is_some());
        if n != 1 {
            c.error(
                field.clone(),
                "each step needs exactly one of event, intervene, lineup",
            );
            continue;
        }
        if let Some(ev) = &step.event {
            let payload = ev
                .payload
                .clone()
                .unwrap_or(toml::Value::Table(Default::default()));
            let json = match serde_json::to_string(&payload) {
                Ok(j) => j,
                Err(e) => {
                    c.error(format!("{field}.event.payload"), e.to_string());
                    continue;
                }
            };
            let event = match Event::from_parts(&ev.kind, &json) {
                Ok(e) => e,
                Err(e) => {
                    c.error(format!("{field}.event"), e.to_string());
                    continue;
                }
            };
            let origin = match &ev.origin {
                Some(o) => match Origin::try_from(o.clone()) {
                    Ok(o) => o,
                    Err(e) => {
                        c.error(format!("{field}.event.origin"), e);
                        continue;
                    }
                },
                None if event.needs_sync() => Origin::Arbiter,
                None => event.board().map(Origin::Feed).unwrap_or(Origin::System),
            };
            push(&mut state, mono, origin, event);
        }
        if let Some(l) = &step.lineup {
            let mut absent = l.absent.iter();
            let slots = l
                .ranks
                .iter()
                .map(|r| match r {
                    0 => LineupSlot::Empty {
                        absent: absent.next().copied(),
                    },
                    r => LineupSlot::Player { rank: *r },
                })
                .collect();
            push(
                &mut state,
                mono,
                Origin::Arbiter,
                LineupSubmitted {
                    team: l.team,
                    slots,
                    channel: String::new(),
                }
                .into(),
            );
        }
        if let Some(iv) = &step.intervene {
            let req = Request {
                board: iv.board.map(BoardNo),
                player: iv.player,
                kind: iv.kind.clone(),
            };
            // The proposal is made at the step's instant: stamp "now" with a system tick.
            let p = rules::propose(&m, &state, &req, mono);
            let confirmed = iv
                .override_
                .clone()
                .unwrap_or_else(|| p.consequence.clone());
            let event = rules::confirm(&req, &p, confirmed, iv.reason.clone());
            proposals.push(ProposalSeen {
                at: step.at.clone(),
                request: req,
                proposal: p,
            });
            push(&mut state, mono, Origin::Arbiter, event);
        }
    }
    c.into_result()?;
    let score = rules::score(&m, &state);
    let clocks = state
        .boards
        .iter()
        .map(|b| rules::clock_times(&state, b, last))
        .collect();
    Ok(Outcome {
        score,
        proposals,
        absent_after_default_time: rules::absent_after_default_time(&m, &state, last),
        clocks,
        state,
        records,
        journal,
    })
}
