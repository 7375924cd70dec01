//! Chess problems: a position, a rule set and a stipulation, possibly with twins; read from a
//! FEN line or from a subset of Popeye's input language ([`parse`]), solved by [`solve`].

mod input;
mod solve;

use core::fmt;
use core::str::FromStr;

use grolman::{Position, Variant};

pub use input::{parse, ProblemError, ProblemErrorKind};
pub use solve::{solve, solve_twin, Cancelled, TwinReport, Verdict};

/// What is to be achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// `#n`: the side to move mates in at most `n` of its turns against any defence.
    Direct,
    /// `h#n`: both sides cooperate; the side to move is mated after exactly `n` turns each.
    Help,
    /// `s#n`: the side to move forces the other side to mate it in at most `n` turns.
    SelfMate,
}

/// A stipulation: `#2`, `h#2`, `h#2.5`, `s#3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stipulation {
    pub aim: Aim,
    pub moves: u32,
    /// `h#n.5`: the helpmate starts with a half move of the mating side.
    pub half: bool,
}

/// The largest `n` the solver accepts.
pub const MAX_MOVES: u32 = 5;

impl Stipulation {
    /// The number of half-moves of a helpmate.
    pub fn help_plies(&self) -> u32 {
        2 * self.moves + u32::from(self.half)
    }

    /// Who moves first in a Popeye problem: White, except Black in a helpmate of whole moves.
    pub fn white_first(&self) -> bool {
        self.aim != Aim::Help || self.half
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.aim {
            Aim::Direct => "",
            Aim::Help => "h",
            Aim::SelfMate => "s",
        };
        write!(f, "{prefix}#{}{}", self.moves, if self.half { ".5" } else { "" })
    }
}

/// Why a stipulation could not be read: the text as written, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseStipulationError {
    pub text: String,
    pub kind: ParseStipulationErrorKind,
}

/// The ways a stipulation can be wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseStipulationErrorKind {
    /// Not `#n`, `h#n`, `h#n.5` or `s#n`.
    Unsupported,
    /// `.5` after a direct mate or a selfmate.
    HalfMoveNotHelp,
    /// No number after the `#`.
    NotANumber,
    /// A number of moves outside `least..=MAX_MOVES`.
    OutOfRange { least: u32 },
}

impl fmt::Display for ParseStipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.text;
        match self.kind {
            ParseStipulationErrorKind::Unsupported => {
                write!(
                    f,
                    "unsupported stipulation {s:?} (expected #n, h#n, h#n.5 or s#n)"
                )
            }
            ParseStipulationErrorKind::HalfMoveNotHelp => {
                write!(f, "{s:?}: half moves (.5) are only for helpmates")
            }
            ParseStipulationErrorKind::NotANumber => write!(f, "{s:?}: expected a number of moves after '#'"),
            ParseStipulationErrorKind::OutOfRange { least } => {
                write!(
                    f,
                    "{s:?}: the number of moves must be from {least} to {MAX_MOVES}"
                )
            }
        }
    }
}

impl std::error::Error for ParseStipulationError {}

impl FromStr for Stipulation {
    type Err = ParseStipulationError;

    fn from_str(s: &str) -> Result<Stipulation, ParseStipulationError> {
        let error = |kind| ParseStipulationError {
            text: s.to_string(),
            kind,
        };
        let lower = s.to_ascii_lowercase();
        let (aim, rest) = if let Some(r) = lower.strip_prefix("h#") {
            (Aim::Help, r)
        } else if let Some(r) = lower.strip_prefix("s#") {
            (Aim::SelfMate, r)
        } else if let Some(r) = lower.strip_prefix('#') {
            (Aim::Direct, r)
        } else {
            return Err(error(ParseStipulationErrorKind::Unsupported));
        };
        let (number, half) = match rest.strip_suffix(".5") {
            Some(n) if aim == Aim::Help => (n, true),
            Some(_) => return Err(error(ParseStipulationErrorKind::HalfMoveNotHelp)),
            None => (rest, false),
        };
        let moves: u32 = number
            .parse()
            .map_err(|_| error(ParseStipulationErrorKind::NotANumber))?;
        let least = if aim == Aim::Help && half { 0 } else { 1 };
        if moves < least || moves > MAX_MOVES {
            return Err(error(ParseStipulationErrorKind::OutOfRange { least }));
        }
        Ok(Stipulation { aim, moves, half })
    }
}

/// One position to solve: the diagram, or a twin of it.
#[derive(Clone, Debug)]
pub struct Twin {
    /// `a)`, `b)`, ... when the problem has twins; empty otherwise.
    pub label: String,
    /// How this twin differs from the diagram (Popeye's words), empty for the diagram.
    pub change: String,
    pub position: Position,
    pub stipulation: Stipulation,
}

/// A problem with its twins.
#[derive(Clone, Debug)]
pub struct Problem {
    pub title: String,
    pub variant: Variant,
    /// How many solutions (keys, for `#n` and `s#n`) the composer intends; more is a cook.
    pub intended: usize,
    /// Suppress the threats of direct mates and selfmates (`Option NoThreat`).
    pub no_threat: bool,
    pub twins: Vec<Twin>,
}
