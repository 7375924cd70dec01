//! Popeye's input language in English, French or German: one or more problems between
//! `BeginProblem` and `EndProblem` (`DebutProbleme` / `FinProbleme`, `AnfangProblem` /
//! `EndeProblem`), with options (`options.rs`), twins (`twin.rs`) and our conditions.

use grolman::{Board, Color, Piece, Position, Role, Square, Variant};

use super::draft::Draft;
use super::language::{Keyword, Language, TwinWord};
use super::twin::{Change, Mirror};
use super::{error, Expected, ProblemError, ProblemErrorKind as Kind, Token};
use crate::problem::{Problem, Stipulation};

pub(super) struct Popeye {
    tokens: Vec<Token>,
    at: usize,
    pub(super) language: Language,
}

impl Popeye {
    pub(super) fn new(tokens: Vec<Token>, language: Language) -> Popeye {
        Popeye {
            tokens,
            at: 0,
            language,
        }
    }

    pub(super) fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    pub(super) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn last_line(&self) -> usize {
        self.tokens.last().map_or(1, |t| t.line)
    }

    pub(super) fn expect(&mut self, what: Expected, after: &Token) -> Result<Token, ProblemError> {
        self.next().ok_or_else(|| ProblemError {
            line: after.line,
            token: after.text.clone(),
            kind: Kind::EndOfInput { expected: what },
        })
    }

    fn keyword(&self, word: &str) -> Option<Keyword> {
        self.language.keyword(word)
    }

    /// The rest of the line of `token`, for titles and remarks.
    fn rest_of_line(&mut self, token: &Token) -> String {
        let mut words = Vec::new();
        while let Some(t) = self.peek() {
            if t.line != token.line {
                break;
            }
            words.push(t.text.clone());
            self.at += 1;
        }
        words.join(" ")
    }

    pub(super) fn problems(mut self) -> Result<Vec<Problem>, ProblemError> {
        let mut out = Vec::new();
        let begin = self.next().expect("checked by the caller");
        let mut draft = Draft::new(begin);
        loop {
            let Some(tok) = self.next() else {
                return Err(ProblemError {
                    line: self.last_line(),
                    token: String::new(),
                    kind: Kind::MissingEndProblem,
                });
            };
            let Some(kw) = self.keyword(&tok.text) else {
                return Err(error(&tok, Kind::UnknownKeyword));
            };
            match kw {
                Keyword::BeginProblem => return Err(error(&tok, Kind::BeginInsideProblem)),
                Keyword::EndProblem => {
                    out.push(draft.finish()?);
                    if let Some(t) = self.next() {
                        return Err(error(&t, Kind::TextAfterEndProblem));
                    }
                    return Ok(out);
                }
                Keyword::NextProblem => {
                    out.push(draft.finish()?);
                    draft = Draft::new(tok);
                }
                Keyword::Title => draft.title = self.rest_of_line(&tok),
                Keyword::Author | Keyword::Origin | Keyword::Award | Keyword::Remark => {
                    self.rest_of_line(&tok);
                }
                // Popeye copies its output (or a LaTeX diagram) into this file; ours goes to
                // standard output only.
                Keyword::Protocol | Keyword::LaTeX => {
                    self.expect(Expected::FileName, &tok)?;
                }
                Keyword::LaTeXPieces => self.latex_pieces()?,
                Keyword::SStipulation => return Err(error(&tok, Kind::StructuredStipulation)),
                Keyword::InitialGameArray => {
                    // Units given with Pieces before or after it stay (as in Popeye).
                    let mut board = draft.board.take().map_or_else(Board::empty, |(b, _)| b);
                    for (sq, p) in Position::start().board().pieces() {
                        board.take(sq);
                        board.put(sq, p);
                    }
                    draft.board = Some((board, tok));
                }
                Keyword::ZeroPosition => {
                    let (_, changes) = self.twin(&tok)?;
                    draft.zero = Some((tok, changes));
                }
                Keyword::Condition => self.condition(&tok, &mut draft)?,
                Keyword::Option => self.option(&tok, &mut draft)?,
                Keyword::Pieces => {
                    // A second Pieces command adds units (replacing any on the same square).
                    let mut board = draft.board.take().map_or_else(Board::empty, |(b, _)| b);
                    self.pieces(&tok, &mut board)?;
                    draft.board = Some((board, tok));
                }
                Keyword::Forsyth => {
                    let t = self.expect(Expected::Forsyth, &tok)?;
                    draft.board = Some((self.forsyth(&t)?, tok));
                }
                Keyword::Stipulation => {
                    let t = self.expect(Expected::Stipulation, &tok)?;
                    draft.stipulation = Some(stipulation(&t)?);
                }
                Keyword::Twin => {
                    let (continued, changes) = self.twin(&tok)?;
                    draft.twins.push((tok, continued, changes));
                }
                Keyword::Intended => {
                    let t = self.expect(Expected::SolutionCount, &tok)?;
                    draft.intended = t
                        .text
                        .parse()
                        .ok()
                        .filter(|n| *n >= 1)
                        .ok_or_else(|| error(&t, Kind::BadIntended))?;
                }
            }
        }
    }

