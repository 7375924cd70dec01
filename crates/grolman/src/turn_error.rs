//! Why a turn could not be read or played: a text that is no turn code or notation
//! ([`ParseTurnError`]), a well-formed turn that the rules do not allow ([`IllegalTurnError`]),
//! or one that leaves a choice open ([`AmbiguousTurnError`], which carries that [`Choice`]).

use core::fmt;

use crate::coded::{codes, Coded, Facts};
use crate::entry::{Choice, ChoiceKind};
use crate::turn::{Step, StepToken};
use crate::types::{Role, Square};

/// The text quoted in a message: long input is cut (at a character boundary).
fn quoted(text: &str) -> String {
    match cut(text) {
        (start, false) => format!("{start:?}"),
        (start, true) => format!("{start:?}..."),
    }
}

/// The start of a long text a message names, and whether it was cut.
fn cut(text: &str) -> (String, bool) {
    const MAX: usize = 60;
    (text.chars().take(MAX).collect(), text.chars().count() > MAX)
}

/// The text as an error's fact: long input cut, with "..." after it.
fn cut_fact(text: &str) -> String {
    match cut(text) {
        (start, false) => start,
        (start, true) => start + "...",
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

codes!(ParseTurnError {
    ParseTurnError { .. } => "turn.bad",
});

impl Coded for ParseTurnError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        Facts::new()
            .text("token", cut_fact(&self.token))
            .cause(&self.kind)
    }
}

codes!(ParseTurnErrorKind {
    ParseTurnErrorKind::EmptyCode => "turn.empty-code",
    ParseTurnErrorKind::CodeTooLong => "turn.code-too-long",
    ParseTurnErrorKind::NotAStep => "turn.not-a-step",
    ParseTurnErrorKind::NotAnOwnerPromotion => "turn.not-an-owner-promotion",
    ParseTurnErrorKind::NotASquare(_) => "turn.not-a-square",
    ParseTurnErrorKind::PromotionLetter(_) => "turn.promotion-letter",
    ParseTurnErrorKind::NotationTooLong => "turn.notation-too-long",
    ParseTurnErrorKind::MissingLead => "turn.missing-lead",
    ParseTurnErrorKind::NotSan => "turn.not-san",
    ParseTurnErrorKind::CannotPromoteTo(_) => "turn.cannot-promote-to",
    ParseTurnErrorKind::MissingDestination => "turn.missing-destination",
    ParseTurnErrorKind::UnknownPieceLetter(_) => "turn.unknown-piece-letter",
    ParseTurnErrorKind::Unexpected(_) => "turn.unexpected",
    ParseTurnErrorKind::OnlyPawnsPromote => "turn.only-pawns-promote",
    ParseTurnErrorKind::BadPromotion(_) => "turn.bad-promotion",
    ParseTurnErrorKind::NotAFollower => "turn.not-a-follower",
    ParseTurnErrorKind::NotATransformation => "turn.not-a-transformation",
    ParseTurnErrorKind::NotAKind(_) => "turn.not-a-kind",
    ParseTurnErrorKind::Unclosed(_) => "turn.unclosed",
    ParseTurnErrorKind::TextAfterTurn => "turn.text-after-turn",
});

impl Coded for ParseTurnErrorKind {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            ParseTurnErrorKind::NotASquare(s)
            | ParseTurnErrorKind::BadPromotion(s)
            | ParseTurnErrorKind::NotAKind(s) => facts.text("found", s),
            ParseTurnErrorKind::PromotionLetter(c)
            | ParseTurnErrorKind::UnknownPieceLetter(c)
            | ParseTurnErrorKind::Unexpected(c)
            | ParseTurnErrorKind::Unclosed(c) => facts.text("found", c),
            ParseTurnErrorKind::CannotPromoteTo(r) => facts.role(*r),
            _ => facts,
        }
    }
}

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

codes!(IllegalTurnError {
    IllegalTurnError { .. } => "turn.illegal",
});

impl Coded for IllegalTurnError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        Facts::new().text("turn", cut_fact(&self.turn)).cause(&self.kind)
    }
}

codes!(IllegalTurnKind {
    IllegalTurnKind::NoSteps => "turn.no-steps",
    IllegalTurnKind::NoLeader(_) => "turn.no-leader",
    IllegalTurnKind::NoLeadTo { .. } => "turn.no-lead-to",
    IllegalTurnKind::WrongStep { .. } => "turn.wrong-step",
    IllegalTurnKind::ChainEnded { .. } => "turn.chain-ended",
    IllegalTurnKind::OwnerPromotions => "turn.owner-promotions",
    IllegalTurnKind::NoSuchLead => "turn.no-such-lead",
    IllegalTurnKind::WrongChain => "turn.wrong-chain",
});

