//! The match file (TOML, `config/matches/*.toml`): who plays whom, where, when, under which rules,
//! and where each board's feed comes from.
//!
//! Over 800 lines: the match file's types, their parsing from text and their validation in one
//! place (each check names its field and line); the validation is to move to a module of its own
//! (issue 27), not done yet.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::clock::TimeControl;
use crate::diag::{Collector, Diagnostics, from_toml_error};
use crate::model::{BoardNo, Color, TeamSide};
use crate::profile::{Mode, ModeRules, RuleProfile, Supervision};

/// The match file as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchFile {
    pub competition: String,
    pub season: String,
    pub round: u16,
    /// The match date, `YYYY-MM-DD`.
    pub date: String,
    /// The venue as the report prints it (name, hall, address).
    pub venue: String,
    /// The city alone, for the FIDE TRF's `022` record; default: the venue's last part after
    /// a comma, without a postal code ("…, 12345 Musterstadt" → "Musterstadt").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Which rating the squads' `rating` values are: `fide` (the FIDE rating, Elo) or
    /// `national` (the federation's national rating, in Germany the DWZ). Default `national`,
    /// as the match file has always said; the exports put each where it belongs (docs/REPORT.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingKind>,
    /// RFC 3339 with offset, e.g. `2026-11-28T14:00:00+01:00`.
    pub scheduled_start: String,
    /// The rule profile: an id under `config/rules/` or a path ending in `.toml` (relative to
    /// this file).
    pub rules: String,
    pub boards: u16,
    /// Language of the console and the report: `de` or `en`.
    #[serde(default)]
    pub lang: Lang,
    pub arbiter: Arbiter,
    /// Members of the appeals committee (Schiedsgericht), if one is named.
    #[serde(default)]
    pub appeals_committee: Vec<String>,
    pub home: Team,
    pub away: Team,
    /// One feed source URI per board (`tcp://HOST:PORT`, `serial:///dev/ttyUSB0`,
    /// `livechess://HOST:1982/SERIAL`, or `none`); empty = no feeds.
    #[serde(default)]
    pub feeds: Vec<String>,
    /// Boards whose clock accepts commands from the console (a DGT 3000 in its host-controlled
    /// mode 23): only to these can the arbiter send a ruling's times (SETNRUN). Empty by
    /// default: a clock running a game is set by hand (docs/FEEDS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_commands: Vec<u16>,
    #[serde(default)]
    pub signers: Signers,
    /// The mode of play (`standard`, `rapid`, `blitz`); default: from the time control by the
    /// profile's `[modes]` definitions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// A mode per board where boards are played in another mode than the match (one per board,
    /// or none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board_modes: Vec<Mode>,
    /// The regime of the rapid or blitz appendix the event's regulations chose (FIDE 2017 A.5,
    /// B.5); default: the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
    /// The match's time control where it is not the profile's (same shape as the profile's
    /// `[time_control]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Boards whose game starts from another position, or whose clock adds a period's time
    /// differently from the profile's time control (`[[game]]` tables).
    #[serde(default, rename = "game", skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameSetup>,
    /// The match is played at a neutral venue: the host (for the colours) is the club the
    /// pairing table names first (BTO NRW § 17), `pairing_first`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub neutral_venue: bool,
    /// Which team the pairing table names first (`home` or `away` of this file).
    #[serde(default, skip_serializing_if = "is_home")]
    pub pairing_first: TeamSide,
    /// `league` (default) or `play_off`: in a play-off (a cup tie, a Stichkampf) a drawn match
    /// is decided by the profile's `scoring.tie_breaks` and then by lot.
    #[serde(default, skip_serializing_if = "MatchKind::is_league")]
    pub kind: MatchKind,
}

/// Which rating list the squads' `rating` values come from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingKind {
    /// The FIDE rating (Elo): the TRF's rating column, the PGN's `WhiteElo`/`BlackElo`.
    Fide,
    /// The national rating (in Germany the DWZ): the TRF's national rating record for the
    /// federation of the match (`GER`), never `WhiteElo` (which readers take as FIDE's).
    #[default]
    National,
}

