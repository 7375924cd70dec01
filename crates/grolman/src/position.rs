//! A position: placement, side to move, castling rights, en passant square and clocks; FEN
//! reading and writing; validation of setups.

use core::fmt;

use crate::ascii::Ascii;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::LeadKind;
use crate::setup::Setup;
use crate::turns::for_each_turn_where;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::Rules;
use crate::zobrist;

mod errors;

pub use errors::{FenError, SetupError};

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Castling rights as four bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Castling(pub u8);

/// Which side of the board a castling goes to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CastlingSide {
    King,
    Queen,
}

impl Castling {
    pub const NONE: Castling = Castling(0);

    #[inline]
    pub const fn bit(color: Color, side: CastlingSide) -> u8 {
        let base = match side {
            CastlingSide::King => 1,
            CastlingSide::Queen => 2,
        };
        match color {
            Color::White => base,
            Color::Black => base << 2,
        }
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Castling::bit(color, side) != 0
    }

    /// The rights that survive a unit leaving or arriving on `sq` (or being transformed there).
    #[inline]
    pub const fn touched(self, sq: Square) -> Castling {
        // By table, not by branches: this runs at every step of every chain.
        const LOST: [u8; 64] = {
            let mut t = [0; 64];
            t[4] = 3;
            t[7] = 1;
            t[0] = 2;
            t[60] = 12;
            t[63] = 4;
            t[56] = 8;
            t
        };
        Castling(self.0 & !LOST[sq.index()])
    }

    /// The rights in `self` that `after` no longer has.
    pub fn lost(self, after: Castling) -> impl Iterator<Item = (Color, CastlingSide)> {
        let gone = self.0 & !after.0;
        [
            (Color::White, CastlingSide::King),
            (Color::White, CastlingSide::Queen),
            (Color::Black, CastlingSide::King),
            (Color::Black, CastlingSide::Queen),
        ]
        .into_iter()
        .filter(move |&(c, s)| gone & Castling::bit(c, s) != 0)
    }

    /// King's square, rook's square and their destinations for a castling.
    pub const fn squares(color: Color, side: CastlingSide) -> (Square, Square, Square, Square) {
        let rank = match color {
            Color::White => 0,
            Color::Black => 56,
        };
        let (rook, king_to, rook_to) = match side {
            CastlingSide::King => (7, 6, 5),
            CastlingSide::Queen => (0, 2, 3),
        };
        (
            Square::new(rank + 4),
            Square::new(rank + rook),
            Square::new(rank + king_to),
            Square::new(rank + rook_to),
        )
    }
}

/// The sides that a position may have without a king: none in a game, and a plain FEN needs
/// both kings; a chess problem may name one or both (Popeye's `NoWk`, `NoBk`). A side without
/// a king is never in check, so every otherwise legal turn is legal for it (docs/rules.md 1.6,
/// 1.7): it can be stalemated, never mated. No rule gives a side a king (3.2), so a kingless
/// side stays so.
///
/// ```
/// use grolman::{Color, Kingless, Position};
/// let fen = "8/8/8/8/8/8/8/R3K3 w - - 0 1";
/// assert!(Position::from_fen(fen).is_err());
/// assert!(Position::from_fen_with(fen, Kingless::NONE.with(Color::White)).is_err());
/// let pos = Position::from_fen_with(fen, Kingless::NONE.with(Color::Black)).unwrap();
/// assert_eq!(pos.kingless(), Kingless::NONE.with(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kingless(u8);

impl Kingless {
    /// Both kings are needed.
    pub const NONE: Kingless = Kingless(0);

    const fn bit(color: Color) -> u8 {
        match color {
            Color::White => 1,
            Color::Black => 2,
        }
    }

    /// These sides and `color` too.
    #[must_use]
    pub const fn with(self, color: Color) -> Kingless {
        Kingless(self.0 | Kingless::bit(color))
    }

