//! Intervention forms: what the arbiter fills in, the rule basis and the proposed consequence.
//!
//! Every proposal comes from [`arbiter_core::rules::propose`]; the form only collects the facts the
//! arbiter states (kind, player, reason) and shows what the rules make of them. Nothing is
//! journaled before Enter.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use arbiter_core::clock::{ClockOperation, OperationOutcome, PeriodAddition};
use arbiter_core::i18n::Msg;
use arbiter_core::intervention::{
    Basis, ClaimBasis, ClaimStatus, ClockChoice, Consequence, DeviceClocks, DevicePlace,
    IllegalKind, InterventionKind, OverrideField, PenaltyKind, QuickplayDecision, TimeChange,
};
use arbiter_core::matchfile::{Lang, Match};
use arbiter_core::model::{BoardNo, Color, GameResult, TeamSide, format_hms};
use arbiter_core::record::{
    BoardSetup, Ending, Event, Note, PlayerArrived, ResultCorrected, ResultRecorded, RoundStarted,
};
use arbiter_core::rules::{self, Availability, Proposal, Request};
use arbiter_core::state::MatchState;

use super::i18n::{self, Strings, strings};
use super::theme::Theme;

/// Which form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DialogKind {
    Illegal,
    TimeCorrection,
    DrawClaim,
    Quickplay,
    Arrived,
    Result,
    Penalty,
    Flag,
    Device,
    CaptainAdvice,
    Protest,
    Note,
    StartRound,
    DefaultTime,
    Lineup,
    GameEnded,
    /// The board's game is not the journal's (after a restart): which stands (`J`).
    GameMismatch,
    StartDelay,
    Disturbance,
    Refusal,
    UnableToRecord,
    /// The arbiter's operations on the clock: pause, resume, set both times, set a move
    /// counter, proportional reconstruction, a defective clock replaced.
    ClockOp,
    /// A finished game's result corrected (with the reason), or taken back.
    ResultCorrection,
    /// The board's position set from a FEN, and its clock's mode.
    Position,
    /// The players agree a draw (FIDE 5.2.3, 9.1.1).
    DrawAgreement,
    /// A team's start delayed by something it could not foresee (`D`).
    UnforeseeableDelay,
    /// Players of a team at the wrong boards: the selected board and another (`S`).
    SeatingError,
    /// The captains agreed on a start later than the scheduled one (`A`).
    StartAgreed,
    /// The colours of the selected board set with a reason (`C`).
    ColourOverride,
    /// A drawn play-off decided by lot (`G`).
    Lot,
    /// A free remark of the arbiter for the report, its own section there (`M`).
    Remark,
}

impl DialogKind {
    pub const ALL: [DialogKind; 31] = [
        DialogKind::Illegal,
        DialogKind::TimeCorrection,
        DialogKind::DrawClaim,
        DialogKind::Quickplay,
        DialogKind::Arrived,
        DialogKind::Result,
        DialogKind::Penalty,
        DialogKind::Flag,
        DialogKind::Device,
        DialogKind::CaptainAdvice,
        DialogKind::Protest,
        DialogKind::Note,
        DialogKind::StartRound,
        DialogKind::DefaultTime,
        DialogKind::Lineup,
        DialogKind::GameEnded,
        DialogKind::GameMismatch,
        DialogKind::StartDelay,
        DialogKind::Disturbance,
        DialogKind::Refusal,
        DialogKind::UnableToRecord,
        DialogKind::ClockOp,
        DialogKind::ResultCorrection,
        DialogKind::Position,
        DialogKind::DrawAgreement,
        DialogKind::UnforeseeableDelay,
        DialogKind::SeatingError,
        DialogKind::StartAgreed,
        DialogKind::ColourOverride,
        DialogKind::Lot,
        DialogKind::Remark,
    ];

    /// The action key on the main screen.
    pub fn key(self) -> char {
        match self {
            DialogKind::Illegal => 'i',
            DialogKind::TimeCorrection => 'z',
            DialogKind::DrawClaim => 'c',
            DialogKind::Quickplay => 'q',
            DialogKind::Arrived => 'a',
            DialogKind::Result => 'r',
            DialogKind::Penalty => 'p',
            DialogKind::Flag => 'f',
            DialogKind::Device => 'e',
            DialogKind::CaptainAdvice => 'K',
            DialogKind::Protest => 'x',
            DialogKind::Note => 'n',
            DialogKind::StartRound => 's',
            DialogKind::DefaultTime => 'o',
            DialogKind::Lineup => 'u',
            DialogKind::GameEnded => 'm',
            DialogKind::GameMismatch => 'J',
            DialogKind::StartDelay => 'v',
            DialogKind::Disturbance => 'w',
            DialogKind::Refusal => 'y',
            DialogKind::UnableToRecord => 'h',
            DialogKind::ClockOp => 't',
            DialogKind::ResultCorrection => 'E',
            DialogKind::Position => 'b',
            DialogKind::DrawAgreement => 'A',
            DialogKind::UnforeseeableDelay => 'D',
            DialogKind::SeatingError => 'S',
            DialogKind::StartAgreed => 'B',
            DialogKind::ColourOverride => 'C',
            DialogKind::Lot => 'G',
            DialogKind::Remark => 'M',
        }
    }

    pub fn for_key(c: char) -> Option<DialogKind> {
        DialogKind::ALL.into_iter().find(|k| k.key() == c)
    }

    /// Whether the form needs a selected board.
    pub fn needs_board(self) -> bool {
        !matches!(
            self,
            DialogKind::Note
                | DialogKind::Remark
                | DialogKind::StartRound
                | DialogKind::Protest
                | DialogKind::Lineup
                | DialogKind::StartAgreed
                | DialogKind::Lot
        )
    }

    /// Whether the rules engine is asked (otherwise a plain event is recorded).
    pub fn ruled(self) -> bool {
        !matches!(
            self,
            DialogKind::Arrived
                | DialogKind::Result
                | DialogKind::Note
                | DialogKind::Remark
                | DialogKind::StartRound
                | DialogKind::ClockOp
                | DialogKind::ResultCorrection
                | DialogKind::Position
                | DialogKind::StartAgreed
                | DialogKind::ColourOverride
                | DialogKind::Lot
        )
    }

    /// The form's title: a message id.
    pub fn title_id(self) -> &'static str {
        match self {
            DialogKind::Illegal => "dialog-illegal",
            DialogKind::TimeCorrection => "dialog-time-correction",
            DialogKind::DrawClaim => "dialog-draw-claim",
            DialogKind::Quickplay => "dialog-quickplay",
            DialogKind::Arrived => "dialog-arrived",
            DialogKind::Result => "dialog-result",
            DialogKind::Penalty => "dialog-penalty",
            DialogKind::Flag => "dialog-flag",
            DialogKind::Device => "dialog-device",
            DialogKind::CaptainAdvice => "dialog-captain-advice",
            DialogKind::Protest => "dialog-protest",
            DialogKind::Note => "dialog-note",
            DialogKind::Remark => "dialog-remark",
            DialogKind::StartRound => "dialog-start-round",
            DialogKind::DefaultTime => "dialog-default-time",
            DialogKind::Lineup => "dialog-lineup",
            DialogKind::GameEnded => "dialog-game-ended",
            DialogKind::GameMismatch => "dialog-game-mismatch",
            DialogKind::StartDelay => "dialog-start-delay",
            DialogKind::Disturbance => "dialog-disturbance",
            DialogKind::Refusal => "dialog-refusal",
            DialogKind::UnableToRecord => "dialog-unable-to-record",
            DialogKind::ClockOp => "dialog-clock-op",
            DialogKind::ResultCorrection => "dialog-result-correction",
            DialogKind::Position => "dialog-position",
            DialogKind::DrawAgreement => "dialog-draw-agreement",
            DialogKind::UnforeseeableDelay => "dialog-unforeseeable-delay",
            DialogKind::SeatingError => "dialog-seating-error",
            DialogKind::StartAgreed => "dialog-start-agreed",
            DialogKind::ColourOverride => "dialog-colour-override",
            DialogKind::Lot => "dialog-lot",
        }
    }

    pub fn title(self, lang: Lang) -> String {
        i18n::text(lang, self.title_id())
    }

    /// The form's fields (a decision adds its own: [`Dialog::fields`]).
    pub fn fields(self) -> &'static [Field] {
        use Field as F;
        match self {
            DialogKind::Illegal => &[
                F::Player,
                F::Illegal,
                F::Replied,
                F::Ply,
                F::Clocks,
                F::Apply,
                F::Text,
            ],
            DialogKind::TimeCorrection => &[F::Player, F::Seconds, F::Text],
            DialogKind::DrawClaim => &[
                F::Player,
                F::Basis,
                F::Intended,
                F::Correct,
                F::Apply,
                F::Text,
            ],
            DialogKind::DrawAgreement => &[F::Apply, F::Text],
            DialogKind::Quickplay => &[F::Player, F::Decision, F::Apply, F::Text],
            DialogKind::Arrived => &[F::Team],
            DialogKind::Result => &[F::Result, F::Ending, F::Text],
            DialogKind::Penalty => &[F::Player, F::Penalty, F::Amount, F::Apply, F::Text],
            DialogKind::Flag => &[F::Player, F::Tally, F::Apply, F::Text],
            DialogKind::Device => &[
                F::Player,
                F::Place,
                F::Penalty,
                F::Amount,
                F::Apply,
                F::Text,
            ],
            DialogKind::Disturbance => &[F::Whom, F::Amount, F::Apply, F::Text],
            DialogKind::Refusal => &[F::Player, F::Both, F::Apply, F::Text],
            DialogKind::UnableToRecord => &[F::Player, F::Disabled, F::Amount, F::Apply, F::Text],
            DialogKind::ClockOp => &[
                F::Op,
                F::Player,
                F::WhiteTime,
                F::BlackTime,
                F::Moves,
                F::Text,
            ],
            DialogKind::ResultCorrection => &[F::Correction, F::Text],
            DialogKind::Position => &[F::Fen, F::ClockAdds, F::Text],
            DialogKind::CaptainAdvice => &[F::Team, F::Text],
            // A protest names the board it concerns (the selected one; none: the match).
            DialogKind::Protest => &[F::Team, F::About, F::Text],
            DialogKind::Lineup => &[F::Team, F::Apply, F::Text],
            DialogKind::DefaultTime | DialogKind::GameEnded | DialogKind::GameMismatch => {
                &[F::Apply, F::Text]
            }
            DialogKind::StartDelay => &[F::Team, F::Minutes, F::Apply, F::Text],
            DialogKind::UnforeseeableDelay => &[F::Team, F::Minutes, F::Apply, F::Text],
            DialogKind::SeatingError => &[F::Team, F::OtherBoard, F::Apply, F::Text],
            // Minutes after the scheduled start.
            DialogKind::StartAgreed => &[F::Minutes, F::Text],
            // The team with White on the board, and the reason.
            DialogKind::ColourOverride => &[F::Team, F::Text],
            // The winner, and who drew the lot.
            DialogKind::Lot => &[F::Team, F::Text],
            DialogKind::Note => &[F::Text],
            // The text first (typed at once), then the board it is about (Tab).
            DialogKind::Remark => &[F::Text, F::About],
            DialogKind::StartRound => &[],
        }
    }
}