/// A player's sex as the FIDE TRF writes it (column 10 of a `001` record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sex {
    #[serde(rename = "m")]
    Male,
    #[serde(rename = "w")]
    Female,
}

impl Sex {
    /// The TRF's letter: `m` or `w`.
    pub fn trf_letter(self) -> char {
        match self {
            Sex::Male => 'm',
            Sex::Female => 'w',
        }
    }
}

fn is_home(t: &TeamSide) -> bool {
    *t == TeamSide::Home
}

/// Whether a drawn match needs a winner.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// A league match: a draw stands.
    #[default]
    League,
    /// A play-off or cup tie: a draw is decided by the tie-breaks, then by lot.
    PlayOff,
}

impl MatchKind {
    fn is_league(&self) -> bool {
        *self == MatchKind::League
    }
}

/// `[[game]]`: one board's starting position and clock device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    pub board: u16,
    /// The starting position (FEN); default the initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// When the board's clock adds a period's time: `on_move` (at the move count) or `on_flag`
    /// (at zero, the DGT 3000 presets); default the time control's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_adds: Option<crate::clock::PeriodAddition>,
}

/// The language (defined in [`crate::i18n`], named here too so `matchfile::Lang` keeps working).
pub use crate::i18n::Lang;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arbiter {
    pub name: String,
    /// Licence number (Schiedsrichterlizenz).
    #[serde(default)]
    pub licence: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub club: String,
    /// The team's name in the league (e.g. "SG Musterstadt I").
    pub name: String,
    pub captain: String,
    /// The registered ranking list (Rangliste).
    pub squad: Vec<Player>,
    /// An optional pre-entered lineup: ranks from board 1 down, 0 for an empty board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineup: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub rank: u16,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<u64>,
    /// The rating: the FIDE or the national one, as the match file's `ratings` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// The player's federation as FIDE codes it (three capital letters, e.g. "GER").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// `m` or `w`, as the FIDE TRF writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// The year of birth (FIDE's rating list publishes the year only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    /// The German national member identification: the club's ZPS number (Vereinskennzahl,
    /// five characters: Landesverband, Bezirk, club, e.g. "C0327") …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zps: Option<String>,
    /// … and the member number within that club (Mitgliedsnummer, 1 to 99999).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_no: Option<u32>,
    /// Remarks on eligibility (e.g. "Ersatzspieler aus II", "Gastspieler").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    #[serde(default = "yes")]
    pub eligible: bool,
}

fn yes() -> bool {
    true
}

/// Checks a club's ZPS number (Vereinskennzahl): five characters, the Landesverband (`0`-`9`,
/// `A`-`H`, `L`, `M`), two for the Bezirk and two digits for the club; a number ending in `00`
/// names a Verband or Bezirk, not a club.
pub fn check_zps(z: &str) -> Result<(), String> {
    let b = z.as_bytes();
    let ok = b.len() == 5
        && matches!(b[0], b'0'..=b'9' | b'A'..=b'H' | b'L' | b'M')
        && b[1..3]
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        && b[3..5].iter().all(u8::is_ascii_digit);
    if !ok {
        return Err(format!(
            "{z:?} is not a ZPS number (five characters such as \"C0327\": Landesverband, Bezirk, club)"
        ));
    }
    if &b[3..5] == b"00" {
        return Err(format!(
            "{z:?} ends in 00: that is a Verband or Bezirk, not a club"
        ));
    }
    Ok(())
}

impl Player {
    /// The national member identification "ZPS-member number" (e.g. "C0327-123"), if known.
    pub fn member_id(&self) -> Option<String> {
        Some(format!("{}-{}", self.zps.as_ref()?, self.member_no?))
    }
}

/// Public keys (Ed25519, hex) registered for the signers of the report.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Signers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home_captain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_captain: Option<String>,
}

