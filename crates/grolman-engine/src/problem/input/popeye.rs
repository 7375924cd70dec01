//! Popeye's input language, the subset we read (see the crate README): one or more problems
//! between `BeginProblem` and `EndProblem`, with twins.

use grolman::{Board, Castling, CastlingSide, Color, Piece, Position, Role, Setup, Square, Variant};

use super::{error, ProblemError, ProblemErrorKind as Kind, Token};
use crate::problem::{Options, Problem, Stipulation, Twin};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    BeginProblem,
    EndProblem,
    NextProblem,
    Title,
    Author,
    Origin,
    Award,
    Remark,
    Condition,
    Option,
    Pieces,
    Forsyth,
    Stipulation,
    Twin,
    Intended,
}

const KEYWORDS: [(&str, Keyword); 15] = [
    ("beginproblem", Keyword::BeginProblem),
    ("endproblem", Keyword::EndProblem),
    ("nextproblem", Keyword::NextProblem),
    ("title", Keyword::Title),
    ("author", Keyword::Author),
    ("origin", Keyword::Origin),
    ("award", Keyword::Award),
    ("remark", Keyword::Remark),
    ("condition", Keyword::Condition),
    ("option", Keyword::Option),
    ("pieces", Keyword::Pieces),
    ("forsyth", Keyword::Forsyth),
    ("stipulation", Keyword::Stipulation),
    ("twin", Keyword::Twin),
    ("intended", Keyword::Intended),
];

/// A keyword, written in full or (as Popeye allows) abbreviated to a unique prefix of at least
/// three letters.
pub(super) fn keyword(word: &str) -> Option<Keyword> {
    let w = word.to_ascii_lowercase();
    if let Some(&(_, k)) = KEYWORDS.iter().find(|(name, _)| *name == w) {
        return Some(k);
    }
    if w.len() < 3 {
        return None;
    }
    let mut found = KEYWORDS.iter().filter(|(name, _)| name.starts_with(&w));
    match (found.next(), found.next()) {
        (Some(&(_, k)), None) => Some(k),
        _ => None,
    }
}

fn prefix_of(word: &str, full: &str, least: usize) -> bool {
    let w = word.to_ascii_lowercase();
    w.len() >= least.min(full.len()) && full.starts_with(&w)
}

/// One change of a twin, applied to a board.
#[derive(Clone, Debug)]
enum Change {
    Move(Square, Square),
    Remove(Square),
    Add(Piece, Square),
    Exchange(Square, Square),
    Stipulation(Stipulation),
}

pub(super) struct Popeye {
    tokens: Vec<Token>,
    at: usize,
}

/// What one `BeginProblem ... EndProblem` section says before it becomes positions.
struct Draft {
    start: Token,
    title: String,
    variant: Variant,
    intended: usize,
    options: Options,
    board: Option<(Board, Token)>,
    stipulation: Option<Stipulation>,
    twins: Vec<(Token, bool, Vec<Change>)>,
}