/// One field of a form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Player,
    Illegal,
    Basis,
    Correct,
    Decision,
    Penalty,
    Team,
    Seconds,
    Result,
    /// How the game ended (with the result): pre-filled where the position proves it.
    Ending,
    Minutes,
    /// A time in seconds the arbiter enters (a 12.9 penalty, a disturbance, a deduction):
    /// no edition fixes one, so it starts empty.
    Amount,
    /// Where an electronic device was.
    Place,
    /// Whether the opponent has moved since the illegal move: as the clock shows, no, yes.
    Replied,
    /// Both players (persistent refusal, Art. 11.8).
    Both,
    /// A player with a disability (Art. 8.1.6).
    Disabled,
    /// Whom a disturbance concerns: White, Black or both.
    Whom,
    /// Apply the proposed consequence (default) or record the facts only, with a reason.
    Apply,
    /// The option the arbiter chooses where the rules leave the outcome open (none at first).
    DecisionOption,
    /// What the decision rests on (none at first).
    DecisionBasis,
    Text,
    /// An illegal move found later: its half-move (0 = just now).
    Ply,
    /// The clocks for a position reinstated later: not chosen, the journal's, the current.
    Clocks,
    /// A flag: the moves completed by the arbiter's count (0 = counted by the board or clock).
    Tally,
    /// Which clock operation.
    Op,
    WhiteTime,
    BlackTime,
    /// A move counter, or the move to reconstruct the times after.
    Moves,
    /// The corrected result (or the game goes on).
    Correction,
    Fen,
    ClockAdds,
    /// The move the claimant wrote and declared (FIDE 9.2.1.1, 9.3.1), SAN or UCI; empty = the
    /// claim is on the position now.
    Intended,
    /// The other board of a seating error.
    OtherBoard,
    /// The board a remark or a protest is about (the selected one at first); none: the match.
    About,
}

/// The arbiter's operations on a clock, as the form offers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpKind {
    Pause,
    Resume,
    SetTimes,
    SetMoves,
    Reconstruct,
    ReplaceClock,
}

impl OpKind {
    pub const ALL: [OpKind; 6] = [
        OpKind::Pause,
        OpKind::Resume,
        OpKind::SetTimes,
        OpKind::SetMoves,
        OpKind::Reconstruct,
        OpKind::ReplaceClock,
    ];

    fn id(self) -> &'static str {
        match self {
            OpKind::Pause => "ui-op-pause",
            OpKind::Resume => "ui-op-resume",
            OpKind::SetTimes => "ui-op-set-times",
            OpKind::SetMoves => "ui-op-set-moves",
            OpKind::Reconstruct => "ui-op-reconstruct",
            OpKind::ReplaceClock => "ui-op-replace-clock",
        }
    }

    /// The fields the operation uses (the others show "–").
    fn uses(self, f: Field) -> bool {
        match f {
            Field::Player => self == OpKind::SetMoves,
            Field::WhiteTime | Field::BlackTime => self == OpKind::SetTimes,
            Field::Moves => matches!(self, OpKind::SetMoves | OpKind::Reconstruct),
            _ => true,
        }
    }
}

const CLOCK_CHOICES: [Option<ClockChoice>; 3] = [
    None,
    Some(ClockChoice::Recorded),
    Some(ClockChoice::Current),
];
const CLOCK_ADDS: [Option<PeriodAddition>; 3] = [
    None,
    Some(PeriodAddition::OnMove),
    Some(PeriodAddition::OnFlag),
];
const CORRECTIONS: [Option<GameResult>; 10] = [
    Some(GameResult::WhiteWins),
    Some(GameResult::Draw),
    Some(GameResult::BlackWins),
    Some(GameResult::WhiteWinsForfeit),
    Some(GameResult::BlackWinsForfeit),
    Some(GameResult::DoubleForfeit),
    Some(GameResult::WhiteZeroBlackHalf),
    Some(GameResult::WhiteHalfBlackZero),
    Some(GameResult::BothZero),
    None,
];

/// `h:mm:ss`, `m:ss` or seconds as milliseconds.
pub fn parse_time(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.trim().split(':').collect();
    let nums: Option<Vec<u64>> = parts.iter().map(|p| p.parse::<u64>().ok()).collect();
    let n = nums?;
    let secs = match n.as_slice() {
        [s] => *s,
        [m, s] if *s < 60 => m * 60 + s,
        [h, m, s] if *m < 60 && *s < 60 => (h * 60 + m) * 60 + s,
        _ => return None,
    };
    Some(secs * 1000)
}

const RESULTS: [GameResult; 9] = [
    GameResult::WhiteWins,
    GameResult::Draw,
    GameResult::BlackWins,
    GameResult::WhiteWinsForfeit,
    GameResult::BlackWinsForfeit,
    GameResult::DoubleForfeit,
    GameResult::WhiteZeroBlackHalf,
    GameResult::WhiteHalfBlackZero,
    GameResult::BothZero,
];
/// The penalties in the order the form offers them; before the first choice none is selected.
const PENALTIES: [PenaltyKind; 7] = [
    PenaltyKind::Warning,
    PenaltyKind::TimeToOpponent,
    PenaltyKind::TimeFromOffender,
    PenaltyKind::OpponentScoreRaised,
    PenaltyKind::OffenderScoreReduced,
    PenaltyKind::GameLost,
    PenaltyKind::Expelled,
];
const DECISIONS: [QuickplayDecision; 6] = [
    QuickplayDecision::Granted,
    QuickplayDecision::Postponed,
    QuickplayDecision::Rejected,
    QuickplayDecision::IncrementAccepted,
    QuickplayDecision::IncrementGranted,
    QuickplayDecision::IncrementRefused,
];

fn cycle<T: Copy + PartialEq>(all: &[T], cur: T, up: bool) -> T {
    let i = all.iter().position(|x| *x == cur).unwrap_or(0);
    let n = all.len();
    all[if up { (i + 1) % n } else { (i + n - 1) % n }]
}

/// Cycles through `all` from nothing chosen: the first key chooses the first (or last) entry.
fn cycle_opt<T: Copy + PartialEq>(all: &[T], cur: Option<T>, up: bool) -> Option<T> {
    match cur {
        None if all.is_empty() => None,
        None => Some(if up { all[0] } else { all[all.len() - 1] }),
        Some(c) => Some(cycle(all, c, up)),
    }
}

