//! The match file's validation beyond what serde's types check: every problem recorded with
//! its field, in the order of the file's parts (games, names, date and start, boards, feeds,
//! the time control, the teams with their players and lineups, the signers).

use std::collections::HashMap;

use chrono::{DateTime, FixedOffset, NaiveDate};

use super::{MatchFile, Player, Source, Team, check_zps};
use crate::diag::Collector;
use crate::profile::RuleProfile;

pub(super) type Checked = (NaiveDate, DateTime<FixedOffset>, Vec<Source>);

/// Validates everything that serde's types do not; records each problem in `c`, in the order
/// of the file's parts.
pub(super) fn check(f: &MatchFile, p: &RuleProfile, c: &mut Collector<'_>) -> Option<Checked> {
    check_games(f, c);
    check_names(f, c);
    let (date, start) = check_when(f, c);
    check_boards(f, p, c);
    let sources = check_feeds(f, c);
    if let Some(tc) = &f.time_control
        && let Err(e) = tc.validate()
    {
        c.error("time_control", e);
    }
    let mut fide_ids: HashMap<u64, String> = HashMap::new();
    for (side, team) in [("home", &f.home), ("away", &f.away)] {
        check_team(side, team, f.boards, date_year(&f.date), &mut fide_ids, c);
    }
    if f.home.name == f.away.name {
        c.error(
            "away.name",
            format!("both teams are named {:?}", f.home.name),
        );
    }
    check_signers(f, c);
    if c.found.is_empty() {
        Some((date?, start?, sources))
    } else {
        None
    }
}

/// The `[[game]]` entries: a board of the match each, once, with a position that is one.
fn check_games(f: &MatchFile, c: &mut Collector<'_>) {
    let mut seen = std::collections::HashSet::new();
    for (i, g) in f.games.iter().enumerate() {
        if g.board == 0 || g.board > f.boards {
            c.error(
                format!("game[{i}].board"),
                format!("board {} is not one of the {} boards", g.board, f.boards),
            );
        }
        if !seen.insert(g.board) {
            c.error(
                format!("game[{i}].board"),
                format!("board {} has a [[game]] already", g.board),
            );
        }
        if let Some(fen) = &g.fen
            && let Err(e) = crate::game::position_from_fen(fen)
        {
            c.error(format!("game[{i}].fen"), e.to_string());
        }
    }
}

/// The names the report prints (not empty) and the round (from 1).
fn check_names(f: &MatchFile, c: &mut Collector<'_>) {
    if let Some(city) = &f.city
        && city.trim().is_empty()
    {
        c.error(
            "city",
            "must not be empty (leave it out to take the venue's last part)",
        );
    }
    for (field, v) in [
        ("competition", &f.competition),
        ("season", &f.season),
        ("venue", &f.venue),
        ("arbiter.name", &f.arbiter.name),
    ] {
        if v.trim().is_empty() {
            c.error(field, "must not be empty");
        }
    }
    if f.round == 0 {
        c.error("round", "rounds count from 1");
    }
}

/// The date and the scheduled start, each where it is one, on the same day.
fn check_when(
    f: &MatchFile,
    c: &mut Collector<'_>,
) -> (Option<NaiveDate>, Option<DateTime<FixedOffset>>) {
    let date = NaiveDate::parse_from_str(&f.date, "%Y-%m-%d")
        .map_err(|e| {
            c.error(
                "date",
                format!("{:?} is not a date YYYY-MM-DD: {e}", f.date),
            )
        })
        .ok();
    let start = DateTime::parse_from_rfc3339(&f.scheduled_start)
        .map_err(|e| {
            c.error(
                "scheduled_start",
                format!(
                    "{:?} is not an RFC 3339 time with offset (e.g. 2026-11-28T14:00:00+01:00): {e}",
                    f.scheduled_start
                ),
            )
        })
        .ok();
    if let (Some(d), Some(s)) = (date, start)
        && s.date_naive() != d
    {
        c.error(
            "scheduled_start",
            format!("falls on {} but the match date is {d}", s.date_naive()),
        );
    }
    (date, start)
}