    /// Whether `color` may be without a king.
    pub const fn allows(self, color: Color) -> bool {
        self.0 & Kingless::bit(color) != 0
    }

    /// The sides as FEN's colour letters, `w`, `b`, `wb`, or empty for none.
    pub fn letters(self) -> String {
        Color::ALL
            .into_iter()
            .filter(|&c| self.allows(c))
            .map(Color::char)
            .collect()
    }

    /// Reads [`Kingless::letters`]; `None` for any other character.
    pub fn from_letters(text: &str) -> Option<Kingless> {
        text.chars().try_fold(Kingless::NONE, |k, ch| match ch {
            'w' => Some(k.with(Color::White)),
            'b' => Some(k.with(Color::Black)),
            _ => None,
        })
    }
}

/// A legal position (every constructor validates).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// The four castling rights in FEN order, with their letters.
const CASTLING_RIGHTS: [(char, Color, CastlingSide); 4] = [
    ('K', Color::White, CastlingSide::King),
    ('Q', Color::White, CastlingSide::Queen),
    ('k', Color::Black, CastlingSide::King),
    ('q', Color::Black, CastlingSide::Queen),
];

/// A castling right may stand only while its king and rook are on their starting squares.
fn castling_units_stand(board: &Board, color: Color, side: CastlingSide) -> bool {
    let (king, rook, _, _) = Castling::squares(color, side);
    board.piece_at(king) == Some(Piece::new(color, Role::King))
        && board.piece_at(rook) == Some(Piece::new(color, Role::Rook))
}

/// `sq` may be the en passant square when the side that just moved double-stepped a pawn over
/// it: the square is empty and that pawn stands in front of it. Its start square may be
/// occupied again: in Grolman chess a follower can fill it (docs/rules.md 1.8).
fn en_passant_fits(board: &Board, turn: Color, sq: Square) -> bool {
    let mover = turn.other();
    sq.rank() == mover.pawn_rank().wrapping_add_signed(mover.forward() / 8)
        && board.piece_at(sq).is_none()
        && sq.offset(mover.forward()).and_then(|s| board.piece_at(s)) == Some(Piece::new(mover, Role::Pawn))
}

impl Setup {
    /// The castling rights this placement allows: those whose king and rook stand on their
    /// starting squares (what a board editor offers; [`Position::from_setup`] refuses the others).
    ///
    /// ```
    /// use grolman::Setup;
    /// let setup: Setup = "4k2r/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(setup.possible_castling().to_string(), "Qk");
    /// ```
    pub fn possible_castling(&self) -> Castling {
        let mut rights = Castling::NONE;
        for (_, color, side) in CASTLING_RIGHTS {
            if castling_units_stand(&self.board, color, side) {
                rights.0 |= Castling::bit(color, side);
            }
        }
        rights
    }

    /// The squares this placement allows as the en passant square, a1..h8: behind a pawn of
    /// the side that just moved that may have double-stepped.
    ///
    /// ```
    /// use grolman::{Setup, Square};
    /// let setup: Setup = "4k3/8/8/8/3PP3/8/8/4K3 b - - 0 1".parse().unwrap();
    /// assert_eq!(setup.possible_en_passant(), [Square::parse("d3").unwrap(), Square::parse("e3").unwrap()]);
    /// ```
    pub fn possible_en_passant(&self) -> Vec<Square> {
        let rank = self
            .turn
            .other()
            .pawn_rank()
            .wrapping_add_signed(self.turn.other().forward() / 8);
        (0..8u8)
            .map(|file| Square::from_coords(file, rank))
            .filter(|&sq| en_passant_fits(&self.board, self.turn, sq))
            .collect()
    }
}

impl Position {
    /// The standard starting position.
    pub fn start() -> Position {
        // Not `expect`: its message would format the error's `Debug`, which the page's wasm
        // otherwise leaves out (a test reads START_FEN).
        Position::from_fen(START_FEN).unwrap_or_else(|_| unreachable!("the start position is valid"))
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.board.king_attacked(self.turn)
    }