/// An open form.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog {
    pub kind: DialogKind,
    pub board: Option<BoardNo>,
    /// The match's boards (the remark's and the protest's board field cycles through them).
    pub boards: u16,
    pub field: usize,
    pub player: Color,
    pub illegal: IllegalKind,
    pub basis: ClaimBasis,
    /// The arbiter's own finding whether a draw claim is correct; `None`: none given. Where the
    /// rules decide it from the game record (`Proposal::finding`) the form shows theirs, and
    /// another value is an override that needs a reason.
    pub correct: Option<bool>,
    /// The arbiter's decision on a quickplay-finish claim; none until he chooses one.
    pub decision: Option<QuickplayDecision>,
    /// The 12.9 penalty chosen; none until the arbiter chooses one.
    pub penalty: Option<PenaltyKind>,
    pub team: TeamSide,
    pub seconds: i64,
    pub minutes: u32,
    pub result: GameResult,
    /// How the game ended (result form); none until the arbiter chooses one, unless the
    /// position proves it ([`Dialog::proven`]) or the result does (a forfeit).
    pub ending: Option<Ending>,
    /// What the board's game record proves (result form): a mate, a stalemate, an automatic
    /// draw ([`rules::result_ending::proven_ending`]).
    pub proven: Option<(GameResult, Ending)>,
    pub text: String,
    /// Whether the proposed consequence is applied (the arbiter may decide otherwise).
    pub apply: bool,
    /// A time in seconds the arbiter entered; 0 = none yet.
    pub amount: u32,
    pub place: DevicePlace,
    /// Whether the opponent has moved since the illegal move; `None` = as the clock shows.
    pub replied: Option<bool>,
    pub both: bool,
    pub disabled: bool,
    /// Whom a disturbance concerns; `None` = both players.
    pub whom: Option<Color>,
    /// The option chosen where the rules leave the outcome open (index into the proposal's).
    pub choice: Option<usize>,
    /// What the decision rests on.
    pub basis_choice: Option<Basis>,
    /// The rules' proposal for the current facts (ruled kinds only).
    pub proposal: Option<Proposal>,
    /// An illegal move found later: its half-move (0 = just now).
    pub ply: u32,
    pub clocks: Option<ClockChoice>,
    /// A flag: the arbiter's count of completed moves (0 = none given).
    pub tally: u32,
    pub op: OpKind,
    pub white_time: String,
    pub black_time: String,
    pub moves: u32,
    pub correction: Option<GameResult>,
    pub fen: String,
    pub clock_adds: Option<PeriodAddition>,
    /// A claim's written intended move (empty: none).
    pub intended: String,
    /// The clock operation's record and outcome for the current entries, or why it cannot be.
    pub clock_op: Option<Result<(Event, OperationOutcome), String>>,
    /// The board's clocks are only estimates (the feed is stale or lost): the form asks for the
    /// times on the device (`white_time`, `black_time`, prefilled with the estimate).
    pub estimated: bool,
    /// The fields set against the proposal (field, proposed, chosen): each needs the reason.
    pub contradictions: Vec<(OverrideField, Msg, Msg)>,
    /// What the arbiter's own finding gives where it overrides the rules' (a draw claim).
    pub on_finding: Option<Proposal>,
    /// The question Enter asked (a result while the clock runs, a time perhaps credited
    /// already); the next Enter records.
    pub asked: Option<String>,
}

/// "2:00" under an hour, "1:02:00" from one: a change as a clock's display shows it.
fn short_hms(ms: u64) -> String {
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", (s / 60) % 60, s % 60),
    }
}

/// "+2:00 White to set": an arbiter's clock change the device does not show yet.
pub fn adjustment_text(lang: Lang, color: Color, delta_ms: i64) -> String {
    i18n::format(
        lang,
        &arbiter_core::msg!(
            "ui-adjustment-to-set",
            sign = if delta_ms < 0 { "−" } else { "+" },
            time = short_hms(delta_ms.unsigned_abs()),
            player = color
        ),
    )
}

impl Dialog {
    /// Opens a form with defaults taken from the board (the player who moved last, the team
    /// not yet arrived). Asks the rules for the first proposal.
    pub fn open(
        kind: DialogKind,
        board: Option<BoardNo>,
        m: &Match,
        s: &MatchState,
        now: u64,
    ) -> Dialog {
        let bs = board.and_then(|b| s.board(b));
        let plies = bs.map(|b| b.moves.len()).unwrap_or(0);
        let player = if plies % 2 == 1 {
            Color::White
        } else {
            Color::Black
        };
        let player = if plies == 0 { Color::White } else { player };
        let team = match (board, bs) {
            (Some(_), Some(bs)) if bs.arrived(TeamSide::Home).is_some() => TeamSide::Away,
            _ => TeamSide::Home,
        };
        let mut d = Dialog {
            kind,
            board,
            boards: m.file.boards,
            field: 0,
            player,
            illegal: IllegalKind::Move,
            basis: ClaimBasis::Threefold,
            correct: None,
            decision: None,
            penalty: None,
            team,
            seconds: 120,
            minutes: 5,
            result: GameResult::WhiteWins,
            ending: None,
            proven: None,
            text: String::new(),
            apply: true,
            amount: 0,
            place: DevicePlace::OnPerson,
            replied: None,
            both: false,
            disabled: false,
            whom: None,
            choice: None,
            basis_choice: None,
            proposal: None,
            ply: 0,
            clocks: None,
            tally: 0,
            op: OpKind::Pause,
            white_time: String::new(),
            black_time: String::new(),
            moves: 0,
            correction: Some(GameResult::Draw),
            fen: String::new(),
            clock_adds: None,
            intended: String::new(),
            clock_op: None,
            estimated: false,
            contradictions: Vec::new(),
            on_finding: None,
            asked: None,
        };
        if let Some(bs) = bs {
            if let Some(c) = arbiter_core::clock_now::clock_at(s, bs, now) {
                d.white_time = format_hms(c.white_ms);
                d.black_time = format_hms(c.black_ms);
                // A ruling on estimated clocks asks for the values on the device.
                d.estimated = c.estimated && kind.ruled();
            }
            // The flag form names the player whose flag is down, where one is.
            if kind == DialogKind::Flag
                && let [w, b] = rules::flags_down(m, s, bs, now)
                && w.is_some() != b.is_some()
            {
                d.player = if w.is_some() {
                    Color::White
                } else {
                    Color::Black
                };
            }
            // A claim is made by the player on move (as the rules engine sees the board).
            if matches!(kind, DialogKind::DrawClaim | DialogKind::Quickplay) {
                d.player = arbiter_core::status::board_status(m, s, bs, now).to_move;
            }
            d.moves = bs.completed(d.player, None);
            d.fen = bs.game.game.fen();
            if let Some(r) = &bs.result {
                d.correction = Some(r.result);
            }
            // The result form starts from what the position proves, where it proves anything.
            if kind == DialogKind::Result {
                d.proven = rules::result_ending::proven_ending(m, bs);
                if let Some((r, e)) = d.proven {
                    d.result = r;
                    d.ending = Some(e);
                }
            }
        }
        d.refresh(m, s, now);
        d
    }

    /// The form's fields now: where the rules leave the outcome open, the option, the basis
    /// and the reason replace "as proposed"; on estimated clocks the times on the device come
    /// before the reason.
    pub fn fields(&self) -> Vec<Field> {
        let base = self.kind.fields();
        let mut v: Vec<Field> = if self.decision_request().is_none() {
            base.to_vec()
        } else {
            let mut v: Vec<Field> = base
                .iter()
                .copied()
                .filter(|f| !matches!(f, Field::Apply | Field::Text))
                .collect();
            v.extend([Field::DecisionOption, Field::DecisionBasis, Field::Text]);
            v
        };
        if self.estimated && !v.contains(&Field::WhiteTime) {
            let at = v.iter().position(|f| *f == Field::Text).unwrap_or(v.len());
            v.splice(at..at, [Field::WhiteTime, Field::BlackTime]);
        }
        v
    }

    /// Whether an action is possible at all (the rules decide: [`rules::availability`]); the
    /// console opens no form that is refused and says why.
    pub fn availability(
        kind: DialogKind,
        board: Option<BoardNo>,
        m: &Match,
        s: &MatchState,
        now: u64,
    ) -> Availability {
        use rules::Action as A;
        let action = match (kind, board) {
            (DialogKind::StartRound, _) => A::StartRound,
            (DialogKind::DrawClaim, Some(board)) => A::DrawClaim { board },
            (DialogKind::Quickplay, Some(board)) => A::QuickplayClaim { board },
            (DialogKind::DrawAgreement, Some(board)) => A::DrawAgreement { board },
            (DialogKind::Flag, Some(board)) => A::FlagFall { board },
            (DialogKind::Result, Some(board)) => A::Result { board },
            (DialogKind::GameMismatch, Some(board)) => A::GameMismatch { board },
            (DialogKind::Arrived, Some(board)) => {
                // Refused at once only when both players are there.
                let d = Dialog::open(kind, Some(board), m, s, now);
                A::Arrival {
                    board,
                    team: d.team,
                }
            }
            _ => return Availability::Open,
        };
        match rules::availability(m, s, action, now) {
            // The result's question is asked on Enter.
            Availability::Confirm(_) => Availability::Open,
            other => other,
        }
    }

    /// The result form's result: an ending that cannot give it is cleared (a forfeit's is the
    /// forfeit, the proven one comes back with the proven result).
    fn set_result(&mut self, r: GameResult) {
        self.result = r;
        if self.ending.is_some_and(|e| !e.fits(r)) {
            self.ending = None;
        }
        if self.ending.is_none() {
            self.ending = match self.proven {
                Some((pr, pe)) if pr == r => Some(pe),
                _ if !r.is_played() => Some(Ending::Forfeit),
                _ => None,
            };
        }
    }

