//! One `BeginProblem ... EndProblem` section as read, and how it becomes a [`Problem`]: the
//! diagram and each twin set up (Popeye's side to move and castling rights, the options that
//! change the position), an illegal twin kept aside to be reported.

use grolman::{
    Board, Castling, CastlingSide, Color, Kingless, Piece, Position, Role, Setup, Square, Variant,
};

use super::twin::{apply, describe, Change, ChangeError, Setting};
use super::{error, ProblemError, ProblemErrorKind as Kind, Token};
use crate::problem::{change_text, Aim, Goal, IllegalTwin, Options, Problem, Stipulation, Twin, TwinChange};

pub(super) struct Draft {
    start: Token,
    pub(super) title: String,
    pub(super) variant: Variant,
    pub(super) intended: usize,
    pub(super) options: Options,
    pub(super) board: Option<(Board, Token)>,
    pub(super) stipulation: Option<Stipulation>,
    pub(super) twins: Vec<(Token, bool, Vec<Change>)>,
    /// `Option EnPassant`: the square a pawn passed over in the last move, with the option.
    pub(super) en_passant: Option<(Square, Token)>,
    /// `Option NoCastling`: squares of units that may not castle.
    pub(super) no_castling: Vec<Square>,
    pub(super) white_to_play: bool,
    pub(super) duplex: bool,
    pub(super) half_duplex: bool,
    /// `Option NullMoves`, kept to name it when a twin's stipulation refuses it.
    pub(super) null_moves: Option<Token>,
    /// `Option NoWk` / `NoBk`: the sides the diagram and its twins may have without a king.
    pub(super) kingless: Kingless,
    /// `ZeroPosition` and its changes: the diagram itself is not solved, these changes of it
    /// make twin a).
    pub(super) zero: Option<(Token, Vec<Change>)>,
}

impl Draft {
    pub(super) fn new(start: Token) -> Draft {
        Draft {
            start,
            title: String::new(),
            variant: Variant::Orthodox,
            intended: 1,
            options: Options::default(),
            board: None,
            stipulation: None,
            twins: Vec::new(),
            en_passant: None,
            no_castling: Vec::new(),
            white_to_play: false,
            duplex: false,
            half_duplex: false,
            null_moves: None,
            kingless: Kingless::NONE,
            zero: None,
        }
    }

    pub(super) fn finish(self) -> Result<Problem, ProblemError> {
        let Some((board, board_token)) = self.board.clone() else {
            return Err(error(&self.start, Kind::NoBoard));
        };
        let Some(stipulation) = self.stipulation else {
            return Err(error(&self.start, Kind::NoStipulation));
        };
        let diagram = Setting {
            board,
            stipulation,
            variant: self.variant,
        };
        // Each twin as (label, change, setting, whether the changes could be made, token),
        // before setting up. With a zero position the first one is its changes of the diagram.
        let mut drafts = vec![(String::new(), Vec::new(), diagram.clone(), Ok(()), board_token)];
        if let Some((tok, changes)) = &self.zero {
            let (setting, words, outcome) = changed(&diagram, changes, tok)?;
            drafts[0] = ("a)".into(), words, setting, outcome, tok.clone());
        }
        let mut previous = drafts[0].2.clone();
        for (i, (tok, continued, changes)) in self.twins.iter().enumerate() {
            let base = if *continued { &previous } else { &diagram };
            let (setting, words, outcome) = changed(base, changes, tok)?;
            let label = format!("{})", (b'b' + i as u8) as char);
            drafts.push((label, words, setting.clone(), outcome, tok.clone()));
            previous = setting;
        }
        if drafts.len() > 1 {
            drafts[0].0 = "a)".into();
        }
        let mut twins = Vec::new();
        let mut illegal = Vec::new();
        for (label, change, setting, outcome, tok) in drafts {
            let s = self.stipulation_of(setting.stipulation);
            if let Some(t) = &self.null_moves {
                refuse_null_moves([s], t)?;
            }
            let variant = setting.variant;
            for (duplex, turn) in self.sides(s) {
                let mut changes = change.clone();
                if duplex && !self.half_duplex {
                    changes.push(TwinChange::Duplex);
                }
                match outcome
                    .clone()
                    .and_then(|()| self.setup(&setting.board, turn, &tok))
                {
                    Ok(position) => twins.push(Twin {
                        label: label.clone(),
                        change: change_text(&changes),
                        changes,
                        position,
                        stipulation: s,
                        variant,
                    }),
                    Err(e) => illegal.push(IllegalTwin {
                        label: label.clone(),
                        change: change_text(&changes),
                        changes,
                        before: twins.len(),
                        stipulation: s,
                        variant,
                        error: e,
                    }),
                }
            }
        }
        if twins.is_empty() {
            return Err(illegal.swap_remove(0).error);
        }
        Ok(Problem {
            title: self.title,
            variant: self.variant,
            intended: self.intended,
            options: self.options,
            twins,
            illegal,
        })
    }

