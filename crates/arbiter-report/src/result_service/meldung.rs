//! The Ergebnismeldung: what the arbiter types into the league's online result entry (nuLiga
//! and the league managers' forms take no uploaded file), in the order of the form:
//!
//! 1. the match: competition, round, date, home team, guest team;
//! 2. per board: the board, the home player (rank on the ranking list, name, ZPS-member
//!    number), the guest player (the same), the home team's colour, the result from the home
//!    side and whether it was a forfeit (kampflos);
//! 3. board points, match points and, where the league uses it (the profile's tie-breaks name
//!    it), the Berliner Wertung;
//! 4. the captains and the arbiter by name (district rules require them in an online result
//!    entry as on the paper card);
//! 5. remarks: forfeited boards and protests (to be entered as remarks, as on the card).
//!
//! [`meldung_text`] is one page to read from; [`meldung_csv`] the same for a spreadsheet:
//! written with the `csv` crate (`;`-separated, quoting as the crate does it, a line break in a
//! name included), UTF-8 with a byte-order mark and CRLF line ends, so that Excel in German
//! opens it as UTF-8 in columns. In the CSV a forfeit is its score with "kampflos" marked
//! (`1-0` + `ja` for `+/-`): a cell starting with `+` or `-` is a formula to a spreadsheet.

use arbiter_core::i18n::{Lang, core_catalogue};
use arbiter_core::matchfile::Match;
use arbiter_core::model::{TeamSide, half_points_text};
use arbiter_core::msg;
use arbiter_core::profile::TieBreak;
use arbiter_core::report::{BoardLine, PlayerLine, Report};

use super::{home_result, scored_halves};

/// The columns of a board's row, in the entry form's order.
const HEADER: [&str; 10] = [
    "report-meldung-col-board",
    "report-meldung-col-home-rank",
    "report-meldung-col-home-player",
    "report-meldung-col-home-id",
    "report-meldung-col-away-rank",
    "report-meldung-col-away-player",
    "report-meldung-col-away-id",
    "report-meldung-col-home-colour",
    "report-meldung-col-result",
    "report-meldung-col-forfeit",
];

/// How the result cell is written: the league's notation (`+/-` for a forfeit), or for a
/// spreadsheet the score with the forfeit in its own column.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ResultCell {
    League,
    Spreadsheet,
}

fn member(p: &PlayerLine) -> String {
    match (&p.zps, p.member_no) {
        (Some(z), Some(n)) => format!("{z}-{n}"),
        _ => String::new(),
    }
}

/// The result from the home side as a spreadsheet takes it: the score ("1-0", "½-½", "0-0").
fn home_score(b: &BoardLine) -> Option<String> {
    let (w, bl, _) = scored_halves(b)?;
    let (h, a) = if b.white_team == TeamSide::Home {
        (w, bl)
    } else {
        (bl, w)
    };
    Some(format!(
        "{}-{}",
        half_points_text(u32::from(h)),
        half_points_text(u32::from(a))
    ))
}

/// One row per board, the columns of [`HEADER`].
fn rows(r: &Report, lang: Lang, cell: ResultCell) -> Vec<[String; 10]> {
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
                    Some(p) => [p.rank.to_string(), p.name.clone(), member(p)],
                    None => [
                        String::new(),
                        c.text(lang, "report-meldung-empty"),
                        String::new(),
                    ],
                }
            };
            let [hr, hn, hm] = who(home);
            let [ar, an, am] = who(away);
            let (league, forfeit) = home_result(b).unwrap_or_default();
            let result = match cell {
                ResultCell::League => league,
                ResultCell::Spreadsheet => home_score(b).unwrap_or_default(),
            };
            let open = scored_halves(b).is_none();
            [
                b.board.to_string(),
                hr,
                hn,
                hm,
                ar,
                an,
                am,
                c.text(
                    lang,
                    if b.white_team == TeamSide::Home {
                        "report-meldung-white"
                    } else {
                        "report-meldung-black"
                    },
                ),
                result,
                if open {
                    String::new()
                } else {
                    c.text(
                        lang,
                        if forfeit {
                            "report-meldung-yes"
                        } else {
                            "report-meldung-no"
                        },
                    )
                },
            ]
        })
        .collect()
}

/// "home-guest" of two numbers of half points ("4½-3½").
fn pair(h: [u32; 2]) -> String {
    format!("{}-{}", half_points_text(h[0]), half_points_text(h[1]))
}

/// The date as the form asks for it: `28.11.2026` in German, ISO in English.
fn form_date(date: &str, lang: Lang) -> String {
    match (lang, date.split('-').collect::<Vec<_>>().as_slice()) {
        (Lang::De, [y, m, d]) => format!("{d}.{m}.{y}"),
        _ => date.to_string(),
    }
}

/// (label, value) lines: the match, before the boards.
fn head(r: &Report, lang: Lang) -> Vec<(String, String)> {
    let c = core_catalogue();
    vec![
        (
            c.text(lang, "report-meldung-competition"),
            format!("{} {}", r.competition, r.season),
        ),
        (c.text(lang, "report-meldung-round"), r.round.to_string()),
        (
            c.text(lang, "report-meldung-date"),
            form_date(&r.date, lang),
        ),
        (c.text(lang, "report-meldung-home"), r.home.name.clone()),
        (c.text(lang, "report-meldung-away"), r.away.name.clone()),
    ]
}

