//! Bad match files and rule profiles: each gives an accurate error naming the file, the line or
//! field, and what was expected; none panics.

use std::path::{Path, PathBuf};
use std::process::Command;

const DEMO: &str = include_str!("../config/matches/demo-bundesliga.toml");
const BUNDESLIGA: &str = include_str!("../config/rules/bundesliga.toml");

/// A scratch config tree: `matches/m.toml` and `rules/bundesliga.toml`.
struct Tree {
    _dir: tempfile::TempDir,
    matches: PathBuf,
    rules: PathBuf,
}

fn tree(match_src: &str, profile_src: &str) -> Tree {
    let dir = tempfile::tempdir().unwrap();
    let matches = dir.path().join("matches");
    let rules = dir.path().join("rules");
    std::fs::create_dir_all(&matches).unwrap();
    std::fs::create_dir_all(&rules).unwrap();
    std::fs::write(matches.join("m.toml"), match_src).unwrap();
    std::fs::write(rules.join("bundesliga.toml"), profile_src).unwrap();
    Tree {
        _dir: dir,
        matches,
        rules,
    }
}

fn replace(src: &str, from: &str, to: &str) -> String {
    assert!(src.contains(from), "test setup: {from:?} not in source");
    src.replacen(from, to, 1)
}

/// Loads the match and returns the error text; asserts that it names `file`.
fn error_of(t: &Tree, file: &Path) -> String {
    let err = arbiter_io::config::load_match(&t.matches.join("m.toml"), None)
        .expect_err("must be rejected");
    let text = err.to_string();
    assert!(
        text.contains(&file.display().to_string()),
        "error does not name {}:\n{text}",
        file.display()
    );
    text
}

fn match_error(src: &str) -> String {
    let t = tree(src, BUNDESLIGA);
    error_of(&t, &t.matches.join("m.toml"))
}

fn profile_error(src: &str) -> String {
    let t = tree(DEMO, src);
    error_of(&t, &t.rules.join("bundesliga.toml"))
}

fn line_of(src: &str, needle: &str) -> usize {
    src.lines()
        .position(|l| l.contains(needle))
        .expect("needle in source")
        + 1
}

#[test]
fn the_demo_match_is_valid_under_every_profile() {
    for p in ["fide-2023", "fide-2017", "bundesliga", "nrw-1987", "trier"] {
        let m = arbiter_io::config::load_match(
            Path::new("config/matches/demo-bundesliga.toml"),
            Some(p),
        )
        .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(m.profile.id, p);
        assert_eq!(m.file.home.squad.len(), 16);
        assert_eq!(m.file.away.squad.len(), 16);
    }
    arbiter_io::config::load_match(Path::new("config/matches/oberliga-example.toml"), None)
        .unwrap();
}

#[test]
fn unknown_key_names_line_and_key() {
    let src = replace(DEMO, "venue = ", "venu = \"x\"\nvenue = ");
    let e = match_error(&src);
    let line = line_of(&src, "venu = ");
    assert!(e.contains(&format!("m.toml:{line}:")), "{e}");
    assert!(e.contains("unknown field `venu`"), "{e}");
}

#[test]
fn missing_field_is_named() {
    let src = replace(
        DEMO,
        "[arbiter]\nname = \"Martina Keller\"\n",
        "[arbiter]\n",
    );
    let e = match_error(&src);
    assert!(e.contains("missing field `name`"), "{e}");
    assert!(e.contains("arbiter"), "{e}");
}

#[test]
fn wrong_type_is_named() {
    let src = replace(DEMO, "boards = 8", "boards = \"eight\"");
    let e = match_error(&src);
    assert!(
        e.contains(&format!("m.toml:{}", line_of(&src, "boards = \"eight\""))),
        "{e}"
    );
    assert!(e.contains("boards"), "{e}");
    assert!(e.contains("invalid type"), "{e}");
}

#[test]
fn toml_syntax_error_gives_the_line() {
    let src = replace(DEMO, "round = 5", "round = [5");
    let e = match_error(&src);
    assert!(e.contains("m.toml:"), "{e}");
}

#[test]
fn duplicate_rank() {
    let src = replace(
        DEMO,
        "{ rank = 2, name = \"Viktor",
        "{ rank = 1, name = \"Viktor",
    );
    let e = match_error(&src);
    assert!(e.contains("home.squad[1].rank"), "{e}");
    assert!(e.contains("rank 1 is also given to home.squad[0]"), "{e}");
    assert!(
        e.contains(&format!("m.toml:{}", line_of(&src, "name = \"Viktor"))),
        "{e}"
    );
}

