//! PGN of every game, legal for every reader: each game is replayed move by move with shakmaty
//! before it is written, so no illegal move ever reaches the file.
//!
//! - Standard tags, the team and board tags lichess broadcasts read (`WhiteTeam`, `BlackTeam`,
//!   `Board`, `Round "round.board"`), FIDE ids and ratings.
//! - `[%clk]` (the mover's clock once the move was completed) and `[%emt]` (the time the
//!   player actually used for the move: how long the clock ran, whatever was added meanwhile:
//!   increment, period time, an arbiter's change) after every move that has a clock.
//! - Where the record has a gap (a feed that lost track of the moves), the game is not written
//!   as continuous: the part before the gap ends with a comment and the result `*`, and the part
//!   after it is a continuation game (`[SetUp "1"]`, `[FEN …]`) from the position the board
//!   reported, which carries the result. If that position cannot be set up legally, the game
//!   ends at the gap with a comment saying so.
//! - Unplayed boards (forfeits) have no moves: the result, `[Termination "rules infraction"]`
//!   (PGN standard 9.8.1: an administrative forfeit) and a comment.
//! - Every finished game has a `Termination` tag (`arbiter_core::report::pgn_termination`:
//!   `rules infraction` for a loss by a second illegal move or a penalty, `time forfeit` for a
//!   flag, `adjudication` where the arbiter decided, `normal` otherwise); every game a stable
//!   `GameId` ([`game_id`], the same in the live broadcast), and `WhiteClock`/`BlackClock`
//!   where the clocks are known (at the result, or as last reported; lichess reads them).
//! - `WhiteElo`/`BlackElo` only where the match file's ratings are FIDE's.
//! - The arbiter's interventions are comments with a `[%arb …]` command for clock changes, only
//!   when they say something.
//!
//! The comments are in the report's language (the core's catalogue).

use std::fmt::Write as _;

use arbiter_core::hms::format_hms;
use arbiter_core::i18n::{Catalogue, Lang, core_catalogue};
use arbiter_core::intervention::TimeChange;
use arbiter_core::matchfile::Match;
use arbiter_core::model::{BoardNo, GameResult, TeamSide};
use arbiter_core::msg;
use arbiter_core::report::player_on;
use arbiter_core::state::{BoardState, GameStart, MatchState, MoveEntry, MoveStatus};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position};

fn tag(out: &mut String, name: &str, value: &str) {
    let v = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{v}\"]");
}

