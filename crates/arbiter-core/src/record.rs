//! The record kinds of the journal: every input to the console, as plain data.
//!
//! A feed frame, a move from an e-board, an arbiter's action: each becomes an [`Event`] wrapped
//! in a journal record before it changes any state. The journal module frames, hashes and stores
//! them; the state module folds them.
//!
//! Over 800 lines: every record kind of the journal with its payload type, in one `events!` list
//! so that kind name, payload and decoder cannot drift apart; the payloads are to move to modules
//! by family (issue 27), not done yet.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::by_colour::ByColor;
use crate::clock::ClockMs;
use crate::model::{BoardNo, ClockSide, GameResult, TeamSide};
use crate::time::{MonoMs, WallMs};

/// Who produced a record. Serialised as `"system"`, `"arbiter"` or `"feed:N"` (board N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Origin {
    /// The console itself (session start, timers).
    System,
    /// The arbiter at the keyboard.
    Arbiter,
    /// The feed of one board (its e-board and clock).
    Feed(BoardNo),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::System => f.write_str("system"),
            Origin::Arbiter => f.write_str("arbiter"),
            Origin::Feed(b) => write!(f, "feed:{b}"),
        }
    }
}

impl From<Origin> for String {
    fn from(o: Origin) -> String {
        o.to_string()
    }
}

impl TryFrom<String> for Origin {
    type Error = String;
    fn try_from(s: String) -> Result<Origin, String> {
        Origin::parse(&s)
    }
}

impl Origin {
    /// Parses `system`, `arbiter` or `feed:N`.
    pub fn parse(s: &str) -> Result<Origin, String> {
        match s {
            "system" => Ok(Origin::System),
            "arbiter" => Ok(Origin::Arbiter),
            other => other
                .strip_prefix("feed:")
                .and_then(|n| n.parse::<u16>().ok())
                .map(|n| Origin::Feed(BoardNo(n)))
                .ok_or_else(|| {
                    format!("unknown origin {other:?} (expected system, arbiter or feed:N)")
                }),
        }
    }
}

/// The first record of every journal: binds it to the exact match file and profile, and carries
/// both texts in full, so that replay, report and verification need nothing but the journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionStarted {
    /// SHA-256 (hex) of the match file's bytes.
    pub match_sha256: String,
    /// SHA-256 (hex) of the rule profile's bytes.
    pub profile_sha256: String,
    /// The match file's path as given on the command line (information only).
    pub match_path: String,
    /// The profile's `id`.
    pub profile_id: String,
    /// Number of boards in the match.
    pub boards: u16,
    /// The console's version.
    pub software: String,
    /// The time control of the games, so that the journal explains its clocks by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<crate::clock::TimeControl>,
    /// The profile's path as it was loaded (information only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_path: Option<String>,
    /// The match file's full text (its SHA-256 is `match_sha256`). Journals written before
    /// this field existed have none: their match file is read from disk and checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_text: Option<String>,
    /// The rule profile's full text (its SHA-256 is `profile_sha256`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_text: Option<String>,
}

impl SessionStarted {
    /// The match file and rule profile this record carries, each checked against the SHA-256
    /// it records. `Ok(None)`: a journal written before records carried the texts.
    pub fn carried_match(&self) -> Result<Option<crate::matchfile::Match>, String> {
        let (Some(match_text), Some(profile_text)) = (&self.match_text, &self.profile_text) else {
            return Ok(None);
        };
        for (what, text, hash) in [
            ("match file", match_text, &self.match_sha256),
            ("rule profile", profile_text, &self.profile_sha256),
        ] {
            if crate::matchfile::sha256_hex(text.as_bytes()) != *hash {
                return Err(format!(
                    "the journal's session_started record holds a {what} whose SHA-256 is not the one it records ({hash})"
                ));
            }
        }
        let profile_path = self
            .profile_path
            .clone()
            .unwrap_or_else(|| format!("{}.toml", self.profile_id));
        crate::matchfile::Match::from_texts(
            std::path::Path::new(&self.match_path),
            match_text,
            std::path::Path::new(&profile_path),
            profile_text,
        )
        .map(Some)
        .map_err(|d| format!("the match file the journal holds: {d}"))
    }

    /// The first record of a journal for `m`: its hashes, and both texts in full.
    pub fn of(m: &crate::matchfile::Match, software: String) -> SessionStarted {
        SessionStarted {
            match_sha256: m.match_sha256.clone(),
            profile_sha256: m.profile_sha256.clone(),
            match_path: m.path.display().to_string(),
            profile_id: m.profile.id.clone(),
            boards: m.file.boards,
            software,
            time_control: Some(m.time_control.clone()),
            profile_path: Some(m.profile_path.display().to_string()),
            match_text: Some(m.match_text.clone()),
            profile_text: Some(m.profile_text.clone()),
        }
    }
}

/// The `board_setup` records a session starts with: each `[[game]]` of the match file (its
/// starting position and clock device), to be journaled right after `session_started`.
pub fn board_setups(m: &crate::matchfile::Match) -> Vec<Event> {
    m.file
        .games
        .iter()
        .map(|g| {
            Event::BoardSetup(BoardSetup {
                board: BoardNo(g.board),
                fen: g.fen.clone(),
                clock_adds: g.clock_adds,
                reason: "match file".into(),
            })
        })
        .collect()
}

