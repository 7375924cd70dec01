//! A turn and its story: the steps, the events the board replays, and the turn code.

use core::fmt;

use serde::Serialize;

use crate::position::{CastlingSide, Position};
use crate::slice::part;
use crate::turn_error::{ParseTurnError, ParseTurnErrorKind};
use crate::types::{Color, Piece, Role, Square};

/// One move of the chain: the leader's or a follower's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Step {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl Step {
    /// Appends the UCI form (`e2e4`, `b7b8q`) to `s`.
    pub fn push_to(&self, s: &mut String) {
        self.from.push_to(s);
        self.to.push_to(s);
        if let Some(r) = self.promotion {
            s.push(r.lower());
        }
    }
}

impl fmt::Display for Step {
    /// UCI form: `e2e4`, `b7b8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(5);
        self.push_to(&mut s);
        f.write_str(&s)
    }
}

/// A Tatarstan last-rank promotion chosen by the unit's owner (docs/rules.md 3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct OwnerPromotion {
    pub square: Square,
    pub role: Role,
}

/// A unit captured by the leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Capture {
    pub square: Square,
    pub piece: Piece,
}

/// The rook's part of a castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CastleRook {
    pub rook_from: Square,
    pub rook_to: Square,
}

/// A unit that could move to a vacated square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Candidate {
    pub square: Square,
    pub role: Role,
    /// The vacated square it can reach.
    pub to: Square,
}

/// Why this unit followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowReason {
    /// It was the only candidate.
    Only,
    /// It was the one unit of the weakest kind among several candidates.
    Weakest,
    /// The player picked it among units of the weakest kind (or among the two castling squares).
    Choice,
}

/// Which right lapsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Right {
    Castling,
    EnPassant,
}

/// One thing that happened during a turn, in order. Replaying the events of a turn on the
/// position before it gives the position after it; each event carries its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The leading move (docs/rules.md 1.2).
    Lead {
        from: Square,
        to: Square,
        piece: Piece,
        capture: Option<Capture>,
        promotion: Option<Role>,
        castle: Option<CastleRook>,
        /// The capture is en passant (`capture` then names the passed pawn's square).
        #[serde(rename = "enPassant")]
        en_passant: bool,
    },
    /// Squares just vacated and every unit that could move there (docs/rules.md 1.3). No units: the
    /// chain ends.
    Candidates {
        vacated: Vec<Square>,
        units: Vec<Candidate>,
        weakest: Option<Role>,
        choice: bool,
    },
    /// A follower's move.
    Follow {
        from: Square,
        to: Square,
        piece: Piece,
        promotion: Option<Role>,
        reason: FollowReason,
    },
    /// A Tatarstan stage that transforms something begins (docs/rules.md 3.3).
    Stage { role: Role },
    /// A unit changes kind because a unit of kind `stage` on `defender` defends it.
    Transform {
        square: Square,
        color: Color,
        from: Role,
        to: Role,
        defender: Square,
        stage: Role,
        wave: u8,
        /// The owner's choice when it became a pawn on its last rank (docs/rules.md 3.5).
        promotion: Option<Role>,
    },
    /// A castling or en passant right lapsed.
    RightLapsed {
        right: Right,
        #[serde(skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
        #[serde(skip_serializing_if = "Option::is_none")]
        side: Option<CastlingSide>,
        #[serde(skip_serializing_if = "Option::is_none")]
        square: Option<Square>,
    },
}

/// A legal turn with everything needed to show and explain it.
#[derive(Debug, Clone, Serialize)]
pub struct Turn {
    /// Turn code (docs/rules.md 4.2).
    pub code: String,
    /// Literature notation (docs/rules.md 4.1), with `+` or `#`.
    pub notation: String,
    /// The leading move in SAN, without `+` or `#`.
    pub san: String,
    pub from: Square,
    pub to: Square,
    /// FEN of the position after the turn.
    pub fen: String,
    pub check: bool,
    pub mate: bool,
    pub events: Vec<Event>,
    #[serde(skip)]
    pub steps: Vec<Step>,
    #[serde(skip)]
    pub owner_promotions: Vec<OwnerPromotion>,
    #[serde(skip)]
    pub after: Position,
}

impl Turn {
    /// The followers' steps (every step but the leader's).
    pub fn followers(&self) -> &[Step] {
        &self.steps[1..]
    }

    /// Transformations as (square, final kind), in notation order.
    pub fn transforms(&self) -> impl Iterator<Item = (Square, Role)> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Transform {
                square,
                to,
                promotion,
                ..
            } => Some((*square, promotion.unwrap_or(*to))),
            _ => None,
        })
    }
}

