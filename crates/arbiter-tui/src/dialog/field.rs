//! The fields a form can have.

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
    /// The player accepted the warning (DSB note to TO: it need not be reported).
    Accepted,
    /// No assistant to write the moves is available (2023 8.1.6).
    NoAssistant,
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
    /// The person expelled from the venue (a spectator, a captain: name or description).
    Person,
    /// The decision exempting a player with a disability from keeping score, as the arbiter
    /// words it (8.1.6).
    Exemption,
    /// When a claimed resignation happened: HH:MM or HH:MM:SS at the venue; empty: not stated.
    At,
}