    /// The claim's correctness as the form shows it: the arbiter's finding, else the rules'.
    pub fn shown_correct(&self) -> Option<bool> {
        self.correct
            .or_else(|| self.proposal.as_ref().and_then(|p| p.finding))
    }

    /// The times the arbiter entered from the device, where the clocks are estimates.
    fn device_clocks(&self) -> Option<Result<DeviceClocks, String>> {
        if !self.estimated {
            return None;
        }
        Some(
            match (parse_time(&self.white_time), parse_time(&self.black_time)) {
                (Some(white_ms), Some(black_ms)) => Ok(DeviceClocks { white_ms, black_ms }),
                (None, _) => Err(self.white_time.clone()),
                (_, None) => Err(self.black_time.clone()),
            },
        )
    }

    /// Checks before Enter records: what is missing, what the rules refuse (a second arrival),
    /// and a question to confirm first (a result while the clock runs, a time change that may
    /// be credited already): asked once, the next Enter records.
    pub fn check(&mut self, m: &Match, s: &MatchState, now: u64, lang: Lang) -> Result<(), String> {
        if let Some(why) = self.blocked(lang) {
            return Err(why);
        }
        if let (DialogKind::Arrived, Some(board)) = (self.kind, self.board)
            && let Availability::Refused(why) = rules::availability(
                m,
                s,
                rules::Action::Arrival {
                    board,
                    team: self.team,
                },
                now,
            )
        {
            return Err(i18n::format(lang, &why));
        }
        if self.asked.is_some() {
            return Ok(());
        }
        let mut question = None;
        if let (DialogKind::Result, Some(board)) = (self.kind, self.board)
            && let Availability::Confirm(q) =
                rules::availability(m, s, rules::Action::Result { board }, now)
        {
            question = Some(q);
        }
        if let Some(board) = self.board
            && self.kind.ruled()
            && self.decision_request().is_none()
        {
            let c = self.confirmed();
            let players: Vec<Color> = c.clock.iter().map(|tc| tc.player).collect();
            question = question.or_else(|| {
                players
                    .into_iter()
                    .find_map(|p| rules::recent_time_change(m, s, board, p, now))
            });
        }
        match question {
            Some(q) => {
                let q = i18n::format(lang, &q);
                self.asked = Some(q.clone());
                Err(format!("{q} {}", i18n::text(lang, "ui-confirm-again")))
            }
            None => Ok(()),
        }
    }

    /// The rules' request for a decision, if the proposal is one.
    pub fn decision_request(&self) -> Option<&arbiter_core::rules::decision::DecisionRequest> {
        self.proposal.as_ref().and_then(|p| p.decision.as_ref())
    }

    /// The entered amount, if any.
    fn entered(&self) -> Option<u32> {
        (self.amount > 0).then_some(self.amount)
    }

    /// Why Enter cannot record yet (in `lang`), if it cannot.
    pub fn blocked(&self, lang: Lang) -> Option<String> {
        let t = strings(lang);
        if self.kind.needs_board() && self.board.is_none() {
            return Some(t.select_board_first.clone());
        }
        if let Some(Err(bad)) = self.device_clocks() {
            return Some(i18n::format(
                lang,
                &arbiter_core::msg!("ui-device-clocks-invalid", value = bad),
            ));
        }
        if self.decision_request().is_some() {
            if self.choice.is_none() || self.basis_choice.is_none() || self.text.trim().is_empty() {
                return Some(t.decision_incomplete.clone());
            }
            return None;
        }
        // A quickplay-finish claim: the decision is the arbiter's, none is chosen for him.
        if self.kind == DialogKind::Quickplay && self.decision.is_none() {
            return Some(i18n::text(lang, "ui-quickplay-decision-choose"));
        }
        if self.kind == DialogKind::Result
            && self.ending.is_none()
            && !Ending::for_result(self.result).is_empty()
        {
            return Some(i18n::text(lang, "ui-ending-choose"));
        }
        if self.kind == DialogKind::DrawClaim && self.shown_correct().is_none() {
            return Some(i18n::text(lang, "ui-claim-correct-choose"));
        }
        if let Some((field, proposed, chosen)) = self.contradictions.first()
            && self.text.trim().is_empty()
        {
            return Some(i18n::format(
                lang,
                &arbiter_core::msg!(
                    "rules-override-needs-reason",
                    field = Msg::new(field.message_id()),
                    proposed = proposed.clone(),
                    chosen = chosen.clone()
                ),
            ));
        }
        if let Some(p) = &self.proposal
            && let Some(missing) = &p.missing
            && self.apply
        {
            return Some(i18n::format(lang, missing));
        }
        None
    }

    /// The clock operation the form's entries describe.
    fn operation(&self, m: &Match, s: &MatchState, now: u64) -> Result<ClockOperation, String> {
        let t = strings(m.file.lang);
        Ok(match self.op {
            OpKind::Pause => ClockOperation::Pause,
            OpKind::Resume => ClockOperation::Resume,
            OpKind::SetTimes => ClockOperation::SetTimes {
                white_ms: parse_time(&self.white_time)
                    .ok_or_else(|| format!("{}: {:?}", t.field_white_time, self.white_time))?,
                black_ms: parse_time(&self.black_time)
                    .ok_or_else(|| format!("{}: {:?}", t.field_black_time, self.black_time))?,
            },
            OpKind::SetMoves => ClockOperation::SetMoves {
                color: self.player,
                moves: self.moves,
            },
            OpKind::Reconstruct => rules::reconstruction(m, self.moves),
            OpKind::ReplaceClock => {
                let bs = self
                    .board
                    .and_then(|b| s.board(b))
                    .ok_or_else(|| t.select_board_first.clone())?;
                rules::replacement_values(m, s, bs, now)
                    .map(|(op, _)| op)
                    .ok_or_else(|| t.no_change.clone())?
            }
        })
    }

    /// The request to the rules for the current facts.
    pub fn request(&self, m: &Match) -> Option<Request> {
        let player = Some(self.player);
        let (player, kind) = match self.kind {
            DialogKind::Illegal => (
                player,
                InterventionKind::IllegalMove {
                    kind: self.illegal,
                    opponent_replied: self.replied,
                    played: None,
                    found_at_ply: (self.ply > 0).then_some(self.ply),
                    clocks: self.clocks,
                },
            ),
            DialogKind::TimeCorrection => (player, InterventionKind::TimeCorrection),
            DialogKind::DrawClaim => (
                player,
                InterventionKind::DrawClaim {
                    basis: self.basis,
                    correct: self.shown_correct().unwrap_or(false),
                    intended: (!self.intended.trim().is_empty())
                        .then(|| self.intended.trim().to_string()),
                },
            ),
            DialogKind::DrawAgreement => (None, InterventionKind::DrawAgreement),
            DialogKind::Quickplay => (
                player,
                InterventionKind::QuickplayClaim {
                    decision: self.decision?,
                },
            ),
            DialogKind::Penalty => (
                player,
                InterventionKind::Penalty {
                    penalties: self.penalty.into_iter().collect(),
                    time_s: self.entered(),
                },
            ),
            DialogKind::Flag => (
                player,
                InterventionKind::FlagFall {
                    tally: (self.tally > 0).then_some(self.tally),
                },
            ),
            DialogKind::Device => (
                player,
                InterventionKind::ElectronicDevice {
                    place: self.place,
                    penalties: self.penalty.into_iter().collect(),
                    time_s: self.entered(),
                },
            ),
            DialogKind::Disturbance => (
                self.whom,
                InterventionKind::ExternalDisturbance {
                    time_s: self.entered(),
                },
            ),
            DialogKind::Refusal => (
                player,
                InterventionKind::RefusalToComply { both: self.both },
            ),
            DialogKind::UnableToRecord => (
                player,
                InterventionKind::UnableToRecord {
                    disabled: self.disabled,
                    time_s: self.entered(),
                },
            ),
            DialogKind::CaptainAdvice => (
                None,
                InterventionKind::CaptainAdvice {
                    team: self.team,
                    advice: self.text.clone(),
                },
            ),
            DialogKind::Protest => (
                None,
                InterventionKind::Protest {
                    team: self.team,
                    fee_cents: m.profile.protest.fee_cents,
                },
            ),
            DialogKind::DefaultTime => (None, InterventionKind::DefaultTimeExpired),
            DialogKind::GameEnded => (None, InterventionKind::GameEnded),
            DialogKind::GameMismatch => (None, InterventionKind::GameMismatch),
            DialogKind::StartDelay => (
                None,
                InterventionKind::StartDelay {
                    team: self.team,
                    minutes: self.minutes,
                },
            ),
            DialogKind::Lineup => (
                None,
                InterventionKind::LineupIrregularity { team: self.team },
            ),
            DialogKind::UnforeseeableDelay => (
                None,
                InterventionKind::UnforeseeableDelay {
                    team: self.team,
                    minutes: self.minutes,
                },
            ),
            DialogKind::SeatingError => (
                None,
                InterventionKind::SeatingError {
                    team: self.team,
                    boards: self
                        .board
                        .into_iter()
                        .chain(
                            u16::try_from(self.moves)
                                .ok()
                                .filter(|b| *b > 0)
                                .map(BoardNo),
                        )
                        .collect(),
                },
            ),
            DialogKind::Arrived
            | DialogKind::Result
            | DialogKind::Note
            | DialogKind::Remark
            | DialogKind::StartRound
            | DialogKind::ClockOp
            | DialogKind::ResultCorrection
            | DialogKind::Position
            | DialogKind::StartAgreed
            | DialogKind::ColourOverride
            | DialogKind::Lot => {
                return None;
            }
        };
        Some(Request {
            board: self.board,
            player,
            kind,
        })
    }

