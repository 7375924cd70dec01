//! Chess problems: a position, a rule set and a stipulation, possibly with twins; read from a
//! FEN line or from Popeye's input language in English, French or German ([`parse`]), solved
//! by [`solve`] into a [`TwinReport`] per twin: keys, tries, set play and variations as trees.

mod approach;
mod change;
mod checking;
mod covers;
mod input;
mod intelligent;
mod kinds;
mod leader;
mod mate1;
mod near;
mod popeye_out;
mod reach;
mod report;
mod sets;
mod sides;
mod solve;
mod table;
mod tatchecks;
mod tatflights;
mod tatlast;
mod tree;
mod unit;

use core::fmt;
use core::str::FromStr;

use grolman::{CastlingSide, Position, Variant};

pub use change::{change_text, TwinChange};
pub use input::{parse, parse_with_options, Expected, Language, ProblemError, ProblemErrorKind};
pub use report::{Attack, Defence, Line, Move, Part, TextLine, Try, TwinReport, Verdict, Word};
pub use solve::{solve, solve_twin, solve_twin_with, Cancelled, Method, Searching};

/// Who plays for what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// `#n`: the side to move reaches the goal in at most `n` of its turns against any defence.
    Direct,
    /// `h#n`: both sides cooperate; the side to move is mated after exactly `n` turns each.
    /// `ser-h#n`: the side to move plays `n` turns in a row, then the other side mates in one.
    Help,
    /// `s#n`: the side to move forces the other side to mate it in at most `n` turns.
    SelfMate,
}

/// What ends the play: mate (`#`) or stalemate (`=`) of the side that loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    Mate,
    Stalemate,
}

/// A stipulation: `#2`, `h#2`, `h#2.5`, `s#3`, `=2`, `h=2`, `ser-#5`, `ser-h#4`, `ser-s#3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stipulation {
    pub aim: Aim,
    pub goal: Goal,
    pub moves: u32,
    /// `h#n.5`: the helpmate starts with a half move of the mating side.
    pub half: bool,
    /// `ser-`: one side plays `moves` turns in a row while the other passes (docs/solver.md).
    pub series: bool,
}

/// The largest `n` the solver accepts (series stipulations: [`MAX_SERIES`]).
pub const MAX_MOVES: u32 = 5;
/// The largest `n` of a series stipulation.
pub const MAX_SERIES: u32 = 12;

impl Stipulation {
    /// The number of half-moves of a helpmate.
    pub fn help_plies(&self) -> u32 {
        2 * self.moves + u32::from(self.half)
    }

    /// Who moves first in a Popeye problem: White, except Black in a helpmate of whole moves
    /// and in a series helpmate.
    pub fn white_first(&self) -> bool {
        self.aim != Aim::Help || (self.half && !self.series)
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.aim {
            Aim::Direct => "",
            Aim::Help => "h",
            Aim::SelfMate => "s",
        };
        let series = if self.series { "ser-" } else { "" };
        let goal = match self.goal {
            Goal::Mate => '#',
            Goal::Stalemate => '=',
        };
        write!(
            f,
            "{series}{prefix}{goal}{}{}",
            self.moves,
            if self.half { ".5" } else { "" }
        )
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
    /// Not one of the forms [`Stipulation`] lists.
    Unsupported,
    /// `.5` after a direct mate, a selfmate or a series.
    HalfMoveNotHelp,
    /// No number after the `#` or `=`.
    NotANumber,
    /// A number of moves outside `least..=most`.
    OutOfRange { least: u32, most: u32 },
}

impl fmt::Display for ParseStipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.text;
        match self.kind {
            ParseStipulationErrorKind::Unsupported => write!(
                f,
                "unsupported stipulation {s:?} (expected #n, =n, h#n, h#n.5, h=n, s#n, s=n, \
                 ser-#n, ser-h#n or ser-s#n)"
            ),
            ParseStipulationErrorKind::HalfMoveNotHelp => {
                write!(f, "{s:?}: half moves (.5) are only for helpmates")
            }
            ParseStipulationErrorKind::NotANumber => {
                write!(f, "{s:?}: expected a number of moves after '#' or '='")
            }
            ParseStipulationErrorKind::OutOfRange { least, most } => {
                write!(f, "{s:?}: the number of moves must be from {least} to {most}")
            }
        }
    }
}

