//! The files a league's result service takes, made from the report alone:
//!
//! - [`trf`]: the round as a FIDE Tournament Report File (TRF16, FIDE Handbook C.04 Annex 2,
//!   the format Swiss-Manager and the rating offices import): header records `012`-`132`, one
//!   `001` record per player with the round's opponent, colour and result in the columns of
//!   round 1 (92-95, 97, 99), and one `013` record per team.
//! - [`meldung_csv`] and [`meldung_text`]: the "Ergebnismeldung" with the fields in the order a
//!   German league's online result entry asks for them: per board the home and the guest
//!   player with FIDE ID and ZPS-member number, the result from the home team's side with
//!   forfeits marked; then board points and match points.
//!
//! How to load them: `docs/REPORT.md`.

use std::fmt::Write as _;

use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::model::{TeamSide, half_points_text};
use arbiter_core::report::{BoardLine, PlayerLine, Report};

/// A board's result in half points for White and Black, and whether it was a forfeit; from
/// the result as scored when a lineup sanction changed it.
fn scored_halves(b: &BoardLine) -> Option<(u8, u8, bool)> {
    let r = b.scored.as_deref().or(b.result.as_deref())?;
    let r = r.split(' ').next().unwrap_or(r);
    Some(match r {
        "1-0" => (2, 0, false),
        "0-1" => (0, 2, false),
        "1/2-1/2" => (1, 1, false),
        "+/-" => (2, 0, true),
        "-/+" => (0, 2, true),
        "-/-" => (0, 0, true),
        "0-1/2" => (0, 1, false),
        "1/2-0" => (1, 0, false),
        "0-0" => (0, 0, false),
        _ => return None,
    })
}

/// "Lastname, Firstname" from a name written "Firstname Lastname" (the last word is taken as
/// the surname; a name with a comma is kept as written).
fn trf_name(name: &str) -> String {
    if name.contains(',') {
        return name.to_string();
    }
    match name.rsplit_once(' ') {
        Some((first, last)) => format!("{last}, {first}"),
        None => name.to_string(),
    }
}

/// Pads or cuts to `n` characters (not bytes: names are UTF-8).
fn field(s: &str, n: usize) -> String {
    let mut out: String = s.chars().take(n).collect();
    let len = out.chars().count();
    out.extend(std::iter::repeat_n(' ', n - len));
    out
}

fn right(s: &str, n: usize) -> String {
    let s: String = s.chars().take(n).collect();
    format!("{s:>n$}")
}

/// Points in TRF form, e.g. " 1.0", " 0.5".
fn points(halves: u32) -> String {
    format!(
        "{:>4}",
        format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 })
    )
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