#[test]
fn duplicate_fide_id_across_teams() {
    let home_id = DEMO
        .lines()
        .find(|l| l.contains("Jonas Brenner"))
        .and_then(|l| l.split("fide_id = ").nth(1))
        .and_then(|r| r.split(',').next())
        .unwrap()
        .to_string();
    let away_line = DEMO
        .lines()
        .find(|l| l.contains("Arkadij Morozov"))
        .unwrap();
    let away_id = away_line
        .split("fide_id = ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap();
    let src = replace(
        DEMO,
        &format!("fide_id = {away_id}"),
        &format!("fide_id = {home_id}"),
    );
    let e = match_error(&src);
    assert!(e.contains("away.squad[0].fide_id"), "{e}");
    assert!(
        e.contains(&format!("FIDE ID {home_id} is also given to home.squad[0]")),
        "{e}"
    );
}

#[test]
fn start_without_offset() {
    let src = replace(DEMO, "2026-11-28T14:00:00+01:00", "2026-11-28T14:00:00");
    let e = match_error(&src);
    assert!(e.contains("scheduled_start"), "{e}");
    assert!(e.contains("RFC 3339"), "{e}");
}

#[test]
fn start_on_another_day() {
    let src = replace(
        DEMO,
        "2026-11-28T14:00:00+01:00",
        "2026-11-29T14:00:00+01:00",
    );
    let e = match_error(&src);
    assert!(
        e.contains("scheduled_start: falls on 2026-11-29 but the match date is 2026-11-28"),
        "{e}"
    );
}

#[test]
fn impossible_date() {
    let src = replace(DEMO, "date = \"2026-11-28\"", "date = \"2026-13-01\"");
    let e = match_error(&src);
    assert!(
        e.contains(&format!(
            "m.toml:{}: date:",
            line_of(&src, "date = \"2026-13-01\"")
        )),
        "{e}"
    );
}

#[test]
fn feed_count_does_not_match_boards() {
    let src = replace(DEMO, "  \"tcp://127.0.0.1:7105\", ", "  ");
    let e = match_error(&src);
    assert!(e.contains("feeds: 7 feed sources for 8 boards"), "{e}");
}

#[test]
fn bad_feed_uri() {
    let src = replace(DEMO, "tcp://127.0.0.1:7103", "udp://127.0.0.1:7103");
    let e = match_error(&src);
    assert!(e.contains("feeds[2]"), "{e}");
    assert!(e.contains("unknown scheme \"udp\""), "{e}");
}

#[test]
fn board_count_against_profile() {
    let src = replace(DEMO, "boards = 8", "boards = 6");
    let e = match_error(&src);
    assert!(
        e.contains("boards: 6 boards, but the rule profile \"bundesliga\" is for 8 boards"),
        "{e}"
    );
}

#[test]
fn unknown_profile() {
    let src = replace(DEMO, "rules = \"bundesliga\"", "rules = \"kreisliga-xyz\"");
    let e = match_error(&src);
    assert!(
        e.contains("rules: no rule profile \"kreisliga-xyz\""),
        "{e}"
    );
}

#[test]
fn lineup_with_unknown_rank() {
    let src = replace(
        DEMO,
        "lineup = [1, 2, 3, 4, 5, 6, 7, 9]",
        "lineup = [1, 2, 3, 40, 5, 6, 7, 9]",
    );
    let e = match_error(&src);
    assert!(e.contains("home.lineup[3]: no player with rank 40"), "{e}");
}

#[test]
fn lineup_with_a_player_twice() {
    let src = replace(
        DEMO,
        "lineup = [1, 2, 3, 4, 5, 6, 7, 9]",
        "lineup = [1, 2, 3, 4, 5, 6, 2, 9]",
    );
    let e = match_error(&src);
    assert!(
        e.contains("home.lineup[6]: rank 2 is already on board 2"),
        "{e}"
    );
}

#[test]
fn signer_key_not_hex() {
    let src = replace(
        DEMO,
        "arbiter = \"de081c516b1e30c9d440af36e4dcb0c3a29f0630bc6c8ec7606b65be591b5cda\"",
        "arbiter = \"not-a-key\"",
    );
    let e = match_error(&src);
    assert!(e.contains("signers.arbiter"), "{e}");
    assert!(e.contains("64 hex digits"), "{e}");
}

#[test]
fn rating_out_of_range() {
    let src = replace(DEMO, "rating = 2645", "rating = 26450");
    let e = match_error(&src);
    assert!(
        e.contains("home.squad[0].rating: 26450 is not a rating"),
        "{e}"
    );
}

#[test]
fn empty_squad() {
    let start = DEMO.find("[away]").unwrap();
    let sq = start + DEMO[start..].find("squad = [").unwrap();
    let end = sq + DEMO[sq..].find("\n]").unwrap() + 2;
    let src = format!("{}squad = []{}", &DEMO[..sq], &DEMO[end..]);
    let e = match_error(&src);
    assert!(e.contains("away.squad: the ranking list is empty"), "{e}");
}

#[test]
fn not_utf8() {
    let mut bytes = DEMO.as_bytes().to_vec();
    let at = DEMO.find("Musterstadt").unwrap();
    bytes[at] = 0xFF;
    let t = tree("", BUNDESLIGA);
    std::fs::write(t.matches.join("m.toml"), bytes).unwrap();
    let e = error_of(&t, &t.matches.join("m.toml"));
    assert!(e.contains("not valid UTF-8"), "{e}");
}

#[test]
fn missing_file() {
    let err = arbiter_io::config::load_match(Path::new("config/matches/no-such-match.toml"), None)
        .unwrap_err();
    let e = err.to_string();
    assert!(
        e.contains("config/matches/no-such-match.toml: cannot read the file"),
        "{e}"
    );
}

#[test]
fn profile_unknown_key() {
    let src = replace(BUNDESLIGA, "loss_at = 2", "loss_at = 2\nlose_at = 3");
    let e = profile_error(&src);
    assert!(e.contains("unknown field `lose_at`"), "{e}");
    assert!(
        e.contains(&format!("bundesliga.toml:{}", line_of(&src, "lose_at"))),
        "{e}"
    );
}

#[test]
fn profile_impossible_time_control() {
    let src = replace(
        BUNDESLIGA,
        "periods = [ { moves = 40, minutes = 90 }, { minutes = 30 } ]",
        "periods = [ { minutes = 30 }, { moves = 40, minutes = 90 } ]",
    );
    let e = profile_error(&src);
    assert!(
        e.contains("time_control: period 1 lasts for the rest of the game but period 2 follows it"),
        "{e}"
    );
}

#[test]
fn profile_quickplay_with_increment() {
    let src = replace(
        BUNDESLIGA,
        "kind = \"none\"",
        "kind = \"guidelines_iii_2023\"",
    );
    let e = profile_error(&src);
    assert!(e.contains("quickplay_finish.kind"), "{e}");
    assert!(e.contains("only to games without increment"), "{e}");
}

#[test]
fn profile_berliner_weights_count() {
    let src = replace(
        BUNDESLIGA,
        "match_points_win = 2",
        "berliner_weights = [3, 2, 1]\nmatch_points_win = 2",
    );
    let e = profile_error(&src);
    assert!(
        e.contains("scoring.berliner_weights: 3 weights for 8 boards"),
        "{e}"
    );
}

#[test]
fn profile_bad_enum_value() {
    let src = replace(
        BUNDESLIGA,
        "counting = \"combined\"",
        "counting = \"sometimes\"",
    );
    let e = profile_error(&src);
    assert!(e.contains("unknown variant `sometimes`"), "{e}");
    assert!(
        e.contains(&format!("bundesliga.toml:{}", line_of(&src, "sometimes"))),
        "{e}"
    );
}

#[test]
fn profile_seconds_above_59() {
    let src = replace(
        BUNDESLIGA,
        "{ minutes = 30 }",
        "{ minutes = 30, seconds = 75 }",
    );
    let e = profile_error(&src);
    assert!(e.contains("period 2: seconds = 75 must be below 60"), "{e}");
}

#[test]
fn the_binary_exits_2_with_file_and_line() {
    let src = replace(DEMO, "venue = ", "venu = \"x\"\nvenue = ");
    let t = tree(&src, BUNDESLIGA);
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("check")
        .arg(t.matches.join("m.toml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let expected = format!(
        "m.toml:{}: venu: unknown field `venu`",
        line_of(&src, "venu = ")
    );
    assert!(err.contains(&expected), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn the_binary_prints_the_summary() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", "config/matches/demo-bundesliga.toml"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "SG Musterstadt – SF Beispielhausen",
        "time control: 90'/40 + 30' + 30''",
        "default time: 30 min from the actual start",
        "win from 4½ board points",
        "1  White: Arkadij Morozov (2620)",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

/// The player fields the FIDE TRF takes (issue 30): a federation is three capital letters, a
/// year of birth lies between 1900 and the match, sex is `m` or `w`, `ratings` says `fide` or
/// `national`; each mistake is named with its field (or line).
#[test]
fn the_fide_fields_of_a_player_are_checked() {
    let first = "{ rank = 1, name = \"Jonas Brenner\", fide_id = 4742961, rating = 2645, federation = \"GER\", sex = \"m\", birth_year = 1995, zps = \"B0817\", member_no = 107 }";
    assert!(DEMO.contains(first), "test setup: the demo's first player");
    let e = match_error(&replace(
        DEMO,
        "federation = \"GER\", sex = \"m\", birth_year = 1995, zps = \"B0817\"",
        "federation = \"Ger\", sex = \"m\", birth_year = 1995, zps = \"B0817\"",
    ));
    assert!(e.contains("home.squad[0].federation"), "{e}");
    assert!(e.contains("three capital letters"), "{e}");
    let e = match_error(&replace(
        DEMO,
        "birth_year = 1995, zps = \"B0817\"",
        "birth_year = 2027, zps = \"B0817\"",
    ));
    assert!(e.contains("home.squad[0].birth_year"), "{e}");
    assert!(e.contains("2027 is not a year of birth"), "{e}");
    let src = replace(
        DEMO,
        "sex = \"m\", birth_year = 1995, zps = \"B0817\"",
        "sex = \"f\", birth_year = 1995, zps = \"B0817\"",
    );
    let e = match_error(&src);
    assert!(
        e.contains(&format!("m.toml:{}", line_of(&src, "sex = \"f\""))),
        "{e}"
    );
    assert!(e.contains("`m`") && e.contains("`w`"), "{e}");
    let src = replace(DEMO, "ratings = \"fide\"", "ratings = \"elo\"");
    let e = match_error(&src);
    assert!(
        e.contains(&format!("m.toml:{}", line_of(&src, "ratings = \"elo\""))),
        "{e}"
    );
    assert!(e.contains("`fide`") && e.contains("`national`"), "{e}");
    let e = match_error(&replace(
        DEMO,
        "ratings = \"fide\"",
        "ratings = \"fide\"\ncity = \" \"",
    ));
    assert!(e.contains("city"), "{e}");
}

/// A match file written before these fields (as the journals of earlier matches hold them)
/// still loads: the ratings are national, no federation, sex or birth; the city is the
/// venue's last part without its postal code, or the match file's `city`.
#[test]
fn a_match_file_without_the_fide_fields_loads_with_clear_defaults() {
    let old = regex_free_strip(DEMO);
    let t = tree(&old, BUNDESLIGA);
    let m = arbiter_io::config::load_match(&t.matches.join("m.toml"), None).unwrap();
    assert_eq!(m.file.ratings, None);
    assert_eq!(
        m.rating_kind(),
        arbiter_core::matchfile::RatingKind::National
    );
    assert!(
        m.file
            .home
            .squad
            .iter()
            .all(|p| p.federation.is_none() && p.sex.is_none() && p.birth_year.is_none())
    );
    assert_eq!(m.city(), "Musterstadt");
    assert!(
        m.summary().contains("ratings: national (the default"),
        "{}",
        m.summary()
    );
    let with_city = replace(
        &old,
        "scheduled_start",
        "city = \"Berlin-Mitte\"\nscheduled_start",
    );
    let t = tree(&with_city, BUNDESLIGA);
    let m = arbiter_io::config::load_match(&t.matches.join("m.toml"), None).unwrap();
    assert_eq!(m.city(), "Berlin-Mitte");
    // A venue without a postal code: its last part as written.
    let plain = replace(&old, "Lindenallee 12, 12345 Musterstadt", "Musterstadt");
    let t = tree(&plain, BUNDESLIGA);
    let m = arbiter_io::config::load_match(&t.matches.join("m.toml"), None).unwrap();
    assert_eq!(m.city(), "Musterstadt");
}

/// The demo match file as it was before issue 30: without `ratings` and the players' FIDE
/// fields.
fn regex_free_strip(src: &str) -> String {
    let mut out = String::new();
    for line in src.lines() {
        if line.starts_with("ratings = ") || line.starts_with("# The squads' ratings") {
            continue;
        }
        let line = match line.find(", federation = ") {
            Some(i) => format!(
                "{}{}",
                &line[..i],
                &line[line.rfind(" }").unwrap_or(line.len())..]
            ),
            None => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    assert!(!out.contains("federation") && !out.contains("ratings ="));
    out
}