    /// A hash of the position without its clocks, en passant square included: two positions
    /// with the same key play alike under every rule set (the engine's table key).
    pub fn key(&self) -> u64 {
        zobrist::key(self, self.ep)
    }

    /// [`Position::key`] worked out from the key of `before`, a position that differs from this
    /// one in a few squares (the position before a turn): cheaper than `key` for the search,
    /// which knows the key of the position it generates turns from.
    ///
    /// ```
    /// use grolman::{notation::legal_turns, Position, Variant};
    /// let pos = Position::start();
    /// for turn in legal_turns(&pos, Variant::Grolman.into()) {
    ///     assert_eq!(turn.after.key_from(&pos, pos.key()), turn.after.key());
    /// }
    /// ```
    #[cfg_attr(feature = "inline-hot", inline(always))]
    pub fn key_from(&self, before: &Position, before_key: u64) -> u64 {
        zobrist::key_from(self, before, before_key)
    }

    /// A hash of what makes positions the same for repetition (docs/rules.md 1.10): as
    /// [`Position::key`], but the en passant square counts only when a legal turn of the side
    /// to move captures there (6.3).
    ///
    /// ```
    /// use grolman::{Position, Variant};
    /// // After 1. e4 no black pawn can take on e3.
    /// let after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// let same_placement = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3").unwrap();
    /// let rules = Variant::Orthodox.into();
    /// assert_eq!(after_e4.repetition_key(rules), same_placement.repetition_key(rules));
    /// assert_ne!(after_e4.key(), same_placement.key());
    /// ```
    pub fn repetition_key(&self, rules: Rules) -> u64 {
        let ep = self.ep.filter(|&ep| {
            // Only a pawn that attacks the square can lead the capture: without one, no turn
            // need be played out.
            let pawns = self.board.by_piece(Piece::new(self.turn, Role::Pawn));
            if (crate::attacks::pawn_attacks(self.turn.other(), ep) & pawns).is_empty() {
                return false;
            }
            let mut capture = false;
            for_each_turn_where(self, rules, false, |l| l.kind == LeadKind::EnPassant, &mut |_| {
                capture = true;
                true
            });
            capture
        });
        zobrist::key(self, ep)
    }

    /// The position with the other side to move and nothing else changed but the en passant
    /// square, which lapses: how a problem's threat (the attacker plays again) and set play (the
    /// defender plays first) are found and shown.
    ///
    /// ```
    /// use grolman::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    /// assert_eq!(pos.passed().unwrap().fen(), "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    /// ```
    ///
    /// # Errors
    /// [`SetupError::OppositeCheck`] when the side to move is in check: it may not pass.
    pub fn passed(&self) -> Result<Position, SetupError> {
        Position::from_setup_with(
            Setup {
                turn: self.turn.other(),
                ep: None,
                ..self.setup()
            },
            self.kingless(),
        )
    }