    /// The state the rules read: where the clocks are estimates and the arbiter typed the
    /// device's times, the state with those times folded in (`rules::on_device`), so that the
    /// proposal rests on them (the record keeps both).
    fn device_state(&self, s: &MatchState, now: u64) -> Option<(MatchState, DeviceClocks)> {
        let dc = self.device_clocks()?.ok()?;
        let hypo = rules::on_device(s, self.board?, dc, now)?;
        Some((hypo, dc))
    }

    /// Asks the rules again (after a change of the facts, and just before confirming).
    pub fn refresh(&mut self, m: &Match, s: &MatchState, now: u64) {
        let device = self.device_state(s, now);
        let real = s;
        let s = device.as_ref().map_or(s, |(hypo, _)| hypo);
        let before: Option<Vec<String>> = self
            .decision_request()
            .map(|d| d.options.iter().map(|o| o.key.clone()).collect());
        self.proposal = self.request(m).map(|r| rules::propose(m, s, &r, now));
        if let (DialogKind::Quickplay, None, Some(b)) = (self.kind, self.decision, self.board) {
            // Nothing decided yet: the preconditions, no consequence.
            self.proposal = Some(rules::quickplay_preview(m, s, b, self.player, now));
        }
        if let (Some((_, dc)), Some(b), Some(p)) = (&device, self.board, &mut self.proposal) {
            rules::device_note(real, b, *dc, now, p);
        }
        let after: Option<Vec<String>> = self
            .decision_request()
            .map(|d| d.options.iter().map(|o| o.key.clone()).collect());
        if before != after {
            // Other options (or none): nothing stays chosen.
            self.choice = None;
            self.basis_choice = None;
        }
        // A claim the rules cannot judge (no game record) and the arbiter has not judged yet:
        // nothing is proposed until he says whether it is correct.
        if self.kind == DialogKind::DrawClaim
            && self.correct.is_none()
            && let Some(p) = &mut self.proposal
            && p.finding.is_none()
            && p.decision.is_none()
            && matches!(
                p.consequence.claim,
                Some(ClaimStatus::Correct | ClaimStatus::Incorrect)
            )
        {
            p.consequence = Consequence::default();
            p.explanation = arbiter_core::msg!("ui-claim-correct-choose");
        }
        // The arbiter's finding against the rules': what it gives, confirmed as an override.
        self.on_finding = match (self.request(m), &self.proposal) {
            (Some(req), Some(p))
                if self.kind == DialogKind::DrawClaim
                    && p.finding.is_some()
                    && self.correct.is_some()
                    && p.finding != self.correct =>
            {
                Some(rules::propose_on_finding(m, s, &req, now))
            }
            _ => None,
        };
        self.contradictions = match (self.request(m), &self.proposal) {
            (Some(req), Some(p)) if p.decision.is_none() => {
                rules::contradictions(m, s, &req, p, &self.confirmed(), now)
            }
            _ => match (self.kind, self.board) {
                (DialogKind::Result, Some(b)) => {
                    rules::result_ending::result_contradictions(m, s, b, self.result, self.ending)
                }
                _ => Vec::new(),
            },
        };
        self.field = self.field.min(self.fields().len().saturating_sub(1));
        self.clock_op = match (self.kind, self.board) {
            (DialogKind::ClockOp, Some(b)) => Some(self.operation(m, s, now).and_then(|op| {
                rules::clock_operation(m, s, b, op, &self.text, now).map_err(|e| e.to_string())
            })),
            _ => None,
        };
    }

    /// The consequence the arbiter confirms: the proposal's; for a time correction the
    /// arbiter's own entry when the rules prescribe no clock change.
    pub fn confirmed(&self) -> Consequence {
        if !self.apply {
            // The arbiter decided against the proposal: nothing changes; the record keeps the
            // proposal beside it and the reason the arbiter gives.
            let mut c = Consequence::default();
            c.set_summary(arbiter_core::msg!("rules-summary-not-applied"));
            return c;
        }
        match &self.on_finding {
            Some(p) => p.consequence.clone(),
            None => self.proposed(),
        }
    }

    /// The rules' consequence, with the arbiter's own entry for a time correction.
    pub fn proposed(&self) -> Consequence {
        let mut c = self
            .proposal
            .as_ref()
            .map(|p| p.consequence.clone())
            .unwrap_or_default();
        if self.kind == DialogKind::TimeCorrection && c.clock.is_empty() && self.seconds != 0 {
            c.clock.push(TimeChange {
                player: self.player,
                delta_ms: self.seconds * 1000,
            });
        }
        c
    }

    /// The journal event Enter records: a field set against the proposal goes with its
    /// override record ([`rules::confirm_checked`]), the reason the arbiter gave; the times
    /// read on the device where the clocks were estimates.
    pub fn to_event(&self, m: &Match, s: &MatchState, now: u64) -> Option<Event> {
        let mut ev = self.event(m, s, now)?;
        if let Some(Ok(dc)) = self.device_clocks() {
            match &mut ev {
                Event::Intervention(iv) => iv.device_clocks = Some(dc),
                Event::Decision(d) => d.intervention.device_clocks = Some(dc),
                _ => {}
            }
        }
        Some(ev)
    }

    fn event(&self, m: &Match, s: &MatchState, now: u64) -> Option<Event> {
        // The rules' checks read the device's times where the arbiter typed them.
        let device = self.device_state(s, now);
        let s = device.as_ref().map_or(s, |(hypo, _)| hypo);
        match self.kind {
            DialogKind::Arrived => Some(Event::PlayerArrived(PlayerArrived {
                board: self.board?,
                team: self.team,
                at: None,
            })),
            DialogKind::Result => {
                let mut rec = ResultRecorded::new(self.board?, self.result);
                rec.reason = self.text.clone();
                rec.ending = self.ending;
                // A result or an ending against what the position proves: the override with
                // the reason the arbiter gave.
                let overrides: Vec<(OverrideField, String)> = self
                    .contradictions
                    .iter()
                    .map(|(f, _, _)| (*f, self.text.clone()))
                    .collect();
                rules::result_ending::result_checked(m, s, rec, &overrides)
                    .ok()
                    .map(Event::ResultRecorded)
            }
            DialogKind::Note => Some(Event::Note(Note {
                board: self.board,
                text: self.text.clone(),
                witnesses: Vec::new(),
            })),
            // A remark is about the board in its field, or the match; empty, nothing is recorded.
            DialogKind::Remark if self.text.trim().is_empty() => None,
            DialogKind::Remark => Some(Event::Remark(arbiter_core::record::Remark {
                board: self.board,
                text: self.text.trim().to_string(),
            })),
            DialogKind::StartRound => Some(Event::RoundStarted(RoundStarted::default())),
            DialogKind::ClockOp => match &self.clock_op {
                Some(Ok((ev, _))) => Some(ev.clone()),
                _ => None,
            },
            DialogKind::ResultCorrection => Some(Event::ResultCorrected(ResultCorrected {
                board: self.board?,
                result: self.correction,
                reason: self.text.clone(),
            })),
            DialogKind::Position => Some(Event::BoardSetup(BoardSetup {
                board: self.board?,
                fen: (!self.fen.trim().is_empty()).then(|| self.fen.trim().to_string()),
                clock_adds: self.clock_adds,
                reason: self.text.clone(),
            })),
            DialogKind::StartAgreed => {
                let t = m.scheduled_start + chrono::Duration::minutes(i64::from(self.minutes));
                Some(
                    arbiter_core::procedure::StartAgreed {
                        time: t.to_rfc3339(),
                        reason: self.text.clone(),
                    }
                    .into(),
                )
            }
            DialogKind::ColourOverride => Some(
                arbiter_core::procedure::ColoursOverridden {
                    board: self.board?,
                    white: self.team,
                    reason: self.text.clone(),
                }
                .into(),
            ),
            DialogKind::Lot => Some(
                arbiter_core::procedure::LotDrawn {
                    winner: self.team,
                    drawn_by: self.text.clone(),
                    witnesses: Vec::new(),
                }
                .into(),
            ),
            _ => {
                let req = self.request(m)?;
                let p = self.proposal.clone().unwrap_or_default();
                if let Some(d) = &p.decision {
                    // The arbiter's decision: the option, the basis and the reason he gave.
                    let key = d.options.get(self.choice?)?.key.clone();
                    return rules::decision::decide(&req, &p, &key, self.basis_choice?, &self.text)
                        .ok();
                }
                let reason = self.text.trim().to_string();
                rules::confirm_checked(
                    m,
                    s,
                    &req,
                    &p,
                    rules::Confirmation {
                        confirmed: self.confirmed(),
                        reason: self.text.clone(),
                        overrides: self
                            .contradictions
                            .iter()
                            .map(|(f, _, _)| (*f, reason.clone()))
                            .collect(),
                    },
                    now,
                )
                .ok()
            }
        }
    }

