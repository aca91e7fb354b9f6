//! The round as a FIDE Tournament Report File, TRF-26 (FIDE Handbook, "Format of Tournament
//! Report File (TRF) – Version 2026", approved 12 May 2025, in force since 1 September 2025).
//!
//! The file's rules, as the specification and the readers that implement it have them:
//!
//! - **Lines end in CR.** "Each line shall have a CR (carriage return) as last character"
//!   (Remark 1): `\r`, not LF, not CRLF (bbpPairings writes `\r` and splits on it; FIDE's
//!   TieBreakServer and the Python readers take CR, LF and CRLF).
//! - **Columns are fixed and 1-based**, and a reader may count them in bytes or in characters.
//!   The file is ASCII only, so both agree: names, places and team names are transliterated
//!   (German umlauts as FIDE's list writes German names, `ä` → `ae`, `ß` → `ss`; every other
//!   letter by the `deunicode` tables: `ł` → `l`, `ø` → `o`, Cyrillic to Latin); control
//!   characters become spaces. The FIDE number is then at columns 58-68 of every `001` line
//!   whatever the names were.
//! - **Ratings where they belong** (the match file's `ratings`): a FIDE rating in the `001`
//!   record (49-52, the same number the PGN writes as `WhiteElo`); a national rating (DWZ) in
//!   the National Rating Support record of the federation (`GER`, 49-52) with the national
//!   number (the ZPS-member number, 58-68), announced by `172 GER OTHER` (the starting ranks
//!   of a team match follow the lineups, not a rating).
//! - **Team records**: `310` (TRF-26; team pairing number, name, match points, game points,
//!   rank, the start ranks of its players in board order) and, for readers of TRF-16, `013`
//!   ("to be phased out": a TRF-26 reader takes `310` and ignores `013`). A team with an empty
//!   board gets a `300` record (its boards in order, `0000` for the empty one).
//! - **`222`**: the encoded time control (`40/5400+30:1800+30`: moves/seconds+increment per
//!   period), left out where the time control cannot be written so (a delay, a repeating
//!   period). `352`: the home team's colours board by board (`BWBWBWBW`).

use arbiter_core::matchfile::{Match, Player, RatingKind};
use arbiter_core::model::TeamSide;
use arbiter_core::report::{BoardLine, PlayerLine, Report};

use super::scored_halves;

/// The federation of the matches the console is made for: the `032` record and the national
/// rating records.
const FEDERATION: &str = "GER";

/// ASCII for a TRF field: German umlauts as FIDE's rating list writes German names (`ä` →
/// `ae`, `ö` → `oe`, `ü` → `ue`, `ß` → `ss`), every other non-ASCII letter transliterated by
/// `deunicode`; control characters (a line break in a name) become spaces.
pub fn ascii(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'Ä' => out.push_str("Ae"),
            'Ö' => out.push_str("Oe"),
            'Ü' => out.push_str("Ue"),
            'ß' => out.push_str("ss"),
            c if c.is_control() => out.push(' '),
            c if c.is_ascii() => out.push(c),
            c => {
                let t = deunicode::deunicode_char(c).unwrap_or("?");
                out.extend(t.chars().map(|t| {
                    if t.is_ascii() && !t.is_ascii_control() {
                        t
                    } else {
                        '?'
                    }
                }));
            }
        }
    }
    out
}

/// "Lastname, Firstname" from a name written "Firstname Lastname" (the last word is taken as
/// the surname; a name with a comma is kept as written), in ASCII.
fn trf_name(name: &str) -> String {
    let name = name.trim();
    let n = if name.contains(',') {
        name.to_string()
    } else {
        match name.rsplit_once(' ') {
            Some((first, last)) => format!("{last}, {first}"),
            None => name.to_string(),
        }
    };
    ascii(&n)
}

/// One fixed-column line, ASCII.
struct Line(Vec<u8>);

impl Line {
    fn new(tag: &str) -> Line {
        let mut l = Line(Vec::new());
        l.put(1, 3, tag, false);
        l
    }