/// A console started again on an existing journal (after a crash, a power cut or a quit): the
/// chain continues. The monotonic clock of the new process starts at 0 again, as after a
/// `session_started`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionResumed {
    /// SHA-256 of the match file and the profile of the restarted console: the same as the
    /// journal's `session_started` (a journal of another match is refused, not resumed).
    pub match_sha256: String,
    pub profile_sha256: String,
    /// The console's version.
    pub software: String,
    /// Records in the journal when it was opened again.
    pub records: u64,
    /// A torn last line (a write cut off by the crash) that was cut: its length in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torn_bytes: Option<u64>,
    /// Where the torn bytes were saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torn_saved_as: Option<String>,
}

/// A signer's public key enrolled at the console: the captain typed a passphrase when the lineup
/// was handed in; its key (Argon2id, see `arbiter_report::sign::derive_key`) is recorded so that
/// the captain's signature can be checked against it, and the report lists it so that the
/// arbiter's signature covers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignerEnrolled {
    /// `home_captain` or `away_captain`.
    pub role: String,
    /// The signer's name as the match file has it.
    pub name: String,
    /// Ed25519 public key, hex.
    pub public_key: String,
}

/// Connection state of a board's feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeedState {
    Connecting,
    Live,
    /// Connected, but no data for 3 s.
    Stale,
    Lost,
    Reconnecting,
}

/// A change of a board feed's connection state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeedStatus {
    pub board: BoardNo,
    pub state: FeedState,
    /// Human-readable detail: the address, the error, the backoff delay.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// One reading of a board's clock, as the clock reported it (whole seconds on DGT clocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSample {
    pub board: BoardNo,
    pub left_ms: u64,
    pub right_ms: u64,
    /// The side whose time is running; `None` when the clock is stopped.
    pub running: Option<ClockSide>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left_flag: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub right_flag: bool,
    /// Which side is White, when the source knows it (LiveChess reports white/black directly).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_side: Option<ClockSide>,
    /// Which flag the left side shows, when the clock tells them apart (DGT: 0x10 final flag,
    /// 0x40 period flag). `None`: no flag, or a source (or an older journal) that does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_flag_kind: Option<FlagKind>,
    /// The same for the right side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right_flag_kind: Option<FlagKind>,
}

/// The largest time a clock sample may carry (100 hours): anything above is a broken reading,
/// rejected by `state::apply` (a feed never emits one).
pub const MAX_CLOCK_MS: u64 = 100 * 3_600_000;

/// Which flag a clock shows (DGT 3000 / XL, protocol header and the DGT 3000 manual).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagKind {
    /// The last period's time ran out and the clock is blocked at zero (blinking flag, 0x10):
    /// the flag of a lost game.
    Final,
    /// A period that is not the last ended (non-blinking flag, 0x40): the next period's time is
    /// added; whether the required moves were made is for the arbiter to check.
    Period,
}

impl ClockSample {
    /// Whether `side` shows the final flag (`None`: the source does not say which flag).
    pub fn final_flag(&self, side: ClockSide) -> Option<bool> {
        let (flag, kind) = match side {
            ClockSide::Left => (self.left_flag, self.left_flag_kind),
            ClockSide::Right => (self.right_flag, self.right_flag_kind),
        };
        if !flag {
            return Some(false);
        }
        kind.map(|k| k == FlagKind::Final)
    }
}

/// Whether a clock is connected to the e-board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockPresence {
    /// Not reported (yet).
    Unknown,
    Connected,
    /// No clock connected (DGT status bit 0x20, LiveChess `clock: null`): no readings.
    Absent,
}

/// What the devices of a board say about themselves, journaled when it changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceStatus {
    pub board: BoardNo,
    pub clock: ClockPresence,
    /// The clock shows its low-battery indication (DGT status bit 0x04).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub battery_low: bool,
    /// Whether the e-board's pieces agree with the reconstructed moves (LiveChess `match`);
    /// `None`: the source does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_matches: Option<bool>,
    /// The e-board is turned 180° (LiveChess `flipped`); `None`: not reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flipped: Option<bool>,
}

/// A feed's counters since it started, journaled periodically (when they changed, at most
/// every few seconds): what it shed, dropped or could not read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FeedCounters {
    pub board: BoardNo,
    /// Clock samples and positions shed because the console was behind.
    pub shed: u64,
    /// Clock samples and positions dropped by the board's rate limit (a flooding source).
    pub rate_limited: u64,
    /// Bytes that were not part of any frame (DGT) or text that was not JSON (LiveChess).
    pub garbage_bytes: u64,
    /// Frames that were cut, oversize or of the wrong length; LiveChess messages with a bad
    /// envelope or payload.
    pub malformed: u64,
    /// Well-formed messages the feed does not use.
    pub unknown: u64,
    /// Clock reports of all zeros (ignored, as the protocol says).
    pub zero_clock_reports: u64,
    /// Valid frames or messages.
    pub frames: u64,
    /// Clock acknowledgements that answer no command the console sent (journals before it
    /// have none).
    #[serde(skip_serializing_if = "is_zero")]
    pub unsolicited_acks: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl FeedCounters {
    /// The sum of the counts that mean bytes or messages could not be used.
    pub fn noise(&self) -> u64 {
        self.garbage_bytes
            .saturating_add(self.malformed)
            .saturating_add(self.unknown)
            .saturating_add(self.unsolicited_acks)
    }
}