/// A feed source, parsed from its URI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A raw DGT serial stream over TCP (ser2net, serial servers, the simulator).
    Tcp { host: String, port: u16 },
    /// A local serial port.
    Serial { path: String },
    /// A board behind DGT LiveChess.
    LiveChess {
        host: String,
        port: u16,
        serial: String,
    },
    /// No feed: the arbiter enters everything by hand.
    None,
}

impl Source {
    /// Parses a feed URI; the error says what was expected.
    pub fn parse(uri: &str) -> Result<Source, String> {
        let uri = uri.trim();
        if uri == "none" {
            return Ok(Source::None);
        }
        let (scheme, rest) = uri
            .split_once("://")
            .ok_or_else(|| format!("{uri:?} is not a URI: expected tcp://HOST:PORT, serial:///dev/…, livechess://HOST:PORT/SERIAL or none"))?;
        let host_port = |hp: &str| -> Result<(String, u16), String> {
            let (h, p) = hp
                .rsplit_once(':')
                .ok_or_else(|| format!("{uri:?}: missing :PORT"))?;
            let port: u16 = p
                .parse()
                .map_err(|_| format!("{uri:?}: port {p:?} is not a number from 1 to 65535"))?;
            if port == 0 || h.is_empty() {
                return Err(format!(
                    "{uri:?}: expected HOST:PORT with a port from 1 to 65535"
                ));
            }
            Ok((
                h.trim_start_matches('[').trim_end_matches(']').to_string(),
                port,
            ))
        };
        match scheme {
            "tcp" => {
                let (host, port) = host_port(rest.trim_end_matches('/'))?;
                Ok(Source::Tcp { host, port })
            }
            "serial" => {
                if !rest.starts_with('/') || rest.len() < 2 {
                    return Err(format!(
                        "{uri:?}: expected serial:///dev/NAME (an absolute device path)"
                    ));
                }
                Ok(Source::Serial {
                    path: rest.to_string(),
                })
            }
            "livechess" => {
                let (hp, serial) = rest
                    .split_once('/')
                    .ok_or_else(|| format!("{uri:?}: expected livechess://HOST[:PORT]/SERIAL"))?;
                if serial.is_empty() || serial.contains('/') || hp.is_empty() {
                    return Err(format!(
                        "{uri:?}: expected livechess://HOST[:PORT]/SERIAL with one e-board serial number"
                    ));
                }
                // The LiveChess port defaults to 1982.
                let (host, port) = if hp.rsplit_once(':').is_some_and(|(_, p)| !p.contains(']')) {
                    host_port(hp)?
                } else {
                    (
                        hp.trim_start_matches('[').trim_end_matches(']').to_string(),
                        1982,
                    )
                };
                Ok(Source::LiveChess {
                    host,
                    port,
                    serial: serial.to_string(),
                })
            }
            other => Err(format!(
                "{uri:?}: unknown scheme {other:?}: expected tcp, serial, livechess or none"
            )),
        }
    }
}

impl MatchFile {
    /// Parses a match file's text (syntax and types only; [`Match::from_texts`] validates).
    pub fn parse(path: &Path, src: &str) -> Result<MatchFile, Diagnostics> {
        toml::from_str(src).map_err(|e| Diagnostics(vec![from_toml_error(path, src, &e)]))
    }
}

/// A diagnostic about one field of a match file's text (e.g. a `rules` value that names no
/// profile).
pub fn field_error(path: &Path, src: &str, field: &str, message: String) -> Diagnostics {
    let mut c = Collector::new(path, src);
    c.error(field, message);
    Diagnostics(c.found)
}

/// A match file and its rule profile, loaded and validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub path: PathBuf,
    pub file: MatchFile,
    pub profile_path: PathBuf,
    pub profile: RuleProfile,
    pub date: NaiveDate,
    pub scheduled_start: DateTime<FixedOffset>,
    pub sources: Vec<Source>,
    /// SHA-256 (hex) of the match file's bytes.
    pub match_sha256: String,
    /// SHA-256 (hex) of the profile's bytes.
    pub profile_sha256: String,
    /// The time control the games are played under: the match file's, else the mode's in the
    /// profile (where the match file names the mode), else the profile's.
    pub time_control: TimeControl,
    /// The match's mode: the match file's, else the time control's by the profile's `[modes]`.
    pub mode: Mode,
    /// The match file's text exactly as read (journaled in full by `session_started`).
    pub match_text: String,
    /// The profile's text exactly as read.
    pub profile_text: String,
}

