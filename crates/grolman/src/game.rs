//! A game: the start position, the tree of turns played (the main line and side lines, each
//! node with its note), the current node, undo, and the status (docs/rules.md 1.7, 1.10).

use core::fmt;

use serde::Serialize;

use crate::coded::{codes, Coded, Facts};
use crate::notation::{self, literature, movetext, pgn};
use crate::position::{FenError, Position};
use crate::tree::{NodeId, Note, Shape, Tree};
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
    /// The id names no node of the game's tree.
    NoNode(NodeId),
    /// A comment that PGN could not hold.
    Comment(movetext::CommentError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen(e) => e.fmt(f),
            GameError::Turn(e) => e.fmt(f),
            GameError::Pgn(e) => e.fmt(f),
            GameError::Over(o) => write!(f, "the game is over: {o}"),
            GameError::NoNode(id) => write!(f, "the game has no turn {id}"),
            GameError::Comment(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

codes!(GameError {
    GameError::Over(_) => "game.over",
    GameError::NoNode(_) => "game.no-node",
} delegate {
    GameError::Fen(e) => e,
    GameError::Turn(e) => e,
    GameError::Pgn(e) => e,
    GameError::Comment(e) => e,
});

impl Coded for GameError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        match self {
            GameError::Fen(e) => e.facts(),
            GameError::Turn(e) => e.facts(),
            GameError::Pgn(e) => e.facts(),
            GameError::Comment(e) => e.facts(),
            GameError::Over(o) => Facts::new().outcome(*o),
            GameError::NoNode(id) => Facts::new().number("node", *id as u64),
        }
    }
}

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

