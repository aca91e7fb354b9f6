//! Which form: every intervention form of the console as one row of data (its key, its title,
//! whether it needs a board, whether the rules engine is asked, its fields).

use arbiter_core::matchfile::Lang;

use super::field::Field;
use crate::i18n;

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
    /// A spectator or another person who is not a player of the game expelled from the venue
    /// (2017/2023 12.7; pre-2009 13.7) (`X`).
    PersonExpelled,
    /// How play resumes after the arbiter stopped a game (2017/2023 6.11.3; pre-2009 6.13 c)
    /// (`P`).
    GameResumed,
    /// A resignation claimed and not evident: did the player resign, and when (5.1.2) (`Y`).
    Resignation,
}

/// What a form is, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    pub kind: DialogKind,
    /// The action key on the main screen.
    pub key: char,
    /// The title: a message id.
    pub title: &'static str,
    /// Whether the form needs a selected board.
    pub needs_board: bool,
    /// Whether the rules engine is asked (otherwise a plain record is journaled).
    pub ruled: bool,
    /// The fields (a decision adds its own: [`super::Dialog::fields`]).
    pub fields: &'static [Field],
}

/// Every form as data, in the order of [`DialogKind`]'s variants.
const FORMS: [Spec; 34] = {
    use DialogKind as K;
    use Field as F;
    [
        Spec {
            kind: K::Illegal,
            key: 'i',
            title: "dialog-illegal",
            needs_board: true,
            ruled: true,
            fields: &[
                F::Player,
                F::Illegal,
                F::Replied,
                F::Ply,
                F::Clocks,
                F::Apply,
                F::Text,
            ],
        },
        Spec {
            kind: K::TimeCorrection,
            key: 'z',
            title: "dialog-time-correction",
            needs_board: true,
            ruled: true,
            fields: &[F::Player, F::Seconds, F::Text],
        },
        Spec {
            kind: K::DrawClaim,
            key: 'c',
            title: "dialog-draw-claim",
            needs_board: true,
            ruled: true,
            fields: &[
                F::Player,
                F::Basis,
                F::Intended,
                F::Correct,
                F::Apply,
                F::Text,
            ],
        },
        Spec {
            kind: K::Quickplay,
            key: 'q',
            title: "dialog-quickplay",
            needs_board: true,
            ruled: true,
            fields: &[F::Player, F::Decision, F::Apply, F::Text],
        },
        Spec {
            kind: K::Arrived,
            key: 'a',
            title: "dialog-arrived",
            needs_board: true,
            ruled: false,
            fields: &[F::Team],
        },
        Spec {
            kind: K::Result,
            key: 'r',
            title: "dialog-result",
            needs_board: true,
            ruled: false,
            fields: &[F::Result, F::Ending, F::Text],
        },
        Spec {
            kind: K::Penalty,
            key: 'p',
            title: "dialog-penalty",
            needs_board: true,
            ruled: true,
            fields: &[
                F::Player,
                F::Penalty,
                F::Amount,
                F::Accepted,
                F::Apply,
                F::Text,
            ],
        },
        Spec {
            kind: K::Flag,
            key: 'f',
            title: "dialog-flag",
            needs_board: true,
            ruled: true,
            fields: &[F::Player, F::Tally, F::Apply, F::Text],
        },
        Spec {
            kind: K::Device,
            key: 'e',
            title: "dialog-device",
            needs_board: true,
            ruled: true,
            fields: &[
                F::Player,
                F::Place,
                F::Penalty,
                F::Amount,
                F::Apply,
                F::Text,
            ],
        },
        Spec {
            kind: K::CaptainAdvice,
            key: 'K',
            title: "dialog-captain-advice",
            needs_board: true,
            ruled: true,
            fields: &[F::Team, F::Text],
        },
        // A protest names the board it concerns (the selected one; none: the match).
        Spec {
            kind: K::Protest,
            key: 'x',
            title: "dialog-protest",
            needs_board: false,
            ruled: true,
            fields: &[F::Team, F::About, F::Text],
        },
        Spec {
            kind: K::Note,
            key: 'n',
            title: "dialog-note",
            needs_board: false,
            ruled: false,
            fields: &[F::Text],
        },
        Spec {
            kind: K::StartRound,
            key: 's',
            title: "dialog-start-round",
            needs_board: false,
            ruled: false,
            fields: &[],
        },
        Spec {
            kind: K::DefaultTime,
            key: 'o',
            title: "dialog-default-time",
            needs_board: true,
            ruled: true,
            fields: &[F::Apply, F::Text],
        },
        Spec {
            kind: K::Lineup,
            key: 'u',
            title: "dialog-lineup",
            needs_board: false,
            ruled: true,
            fields: &[F::Team, F::Apply, F::Text],
        },
        Spec {
            kind: K::GameEnded,
            key: 'm',
            title: "dialog-game-ended",
            needs_board: true,
            ruled: true,
            fields: &[F::Apply, F::Text],
        },
        Spec {
            kind: K::GameMismatch,
            key: 'J',
            title: "dialog-game-mismatch",
            needs_board: true,
            ruled: true,
            fields: &[F::Apply, F::Text],
        },
        Spec {
            kind: K::StartDelay,
            key: 'v',
            title: "dialog-start-delay",
            needs_board: true,
            ruled: true,
            fields: &[F::Team, F::Minutes, F::Apply, F::Text],
        },
        Spec {
            kind: K::Disturbance,
            key: 'w',
            title: "dialog-disturbance",
            needs_board: true,
            ruled: true,
            fields: &[F::Whom, F::Amount, F::Apply, F::Text],
        },
        Spec {
            kind: K::Refusal,
            key: 'y',
            title: "dialog-refusal",
            needs_board: true,
            ruled: true,
            fields: &[F::Player, F::Both, F::Apply, F::Text],
        },
        Spec {
            kind: K::UnableToRecord,
            key: 'h',
            title: "dialog-unable-to-record",
            needs_board: true,
            ruled: true,
            fields: &[
                F::Player,
                F::Disabled,
                F::Exemption,
                F::Amount,
                F::NoAssistant,
                F::Apply,
                F::Text,
            ],
        },
        Spec {
            kind: K::ClockOp,
            key: 't',
            title: "dialog-clock-op",
            needs_board: true,
            ruled: false,
            fields: &[
                F::Op,
                F::Player,
                F::WhiteTime,
                F::BlackTime,
                F::Moves,
                F::Text,
            ],
        },
        Spec {
            kind: K::ResultCorrection,
            key: 'E',
            title: "dialog-result-correction",
            needs_board: true,
            ruled: false,
            fields: &[F::Correction, F::Text],
        },
        Spec {
            kind: K::Position,
            key: 'b',
            title: "dialog-position",
            needs_board: true,
            ruled: false,
            fields: &[F::Fen, F::ClockAdds, F::Text],
        },
        Spec {
            kind: K::DrawAgreement,
            key: 'A',
            title: "dialog-draw-agreement",
            needs_board: true,
            ruled: true,
            fields: &[F::Apply, F::Text],
        },
        Spec {
            kind: K::UnforeseeableDelay,
            key: 'D',
            title: "dialog-unforeseeable-delay",
            needs_board: true,
            ruled: true,
            fields: &[F::Team, F::Minutes, F::Apply, F::Text],
        },
        Spec {
            kind: K::SeatingError,
            key: 'S',
            title: "dialog-seating-error",
            needs_board: true,
            ruled: true,
            fields: &[F::Team, F::OtherBoard, F::Apply, F::Text],
        },
        // Minutes after the scheduled start.
        Spec {
            kind: K::StartAgreed,
            key: 'B',
            title: "dialog-start-agreed",
            needs_board: false,
            ruled: false,
            fields: &[F::Minutes, F::Text],
        },
        // The team with White on the board, and the reason.
        Spec {
            kind: K::ColourOverride,
            key: 'C',
            title: "dialog-colour-override",
            needs_board: true,
            ruled: false,
            fields: &[F::Team, F::Text],
        },
        // The winner, and who drew the lot.
        Spec {
            kind: K::Lot,
            key: 'G',
            title: "dialog-lot",
            needs_board: false,
            ruled: false,
            fields: &[F::Team, F::Text],
        },
        // The text first (typed at once), then the board it is about (Tab).
        Spec {
            kind: K::Remark,
            key: 'M',
            title: "dialog-remark",
            needs_board: false,
            ruled: false,
            fields: &[F::Text, F::About],
        },
        Spec {
            kind: K::PersonExpelled,
            key: 'X',
            title: "dialog-person-expelled",
            needs_board: false,
            ruled: true,
            fields: &[F::Person, F::Apply, F::Text],
        },
        Spec {
            kind: K::GameResumed,
            key: 'P',
            title: "dialog-game-resumed",
            needs_board: true,
            ruled: true,
            fields: &[F::Text],
        },
        Spec {
            kind: K::Resignation,
            key: 'Y',
            title: "dialog-resignation",
            needs_board: true,
            ruled: true,
            fields: &[F::Player, F::At, F::Text],
        },
    ]
};