/// What a piece of input a feed could not use was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoiseKind {
    /// Bytes outside any frame (DGT); text that is not JSON, or is cut short (LiveChess).
    Garbage,
    /// A frame cut short or of the wrong length (DGT); a message whose envelope or payload is
    /// wrong, a number out of range, a move list too long (LiveChess).
    Malformed,
    /// A frame longer than the protocol allows (DGT); a message over the size limit (LiveChess).
    Oversized,
    /// A binary websocket message (LiveChess speaks text).
    Binary,
    /// A well-formed message the feed does not use.
    Unknown,
    /// A clock acknowledgement that answers no command the console sent.
    UnsolicitedAck,
}

/// One piece of unusable input, as it arrived (for the arbiter and an appeal to see what the
/// line carried).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoiseSample {
    /// When it arrived (on the console's monotonic clock, as a record's `mono_ms`).
    pub at_ms: MonoMs,
    pub kind: NoiseKind,
    /// Its length in bytes (of the chunk read, or of the websocket message).
    pub len: u64,
    /// Its start: hex for bytes, the text itself for a text message (at most
    /// [`NOISE_SAMPLE_CHARS`] characters).
    pub text: String,
}

/// The longest sample text a [`FeedNoise`] keeps.
pub const NOISE_SAMPLE_CHARS: usize = 64;

/// A summary of what a feed could not use over an interval (garbage, malformed, oversized or
/// binary messages, acknowledgements nobody asked for): journaled periodically while noise
/// lasts instead of a record per message, so a hostile source cannot grow the journal. The
/// counts are those of the interval `from_ms..=to_ms` (the first and the last noise in it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedNoise {
    pub board: BoardNo,
    pub from_ms: MonoMs,
    pub to_ms: MonoMs,
    /// Bytes of all the noise in the interval.
    pub bytes: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub garbage_bytes: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub malformed: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub oversized: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub binary: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unknown: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unsolicited_acks: u64,
    /// The first and (where there was more than one) the last piece of noise in the interval.
    pub first: NoiseSample,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<NoiseSample>,
}

impl FeedNoise {
    /// How many pieces of noise the interval held (garbage counted by the chunk: once per
    /// sample, not per byte).
    pub fn messages(&self) -> u64 {
        self.malformed
            .saturating_add(self.oversized)
            .saturating_add(self.binary)
            .saturating_add(self.unknown)
            .saturating_add(self.unsolicited_acks)
    }
}

/// How long after a `clock_command` the clock's acknowledgement counts as its answer (ms). A
/// DGT clock answers within a second; an acknowledgement later than this, or with no command
/// sent, answers nothing: it is counted, not shown as the clock's answer.
pub const CLOCK_ACK_WINDOW_MS: u64 = 5_000;

/// Moves a source took back: the move list now ends at `to_ply` (LiveChess sent a shorter or
/// different list). The moves after it are void; new moves follow as `move` records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovesTakenBack {
    pub board: BoardNo,
    /// Plies that stand; 0 = back to the start.
    pub to_ply: u32,
    /// The plies taken back, as they had been recorded (SAN).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// Moves the feed recovered from the e-board's own move log (DGT `SEND_EE_MOVES`) after the
/// link was down: the `move` records of plies `from_ply..=to_ply` follow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovesRecovered {
    pub board: BoardNo,
    pub from_ply: u32,
    pub to_ply: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// The piece placement an e-board reported (FEN board field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPosition {
    pub board: BoardNo,
    pub placement: String,
}

/// A move recognised on an e-board (or entered by the arbiter).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveMade {
    pub board: BoardNo,
    /// Half-move number, 1 = White's first move.
    pub ply: u32,
    pub uci: String,
    pub san: String,
    /// The mover's clock once the move was completed (the time of the clock that stopped at
    /// its press), where the source reports it with the move: a DGT board's move log (a time
    /// record at every lever press), a LiveChess message that brought several moves at once.
    /// `None` (and journals before the field): the clock reports that follow tell it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_ms: Option<u64>,
}

impl MoveMade {
    /// A move without a clock of its own (the clock reports that follow tell it).
    pub fn new(board: BoardNo, ply: u32, uci: impl Into<String>, san: impl Into<String>) -> Self {
        MoveMade {
            board,
            ply,
            uci: uci.into(),
            san: san.into(),
            clock_ms: None,
        }
    }
}

