//! The facts of every form: one variant per form family, each the family's own struct.

use super::claims::{DrawClaim, Flag, Quickplay};
use super::clock_op::ClockOpForm;
use super::conduct::{
    Device, Disturbance, Expulsion, Penalty, Refusal, Resignation, UnableToRecord,
};
use super::form::{Form, Opening};
use super::illegal::Illegal;
use super::kind::DialogKind;
use super::records::{Arrival, Colours, Lot, Nothing, Position, StartAgreed};
use super::result::{ResultCorrection, ResultForm};
use super::team::{Delay, Seating, TeamMatter};
use super::time_correction::TimeCorrection;

macro_rules! facts {
    ($($variant:ident($ty:ty)),* $(,)?) => {
        /// The facts only one form asks for.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Facts {
            $($variant($ty)),*
        }

        impl Facts {
            pub(super) fn form(&self) -> &dyn Form {
                match self {
                    $(Facts::$variant(f) => f),*
                }
            }

            pub(super) fn form_mut(&mut self) -> &mut dyn Form {
                match self {
                    $(Facts::$variant(f) => f),*
                }
            }
        }
    };
}

facts! {
    Illegal(Illegal),
    TimeCorrection(TimeCorrection),
    DrawClaim(DrawClaim),
    Quickplay(Quickplay),
    Flag(Flag),
    Penalty(Penalty),
    Device(Device),
    Disturbance(Disturbance),
    Refusal(Refusal),
    UnableToRecord(UnableToRecord),
    Team(TeamMatter),
    Arrival(Arrival),
    Colours(Colours),
    Lot(Lot),
    Delay(Delay),
    Seating(Seating),
    Result(ResultForm),
    ResultCorrection(ResultCorrection),
    ClockOp(ClockOpForm),
    Position(Position),
    StartAgreed(StartAgreed),
    Expulsion(Expulsion),
    Resignation(Resignation),
    Nothing(Nothing),
}

impl Facts {
    pub(super) fn open(o: &Opening) -> Facts {
        use DialogKind as K;
        match o.kind {
            K::Illegal => Facts::Illegal(Illegal::default()),
            K::TimeCorrection => Facts::TimeCorrection(TimeCorrection::default()),
            K::DrawClaim => Facts::DrawClaim(DrawClaim::default()),
            K::Quickplay => Facts::Quickplay(Quickplay::default()),
            K::Flag => Facts::Flag(Flag::default()),
            K::Penalty => Facts::Penalty(Penalty::default()),
            K::Device => Facts::Device(Device::default()),
            K::Disturbance => Facts::Disturbance(Disturbance::default()),
            K::Refusal => Facts::Refusal(Refusal::default()),
            K::UnableToRecord => Facts::UnableToRecord(UnableToRecord::default()),
            K::CaptainAdvice | K::Protest | K::Lineup => Facts::Team(TeamMatter { team: o.team }),
            K::Arrived => Facts::Arrival(Arrival { team: o.team }),
            K::ColourOverride => Facts::Colours(Colours { team: o.team }),
            K::Lot => Facts::Lot(Lot { team: o.team }),
            K::StartDelay | K::UnforeseeableDelay => Facts::Delay(Delay::open(o)),
            K::SeatingError => Facts::Seating(Seating::open(o)),
            K::Result => Facts::Result(ResultForm::open(o)),
            K::ResultCorrection => Facts::ResultCorrection(ResultCorrection::open(o)),
            K::ClockOp => Facts::ClockOp(ClockOpForm::open(o)),
            K::Position => Facts::Position(Position::open(o)),
            K::StartAgreed => Facts::StartAgreed(StartAgreed::default()),
            K::PersonExpelled => Facts::Expulsion(Expulsion::default()),
            K::Resignation => Facts::Resignation(Resignation::default()),
            K::Note
            | K::Remark
            | K::StartRound
            | K::DefaultTime
            | K::GameEnded
            | K::GameMismatch
            | K::GameResumed
            | K::DrawAgreement => Facts::Nothing(Nothing),
        }
    }
}
