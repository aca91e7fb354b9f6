//! The start of play: the default time (Karenzzeit) and its expiry, players absent after it,
//! and a start delayed by a team.

use super::*;

/// The moment the default time counts from, and where that comes from: the scheduled start, the
/// start the captains agreed on (the scheduled one while none is recorded), or the actual start
/// (unknown until the round is started).
pub fn start_reference(m: &Match, s: &MatchState) -> Option<(StartReference, WallMs)> {
    let dt = &m.profile.default_time;
    let scheduled = WallMs::from_datetime(&m.scheduled_start);
    let at = match dt.from {
        StartReference::ScheduledStart => scheduled,
        StartReference::AgreedStart => s
            .procedure
            .agreed_start
            .map(|(_, t)| t)
            .unwrap_or(scheduled),
        StartReference::ActualStart => s.round_started?.wall_ms,
    };
    Some((dt.from, at))
}

/// When the default time expires (wall ms), if it can be known yet.
pub fn default_time_expiry(m: &Match, s: &MatchState) -> Option<WallMs> {
    let (_, reference) = start_reference(m, s)?;
    Some(reference + i64::from(m.profile.default_time.minutes) * 60_000)
}

/// The deadline of the default time with its basis, for the board panel and the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Deadline {
    pub minutes: u32,
    pub from: StartReference,
    /// The reference moment (wall ms).
    pub reference: WallMs,
    /// The deadline (wall ms).
    pub at: WallMs,
    /// Whether a player arriving exactly at the deadline is late.
    pub late_at_deadline: bool,
    /// Where the default time and its boundary come from (`default_time.source`,
    /// `start.source`).
    pub sources: Vec<String>,
}

pub fn deadline(m: &Match, s: &MatchState) -> Option<Deadline> {
    let (from, reference) = start_reference(m, s)?;
    let minutes = m.profile.default_time.minutes;
    Some(Deadline {
        minutes,
        from,
        reference,
        at: reference + i64::from(minutes) * 60_000,
        late_at_deadline: m.profile.start.arrival_at_deadline == ArrivalAtDeadline::Late,
        sources: {
            let mut v: Vec<String> = Vec::new();
            for x in [&m.profile.default_time.source, &m.profile.start.source] {
                let x = crate::profile::citation_text(x);
                if !x.is_empty() && !v.contains(&x) {
                    v.push(x);
                }
            }
            v
        },
    })
}

/// "HH:MM" (or "HH:MM:SS" when the seconds are not zero) at the venue.
pub fn local_hm(m: &Match, wall_ms: WallMs) -> String {
    wall_ms
        .to_datetime()
        .map(|t| {
            let t = t.with_timezone(m.scheduled_start.offset());
            if t.timestamp() % 60 == 0 {
                t.format("%H:%M").to_string()
            } else {
                t.format("%H:%M:%S").to_string()
            }
        })
        .unwrap_or_default()
}

/// The deadline in words: "default time 60 min from the scheduled start 10:00 (until 11:00)".
pub fn deadline_msg(m: &Match, d: &Deadline) -> Msg {
    let basis = match d.from {
        StartReference::ScheduledStart => "deadline-basis-scheduled",
        StartReference::AgreedStart => "deadline-basis-agreed",
        StartReference::ActualStart => "deadline-basis-actual",
    };
    msg!(
        "rules-deadline",
        minutes = d.minutes,
        basis = Msg::new(basis),
        reference = local_hm(m, d.reference),
        until = local_hm(m, d.at)
    )
}

/// Whether an arrival at `arrival` (wall ms) is after the default time, by the profile's rule
/// for an arrival exactly at the deadline. Times count in whole seconds, as a clock shows them:
/// where an arrival at the deadline is in time, a player who appears within the deadline's
/// second is in time and one a second later is not (DSB note to 6.7.1: "innerhalb der
/// vorgeschriebenen Wartezeit").
pub fn arrived_late(m: &Match, arrival: WallMs, expiry: WallMs) -> bool {
    let (a, e) = (arrival.floor_to_second(), expiry.floor_to_second());
    match m.profile.start.arrival_at_deadline {
        ArrivalAtDeadline::InTime => a > e,
        ArrivalAtDeadline::Late => a >= e,
    }
}