    /// Writes `text` (ASCII) into columns `from..=to` (1-based), left-aligned or right-aligned,
    /// cut to the field's width.
    fn put(&mut self, from: usize, to: usize, text: &str, right: bool) {
        let width = to + 1 - from;
        let text: Vec<u8> = ascii(text).bytes().take(width).collect();
        if self.0.len() < to {
            self.0.resize(to, b' ');
        }
        let start = if right {
            from - 1 + width - text.len()
        } else {
            from - 1
        };
        self.0[start..start + text.len()].copy_from_slice(&text);
    }

    /// The line without trailing blanks, ended by CR.
    fn finish(self, out: &mut String) {
        let s = String::from_utf8_lossy(&self.0);
        out.push_str(s.trim_end());
        out.push('\r');
    }
}

/// A header record: the tag, a blank and the value.
fn header(out: &mut String, tag: &str, value: &str) {
    out.push_str(tag);
    out.push(' ');
    out.push_str(ascii(value).trim());
    out.push('\r');
}

/// Points in the TRF's form, `11.5`.
fn points(halves: u32) -> String {
    format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 })
}

/// One player of the round: start rank, the board line, colour.
struct Entry<'a> {
    rank: u16,
    player: &'a PlayerLine,
    team: TeamSide,
    board: &'a BoardLine,
    white: bool,
}

fn entries(r: &Report) -> Vec<Entry<'_>> {
    let mut out = Vec::new();
    // Home players first (start ranks 1…), then the guests, each in board order.
    for team in [TeamSide::Home, TeamSide::Away] {
        for b in &r.boards {
            let white = b.white_team == team;
            let p = if white { &b.white } else { &b.black };
            if let Some(p) = p {
                out.push(Entry {
                    rank: 0,
                    player: p,
                    team,
                    board: b,
                    white,
                });
            }
        }
    }
    for (i, e) in out.iter_mut().enumerate() {
        e.rank = u16::try_from(i + 1).unwrap_or(u16::MAX);
    }
    out
}

/// The player's entry in the match file's squad (federation, sex, year of birth).
fn squad_entry<'m>(m: &'m Match, e: &Entry) -> Option<&'m Player> {
    m.team(e.team)
        .squad
        .iter()
        .find(|p| p.rank == e.player.rank && p.name == e.player.name)
}

/// The round as a TRF-26 file (see the module's description). `r` is the report, `m` the
/// match file it was made under (time control, ratings' kind, the players' federation, sex and
/// birth, the city).
pub fn trf(r: &Report, m: &Match) -> String {
    let es = entries(r);
    let mut out = String::new();
    header_records(r, m, &es, &mut out);
    player_records(m, &es, &mut out);
    national_records(m, &es, &mut out);
    team_records(r, &es, &mut out);
    out
}

/// The tournament's header records: name, city, federation, dates, counts, arbiter, time
/// control (`122` as text, `222` encoded), round dates and the home team's colours (`352`).
fn header_records(r: &Report, m: &Match, es: &[Entry], out: &mut String) {
    let kind = m.rating_kind();
    let fide_rating = |e: &Entry| {
        e.player
            .rating
            .filter(|_| kind == RatingKind::Fide)
            .map(|x| x.to_string())
    };
    let date = r.date.replace('-', "/");
    header(
        out,
        "012",
        &format!("{} {}, round {}", r.competition, r.season, r.round),
    );
    header(out, "022", &m.city());
    header(out, "032", FEDERATION);
    header(out, "042", &date);
    header(out, "052", &date);
    header(out, "062", &es.len().to_string());
    let rated = es.iter().filter(|e| fide_rating(e).is_some()).count();
    header(out, "072", &rated.to_string());
    header(out, "082", "2");
    header(out, "092", "Team match");
    header(out, "102", &r.arbiter.name);
    header(out, "122", &r.rules.time_control);
    // Round dates: YY/MM/DD in the columns of round 1 (92-99).
    let mut dates = Line::new("132");
    dates.put(92, 99, date.get(2..).unwrap_or(""), false);
    dates.finish(out);
    if let Some(tc) = m.time_control.pgn_tag() {
        header(out, "222", &tc);
    }
    // The home team's colour on each board (team 1 is named first in the pairing).
    let colours: String = r
        .boards
        .iter()
        .map(|b| {
            if b.white_team == TeamSide::Home {
                'W'
            } else {
                'B'
            }
        })
        .collect();
    header(out, "352", &colours);
}