/// Where a board's game came from when a restarted console compared it with the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReconcileSource {
    /// The e-board's own move log (DGT `SEND_EE_MOVES`).
    MoveLog,
    /// The e-board's placement (a DGT board dump): moves found by search, or none.
    Board,
    /// The move list LiveChess reconstructed.
    LiveChess,
}

/// How the board's game compared with the journaled game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReconcileOutcome {
    /// The same moves: nothing is added.
    Same,
    /// The journaled moves and more: only the new ones follow (as `move` records).
    Extended,
    /// Another game: nothing is taken; the arbiter decides (a `game_mismatch` decision).
    Different,
}

/// A console started again on its journal (or a feed back after a gap in which it was
/// restarted) compared what the board reports with the journaled game: the same game, the
/// same and more (the new moves follow as `move` records), or a different game, which is
/// never taken silently: the board shows the mismatch and the arbiter decides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameReconciled {
    pub board: BoardNo,
    pub source: ReconcileSource,
    pub outcome: ReconcileOutcome,
    /// Moves of the journaled game (since its start position), and of the board's game where
    /// the source tells them.
    pub recorded_moves: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reported_moves: Option<u32>,
    /// Moves both games begin with.
    pub common_moves: u32,
    /// The journaled moves after the common ones (SAN), where the games differ.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recorded: Vec<String>,
    /// The board's moves after the common ones (SAN), where the source tells them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reported: Vec<String>,
    /// The board's placement (FEN board field), where the games differ.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<String>,
    /// Clocks of journaled moves the journal had none for (a press whose clock report was lost
    /// with the console), as the board's log tells them: (move number since the game's start,
    /// 1-based; the mover's clock after it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<(u32, u64)>,
}

/// A position on an e-board that no legal move reaches: a possible illegal move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardIrregularity {
    pub board: BoardNo,
    pub placement: String,
    /// What was irregular, in English (the journal's words).
    pub detail: String,
    /// The same as a message of the catalogue, so the German screens say it in German
    /// (journals written before it have the English `detail` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail_msg: Option<Box<crate::i18n::Msg>>,
}

impl BoardIrregularity {
    /// An irregularity described by a message: the English text from it, and the message.
    pub fn new(board: BoardNo, placement: String, detail: crate::i18n::Msg) -> BoardIrregularity {
        BoardIrregularity {
            board,
            placement,
            detail: crate::i18n::english(&detail),
            detail_msg: Some(Box::new(detail)),
        }
    }
}

/// Both kings put on the central squares: the DGT convention for signalling a result.
/// Information for the arbiter, not a result (that is [`ResultRecorded`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultSignal {
    pub board: BoardNo,
    pub result: GameResult,
    pub placement: String,
}

/// The arbiter started the round: the actual start.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundStarted {
    /// The actual start the arbiter confirmed (wall ms), where it is not the moment of the
    /// record (the round started a little before the arbiter got to the console). None: the
    /// record's own time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<WallMs>,
    /// Why the start is before the scheduled start (empty otherwise).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// A player reached the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerArrived {
    pub board: BoardNo,
    pub team: TeamSide,
    /// When the player arrived (wall ms), where the arbiter entered it afterwards. None: the
    /// record's own time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<WallMs>,
}

/// A free-text note of the arbiter, optionally about one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardNo>,
    pub text: String,
    /// Who saw it (names), for the report.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses: Vec<String>,
}

/// A free remark of the arbiter for the match report (its own section there), optionally about
/// one board: what the day leaves that no other record says (the hall, a spectator, a delay of
/// the bus). Unlike a [`Note`] (an observation during play, shown in the log), a remark is
/// written for the league office.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Remark {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardNo>,
    pub text: String,
}

/// The arbiter sent a ruling's times to a board's clock (DGT SETNRUN, only where the match
/// file's `clock_commands` names the board): journaled before it is sent, with the outcome.
/// The times are the clocks at that moment with the pending adjustments
/// (`status::clock_to_set`); the clock's next reports show whether it took them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "ClockCommandWire", into = "ClockCommandWire")]
pub struct ClockCommand {
    pub board: BoardNo,
    /// Both times sent, by colour.
    pub times: ByColor<ClockMs>,
    /// The same by side of the clock, as the command carries them.
    pub left_ms: ClockMs,
    pub right_ms: ClockMs,
    /// Which side runs after the command (the side that ran before, or none: paused).
    pub run: ClockRunMode,
    pub outcome: CommandOutcome,
    /// Why it was not sent (the feed's error), where it was refused, in English (the journal's
    /// words).
    pub error: Option<String>,
    /// The same as a message of the catalogue, so the German screens say it in German
    /// (journals written before it have the English `error` only).
    pub error_msg: Option<Box<crate::i18n::Msg>>,
}

/// [`ClockCommand`] as the journal writes it: the times by colour as `white_ms` and
/// `black_ms`; no other field is read.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockCommandWire {
    board: BoardNo,
    white_ms: ClockMs,
    black_ms: ClockMs,
    left_ms: ClockMs,
    right_ms: ClockMs,
    run: ClockRunMode,
    outcome: CommandOutcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error_msg: Option<Box<crate::i18n::Msg>>,
}