/// How much a player missed the deadline by: from the deadline to his arrival, or to `now`
/// while he is still absent; whole seconds.
fn missed_by(m: &Match, arrival: Option<WallMs>, now: WallMs, expiry: WallMs) -> Msg {
    let by = |t: WallMs| {
        Arg::DurationMs(u64::try_from(t.floor_to_second() - expiry.floor_to_second()).unwrap_or(0))
    };
    match arrival {
        Some(a) => msg!(
            "rules-default-time-fact-late",
            arrival = local_hm_s(m, a),
            by = by(a)
        ),
        None => msg!("rules-default-time-fact-absent", by = by(now)),
    }
}

/// "HH:MM:SS" at the venue.
fn local_hm_s(m: &Match, wall_ms: WallMs) -> String {
    wall_ms
        .to_datetime()
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}

/// Whether the default time has run out at `now` (a player not there at the deadline is
/// absent; where an arrival at the deadline is in time, only after it).
fn expired(m: &Match, now: WallMs, expiry: WallMs) -> bool {
    arrived_late(m, now, expiry)
}

/// How late a player arrived: the time from the reference start (the one the default time
/// counts from, else the actual start) to the arrival; 0 when in time for the start.
pub fn lateness(m: &Match, s: &MatchState, bs: &BoardState, team: TeamSide) -> Option<u64> {
    let arrival = bs.arrived(team)?.wall_ms;
    let start = start_reference(m, s)
        .map(|(_, t)| t)
        .or(s.round_started.map(|r| r.wall_ms))?;
    Some(u64::try_from(arrival - start).unwrap_or(0))
}

/// Players absent (or arrived after it) once the default time has expired.
pub fn absent_after_default_time(
    m: &Match,
    s: &MatchState,
    now_mono: MonoMs,
) -> Vec<(BoardNo, TeamSide)> {
    let (Some(expiry), Some(now)) = (default_time_expiry(m, s), wall_at(s, now_mono)) else {
        return Vec::new();
    };
    if !expired(m, now, expiry) {
        return Vec::new();
    }
    let mut v = Vec::new();
    for bs in &s.boards {
        if bs.result.is_some() {
            continue;
        }
        for team in [TeamSide::Home, TeamSide::Away] {
            if bs
                .arrived(team)
                .is_none_or(|a| arrived_late(m, a.wall_ms, expiry))
            {
                v.push((bs.board, team));
            }
        }
    }
    v
}

/// Who has turned up at the end of the default time (BTO NRW § 15.2: a team has turned up once
/// half its players are fielded).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presence {
    /// Players present in time, `[home, away]`.
    pub present: [u16; 2],
    /// The profile's threshold.
    pub min_players: u16,
    /// Whether each team has turned up.
    pub turned_up: [bool; 2],
    /// Whether the score of a team that has not turned up is left to the league (provisional).
    pub provisional: bool,
    pub source: String,
}

/// The teams' presence once the default time has run out at `now` (wall ms); `None` where the
/// profile has no threshold or the deadline has not passed.
pub fn presence_at(m: &Match, s: &MatchState, now: WallMs) -> Option<Presence> {
    let tp = &m.profile.team_presence;
    if tp.min_players == 0 {
        return None;
    }
    let expiry = default_time_expiry(m, s)?;
    if !expired(m, now, expiry) {
        return None;
    }
    let mut present = [0u16; 2];
    for bs in &s.boards {
        for team in [TeamSide::Home, TeamSide::Away] {
            if lineup::player(m, s, team, bs.board).is_some()
                && bs
                    .arrived(team)
                    .is_some_and(|a| !arrived_late(m, a.wall_ms, expiry))
            {
                present[team.index()] += 1;
            }
        }
    }
    let turned_up = present.map(|n| n >= tp.min_players);
    Some(Presence {
        present,
        min_players: tp.min_players,
        turned_up,
        provisional: turned_up.contains(&false)
            && tp.no_show_scoring == crate::profile::NoShowScoring::LeftToLeague,
        source: tp.source.clone(),
    })
}