/// A game under one rule set: a tree of turns and the node being played from.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    tree: Tree,
    current: NodeId,
    /// The nodes from the first turn to the current one.
    line: Vec<NodeId>,
    /// `keys[i]` is the repetition key of the position after `i` turns of `line`.
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
            tree: Tree::new(),
            current: Tree::ROOT,
            line: Vec::new(),
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
        self.position_at(self.current)
    }

    /// The position at a node of the tree.
    ///
    /// # Panics
    /// When `id` is not a node of the tree.
    pub fn position_at(&self, id: NodeId) -> &Position {
        self.tree.turn(id).map_or(&self.start, |t| &t.after)
    }

    /// The turns from the start to the current node.
    pub fn history(&self) -> Vec<&Turn> {
        self.line.iter().filter_map(|&n| self.tree.turn(n)).collect()
    }

    /// The tree of turns, with the notes.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    pub(crate) fn tree_mut(&mut self) -> &mut Tree {
        &mut self.tree
    }

    /// The node played from.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// Makes `id` the node played from (a turn played there continues its line, or starts a
    /// side line when it differs from the turns already there).
    ///
    /// # Errors
    /// [`GameError::NoNode`] when the tree has no such node; the game is unchanged.
    pub fn go_to(&mut self, id: NodeId) -> Result<(), GameError> {
        self.check_node(id)?;
        self.current = id;
        self.line = self.tree.path(id);
        self.keys.truncate(1);
        for &n in &self.line {
            let after = self.tree.turn(n).map(|t| t.after.repetition_key(self.rules));
            self.keys.extend(after);
        }
        Ok(())
    }

    fn check_node(&self, id: NodeId) -> Result<(), GameError> {
        if self.tree.contains(id) {
            Ok(())
        } else {
            Err(GameError::NoNode(id))
        }
    }

    /// Moves the side line through `id` one place up where it branches off (lichess's
    /// "promote variation"). Returns false when `id` is on the main line already.
    ///
    /// # Errors
    /// [`GameError::NoNode`] when the tree has no such node.
    pub fn promote(&mut self, id: NodeId) -> Result<bool, GameError> {
        self.check_node(id)?;
        Ok(self.tree.promote(id))
    }

    /// Removes the turn at `id` and every turn after it; when the current node goes with
    /// them, the game continues from the turn before `id`.
    ///
    /// # Errors
    /// [`GameError::NoNode`] when the tree has no such node; removing the root removes nothing.
    pub fn delete_line(&mut self, id: NodeId) -> Result<(), GameError> {
        self.check_node(id)?;
        let current = self.tree.remove(id, self.current);
        self.go_to(current)
    }

    /// Sets the note (comment, glyphs, shapes) of a node; its circles are kept before its arrows.
    ///
    /// # Errors
    /// [`GameError::NoNode`] when the tree has no such node, [`GameError::Comment`] for a
    /// comment PGN cannot hold; the game is unchanged.
    pub fn set_note(&mut self, id: NodeId, mut note: Note) -> Result<(), GameError> {
        self.check_node(id)?;
        movetext::check_comment(&note.comment).map_err(GameError::Comment)?;
        // Circles before arrows, as PGN writes them (`[%csl]` then `[%cal]`), so that a note
        // read back from PGN is the note set.
        let (mut shapes, arrows): (Vec<Shape>, Vec<Shape>) =
            note.shapes.into_iter().partition(|s| s.from == s.to);
        shapes.extend(arrows);
        note.shapes = shapes;
        self.tree.set_note(id, note);
        Ok(())
    }

    /// The turns of the main line, from the start to its end.
    pub fn main_line(&self) -> Vec<&Turn> {
        let end = self.tree.line_end(Tree::ROOT);
        self.tree
            .path(end)
            .iter()
            .filter_map(|&n| self.tree.turn(n))
            .collect()
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

    /// Plays a turn known to be legal in the current position: the current node's
    /// continuation by that turn (an existing one, or a new line).
    fn push(&mut self, turn: Turn) {
        let key = turn.after.repetition_key(self.rules);
        self.current = self.tree.add(self.current, turn);
        self.line.push(self.current);
        self.keys.push(key);
    }

    /// Takes back the current turn, with the turns after it in the tree: the game continues
    /// from the turn before. `None` at the start.
    pub fn undo(&mut self) -> Option<Turn> {
        let id = self.current;
        let turn = self.tree.turn(id)?.clone();
        let current = self.tree.remove(id, id);
        self.go_to(current).ok()?;
        Some(turn)
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

    /// How the game ended at the current node, if it has (docs/rules.md 1.7, 1.10).
    pub fn outcome(&self) -> Option<Outcome> {
        outcome(self.position(), self.rules, &self.keys)
    }

    /// How the main line ends, if the game ended there (the PGN `Result`).
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        let end = self.tree.line_end(Tree::ROOT);
        let mut keys = vec![self.start.repetition_key(self.rules)];
        keys.extend(
            self.tree
                .path(end)
                .iter()
                .filter_map(|&n| self.tree.turn(n))
                .map(|t| t.after.repetition_key(self.rules)),
        );
        outcome(self.position_at(end), self.rules, &keys)
    }

    /// The game as PGN (docs/rules.md 4.3).
    pub fn pgn(&self) -> String {
        pgn::write(self)
    }

    /// The whole tree in turn codes, with side lines in parentheses and the notes in braces
    /// (as in PGN): the page's URL fragment and storage.
    pub fn tree_codes(&self) -> String {
        movetext::join(&movetext::write(self, movetext::Style::Codes), 0)
    }

    /// Reads a tree written by [`Game::tree_codes`] from the current node; the game then
    /// continues from the end of the main line.
    ///
    /// # Errors
    /// [`GameError::Pgn`] naming the token; the turns read before it stay in the game.
    pub fn read_tree_codes(&mut self, text: &str) -> Result<(), GameError> {
        pgn::read_codes(self, text).map_err(GameError::Pgn)
    }

    /// Reads a PGN game.
    ///
    /// # Errors
    /// [`GameError::Pgn`] naming the line and token.
    pub fn from_pgn(text: &str) -> Result<Game, GameError> {
        pgn::read(text).map_err(GameError::Pgn)
    }
}

/// How a game ended at `pos`, reached through positions with the repetition `keys` (the last
/// one `pos`'s), if it has.
fn outcome(pos: &Position, rules: Rules, keys: &[u64]) -> Option<Outcome> {
    if !has_legal_turn(pos, rules) {
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
    let key = keys[keys.len() - 1];
    if keys.iter().filter(|&&k| k == key).count() >= 3 {
        return Some(Outcome::ThreefoldRepetition);
    }
    if pos.halfmoves() >= 100 {
        return Some(Outcome::FiftyMoves);
    }
    None
}

/// Dead material (docs/rules.md 1.10): king against king, or king and one bishop or one knight
/// against a lone king. A side without a king (a problem's `NoWk` / `NoBk`) is none of these,
/// whatever it has: 1.10 names kings, so its material is never dead by the rule's letter. The
/// game's outcome and the engine's search both ask this one test.
pub fn dead_material(pos: &Position) -> bool {
    let board = pos.board();
    if board.by_role(Role::King).count() != 2 {
        return false;
    }
    let units = board.occupied().count();
    match units {
        2 => true,
        3 => (board.by_role(Role::Bishop) | board.by_role(Role::Knight)).any(),
        _ => false,
    }
}
