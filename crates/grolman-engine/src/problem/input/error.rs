//! Why a problem text cannot be read: [`ProblemError`] (the line, the token) and its
//! [`ProblemErrorKind`] (what is wrong there, wrapping the rules crate's own errors).

use core::fmt;

use grolman::coded::{codes, Coded, Facts};
use grolman::{FenError, ParseFenError, ParseVariantError, SetupError, Square};

use super::language::Language;
use crate::problem::{ParseStipulationError, Stipulation};

use ProblemErrorKind as K;

/// A problem text that cannot be read: the line (from 1), the offending token (empty when the
/// fault is the end of the text) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemError {
    pub line: usize,
    pub token: String,
    pub kind: ProblemErrorKind,
}

/// What is wrong at the token of a [`ProblemError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemErrorKind {
    /// The text has no problem at all.
    NoProblem,
    /// A FEN line whose first word is not a variant.
    UnknownVariant(ParseVariantError),
    /// A FEN line's last word, all digits, is not a number of solutions.
    BadIntendedCount,
    /// A FEN line with fewer than three words.
    ShortLine,
    /// A FEN line's placement and fields.
    Fen(FenError),
    /// The text ends where this is expected after the token.
    EndOfInput {
        expected: Expected,
    },
    MissingEndProblem,
    UnknownKeyword,
    BeginInsideProblem,
    TextAfterEndProblem,
    /// `Intended` followed by anything but a number from 1.
    BadIntended,
    NoCondition,
    /// Popeye's FollowMyLeader, which is often mistaken for Grolman chess.
    FollowMyLeader,
    UnsupportedCondition,
    NoOption,
    /// An option we do not read, in an option list of this language (the error lists the
    /// options we read by their names in it).
    UnsupportedOption(Language),
    /// One of Popeye's options that we read but do not carry out, by its English name.
    OptionNotSupported(&'static str),
    /// `SStipulation`: Popeye's structured stipulations.
    StructuredStipulation,
    /// `Pieces` with nothing after it.
    NoPieces,
    /// A piece before any `White` or `Black`.
    NoColorBeforePieces,
    /// The word after a twin's `Add` is not a colour.
    ExpectedColor,
    UnsupportedTwinChange,
    /// `Rotate` with anything but 90, 180 or 270.
    BadRotation,
    /// `Mirror` with anything but a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1.
    BadMirror,
    /// A twin's `Shift` moves the unit on this square off the board (the twin is skipped).
    TwinOffBoard(Square),
    /// An option's argument is not a number; what was expected.
    BadNumber(Expected),
    /// `EnPassant` with other than 3 or 4 squares.
    EnPassantSquares,
    /// `StartMoveNumber` after `UpToMoveNumber` (or the other way round): no first move is
    /// left to solve.
    NoFirstMoves {
        start: usize,
        up_to: usize,
    },
    /// An option given beside a FEN line that changes the position itself (`WhiteToPlay`,
    /// `PostKeyPlay`, `Duplex`, `HalfDuplex`, `EnPassant`, `NoCastling`): the FEN says it.
    OptionChangesPosition,
    /// `NullMoves` with a stalemate goal (a side that may pass is never stalemated) or a
    /// series (the other side passes already; a pass of the series side only shortens it).
    NullMovesRefused(Stipulation),
    /// `CastlingMutuallyExclusive` with anything but a white rook's square (a1, h1) and a
    /// black rook's (a8, h8) in one word.
    ExclusiveCastlingSquares,
    /// `Twin` with no change after it.
    NoTwinChange,
    /// A twin's square (after `Move`, `Remove`, `Exchange`).
    BadSquare,
    NeutralPiece,
    /// Not a piece letter of the problem's language (the letters it has).
    UnknownPiece(&'static str),
    /// A piece letter without squares, or with half a square.
    PieceWithoutSquares,
    /// This pair of characters in a piece such as `Pa2b2` is not a square.
    NotASquare(String),
    /// `Forsyth`'s placement.
    Forsyth(ParseFenError),
    Stipulation(ParseStipulationError),
    NoBoard,
    NoStipulation,
    /// A twin moves, removes or exchanges from this empty square.
    TwinEmpty(Square),
    /// The diagram (or a twin of it) is not a legal position.
    IllegalPosition(SetupError),
}

/// What the reader wanted where a problem text ended, or where an option's number was not one.
/// A fact of the error by its [`Expected::name`] (the page says it in its language); the
/// English phrase is its `Display`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    FileName,
    Forsyth,
    /// After `Stipulation`.
    Stipulation,
    /// After a twin's `Stipulation`.
    TwinStipulation,
    SolutionCount,
    RefutationCount,
    MoveCount,
    /// `MaxTime`'s.
    SecondCount,
    /// `NonTrivial`'s two numbers, and its second one.
    TwoNumbers,
    SecondNumber,
    /// `Substitute`'s two letters, and its second one.
    TwoPieceLetters,
    SecondPieceLetter,
    Degrees,
    MirrorAxis,
    Condition,
    Colour,
    Piece,
    Square,
    /// `NoCastling`'s squares.
    NoCastlingSquares,
    /// `CastlingMutuallyExclusive`'s pair of rook squares.
    RookPair,
    /// `StartMoveNumber`'s and `UpToMoveNumber`'s.
    MoveNumber,
    /// `MaxFlightsquares`'.
    FlightCount,
    /// A `LaTeXPieces` entry's LaTeX abbreviation, after its piece.
    LaTeXName,
}