/// Writes a turn code: steps joined by commas, then `;` + square + letter per owner promotion.
pub fn write_code(steps: &[Step], promotions: &[OwnerPromotion]) -> String {
    let mut s = String::with_capacity(steps.len() * 6 + promotions.len() * 4);
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        step.push_to(&mut s);
    }
    for p in promotions {
        s.push(';');
        p.square.push_to(&mut s);
        s.push(p.role.lower());
    }
    s
}

/// Longer than any turn code: 16 steps (111 bytes) and 30 owner promotions (120 bytes).
const MAX_CODE_LEN: usize = 240;

/// One step of a turn code as written: the promotion may be left out (to be asked for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepToken {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// A turn code or a prefix of one, as read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnCode {
    pub steps: Vec<StepToken>,
    pub owner_promotions: Vec<OwnerPromotion>,
}

fn syntax(token: &str, kind: ParseTurnErrorKind) -> ParseTurnError {
    ParseTurnError::new(token, kind)
}

fn parse_promotion_letter(token: &str, c: char) -> Result<Role, ParseTurnError> {
    match Role::from_char(c) {
        Some(r) if Role::PROMOTIONS.contains(&r) && c.is_ascii_lowercase() => Ok(r),
        _ => Err(syntax(token, ParseTurnErrorKind::PromotionLetter(c))),
    }
}

impl TurnCode {
    /// Reads a turn code or a prefix of one, e.g. `e2e4,g1e2,h1g1` or `e2e4,g1e2;c8q`.
    ///
    /// ```
    /// use grolman::TurnCode;
    /// let code = TurnCode::parse("e1g1,f3e1;a1r").unwrap();
    /// assert_eq!(code.steps.len(), 2);
    /// assert_eq!(code.owner_promotions.len(), 1);
    /// assert!(TurnCode::parse("e2e9").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`ParseTurnError`] naming the bad token.
    pub fn parse(text: &str) -> Result<TurnCode, ParseTurnError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(syntax(text, ParseTurnErrorKind::EmptyCode));
        }
        if text.len() > MAX_CODE_LEN {
            let start: String = text.chars().take(20).collect();
            return Err(syntax(&start, ParseTurnErrorKind::CodeTooLong));
        }
        let mut parts = text.split(';');
        let chain = parts.next().unwrap_or("");
        let mut code = TurnCode::default();
        for token in chain.split(',') {
            let token = token.trim();
            let b = token.as_bytes();
            if !(b.len() == 4 || b.len() == 5) || !token.is_ascii() {
                return Err(syntax(token, ParseTurnErrorKind::NotAStep));
            }
            let from = Square::from_bytes(b[0], b[1]).ok_or_else(|| {
                syntax(
                    token,
                    ParseTurnErrorKind::NotASquare(part(token, 0..2).to_string()),
                )
            })?;
            let to = Square::from_bytes(b[2], b[3]).ok_or_else(|| {
                syntax(
                    token,
                    ParseTurnErrorKind::NotASquare(part(token, 2..4).to_string()),
                )
            })?;
            let promotion = match b.get(4) {
                Some(&c) => Some(parse_promotion_letter(token, c as char)?),
                None => None,
            };
            code.steps.push(StepToken { from, to, promotion });
        }
        for token in parts {
            let token = token.trim();
            let b = token.as_bytes();
            if b.len() != 3 || !token.is_ascii() {
                return Err(syntax(token, ParseTurnErrorKind::NotAnOwnerPromotion));
            }
            let square = Square::from_bytes(b[0], b[1]).ok_or_else(|| {
                syntax(
                    token,
                    ParseTurnErrorKind::NotASquare(part(token, 0..2).to_string()),
                )
            })?;
            let role = parse_promotion_letter(token, b[2] as char)?;
            code.owner_promotions.push(OwnerPromotion { square, role });
        }
        Ok(code)
    }

    /// Whether a turn with these steps and owner promotions starts with this (prefix) code.
    pub fn matches(&self, steps: &[Step], promotions: &[OwnerPromotion]) -> bool {
        self.steps.len() <= steps.len()
            && self.owner_promotions.len() <= promotions.len()
            && self.steps.iter().zip(steps).all(|(t, s)| {
                t.from == s.from && t.to == s.to && (t.promotion.is_none() || t.promotion == s.promotion)
            })
            && self.owner_promotions.iter().zip(promotions).all(|(a, b)| a == b)
    }
}