/// [`presence_at`] at a monotonic instant of the session.
pub fn presence(m: &Match, s: &MatchState, now_mono: MonoMs) -> Option<Presence> {
    presence_at(m, s, wall_at(s, now_mono)?)
}

pub(super) fn default_time(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    now_mono: MonoMs,
    p: &mut Proposal,
) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, &dt.article, &dt.source);
    let Some(expiry) = default_time_expiry(m, s) else {
        p.explanation = msg!("rules-default-time-not-started");
        return;
    };
    let now = wall_at(s, now_mono).unwrap_or(WallMs::MIN);
    let at = expiry
        .to_datetime()
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default();
    if !expired(m, now, expiry) {
        p.explanation = msg!("rules-default-time-expires", minutes = dt.minutes, at = &at);
        return;
    }
    let absent = |t: TeamSide| {
        bs.arrived(t)
            .is_none_or(|a| arrived_late(m, a.wall_ms, expiry))
    };
    let white = super::colours::white_team(m, s, bs.board);
    let (white_absent, black_absent) = (absent(white), absent(white.other()));
    for (team, is_absent, color) in [
        (white, white_absent, Color::White),
        (white.other(), black_absent, Color::Black),
    ] {
        if is_absent {
            p.facts.push(msg!(
                "rules-default-time-fact-missed",
                player = color,
                missed = missed_by(m, bs.arrived(team).map(|a| a.wall_ms), now, expiry)
            ));
        }
    }
    let result = match (white_absent, black_absent) {
        (true, true) => GameResult::DoubleForfeit,
        (true, false) => GameResult::BlackWinsForfeit,
        (false, true) => GameResult::WhiteWinsForfeit,
        (false, false) => {
            both_were_absent(m, s, bs, white, p);
            return;
        }
    };
    p.consequence.result = Some(result);
    p.consequence.set_summary(msg!(
        "rules-summary-default-time",
        at = &at,
        result = result
    ));
    p.explanation = msg!("rules-default-time-expired", at = &at, result = result);
}

pub(super) fn start_delay(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    team: TeamSide,
    minutes: u32,
    p: &mut Proposal,
) {
    let dt = &m.profile.default_time;
    p.articles = cite(m, "", &dt.source);
    if !dt.team_delay_charged_to_clocks {
        p.explanation = msg!("rules-start-delay-not-charged", profile = &m.profile.id);
        return;
    }
    let colour = super::colours::colour_of(m, s, team, bs.board);
    let ms = i64::from(minutes) * 60_000;
    p.consequence.clock.push(TimeChange {
        player: colour,
        delta_ms: -ms,
    });
    p.consequence.set_summary(msg!(
        "rules-summary-start-delay",
        team = team,
        time = Arg::DurationMs(ms.unsigned_abs()),
        player = colour
    ));
    p.explanation = msg!(
        "rules-start-delay",
        team = team,
        minutes = minutes,
        player = colour
    );
}

/// One request per board for a start delayed by a team.
pub fn start_delay_requests(m: &Match, team: TeamSide, minutes: u32) -> Vec<Request> {
    (0..usize::from(m.file.boards))
        .map(|i| Request {
            board: Some(BoardNo::from_index(i)),
            player: None,
            kind: InterventionKind::StartDelay { team, minutes },
        })
        .collect()
}