    /// The position as an unchecked [`Setup`], to change and validate again.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling: self.castling,
            ep: self.ep,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The one way a setup becomes a position: it is validated, both kings needed.
    ///
    /// # Errors
    /// A [`SetupError`] naming the first problem found.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        Position::from_setup_with(setup, Kingless::NONE)
    }

    /// [`Position::from_setup`], the sides of `kingless` allowed to have no king (a problem's).
    ///
    /// # Errors
    /// A [`SetupError`] naming the first problem found.
    pub fn from_setup_with(setup: Setup, kingless: Kingless) -> Result<Position, SetupError> {
        let Setup {
            board,
            turn,
            castling,
            ep,
            halfmoves,
            fullmoves,
        } = setup;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            if kings == 0 && !kingless.allows(color) {
                return Err(SetupError::NoKing(color));
            }
            if kings > 1 {
                return Err(SetupError::TooManyKings(color));
            }
            if board.by_color(color).count() > 16 {
                return Err(SetupError::TooManyUnits(color));
            }
        }
        let back = Bitboard::rank(0) | Bitboard::rank(7);
        if let Some(sq) = (board.by_role(Role::Pawn) & back).first() {
            return Err(SetupError::PawnOnBackRank(sq));
        }
        if let Some((ch, _, _)) = CASTLING_RIGHTS
            .into_iter()
            .find(|&(_, color, side)| castling.has(color, side) && !castling_units_stand(&board, color, side))
        {
            return Err(SetupError::CastlingWithoutUnits(ch));
        }
        if let Some(sq) = ep.filter(|&sq| !en_passant_fits(&board, turn, sq)) {
            return Err(SetupError::ImpossibleEnPassant(sq));
        }
        let pos = Position {
            board,
            turn,
            castling,
            ep,
            halfmoves,
            fullmoves: fullmoves.max(1),
        };
        if pos.board.king_attacked(turn.other()) {
            return Err(SetupError::OppositeCheck(turn.other()));
        }
        Ok(pos)
    }

    /// Reads a FEN (six fields, or the first four).
    ///
    /// ```
    /// use grolman::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4N3/4KB2 w - - 0 1").unwrap();
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/4N3/4KB2 w - - 0 1");
    /// assert!(Position::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`FenError`]: the field and what is wrong with it, or why the position is not legal.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, Kingless::NONE)
    }

    /// [`Position::from_fen`], the sides of `kingless` allowed to have no king (a problem's).
    ///
    /// # Errors
    /// A [`FenError`]: the field and what is wrong with it, or why the position is not legal.
    pub fn from_fen_with(fen: &str, kingless: Kingless) -> Result<Position, FenError> {
        Position::from_setup_with(Setup::from_fen(fen)?, kingless).map_err(FenError::Setup)
    }

    /// The sides that have no king (a problem's `NoWk` / `NoBk`; [`Kingless::NONE`] in a game):
    /// what a changed copy of this position is validated with.
    pub fn kingless(&self) -> Kingless {
        Color::ALL
            .into_iter()
            .filter(|&c| self.board.king_of(c).is_none())
            .fold(Kingless::NONE, Kingless::with)
    }

    /// Writes the six-field FEN.
    pub fn fen(&self) -> String {
        fen_of(
            &self.board,
            self.turn,
            self.castling,
            self.ep,
            self.halfmoves,
            self.fullmoves,
        )
    }
}

/// The six FEN fields (one writer for positions and unchecked setups).
fn fen_of(
    board: &Board,
    turn: Color,
    castling: Castling,
    ep: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
) -> String {
    // Written a byte at a time: every turn of a list writes its FEN, and `format!` took a tenth
    // of the page's Tatarstan turn query.
    let mut s = String::with_capacity(96);
    let mut w = Ascii::new(&mut s);
    board.write_placement(&mut w);
    w.push(b' ');
    w.push(turn.char() as u8);
    w.push(b' ');
    castling.write(&mut w);
    w.push(b' ');
    match ep {
        Some(sq) => w.push_square(sq),
        None => w.push(b'-'),
    }
    w.push(b' ');
    w.push_number(halfmoves);
    w.push(b' ');
    w.push_number(fullmoves);
    w.finish();
    s
}

impl Castling {
    /// The FEN castling field: `KQkq`, `-` when there is none.
    fn write(self, w: &mut Ascii<'_>) {
        if self.0 == 0 {
            w.push(b'-');
        }
        for (ch, color, side) in CASTLING_RIGHTS {
            if self.has(color, side) {
                w.push(ch as u8);
            }
        }
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(4);
        let mut w = Ascii::new(&mut s);
        self.write(&mut w);
        w.finish();
        f.write_str(&s)
    }
}

/// The six-field FEN of a setup, valid or not (a board editor shows it while it is built).
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&fen_of(
            &self.board,
            self.turn,
            self.castling,
            self.ep,
            self.halfmoves,
            self.fullmoves,
        ))
    }
}
