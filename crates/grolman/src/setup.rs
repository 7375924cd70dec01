//! An unchecked setup and the syntax-only FEN reader. A [`Setup`] is any placement with a side to
//! move, castling rights, en passant square and clocks; it becomes a
//! [`Position`](crate::Position) only through the validating
//! [`Position::from_setup`](crate::Position::from_setup).

use core::fmt;
use core::str::FromStr;

use crate::ascii::Ascii;
use crate::board::Board;
use crate::coded::{codes, Coded, Facts};
use crate::position::{Castling, CastlingSide};
use crate::types::{Color, Piece, Square};

/// A position as written, not yet checked against the rules.
///
/// ```
/// use grolman::{Color, Position, Setup};
/// let setup: Setup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// let black_to_move = Setup { turn: Color::Black, ..setup };
/// assert_eq!(Position::from_setup(black_to_move).unwrap().fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
///
/// // A placement alone is a Board, legal position or not; its errors name the rank.
/// let kingless: grolman::Board = "8/8/8/8/8/8/8/8".parse().unwrap();
/// assert_eq!(kingless.occupied().count(), 0);
/// let err = "8/8/8/8/8/8/8/9".parse::<grolman::Board>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid fen: placement field: rank 1: bad digit '9'");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: Castling,
    pub ep: Option<Square>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// A FEN field, as messages name it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenField {
    Placement,
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "full-move number",
        })
    }
}

/// Why a text is not a FEN (or a placement), whatever the position it describes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseFenError {
    /// Not 4 or 6 space-separated fields.
    FieldCount(usize),
    /// The placement has this many ranks, not 8.
    RankCount(usize),
    /// A digit outside 1-8 in the rank (1-8) given.
    BadDigit {
        rank: u8,
        digit: char,
    },
    /// A rank with more than 8 files.
    LongRank {
        rank: u8,
    },
    /// A rank with fewer than 8 files: how many.
    ShortRank {
        rank: u8,
        files: u8,
    },
    /// Neither a piece letter nor a digit in the placement.
    PlacementCharacter {
        rank: u8,
        found: char,
    },
    /// Not `w` or `b`.
    SideToMove(String),
    /// Not one of `KQkq`.
    CastlingCharacter(char),
    CastlingTwice(char),
    /// Not `-` or a square.
    EnPassant(String),
    /// A clock that is not a number up to 100000.
    Clock {
        field: FenField,
        found: String,
    },
    FullmoveZero,
}

impl ParseFenError {
    /// The field the error is in (`None` when the fields cannot be told apart).
    pub fn field(&self) -> Option<FenField> {
        match self {
            ParseFenError::FieldCount(_) => None,
            ParseFenError::RankCount(_)
            | ParseFenError::BadDigit { .. }
            | ParseFenError::LongRank { .. }
            | ParseFenError::ShortRank { .. }
            | ParseFenError::PlacementCharacter { .. } => Some(FenField::Placement),
            ParseFenError::SideToMove(_) => Some(FenField::SideToMove),
            ParseFenError::CastlingCharacter(_) | ParseFenError::CastlingTwice(_) => Some(FenField::Castling),
            ParseFenError::EnPassant(_) => Some(FenField::EnPassant),
            ParseFenError::Clock { field, .. } => Some(*field),
            ParseFenError::FullmoveZero => Some(FenField::FullmoveNumber),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid fen: ")?;
        if let Some(field) = self.field() {
            write!(f, "{field} field: ")?;
        }
        match self {
            ParseFenError::FieldCount(n) => write!(f, "expected 6 fields (or 4), found {n}"),
            ParseFenError::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            ParseFenError::BadDigit { rank, digit } => write!(f, "rank {rank}: bad digit '{digit}'"),
            ParseFenError::LongRank { rank } => write!(f, "rank {rank} has more than 8 files"),
            ParseFenError::ShortRank { rank, files } => {
                write!(f, "rank {rank} has {files} files, expected 8")
            }
            ParseFenError::PlacementCharacter { rank, found } => {
                write!(f, "rank {rank}: unexpected character {found:?}")
            }
            ParseFenError::SideToMove(s) => write!(f, "expected 'w' or 'b', found {s:?}"),
            ParseFenError::CastlingCharacter(c) => {
                write!(f, "unexpected character {c:?} (expected K, Q, k, q or -)")
            }
            ParseFenError::CastlingTwice(c) => write!(f, "'{c}' given twice"),
            ParseFenError::EnPassant(s) => write!(f, "expected '-' or a square, found {s:?}"),
            ParseFenError::Clock { found, .. } => {
                write!(f, "expected a number up to 100000, found {found:?}")
            }
            ParseFenError::FullmoveZero => f.write_str("must be at least 1"),
        }
    }
}

impl std::error::Error for ParseFenError {}

codes!(ParseFenError {
    ParseFenError::FieldCount(_) => "fen.field-count",
    ParseFenError::RankCount(_) => "fen.rank-count",
    ParseFenError::BadDigit { .. } => "fen.bad-digit",
    ParseFenError::LongRank { .. } => "fen.long-rank",
    ParseFenError::ShortRank { .. } => "fen.short-rank",
    ParseFenError::PlacementCharacter { .. } => "fen.placement-character",
    ParseFenError::SideToMove(_) => "fen.side-to-move",
    ParseFenError::CastlingCharacter(_) => "fen.castling-character",
    ParseFenError::CastlingTwice(_) => "fen.castling-twice",
    ParseFenError::EnPassant(_) => "fen.en-passant",
    ParseFenError::Clock { field: FenField::HalfmoveClock, .. } => "fen.halfmove-clock",
    ParseFenError::Clock { .. } => "fen.fullmove-number",
    ParseFenError::FullmoveZero => "fen.fullmove-zero",
});

impl Coded for ParseFenError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            ParseFenError::FieldCount(n) => facts.number("found", *n as u64),
            ParseFenError::RankCount(n) => facts.number("found", *n as u64),
            ParseFenError::BadDigit { rank, digit } => facts.number("rank", *rank).text("digit", digit),
            ParseFenError::LongRank { rank } => facts.number("rank", *rank),
            ParseFenError::ShortRank { rank, files } => facts.number("rank", *rank).number("files", *files),
            ParseFenError::PlacementCharacter { rank, found } => {
                facts.number("rank", *rank).text("found", found)
            }
            ParseFenError::SideToMove(s) | ParseFenError::EnPassant(s) => facts.text("found", s),
            ParseFenError::CastlingCharacter(c) | ParseFenError::CastlingTwice(c) => facts.text("found", c),
            ParseFenError::Clock { found, .. } => facts.text("found", found),
            ParseFenError::FullmoveZero => facts,
        }
    }
}