/// SHA-256 of bytes, as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

impl Match {
    /// Validates a match file against its rule profile, both given as text (`path` and
    /// `profile_path` name them in diagnostics; nothing is read here: see
    /// `arbiter_io::config::load_match`).
    pub fn from_texts(
        path: &Path,
        src: &str,
        profile_path: &Path,
        profile_src: &str,
    ) -> Result<Match, Diagnostics> {
        let file = MatchFile::parse(path, src)?;
        Match::validate(path, src, file, profile_path, profile_src)
    }

    /// Validates a parsed match file (of the text `src`) against the profile text.
    pub fn validate(
        path: &Path,
        src: &str,
        file: MatchFile,
        profile_path: &Path,
        profile_src: &str,
    ) -> Result<Match, Diagnostics> {
        let profile = RuleProfile::parse(profile_path, profile_src)?;
        let mut c = Collector::new(path, src);
        let checked = check(&file, &profile, &mut c);
        let Some((date, scheduled_start, sources)) = checked else {
            if c.found.is_empty() {
                c.error("", "the match file is incomplete");
            }
            return Err(Diagnostics(c.found));
        };
        c.into_result()?;
        let time_control = file
            .time_control
            .clone()
            .or_else(|| {
                file.mode
                    .and_then(|mode| profile.variant(mode))
                    .and_then(|v| v.time_control.clone())
            })
            .unwrap_or_else(|| profile.time_control.clone());
        let mode = file.mode.unwrap_or_else(|| profile.classify(&time_control));
        Ok(Match {
            time_control,
            mode,
            path: path.to_path_buf(),
            match_sha256: sha256_hex(src.as_bytes()),
            profile_sha256: sha256_hex(profile_src.as_bytes()),
            match_text: src.to_string(),
            profile_text: profile_src.to_string(),
            file,
            profile_path: profile_path.to_path_buf(),
            profile,
            date,
            scheduled_start,
            sources,
        })
    }

    /// The mode a board is played in: the match file's mode for that board, else the match's.
    pub fn mode_of(&self, board: BoardNo) -> Mode {
        self.file
            .board_modes
            .get(board.index())
            .copied()
            .unwrap_or(self.mode)
    }

    /// The rules in effect on a board (its mode, the match's regime of supervision): the one
    /// place where the mode's values are resolved (`RuleProfile::rules_for`).
    pub fn rules_for(&self, board: BoardNo) -> ModeRules {
        self.profile
            .rules_for(self.mode_of(board), self.file.supervision)
    }

    /// The rules in effect for the match's own mode (for requests about no board).
    pub fn match_rules(&self) -> ModeRules {
        self.profile.rules_for(self.mode, self.file.supervision)
    }

    pub fn team(&self, side: TeamSide) -> &Team {
        match side {
            TeamSide::Home => &self.file.home,
            TeamSide::Away => &self.file.away,
        }
    }

    /// The team that has White on a board, by the profile's colour rule.
    pub fn white_team(&self, board: BoardNo) -> TeamSide {
        let odd = board.0 % 2 == 1;
        // The profile names the host (`home`) and the guests (`away`); at a neutral venue the
        // host is the club named first in the pairing table.
        let on_odd = match self.profile.colours.white_on_odd_boards {
            TeamSide::Home => self.host(),
            TeamSide::Away => self.host().other(),
        };
        if odd { on_odd } else { on_odd.other() }
    }

    /// The host (gastgebender Verein): the home team, or at a neutral venue the team the
    /// pairing table names first (BTO NRW § 17).
    pub fn host(&self) -> TeamSide {
        if self.file.neutral_venue {
            self.file.pairing_first
        } else {
            TeamSide::Home
        }
    }