/// The PGN result token: only the four the standard knows (8.2.6). The scores PGN cannot
/// express (-/-, 0-½, ½-0, 0-0) are `*` with a comment.
pub fn pgn_result(r: Option<GameResult>) -> &'static str {
    match r {
        Some(GameResult::WhiteWins | GameResult::WhiteWinsForfeit) => "1-0",
        Some(GameResult::BlackWins | GameResult::BlackWinsForfeit) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2",
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

/// A comment's text: braces cannot appear inside a PGN comment.
fn comment_text(s: &str) -> String {
    s.replace(['{', '}'], "")
}

/// One game as written: its moves (SAN as shakmaty writes them, in the position they were
/// played in) and where it starts.
struct Part {
    /// `None`: the standard starting position; else the FEN of the continuation.
    fen: Option<String>,
    /// The first move's number and whether White moves first.
    first_move_no: u32,
    white_first: bool,
    /// (index into the board's moves, SAN).
    moves: Vec<(usize, String)>,
    /// Why the part ends before the game did (a comment after its last move).
    cut: Option<String>,
}

/// The position a continuation starts from: the placement the board reported, the side to
/// move from the ply of the move that follows, castling rights where king and rook stand on
/// their squares and the game so far had not lost them.
fn continuation(placement: &str, ply: u32, before: &Chess) -> Option<Chess> {
    let turn = if ply % 2 == 1 { 'w' } else { 'b' };
    let board: shakmaty::Board = placement.parse().ok()?;
    let mut castling = String::new();
    for (c, side, rook, king, letter) in [
        (Color::White, CastlingSide::KingSide, "h1", "e1", 'K'),
        (Color::White, CastlingSide::QueenSide, "a1", "e1", 'Q'),
        (Color::Black, CastlingSide::KingSide, "h8", "e8", 'k'),
        (Color::Black, CastlingSide::QueenSide, "a8", "e8", 'q'),
    ] {
        let rook_sq: shakmaty::Square = rook.parse().ok()?;
        let king_sq: shakmaty::Square = king.parse().ok()?;
        if board.piece_at(rook_sq) == Some(c.rook())
            && board.piece_at(king_sq) == Some(c.king())
            && before.castles().has(c, side)
        {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let fen = format!(
        "{placement} {turn} {castling} - 0 {}",
        ply.saturating_sub(1) / 2 + 1
    );
    let fen: Fen = fen.parse().ok()?;
    fen.into_position(CastlingMode::Standard).ok()
}

fn legal(pos: &Chess, uci: &str) -> Option<shakmaty::Move> {
    let u: UciMove = uci.parse().ok()?;
    u.to_move(pos).ok()
}

/// Where a board's game starts: the standard position, or a FEN the match file or the arbiter
/// set before the first move.
fn start_of(bs: Option<&BoardState>) -> (Chess, Option<String>) {
    if let Some(bs) = bs
        && bs.game.first_move == 0
        && matches!(bs.game.start, GameStart::Fen { .. })
        && let Some(fen) = bs.game.game.start_fen()
    {
        return (bs.game.game.start().clone(), Some(fen.to_string()));
    }
    (Chess::default(), None)
}

/// Replays a board's moves (the ones played: not those withdrawn when the arbiter reinstated
/// a position, nor an e-board's duplicate of a move the arbiter made) and splits them where
/// the record has a gap. A position the arbiter set during the game starts a new part too.
fn parts(moves: &[MoveEntry], bs: Option<&BoardState>, c: &Catalogue, lang: Lang) -> Vec<Part> {
    let mut out = Vec::new();
    let (mut pos, fen) = start_of(bs);
    let ply_of = |p: &Chess| {
        (u32::from(p.fullmoves()).saturating_sub(1)) * 2 + u32::from(p.turn() == Color::Black) + 1
    };
    let mut part = Part {
        fen,
        first_move_no: u32::from(pos.fullmoves()),
        white_first: pos.turn() == Color::White,
        moves: Vec::new(),
        cut: None,
    };
    let mut expected_ply = ply_of(&pos);
    // The arbiter's position set during the game: from that move on, the game record's start.
    let set_during = bs.and_then(|b| {
        (b.game.first_move > 0 && matches!(b.game.start, GameStart::Fen { .. }))
            .then(|| (b.game.first_move, b.game.game.start().clone()))
    });
    let mut last_ply = 0;
    for (i, mv) in moves.iter().enumerate() {
        if mv.status != MoveStatus::Played {
            continue;
        }
        let set = set_during
            .as_ref()
            .filter(|(k, _)| *k == i)
            .map(|(_, p)| p.clone());
        let in_order = mv.ply == expected_ply && set.is_none();
        let m = if in_order { legal(&pos, &mv.uci) } else { None };
        let m = match m {
            Some(m) => m,
            None => {
                // A gap: continue from the position the arbiter set, or the one the board
                // reported, if it is legal and the move is legal in it.
                let next = set
                    .or_else(|| {
                        mv.placement_before
                            .as_deref()
                            .and_then(|p| continuation(p, mv.ply, &pos))
                    })
                    .and_then(|p| legal(&p, &mv.uci).map(|m| (p, m)));
                let after = u64::from(last_ply);
                match next {
                    Some((p, m)) => {
                        part.cut = Some(c.format(
                            lang,
                            &msg!("report-pgn-gap", after = after, ply = u64::from(mv.ply)),
                        ));
                        let starts = Part {
                            fen: Some(Fen::from_position(&p, EnPassantMode::Legal).to_string()),
                            first_move_no: u32::from(p.fullmoves()),
                            white_first: p.turn() == Color::White,
                            moves: Vec::new(),
                            cut: None,
                        };
                        out.push(std::mem::replace(&mut part, starts));
                        pos = p;
                        m
                    }
                    None => {
                        let rest = moves[i..]
                            .iter()
                            .filter(|m| m.status == MoveStatus::Played)
                            .count();
                        part.cut = Some(c.format(
                            lang,
                            &msg!(
                                "report-pgn-gap-end",
                                after = after,
                                ply = u64::from(mv.ply),
                                rest = rest
                            ),
                        ));
                        out.push(part);
                        return out;
                    }
                }
            }
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        part.moves.push((i, san.to_string()));
        last_ply = mv.ply;
        expected_ply = mv.ply + 1;
    }
    out.push(part);
    out
}

/// The clock-and-time comment of a move: `[%clk]`, and `[%emt]` where the time used is known.
fn clock_commands(mv: &MoveEntry) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(clk) = mv.clock_ms {
        out.push(format!("[%clk {}]", format_hms(clk)));
        if let Some(used) = mv.used_ms {
            out.push(format!("[%emt {}]", format_hms(used)));
        }
    }
    out
}

/// A board's game id (`GameId`): the same for the board and round in every PGN the console
/// writes (the report's and the live broadcast's), different for every board, round and pair
/// of teams: 16 hex digits of SHA-256 over the competition, season, round, the teams and the
/// board.
pub fn game_id(m: &Match, board: BoardNo) -> String {
    use sha2::{Digest, Sha256};
    let f = &m.file;
    let key = format!(
        "{}\n{}\n{}\n{}\n{}\n{}",
        f.competition, f.season, f.round, f.home.name, f.away.name, board.0
    );
    hex::encode(&Sha256::digest(key.as_bytes())[..8])
}

/// Both clocks where they are known (`WhiteClock`/`BlackClock`, h:mm:ss): a finished game's at
/// its result, a game in progress's as the clock last reported them.
fn clocks(s: &MatchState, board: BoardNo) -> Option<[String; 2]> {
    let bs = s.board(board)?;
    let at = bs
        .result
        .as_ref()
        .map(|r| r.at.mono_ms)
        .or(bs.clock_at.map(|c| c.mono_ms))?;
    let c = arbiter_core::clock_now::clock_at(s, bs, at)?;
    Some([format_hms(c.shown.white), format_hms(c.shown.black)])
}

/// The PGN of one board's game (two or more games when the record has a gap).
pub fn game(m: &Match, s: &MatchState, board: BoardNo, lang: Lang) -> String {
    let c = core_catalogue();
    let bs = s.board(board);
    let result = bs.and_then(|b| b.result.as_ref()).map(|r| r.result);
    let played = result.is_none_or(GameResult::is_played);
    // A game ends at its result: moves after it (a post-mortem on the e-board, seen live by
    // the broadcast) are not part of it.
    let moves: Vec<MoveEntry> = match (played, bs) {
        (true, Some(b)) => {
            let end = b.result.as_ref().map_or(u64::MAX, |r| r.at.seq);
            b.moves
                .iter()
                .take_while(|mv| mv.at.seq < end)
                .cloned()
                .collect()
        }
        _ => Vec::new(),
    };
    let parts = parts(&moves, bs, c, lang);
    let n = parts.len();
    let mut out = String::new();
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == n;
        let token = if last { pgn_result(result) } else { "*" };
        headers(&mut out, m, s, board, token, part.fen.as_deref());
        // The same id in the report's PGN and the live broadcast; a continuation after a gap
        // is another game and has its own.
        let id = game_id(m, board);
        tag(
            &mut out,
            "GameId",
            &if k == 0 {
                id
            } else {
                format!("{id}-{}", k + 1)
            },
        );
        if last && let Some([w, b]) = clocks(s, board) {
            tag(&mut out, "WhiteClock", &w);
            tag(&mut out, "BlackClock", &b);
        }
        if last && let Some(t) = arbiter_core::report::pgn_termination(s, board) {
            tag(&mut out, "Termination", t);
        }
        out.push('\n');
        let mut units = movetext(part, bs, &moves, s, board, c, lang);
        if let Some(cut) = &part.cut {
            units.push(format!("{{{}}}", comment_text(cut)));
        }
        if last && let Some(r) = result {
            let note = if !played {
                Some(msg!("report-pgn-unplayed", result = r.notation()))
            } else if pgn_result(Some(r)) == "*" {
                Some(msg!("report-pgn-scored", result = r.notation()))
            } else {
                None
            };
            if let Some(note) = note {
                units.push(format!("{{{}}}", comment_text(&c.format(lang, &note))));
            }
        }
        units.push(token.to_string());
        wrap_into(&mut out, units);
    }
    out
}

fn headers(
    out: &mut String,
    m: &Match,
    s: &MatchState,
    board: BoardNo,
    result: &str,
    fen: Option<&str>,
) {
    let white_team = arbiter_core::rules::colours::white_team(m, s, board);
    let white = player_on(m, s, white_team, board);
    let black = player_on(m, s, white_team.other(), board);
    let team_name = |t: TeamSide| m.team(t).name.clone();
    tag(
        out,
        "Event",
        &format!("{} {}", m.file.competition, m.file.season),
    );
    tag(out, "Site", &m.file.venue);
    tag(out, "Date", &m.file.date.replace('-', "."));
    tag(out, "Round", &format!("{}.{}", m.file.round, board.0));
    tag(
        out,
        "White",
        white.as_ref().map(|p| p.name.as_str()).unwrap_or("?"),
    );
    tag(
        out,
        "Black",
        black.as_ref().map(|p| p.name.as_str()).unwrap_or("?"),
    );
    tag(out, "Result", result);
    // `WhiteElo` is the FIDE rating (lichess and ChessBase read it so): only where the match
    // file's ratings are FIDE's; a national rating has no PGN tag (it goes to the TRF).
    let elo = |p: &Option<arbiter_core::matchfile::Player>| {
        p.as_ref()
            .and_then(|p| p.rating)
            .filter(|_| m.rating_kind() == arbiter_core::matchfile::RatingKind::Fide)
    };
    if let Some(r) = elo(&white) {
        tag(out, "WhiteElo", &r.to_string());
    }
    if let Some(r) = elo(&black) {
        tag(out, "BlackElo", &r.to_string());
    }
    if let Some(f) = white.as_ref().and_then(|p| p.fide_id) {
        tag(out, "WhiteFideId", &f.to_string());
    }
    if let Some(f) = black.as_ref().and_then(|p| p.fide_id) {
        tag(out, "BlackFideId", &f.to_string());
    }
    tag(out, "WhiteTeam", &team_name(white_team));
    tag(out, "BlackTeam", &team_name(white_team.other()));
    tag(out, "Board", &board.0.to_string());
    tag(
        out,
        "TimeControl",
        &m.time_control.pgn_tag().unwrap_or_else(|| "?".into()),
    );
    if let Some(f) = fen {
        tag(out, "SetUp", "1");
        tag(out, "FEN", f);
    }
}

/// Movetext as unbreakable units: move numbers, SANs, embedded commands, words.
fn movetext(
    part: &Part,
    bs: Option<&BoardState>,
    moves: &[MoveEntry],
    s: &MatchState,
    board: BoardNo,
    c: &Catalogue,
    lang: Lang,
) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    // a board with no state has no movetext
    if bs.is_none() {
        return units;
    }
    let interventions: Vec<_> = s
        .interventions
        .iter()
        .filter(|i| i.intervention.board == Some(board))
        .collect();
    // The interventions that belong to this part: from its first move (the first part: from
    // the beginning) to the next part's first move.
    let from = match (part.fen.is_some(), part.moves.first()) {
        (true, Some((i, _))) => moves[*i].at.seq,
        _ => 0,
    };
    let to = part
        .moves
        .last()
        .and_then(|(i, _)| moves.get(i + 1))
        .map(|n| n.at.seq)
        .unwrap_or(u64::MAX);
    let comment_of = |iv: &arbiter_core::state::InterventionEntry| -> Vec<String> {
        let mut out = Vec::new();
        let article = iv
            .intervention
            .articles
            .first()
            .cloned()
            .unwrap_or_default();
        for tc in &iv.intervention.confirmed.clock {
            out.push(arb(tc, &article));
        }
        let said = iv.intervention.confirmed.summary_in(c, lang);
        if !said.trim().is_empty() {
            let text = c.format(lang, &msg!("report-pgn-arbiter", text = said.trim()));
            out.extend(comment_text(&text).split(' ').map(str::to_string));
        }
        out
    };
    let push_comment = |units: &mut Vec<String>, comment: Vec<String>| -> bool {
        let mut comment: Vec<String> = comment.into_iter().filter(|w| !w.is_empty()).collect();
        if comment.is_empty() {
            return false;
        }
        comment[0] = format!("{{{}", comment[0]);
        if let Some(l) = comment.last_mut() {
            l.push('}');
        }
        units.extend(comment);
        true
    };
    let first_seq = part
        .moves
        .first()
        .map(|(i, _)| moves[*i].at.seq)
        .unwrap_or(u64::MAX);
    // Before the first move.
    let before: Vec<String> = interventions
        .iter()
        .filter(|iv| iv.at.seq >= from && iv.at.seq < first_seq.min(to))
        .flat_map(|iv| comment_of(iv))
        .collect();
    push_comment(&mut units, before);
    let mut need_number = true;
    let mut prev_had_clock = true;
    let mut white_to_move = part.white_first;
    let mut move_no = part.first_move_no;
    for (k, (i, san)) in part.moves.iter().enumerate() {
        let mv = &moves[*i];
        if white_to_move {
            units.push(format!("{move_no}."));
        } else if need_number {
            units.push(format!("{move_no}..."));
        }
        units.push(san.clone());
        need_number = false;
        let mut comment = clock_commands(mv);
        // The first of a run of moves the journal has no clock for (recovered from the
        // e-board's memory while the feed was down, or made while no clock reported): say so.
        if mv.clock_ms.is_none() && prev_had_clock {
            let text = c.text(lang, "report-pgn-no-clock");
            comment.extend(comment_text(&text).split(' ').map(str::to_string));
        }
        prev_had_clock = mv.clock_ms.is_some();
        let next_at = part
            .moves
            .get(k + 1)
            .map(|(j, _)| moves[*j].at.seq)
            .unwrap_or(to);
        for iv in interventions
            .iter()
            .filter(|iv| iv.at.seq >= mv.at.seq && iv.at.seq < next_at)
        {
            comment.extend(comment_of(iv));
        }
        if push_comment(&mut units, comment) {
            need_number = true;
        }
        if !white_to_move {
            move_no += 1;
        }
        white_to_move = !white_to_move;
    }
    units
}

/// Wraps movetext at 80 columns, never inside a unit; a blank line ends the game.
fn wrap_into(out: &mut String, units: Vec<String>) {
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
}

/// The PGN of every board.
pub fn all_games(m: &Match, s: &MatchState, lang: Lang) -> String {
    (0..usize::from(m.file.boards))
        .map(|i| game(m, s, BoardNo::from_index(i), lang))
        .collect()
}