/// Both players were present at the deadline, but both were absent at the start: FIDE 6.7.2,
/// White loses the time that elapses until he arrives, "unless the regulations … or the arbiter
/// decides otherwise". Where the profile says White does not lose it, the time both were
/// absent is given back to White.
fn both_were_absent(m: &Match, s: &MatchState, bs: &BoardState, white: TeamSide, p: &mut Proposal) {
    let start = s
        .round_started
        .map(|r| r.wall_ms)
        .unwrap_or_else(|| WallMs::from_datetime(&m.scheduled_start));
    let (Some(w), Some(b)) = (bs.arrived(white), bs.arrived(white.other())) else {
        p.explanation = msg!("rules-default-time-both-present");
        return;
    };
    let both_absent = w.wall_ms.min(b.wall_ms) - start;
    if both_absent <= 0 {
        p.explanation = msg!("rules-default-time-both-present");
        return;
    }
    let time = Arg::DurationMs(both_absent.unsigned_abs());
    if m.profile.default_time.white_loses_time_if_both_absent {
        p.explanation = msg!("rules-both-absent-white-loses-time", time = time);
        return;
    }
    p.consequence.clock.push(TimeChange {
        player: Color::White,
        delta_ms: both_absent,
    });
    p.consequence.set_summary(msg!(
        "rules-summary-both-absent-time-back",
        time = time.clone()
    ));
    p.explanation = msg!("rules-both-absent-time-back", time = time);
}

/// A start delayed by something the team could not foresee (a train, a road closure): BTO NRW
/// § 27.3 charges a delay only to a club at fault. Where the profile leaves it to the arbiter,
/// the options; otherwise nothing is charged.
pub(super) fn unforeseeable_delay(
    m: &Match,
    s: &MatchState,
    bs: &BoardState,
    team: TeamSide,
    minutes: u32,
    p: &mut Proposal,
) {
    use crate::profile::Situation;
    let dt = &m.profile.default_time;
    p.articles = cite(m, &dt.article, &dt.source);
    if !m.profile.is_open(Situation::StartDelayUnforeseeable) {
        p.explanation = msg!(
            "rules-unforeseeable-delay-not-charged",
            team = team,
            minutes = minutes
        );
        return;
    }
    let colour = super::colours::colour_of(m, s, team, bs.board);
    let ms = i64::from(minutes) * 60_000;
    let mut charged = Consequence::default();
    charged.clock.push(TimeChange {
        player: colour,
        delta_ms: -ms,
    });
    charged.set_summary(msg!(
        "rules-summary-start-delay",
        team = team,
        time = Arg::DurationMs(ms.unsigned_abs()),
        player = colour
    ));
    let mut req = super::decision::DecisionRequest::new(
        Situation::StartDelayUnforeseeable,
        msg!("decision-why-start-delay-unforeseeable"),
    )
    .fact(msg!(
        "decision-fact-start-delay",
        team = team,
        minutes = minutes
    ));
    if let Some(d) = deadline(m, s) {
        req = req.fact(deadline_msg(m, &d));
    }
    p.decision = Some(
        req.option(
            "not_charged",
            msg!("decision-option-delay-not-charged"),
            Consequence::default(),
        )
        .option(
            "charge_to_team",
            msg!(
                "decision-option-delay-charged",
                team = team,
                minutes = minutes
            ),
            charged,
        ),
    );
    p.explanation = msg!(
        "rules-unforeseeable-delay-open",
        team = team,
        minutes = minutes
    );
}

/// Why an actual start entered by the arbiter cannot be recorded, if it cannot: it lies in the
/// future (after `now`, wall ms), or before the scheduled start without a reason (a round is
/// not started early unless the captains and the arbiter say why).
pub fn check_start_time(m: &Match, at: WallMs, now: WallMs, reason: &str) -> Result<(), Msg> {
    let scheduled = WallMs::from_datetime(&m.scheduled_start);
    if at > now {
        return Err(msg!("rules-start-in-future", time = local_hm(m, at)));
    }
    if at < scheduled && reason.trim().is_empty() {
        return Err(msg!(
            "rules-start-before-scheduled",
            time = local_hm(m, at),
            scheduled = local_hm(m, scheduled)
        ));
    }
    Ok(())
}