    /// The colour a team has on a board.
    pub fn colour_of(&self, team: TeamSide, board: BoardNo) -> Color {
        if self.white_team(board) == team {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Which rating the squads' `rating` values are (default national).
    pub fn rating_kind(&self) -> RatingKind {
        self.file.ratings.unwrap_or_default()
    }

    /// The city alone (the FIDE TRF's `022`): the match file's `city`, else the venue's last
    /// comma-separated part without a leading postal code.
    pub fn city(&self) -> String {
        if let Some(c) = &self.file.city {
            return c.trim().to_string();
        }
        let last = self.file.venue.rsplit(',').next().unwrap_or("").trim();
        match last.split_once(' ') {
            Some((code, rest))
                if code.chars().any(|c| c.is_ascii_digit())
                    && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                rest.trim().to_string()
            }
            _ => last.to_string(),
        }
    }

    /// The player of a team on a board by the pre-entered lineup, if any.
    pub fn lineup_player(&self, team: TeamSide, board: BoardNo) -> Option<&Player> {
        let t = self.team(team);
        let rank = *t.lineup.get(board.index())?;
        t.squad.iter().find(|p| p.rank == rank)
    }

    /// A readable summary for `arbiter check`.
    pub fn summary(&self) -> String {
        let f = &self.file;
        let mut s = String::new();
        let _ = writeln!(s, "{} {} – round {}", f.competition, f.season, f.round);
        let _ = writeln!(s, "  {} – {}", f.home.name, f.away.name);
        let _ = writeln!(
            s,
            "  {} at {}, scheduled {}",
            f.date,
            f.venue,
            self.scheduled_start.format("%H:%M %:z")
        );
        let _ = writeln!(
            s,
            "  arbiter {}{}",
            f.arbiter.name,
            if f.arbiter.licence.is_empty() {
                String::new()
            } else {
                format!(" (licence {})", f.arbiter.licence)
            }
        );
        let _ = writeln!(
            s,
            "  captains: {} (home), {} (away)",
            f.home.captain, f.away.captain
        );
        let _ = writeln!(
            s,
            "  ratings: {}",
            match (self.rating_kind(), f.ratings.is_some()) {
                (RatingKind::Fide, _) => "FIDE (Elo)",
                (RatingKind::National, true) => "national",
                (RatingKind::National, false) => {
                    "national (the default; `ratings = \"fide\"` if they are FIDE ratings)"
                }
            }
        );
        self.summary_rules(&mut s);
        self.summary_boards(&mut s);
        s
    }

    /// The summary's rules: the profile, its sources, the mode, the time control and what the
    /// profile decides or leaves to the arbiter.
    fn summary_rules(&self, s: &mut String) {
        let p = &self.profile;
        let _ = writeln!(s, "rules: {} – {} [{}]", p.id, p.name, p.laws);
        if !p.sources.is_empty() {
            let _ = writeln!(s, "  sources: {}", p.sources.join("; "));
        }
        self.summary_mode(s);
        self.summary_start(s);
        self.summary_penalties(s);
        self.summary_game_end(s);
        self.summary_notation(s);
        self.summary_scoring(s);
    }

    /// The mode (and by what), the modes per board and the time control.
    fn summary_mode(&self, s: &mut String) {
        let f = &self.file;
        let p = &self.profile;
        let r = self.match_rules();
        let mode = match r.supervision {
            Some(sup) => format!("{} ({} supervision)", word(&r.mode), word(&sup)),
            None => word(&r.mode),
        };
        let by = if f.mode.is_some() {
            " as the match file says".to_string()
        } else {
            format!(
                "; from the time control{}",
                cited(&p.modes.article, &p.modes.source)
            )
        };
        let _ = writeln!(s, "  mode: {mode}{}{by}", cited(&r.article, &r.source));
        if !f.board_modes.is_empty() {
            let list: Vec<String> = f
                .board_modes
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{} {}", i + 1, word(m)))
                .collect();
            let _ = writeln!(s, "  modes per board: {}", list.join(", "));
        }
        let _ = writeln!(s, "  time control: {}", self.time_control);
    }

    /// The default time and the colours.
    fn summary_start(&self, s: &mut String) {
        let p = &self.profile;
        let from = match p.default_time.from {
            crate::profile::StartReference::ScheduledStart => "the scheduled start",
            crate::profile::StartReference::ActualStart => "the actual start",
            crate::profile::StartReference::AgreedStart => "the agreed start",
        };
        let _ = writeln!(
            s,
            "  default time: {} min from {}{}",
            p.default_time.minutes,
            from,
            cited(&p.default_time.article, &p.default_time.source)
        );
        let _ = writeln!(
            s,
            "  colours: the {} team has White on the odd boards{}",
            p.colours.white_on_odd_boards,
            cited(&p.colours.article, &p.colours.source)
        );
    }

    /// The penalties: an illegal move, an incorrect draw claim.
    fn summary_penalties(&self, s: &mut String) {
        let r = self.match_rules();
        let im = &r.illegal_moves;
        let loss = if im.loss_at == 0 {
            "never loses".to_string()
        } else {
            format!("illegal move no. {} loses", im.loss_at)
        };
        let window = match r.illegal_move_window {
            crate::profile::IllegalWindow::AnyTime => "",
            crate::profile::IllegalWindow::BeforeOpponentMoves => {
                ", only before the opponent's next move"
            }
        };
        let _ = writeln!(
            s,
            "  illegal move: +{} to the opponent, {loss}{}{window}{}",
            secs(im.time_to_opponent_s),
            if im.draw_if_opponent_cannot_mate {
                ", draw if the opponent cannot mate"
            } else {
                ""
            },
            cited(&im.article, &im.source)
        );
        let c = &r.claims;
        let _ = writeln!(
            s,
            "  incorrect draw claim: +{} to the opponent{}{}",
            secs(c.incorrect_time_to_opponent_s),
            if c.incorrect_time_from_claimant_s > 0 {
                format!(
                    ", −{} from the claimant",
                    secs(c.incorrect_time_from_claimant_s)
                )
            } else {
                String::new()
            },
            cited(&c.article, &c.source)
        );
    }

    /// The end of a game: a quickplay finish, the automatic draws.
    fn summary_game_end(&self, s: &mut String) {
        let p = &self.profile;
        let qpf = match p.quickplay_finish.kind {
            crate::profile::QuickplayKind::None => "none",
            crate::profile::QuickplayKind::Art10_2 => "old Art. 10.2 (claims below 2 min)",
            crate::profile::QuickplayKind::GuidelinesIii2017 => "Guidelines III (2017)",
            crate::profile::QuickplayKind::GuidelinesIii2023 => "Guidelines III (2023)",
        };
        let _ = writeln!(
            s,
            "  quickplay finish: {qpf}{}",
            cited(&p.quickplay_finish.article, &p.quickplay_finish.source)
        );
        let ad = &p.automatic_draws;
        let mut auto = Vec::new();
        if ad.fivefold_repetition {
            auto.push("fivefold repetition");
        }
        if ad.seventy_five_moves {
            auto.push("75 moves");
        }
        if ad.dead_position {
            auto.push("dead position");
        }
        let _ = writeln!(
            s,
            "  automatic draws: {}{}",
            if auto.is_empty() {
                "none".to_string()
            } else {
                auto.join(", ")
            },
            cited(&ad.article, &ad.source)
        );
    }

    /// The notation and its exemption.
    fn summary_notation(&self, s: &mut String) {
        let p = &self.profile;
        let r = self.match_rules();
        let sheet = &p.scoresheet;
        let _ = writeln!(
            s,
            "  notation: {}{}",
            if r.notation_required {
                format!(
                    "required; not below {} {}",
                    secs(sheet.exempt_below_s),
                    match sheet.exempt_scope {
                        crate::profile::ExemptScope::RestOfPeriod => "(for the rest of the period)",
                        crate::profile::ExemptScope::WhileBelow => "(while below)",
                    }
                )
            } else {
                "not required in this mode".to_string()
            },
            cited(&sheet.article, &sheet.source)
        );
    }

    /// The match points and the threshold of a win; what is left to the arbiter.
    fn summary_scoring(&self, s: &mut String) {
        let f = &self.file;
        let p = &self.profile;
        let threshold = p.win_threshold_half_points(f.boards);
        let _ = writeln!(
            s,
            "  match points {}/{}/{}; win from {} board points{}",
            p.scoring.match_points_win,
            p.scoring.match_points_draw,
            p.scoring.match_points_loss,
            crate::model::half_points_text(u32::from(threshold)),
            cited(&p.scoring.article, &p.scoring.source)
        );
        if !p.decisions.open.is_empty() {
            let open: Vec<String> = p.decisions.open.iter().map(word).collect();
            let _ = writeln!(s, "  left to the arbiter: {}", open.join(", "));
        }
    }

    /// The summary's boards: the players on each (with their ratings) and the feed.
    fn summary_boards(&self, s: &mut String) {
        let f = &self.file;
        let _ = writeln!(s, "boards:");
        for i in 0..usize::from(f.boards) {
            let b = BoardNo::from_index(i);
            let white = self.white_team(b);
            let name = |side: TeamSide| {
                self.lineup_player(side, b)
                    .map(|p| match p.rating {
                        Some(r) => format!("{} ({r})", p.name),
                        None => p.name.clone(),
                    })
                    .unwrap_or_else(|| format!("{} player", side))
            };
            let src = f.feeds.get(i).map(String::as_str).unwrap_or("none");
            let _ = writeln!(
                s,
                "  {:>2}  White: {:<32} Black: {:<32} feed {src}",
                b.0,
                name(white),
                name(white.other())
            );
        }
    }
}

/// A value as the profile and match files spell it (`rapid`, `device_off_person`).
fn word<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// " (Art. 7.5.5; BTO NRW § 16)": a rule's citation, as the summary prints it.
fn cited(article: &str, source: &str) -> String {
    let (article, source) = (
        crate::profile::citation_text(article),
        crate::profile::citation_text(source),
    );
    match (article.is_empty(), source.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" ({})", crate::profile::article_text(&article)),
        (true, false) => format!(" ({source})"),
        (false, false) => format!(" ({}; {source})", crate::profile::article_text(&article)),
    }
}