/// The number of boards: plausible, and the profile's.
fn check_boards(f: &MatchFile, p: &RuleProfile, c: &mut Collector<'_>) {
    if !(1..=1000).contains(&f.boards) {
        c.error("boards", format!("{} boards: expected 1 to 1000", f.boards));
    } else if f.boards != p.boards {
        c.error(
            "boards",
            format!(
                "{} boards, but the rule profile {:?} is for {} boards",
                f.boards, p.id, p.boards
            ),
        );
    }
}

/// The feeds (one per board, each a source), the boards whose clocks take commands (a DGT
/// feed's), the modes per board (one per board); the sources parsed.
fn check_feeds(f: &MatchFile, c: &mut Collector<'_>) -> Vec<Source> {
    let mut sources = Vec::new();
    if !f.feeds.is_empty() && f.feeds.len() != usize::from(f.boards) {
        c.error(
            "feeds",
            format!(
                "{} feed sources for {} boards: give one per board (or `none`)",
                f.feeds.len(),
                f.boards
            ),
        );
    }
    for (i, uri) in f.feeds.iter().enumerate() {
        match Source::parse(uri) {
            Ok(s) => sources.push(s),
            Err(e) => c.error(format!("feeds[{i}]"), e),
        }
    }
    for (i, b) in f.clock_commands.iter().enumerate() {
        let feed = usize::from(*b)
            .checked_sub(1)
            .and_then(|i| f.feeds.get(i))
            .map(|u| Source::parse(u));
        match feed {
            _ if *b == 0 || *b > f.boards => c.error(
                format!("clock_commands[{i}]"),
                format!("board {b}: the match has boards 1 to {}", f.boards),
            ),
            Some(Ok(Source::Tcp { .. } | Source::Serial { .. })) => {}
            _ => c.error(
                format!("clock_commands[{i}]"),
                format!("board {b}: only a DGT feed (tcp:// or serial://) can send to its clock"),
            ),
        }
    }
    if !f.board_modes.is_empty() && f.board_modes.len() != usize::from(f.boards) {
        c.error(
            "board_modes",
            format!(
                "{} modes for {} boards: give one per board (or none)",
                f.board_modes.len(),
                f.boards
            ),
        );
    }
    sources
}

/// The signers' public keys, where given: 64 hex digits each.
fn check_signers(f: &MatchFile, c: &mut Collector<'_>) {
    for (field, key) in [
        ("signers.arbiter", &f.signers.arbiter),
        ("signers.home_captain", &f.signers.home_captain),
        ("signers.away_captain", &f.signers.away_captain),
    ] {
        if let Some(k) = key
            && (k.len() != 64 || hex::decode(k).is_err())
        {
            c.error(
                field,
                "expected an Ed25519 public key as 64 hex digits (from `arbiter keygen`)",
            );
        }
    }
}

/// The match's year, if its date is one (for the plausibility of a birth year).
fn date_year(date: &str) -> Option<u16> {
    NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .ok()
        .and_then(|d| u16::try_from(chrono::Datelike::year(&d)).ok())
}

fn check_team(
    side: &str,
    team: &Team,
    boards: u16,
    year: Option<u16>,
    fide_ids: &mut HashMap<u64, String>,
    c: &mut Collector<'_>,
) {
    for (field, v) in [
        ("club", &team.club),
        ("name", &team.name),
        ("captain", &team.captain),
    ] {
        if v.trim().is_empty() {
            c.error(format!("{side}.{field}"), "must not be empty");
        }
    }
    if team.squad.is_empty() {
        c.error(format!("{side}.squad"), "the ranking list is empty");
    }
    let mut ranks: HashMap<u16, usize> = HashMap::new();
    for (i, pl) in team.squad.iter().enumerate() {
        let at = format!("{side}.squad[{i}]");
        if pl.rank == 0 {
            c.error(format!("{at}.rank"), "ranks count from 1");
        }
        if let Some(first) = ranks.insert(pl.rank, i) {
            c.error(
                format!("{at}.rank"),
                format!("rank {} is also given to {side}.squad[{first}]", pl.rank),
            );
        }
        check_player(&at, pl, year, fide_ids, c);
    }
    check_members(side, team, c);
    if !team.lineup.is_empty() {
        check_lineup(side, team, boards, &ranks, c);
    }
}