impl From<ClockCommandWire> for ClockCommand {
    fn from(w: ClockCommandWire) -> ClockCommand {
        ClockCommand {
            board: w.board,
            times: ByColor {
                white: w.white_ms,
                black: w.black_ms,
            },
            left_ms: w.left_ms,
            right_ms: w.right_ms,
            run: w.run,
            outcome: w.outcome,
            error: w.error,
            error_msg: w.error_msg,
        }
    }
}

impl From<ClockCommand> for ClockCommandWire {
    fn from(c: ClockCommand) -> ClockCommandWire {
        ClockCommandWire {
            board: c.board,
            white_ms: c.times.white,
            black_ms: c.times.black,
            left_ms: c.left_ms,
            right_ms: c.right_ms,
            run: c.run,
            outcome: c.outcome,
            error: c.error,
            error_msg: c.error_msg,
        }
    }
}

/// The clock's answer to a clock command (a DGT clock ACK echoing SETNRUN): `accepted` when it
/// carried it out (ack0 0x10), not when it refused it (0x40: a clock running a game, not in its
/// host-controlled mode 23). A feed record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockCommandAck {
    pub board: BoardNo,
    pub accepted: bool,
    /// The four ACK bytes as the clock sent them.
    pub ack: [u8; 4],
}

/// Which side of a clock runs after a clock command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockRunMode {
    Left,
    Right,
    Paused,
}

/// What became of a command to a device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandOutcome {
    /// Handed to the feed, which writes it to the device.
    Sent,
    /// Not sent (the feed refused it: the clock does not accept commands, the feed has ended).
    Refused,
}

/// An arbiter operation on a board's clock, with the clock before and after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockAdjusted {
    pub board: BoardNo,
    pub op: crate::clock::ClockOperation,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    pub before: crate::clock::ClockTimes,
    pub after: crate::clock::ClockTimes,
    /// Where the profile's minimum bound a computed time (a reconstruction, a replacement
    /// clock): the value computed before it and the minimum.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub floors: Vec<crate::clock::FloorApplied>,
}

/// The result of a game as confirmed by the arbiter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecorded {
    pub board: BoardNo,
    pub result: GameResult,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// How the game ended ([`Ending`]); journals written before the field have none, and the
    /// report then says the ending is not recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    /// Where the result or the ending contradicts what the position proves (a mate, a
    /// stalemate, an automatic draw on the game record): the field, the values and the
    /// arbiter's reason (`rules::result_ending::check`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overridden: Vec<crate::intervention::Override>,
}

impl ResultRecorded {
    /// A result without an ending recorded (the record as journals before the field have it).
    pub fn new(board: BoardNo, result: GameResult) -> ResultRecorded {
        ResultRecorded {
            board,
            result,
            reason: String::new(),
            ending: None,
            overridden: Vec::new(),
        }
    }
}

/// How a game ended whose result the arbiter enters (FIDE Laws 2017 Art. 5, 6.9, 9.6, and the
/// forfeit of Art. 6.7.1). The endings an intervention decides (a claim, an illegal move, a
/// penalty, a flag ruled on) are the intervention's kind; this is the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Art. 5.1.1.
    Checkmate,
    /// Art. 5.1.2.
    Resignation,
    /// Art. 6.9: a flag fell and the opponent can mate.
    Time,
    /// Art. 5.2.1.
    Stalemate,
    /// Art. 5.2.2.
    DeadPosition,
    /// Art. 5.2.3.
    Agreement,
    /// Art. 9.6.1.
    Fivefold,
    /// Art. 9.6.2.
    SeventyFiveMoves,
    /// Art. 6.9: a flag fell but the opponent cannot mate by any series of legal moves.
    TimeCannotMate,
    /// Art. 6.7.1: a player absent at the default time (or both), a game not played.
    Forfeit,
}

impl Ending {
    pub const ALL: [Ending; 10] = [
        Ending::Resignation,
        Ending::Checkmate,
        Ending::Time,
        Ending::Agreement,
        Ending::Stalemate,
        Ending::DeadPosition,
        Ending::Fivefold,
        Ending::SeventyFiveMoves,
        Ending::TimeCannotMate,
        Ending::Forfeit,
    ];

    /// Whether the ending can give this result: a win (checkmate, resignation, time), a draw
    /// (the draws of Art. 5.2, 9.6 and 6.9), a forfeit (a game not played).
    pub fn fits(self, result: GameResult) -> bool {
        match self {
            Ending::Checkmate | Ending::Resignation | Ending::Time => {
                matches!(result, GameResult::WhiteWins | GameResult::BlackWins)
            }
            Ending::Stalemate
            | Ending::DeadPosition
            | Ending::Agreement
            | Ending::Fivefold
            | Ending::SeventyFiveMoves
            | Ending::TimeCannotMate => result == GameResult::Draw,
            Ending::Forfeit => !result.is_played(),
        }
    }

    /// The endings that can give `result`, in the order a form offers them (the most frequent
    /// first).
    pub fn for_result(result: GameResult) -> Vec<Ending> {
        Ending::ALL.into_iter().filter(|e| e.fits(result)).collect()
    }