/// (label, value) lines: the totals, the people and the remarks, after the boards.
fn foot(r: &Report, m: &Match, lang: Lang) -> Vec<(String, String)> {
    let c = core_catalogue();
    let s = &r.score;
    let mut out = vec![
        (
            c.text(lang, "report-meldung-board-points"),
            pair(s.board_points_halves),
        ),
        (
            c.text(lang, "report-meldung-match-points"),
            s.match_points
                .map(|mp| format!("{}-{}", mp[0], mp[1]))
                .unwrap_or_default(),
        ),
    ];
    if m.profile
        .scoring
        .tie_breaks
        .contains(&TieBreak::BerlinerWertung)
    {
        out.push((
            c.text(lang, "report-meldung-berliner"),
            pair(s.berliner_wertung_halves),
        ));
    }
    let arbiter = if r.arbiter.licence.is_empty() {
        r.arbiter.name.clone()
    } else {
        format!("{} ({})", r.arbiter.name, r.arbiter.licence)
    };
    out.extend([
        (
            c.text(lang, "report-meldung-captain-home"),
            r.home.captain.clone(),
        ),
        (
            c.text(lang, "report-meldung-captain-away"),
            r.away.captain.clone(),
        ),
        (c.text(lang, "report-meldung-arbiter"), arbiter),
    ]);
    let mut remarks: Vec<String> = r
        .boards
        .iter()
        .filter_map(|b| {
            let (result, forfeit) = home_result(b)?;
            forfeit.then(|| {
                c.format(
                    lang,
                    &msg!(
                        "report-meldung-remark-forfeit",
                        board = b.board,
                        result = result
                    ),
                )
            })
        })
        .collect();
    let protests: Vec<String> = r
        .interventions
        .iter()
        .filter(|i| i.category == "protest")
        .map(|i| match i.board {
            Some(b) => c.format(
                lang,
                &msg!("report-meldung-remark-protest-board", board = b),
            ),
            None => c.text(lang, "report-meldung-remark-protest"),
        })
        .collect();
    remarks.extend(protests);
    out.push((c.text(lang, "report-meldung-remarks"), remarks.join("; ")));
    out
}

/// The Ergebnismeldung as CSV for a spreadsheet: UTF-8 with a byte-order mark, `;`-separated,
/// CRLF, written by the `csv` crate; the match (label; value), a blank row, the boards with
/// their header row, a blank row, the totals, the captains, the arbiter and the remarks.
pub fn meldung_csv(r: &Report, m: &Match, lang: Lang) -> Result<Vec<u8>, String> {
    let c = core_catalogue();
    let write = || -> csv::Result<Vec<u8>> {
        let mut w = csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(csv::Terminator::CRLF)
            .flexible(true)
            .from_writer(Vec::from(*b"\xEF\xBB\xBF"));
        for (label, value) in head(r, lang) {
            w.write_record([label, value])?;
        }
        w.write_record([""])?;
        w.write_record(HEADER.iter().map(|id| c.text(lang, id)))?;
        for cells in rows(r, lang, ResultCell::Spreadsheet) {
            w.write_record(&cells)?;
        }
        w.write_record([""])?;
        for (label, value) in foot(r, m, lang) {
            w.write_record([label, value])?;
        }
        w.into_inner().map_err(|e| e.into_error().into())
    };
    write().map_err(|e| format!("ergebnismeldung.csv: {e}"))
}

/// The Ergebnismeldung as one page of text, the same fields in the same order (results in
/// the league's notation, `+/-` for a forfeit).
pub fn meldung_text(r: &Report, m: &Match, lang: Lang) -> String {
    let c = core_catalogue();
    let pad = |s: &str, w: usize| -> String {
        let n = s.chars().count();
        format!("{s}{}", " ".repeat(w.saturating_sub(n)))
    };
    let mut out = String::new();
    let title = c.format(
        lang,
        &msg!(
            "report-meldung-title",
            competition = &r.competition,
            season = &r.season,
            round = r.round,
            date = form_date(&r.date, lang)
        ),
    );
    out.push_str(&title);
    out.push_str("\n\n");
    let labels = |lines: &[(String, String)], out: &mut String| {
        let w = lines
            .iter()
            .map(|(l, _)| l.chars().count() + 1)
            .max()
            .unwrap_or(0);
        for (l, v) in lines {
            let text = format!("{} {v}", pad(&format!("{l}:"), w));
            out.push_str(text.trim_end());
            out.push('\n');
        }
    };
    labels(&head(r, lang), &mut out);
    out.push('\n');
    let header: Vec<String> = HEADER.iter().map(|id| c.text(lang, id)).collect();
    let rows = rows(r, lang, ResultCell::League);
    let widths: Vec<usize> = (0..HEADER.len())
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
            .map(|(s, w)| pad(s, *w))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    out.push_str(&line(&header));
    out.push('\n');
    for row in &rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out.push('\n');
    labels(&foot(r, m, lang), &mut out);
    out
}