impl Expected {
    /// Every kind, for tests that hold each to its text.
    pub const ALL: [Expected; 23] = [
        Expected::FileName,
        Expected::Forsyth,
        Expected::Stipulation,
        Expected::TwinStipulation,
        Expected::SolutionCount,
        Expected::RefutationCount,
        Expected::MoveCount,
        Expected::SecondCount,
        Expected::TwoNumbers,
        Expected::SecondNumber,
        Expected::TwoPieceLetters,
        Expected::SecondPieceLetter,
        Expected::Degrees,
        Expected::MirrorAxis,
        Expected::Condition,
        Expected::Colour,
        Expected::Piece,
        Expected::Square,
        Expected::NoCastlingSquares,
        Expected::RookPair,
        Expected::MoveNumber,
        Expected::FlightCount,
        Expected::LaTeXName,
    ];

    /// The fact's value: `"solution-count"`.
    pub fn name(self) -> &'static str {
        match self {
            Expected::FileName => "file-name",
            Expected::Forsyth => "forsyth",
            Expected::Stipulation => "stipulation",
            Expected::TwinStipulation => "twin-stipulation",
            Expected::SolutionCount => "solution-count",
            Expected::RefutationCount => "refutation-count",
            Expected::MoveCount => "move-count",
            Expected::SecondCount => "second-count",
            Expected::TwoNumbers => "two-numbers",
            Expected::SecondNumber => "second-number",
            Expected::TwoPieceLetters => "two-piece-letters",
            Expected::SecondPieceLetter => "second-piece-letter",
            Expected::Degrees => "degrees",
            Expected::MirrorAxis => "mirror-axis",
            Expected::Condition => "condition",
            Expected::Colour => "colour",
            Expected::Piece => "piece",
            Expected::Square => "square",
            Expected::NoCastlingSquares => "no-castling-squares",
            Expected::RookPair => "rook-pair",
            Expected::MoveNumber => "move-number",
            Expected::FlightCount => "flight-count",
            Expected::LaTeXName => "latex-name",
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::FileName => "a file name",
            Expected::Forsyth => "a board in Forsyth notation",
            Expected::Stipulation => "a stipulation such as #2, h#2 or s#2",
            Expected::TwinStipulation => "a stipulation",
            Expected::SolutionCount => "a number of solutions",
            Expected::RefutationCount => "a number of refutations",
            Expected::MoveCount => "a number of moves",
            Expected::SecondCount => "a number of seconds",
            Expected::TwoNumbers => "two numbers (m n)",
            Expected::SecondNumber => "a second number",
            Expected::TwoPieceLetters => "two piece letters",
            Expected::SecondPieceLetter => "a second piece letter",
            Expected::Degrees => "90, 180 or 270",
            Expected::MirrorAxis => "a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1",
            Expected::Condition => "a condition (GrolmanChess, TatarstanChess or OrthodoxChess)",
            Expected::Colour => "a colour",
            Expected::Piece => "a piece such as Pe4",
            Expected::Square => "a square",
            Expected::NoCastlingSquares => "the squares of units that may not castle",
            Expected::RookPair => "a white and a black rook's square, such as a1h8",
            Expected::MoveNumber => "a first move's number (1 or more)",
            Expected::FlightCount => "a number of flight squares",
            Expected::LaTeXName => "the piece's LaTeX abbreviation",
        })
    }
}

