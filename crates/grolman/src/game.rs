//! A game: the start position, the turns played, undo, and the status (docs/rules.md 1.7, 1.10).

use core::fmt;

use serde::Serialize;

use crate::notation::{self, literature, pgn};
use crate::position::{FenError, Position};
use crate::turn::Turn;
use crate::turn_error::TurnError;
use crate::turns::has_legal_turn;
use crate::types::{Color, Role};
use crate::variant::{Rules, Variant};
use crate::Choices;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Checkmate { winner: Color },
    Stalemate,
    FiftyMoves,
    ThreefoldRepetition,
    DeadMaterial,
}

impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Color::White } => "1-0",
            Outcome::Checkmate { winner: Color::Black } => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The snake-case name of the state.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::FiftyMoves => "fifty_moves",
            Outcome::ThreefoldRepetition => "threefold_repetition",
            Outcome::DeadMaterial => "dead_material",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner: Color::White } => f.write_str("White wins by checkmate"),
            Outcome::Checkmate { winner: Color::Black } => f.write_str("Black wins by checkmate"),
            Outcome::Stalemate => f.write_str("Draw by stalemate"),
            Outcome::FiftyMoves => f.write_str("Draw by the fifty-move rule"),
            Outcome::ThreefoldRepetition => f.write_str("Draw by threefold repetition"),
            Outcome::DeadMaterial => f.write_str("Draw by insufficient material"),
        }
    }
}

/// The state of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Status {
    /// The side to move is in check.
    pub check: bool,
    pub turn: Color,
    /// `None` while the game goes on.
    pub outcome: Option<Outcome>,
}

/// Why a game could not be created, read or continued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    Fen(FenError),
    Turn(TurnError),
    Pgn(pgn::PgnError),
    /// No turn can be played: the game is over.
    Over(Outcome),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen(e) => e.fmt(f),
            GameError::Turn(e) => e.fmt(f),
            GameError::Pgn(e) => e.fmt(f),
            GameError::Over(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl std::error::Error for GameError {}

impl From<FenError> for GameError {
    fn from(e: FenError) -> Self {
        GameError::Fen(e)
    }
}

impl From<TurnError> for GameError {
    fn from(e: TurnError) -> Self {
        GameError::Turn(e)
    }
}

/// A game under one rule set.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    turns: Vec<Turn>,
    /// `keys[i]` is the repetition key of the position after `i` turns.
    keys: Vec<u64>,
}

impl Game {
    /// A game from `fen` (the standard start when `None`).
    ///
    /// # Errors
    /// [`GameError::Fen`] for a bad FEN.
    pub fn new(variant: Variant, fen: Option<&str>) -> Result<Game, GameError> {
        let start = match fen {
            Some(f) if !f.trim().is_empty() => Position::from_fen(f)?,
            _ => Position::start(),
        };
        Ok(Game::from_position(variant.into(), start))
    }

    pub fn from_position(rules: Rules, start: Position) -> Game {
        let keys = vec![start.repetition_key(rules)];
        Game {
            rules,
            start,
            turns: Vec::new(),
            keys,
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.turns.last().map_or(&self.start, |t| &t.after)
    }

    /// The turns played so far.
    pub fn history(&self) -> &[Turn] {
        &self.turns
    }

    /// Every legal turn of the current position (none once the game is over).
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        notation::legal_turns(self.position(), self.rules)
    }

    /// The legal turns led from `from` to `to` (one per tie, promotion and owner choice).
    pub fn turns_led_by(&self, from: crate::Square, to: crate::Square) -> Vec<Turn> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        notation::legal_turns_where(self.position(), self.rules, |l| l.from == from && l.to == to)
    }

    /// The leading moves that start a legal turn, each once (none once the game is over).
    pub fn leading_moves(&self) -> Vec<crate::Lead> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        notation::leading_moves(self.position(), self.rules)
    }

    /// The open choice of a partly entered turn (a turn-code prefix).
    ///
    /// # Errors
    /// As [`choices_at`](crate::choices_at).
    pub fn choices(&self, prefix: &str) -> Result<Choices, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        Ok(crate::entry::choices_at(self.position(), self.rules, prefix)?)
    }

    /// Plays a turn given by its code (or a prefix that leaves no choice open).
    ///
    /// # Errors
    /// [`GameError::Turn`] naming what is wrong; the game is unchanged.
    pub fn play(&mut self, code: &str) -> Result<Turn, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let turn = crate::turns::find_turn(self.position(), self.rules, code)?;
        self.push(turn.clone());
        Ok(turn)
    }

    /// Plays a turn given in literature notation (`e4`, `O-O (Nf3-e1, f2-f3)`).
    ///
    /// # Errors
    /// [`GameError::Turn`] naming what is wrong; the game is unchanged.
    pub fn play_notation(&mut self, text: &str) -> Result<Turn, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let turn = literature::find_at(self.position(), self.rules, text)?;
        self.push(turn.clone());
        Ok(turn)
    }

    /// Appends a turn known to be legal in the current position.
    pub(crate) fn push(&mut self, turn: Turn) {
        self.keys.push(turn.after.repetition_key(self.rules));
        self.turns.push(turn);
    }

    /// Takes back the last turn.
    pub fn undo(&mut self) -> Option<Turn> {
        let t = self.turns.pop()?;
        self.keys.pop();
        Some(t)
    }

    /// Check, side to move, and how the game ended if it has.
    pub fn status(&self) -> Status {
        let pos = self.position();
        Status {
            check: pos.is_check(),
            turn: pos.turn(),
            outcome: self.outcome(),
        }
    }

    /// How the game ended, if it has (docs/rules.md 1.7, 1.10).
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if !has_legal_turn(pos, self.rules) {
            return Some(if pos.is_check() {
                Outcome::Checkmate {
                    winner: pos.turn().other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if dead_material(pos) {
            return Some(Outcome::DeadMaterial);
        }
        let key = self.keys[self.keys.len() - 1];
        if self.keys.iter().filter(|&&k| k == key).count() >= 3 {
            return Some(Outcome::ThreefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            return Some(Outcome::FiftyMoves);
        }
        None
    }

    /// The game as PGN (docs/rules.md 4.3).
    pub fn pgn(&self) -> String {
        pgn::write(self)
    }

    /// Reads a PGN game.
    ///
    /// # Errors
    /// [`GameError::Pgn`] naming the line and token.
    pub fn from_pgn(text: &str) -> Result<Game, GameError> {
        pgn::read(text).map_err(GameError::Pgn)
    }
}

/// King against king, or king and one bishop or one knight against a lone king.
fn dead_material(pos: &Position) -> bool {
    let board = pos.board();
    let units = board.occupied().count();
    match units {
        2 => true,
        3 => (board.by_role(Role::Bishop) | board.by_role(Role::Knight)).any(),
        _ => false,
    }
}