/// Why an arrival time entered by the arbiter cannot be recorded, if it cannot: it lies in the
/// future (after `now`, wall ms).
pub fn check_arrival_time(m: &Match, at: WallMs, now: WallMs) -> Result<(), Msg> {
    if at > now {
        return Err(msg!("rules-arrival-in-future", time = local_hm(m, at)));
    }
    Ok(())
}

/// The deadline the round would have if it started at `at` (wall ms): what the start screen
/// shows before the arbiter confirms. Where the default time counts from the scheduled or the
/// agreed start, the actual start does not move it.
pub fn deadline_if_started(m: &Match, s: &MatchState, at: WallMs) -> Option<Deadline> {
    if s.round_started.is_some() || m.profile.default_time.from != StartReference::ActualStart {
        return deadline(m, s);
    }
    let mut s = s.clone();
    s.round_started = Some(crate::state::Stamp {
        seq: 0,
        wall_ms: at,
        mono_ms: MonoMs::ORIGIN,
    });
    deadline(m, &s)
}

/// The players absent at the deadline whose board has no ruling on it yet, each with the rules'
/// proposal for the expired default time (a forfeit, or the decision the profile leaves to the
/// arbiter): what the console asks the arbiter to confirm when the default time runs out.
pub fn default_time_prompt(
    m: &Match,
    s: &MatchState,
    now_mono: MonoMs,
) -> Vec<(BoardNo, TeamSide, Request, Proposal)> {
    let absent = absent_after_default_time(m, s, now_mono);
    let mut out = Vec::new();
    for (board, team) in absent {
        let ruled = s.interventions.iter().any(|e| {
            e.intervention.board == Some(board)
                && e.intervention.kind == InterventionKind::DefaultTimeExpired
        });
        if ruled || out.iter().any(|(b, _, _, _)| *b == board) {
            continue;
        }
        let req = Request {
            board: Some(board),
            player: None,
            kind: InterventionKind::DefaultTimeExpired,
        };
        let p = propose(m, s, &req, now_mono);
        out.push((board, team, req, p));
    }
    out
}

/// How far an actual start entered by the arbiter may lie from the moment the first clock ran
/// before the console says so: the profile's tolerance for a board started apart from the
/// round (DSB note to 6.7.1), or a minute where the profile sets none.
fn start_tolerance_ms(m: &Match) -> u64 {
    match m.profile.start.single_board_tolerance_s {
        0 => 60_000,
        s => u64::from(s) * 1000,
    }
}

/// When the first clock of the match ran (wall ms), if one has.
pub fn first_clock_run(s: &MatchState) -> Option<WallMs> {
    s.boards
        .iter()
        .filter_map(|bs| {
            bs.clock_presses
                .iter()
                .find(|p| p.sample.running.is_some())
                .map(|p| p.at.wall_ms)
        })
        .min()
}

/// The facts where the start entered (`at`, wall ms) lies far from the moment the clocks
/// first ran (issue 29: a start entered 21 minutes before the clocks actually ran is a typing
/// error or a fact for the report): the start screen shows them and asks once more.
pub fn start_far_from_clocks(m: &Match, s: &MatchState, at: WallMs) -> Option<Msg> {
    let first = first_clock_run(s)?;
    let diff = first - at;
    if diff.unsigned_abs() <= start_tolerance_ms(m) {
        return None;
    }
    let (time, clocks) = (local_hm(m, at), local_hm(m, first));
    let diff_text = crate::hms::format_hms(diff.unsigned_abs());
    Some(if diff > 0 {
        msg!(
            "rules-start-before-clocks",
            time = time,
            clocks = clocks,
            diff = diff_text
        )
    } else {
        msg!(
            "rules-start-after-clocks",
            time = time,
            clocks = clocks,
            diff = diff_text
        )
    })
}