impl fmt::Display for ProblemErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            K::NoProblem => f.write_str(
                "no problem found: expected BeginProblem or a line '<variant> <fen> <stipulation>'",
            ),
            K::UnknownVariant(e) => write!(
                f,
                "{e}; a problem is either a line '<variant> <fen> <stipulation> [intended]' or starts with BeginProblem"
            ),
            K::BadIntendedCount => f.write_str("expected the intended number of solutions"),
            K::ShortLine => f.write_str("expected '<variant> <fen> <stipulation> [intended]'"),
            K::Fen(e) => e.fmt(f),
            K::EndOfInput { expected } => {
                write!(f, "expected {expected} after it, found the end of the input")
            }
            K::MissingEndProblem => f.write_str("missing EndProblem"),
            K::UnknownKeyword => f.write_str("unknown or unsupported keyword"),
            K::BeginInsideProblem => f.write_str("BeginProblem inside a problem"),
            K::TextAfterEndProblem => f.write_str("text after EndProblem"),
            K::BadIntended => f.write_str("expected a number of solutions (1 or more)"),
            K::NoCondition => {
                f.write_str("expected a condition after it (GrolmanChess or TatarstanChess)")
            }
            K::BadRotation => f.write_str("expected 90, 180 or 270 degrees"),
            K::BadMirror => f.write_str("expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1"),
            K::TwinOffBoard(sq) => write!(f, "twin: the shift moves the unit on {sq} off the board"),
            K::BadNumber(what) => write!(f, "expected {what}"),
            K::EnPassantSquares => f.write_str(
                "expected the last pawn move's 3 or 4 squares: departure, the squares passed over, arrival",
            ),
            K::NoFirstMoves { start, up_to } => write!(
                f,
                "no first move to solve: StartMoveNumber {start} comes after UpToMoveNumber {up_to}"
            ),
            K::OptionChangesPosition => f.write_str(
                "this option changes the position, which the FEN gives: write the side to move, castling \
                 and en passant into the FEN, or solve Popeye input",
            ),
            K::NullMovesRefused(s) => write!(
                f,
                "NullMoves is not supported with {s}: a side that may pass is never stalemated, \
                 and in a series the other side passes already"
            ),
            K::ExclusiveCastlingSquares => f.write_str(
                "expected a white rook's square (a1 or h1) and a black rook's (a8 or h8) in one word, such as a1h8",
            ),
            K::FollowMyLeader => f.write_str(
                "FollowMyLeader is Popeye's own condition (each move must go to the square the \
                 previous move left), not Grolman chess: write 'Condition GrolmanChess'",
            ),
            K::UnsupportedCondition => f.write_str(
                "unsupported condition (supported: GrolmanChess, KazanChess, TatarstanChess, OrthodoxChess)",
            ),
            K::NoOption => f.write_str("expected an option after it"),
            K::OptionNotSupported(name) => write!(f, "Popeye's option {name} is not supported here"),
            K::StructuredStipulation => f.write_str(
                "structured stipulations are not supported: write the stipulation with Stipulation (#n, h#n, s#n ...)",
            ),
            K::UnsupportedOption(language) => write!(
                f,
                "unsupported option (supported: {}; {} are accepted and change nothing)",
                language.option_names(true).join(", "),
                language.option_names(false).join(", ")
            ),
            K::NoPieces => f.write_str("expected 'White' or 'Black' and pieces such as Ke1 after it"),
            K::NoColorBeforePieces => f.write_str("expected 'White' or 'Black' before the pieces"),
            K::ExpectedColor => f.write_str("expected 'White' or 'Black'"),
            K::UnsupportedTwinChange => f.write_str(
                "unsupported twin change (supported: Move, Remove, Add, Exchange, Substitute, Rotate, \
                 Mirror, Shift, PolishType, Stipulation, Condition, Continued)",
            ),
            K::NoTwinChange => f.write_str("expected a change after it, such as 'Move e1 e2'"),
            K::BadSquare => f.write_str("expected a square such as e4"),
            K::NeutralPiece => f.write_str("neutral pieces are not supported"),
            K::UnknownPiece(letters) => write!(
                f,
                "unknown piece (expected one of {letters}, followed by squares for a unit, e.g. Sb1c3)"
            ),
            K::PieceWithoutSquares => {
                f.write_str("expected a piece letter followed by squares, e.g. Pa2b2")
            }
            K::NotASquare(s) => write!(f, "{s:?} is not a square"),
            K::Forsyth(e) => e.fmt(f),
            K::Stipulation(e) => e.fmt(f),
            K::NoBoard => f.write_str("this problem has no Pieces (or Forsyth) section"),
            K::NoStipulation => f.write_str("this problem has no Stipulation"),
            K::TwinEmpty(sq) => write!(f, "twin: no piece on {sq}"),
            K::IllegalPosition(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "line {}: {}", self.line, self.kind)
        } else {
            write!(f, "line {}, at {:?}: {}", self.line, self.token, self.kind)
        }
    }
}