impl DialogKind {
    pub const ALL: [DialogKind; 34] = [
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
        DialogKind::PersonExpelled,
        DialogKind::GameResumed,
        DialogKind::Resignation,
    ];

    /// The form as data.
    pub fn spec(self) -> Spec {
        FORMS[self as usize]
    }

    /// The action key on the main screen.
    pub fn key(self) -> char {
        self.spec().key
    }

    pub fn for_key(c: char) -> Option<DialogKind> {
        DialogKind::ALL.into_iter().find(|k| k.key() == c)
    }

    /// Whether the form needs a selected board.
    pub fn needs_board(self) -> bool {
        self.spec().needs_board
    }

    /// Whether the rules engine is asked (otherwise a plain event is recorded).
    pub fn ruled(self) -> bool {
        self.spec().ruled
    }

    /// The form's title: a message id.
    pub fn title_id(self) -> &'static str {
        self.spec().title
    }

    pub fn title(self, lang: Lang) -> String {
        i18n::text(lang, self.title_id())
    }

    /// The form's fields (a decision adds its own: [`super::Dialog::fields`]).
    pub fn fields(self) -> &'static [Field] {
        self.spec().fields
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_follows_the_variants() {
        for (i, k) in DialogKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i);
            assert_eq!(FORMS[i].kind, *k);
        }
    }

    #[test]
    fn every_form_has_its_own_key_and_title() {
        for (i, a) in DialogKind::ALL.iter().enumerate() {
            for b in &DialogKind::ALL[i + 1..] {
                assert_ne!(a.key(), b.key(), "{a:?} and {b:?}");
                assert_ne!(a.title_id(), b.title_id(), "{a:?} and {b:?}");
            }
            assert_eq!(DialogKind::for_key(a.key()), Some(*a));
        }
    }
}