impl Setup {
    /// Reads a FEN (six fields, or the first four: clocks 0 and 1), checking its syntax only.
    ///
    /// # Errors
    /// A [`ParseFenError`] naming the field and what is wrong with it.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(ParseFenError::FieldCount(fields.len()));
        }
        let board = fields[0].parse()?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParseFenError::SideToMove(other.to_string())),
        };
        let castling = parse_castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            s => Some(Square::parse(s).ok_or_else(|| ParseFenError::EnPassant(s.to_string()))?),
        };
        let (halfmoves, fullmoves) = if fields.len() == 6 {
            (
                parse_clock(FenField::HalfmoveClock, fields[4])?,
                parse_clock(FenField::FullmoveNumber, fields[5])?,
            )
        } else {
            (0, 1)
        };
        if fullmoves == 0 {
            return Err(ParseFenError::FullmoveZero);
        }
        Ok(Setup {
            board,
            turn,
            castling,
            ep,
            halfmoves,
            fullmoves,
        })
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(fen)
    }
}

impl FromStr for Board {
    type Err = ParseFenError;

    /// Reads a FEN placement (its first field), e.g. `4k3/8/8/8/8/8/8/4K3`; any units at all.
    fn from_str(s: &str) -> Result<Board, ParseFenError> {
        let ranks: Vec<&str> = s.split('/').collect();
        if ranks.len() != 8 {
            return Err(ParseFenError::RankCount(ranks.len()));
        }
        let mut board = Board::empty();
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let named = rank + 1;
            let mut file = 0u8;
            for ch in text.chars() {
                if let Some(d) = ch.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(ParseFenError::BadDigit {
                            rank: named,
                            digit: ch,
                        });
                    }
                    file += d as u8;
                } else if let Some(p) = Piece::from_char(ch) {
                    if file >= 8 {
                        return Err(ParseFenError::LongRank { rank: named });
                    }
                    board.put(Square::from_coords(file, rank), p);
                    file += 1;
                } else {
                    return Err(ParseFenError::PlacementCharacter {
                        rank: named,
                        found: ch,
                    });
                }
                if file > 8 {
                    return Err(ParseFenError::LongRank { rank: named });
                }
            }
            if file != 8 {
                return Err(ParseFenError::ShortRank {
                    rank: named,
                    files: file,
                });
            }
        }
        Ok(board)
    }
}

impl Board {
    /// Writes the FEN placement a byte at a time (every turn of a list writes its FEN: through a
    /// `Formatter`, a character a call, it took a tenth of the page's Tatarstan turn query).
    pub(crate) fn write_placement(&self, w: &mut Ascii<'_>) {
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            w.push(b'0' + empty);
                            empty = 0;
                        }
                        w.push(p.char() as u8);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                w.push(b'0' + empty);
            }
            if rank > 0 {
                w.push(b'/');
            }
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(71);
        let mut w = Ascii::new(&mut s);
        self.write_placement(&mut w);
        w.finish();
        f.write_str(&s)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

fn parse_castling(s: &str) -> Result<Castling, ParseFenError> {
    if s == "-" {
        return Ok(Castling::NONE);
    }
    let mut c = Castling::NONE;
    for ch in s.chars() {
        let bit = match ch {
            'K' => Castling::bit(Color::White, CastlingSide::King),
            'Q' => Castling::bit(Color::White, CastlingSide::Queen),
            'k' => Castling::bit(Color::Black, CastlingSide::King),
            'q' => Castling::bit(Color::Black, CastlingSide::Queen),
            _ => return Err(ParseFenError::CastlingCharacter(ch)),
        };
        if c.0 & bit != 0 {
            return Err(ParseFenError::CastlingTwice(ch));
        }
        c.0 |= bit;
    }
    Ok(c)
}

fn parse_clock(field: FenField, s: &str) -> Result<u32, ParseFenError> {
    s.parse::<u32>()
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| ParseFenError::Clock {
            field,
            found: s.to_string(),
        })
}
