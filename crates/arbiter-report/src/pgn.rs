//! PGN of every game: the standard tags, `[%clk]` and `[%emt]` after every move, the arbiter's
//! interventions as comments with a `[%arb …]` command, unplayed games marked as such.

use std::fmt::Write as _;

use arbiter_core::intervention::TimeChange;
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, GameResult, TeamSide, format_hms};
use arbiter_core::report::player_on;
use arbiter_core::state::MatchState;

fn tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{v}\"]");
}

fn pgn_result(r: Option<GameResult>) -> &'static str {
    match r {
        Some(GameResult::WhiteWins | GameResult::WhiteWinsForfeit) => "1-0",
        Some(GameResult::BlackWins | GameResult::BlackWinsForfeit) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2",
        // -/-, 0-½, ½-0, 0-0 have no PGN result token.
        Some(_) | None => "*",
    }
}

fn arb(tc: &TimeChange, article: &str) -> String {
    format!(
        "[%arb {},{}{},{},\"{}\"]",
        if tc.delta_ms >= 0 { "add" } else { "sub" },
        if tc.delta_ms >= 0 { "+" } else { "-" },
        format_hms(tc.delta_ms.unsigned_abs()),
        if tc.player.is_white() { "W" } else { "B" },
        article.replace('"', "'")
    )
}

/// The PGN of one board's game.
pub fn game(m: &Match, s: &MatchState, board: BoardNo) -> String {
    let mut out = String::new();
    let bs = s.board(board);
    let white_team = m.white_team(board);
    let white = player_on(m, s, white_team, board);
    let black = player_on(m, s, white_team.other(), board);
    let result = bs.and_then(|b| b.result.as_ref()).map(|r| r.result);
    let team_name = |t: TeamSide| m.team(t).name.clone();
    tag(
        &mut out,
        "Event",
        &format!("{} {}", m.file.competition, m.file.season),
    );
    tag(&mut out, "Site", &m.file.venue);
    tag(&mut out, "Date", &m.file.date.replace('-', "."));
    tag(&mut out, "Round", &format!("{}.{}", m.file.round, board.0));
    tag(
        &mut out,
        "White",
        white.as_ref().map(|p| p.name.as_str()).unwrap_or("?"),
    );
    tag(
        &mut out,
        "Black",
        black.as_ref().map(|p| p.name.as_str()).unwrap_or("?"),
    );
    tag(&mut out, "Result", pgn_result(result));
    if let Some(r) = white.as_ref().and_then(|p| p.rating) {
        tag(&mut out, "WhiteElo", &r.to_string());
    }
    if let Some(r) = black.as_ref().and_then(|p| p.rating) {
        tag(&mut out, "BlackElo", &r.to_string());
    }
    if let Some(f) = white.as_ref().and_then(|p| p.fide_id) {
        tag(&mut out, "WhiteFideId", &f.to_string());
    }
    if let Some(f) = black.as_ref().and_then(|p| p.fide_id) {
        tag(&mut out, "BlackFideId", &f.to_string());
    }
    tag(&mut out, "WhiteTeam", &team_name(white_team));
    tag(&mut out, "BlackTeam", &team_name(white_team.other()));
    tag(&mut out, "Board", &board.0.to_string());
    tag(
        &mut out,
        "TimeControl",
        &m.profile
            .time_control
            .pgn_tag()
            .unwrap_or_else(|| "?".into()),
    );
    if let Some(r) = result
        && !r.is_played()
    {
        // Convention for unplayed games: no moves, and the Termination tag says so.
        tag(&mut out, "Termination", "unplayed");
        tag(&mut out, "Annotator", &format!("forfeit {}", r.notation()));
    } else if let Some(r) = result
        && matches!(
            r,
            GameResult::WhiteZeroBlackHalf
                | GameResult::WhiteHalfBlackZero
                | GameResult::BothZero
                | GameResult::DoubleForfeit
        )
    {
        tag(
            &mut out,
            "Termination",
            &format!("arbiter decision {}", r.notation()),
        );
    }
    out.push('\n');

    // Movetext as unbreakable units: move numbers, SANs, embedded commands, words.
    let mut units: Vec<String> = Vec::new();
    let tc = &m.time_control;
    let inc = tc
        .per_move
        .filter(|p| p.kind.is_increment())
        .map(|p| u64::from(p.seconds) * 1000)
        .unwrap_or(0);
    let mut prev_clock = [tc.initial_ms(), tc.initial_ms()];
    let interventions: Vec<_> = s
        .interventions
        .iter()
        .filter(|i| i.intervention.board == Some(board))
        .collect();
    let mut iv_idx = 0;
    if let Some(bs) = bs {
        let mut need_number = true;
        for (i, mv) in bs.moves.iter().enumerate() {
            let white_move = i % 2 == 0;
            if white_move {
                units.push(format!("{}.", i / 2 + 1));
            } else if need_number {
                units.push(format!("{}...", i / 2 + 1));
            }
            units.push(mv.san.clone());
            need_number = false;
            let mut comment: Vec<String> = Vec::new();
            if let Some(clk) = mv.clock_ms {
                comment.push(format!("[%clk {}]", format_hms(clk)));
                let side = usize::from(!white_move);
                let emt = (prev_clock[side] + inc).saturating_sub(clk);
                comment.push(format!("[%emt {}]", format_hms(emt)));
                prev_clock[side] = clk;
            }
            // Interventions recorded after this move and before the next.
            let next_at = bs.moves.get(i + 1).map(|n| n.at.seq).unwrap_or(u64::MAX);
            while let Some(iv) = interventions.get(iv_idx)
                && iv.at.seq < next_at
            {
                if iv.at.seq >= mv.at.seq {
                    let article = iv
                        .intervention
                        .articles
                        .first()
                        .cloned()
                        .unwrap_or_default();
                    for tc in &iv.intervention.confirmed.clock {
                        comment.push(arb(tc, &article));
                    }
                    let text = format!("Arbiter: {}", iv.intervention.confirmed.summary)
                        .replace(['{', '}'], "");
                    comment.extend(text.split(' ').map(str::to_string));
                }
                iv_idx += 1;
            }
            if let (Some(first), Some(last)) = (
                comment.first_mut().map(|f| format!("{{{f}")),
                comment.len().checked_sub(1),
            ) {
                comment[0] = first;
                comment[last].push('}');
                units.extend(comment);
                need_number = true;
            }
        }
    }
    units.push(pgn_result(result).to_string());
    // Wrap the movetext at 80 columns, never inside a unit.
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.len() + 1 + unit.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&unit);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The PGN of every board.
pub fn all_games(m: &Match, s: &MatchState) -> String {
    (0..usize::from(m.file.boards))
        .map(|i| game(m, s, BoardNo::from_index(i)))
        .collect()
}