    /// The article of the Laws (2017 numbering).
    pub fn article(self) -> &'static str {
        match self {
            Ending::Checkmate => "5.1.1",
            Ending::Resignation => "5.1.2",
            Ending::Time | Ending::TimeCannotMate => "6.9",
            Ending::Stalemate => "5.2.1",
            Ending::DeadPosition => "5.2.2",
            Ending::Agreement => "5.2.3",
            Ending::Fivefold => "9.6.1",
            Ending::SeventyFiveMoves => "9.6.2",
            Ending::Forfeit => "6.7.1",
        }
    }

    /// The catalogue message naming the ending (`ending-*`, core.ftl).
    pub fn message_id(self) -> &'static str {
        match self {
            Ending::Checkmate => "ending-checkmate",
            Ending::Resignation => "ending-resignation",
            Ending::Time => "ending-time",
            Ending::Stalemate => "ending-stalemate",
            Ending::DeadPosition => "ending-dead-position",
            Ending::Agreement => "ending-agreement",
            Ending::Fivefold => "ending-fivefold",
            Ending::SeventyFiveMoves => "ending-seventy-five-moves",
            Ending::TimeCannotMate => "ending-time-cannot-mate",
            Ending::Forfeit => "ending-forfeit",
        }
    }

    /// The PGN `Termination` tag (PGN standard 8.1.1): `time forfeit` for a flag,
    /// `rules infraction` for a forfeit, otherwise `normal`.
    pub fn pgn_termination(self) -> &'static str {
        match self {
            Ending::Time | Ending::TimeCannotMate => "time forfeit",
            Ending::Forfeit => "rules infraction",
            _ => "normal",
        }
    }
}

/// How a board's game is set up: its starting position and its clock device. From the match
/// file when a session starts (origin `system`), or by the arbiter at the console (a position
/// set up again, a board that joins a game in progress, another clock put on the board).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSetup {
    pub board: BoardNo,
    /// The position the game (from now on) starts from, as a FEN; `None` leaves the game as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// When the board's clock adds a period's time: at the move count (`on_move`) or when the
    /// time runs out (`on_flag`, the DGT 3000 presets); `None` leaves it as it is (the time
    /// control's at the start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_adds: Option<crate::clock::PeriodAddition>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// The arbiter corrects the result of a finished game (the only way to change a result once it
/// is recorded). `result = None` takes the result back: the game goes on (e.g. an illegal move
/// found after the result, FIDE 7.5.1 / 8.7 and the arbiter's decision).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultCorrected {
    pub board: BoardNo,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// Why: required.
    pub reason: String,
}

/// A signature of the match report, made at the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportSigned {
    /// `arbiter`, `home_captain` or `away_captain`.
    pub role: String,
    pub name: String,
    pub public_key: String,
    /// The report digest signed.
    pub digest: String,
    pub signature: String,
    /// When it was signed (RFC 3339, the venue's offset); part of what is signed. Signatures
    /// made before this field existed have none (message format v1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The signer's remark, e.g. "under protest (FIDE 11.10)"; part of what is signed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remark: Option<String>,
    /// A captain's countersignature made before the arbiter had signed (where the profile's
    /// `[signing]` allows it): what it signs carries no arbiter's signature.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub before_arbiter: bool,
}

/// The arbiter confirmed an entry that changes a report that has signatures: the signed
/// version is superseded (its signatures stay valid for it, and only for it), and the next
/// version needs new signatures. Journaled right before the entry, with the arbiter's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportReopened {
    /// The signed version that is superseded.
    pub version: u32,
    /// Its digest.
    pub digest: String,
    /// Who had signed it (`arbiter`, `home_captain`, `away_captain`).
    pub signed_by: Vec<String>,
    /// Why the signed report is changed: required.
    pub reason: String,
}