/// The players' `001` records: start rank, sex, name, FIDE rating, federation, FIDE ID,
/// birth, points, rank, and the round's opponent, colour and result.
fn player_records(m: &Match, es: &[Entry], out: &mut String) {
    let kind = m.rating_kind();
    let fide_rating = |e: &Entry| {
        e.player
            .rating
            .filter(|_| kind == RatingKind::Fide)
            .map(|x| x.to_string())
    };
    let score = |e: &Entry| -> Option<u32> {
        let (w, b, _) = scored_halves(e.board)?;
        Some(u32::from(if e.white { w } else { b }))
    };
    // Ranks by points, ties in start order.
    let mut order: Vec<usize> = (0..es.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(score(&es[i]).unwrap_or(0)), es[i].rank));
    let mut place = vec![0usize; es.len()];
    for (k, i) in order.iter().enumerate() {
        place[*i] = k + 1;
    }
    for (i, e) in es.iter().enumerate() {
        let squad = squad_entry(m, e);
        let opponent = es
            .iter()
            .find(|o| o.board.board == e.board.board && o.team != e.team)
            .map(|o| o.rank);
        let (code, colour) = match scored_halves(e.board) {
            None => (' ', '-'),
            Some((w, b, forfeit)) => {
                let mine = if e.white { w } else { b };
                let code = match (forfeit, mine) {
                    (true, 2) => '+',
                    (true, _) => '-',
                    (false, 2) => '1',
                    (false, 1) => '=',
                    (false, _) => '0',
                };
                // A forfeit against nobody (an empty board) has no colour.
                let colour = match (forfeit, opponent) {
                    (true, None) => '-',
                    _ if e.white => 'w',
                    _ => 'b',
                };
                (code, colour)
            }
        };
        let mut l = Line::new("001");
        l.put(5, 8, &e.rank.to_string(), true);
        if let Some(sex) = squad.and_then(|p| p.sex) {
            l.put(10, 10, &sex.trf_letter().to_string(), false);
        }
        l.put(15, 47, &trf_name(&e.player.name), false);
        if let Some(rating) = fide_rating(e) {
            l.put(49, 52, &rating, true);
        }
        if let Some(fed) = squad.and_then(|p| p.federation.as_deref()) {
            l.put(54, 56, fed, false);
        }
        if let Some(id) = e.player.fide_id {
            l.put(58, 68, &id.to_string(), true);
        }
        if let Some(y) = squad.and_then(|p| p.birth_year) {
            // FIDE's list publishes the year only: month and day unknown.
            l.put(70, 79, &format!("{y:04}/00/00"), false);
        }
        l.put(81, 84, &points(score(e).unwrap_or(0)), true);
        l.put(86, 89, &place[i].to_string(), true);
        match opponent {
            Some(o) => l.put(92, 95, &o.to_string(), true),
            None => l.put(92, 95, "0000", false),
        }
        l.put(97, 97, &colour.to_string(), false);
        l.put(99, 99, &code.to_string(), false);
        l.finish(out);
    }
}

/// National Rating Support (`172` and the federation's records): the national rating and
/// number of each player who has one.
fn national_records(m: &Match, es: &[Entry], out: &mut String) {
    let kind = m.rating_kind();
    // With the player's sex, name and birth as in the `001` record (the specification makes
    // them optional when equal; FIDE's TieBreakServer takes a blank one as blank).
    let national: Vec<(&Entry, Option<u16>, Option<String>)> = es
        .iter()
        .map(|e| {
            let rating = e.player.rating.filter(|_| kind == RatingKind::National);
            let number = match (&e.player.zps, e.player.member_no) {
                (Some(z), Some(n)) => Some(format!("{z}-{n}")),
                _ => None,
            };
            (e, rating, number)
        })
        .filter(|(_, rating, number)| rating.is_some() || number.is_some())
        .collect();
    if !national.is_empty() {
        header(out, "172", &format!("{FEDERATION} OTHER"));
        for (e, rating, number) in national {
            let squad = squad_entry(m, e);
            let mut l = Line::new(FEDERATION);
            l.put(5, 8, &e.rank.to_string(), true);
            if let Some(sex) = squad.and_then(|p| p.sex) {
                l.put(10, 10, &sex.trf_letter().to_string(), false);
            }
            l.put(15, 47, &trf_name(&e.player.name), false);
            if let Some(x) = rating {
                l.put(49, 52, &x.to_string(), true);
            }
            if let Some(n) = number {
                l.put(58, 68, &n, true);
            }
            if let Some(y) = squad.and_then(|p| p.birth_year) {
                l.put(70, 79, &format!("{y:04}/00/00"), false);
            }
            l.finish(out);
        }
    }
}