/// A player of a squad (`at` names him): his name, rating, federation, year of birth and FIDE
/// ID (one player's in the whole match).
fn check_player(
    at: &str,
    pl: &Player,
    year: Option<u16>,
    fide_ids: &mut HashMap<u64, String>,
    c: &mut Collector<'_>,
) {
    if pl.name.trim().is_empty() {
        c.error(format!("{at}.name"), "must not be empty");
    }
    if let Some(r) = pl.rating
        && !(100..=3000).contains(&r)
    {
        c.error(
            format!("{at}.rating"),
            format!("{r} is not a rating (expected 100 to 3000)"),
        );
    }
    if let Some(fed) = &pl.federation
        && !(fed.len() == 3 && fed.bytes().all(|b| b.is_ascii_uppercase()))
    {
        c.error(
            format!("{at}.federation"),
            format!("{fed:?} is not a federation code (three capital letters, as FIDE writes them: \"GER\")"),
        );
    }
    if let Some(y) = pl.birth_year
        && !(1900..=year.unwrap_or(9999)).contains(&y)
    {
        c.error(
            format!("{at}.birth_year"),
            format!("{y} is not a year of birth (1900 to the match's year)"),
        );
    }
    if let Some(id) = pl.fide_id {
        if id == 0 || id > 999_999_999 {
            c.error(
                format!("{at}.fide_id"),
                format!("{id} is not a FIDE ID (1 to 9 digits)"),
            );
        } else if let Some(other) = fide_ids.insert(id, at.to_string()) {
            c.error(
                format!("{at}.fide_id"),
                format!("FIDE ID {id} is also given to {other}"),
            );
        }
    }
}

/// The squad's club memberships: a ZPS number and a member number together, each valid, one
/// player's each.
fn check_members(side: &str, team: &Team, c: &mut Collector<'_>) {
    let mut members: HashMap<(String, u32), String> = HashMap::new();
    for (i, pl) in team.squad.iter().enumerate() {
        let at = format!("{side}.squad[{i}]");
        if let Some(z) = &pl.zps
            && let Err(e) = check_zps(z)
        {
            c.error(format!("{at}.zps"), e);
        }
        if let Some(n) = pl.member_no
            && !(1..=99_999).contains(&n)
        {
            c.error(
                format!("{at}.member_no"),
                format!("{n} is not a member number (1 to 99999)"),
            );
        }
        match (&pl.zps, pl.member_no) {
            (Some(_), None) => c.error(
                format!("{at}.member_no"),
                "a ZPS number needs the member number within the club",
            ),
            (None, Some(_)) => c.error(
                format!("{at}.zps"),
                "a member number needs the club's ZPS number",
            ),
            (Some(z), Some(n)) => {
                if let Some(other) = members.insert((z.clone(), n), at.clone()) {
                    c.error(
                        format!("{at}.member_no"),
                        format!("{z}-{n} is also given to {other}"),
                    );
                }
            }
            (None, None) => {}
        }
    }
}

/// The lineup in the match file: one entry per board, each a rank of the squad (0: no player),
/// none twice.
fn check_lineup(
    side: &str,
    team: &Team,
    boards: u16,
    ranks: &HashMap<u16, usize>,
    c: &mut Collector<'_>,
) {
    if team.lineup.len() != usize::from(boards) {
        c.error(
            format!("{side}.lineup"),
            format!("{} entries for {boards} boards", team.lineup.len()),
        );
    }
    let mut seen = HashMap::new();
    for (i, rank) in team.lineup.iter().enumerate() {
        if *rank == 0 {
            continue;
        }
        if !ranks.contains_key(rank) {
            c.error(
                format!("{side}.lineup[{i}]"),
                format!("no player with rank {rank} in {side}.squad"),
            );
        }
        if let Some(b) = seen.insert(*rank, i) {
            c.error(
                format!("{side}.lineup[{i}]"),
                format!("rank {rank} is already on board {}", b + 1),
            );
        }
    }
}