    pub fn current_field(&self) -> Option<Field> {
        self.fields().get(self.field).copied()
    }

    /// Applies a key inside the form. Returns whether the facts changed (then ask the rules
    /// again); a question asked on Enter is asked again after a change.
    pub fn input(&mut self, f: super::keymap::FormInput) -> bool {
        let changed = self.input_facts(f);
        if changed {
            self.asked = None;
        }
        changed
    }

    fn input_facts(&mut self, f: super::keymap::FormInput) -> bool {
        use super::keymap::FormInput as I;
        let n = self.fields().len();
        let Some(field) = self.current_field() else {
            return false;
        };
        match f {
            I::NextField => {
                self.field = (self.field + 1) % n;
                false
            }
            I::PrevField => {
                self.field = (self.field + n - 1) % n;
                false
            }
            I::Increase | I::Decrease => {
                let up = f == I::Increase;
                match field {
                    Field::Player => self.player = !self.player,
                    Field::Illegal => self.illegal = cycle(&IllegalKind::ALL, self.illegal, up),
                    Field::Basis => {
                        self.basis = cycle(
                            &[ClaimBasis::Threefold, ClaimBasis::FiftyMoves],
                            self.basis,
                            up,
                        )
                    }
                    Field::Correct => self.correct = Some(!self.shown_correct().unwrap_or(false)),
                    Field::Apply => self.apply = !self.apply,
                    Field::Decision => self.decision = cycle_opt(&DECISIONS, self.decision, up),
                    Field::Penalty => self.penalty = cycle_opt(&PENALTIES, self.penalty, up),
                    Field::Amount => {
                        self.amount = if up {
                            self.amount.saturating_add(30).min(99_999)
                        } else {
                            self.amount.saturating_sub(30)
                        }
                    }
                    Field::Place => self.place = cycle(&DevicePlace::ALL, self.place, up),
                    Field::Replied => {
                        self.replied = cycle(&[None, Some(false), Some(true)], self.replied, up)
                    }
                    Field::Both => self.both = !self.both,
                    Field::Disabled => self.disabled = !self.disabled,
                    Field::Whom => {
                        self.whom = cycle(
                            &[None, Some(Color::White), Some(Color::Black)],
                            self.whom,
                            up,
                        )
                    }
                    Field::DecisionOption => {
                        let n = self.decision_request().map_or(0, |d| d.options.len());
                        let all: Vec<usize> = (0..n).collect();
                        self.choice = cycle_opt(&all, self.choice, up);
                        return false;
                    }
                    Field::DecisionBasis => {
                        self.basis_choice = cycle_opt(&Basis::ALL, self.basis_choice, up);
                        return false;
                    }
                    Field::Team => self.team = self.team.other(),
                    Field::Seconds => self.seconds += if up { 30 } else { -30 },
                    Field::Minutes => {
                        self.minutes = if up {
                            self.minutes.saturating_add(1)
                        } else {
                            self.minutes.saturating_sub(1)
                        }
                    }
                    Field::Result => self.set_result(cycle(&RESULTS, self.result, up)),
                    Field::About => {
                        let all: Vec<Option<BoardNo>> = std::iter::once(None)
                            .chain((1..=self.boards).map(|b| Some(BoardNo(b))))
                            .collect();
                        self.board = cycle(&all, self.board, up);
                    }
                    Field::Ending => {
                        self.ending = cycle_opt(&Ending::for_result(self.result), self.ending, up)
                    }
                    Field::Text
                    | Field::Fen
                    | Field::WhiteTime
                    | Field::BlackTime
                    | Field::Intended => {
                        return false;
                    }
                    Field::Ply => {
                        self.ply = if up {
                            self.ply.saturating_add(1)
                        } else {
                            self.ply.saturating_sub(1)
                        }
                    }
                    Field::Tally => {
                        self.tally = if up {
                            self.tally.saturating_add(1)
                        } else {
                            self.tally.saturating_sub(1)
                        }
                    }
                    Field::Moves | Field::OtherBoard => {
                        self.moves = if up {
                            self.moves.saturating_add(1)
                        } else {
                            self.moves.saturating_sub(1)
                        }
                    }
                    Field::Clocks => self.clocks = cycle(&CLOCK_CHOICES, self.clocks, up),
                    Field::Op => self.op = cycle(&OpKind::ALL, self.op, up),
                    Field::Correction => self.correction = cycle(&CORRECTIONS, self.correction, up),
                    Field::ClockAdds => self.clock_adds = cycle(&CLOCK_ADDS, self.clock_adds, up),
                }
                true
            }
            I::Char(c) => match field {
                Field::Text => {
                    self.text.push(c);
                    matches!(self.kind, DialogKind::CaptainAdvice | DialogKind::ClockOp)
                }
                Field::Fen => {
                    self.fen.push(c);
                    true
                }
                Field::Intended if !c.is_whitespace() => {
                    self.intended.push(c);
                    true
                }
                Field::WhiteTime | Field::BlackTime if c.is_ascii_digit() || c == ':' => {
                    if field == Field::WhiteTime {
                        self.white_time.push(c);
                    } else {
                        self.black_time.push(c);
                    }
                    true
                }
                Field::Ply | Field::Tally | Field::Moves | Field::OtherBoard
                    if c.is_ascii_digit() =>
                {
                    let d = u32::from(c as u8 - b'0');
                    let v = match field {
                        Field::Ply => &mut self.ply,
                        Field::Tally => &mut self.tally,
                        _ => &mut self.moves,
                    };
                    *v = (*v * 10 + d).min(9_999);
                    true
                }
                Field::Amount if c.is_ascii_digit() => {
                    self.amount = (self.amount * 10 + u32::from(c as u8 - b'0')).min(99_999);
                    true
                }
                Field::Seconds if c.is_ascii_digit() => {
                    let d = i64::from(c as u8 - b'0');
                    let sign = if self.seconds < 0 { -1 } else { 1 };
                    self.seconds = sign * ((self.seconds.abs() * 10 + d).min(99_999));
                    true
                }
                Field::Minutes if c.is_ascii_digit() => {
                    self.minutes = (self.minutes * 10 + u32::from(c as u8 - b'0')).min(999);
                    true
                }
                Field::Seconds if c == '-' || c == '+' => {
                    self.seconds = if c == '-' {
                        -self.seconds.abs()
                    } else {
                        self.seconds.abs()
                    };
                    true
                }
                Field::Player if matches!(c, 'w' | 'W') => {
                    self.player = Color::White;
                    true
                }
                Field::Player if matches!(c, 'b' | 'B' | 's' | 'S') => {
                    self.player = Color::Black;
                    true
                }
                Field::Correct if matches!(c, 'y' | 'j' | 'Y' | 'J') => {
                    self.correct = Some(true);
                    true
                }
                Field::Correct if matches!(c, 'n' | 'N') => {
                    self.correct = Some(false);
                    true
                }
                Field::Result if c == ' ' => {
                    self.set_result(cycle(&RESULTS, self.result, true));
                    true
                }
                _ => false,
            },
            I::Backspace => match field {
                Field::About => {
                    self.board = None;
                    true
                }
                Field::Text => {
                    self.text.pop();
                    matches!(self.kind, DialogKind::CaptainAdvice | DialogKind::ClockOp)
                }
                Field::Fen => {
                    self.fen.pop();
                    true
                }
                Field::Intended => {
                    self.intended.pop();
                    true
                }
                Field::WhiteTime => {
                    self.white_time.pop();
                    true
                }
                Field::BlackTime => {
                    self.black_time.pop();
                    true
                }
                Field::Ply => {
                    self.ply /= 10;
                    true
                }
                Field::Tally => {
                    self.tally /= 10;
                    true
                }
                Field::Moves | Field::OtherBoard => {
                    self.moves /= 10;
                    true
                }
                Field::Seconds => {
                    self.seconds /= 10;
                    true
                }
                Field::Minutes => {
                    self.minutes /= 10;
                    true
                }
                Field::Amount => {
                    self.amount /= 10;
                    true
                }
                _ => false,
            },
            I::Confirm | I::Cancel => false,
        }
    }
}

