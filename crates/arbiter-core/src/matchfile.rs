//! The match file (TOML, `config/matches/*.toml`): who plays whom, where, when, under which rules,
//! and where each board's feed comes from.
//!
//! The types and their parsing from text here; the validation beyond the types (each problem
//! named with its field and line) in `check`, the summary `arbiter check` prints in `summary`.

use std::path::{Path, PathBuf};

use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

mod check;
mod summary;
use check::check;

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
