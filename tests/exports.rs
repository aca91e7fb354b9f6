//! The exports a rating office, a league office and a broadcast take as they are (issue 30):
//! the FIDE TRF (TRF-26) read column by column in bytes and in characters, the Ergebnismeldung
//! as the entry form asks for it, the PGN's `Termination`, `GameId` and clock tags. Both shipped
//! recordings, once with the match file their journal holds (written before the match file
//! said which rating it has, or had federations) and once with the current match file.

use std::path::Path;
use std::sync::OnceLock;

use arbiter_core::journal::Record;
use arbiter_core::matchfile::{Lang, Match, RatingKind};
use arbiter_core::model::TeamSide;
use arbiter_core::report::{self, BoardLine, PlayerLine, Report};
use arbiter_core::state::MatchState;
use arbiter_core::time::MonoMs;
use arbiter_io::config::run_scenario_file as run_file;
use arbiter_io::journal_file;
use arbiter_report::result_service::{self, trf::ascii};

use crate::pgn_check;
use crate::trf_reader;

const RECORDINGS: [(&str, &str); 2] = [
    (
        "bundesliga-musterstadt-beispielhausen",
        "config/matches/demo-bundesliga.toml",
    ),
    (
        "oberliga-rheinufer-huegelland",
        "config/matches/oberliga-example.toml",
    ),
];

/// A recording read once for all the tests of this file (folding 50,000 records is the slow
/// part): the journal, the games, and the report under the journal's and the current match
/// file.
struct Recording {
    records: Vec<Record>,
    games: MatchState,
    journal_m: Match,
    journal_r: Report,
    current_m: Match,
    current_r: Report,
}

fn recording(dir: &str) -> &'static Recording {
    static CACHE: [OnceLock<Recording>; 2] = [OnceLock::new(), OnceLock::new()];
    let k = RECORDINGS.iter().position(|(d, _)| *d == dir).unwrap();
    CACHE[k].get_or_init(|| {
        let (records, v) =
            journal_file::read(Path::new(&format!("recordings/{dir}/journal.jsonl"))).unwrap();
        assert!(v.is_intact());
        let journal_m = arbiter_io::config::match_for_journal(&records, None).unwrap();
        let current_m = current(&journal_m, RECORDINGS[k].1);
        Recording {
            games: report::games_state(&records),
            journal_r: report::build(&journal_m, &records),
            current_r: report::build(&current_m, &records),
            records,
            journal_m,
            current_m,
        }
    })
}

/// The same match under the current match file (ratings, federations, sexes, years of birth)
/// and the profile text the journal holds.
fn current(m: &Match, path: &str) -> Match {
    let text = std::fs::read_to_string(path).unwrap();
    Match::from_texts(Path::new(path), &text, &m.profile_path, &m.profile_text).unwrap()
}

/// The players in start-rank order as the TRF numbers them: the home team's in board order,
/// then the guests'; with their team.
fn players(r: &Report) -> Vec<(TeamSide, &BoardLine, &PlayerLine)> {
    let mut out = Vec::new();
    for team in [TeamSide::Home, TeamSide::Away] {
        for b in &r.boards {
            let p = if b.white_team == team {
                &b.white
            } else {
                &b.black
            };
            if let Some(p) = p {
                out.push((team, b, p));
            }
        }
    }
    out
}