/// The teams (`310`: match points, game points, rank, players; `013`; `300` for a team that
/// played with an empty board).
fn team_records(r: &Report, es: &[Entry], out: &mut String) {
    // The teams: match points, game points (board points as scored), rank.
    let mp = r.score.match_points;
    let bp = r.score.board_points_halves;
    let team_rank = |k: usize| -> usize {
        let mine = (mp.map(|m| m[k]), bp[k]);
        let theirs = (mp.map(|m| m[1 - k]), bp[1 - k]);
        if theirs > mine { 2 } else { 1 }
    };
    for (k, (team, line)) in [(TeamSide::Home, &r.home), (TeamSide::Away, &r.away)]
        .into_iter()
        .enumerate()
    {
        let mut l = Line::new("310");
        l.put(5, 7, &(k + 1).to_string(), true);
        l.put(9, 40, &line.name, false);
        if let Some(mp) = mp {
            l.put(55, 60, &points(u32::from(mp[k]) * 2), true);
        }
        l.put(62, 67, &points(bp[k]), true);
        l.put(69, 71, &team_rank(k).to_string(), true);
        for (j, e) in es.iter().filter(|e| e.team == team).enumerate() {
            let at = 74 + 5 * j;
            l.put(at, at + 3, &e.rank.to_string(), true);
        }
        l.finish(out);
    }
    for (team, line) in [(TeamSide::Home, &r.home), (TeamSide::Away, &r.away)] {
        let mut l = Line::new("013");
        l.put(5, 36, &line.name, false);
        for (j, e) in es.iter().filter(|e| e.team == team).enumerate() {
            let at = 37 + 5 * j;
            l.put(at, at + 3, &e.rank.to_string(), true);
        }
        l.finish(out);
    }
    // A team that played with an empty board: its boards in order, 0000 for the empty one.
    for (k, team) in [TeamSide::Home, TeamSide::Away].into_iter().enumerate() {
        let by_board: Vec<Option<u16>> = r
            .boards
            .iter()
            .map(|b| {
                es.iter()
                    .find(|e| e.team == team && e.board.board == b.board)
                    .map(|e| e.rank)
            })
            .collect();
        if by_board.iter().all(Option::is_some) {
            continue;
        }
        let mut l = Line::new("300");
        l.put(5, 7, "001", false);
        l.put(9, 11, &(k + 1).to_string(), true);
        l.put(13, 15, &(2 - k).to_string(), true);
        for (j, rank) in by_board.iter().enumerate() {
            let at = 17 + 5 * j;
            match rank {
                Some(x) => l.put(at, at + 3, &x.to_string(), true),
                None => l.put(at, at + 3, "0000", false),
            }
        }
        l.finish(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_ascii_as_fide_writes_them() {
        assert_eq!(trf_name("Paweł Zieliński"), "Zielinski, Pawel");
        assert_eq!(trf_name("Lena Schäfer"), "Schaefer, Lena");
        assert_eq!(trf_name("Dominik Strauß"), "Strauss, Dominik");
        assert_eq!(trf_name("Henrik Bjørnstad"), "Bjornstad, Henrik");
        assert_eq!(trf_name("Ömer Şahin"), "Sahin, Oemer");
        assert_eq!(trf_name("Аркадий Морозов"), "Morozov, Arkadii");
        assert_eq!(ascii("a\nb\rc"), "a b c");
        for s in ["Dvořák", "Hőgye", "Ilić", "Sørensen", "Œuvre", "中"] {
            assert!(ascii(s).is_ascii(), "{s}");
        }
    }

    #[test]
    fn a_field_is_cut_to_its_columns_and_aligned() {
        let mut l = Line::new("001");
        l.put(5, 8, "12", true);
        l.put(15, 17, "Lindqvist", false);
        let mut out = String::new();
        l.finish(&mut out);
        assert_eq!(out, "001   12      Lin\r");
    }
}