fn field_label(t: &Strings, f: Field, kind: DialogKind) -> &str {
    match f {
        Field::Player => &t.field_player,
        Field::Illegal => &t.field_kind,
        Field::Basis => &t.field_basis,
        Field::Correct => &t.field_correct,
        Field::Decision => &t.field_decision,
        Field::Penalty => &t.field_penalty,
        Field::Team => &t.field_team,
        Field::Seconds => &t.field_seconds,
        Field::Minutes => &t.field_minutes,
        Field::Apply => &t.field_apply,
        Field::Result => &t.field_result,
        Field::Ending => &t.field_ending,
        Field::Amount => &t.field_amount,
        Field::Place => &t.field_place,
        Field::Replied => &t.field_replied,
        Field::Both => &t.field_both,
        Field::Disabled => &t.field_disabled,
        Field::Whom => &t.field_whom,
        Field::DecisionOption => &t.field_option,
        Field::DecisionBasis => &t.field_decision_basis,
        Field::Text
            if matches!(
                kind,
                DialogKind::Note | DialogKind::CaptainAdvice | DialogKind::Remark
            ) =>
        {
            &t.field_text
        }
        Field::Text => &t.field_reason,
        Field::Ply => &t.field_ply,
        Field::Clocks => &t.field_clocks,
        Field::Tally => &t.field_tally,
        Field::Op => &t.field_op,
        Field::WhiteTime => &t.field_white_time,
        Field::BlackTime => &t.field_black_time,
        Field::Moves => &t.field_moves,
        Field::OtherBoard => &t.field_other_board,
        Field::Correction => &t.field_correction,
        Field::Fen => &t.field_fen,
        Field::ClockAdds => &t.field_clock_adds,
        Field::Intended => &t.field_intended,
        Field::About => &t.field_about,
    }
}

fn field_value(d: &Dialog, m: &Match, s: &MatchState, lang: Lang, f: Field) -> String {
    let t = strings(lang);
    if d.kind == DialogKind::ClockOp && !d.op.uses(f) {
        return "–".into();
    }
    match f {
        Field::Player => {
            let name = d.board.and_then(|b| {
                let wt = m.white_team(b);
                let team = if d.player.is_white() { wt } else { wt.other() };
                arbiter_core::rules::lineup::player(m, s, team, b).map(|p| p.name.clone())
            });
            match name {
                Some(n) => format!("{} ({n})", i18n::colour(lang, d.player)),
                None => i18n::colour(lang, d.player).to_string(),
            }
        }
        Field::Illegal => i18n::illegal_kind(lang, d.illegal),
        Field::Basis => i18n::claim_basis(lang, d.basis),
        Field::Correct => {
            let yes_no = |b: bool| if b { &t.yes } else { &t.no }.clone();
            let finding = d.proposal.as_ref().and_then(|p| p.finding);
            match (d.correct, finding) {
                (None, None) => t.choose.clone(),
                (Some(c), Some(f)) if c != f => i18n::format(
                    lang,
                    &arbiter_core::msg!(
                        "ui-value-overridden",
                        value = yes_no(c),
                        rules = yes_no(f)
                    ),
                ),
                (_, Some(f)) => i18n::format(
                    lang,
                    &arbiter_core::msg!("ui-value-from-rules", value = yes_no(f)),
                ),
                (Some(c), None) => yes_no(c),
            }
        }
        Field::Decision => d
            .decision
            .map(|x| i18n::quickplay_decision(lang, x))
            .unwrap_or_else(|| t.choose.clone()),
        Field::Penalty => match d.penalty {
            Some(p) => i18n::penalty(lang, p),
            None => t.none_chosen.clone(),
        },
        Field::Amount => match d.entered() {
            Some(s) => format!("{s} s ({})", format_hms(u64::from(s) * 1000)),
            None => t.none_entered.clone(),
        },
        Field::Place => i18n::text(lang, arbiter_core::words::device_place(d.place)),
        Field::Replied => match d.replied {
            None => t.replied_clock.clone(),
            Some(true) => t.yes.clone(),
            Some(false) => t.no.clone(),
        },
        Field::Both => if d.both { &t.yes } else { &t.no }.clone(),
        Field::Disabled => if d.disabled { &t.yes } else { &t.no }.clone(),
        Field::Whom => match d.whom {
            None => t.both_players.clone(),
            Some(c) => i18n::colour(lang, c).to_string(),
        },
        Field::DecisionOption => match (d.choice, d.decision_request()) {
            (Some(i), Some(r)) => r
                .options
                .get(i)
                .map(|o| i18n::format(lang, &o.label))
                .unwrap_or_default(),
            _ => t.none_chosen.clone(),
        },
        Field::DecisionBasis => match d.basis_choice {
            Some(b) => i18n::text(lang, b.message_id()),
            None => t.none_chosen.clone(),
        },
        Field::Team => format!("{} ({})", m.team(d.team).name, i18n::team(lang, d.team)),
        Field::Seconds => format!("{:+}", d.seconds),
        Field::Minutes => d.minutes.to_string(),
        Field::Apply => if d.apply { &t.apply_yes } else { &t.apply_no }.clone(),
        Field::Result => d.result.notation().into(),
        Field::About => match d.board {
            Some(b) => format!("{} {b}", t.board),
            None => i18n::text(lang, "ui-about-match"),
        },
        Field::Ending => match d.ending {
            Some(e) if d.proven == Some((d.result, e)) => i18n::format(
                lang,
                &arbiter_core::msg!(
                    "ui-value-from-rules",
                    value = i18n::text(lang, e.message_id())
                ),
            ),
            Some(e) => i18n::text(lang, e.message_id()),
            None if Ending::for_result(d.result).is_empty() => "–".into(),
            None => t.choose.clone(),
        },
        Field::Text => format!("{}▏", d.text),
        Field::Ply if d.ply == 0 => t.at_once.clone(),
        Field::Ply => d.ply.to_string(),
        Field::Clocks => match d.clocks {
            None => t.choose.clone(),
            Some(ClockChoice::Recorded) => i18n::text(lang, "ui-clocks-recorded"),
            Some(ClockChoice::Current) => i18n::text(lang, "ui-clocks-current"),
        },
        Field::Tally if d.tally == 0 => t.by_board.clone(),
        Field::Tally => d.tally.to_string(),
        Field::Op => i18n::text(lang, d.op.id()),
        Field::WhiteTime => format!("{}▏", d.white_time),
        Field::BlackTime => format!("{}▏", d.black_time),
        Field::Moves | Field::OtherBoard => d.moves.to_string(),
        Field::Correction => d
            .correction
            .map(|r| r.notation().to_string())
            .unwrap_or_else(|| t.game_continues.clone()),
        Field::Fen => format!("{}▏", d.fen),
        Field::Intended => format!("{}▏", d.intended),
        Field::ClockAdds => match d.clock_adds {
            None => t.unchanged.clone(),
            Some(PeriodAddition::OnMove) => i18n::text(lang, "ui-clock-adds-on-move"),
            Some(PeriodAddition::OnFlag) => i18n::text(lang, "ui-clock-adds-on-flag"),
        },
    }
}

/// One consequence in words, in the UI language.
pub fn consequence_lines(c: &Consequence, lang: Lang) -> Vec<String> {
    let t = strings(lang);
    let mut out = Vec::new();
    for tc in &c.clock {
        let sign = if tc.delta_ms < 0 { "−" } else { "+" };
        out.push(format!(
            "{} {sign}{}",
            i18n::colour(lang, tc.player),
            format_hms(tc.delta_ms.unsigned_abs())
        ));
    }
    if let Some(r) = c.result {
        out.push(format!("{}: {}", t.result, r.notation()));
    }
    for (b, team) in &c.zeroed {
        out.push(format!(
            "{} {b} {} ({})",
            t.board,
            t.zeroed,
            i18n::team(lang, *team)
        ));
    }
    if c.warning {
        out.push(t.warning.to_string());
    }
    if !c.summary.is_empty() {
        out.push(c.summary_in(i18n::tui_catalogue(), lang));
    }
    out
}

/// A clock operation: the articles, the clock before and after, the minimum the profile sets.
fn clock_op_lines(
    d: &Dialog,
    m: &Match,
    s: &MatchState,
    lang: Lang,
    theme: &Theme,
    lines: &mut Vec<Line<'static>>,
) {
    let t = strings(lang);
    match &d.clock_op {
        Some(Ok((Event::ClockAdjusted(e), outcome))) => {
            let arts = rules::operation_articles(m, &e.op);
            lines.push(Line::from(vec![
                Span::styled(format!("{}: ", t.rule_basis), theme.column_title()),
                Span::raw(arts.join("; ")),
            ]));
            let times = |c: &arbiter_core::clock::ClockTimes| {
                format!(
                    "{} {} ({}) · {} {} ({})",
                    t.white,
                    format_hms(c.white_ms),
                    c.white_moves,
                    t.black,
                    format_hms(c.black_ms),
                    c.black_moves
                )
            };
            lines.push(Line::styled(
                format!("{}: {}", t.facts, times(&e.before)),
                theme.dim(),
            ));
            lines.push(Line::from(vec![
                Span::styled(format!("{}: ", t.proposed), theme.column_title()),
                Span::raw(times(&e.after)),
            ]));
            let floor = match &e.op {
                ClockOperation::Reconstruct { floor, to_move } => Some((*floor, *to_move)),
                ClockOperation::ReplaceClock { white_moves, .. } => {
                    Some((m.profile.clock_corrections.replacement_floor, *white_moves))
                }
                _ => None,
            };
            if let Some((floor, moves)) = floor {
                let min = floor.minimum_ms(&m.time_control, moves);
                let shown = if min == 0 {
                    i18n::text(lang, "ui-no-minimum")
                } else {
                    format_hms(min)
                };
                lines.push(Line::styled(format!("{}: {shown}", t.minimum), theme.dim()));
            }
            if !outcome.note.is_empty() {
                lines.push(Line::styled(outcome.note.clone(), theme.warn()));
            }
        }
        Some(Err(why)) => lines.push(Line::styled(format!("{}: {why}", t.error), theme.warn())),
        _ => lines.push(Line::styled(t.select_board_first.as_str(), theme.dim())),
    }
    let _ = s;
}