/// Points in the TRF's form from half points.
fn pts(h: u32) -> String {
    format!("{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 })
}

/// Everything the TRF of a report must say, read back column by column (bytes = characters).
fn check_trf(m: &Match, r: &Report, pgn: &[pgn_check::Game]) {
    let file = result_service::trf(r, m);
    let lines = trf_reader::read(&file);
    let h = |tag| trf_reader::header(&lines, tag).unwrap_or_default();
    assert_eq!(
        h("012"),
        ascii(&format!(
            "{} {}, round {}",
            r.competition, r.season, r.round
        ))
    );
    // City alone: no street, no postal code.
    assert_eq!(h("022"), ascii(&m.city()));
    assert!(!h("022").contains(',') && !h("022").chars().any(|c| c.is_ascii_digit()));
    assert!(r.venue.ends_with(&m.city()), "{}", r.venue);
    assert_eq!(h("032"), "GER");
    let date = r.date.replace('-', "/");
    assert_eq!((h("042"), h("052")), (date.clone(), date.clone()));
    assert_eq!(trf_reader::records(&lines, "132")[0].col(92, 99), date[2..]);
    // The encoded time control: 90 min for 40 moves, 30 min, 30 s a move from move 1.
    assert_eq!(h("222"), "40/5400+30:1800+30");
    assert_eq!(Some(h("222")), m.time_control.pgn_tag());
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
    assert_eq!(h("352"), colours);

    let ps = players(r);
    let rows = trf_reader::records(&lines, "001");
    assert_eq!(rows.len(), ps.len());
    assert_eq!(h("062"), ps.len().to_string());
    let fide = m.rating_kind() == RatingKind::Fide;
    let mut halves = [0u32; 2];
    for (i, (l, (team, board, p))) in rows.iter().zip(&ps).enumerate() {
        let rank = i + 1;
        assert_eq!(l.col(5, 8), format!("{rank:>4}"));
        // The FIDE number at bytes (and characters) 58-68, right-aligned.
        assert_eq!(
            l.col(58, 68),
            format!(
                "{:>11}",
                p.fide_id.map(|f| f.to_string()).unwrap_or_default()
            )
        );
        let name = l.field(15, 47);
        let last = p.name.rsplit(' ').next().unwrap();
        assert!(
            name.starts_with(&format!("{}, ", ascii(last))) || name.len() == 33,
            "{name:?} for {}",
            p.name
        );
        let squad = m
            .team(*team)
            .squad
            .iter()
            .find(|s| s.rank == p.rank)
            .unwrap();
        // The FIDE rating where the match file's ratings are FIDE's, and then the same number
        // as the PGN's WhiteElo/BlackElo of that game.
        let white = board.white_team == *team;
        let game = pgn
            .iter()
            .rfind(|g| g.tag("Board") == Some(board.board.to_string().as_str()))
            .unwrap();
        let elo = game.tag(if white { "WhiteElo" } else { "BlackElo" });
        if fide {
            let rating = p.rating.unwrap().to_string();
            assert_eq!(l.field(49, 52), rating);
            assert_eq!(elo, Some(rating.as_str()));
        } else {
            assert_eq!(l.field(49, 52), "");
            assert_eq!(elo, None, "a national rating is not WhiteElo");
        }
        assert_eq!(
            l.field(54, 56),
            squad.federation.clone().unwrap_or_default()
        );
        assert_eq!(
            l.field(10, 10),
            squad
                .sex
                .map(|s| s.trf_letter().to_string())
                .unwrap_or_default()
        );
        assert_eq!(
            l.field(70, 79),
            squad
                .birth_year
                .map(|y| format!("{y}/00/00"))
                .unwrap_or_default()
        );
        // The round: the opponent names this player back, colours and results pair up.
        let colour = l.col(97, 97);
        assert_eq!(colour, if white { "w" } else { "b" });
        let opp: usize = l.field(92, 95).parse().unwrap();
        let other = rows[opp - 1];
        assert_eq!(other.field(92, 95).parse::<usize>().unwrap(), rank);
        assert_eq!(other.col(97, 97), if white { "b" } else { "w" });
        let code = l.col(99, 99);
        assert!(
            matches!(
                (code.as_str(), other.col(99, 99).as_str()),
                ("1", "0") | ("0", "1") | ("=", "=") | ("+", "-") | ("-", "+")
            ),
            "{code} {}",
            other.col(99, 99)
        );
        let h = match code.as_str() {
            "1" | "+" => 2,
            "=" => 1,
            _ => 0,
        };
        assert_eq!(l.field(81, 84), pts(h));
        halves[team.index()] += h;
        // Forfeits are + and -, never 1 and 0.
        assert_eq!(!board.played, matches!(code.as_str(), "+" | "-"));
    }
    assert_eq!(halves, r.score.board_points_halves);
    assert_eq!(
        h("072"),
        rows.iter()
            .filter(|l| !l.field(49, 52).is_empty())
            .count()
            .to_string()
    );

    // TRF-26 team records: number, name, match points, game points, rank, the players.
    let teams = trf_reader::records(&lines, "310");
    assert_eq!(teams.len(), 2);
    let mp = r.score.match_points.unwrap();
    for (k, (t, line)) in teams.iter().zip([&r.home, &r.away]).enumerate() {
        assert_eq!(t.field(5, 7), (k + 1).to_string());
        assert_eq!(t.field(9, 40), ascii(&line.name));
        assert_eq!(t.field(55, 60), pts(u32::from(mp[k]) * 2));
        assert_eq!(t.field(62, 67), pts(r.score.board_points_halves[k]));
        let won = mp[k] > mp[1 - k];
        assert_eq!(
            t.field(69, 71),
            if won || mp[0] == mp[1] { "1" } else { "2" }
        );
        assert_eq!(t.col(72, 73), "  ");
        let mine: Vec<usize> = (0..ps.len())
            .filter(|&i| ps[i].0 == [TeamSide::Home, TeamSide::Away][k])
            .map(|i| i + 1)
            .collect();
        for (j, rank) in mine.iter().enumerate() {
            let at = 74 + 5 * j;
            assert_eq!(t.col(at, at + 3), format!("{rank:>4}"));
        }
        // The older team record for readers of TRF-16, the same players from column 37.
        let old = trf_reader::records(&lines, "013")[k];
        assert_eq!(old.field(5, 36), ascii(&line.name));
        for (j, rank) in mine.iter().enumerate() {
            let at = 37 + 5 * j;
            assert_eq!(old.col(at, at + 3), format!("{rank:>4}"));
        }
    }
    // National ratings (and numbers) in the federation's NRS records, announced by 172.
    let nrs = trf_reader::records(&lines, "GER");
    let national: Vec<(usize, &PlayerLine)> = ps
        .iter()
        .enumerate()
        .filter(|(_, (_, _, p))| (!fide && p.rating.is_some()) || p.zps.is_some())
        .map(|(i, (_, _, p))| (i + 1, *p))
        .collect();
    assert_eq!(nrs.len(), national.len());
    assert_eq!(
        trf_reader::header(&lines, "172"),
        (!national.is_empty()).then(|| "GER OTHER".to_string())
    );
    for (l, (rank, p)) in nrs.iter().zip(&national) {
        assert_eq!(l.field(5, 8), rank.to_string());
        // Sex, name and birth as in the player's 001 record.
        let row = rows[rank - 1];
        for (a, b) in [(10, 10), (15, 47), (70, 79)] {
            assert_eq!(l.col(a, b), row.col(a, b));
        }
        let rating = p.rating.filter(|_| !fide).map(|x| x.to_string());
        assert_eq!(l.field(49, 52), rating.unwrap_or_default());
        let number = p
            .zps
            .as_ref()
            .map(|z| format!("{z}-{}", p.member_no.unwrap()));
        assert_eq!(l.field(58, 68), number.unwrap_or_default());
    }
}

/// Both recordings' TRF, with the match file each journal holds and with the current match
/// file (FIDE ratings, federations, sexes, years of birth, national IDs). The recordings were
/// made under the shipped match files (issue 30): the journal's is the current one, every
/// player with his national ID.
#[test]
fn the_trf_of_both_recordings_is_trf26_in_bytes_and_characters() {
    for (dir, path) in RECORDINGS {
        let rec = recording(dir);
        assert_eq!(
            rec.journal_m.match_text,
            std::fs::read_to_string(path).unwrap(),
            "{dir}: not recorded under {path} (scripts/rerecord.sh)"
        );
        assert_eq!(rec.journal_m.file.ratings, Some(RatingKind::Fide), "{dir}");
        for team in [&rec.journal_m.file.home, &rec.journal_m.file.away] {
            for p in &team.squad {
                assert!(
                    p.member_id().is_some(),
                    "{dir}: {} has no national ID",
                    p.name
                );
            }
        }
        for (m, r) in [
            (&rec.journal_m, &rec.journal_r),
            (&rec.current_m, &rec.current_r),
        ] {
            let pgn = pgn_check::read(&arbiter_report::pgn::all_games(m, &rec.games, Lang::De));
            check_trf(m, r, &pgn);
        }
        assert_eq!(rec.current_m.rating_kind(), RatingKind::Fide);
        let file = result_service::trf(&rec.current_r, &rec.current_m);
        assert!(file.contains("\r222 40/5400+30:1800+30\r"), "{file}");
    }
}

/// Names that need more than ASCII (Polish, Serbian, Danish, Czech, Turkish, Hungarian,
/// Croatian, German) are transliterated so that every field is at the same byte and character
/// column; the name field is cut at 33 characters; the ZPS-member numbers are the national
/// numbers of the NRS records.
#[test]
fn the_trf_of_a_round_with_unicode_names_keeps_its_columns() {
    let o = run_file(Path::new("tests/scenarios/exports-unicode.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let r = report::build(&m, &o.records);
    let s = report::games_state(&o.records);
    let pgn = pgn_check::read(&arbiter_report::pgn::all_games(&m, &s, Lang::De));
    check_trf(&m, &r, &pgn);
    let file = result_service::trf(&r, &m);
    let lines = trf_reader::read(&file);
    let rows = trf_reader::records(&lines, "001");
    let by_name = |n: &str| {
        *rows
            .iter()
            .find(|l| l.field(15, 47).starts_with(n))
            .unwrap_or_else(|| panic!("{n} in {file}"))
    };
    let z = by_name("Zielinski, Pawel");
    assert_eq!(
        (z.field(49, 52), z.field(54, 56), z.field(58, 68)),
        ("2645".into(), "POL".into(), "4742961".into())
    );
    assert_eq!(by_name("Sahin, Elif").col(10, 10), "w");
    assert_eq!(by_name("Hogye, Gabor").field(54, 56), "HUN");
    assert_eq!(by_name("Woehrle, Daniel").field(54, 56), "GER");
    // "Hohenstein-Grosskreuzburg, Ivana Duric-Zdravkovic von" cut at 33 characters.
    let long = by_name("Hohenstein-Grosskreuzburg, Ivana");
    assert_eq!(long.col(15, 47).len(), 33);
    assert_eq!(long.col(48, 48), " ");
    assert_eq!(long.field(58, 68), "24148915");
    let nrs = trf_reader::records(&lines, "GER");
    assert_eq!(nrs.len(), 16);
    assert_eq!(nrs[0].field(58, 68), "C0327-101");
}

fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "UTF-8 byte-order mark");
    let text = std::str::from_utf8(&bytes[3..]).unwrap();
    // CRLF, and no line end of another kind outside a quoted field.
    assert!(text.ends_with("\r\n"));
    csv::ReaderBuilder::new()
        .delimiter(b';')
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// The Ergebnismeldung as the arbiter types it into the entry form: the match, the boards
/// (rank, name, ZPS-member number of both players, the home colour, the result from the home
/// side, forfeit), board and match points, the Berliner Wertung only where the league uses it,
/// the captains and the arbiter by name, the remarks; the CSV for German Excel.
#[test]
fn the_ergebnismeldung_has_the_fields_of_the_entry_form() {
    let o = run_file(Path::new("tests/scenarios/exports-unicode.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let mut r = report::build(&m, &o.records);
    let csv = result_service::meldung_csv(&r, &m, Lang::De).unwrap();
    let text = std::str::from_utf8(&csv[3..]).unwrap();
    assert_eq!(text.matches('\n').count(), text.matches("\r\n").count());
    let rows = csv_rows(&csv);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(rows[0], s(&["Wettbewerb", "Schachbundesliga 2026/27"]));
    assert_eq!(rows[1], s(&["Runde", "5"]));
    assert_eq!(rows[2], s(&["Datum", "28.11.2026"]));
    assert_eq!(rows[3], s(&["Heim", "SG Musterstadt"]));
    assert_eq!(rows[4], s(&["Gast", "SF Beispielhausen"]));
    assert_eq!(rows[5], s(&[""]));
    assert_eq!(
        rows[6],
        s(&[
            "Brett",
            "Rang Heim",
            "Spieler Heim",
            "ZPS-Mgl. Heim",
            "Rang Gast",
            "Spieler Gast",
            "ZPS-Mgl. Gast",
            "Farbe Heim",
            "Ergebnis (Heim-Gast)",
            "kampflos"
        ])
    );
    assert_eq!(
        rows[7],
        s(&[
            "1",
            "1",
            "Paweł Zieliński",
            "C0327-101",
            "1",
            "Arkadij Morozov",
            "60118-201",
            "Schwarz",
            "1-0",
            "nein"
        ])
    );
    // Board 8 went to the home team by forfeit: in the spreadsheet its score with "kampflos"
    // (a cell "+/-" would be a formula), in the text the league's +/-.
    assert_eq!(rows[14][1..3], s(&["9", "Stefan Albrecht"]));
    assert_eq!(rows[14][8..], s(&["1-0", "ja"]));
    assert_eq!(rows[15], s(&[""]));
    // Every board as the report has it.
    for (row, b) in rows[7..15].iter().zip(&r.boards) {
        assert_eq!(row[0], b.board.to_string());
        let home = if b.white_team == TeamSide::Home {
            &b.white
        } else {
            &b.black
        };
        assert_eq!(row[2], home.as_ref().unwrap().name);
    }
    let labels: Vec<&str> = rows[16..].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(
        labels,
        [
            "Brettpunkte (Heim-Gast)",
            "Mannschaftspunkte (Heim-Gast)",
            "Mannschaftsführer Heim",
            "Mannschaftsführer Gast",
            "Schiedsrichter",
            "Bemerkungen"
        ],
        "the Bundesliga profile breaks ties by direct encounter: no Berliner Wertung"
    );
    assert_eq!(rows[16][1], "4½-3½");
    assert_eq!(rows[17][1], "2-0");
    assert_eq!(rows[18][1], "Friedrich Lenz");
    assert_eq!(rows[19][1], "Karin Oberländer");
    assert_eq!(rows[20][1], "Martina Keller (FA-2291)");
    // The remarks: the forfeit and the away captain's protest (at 17:20, about the match).
    assert_eq!(
        rows[21][1],
        "Brett 8 kampflos +/-; Protest eingelegt (siehe Spielbericht)"
    );
    let de = result_service::meldung_text(&r, &m, Lang::De);
    assert!(
        de.lines()
            .any(|l| l.starts_with("8 ") && l.contains("+/-") && l.ends_with("ja")),
        "{de}"
    );
    for (label, value) in [
        ("Mannschaftsführer Heim:", "Friedrich Lenz"),
        ("Mannschaftsführer Gast:", "Karin Oberländer"),
        ("Schiedsrichter:", "Martina Keller (FA-2291)"),
        ("Brettpunkte (Heim-Gast):", "4½-3½"),
    ] {
        assert!(
            de.lines()
                .any(|l| l.starts_with(label) && l.ends_with(value)),
            "{label} {value}:\n{de}"
        );
    }
    let en = result_service::meldung_text(&r, &m, Lang::En);
    assert!(
        en.lines()
            .any(|l| l.starts_with("Home captain:") && l.ends_with("Friedrich Lenz")),
        "{en}"
    );
    // Quoting is the csv crate's: a name with the separator, a quote and a line break (CR
    // included) comes back as written.
    r.home.captain = "Lenz; \"Fritz\"\r\nFriedrich\rII".into();
    let csv = result_service::meldung_csv(&r, &m, Lang::De).unwrap();
    let rows = csv_rows(&csv);
    assert_eq!(rows[18][1], r.home.captain);
}

/// Under a profile whose league breaks ties by the Berliner Wertung (FIDE 2023 here, the
/// Oberliga recording): the Wertung as the report has it; a board forfeited and a protest are
/// remarks.
#[test]
fn the_ergebnismeldung_has_the_berliner_wertung_where_the_league_uses_it() {
    let rec = recording("oberliga-rheinufer-huegelland");
    let (m, r) = (&rec.journal_m, &rec.journal_r);
    assert!(
        m.profile
            .scoring
            .tie_breaks
            .contains(&arbiter_core::profile::TieBreak::BerlinerWertung)
    );
    let rows = csv_rows(&result_service::meldung_csv(r, m, Lang::De).unwrap());
    let value = |label: &str| {
        rows.iter()
            .find(|row| row[0] == label)
            .map(|row| row[1].clone())
            .unwrap_or_else(|| panic!("{label}: {rows:?}"))
    };
    let bw = r.score.berliner_wertung_halves;
    assert_eq!(
        value("Berliner Wertung (Heim-Gast)"),
        format!(
            "{}-{}",
            arbiter_core::model::half_points_text(bw[0]),
            arbiter_core::model::half_points_text(bw[1])
        )
    );
    assert_eq!(value("Mannschaftspunkte (Heim-Gast)"), "2-0");
    assert_eq!(value("Mannschaftsführer Heim"), "Anja Krüger");
    let remarks = value("Bemerkungen");
    assert!(remarks.contains("Brett 2 kampflos -/+"), "{remarks}");
    assert!(remarks.contains("Protest"), "{remarks}");
}

/// PGN tags for archives and broadcasts, both recordings: `Termination` on every finished game
/// (a loss by a second illegal move and a forfeit are `rules infraction`), a `GameId` per board
/// and round, the same in the report's PGN and the live broadcast's, and `WhiteClock`/
/// `BlackClock` equal to the game's final clocks.
#[test]
fn the_pgn_has_termination_game_id_and_clocks() {
    for (dir, _) in RECORDINGS {
        let rec = recording(dir);
        let (m, s, r, journal_m) = (&rec.current_m, &rec.games, &rec.current_r, &rec.journal_m);
        assert!(!rec.records.is_empty());
        let pgn = arbiter_report::pgn::all_games(m, s, Lang::En);
        let games = pgn_check::read(&pgn);
        let mut ids = std::collections::HashSet::new();
        for b in &r.boards {
            let own: Vec<_> = games
                .iter()
                .filter(|g| g.tag("Board") == Some(b.board.to_string().as_str()))
                .collect();
            let last = own.last().unwrap();
            let id = arbiter_report::pgn::game_id(m, arbiter_core::model::BoardNo(b.board));
            assert_eq!(own[0].tag("GameId"), Some(id.as_str()));
            for g in &own {
                assert!(
                    ids.insert(g.tag("GameId").unwrap().to_string()),
                    "{dir}: GameId twice"
                );
            }
            assert!(b.result.is_some());
            let t = last
                .tag("Termination")
                .unwrap_or_else(|| panic!("{dir}: board {}", b.board));
            if !b.played {
                assert_eq!(t, "rules infraction");
            }
            match b.final_clocks.as_ref() {
                Some([w, bl]) => {
                    assert_eq!(
                        last.tag("WhiteClock"),
                        Some(w.as_str()),
                        "{dir} {}",
                        b.board
                    );
                    assert_eq!(last.tag("BlackClock"), Some(bl.as_str()));
                }
                None => assert_eq!(last.tag("WhiteClock"), None),
            }
        }
        // The same ids under the match file the journal holds (they name the match, not the
        // file's other contents), and in the live broadcast file.
        let again = pgn_check::read(&arbiter_report::pgn::all_games(journal_m, s, Lang::De));
        let dir_tmp = tempfile::tempdir().unwrap();
        let live = dir_tmp.path().join("live.pgn");
        let mut b = arbiter_console::broadcast::Broadcast::new(live.clone(), 5);
        assert!(b.tick(m, s, Lang::De, MonoMs::from_base_ms(0)).unwrap());
        let broadcast = pgn_check::read(&std::fs::read_to_string(&live).unwrap());
        for other in [&again, &broadcast] {
            let a: Vec<_> = games.iter().map(|g| g.tag("GameId")).collect();
            let o: Vec<_> = other.iter().map(|g| g.tag("GameId")).collect();
            assert_eq!(a, o);
        }
        if dir.starts_with("oberliga") {
            let term = |board: &str| {
                games
                    .iter()
                    .rfind(|g| g.tag("Board") == Some(board))
                    .and_then(|g| g.tag("Termination"))
            };
            assert_eq!(term("7"), Some("rules infraction"), "second illegal move");
            assert_eq!(term("2"), Some("rules infraction"), "forfeit");
        }
    }
    // Another round, another pair of teams: other ids.
    let m = &recording("bundesliga-musterstadt-beispielhausen").journal_m;
    let o = &recording("oberliga-rheinufer-huegelland").journal_m;
    let b1 = arbiter_core::model::BoardNo(1);
    assert_ne!(
        arbiter_report::pgn::game_id(m, b1),
        arbiter_report::pgn::game_id(o, b1)
    );
}

/// A draw the arbiter declared on a quickplay-finish claim is an adjudication; a result with
/// no ending recorded and no clock has no `Termination` (the recordings' results without an
/// ending are `normal` because their clocks at the result show no flag).
#[test]
fn a_result_the_arbiter_decided_is_an_adjudication() {
    let o = run_file(Path::new("tests/scenarios/trier-quickplay.toml")).unwrap();
    let m = arbiter_io::config::match_for_journal(&o.records, None).unwrap();
    let s = report::games_state(&o.records);
    let games = pgn_check::read(&arbiter_report::pgn::all_games(&m, &s, Lang::En));
    let term = |board: &str| {
        games
            .iter()
            .rfind(|g| g.tag("Board") == Some(board))
            .and_then(|g| g.tag("Termination"))
    };
    assert_eq!(term("7"), Some("adjudication"));
    // Board 1's 1-0 was entered without its ending and the scenario has no clock for it:
    // whether a flag fell is not known, and nothing is guessed.
    let bs = s.board(arbiter_core::model::BoardNo(1)).unwrap();
    assert!(bs.clock.is_none() && bs.result.as_ref().unwrap().ending.is_none());
    assert_eq!(term("1"), None);
}
