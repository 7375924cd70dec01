//! Twin changes: what each does to the board and the stipulation, as Popeye's manual says
//! (`Move`, `Exchange`, `Remove`, `Substitute`, `Add`, `Rotate`, `Mirror`, `Shift`,
//! `PolishType`, `Stipulation`), and what a twin's heading says of it.

use grolman::{Board, Piece, Role, Square, Variant};

use crate::problem::TwinChange;

use crate::problem::Stipulation;

/// One change of a twin.
#[derive(Clone, Debug)]
pub(super) enum Change {
    Move(Square, Square),
    Remove(Square),
    /// Units added; one on an occupied square replaces what stood there (as in Popeye).
    Add(Vec<(Piece, Square)>),
    Exchange(Square, Square),
    /// Every unit of the first kind becomes one of the second, colours kept.
    Substitute(Role, Role),
    /// Turns the board by 90, 180 or 270 degrees to the left.
    Rotate(u32),
    /// Popeye's `Mirror a1<-->h1` (files), `a1<-->a8` (ranks), `a1<-->h8`, `a8<-->h1`.
    Mirror(Mirror),
    /// Every unit moves by this many files and ranks.
    Shift(i8, i8),
    /// Every unit changes colour.
    PolishType,
    Stipulation(Stipulation),
    /// Our conditions: the twin is solved under another rule set.
    Condition(Variant),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mirror {
    Files,
    Ranks,
    /// a1 goes to h8.
    A1H8,
    /// a8 goes to h1.
    A8H1,
}

impl Mirror {
    /// `a1<-->h1` and the others: the square a1 (or a8) goes to, as Popeye writes it.
    pub(super) fn parse(text: &str) -> Option<Mirror> {
        let t = text.to_ascii_lowercase();
        let (a, b) = t.split_once("<-->")?;
        match (a, b) {
            ("a1", "h1") | ("h1", "a1") => Some(Mirror::Files),
            ("a1", "a8") | ("a8", "a1") => Some(Mirror::Ranks),
            ("a1", "h8") | ("h8", "a1") => Some(Mirror::A1H8),
            ("a8", "h1") | ("h1", "a8") => Some(Mirror::A8H1),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mirror::Files => "a1<-->h1",
            Mirror::Ranks => "a1<-->a8",
            Mirror::A1H8 => "a1<-->h8",
            Mirror::A8H1 => "a8<-->h1",
        }
    }
}

/// Why a change cannot be applied.
pub(super) enum ChangeError {
    /// Nothing stands on this square to move, remove or exchange.
    Empty(Square),
    /// A shift moves the unit on this square off the board.
    OffBoard(Square),
}

/// Every square mapped by `f` (from file and rank to file and rank); `None` when a unit would
/// leave the board.
fn remap(board: &mut Board, f: impl Fn(i8, i8) -> (i8, i8)) -> Result<(), ChangeError> {
    let units: Vec<(Square, Piece)> = board.pieces().collect();
    let mut next = Board::empty();
    for (sq, p) in units {
        let (file, rank) = f(sq.file() as i8, sq.rank() as i8);
        let to = Square::try_from_coords(file, rank).ok_or(ChangeError::OffBoard(sq))?;
        next.put(to, p);
    }
    *board = next;
    Ok(())
}

/// What a twin is made of: its board, stipulation and rule set.
#[derive(Clone)]
pub(super) struct Setting {
    pub(super) board: Board,
    pub(super) stipulation: Stipulation,
    pub(super) variant: Variant,
}

pub(super) fn apply(setting: &mut Setting, change: &Change) -> Result<(), ChangeError> {
    let board = &mut setting.board;
    match *change {
        Change::Move(a, b) => {
            let p = board.take(a).ok_or(ChangeError::Empty(a))?;
            board.take(b);
            board.put(b, p);
        }
        Change::Remove(a) => {
            board.take(a).ok_or(ChangeError::Empty(a))?;
        }
        Change::Add(ref units) => {
            for &(p, sq) in units {
                board.take(sq);
                board.put(sq, p);
            }
        }
        Change::Exchange(a, b) => {
            let pa = board.take(a).ok_or(ChangeError::Empty(a))?;
            let pb = board.take(b).ok_or(ChangeError::Empty(b))?;
            board.put(a, pb);
            board.put(b, pa);
        }
        Change::Substitute(from, to) => {
            let units: Vec<(Square, Piece)> = board.pieces().filter(|(_, p)| p.role == from).collect();
            for (sq, p) in units {
                board.take(sq);
                board.put(sq, Piece::new(p.color, to));
            }
        }
        Change::Rotate(90) => remap(board, |f, r| (7 - r, f))?,
        Change::Rotate(180) => remap(board, |f, r| (7 - f, 7 - r))?,
        Change::Rotate(_) => remap(board, |f, r| (r, 7 - f))?,
        Change::Mirror(Mirror::Files) => remap(board, |f, r| (7 - f, r))?,
        Change::Mirror(Mirror::Ranks) => remap(board, |f, r| (f, 7 - r))?,
        Change::Mirror(Mirror::A1H8) => remap(board, |f, r| (7 - r, 7 - f))?,
        Change::Mirror(Mirror::A8H1) => remap(board, |f, r| (r, f))?,
        Change::Shift(df, dr) => remap(board, |f, r| (f + df, r + dr))?,
        Change::PolishType => {
            let units: Vec<(Square, Piece)> = board.pieces().collect();
            for (sq, p) in units {
                board.take(sq);
                board.put(sq, Piece::new(p.color.other(), p.role));
            }
        }
        Change::Stipulation(s) => setting.stipulation = s,
        Change::Condition(v) => setting.variant = v,
    }
    Ok(())
}

/// The change as the report gives it (Popeye's words are its `Display`).
pub(super) fn describe(change: &Change) -> TwinChange {
    match *change {
        Change::Move(from, to) => TwinChange::Move { from, to },
        Change::Remove(a) => TwinChange::Remove(a),
        Change::Add(ref units) => TwinChange::Add(units.clone()),
        Change::Exchange(a, b) => TwinChange::Exchange(a, b),
        Change::Substitute(a, b) => TwinChange::Substitute(a, b),
        Change::Rotate(n) => TwinChange::Rotate(n),
        Change::Mirror(m) => TwinChange::Mirror(m.name()),
        Change::Shift(df, dr) => {
            let from = Square::from_coords(if df < 0 { 7 } else { 0 }, if dr < 0 { 7 } else { 0 });
            let to = Square::from_coords((from.file() as i8 + df) as u8, (from.rank() as i8 + dr) as u8);
            TwinChange::Shift { from, to }
        }
        Change::PolishType => TwinChange::PolishType,
        Change::Stipulation(s) => TwinChange::Stipulation(s),
        Change::Condition(v) => TwinChange::Condition(v),
    }
}