/// The result form: what the position proves, and each field set against it (an override,
/// recorded with the reason).
fn result_lines(d: &Dialog, lang: Lang, theme: &Theme, lines: &mut Vec<Line<'static>>) {
    match d.proven {
        Some((r, e)) => lines.push(Line::styled(
            i18n::format(
                lang,
                &arbiter_core::msg!(
                    "ui-ending-proven",
                    result = r,
                    ending = Msg::new(e.message_id()),
                    article = e.article()
                ),
            ),
            theme.dim(),
        )),
        None => lines.push(Line::styled(
            i18n::text(lang, "ui-ending-arbiter"),
            theme.dim(),
        )),
    }
    override_lines(lines, &d.contradictions, lang, theme);
}

/// One warning line per field the form sets against the rules: what they give, what is chosen.
fn override_lines(
    lines: &mut Vec<Line<'static>>,
    contradictions: &[(OverrideField, Msg, Msg)],
    lang: Lang,
    theme: &Theme,
) {
    for (field, proposed, chosen) in contradictions {
        lines.push(Line::styled(
            i18n::format(
                lang,
                &arbiter_core::msg!(
                    "ui-override-line",
                    field = Msg::new(field.message_id()),
                    proposed = proposed.clone(),
                    chosen = chosen.clone()
                ),
            ),
            theme.warn(),
        ));
    }
}

/// A rectangle of at most `w`×`h` centred in `area`.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub fn render(
    f: &mut Frame,
    area: Rect,
    d: &Dialog,
    m: &Match,
    s: &MatchState,
    lang: Lang,
    theme: &Theme,
) {
    let t = strings(lang);
    let mut lines: Vec<Line> = Vec::new();
    // First, so a tall form never hides them: the question Enter asked, and that the clocks
    // are estimates (the time fields below ask for the device's).
    if let Some(q) = &d.asked {
        lines.push(Line::styled(
            format!("? {q} {}", i18n::text(lang, "ui-confirm-again")),
            theme.warn(),
        ));
    }
    if d.estimated {
        lines.push(Line::styled(
            i18n::text(lang, "ui-clocks-estimated"),
            theme.warn(),
        ));
    }
    let fields = d.fields();
    for (i, field) in fields.iter().enumerate() {
        let label = format!("{:<22}", field_label(t, *field, d.kind));
        let value = field_value(d, m, s, lang, *field);
        let style = if i == d.field {
            theme.field_focus()
        } else {
            theme.base()
        };
        lines.push(Line::from(vec![
            Span::raw(label),
            Span::styled(format!(" {value} "), style),
        ]));
    }
    let deciding = d.decision_request().is_some();
    if !fields.is_empty() && !deciding {
        lines.push(Line::raw(""));
    }
    if d.kind.ruled() {
        let p = d.proposal.clone().unwrap_or_default();
        let arts = if p.articles.is_empty() {
            t.no_article.to_string()
        } else {
            arbiter_core::i18n::citation(lang, &p.articles.join("; "))
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{}: ", t.rule_basis), theme.column_title()),
            Span::raw(arts),
        ]));
        if let Some(req) = &p.decision {
            decision_lines(&mut lines, req, d, lang, theme);
        } else {
            let expl = i18n::format(lang, &p.explanation);
            if !expl.is_empty() {
                lines.push(Line::raw(expl));
            }
        }
        for fact in &p.facts {
            lines.push(Line::styled(
                format!("· {}", i18n::format(lang, fact)),
                theme.dim(),
            ));
        }
        if p.white_ms.is_some() || p.black_ms.is_some() || p.move_no.is_some() {
            let ms = |x: Option<u64>| x.map(format_hms).unwrap_or_else(|| "–".into());
            lines.push(Line::styled(
                format!(
                    "{}: {} {} · {} {} · {} {}",
                    t.facts,
                    t.white,
                    ms(p.white_ms),
                    t.black,
                    ms(p.black_ms),
                    t.move_,
                    p.move_no
                        .map(|n| n.to_string())
                        .unwrap_or_else(|| "–".into())
                ),
                theme.dim(),
            ));
        }
        if p.decision.is_none() {
            let cons = consequence_lines(&d.proposed(), lang);
            let cons = if cons.is_empty() {
                t.no_change.to_string()
            } else {
                cons.join(" · ")
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{}: ", t.proposed), theme.column_title()),
                Span::raw(cons),
            ]));
        }
        if let Some(c) = &p.conflict {
            // The Laws in force would rule otherwise: said beside the profile's outcome.
            lines.push(Line::styled(
                format!("⚠ {}", i18n::format(lang, c)),
                theme.warn(),
            ));
        }
        if !d.apply && p.decision.is_none() {
            lines.push(Line::styled(format!("→ {}", t.apply_no), theme.warn()));
        }
        override_lines(&mut lines, &d.contradictions, lang, theme);
        if let Some(o) = &d.on_finding {
            let cons = consequence_lines(&o.consequence, lang);
            let cons = if cons.is_empty() {
                t.no_change.to_string()
            } else {
                cons.join(" · ")
            };
            lines.push(Line::styled(
                i18n::format(
                    lang,
                    &arbiter_core::msg!("ui-override-gives", consequence = cons),
                ),
                theme.warn(),
            ));
        }
    } else if d.kind == DialogKind::ClockOp {
        clock_op_lines(d, m, s, lang, theme, &mut lines);
    } else if d.kind == DialogKind::Result {
        result_lines(d, lang, theme, &mut lines);
    } else if d.kind == DialogKind::ResultCorrection {
        let has_result = d
            .board
            .and_then(|b| s.board(b))
            .is_some_and(|b| b.result.is_some());
        let id = if has_result {
            "ui-correction-needs-reason"
        } else {
            "ui-no-result-to-correct"
        };
        lines.push(Line::styled(i18n::text(lang, id), theme.dim()));
    } else {
        lines.push(Line::styled(t.plain_event.as_str(), theme.dim()));
    }
    lines.push(Line::raw(""));
    match d.blocked(lang) {
        Some(why) if d.kind.ruled() || d.kind == DialogKind::Result => {
            lines.push(Line::styled(
                format!("⏎ {why} · {}", t.cancel_keys),
                theme.warn(),
            ));
        }
        _ => lines.push(Line::styled(t.confirm_cancel.as_str(), theme.dim())),
    }
    let title = match d.board {
        Some(b) => format!(" {} {b} · {} ", t.board, d.kind.title(lang)),
        None => format!(" {} ", d.kind.title(lang)),
    };
    // Height after wrapping, so the confirm line is never cut off.
    let inner_w = usize::from(area.width.min(76).saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w))
        .sum();
    let h = u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2);
    let rect = centred(area, 76, h.max(8));
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .style(theme.dialog())
            .block(Block::bordered().title(title)),
        rect,
    );
}

/// The part of the form where the rules leave the outcome open: what is open and why, the
/// facts, the options and the bases (none chosen until the arbiter chooses; the rows above show
/// the choice).
fn decision_lines(
    lines: &mut Vec<Line<'static>>,
    req: &arbiter_core::rules::decision::DecisionRequest,
    d: &Dialog,
    lang: Lang,
    theme: &Theme,
) {
    let t = strings(lang);
    lines.push(Line::from(vec![
        Span::styled(
            format!(
                "{}: {}. ",
                t.decision_open,
                i18n::format(lang, &Msg::new(req.situation.message_id()))
            ),
            theme.warn(),
        ),
        Span::raw(i18n::format(lang, &req.why)),
    ]));
    for fact in &req.facts {
        lines.push(Line::raw(format!("• {}", i18n::format(lang, fact))));
    }
    let radio = |chosen: bool, label: String, last: bool| {
        Span::raw(format!(
            "{} {label}{}",
            if chosen { "(•)" } else { "( )" },
            if last { "" } else { "  " }
        ))
    };
    let n = req.options.len();
    lines.push(Line::from(
        req.options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                radio(
                    d.choice == Some(i),
                    i18n::format(lang, &o.label),
                    i + 1 == n,
                )
            })
            .collect::<Vec<_>>(),
    ));
    lines.push(Line::from(
        Basis::ALL
            .iter()
            .enumerate()
            .map(|(i, b)| {
                radio(
                    d.basis_choice == Some(*b),
                    i18n::text(lang, b.message_id()),
                    i + 1 == Basis::ALL.len(),
                )
            })
            .collect::<Vec<_>>(),
    ));
}