macro_rules! events {
    ($( $(#[$doc:meta])* $variant:ident($ty:ty) = $name:literal, )*) => {
        /// Every kind of journal record. The kind's name is the `kind` field of the JSON line.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Event {
            $( $(#[$doc])* $variant($ty), )*
        }

        impl Event {
            /// The record kind as written in the journal.
            pub fn kind(&self) -> &'static str {
                match self {
                    $( Event::$variant(_) => $name, )*
                }
            }

            /// All kinds this version understands.
            pub const KINDS: &'static [&'static str] = &[$($name),*];

            pub(crate) fn serialize_payload<M: serde::ser::SerializeMap>(
                &self,
                map: &mut M,
            ) -> Result<(), M::Error> {
                match self {
                    $( Event::$variant(p) => map.serialize_entry("payload", p), )*
                }
            }

            /// Decodes a payload given its kind.
            pub fn from_parts(kind: &str, payload: &str) -> Result<Event, EventError> {
                match kind {
                    $( $name => serde_json::from_str(payload)
                        .map(Event::$variant)
                        .map_err(|e| EventError::Payload { kind: $name, message: e.to_string() }), )*
                    other => Err(EventError::UnknownKind(other.to_string())),
                }
            }
        }
        $( impl From<$ty> for Event {
            fn from(p: $ty) -> Event { Event::$variant(p) }
        } )*
    };
}

events! {
    SessionStarted(Box<SessionStarted>) = "session_started",
    FeedStatus(FeedStatus) = "feed_status",
    ClockSample(ClockSample) = "clock_sample",
    BoardPosition(BoardPosition) = "board_position",
    MoveMade(MoveMade) = "move",
    BoardIrregularity(BoardIrregularity) = "irregularity",
    ResultSignal(ResultSignal) = "result_signal",
    RoundStarted(RoundStarted) = "round_started",
    PlayerArrived(PlayerArrived) = "player_arrived",
    Note(Note) = "note",
    ResultRecorded(ResultRecorded) = "result",
    LineupSubmitted(Box<crate::intervention::LineupSubmitted>) = "lineup_submitted",
    LineupChanged(crate::intervention::LineupChanged) = "lineup_changed",
    LineupAnnounced(crate::intervention::LineupAnnounced) = "lineup_announced",
    Intervention(Box<crate::intervention::Intervention>) = "intervention",
    ClockAdjusted(Box<ClockAdjusted>) = "clock_adjusted",
    ReportSigned(Box<ReportSigned>) = "report_signed",
    SessionResumed(Box<SessionResumed>) = "session_resumed",
    SignerEnrolled(SignerEnrolled) = "signer_enrolled",
    Decision(Box<crate::intervention::Decision>) = "decision",
    DeviceStatus(DeviceStatus) = "device_status",
    FeedCounters(FeedCounters) = "feed_counters",
    MovesTakenBack(MovesTakenBack) = "takeback",
    MovesRecovered(MovesRecovered) = "moves_recovered",
    BoardSetup(BoardSetup) = "board_setup",
    ResultCorrected(ResultCorrected) = "result_corrected",
    LineupView(crate::procedure::LineupView) = "lineup_view",
    LineupConsent(crate::procedure::LineupConsent) = "lineup_consent",
    StartAgreed(crate::procedure::StartAgreed) = "start_agreed",
    ColoursOverridden(crate::procedure::ColoursOverridden) = "colours_overridden",
    LotDrawn(crate::procedure::LotDrawn) = "lot_drawn",
    Remark(Remark) = "remark",
    ClockCommand(ClockCommand) = "clock_command",
    ClockCommandAck(ClockCommandAck) = "clock_command_ack",
    FeedNoise(Box<FeedNoise>) = "feed_noise",
    ReportReopened(ReportReopened) = "report_reopened",
    GameReconciled(Box<GameReconciled>) = "reconciled",
    ProposalShown(Box<crate::intervention::ProposalShown>) = "proposal_shown",
}

// The payloads larger than a move's are boxed, so that an `Event` (and every record held in
// memory or moved from the decoder to the fold, a million of them for a long journal) stays
// small: 88 bytes instead of 184 (`tests::an_event_stays_small`).
impl From<crate::intervention::LineupSubmitted> for Event {
    fn from(p: crate::intervention::LineupSubmitted) -> Event {
        Event::LineupSubmitted(Box::new(p))
    }
}
impl From<ClockAdjusted> for Event {
    fn from(p: ClockAdjusted) -> Event {
        Event::ClockAdjusted(Box::new(p))
    }
}
impl From<ReportSigned> for Event {
    fn from(p: ReportSigned) -> Event {
        Event::ReportSigned(Box::new(p))
    }
}
impl From<SessionResumed> for Event {
    fn from(p: SessionResumed) -> Event {
        Event::SessionResumed(Box::new(p))
    }
}
impl From<FeedNoise> for Event {
    fn from(p: FeedNoise) -> Event {
        Event::FeedNoise(Box::new(p))
    }
}
impl From<GameReconciled> for Event {
    fn from(p: GameReconciled) -> Event {
        Event::GameReconciled(Box::new(p))
    }
}
impl From<SessionStarted> for Event {
    fn from(p: SessionStarted) -> Event {
        Event::SessionStarted(Box::new(p))
    }
}
impl From<crate::intervention::Intervention> for Event {
    fn from(p: crate::intervention::Intervention) -> Event {
        Event::Intervention(Box::new(p))
    }
}
impl From<crate::intervention::ProposalShown> for Event {
    fn from(p: crate::intervention::ProposalShown) -> Event {
        Event::ProposalShown(Box::new(p))
    }
}
impl From<crate::intervention::Decision> for Event {
    fn from(p: crate::intervention::Decision) -> Event {
        Event::Decision(Box::new(p))
    }
}

/// A record's kind or payload could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("unknown record kind {0:?}")]
    UnknownKind(String),
    #[error("bad payload for kind {kind:?}: {message}")]
    Payload { kind: &'static str, message: String },
}

impl Event {
    /// The board a record is about, if any.
    pub fn board(&self) -> Option<BoardNo> {
        match self {
            Event::FeedStatus(e) => Some(e.board),
            Event::ClockSample(e) => Some(e.board),
            Event::BoardPosition(e) => Some(e.board),
            Event::MoveMade(e) => Some(e.board),
            Event::BoardIrregularity(e) => Some(e.board),
            Event::ResultSignal(e) => Some(e.board),
            Event::PlayerArrived(e) => Some(e.board),
            Event::Note(e) => e.board,
            Event::ResultRecorded(e) => Some(e.board),
            Event::Intervention(e) => e.board,
            Event::Decision(d) => d.intervention.board,
            Event::ProposalShown(p) => p.intervention.board,
            Event::ClockAdjusted(e) => Some(e.board),
            Event::DeviceStatus(e) => Some(e.board),
            Event::FeedCounters(e) => Some(e.board),
            Event::MovesTakenBack(e) => Some(e.board),
            Event::MovesRecovered(e) => Some(e.board),
            Event::BoardSetup(e) => Some(e.board),
            Event::ResultCorrected(e) => Some(e.board),
            Event::ColoursOverridden(e) => Some(e.board),
            Event::Remark(e) => e.board,
            Event::ClockCommand(e) => Some(e.board),
            Event::ClockCommandAck(e) => Some(e.board),
            Event::FeedNoise(e) => Some(e.board),
            Event::GameReconciled(e) => Some(e.board),
            Event::LineupView(_)
            | Event::LineupConsent(_)
            | Event::StartAgreed(_)
            | Event::LotDrawn(_) => None,
            Event::SessionStarted(_)
            | Event::RoundStarted(_)
            | Event::LineupSubmitted(_)
            | Event::LineupChanged(_)
            | Event::LineupAnnounced(_)
            | Event::ReportSigned(_)
            | Event::SessionResumed(_)
            | Event::SignerEnrolled(_)
            | Event::ReportReopened(_) => None,
        }
    }

    /// Whether this record is an arbiter action that must be on disk before it is reported done.
    pub fn needs_sync(&self) -> bool {
        !matches!(
            self,
            Event::FeedStatus(_)
                | Event::ClockSample(_)
                | Event::BoardPosition(_)
                | Event::MoveMade(_)
                | Event::BoardIrregularity(_)
                | Event::ResultSignal(_)
                | Event::DeviceStatus(_)
                | Event::FeedCounters(_)
                | Event::MovesTakenBack(_)
                | Event::MovesRecovered(_)
                | Event::ClockCommandAck(_)
                | Event::FeedNoise(_)
                | Event::GameReconciled(_)
                // What a form showed: written with the next record that must be on disk (the
                // confirmation, if any), never waited for at every keystroke.
                | Event::ProposalShown(_)
        )
    }

    /// Whether a feed may shed this record when the console is behind (clock samples and
    /// positions: the next one supersedes it). Moves, board dumps' results, takebacks,
    /// connection changes and arbiter actions are never shed.
    pub fn sheddable(&self) -> bool {
        matches!(self, Event::ClockSample(_) | Event::BoardPosition(_))
    }
}

#[cfg(test)]
mod tests {

    /// Every record in memory, and every one moved from the decoder to the fold (a million for
    /// a long journal), is as large as the largest payload held inline: those larger than a
    /// move's are boxed.
    #[test]
    fn an_event_stays_small() {
        assert!(
            std::mem::size_of::<Event>() <= 88,
            "Event is {} bytes: box the payload that grew",
            std::mem::size_of::<Event>()
        );
    }
    use super::*;

    #[test]
    fn origin_round_trips() {
        for o in [Origin::System, Origin::Arbiter, Origin::Feed(BoardNo(7))] {
            assert_eq!(Origin::try_from(o.to_string()).unwrap(), o);
        }
        // Whatever is written must read back; the state layer rejects boards outside the match.
        assert_eq!(
            Origin::try_from("feed:0".to_string()),
            Ok(Origin::Feed(BoardNo(0)))
        );
        assert!(Origin::try_from("feed:x".to_string()).is_err());
        assert!(Origin::try_from("captain".to_string()).is_err());
    }

    #[test]
    fn clock_adjusted_round_trips_and_syncs() {
        use crate::clock::{ClockOperation, ClockTimes};
        let e = Event::from(ClockAdjusted {
            board: BoardNo(3),
            op: ClockOperation::AddTime {
                color: crate::model::Color::Black,
                ms: 120_000,
            },
            reason: "7.5.5".into(),
            before: ClockTimes::default(),
            after: ClockTimes {
                remaining: crate::by_colour::ByColor {
                    white: crate::clock::ClockMs::ZERO,
                    black: crate::clock::ClockMs::minutes(2),
                },
                ..ClockTimes::default()
            },
            floors: Vec::new(),
        });
        assert_eq!(e.kind(), "clock_adjusted");
        assert_eq!(e.board(), Some(BoardNo(3)));
        assert!(e.needs_sync());
        let Event::ClockAdjusted(p) = &e else {
            unreachable!()
        };
        let json = serde_json::to_string(p).unwrap();
        assert_eq!(Event::from_parts("clock_adjusted", &json).unwrap(), e);
    }

    #[test]
    fn unknown_kind_is_reported() {
        assert_eq!(
            Event::from_parts("teleport", "{}"),
            Err(EventError::UnknownKind("teleport".into()))
        );
    }
}