impl Popeye {
    pub(super) fn new(tokens: Vec<Token>) -> Popeye {
        Popeye { tokens, at: 0 }
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn last_line(&self) -> usize {
        self.tokens.last().map_or(1, |t| t.line)
    }

    fn expect(&mut self, what: &'static str, after: &Token) -> Result<Token, ProblemError> {
        self.next().ok_or_else(|| ProblemError {
            line: after.line,
            token: after.text.clone(),
            kind: Kind::EndOfInput { expected: what },
        })
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
            let Some(kw) = keyword(&tok.text) else {
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
                Keyword::Condition => self.condition(&tok, &mut draft)?,
                Keyword::Option => self.option(&tok, &mut draft)?,
                Keyword::Pieces => {
                    let board = self.pieces(&tok)?;
                    draft.board = Some((board, tok));
                }
                Keyword::Forsyth => {
                    let t = self.expect("a board in Forsyth notation", &tok)?;
                    draft.board = Some((forsyth(&t)?, tok));
                }
                Keyword::Stipulation => {
                    let t = self.expect("a stipulation such as #2, h#2 or s#2", &tok)?;
                    draft.stipulation = Some(stipulation(&t)?);
                }
                Keyword::Twin => {
                    let (continued, changes) = self.twin(&tok)?;
                    draft.twins.push((tok, continued, changes));
                }
                Keyword::Intended => {
                    let t = self.expect("a number of solutions", &tok)?;
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

    /// Words up to the next keyword.
    fn words(&mut self) -> Vec<Token> {
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            if keyword(&t.text).is_some() {
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
            let lower = w.text.to_ascii_lowercase();
            draft.variant = match lower.as_str() {
                "grolmanchess" | "kazanchess" => Variant::Grolman,
                "tatarstanchess" => Variant::Tatarstan,
                "followmyleader" => return Err(error(&w, Kind::FollowMyLeader)),
                _ => return Err(error(&w, Kind::UnsupportedCondition)),
            };
        }
        Ok(())
    }

    fn option(&mut self, tok: &Token, draft: &mut Draft) -> Result<(), ProblemError> {
        let words = self.words();
        if words.is_empty() {
            return Err(error(tok, Kind::NoOption));
        }
        for w in words {
            if prefix_of(&w.text, "nothreat", 3) {
                draft.options.no_threat = true;
            } else if prefix_of(&w.text, "try", 3) {
                draft.options.tries = Some(1);
            } else if prefix_of(&w.text, "setplay", 3) {
                draft.options.set_play = true;
            } else if !(prefix_of(&w.text, "variation", 3)
                || prefix_of(&w.text, "noboard", 3)
                || prefix_of(&w.text, "intelligent", 3))
            {
                return Err(error(&w, Kind::UnsupportedOption));
            }
        }
        Ok(())
    }

    fn pieces(&mut self, tok: &Token) -> Result<Board, ProblemError> {
        let mut board = Board::empty();
        let mut color = None;
        let words = self.words();
        if words.is_empty() {
            return Err(error(tok, Kind::NoPieces));
        }
        for w in words {
            if let Some(c) = color_word(&w)? {
                color = Some(c);
                continue;
            }
            let Some(c) = color else {
                return Err(error(&w, Kind::NoColorBeforePieces));
            };
            let (role, squares) = piece_spec(&w)?;
            for sq in squares {
                if board.piece_at(sq).is_some() {
                    return Err(error(&w, Kind::Occupied(sq)));
                }
                board.put(sq, Piece::new(c, role));
            }
        }
        Ok(board)
    }

    fn twin(&mut self, tok: &Token) -> Result<(bool, Vec<Change>), ProblemError> {
        let mut continued = false;
        let mut changes = Vec::new();
        while let Some(t) = self.peek().cloned() {
            let w = t.text.to_ascii_lowercase();
            let change = if prefix_of(&w, "continued", 4) {
                self.at += 1;
                continued = true;
                continue;
            } else if prefix_of(&w, "move", 4) {
                self.at += 1;
                let a = self.square(&t)?;
                let b = self.square(&t)?;
                Change::Move(a, b)
            } else if prefix_of(&w, "remove", 4) {
                self.at += 1;
                Change::Remove(self.square(&t)?)
            } else if prefix_of(&w, "exchange", 4) {
                self.at += 1;
                let a = self.square(&t)?;
                let b = self.square(&t)?;
                Change::Exchange(a, b)
            } else if prefix_of(&w, "add", 3) {
                self.at += 1;
                let c = self.expect("'White' or 'Black'", &t)?;
                let color = color_word(&c)?.ok_or_else(|| error(&c, Kind::ExpectedColor))?;
                let p = self.expect("a piece such as Pe4", &c)?;
                let (role, squares) = piece_spec(&p)?;
                if squares.len() != 1 {
                    return Err(error(&p, Kind::AddOneAtATime));
                }
                Change::Add(Piece::new(color, role), squares[0])
            } else if prefix_of(&w, "stipulation", 4) {
                self.at += 1;
                let s = self.expect("a stipulation", &t)?;
                Change::Stipulation(stipulation(&s)?)
            } else if keyword(&w).is_some() {
                break;
            } else {
                return Err(error(&t, Kind::UnsupportedTwinChange));
            };
            changes.push(change);
        }
        if changes.is_empty() {
            return Err(error(tok, Kind::NoTwinChange));
        }
        Ok((continued, changes))
    }

    fn square(&mut self, after: &Token) -> Result<Square, ProblemError> {
        let t = self.expect("a square", after)?;
        Square::parse(&t.text.to_ascii_lowercase()).ok_or_else(|| error(&t, Kind::BadSquare))
    }
}

fn color_word(w: &Token) -> Result<Option<Color>, ProblemError> {
    let lower = w.text.to_ascii_lowercase();
    if prefix_of(&lower, "white", 3) {
        Ok(Some(Color::White))
    } else if prefix_of(&lower, "black", 3) {
        Ok(Some(Color::Black))
    } else if prefix_of(&lower, "neutral", 3) {
        Err(error(w, Kind::NeutralPiece))
    } else {
        Ok(None)
    }
}

/// `Ke1`, `Pa2b2c2`: a piece letter (English: K Q R B S or N P) and one or more squares.
fn piece_spec(w: &Token) -> Result<(Role, Vec<Square>), ProblemError> {
    let lower = w.text.to_ascii_lowercase();
    let mut chars = lower.chars();
    let letter = chars.next().unwrap_or(' ');
    let role = match letter {
        'k' => Role::King,
        'q' => Role::Queen,
        'r' => Role::Rook,
        'b' => Role::Bishop,
        's' | 'n' => Role::Knight,
        'p' => Role::Pawn,
        _ => return Err(error(w, Kind::UnknownPiece)),
    };
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

fn forsyth(t: &Token) -> Result<Board, ProblemError> {
    // Popeye writes knights as S; the FEN reader wants N.
    let placement: String = t
        .text
        .chars()
        .map(|c| match c {
            'S' => 'N',
            's' => 'n',
            c => c,
        })
        .collect();
    placement.parse().map_err(|e| error(t, Kind::Forsyth(e)))
}

fn stipulation(t: &Token) -> Result<Stipulation, ProblemError> {
    t.text.parse().map_err(|e| error(t, Kind::Stipulation(e)))
}

impl Draft {
    fn new(start: Token) -> Draft {
        Draft {
            start,
            title: String::new(),
            variant: Variant::Orthodox,
            intended: 1,
            options: Options::default(),
            board: None,
            stipulation: None,
            twins: Vec::new(),
        }
    }

    fn finish(self) -> Result<Problem, ProblemError> {
        let Some((board, board_token)) = self.board else {
            return Err(error(&self.start, Kind::NoBoard));
        };
        let Some(stipulation) = self.stipulation else {
            return Err(error(&self.start, Kind::NoStipulation));
        };
        let mut twins = vec![Twin {
            label: String::new(),
            change: String::new(),
            position: setup(&board, stipulation, &board_token)?,
            stipulation,
        }];
        let mut previous = (board.clone(), stipulation);
        for (i, (tok, continued, changes)) in self.twins.iter().enumerate() {
            let (mut b, mut s) = if *continued {
                previous.clone()
            } else {
                (board.clone(), stipulation)
            };
            let mut words = Vec::new();
            for change in changes {
                apply(&mut b, &mut s, change, tok)?;
                words.push(describe(change));
            }
            twins.push(Twin {
                label: format!("{})", (b'b' + i as u8) as char),
                change: words.join(", "),
                position: setup(&b, s, tok)?,
                stipulation: s,
            });
            previous = (b, s);
        }
        if twins.len() > 1 {
            twins[0].label = "a)".into();
        }
        Ok(Problem {
            title: self.title,
            variant: self.variant,
            intended: self.intended,
            options: self.options,
            twins,
            illegal: Vec::new(),
        })
    }
}

fn apply(
    board: &mut Board,
    stip: &mut Stipulation,
    change: &Change,
    tok: &Token,
) -> Result<(), ProblemError> {
    let empty = |sq: Square| error(tok, Kind::TwinEmpty(sq));
    match *change {
        Change::Move(a, b) => {
            let p = board.take(a).ok_or_else(|| empty(a))?;
            board.take(b);
            board.put(b, p);
        }
        Change::Remove(a) => {
            board.take(a).ok_or_else(|| empty(a))?;
        }
        Change::Add(p, a) => {
            if board.piece_at(a).is_some() {
                return Err(error(tok, Kind::TwinOccupied(a)));
            }
            board.put(a, p);
        }
        Change::Exchange(a, b) => {
            let pa = board.take(a).ok_or_else(|| empty(a))?;
            let pb = board.take(b).ok_or_else(|| empty(b))?;
            board.put(a, pb);
            board.put(b, pa);
        }
        Change::Stipulation(s) => *stip = s,
    }
    Ok(())
}

fn describe(change: &Change) -> String {
    let name = |p: Piece| {
        format!(
            "{}{}",
            if p.color == Color::White { "w" } else { "b" },
            p.role.upper()
        )
    };
    match *change {
        Change::Move(a, b) => format!("{a}-->{b}"),
        Change::Remove(a) => format!("-{a}"),
        Change::Add(p, a) => format!("+{}{a}", name(p)),
        Change::Exchange(a, b) => format!("{a}<-->{b}"),
        Change::Stipulation(s) => format!("stipulation {s}"),
    }
}

/// The position of a diagram: White moves first except in helpmates of whole moves; castling
/// rights wherever king and rook stand on their initial squares (as in Popeye).
fn setup(board: &Board, stip: Stipulation, tok: &Token) -> Result<Position, ProblemError> {
    let turn = if stip.white_first() {
        Color::White
    } else {
        Color::Black
    };
    let mut castling = Castling::NONE;
    for color in Color::ALL {
        for side in [CastlingSide::King, CastlingSide::Queen] {
            let (king, rook, _, _) = Castling::squares(color, side);
            if board.piece_at(king) == Some(Piece::new(color, Role::King))
                && board.piece_at(rook) == Some(Piece::new(color, Role::Rook))
            {
                castling.0 |= Castling::bit(color, side);
            }
        }
    }
    Position::from_setup(Setup {
        board: board.clone(),
        turn,
        castling,
        ep: None,
        halfmoves: 0,
        fullmoves: 1,
    })
    .map_err(|e| error(tok, Kind::IllegalPosition(e)))
}