    /// `LaTeXPieces`' entries, read as Popeye reads them and dropped (they name fairy pieces
    /// for its LaTeX diagram): a piece of one or two letters, its LaTeX abbreviation, and its
    /// full name to the end of that line; a longer word ends them (a keyword).
    fn latex_pieces(&mut self) -> Result<(), ProblemError> {
        while let Some(piece) = self.peek().filter(|t| t.text.chars().count() <= 2).cloned() {
            self.at += 1;
            let abbreviation = self.expect(Expected::LaTeXName, &piece)?;
            self.rest_of_line(&abbreviation);
        }
        Ok(())
    }

    /// Words up to the next keyword.
    pub(super) fn words(&mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            if self.keyword(&t.text).is_some() {
                break;
            }
            out.push(t.clone());
            self.at += 1;
        }
        out
    }

    fn condition(&mut self, tok: &Token, draft: &mut Draft) -> Result<(), ProblemError> {
        let words = self.words();
        if words.is_empty() {
            return Err(error(tok, Kind::NoCondition));
        }
        for w in words {
            draft.variant = condition(&w)?;
        }
        Ok(())
    }

    /// Units after a colour word, until the next keyword: `White Ke1 Ra1 Black Ke8`.
    fn pieces(&mut self, tok: &Token, board: &mut Board) -> Result<(), ProblemError> {
        let words = self.words();
        if words.is_empty() {
            return Err(error(tok, Kind::NoPieces));
        }
        let mut color = None;
        for w in words {
            if let Some(c) = self.color_word(&w)? {
                color = Some(c);
                continue;
            }
            let Some(c) = color else {
                return Err(error(&w, Kind::NoColorBeforePieces));
            };
            let (role, squares) = self.piece_spec(&w)?;
            for sq in squares {
                board.take(sq);
                board.put(sq, Piece::new(c, role));
            }
        }
        Ok(())
    }

    fn twin(&mut self, tok: &Token) -> Result<(bool, Vec<Change>), ProblemError> {
        let mut continued = false;
        let mut changes = Vec::new();
        while let Some(t) = self.peek().cloned() {
            let Some(word) = self.language.twin_word(&t.text) else {
                if self.keyword(&t.text).is_some() {
                    break;
                }
                return Err(error(&t, Kind::UnsupportedTwinChange));
            };
            self.at += 1;
            let change = match word {
                TwinWord::Continued => {
                    continued = true;
                    continue;
                }
                TwinWord::Move => Change::Move(self.square(&t)?, self.square(&t)?),
                TwinWord::Remove => Change::Remove(self.square(&t)?),
                TwinWord::Exchange => Change::Exchange(self.square(&t)?, self.square(&t)?),
                TwinWord::Add => Change::Add(self.added(&t)?),
                TwinWord::Substitute => {
                    let a = self.expect(Expected::TwoPieceLetters, &t)?;
                    let b = self.expect(Expected::SecondPieceLetter, &a)?;
                    Change::Substitute(self.piece_letter(&a)?, self.piece_letter(&b)?)
                }
                TwinWord::Rotate => {
                    let n = self.expect(Expected::Degrees, &t)?;
                    match n.text.as_str() {
                        "90" => Change::Rotate(90),
                        "180" => Change::Rotate(180),
                        "270" => Change::Rotate(270),
                        _ => return Err(error(&n, Kind::BadRotation)),
                    }
                }
                TwinWord::Mirror => {
                    let m = self.expect(Expected::MirrorAxis, &t)?;
                    Change::Mirror(Mirror::parse(&m.text).ok_or_else(|| error(&m, Kind::BadMirror))?)
                }
                TwinWord::Shift => {
                    let a = self.square(&t)?;
                    let b = self.square(&t)?;
                    Change::Shift(b.file() as i8 - a.file() as i8, b.rank() as i8 - a.rank() as i8)
                }
                TwinWord::PolishType => Change::PolishType,
                TwinWord::Stipulation => {
                    let s = self.expect(Expected::TwinStipulation, &t)?;
                    Change::Stipulation(stipulation(&s)?)
                }
                TwinWord::Condition => {
                    let c = self.expect(Expected::Condition, &t)?;
                    Change::Condition(condition(&c)?)
                }
            };
            changes.push(change);
        }
        if changes.is_empty() {
            return Err(error(tok, Kind::NoTwinChange));
        }
        Ok((continued, changes))
    }

    /// `Add White Pe4 Sf3 Black Pd5`: units after colour words, up to the next twin change or
    /// keyword.
    fn added(&mut self, after: &Token) -> Result<Vec<(Piece, Square)>, ProblemError> {
        let c = self.expect(Expected::Colour, after)?;
        let mut color = self
            .color_word(&c)?
            .ok_or_else(|| error(&c, Kind::ExpectedColor))?;
        let mut units = Vec::new();
        while let Some(t) = self.peek().cloned() {
            if self.language.twin_word(&t.text).is_some() || self.keyword(&t.text).is_some() {
                break;
            }
            self.at += 1;
            if let Some(other) = self.color_word(&t)? {
                color = other;
                continue;
            }
            let (role, squares) = self.piece_spec(&t)?;
            units.extend(squares.into_iter().map(|sq| (Piece::new(color, role), sq)));
        }
        if units.is_empty() {
            return Err(error(
                &c,
                Kind::EndOfInput {
                    expected: Expected::Piece,
                },
            ));
        }
        Ok(units)
    }

    pub(super) fn square(&mut self, after: &Token) -> Result<Square, ProblemError> {
        let t = self.expect(Expected::Square, after)?;
        Square::parse(&t.text.to_ascii_lowercase()).ok_or_else(|| error(&t, Kind::BadSquare))
    }

    fn color_word(&self, w: &Token) -> Result<Option<Color>, ProblemError> {
        if w.text.chars().any(|c| c.is_ascii_digit()) {
            return Ok(None);
        }
        self.language
            .color(&w.text)
            .map_err(|()| error(w, Kind::NeutralPiece))
    }

    fn piece_letter(&self, w: &Token) -> Result<Role, ProblemError> {
        let mut chars = w.text.chars();
        match (chars.next().and_then(|c| self.language.role(c)), chars.next()) {
            (Some(role), None) => Ok(role),
            _ => Err(error(w, Kind::UnknownPiece(self.language.letters()))),
        }
    }

    /// `Ke1`, `Pa2b2c2`: a piece letter of the language and one or more squares.
    fn piece_spec(&self, w: &Token) -> Result<(Role, Vec<Square>), ProblemError> {
        let lower = w.text.to_ascii_lowercase();
        let mut chars = lower.chars();
        let letter = chars.next().unwrap_or(' ');
        let role = self
            .language
            .role(letter)
            .ok_or_else(|| error(w, Kind::UnknownPiece(self.language.letters())))?;
        let rest: Vec<char> = chars.collect();
        if rest.is_empty() || !rest.len().is_multiple_of(2) {
            return Err(error(w, Kind::PieceWithoutSquares));
        }
        let mut squares = Vec::new();
        for pair in rest.chunks(2) {
            let s: String = pair.iter().collect();
            let sq = Square::parse(&s).ok_or_else(|| error(w, Kind::NotASquare(s)))?;
            squares.push(sq);
        }
        Ok((role, squares))
    }

    /// A Forsyth placement in the language's piece letters (upper case White, as in FEN).
    fn forsyth(&self, t: &Token) -> Result<Board, ProblemError> {
        let mut placement = String::new();
        for c in t.text.chars() {
            if c.is_ascii_alphabetic() {
                let role = self
                    .language
                    .role(c)
                    .ok_or_else(|| error(t, Kind::UnknownPiece(self.language.letters())))?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                placement.push(Piece::new(color, role).char());
            } else {
                placement.push(c);
            }
        }
        placement.parse().map_err(|e| error(t, Kind::Forsyth(e)))
    }
}

/// Our conditions, in any of the three languages.
fn condition(w: &Token) -> Result<Variant, ProblemError> {
    match w.text.to_ascii_lowercase().as_str() {
        "grolmanchess" | "kazanchess" | "grolmanschach" | "kasanschach" | "kazanschach" | "echecsgrolman"
        | "echecskazan" => Ok(Variant::Grolman),
        "tatarstanchess" | "tatarstanschach" | "echecstatarstan" => Ok(Variant::Tatarstan),
        // No condition: what a twin writes to go back to plain chess.
        "orthodoxchess" | "orthodoxesschach" | "echecsorthodoxes" => Ok(Variant::Orthodox),
        "followmyleader"
        | "whitefollowmyleader"
        | "blackfollowmyleader"
        | "weisserverfolgungszueger"
        | "schwarzerverfolgungszueger"
        | "blancpoursuite"
        | "noirpoursuite" => Err(error(w, Kind::FollowMyLeader)),
        _ => Err(error(w, Kind::UnsupportedCondition)),
    }
}

pub(super) fn stipulation(t: &Token) -> Result<Stipulation, ProblemError> {
    t.text.parse().map_err(|e| error(t, Kind::Stipulation(e)))
}
