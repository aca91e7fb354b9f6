//! The start of play: the default time (Karenzzeit) and its expiry, players absent after it,
//! and a start delayed by a team.

use super::*;

/// When the default time expires (wall ms), if it can be known yet.
pub fn default_time_expiry(m: &Match, s: &MatchState) -> Option<WallMs> {
    let dt = &m.profile.default_time;
    let reference = match dt.from {
        StartReference::ScheduledStart => m.scheduled_start.timestamp_millis(),
        StartReference::ActualStart => s.round_started?.wall_ms,
    };
    Some(reference + i64::from(dt.minutes) * 60_000)
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
    if now < expiry {
        return Vec::new();
    }
    let mut v = Vec::new();
    for bs in &s.boards {
        if bs.result.is_some() {
            continue;
        }
        for team in [TeamSide::Home, TeamSide::Away] {
            if bs.arrived(team).is_none_or(|a| a.wall_ms > expiry) {
                v.push((bs.board, team));
            }
        }
    }
    v
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
    let now = wall_at(s, now_mono).unwrap_or(i64::MIN);
    let at = chrono::DateTime::from_timestamp_millis(expiry)
        .map(|t| {
            t.with_timezone(m.scheduled_start.offset())
                .format("%H:%M:%S")
                .to_string()
        })
        .unwrap_or_default();
    if now < expiry {
        p.explanation = msg!("rules-default-time-expires", minutes = dt.minutes, at = &at);
        return;
    }
    let absent = |t: TeamSide| bs.arrived(t).is_none_or(|a| a.wall_ms > expiry);
    let white = m.white_team(bs.board);
    let (white_absent, black_absent) = (absent(white), absent(white.other()));
    let result = match (white_absent, black_absent) {
        (true, true) => GameResult::DoubleForfeit,
        (true, false) => GameResult::BlackWinsForfeit,
        (false, true) => GameResult::WhiteWinsForfeit,
        (false, false) => {
            p.explanation = msg!("rules-default-time-both-present");
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
    let colour = if m.white_team(bs.board) == team {
        Color::White
    } else {
        Color::Black
    };
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