impl ProblemError {
    /// The codes of a problem error: at a line (when the fault is the end of the text), or at
    /// a token of it.
    pub const CODES: &'static [&'static str] = &["problem.line", "problem.at"];
}

impl Coded for ProblemError {
    fn code(&self) -> &'static str {
        Self::CODES[usize::from(!self.token.is_empty())]
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new().number("line", self.line as u64);
        let facts = if self.token.is_empty() {
            facts
        } else {
            facts.text("token", &self.token)
        };
        facts.cause(&self.kind)
    }
}

codes!(ProblemErrorKind {
    K::NoProblem => "problem.no-problem",
    K::UnknownVariant(_) => "problem.unknown-variant",
    K::BadIntendedCount => "problem.bad-intended-count",
    K::ShortLine => "problem.short-line",
    K::EndOfInput { .. } => "problem.end-of-input",
    K::MissingEndProblem => "problem.missing-end-problem",
    K::UnknownKeyword => "problem.unknown-keyword",
    K::BeginInsideProblem => "problem.begin-inside-problem",
    K::TextAfterEndProblem => "problem.text-after-end-problem",
    K::BadIntended => "problem.bad-intended",
    K::NoCondition => "problem.no-condition",
    K::FollowMyLeader => "problem.follow-my-leader",
    K::UnsupportedCondition => "problem.unsupported-condition",
    K::NoOption => "problem.no-option",
    K::UnsupportedOption(_) => "problem.unsupported-option",
    K::OptionNotSupported(_) => "problem.option-not-supported",
    K::StructuredStipulation => "problem.structured-stipulation",
    K::NoPieces => "problem.no-pieces",
    K::NoColorBeforePieces => "problem.no-color-before-pieces",
    K::ExpectedColor => "problem.expected-color",
    K::UnsupportedTwinChange => "problem.unsupported-twin-change",
    K::BadRotation => "problem.bad-rotation",
    K::BadMirror => "problem.bad-mirror",
    K::TwinOffBoard(_) => "problem.twin-off-board",
    K::BadNumber(_) => "problem.bad-number",
    K::EnPassantSquares => "problem.en-passant-squares",
    K::NoFirstMoves { .. } => "problem.no-first-moves",
    K::OptionChangesPosition => "problem.option-changes-position",
    K::NullMovesRefused(_) => "problem.null-moves-refused",
    K::ExclusiveCastlingSquares => "problem.exclusive-castling-squares",
    K::NoTwinChange => "problem.no-twin-change",
    K::BadSquare => "problem.bad-square",
    K::NeutralPiece => "problem.neutral-piece",
    K::UnknownPiece(_) => "problem.unknown-piece",
    K::PieceWithoutSquares => "problem.piece-without-squares",
    K::NotASquare(_) => "problem.not-a-square",
    K::NoBoard => "problem.no-board",
    K::NoStipulation => "problem.no-stipulation",
    K::TwinEmpty(_) => "problem.twin-empty",
    K::IllegalPosition(_) => "problem.illegal-position",
} delegate {
    K::Fen(e) => e,
    K::Forsyth(e) => e,
    K::Stipulation(e) => e,
});

impl Coded for ProblemErrorKind {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    /// `wanted` is what the reader expected, by name (`Expected::name`): a word the page says.
    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            K::UnknownVariant(e) => facts.text("name", &e.0),
            K::EndOfInput { expected } | K::BadNumber(expected) => facts.text("wanted", expected.name()),
            K::NoFirstMoves { start, up_to } => {
                facts.number("start", *start as u64).number("last", *up_to as u64)
            }
            K::NullMovesRefused(s) => facts.text("stipulation", s),
            K::UnsupportedOption(language) => facts
                .text("supported", language.option_names(true).join(", "))
                .text("accepted", language.option_names(false).join(", ")),
            K::OptionNotSupported(name) => facts.text("option", name),
            K::TwinOffBoard(sq) | K::TwinEmpty(sq) => facts.text("square", sq),
            K::UnknownPiece(letters) => facts.text("letters", letters),
            K::NotASquare(s) => facts.text("found", s),
            K::Fen(e) => e.facts(),
            K::Forsyth(e) => e.facts(),
            K::Stipulation(e) => e.facts(),
            K::IllegalPosition(e) => facts.cause(e),
            _ => facts,
        }
    }
}

impl std::error::Error for ProblemError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ProblemErrorKind::UnknownVariant(e) => Some(e),
            ProblemErrorKind::Fen(e) => Some(e),
            ProblemErrorKind::Forsyth(e) => Some(e),
            ProblemErrorKind::Stipulation(e) => Some(e),
            ProblemErrorKind::IllegalPosition(e) => Some(e),
            _ => None,
        }
    }
}
