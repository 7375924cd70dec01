//! Why a turn could not be read or played: a text that is no turn code or notation
//! ([`ParseTurnError`]), a well-formed turn that the rules do not allow ([`IllegalTurnError`]),
//! or one that leaves a choice open ([`AmbiguousTurnError`], which carries that [`Choice`]).

use core::fmt;

use crate::entry::{Choice, ChoiceKind};
use crate::turn::{Step, StepToken};
use crate::types::{Role, Square};

/// The text quoted in a message: long input is cut (at a character boundary).
fn quoted(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let start: String = text.chars().take(MAX).collect();
        format!("{start:?}...")
    }
}

/// A text that is not a turn code or literature notation: the bad token and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTurnError {
    pub token: String,
    pub kind: ParseTurnErrorKind,
}

/// What is wrong with the token of a [`ParseTurnError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTurnErrorKind {
    EmptyCode,
    CodeTooLong,
    NotAStep,
    NotAnOwnerPromotion,
    /// This part of the token is not a square.
    NotASquare(String),
    /// A turn-code promotion letter other than q, r, b, n.
    PromotionLetter(char),
    NotationTooLong,
    MissingLead,
    NotSan,
    CannotPromoteTo(Role),
    MissingDestination,
    UnknownPieceLetter(char),
    Unexpected(char),
    OnlyPawnsPromote,
    /// A follower's promotion that is not one letter of Q, R, B, N.
    BadPromotion(String),
    NotAFollower,
    NotATransformation,
    /// A transformation's kind that is not a letter of a kind (the king is none).
    NotAKind(String),
    /// A `(` or `[` without its closing bracket.
    Unclosed(char),
    TextAfterTurn,
}

impl fmt::Display for ParseTurnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTurnErrorKind::EmptyCode => f.write_str("empty turn code"),
            ParseTurnErrorKind::CodeTooLong => f.write_str("turn code too long"),
            ParseTurnErrorKind::NotAStep => {
                f.write_str("expected a step like e2e4 or b7b8q (from square, to square, promotion letter)")
            }
            ParseTurnErrorKind::NotAnOwnerPromotion => {
                f.write_str("expected an owner promotion like c8q (square, letter)")
            }
            ParseTurnErrorKind::NotASquare(s) => write!(f, "{s:?} is not a square"),
            ParseTurnErrorKind::PromotionLetter(c) => {
                write!(f, "promotion letter {c:?} is not one of q, r, b, n")
            }
            ParseTurnErrorKind::NotationTooLong => f.write_str("notation too long"),
            ParseTurnErrorKind::MissingLead => f.write_str("missing the leading move"),
            ParseTurnErrorKind::NotSan => f.write_str("not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"),
            ParseTurnErrorKind::CannotPromoteTo(r) => write!(f, "cannot promote to {}", r.name()),
            ParseTurnErrorKind::MissingDestination => f.write_str("missing destination square"),
            ParseTurnErrorKind::UnknownPieceLetter(c) => write!(f, "unknown piece letter {c:?}"),
            ParseTurnErrorKind::Unexpected(c) => write!(f, "unexpected {c:?}"),
            ParseTurnErrorKind::OnlyPawnsPromote => f.write_str("only pawns promote"),
            ParseTurnErrorKind::BadPromotion(p) => write!(f, "bad promotion {p:?}"),
            ParseTurnErrorKind::NotAFollower => f.write_str("a follower is written like Ng1-e2"),
            ParseTurnErrorKind::NotATransformation => f.write_str("a transformation is written like a1=R"),
            ParseTurnErrorKind::NotAKind(s) => write!(f, "{s:?} is not a kind"),
            ParseTurnErrorKind::Unclosed(c) => write!(f, "missing '{c}'"),
            ParseTurnErrorKind::TextAfterTurn => f.write_str("unexpected text after the turn"),
        }
    }
}

impl ParseTurnError {
    pub(crate) fn new(token: &str, kind: ParseTurnErrorKind) -> ParseTurnError {
        ParseTurnError {
            token: token.to_string(),
            kind,
        }
    }
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad turn {}: {}", quoted(&self.token), self.kind)
    }
}

impl std::error::Error for ParseTurnError {}

/// A well-formed turn that no legal turn matches: the text and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalTurnError {
    pub turn: String,
    pub kind: IllegalTurnKind,
}