impl std::error::Error for ParseStipulationError {}

impl ParseStipulationError {
    /// Every code a stipulation's error can give.
    pub const CODES: &'static [&'static str] = &[
        "stipulation.unsupported",
        "stipulation.half-move-not-help",
        "stipulation.not-a-number",
        "stipulation.out-of-range",
    ];
}

impl grolman::Coded for ParseStipulationError {
    fn code(&self) -> &'static str {
        match self.kind {
            ParseStipulationErrorKind::Unsupported => Self::CODES[0],
            ParseStipulationErrorKind::HalfMoveNotHelp => Self::CODES[1],
            ParseStipulationErrorKind::NotANumber => Self::CODES[2],
            ParseStipulationErrorKind::OutOfRange { .. } => Self::CODES[3],
        }
    }

    fn facts(&self) -> grolman::Facts {
        let facts = grolman::Facts::new().text("text", &self.text);
        match self.kind {
            ParseStipulationErrorKind::OutOfRange { least, most } => {
                facts.number("least", least).number("most", most)
            }
            _ => facts,
        }
    }
}

/// Every code the problem reader's errors can give.
pub fn error_codes() -> Vec<&'static str> {
    [
        ProblemError::CODES,
        ProblemErrorKind::CODES,
        ParseStipulationError::CODES,
    ]
    .concat()
}

impl FromStr for Stipulation {
    type Err = ParseStipulationError;

    fn from_str(s: &str) -> Result<Stipulation, ParseStipulationError> {
        let error = |kind| ParseStipulationError {
            text: s.to_string(),
            kind,
        };
        let lower = s.to_ascii_lowercase();
        let (series, rest) = match lower.strip_prefix("ser-") {
            Some(r) => (true, r),
            None => (false, lower.as_str()),
        };
        let (aim, rest) = if let Some(r) = rest.strip_prefix('h') {
            (Aim::Help, r)
        } else if let Some(r) = rest.strip_prefix('s') {
            (Aim::SelfMate, r)
        } else {
            (Aim::Direct, rest)
        };
        let (goal, rest) = if let Some(r) = rest.strip_prefix('#') {
            (Goal::Mate, r)
        } else if let Some(r) = rest.strip_prefix('=') {
            (Goal::Stalemate, r)
        } else {
            return Err(error(ParseStipulationErrorKind::Unsupported));
        };
        let (number, half) = match rest.strip_suffix(".5") {
            Some(n) if aim == Aim::Help && !series => (n, true),
            Some(_) => return Err(error(ParseStipulationErrorKind::HalfMoveNotHelp)),
            None => (rest, false),
        };
        let moves: u32 = number
            .parse()
            .map_err(|_| error(ParseStipulationErrorKind::NotANumber))?;
        let least = if aim == Aim::Help && half { 0 } else { 1 };
        let most = if series { MAX_SERIES } else { MAX_MOVES };
        if moves < least || moves > most {
            return Err(error(ParseStipulationErrorKind::OutOfRange { least, most }));
        }
        Ok(Stipulation {
            aim,
            goal,
            moves,
            half,
            series,
        })
    }
}

/// One position to solve: the diagram, or a twin of it.
#[derive(Clone, Debug)]
pub struct Twin {
    /// `a)`, `b)`, ... when the problem has twins; empty otherwise.
    pub label: String,
    /// How this twin differs from the diagram (Popeye's words: `changes` written), empty for
    /// the diagram.
    pub change: String,
    pub changes: Vec<TwinChange>,
    pub position: Position,
    pub stipulation: Stipulation,
    /// The rule set: the problem's, or another one that a twin's `Condition` chose.
    pub variant: Variant,
}

/// A twin whose position is not legal: Popeye says so and goes on with the next twin.
#[derive(Clone, Debug)]
pub struct IllegalTwin {
    pub label: String,
    pub change: String,
    pub changes: Vec<TwinChange>,
    /// Where it stands among the problem's twins: before `twins[before]`.
    pub before: usize,
    pub stipulation: Stipulation,
    pub variant: Variant,
    pub error: ProblemError,
}