/// The round as a TRF16 file (see the module's description). The FIDE rating field is left
/// blank (the match file's rating is the national one); federation and birth date are not
/// known to the console and are blank too.
pub fn trf(r: &Report) -> String {
    let es = entries(r);
    let date = r.date.replace('-', "/");
    let mut out = String::new();
    let _ = writeln!(out, "012 {} {}, round {}", r.competition, r.season, r.round);
    let _ = writeln!(out, "022 {}", r.venue);
    let _ = writeln!(out, "032 GER");
    let _ = writeln!(out, "042 {date}");
    let _ = writeln!(out, "052 {date}");
    let _ = writeln!(out, "062 {}", es.len());
    let _ = writeln!(
        out,
        "072 {}",
        es.iter().filter(|e| e.player.fide_id.is_some()).count()
    );
    let _ = writeln!(out, "082 2");
    let _ = writeln!(out, "092 Team match");
    let _ = writeln!(out, "102 {}", r.arbiter.name);
    let _ = writeln!(out, "122 {}", r.rules.time_control);
    // Round dates: YY/MM/DD in the columns of round 1 (92-99).
    let yy = date.get(2..).unwrap_or("");
    let _ = writeln!(out, "{:<91}{yy}", "132");
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
        let line = format!(
            "001 {rank} {sex}{title} {name} {rating} {fed} {fide} {birth} {pts} {place}  {opp} {colour} {code}",
            rank = right(&e.rank.to_string(), 4),
            sex = ' ',
            title = "   ",
            name = field(&trf_name(&e.player.name), 33),
            rating = "    ",
            fed = "   ",
            fide = right(
                &e.player.fide_id.map(|f| f.to_string()).unwrap_or_default(),
                11
            ),
            birth = field("", 10),
            pts = points(score(e).unwrap_or(0)),
            place = right(&place[i].to_string(), 4),
            opp = right(&opponent.unwrap_or(0).to_string(), 4).replace(' ', "0"),
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for (team, line) in [(TeamSide::Home, &r.home), (TeamSide::Away, &r.away)] {
        let ranks: String = es
            .iter()
            .filter(|e| e.team == team)
            .map(|e| right(&e.rank.to_string(), 4))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = writeln!(out, "013 {}{ranks}", field(&line.name, 32));
    }
    out
}

/// A result from the home team's side in the league's notation: "1-0", "½-½", "0-1", forfeits
/// "+/-", "-/+", "-/-" (kampflos).
fn home_result(b: &BoardLine) -> Option<(String, bool)> {
    let (w, bl, forfeit) = scored_halves(b)?;
    let (h, a) = if b.white_team == TeamSide::Home {
        (w, bl)
    } else {
        (bl, w)
    };
    let s = if forfeit {
        match (h, a) {
            (2, _) => "+/-".to_string(),
            (_, 2) => "-/+".to_string(),
            _ => "-/-".to_string(),
        }
    } else {
        format!(
            "{}-{}",
            half_points_text(u32::from(h)),
            half_points_text(u32::from(a))
        )
    };
    Some((s, forfeit))
}

fn member(p: &PlayerLine) -> String {
    match (&p.zps, p.member_no) {
        (Some(z), Some(n)) => format!("{z}-{n}"),
        _ => String::new(),
    }
}

/// The rows of the Ergebnismeldung: per board (board, home player, ZPS-Mgl, FIDE ID, guest
/// player, ZPS-Mgl, FIDE ID, home's colour, result from the home side, forfeit).
fn rows(r: &Report, lang: Lang) -> Vec<[String; 10]> {
    let c = core_catalogue();
    r.boards
        .iter()
        .map(|b| {
            let (home, away) = if b.white_team == TeamSide::Home {
                (&b.white, &b.black)
            } else {
                (&b.black, &b.white)
            };
            let who = |p: &Option<PlayerLine>| -> [String; 3] {
                match p {
                    Some(p) => [
                        p.name.clone(),
                        member(p),
                        p.fide_id.map(|f| f.to_string()).unwrap_or_default(),
                    ],
                    None => [
                        c.text(lang, "report-meldung-empty"),
                        String::new(),
                        String::new(),
                    ],
                }
            };
            let [hn, hm, hf] = who(home);
            let [an, am, af] = who(away);
            let (result, forfeit) = home_result(b).unwrap_or_default();
            [
                b.board.to_string(),
                hn,
                hm,
                hf,
                an,
                am,
                af,
                c.text(
                    lang,
                    if b.white_team == TeamSide::Home {
                        "report-meldung-white"
                    } else {
                        "report-meldung-black"
                    },
                ),
                result,
                c.text(
                    lang,
                    if forfeit {
                        "report-meldung-yes"
                    } else {
                        "report-meldung-no"
                    },
                ),
            ]
        })
        .collect()
}

const HEADER: [&str; 10] = [
    "report-meldung-col-board",
    "report-meldung-col-home-player",
    "report-meldung-col-home-id",
    "report-meldung-col-home-fide",
    "report-meldung-col-away-player",
    "report-meldung-col-away-id",
    "report-meldung-col-away-fide",
    "report-meldung-col-home-colour",
    "report-meldung-col-result",
    "report-meldung-col-forfeit",
];

fn csv_cell(s: &str) -> String {
    if s.contains([';', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn totals(r: &Report) -> (String, String) {
    let s = &r.score;
    let bp = format!(
        "{}-{}",
        half_points_text(s.board_points_halves[0]),
        half_points_text(s.board_points_halves[1])
    );
    let mp = s
        .match_points
        .map(|m| format!("{}-{}", m[0], m[1]))
        .unwrap_or_default();
    (bp, mp)
}

/// The Ergebnismeldung as CSV (`;`-separated, UTF-8, the header in the report's language):
/// one row per board, then the board points and the match points (home-guest).
pub fn meldung_csv(r: &Report, lang: Lang) -> String {
    let c = core_catalogue();
    let mut out = String::new();
    let header: Vec<String> = HEADER.iter().map(|id| c.text(lang, id)).collect();
    let _ = writeln!(out, "{}", header.join(";"));
    for row in rows(r, lang) {
        let cells: Vec<String> = row.iter().map(|s| csv_cell(s)).collect();
        let _ = writeln!(out, "{}", cells.join(";"));
    }
    let (bp, mp) = totals(r);
    let _ = writeln!(out, "{};{bp}", c.text(lang, "report-meldung-board-points"));
    let _ = writeln!(out, "{};{mp}", c.text(lang, "report-meldung-match-points"));
    out
}

/// The Ergebnismeldung as one page of text, the same fields in the same order.
pub fn meldung_text(r: &Report, lang: Lang) -> String {
    let c = core_catalogue();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        c.format(
            lang,
            &arbiter_core::msg!(
                "report-meldung-title",
                competition = &r.competition,
                season = &r.season,
                round = r.round,
                date = &r.date
            )
        )
    );
    let _ = writeln!(out, "{} – {}\n", r.home.name, r.away.name);
    let header: Vec<String> = HEADER.iter().map(|id| c.text(lang, id)).collect();
    let rows = rows(r, lang);
    let widths: Vec<usize> = (0..10)
        .map(|i| {
            rows.iter()
                .map(|row| row[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        cells
            .iter()
            .zip(&widths)
            .map(|(s, w)| field(s, *w))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    let _ = writeln!(out, "{}", line(&header));
    for row in &rows {
        let _ = writeln!(out, "{}", line(row));
    }
    let (bp, mp) = totals(r);
    let _ = writeln!(
        out,
        "\n{}: {bp}\n{}: {mp}",
        c.text(lang, "report-meldung-board-points"),
        c.text(lang, "report-meldung-match-points")
    );
    out
}