    /// `Option WhiteToPlay`: a helpmate of whole moves becomes its set play, White starting
    /// half a move shorter (`h#2` is solved as `h#1.5`).
    fn stipulation_of(&self, mut s: Stipulation) -> Stipulation {
        if self.white_to_play && s.aim == Aim::Help && !s.half && !s.series && s.moves >= 1 {
            s.moves -= 1;
            s.half = true;
        }
        s
    }

    /// Who moves first, for the stipulation and once more for the other side with `Duplex`
    /// (only the other side with `HalfDuplex`): whether it is that second solving, and the
    /// side to move.
    fn sides(&self, s: Stipulation) -> Vec<(bool, Color)> {
        let mut first = if s.white_first() {
            Color::White
        } else {
            Color::Black
        };
        // After the key the defender is to move.
        if self.options.post_key && s.aim != Aim::Help && !s.series {
            first = first.other();
        }
        if self.half_duplex {
            vec![(true, first.other())]
        } else if self.duplex {
            vec![(false, first), (true, first.other())]
        } else {
            vec![(false, first)]
        }
    }

    /// The position of a diagram: castling rights wherever king and rook stand on their
    /// initial squares (as in Popeye), less those `NoCastling` names; the en passant square
    /// of `EnPassant`.
    fn setup(&self, board: &Board, turn: Color, tok: &Token) -> Result<Position, ProblemError> {
        let mut castling = Castling::NONE;
        for color in Color::ALL {
            for side in [CastlingSide::King, CastlingSide::Queen] {
                let (king, rook, _, _) = Castling::squares(color, side);
                if board.piece_at(king) == Some(Piece::new(color, Role::King))
                    && board.piece_at(rook) == Some(Piece::new(color, Role::Rook))
                    && !self.no_castling.contains(&king)
                    && !self.no_castling.contains(&rook)
                {
                    castling.0 |= Castling::bit(color, side);
                }
            }
        }
        let (ep, tok) = match &self.en_passant {
            Some((sq, t)) => (Some(*sq), t),
            None => (None, tok),
        };
        Position::from_setup_with(
            Setup {
                board: board.clone(),
                turn,
                castling,
                ep,
                halfmoves: 0,
                fullmoves: 1,
            },
            self.kingless,
        )
        .map_err(|e| error(tok, Kind::IllegalPosition(e)))
    }
}

/// `Option NullMoves` (at `tok`) is refused with a stalemate goal (a side that may pass is
/// never stalemated) and in a series (the other side passes already).
pub(super) fn refuse_null_moves(
    stipulations: impl IntoIterator<Item = Stipulation>,
    tok: &Token,
) -> Result<(), ProblemError> {
    match stipulations
        .into_iter()
        .find(|s| s.series || s.goal == Goal::Stalemate)
    {
        Some(s) => Err(error(tok, Kind::NullMovesRefused(s))),
        None => Ok(()),
    }
}

/// A twin's setting, its changes, and whether they could all be made.
type Changed = (Setting, Vec<TwinChange>, Result<(), ProblemError>);

/// `base` with a twin's `changes` made: the setting, the changes as the report gives them,
/// and whether they could all be made (a shift off the board makes an illegal twin).
///
/// # Errors
/// A change from an empty square: the input is wrong, not the twin.
fn changed(base: &Setting, changes: &[Change], tok: &Token) -> Result<Changed, ProblemError> {
    let mut setting = base.clone();
    let mut words = Vec::new();
    for change in changes {
        words.push(describe(change));
        match apply(&mut setting, change) {
            Ok(()) => {}
            Err(ChangeError::Empty(sq)) => return Err(error(tok, Kind::TwinEmpty(sq))),
            Err(ChangeError::OffBoard(sq)) => {
                return Ok((setting, words, Err(error(tok, Kind::TwinOffBoard(sq)))));
            }
        }
    }
    Ok((setting, words, Ok(())))
}
