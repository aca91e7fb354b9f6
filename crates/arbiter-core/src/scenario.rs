//! Headless scenarios: a file of timed feed inputs and arbiter actions, applied to a match
//! through the same journal and `apply` as the console; the result is printed as JSON.
//!
//! Format: `docs/SCENARIOS.md`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::intervention::{Consequence, InterventionKind, LineupSlot, LineupSubmitted};
use crate::journal::{Chain, Record};
use crate::matchfile::Match;
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
}

impl Step {
    /// The record this step makes at `mono`: a raw event, a lineup, or an intervention proposed
    /// by the rules and confirmed (as proposed, or as overridden). The error names the sub-field.
    pub fn input(
        &self,
        m: &Match,
        state: &MatchState,
        mono: MonoMs,
    ) -> Result<(Origin, Event, Option<ProposalSeen>), (String, String)> {
        let n = usize::from(self.event.is_some())
            + usize::from(self.intervene.is_some())
            + usize::from(self.lineup.is_some());
        if n != 1 {
            return Err((
                String::new(),
                "each step needs exactly one of event, intervene, lineup".into(),
            ));
        }
        if let Some(ev) = &self.event {
            let payload = ev
                .payload
                .clone()
                .unwrap_or(toml::Value::Table(Default::default()));
            let json = serde_json::to_string(&payload)
                .map_err(|e| (".event.payload".to_string(), e.to_string()))?;
            let event = Event::from_parts(&ev.kind, &json)
                .map_err(|e| (".event".to_string(), e.to_string()))?;
            let origin = match &ev.origin {
                Some(o) => {
                    Origin::try_from(o.clone()).map_err(|e| (".event.origin".to_string(), e))?
                }
                None if event.needs_sync() => Origin::Arbiter,
                None => event.board().map(Origin::Feed).unwrap_or(Origin::System),
            };
            return Ok((origin, event, None));
        }
        if let Some(l) = &self.lineup {
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
            let ev = LineupSubmitted {
                team: l.team,
                slots,
                channel: String::new(),
            };
            return Ok((Origin::Arbiter, ev.into(), None));
        }
        let iv = self
            .intervene
            .as_ref()
            .ok_or_else(|| (String::new(), "empty step".to_string()))?;
        let req = Request {
            board: iv.board.map(BoardNo),
            player: iv.player,
            kind: iv.kind.clone(),
        };
        let p = rules::propose(m, state, &req, mono);
        let event = match (&p.decision, &iv.decide) {
            (Some(d), None) => {
                let keys: Vec<&str> = d.options.iter().map(|o| o.key.as_str()).collect();
                return Err((
                    ".intervene".into(),
                    format!(
                        "the rules leave this open ({:?}): give decide = {{ option, basis, reason }} \
                         with one of the options {}",
                        d.situation,
                        keys.join(", ")
                    ),
                ));
            }
            (_, Some(dec)) => {
                if iv.override_.is_some() {
                    return Err((
                        ".intervene".into(),
                        "give either override or decide, not both".into(),
                    ));
                }
                rules::decision::decide(&req, &p, &dec.option, dec.basis, &dec.reason)
                    .map_err(|e| (".intervene.decide".to_string(), e.to_string()))?
            }
            (None, None) => {
                let confirmed = iv
                    .override_
                    .clone()
                    .unwrap_or_else(|| p.consequence.clone());
                rules::confirm(&req, &p, confirmed, iv.reason.clone())
            }
        };
        Ok((
            Origin::Arbiter,
            event,
            Some(ProposalSeen {
                at: self.at.clone(),
                request: req,
                proposal: p,
            }),
        ))
    }
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
    /// Both clocks at the end, per board ([`crate::clock_now::clock_at`]).
    pub clocks: Vec<Option<crate::clock_now::ClockNow>>,
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
        crate::record::SessionStarted::of(
            &m,
            format!("arbiter-console {} (script)", env!("CARGO_PKG_VERSION")),
        )
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
        match step.input(&m, &state, mono) {
            Ok((origin, event, seen)) => {
                if let Some(seen) = seen {
                    proposals.push(seen);
                }
                push(&mut state, mono, origin, event);
            }
            Err((sub, msg)) => c.error(format!("{field}{sub}"), msg),
        }
    }
    c.into_result()?;
    let score = rules::score(&m, &state);
    let clocks = state
        .boards
        .iter()
        .map(|b| crate::clock_now::clock_at(&state, b, last))
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