fn secs(s: u32) -> String {
    crate::model::short_duration(u64::from(s) * 1000)
}

type Checked = (NaiveDate, DateTime<FixedOffset>, Vec<Source>);

/// Validates everything that serde's types do not; records each problem in `c`, in the order
/// of the file's parts.
fn check(f: &MatchFile, p: &RuleProfile, c: &mut Collector<'_>) -> Option<Checked> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sources() {
        assert_eq!(
            Source::parse("tcp://127.0.0.1:7001"),
            Ok(Source::Tcp {
                host: "127.0.0.1".into(),
                port: 7001
            })
        );
        assert_eq!(
            Source::parse("livechess://localhost:1982/12345"),
            Ok(Source::LiveChess {
                host: "localhost".into(),
                port: 1982,
                serial: "12345".into()
            })
        );
        assert_eq!(
            Source::parse("serial:///dev/ttyUSB0"),
            Ok(Source::Serial {
                path: "/dev/ttyUSB0".into()
            })
        );
        assert!(Source::parse("tcp://host").unwrap_err().contains("PORT"));
        assert!(Source::parse("tcp://host:0").is_err());
        assert!(
            Source::parse("udp://host:1")
                .unwrap_err()
                .contains("unknown scheme")
        );
        assert!(Source::parse("serial://ttyUSB0").is_err());
        assert_eq!(
            Source::parse("livechess://venue-pc/24601"),
            Ok(Source::LiveChess {
                host: "venue-pc".into(),
                port: 1982,
                serial: "24601".into()
            })
        );
        assert!(Source::parse("livechess://venue-pc:x/24601").is_err());
        assert!(Source::parse("livechess:///24601").is_err());
    }
}
