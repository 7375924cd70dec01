//! Why a FEN or a setup is not a legal position, with the codes and facts a page shows.

use core::fmt;

use crate::coded::{codes, Coded, Facts};
use crate::setup::ParseFenError;
use crate::types::{Color, Square};

/// Why a FEN is not a legal position: its text, or the position it describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    Parse(ParseFenError),
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Setup(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> Self {
        FenError::Parse(e)
    }
}

impl std::error::Error for FenError {}

codes!(FenError {
    FenError::Setup(_) => "fen.illegal-position",
} delegate {
    FenError::Parse(e) => e,
});

impl Coded for FenError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        match self {
            FenError::Parse(e) => e.facts(),
            FenError::Setup(e) => Facts::new().cause(e),
        }
    }
}

/// Why a placement with its side to move, castling rights and en passant square is not a legal
/// position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    NoKing(Color),
    TooManyKings(Color),
    PawnOnBackRank(Square),
    TooManyUnits(Color),
    /// The side not to move is in check.
    OppositeCheck(Color),
    /// A castling right whose king or rook is not on its square.
    CastlingWithoutUnits(char),
    /// An en passant square that no double step can have produced.
    ImpossibleEnPassant(Square),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoKing(c) => write!(f, "{c} has no king"),
            SetupError::TooManyKings(c) => write!(f, "{c} has more than one king"),
            SetupError::PawnOnBackRank(sq) => write!(f, "pawn on the back rank at {sq}"),
            SetupError::TooManyUnits(c) => write!(f, "{c} has more than 16 units"),
            SetupError::OppositeCheck(c) => {
                write!(f, "{c} is in check but it is not {c}'s turn")
            }
            SetupError::CastlingWithoutUnits(ch) => write!(
                f,
                "castling right '{ch}' but the king or the rook is not on its starting square"
            ),
            SetupError::ImpossibleEnPassant(sq) => write!(
                f,
                "en passant square {sq} does not follow a double step of the side that just moved"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

codes!(SetupError {
    SetupError::NoKing(_) => "setup.no-king",
    SetupError::TooManyKings(_) => "setup.too-many-kings",
    SetupError::PawnOnBackRank(_) => "setup.pawn-on-back-rank",
    SetupError::TooManyUnits(_) => "setup.too-many-units",
    SetupError::OppositeCheck(_) => "setup.opposite-check",
    SetupError::CastlingWithoutUnits(_) => "setup.castling-without-units",
    SetupError::ImpossibleEnPassant(_) => "setup.impossible-en-passant",
});

impl Coded for SetupError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            SetupError::NoKing(c)
            | SetupError::TooManyKings(c)
            | SetupError::TooManyUnits(c)
            | SetupError::OppositeCheck(c) => facts.color(*c),
            SetupError::PawnOnBackRank(sq) | SetupError::ImpossibleEnPassant(sq) => facts.text("square", sq),
            SetupError::CastlingWithoutUnits(ch) => facts.text("right", ch),
        }
    }
}