/// One twin of a problem in the order written: solvable, or illegal and skipped.
#[derive(Clone, Copy, Debug)]
pub enum Entry<'a> {
    Twin(&'a Twin),
    Illegal(&'a IllegalTwin),
}

/// How to solve and what to show (Popeye's options; `docs/solver.md` gives each meaning).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `NoThreat`: no threats after keys and tries.
    pub no_threat: bool,
    /// `Try` / `Defence n`: first moves refuted by at most this many defences are tries.
    pub tries: Option<usize>,
    /// `SetPlay`: the play if the attacker passed (helpmates: the other side starts).
    pub set_play: bool,
    /// `PostKeyPlay`: the diagram is the position after the key (the defender moves).
    pub post_key: bool,
    /// `MaxSolutions n`: stop after n solutions.
    pub max_solutions: Option<usize>,
    /// `Threat n`: an attacker turn with more than n turns to come must threaten to win
    /// within n turns.
    pub threat: Option<u32>,
    /// `NonTrivial m n`: along a line, the attacker may leave the defender at most m
    /// defences beyond one per turn that are not met by a win within n.
    pub non_trivial: Option<(u32, u32)>,
    /// `NoShortVariations`: variations that win faster than the full length are left out.
    pub no_short_variations: bool,
    /// `Quodlibet`: in `s#n` a direct mate by the attacker counts too.
    pub quodlibet: bool,
    /// `StopOnShortSolutions`: a helpmate or series with short solutions is not solved at
    /// full length.
    pub stop_on_short: bool,
    /// `MatesIn1`: in selfplay, a defence that mates (stalemates) the attacker at once is
    /// shown as a variation also where the play could go on; without it only at the end.
    pub mates_in_1: bool,
    /// `NullMoves`: either side may pass (a null move) when not in check; no chain follows
    /// and no transformation phase runs.
    pub null_moves: bool,
    /// `TrivialTriesAvoid`: a refuted first move that checks is not shown as a try.
    pub trivial_tries_avoid: bool,
    /// `CastlingMutuallyExclusive`: pairs of a white and a black castling of which only one
    /// may be played (its castling takes the other's right away).
    pub exclusive_castling: Vec<(CastlingSide, CastlingSide)>,
    /// `MaxFlightsquares n`: a defender with more than n legal turns that move its king has
    /// defended (Popeye's program; its manual says "more or equal").
    pub max_flights: Option<u32>,
    /// `StartMoveNumber n` / `UpToMoveNumber n`: only the first moves numbered n or later /
    /// up to n are solved, in our numbering (the order [`Searching::index`] counts in).
    pub first_moves: FirstMoves,
}

/// The first moves to solve, numbered from 1 in the order the solver tries them (the progress'
/// [`Searching::index`]): from `start`, up to `up_to` (both included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstMoves {
    pub start: Option<usize>,
    pub up_to: Option<usize>,
}

impl FirstMoves {
    /// Whether the first move numbered `number` (from 1) is solved.
    pub fn includes(&self, number: usize) -> bool {
        self.start.is_none_or(|s| number >= s) && self.up_to.is_none_or(|u| number <= u)
    }
}

/// A problem with its twins.
#[derive(Clone, Debug)]
pub struct Problem {
    pub title: String,
    /// The diagram's rule set (a twin may change it: [`Twin::variant`]).
    pub variant: Variant,
    /// How many solutions (keys, for `#n` and `s#n`) the composer intends; more is a cook.
    pub intended: usize,
    pub options: Options,
    pub twins: Vec<Twin>,
    /// Twins that are not legal positions, reported and skipped.
    pub illegal: Vec<IllegalTwin>,
}

impl Problem {
    /// Every twin in the order written, the illegal ones included.
    pub fn entries(&self) -> Vec<Entry<'_>> {
        let mut out = Vec::new();
        for (i, twin) in self.twins.iter().enumerate() {
            out.extend(self.illegal.iter().filter(|t| t.before == i).map(Entry::Illegal));
            out.push(Entry::Twin(twin));
        }
        let n = self.twins.len();
        out.extend(self.illegal.iter().filter(|t| t.before >= n).map(Entry::Illegal));
        out
    }
}