impl Coded for IllegalTurnKind {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            IllegalTurnKind::NoLeader(from) => facts.text("from", from),
            IllegalTurnKind::NoLeadTo { from, to } => facts.text("from", from).text("to", to),
            IllegalTurnKind::WrongStep {
                step,
                expected,
                found,
            } => facts
                .number("step", *step as u64)
                .either("expected", expected.iter().map(Step::to_string).collect())
                .text("found", format!("{}{}", found.from, found.to)),
            IllegalTurnKind::ChainEnded { step } => facts.number("step", *step as u64),
            _ => facts,
        }
    }
}

/// Several legal turns match: the choice that is still open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmbiguousTurnError {
    pub turn: String,
    pub choice: Choice,
    /// The step (1 = the leader) that the choice is about; for an owner's choice, one past the
    /// last step.
    pub step: usize,
}

/// What an [`AmbiguousTurnError`] leaves open, for its message and its facts.
enum Missing {
    /// The owner's choice for the new pawn on this square: the kinds' letters.
    Owner(String, Vec<String>),
    /// The promotion on this square: the kinds' letters.
    Promotion(String, Vec<String>),
    /// Which unit follows: the steps it may be.
    Follower(Vec<String>),
}

impl AmbiguousTurnError {
    fn missing(&self) -> Missing {
        let options = &self.choice.options;
        let letters = || {
            let mut letters: Vec<String> = options
                .iter()
                .map(|o| o.promotion.map(|r| r.lower().to_string()).unwrap_or_default())
                .collect();
            letters.dedup();
            letters
        };
        let first = options.first();
        if self.choice.kind == ChoiceKind::OwnerPromotion {
            let square = first
                .and_then(|o| o.square)
                .map(|s| s.to_string())
                .unwrap_or_default();
            return Missing::Owner(square, letters());
        }
        let same_move = options
            .iter()
            .all(|o| first.is_some_and(|first| (o.from, o.to) == (first.from, first.to)));
        match first.and_then(|o| o.to) {
            Some(to) if same_move => Missing::Promotion(to.to_string(), letters()),
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
                Missing::Follower(steps)
            }
        }
    }
}

impl fmt::Display for AmbiguousTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ambiguous turn {}: missing ", quoted(&self.turn))?;
        match self.missing() {
            Missing::Owner(square, letters) => write!(
                f,
                "the owner's choice for the new pawn on {square}: one of {}",
                letters.join(", ")
            ),
            Missing::Promotion(to, letters) => write!(
                f,
                "the promotion on {to} (step {}): one of {}",
                self.step,
                letters.join(", ")
            ),
            Missing::Follower(steps) => write!(
                f,
                "which unit follows (step {}): one of {}",
                self.step,
                steps.join(", ")
            ),
        }
    }
}

codes!(Missing {
    Missing::Owner(..) => "turn.ambiguous-owner",
    Missing::Promotion(..) => "turn.ambiguous-promotion",
    Missing::Follower(..) => "turn.ambiguous-follower",
});

impl AmbiguousTurnError {
    /// Every code an ambiguous turn can give.
    pub const CODES: &'static [&'static str] = Missing::CODES;
}

impl Coded for AmbiguousTurnError {
    fn code(&self) -> &'static str {
        self.missing().code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new().text("turn", cut_fact(&self.turn));
        match self.missing() {
            Missing::Owner(square, letters) => {
                facts.text("square", square).text("options", letters.join(", "))
            }
            Missing::Promotion(to, letters) => facts
                .text("square", to)
                .number("step", self.step as u64)
                .text("options", letters.join(", ")),
            Missing::Follower(steps) => facts
                .number("step", self.step as u64)
                .text("options", steps.join(", ")),
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

impl Coded for TurnError {
    fn code(&self) -> &'static str {
        match self {
            TurnError::Parse(e) => e.code(),
            TurnError::Illegal(e) => e.code(),
            TurnError::Ambiguous(e) => e.code(),
        }
    }

    fn facts(&self) -> Facts {
        match self {
            TurnError::Parse(e) => e.facts(),
            TurnError::Illegal(e) => e.facts(),
            TurnError::Ambiguous(e) => e.facts(),
        }
    }
}

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