/// Why no legal turn matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalTurnKind {
    /// A turn code without a step (only a built [`TurnCode`](crate::TurnCode) can be one).
    NoSteps,
    /// No legal turn is led by the unit on this square (or there is none).
    NoLeader(Square),
    /// The unit leads, but not to this square.
    NoLeadTo {
        from: Square,
        to: Square,
    },
    /// Step `step` (1 = the leader) is not one the rules give after the steps before it.
    WrongStep {
        step: usize,
        expected: Vec<Step>,
        found: StepToken,
    },
    /// The chain ends before step `step`.
    ChainEnded {
        step: usize,
    },
    OwnerPromotions,
    /// Literature notation whose leading move starts no legal turn.
    NoSuchLead,
    /// Literature notation whose chain or transformations are not the rules'.
    WrongChain,
}

impl fmt::Display for IllegalTurnKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalTurnKind::NoSteps => f.write_str("no steps"),
            IllegalTurnKind::NoLeader(from) => write!(f, "no legal turn is led by the unit on {from}"),
            IllegalTurnKind::NoLeadTo { from, to } => write!(f, "no legal turn leads from {from} to {to}"),
            IllegalTurnKind::WrongStep {
                step,
                expected,
                found,
            } => {
                let expected: Vec<String> = expected.iter().map(Step::to_string).collect();
                write!(
                    f,
                    "step {step} must be {} under the rules, not {}{}",
                    expected.join(" or "),
                    found.from,
                    found.to
                )
            }
            IllegalTurnKind::ChainEnded { step } => write!(f, "the chain has ended before step {step}"),
            IllegalTurnKind::OwnerPromotions => {
                f.write_str("the owner promotions do not match the transformations")
            }
            IllegalTurnKind::NoSuchLead => f.write_str("no legal turn has this leading move"),
            IllegalTurnKind::WrongChain => {
                f.write_str("the followers or transformations are not the ones the rules give")
            }
        }
    }
}

impl IllegalTurnError {
    pub(crate) fn new(turn: &str, kind: IllegalTurnKind) -> IllegalTurnError {
        IllegalTurnError {
            turn: turn.to_string(),
            kind,
        }
    }
}

impl fmt::Display for IllegalTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal turn {}: {}", quoted(&self.turn), self.kind)
    }
}

impl std::error::Error for IllegalTurnError {}

/// Several legal turns match: the choice that is still open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmbiguousTurnError {
    pub turn: String,
    pub choice: Choice,
    /// The step (1 = the leader) that the choice is about; for an owner's choice, one past the
    /// last step.
    pub step: usize,
}

impl fmt::Display for AmbiguousTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = &self.choice.options;
        let letters = || {
            let mut letters: Vec<String> = options
                .iter()
                .map(|o| o.promotion.map(|r| r.lower().to_string()).unwrap_or_default())
                .collect();
            letters.dedup();
            letters.join(", ")
        };
        write!(f, "ambiguous turn {}: missing ", quoted(&self.turn))?;
        let first = options.first();
        if self.choice.kind == ChoiceKind::OwnerPromotion {
            let square = first
                .and_then(|o| o.square)
                .map(|s| s.to_string())
                .unwrap_or_default();
            return write!(
                f,
                "the owner's choice for the new pawn on {square}: one of {}",
                letters()
            );
        }
        let same_move = options
            .iter()
            .all(|o| first.is_some_and(|first| (o.from, o.to) == (first.from, first.to)));
        match first.and_then(|o| o.to) {
            Some(to) if same_move => write!(
                f,
                "the promotion on {to} (step {}): one of {}",
                self.step,
                letters()
            ),
            _ => {
                let mut steps: Vec<String> = options
                    .iter()
                    .filter_map(|o| {
                        Some(
                            Step {
                                from: o.from?,
                                to: o.to?,
                                promotion: o.promotion,
                            }
                            .to_string(),
                        )
                    })
                    .collect();
                steps.dedup();
                write!(
                    f,
                    "which unit follows (step {}): one of {}",
                    self.step,
                    steps.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for AmbiguousTurnError {}

/// Why a turn given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnError {
    Parse(ParseTurnError),
    Illegal(IllegalTurnError),
    Ambiguous(AmbiguousTurnError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Parse(e) => e.fmt(f),
            TurnError::Illegal(e) => e.fmt(f),
            TurnError::Ambiguous(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TurnError {}

impl From<ParseTurnError> for TurnError {
    fn from(e: ParseTurnError) -> Self {
        TurnError::Parse(e)
    }
}

impl From<IllegalTurnError> for TurnError {
    fn from(e: IllegalTurnError) -> Self {
        TurnError::Illegal(e)
    }
}
