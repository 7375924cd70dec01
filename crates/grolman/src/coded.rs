//! Errors as data, so that a page can say them in its reader's language: every error of the
//! crates has a stable code (`"fen.long-rank"`) and the facts its sentence names (`rank: 3`);
//! an error that wraps another (a PGN line around an illegal turn) names it as the fact
//! `cause`. The English `Display` stays the message for developers and the CLI; the texts for
//! people live in the page's catalogs (web/i18n/*/errors.js), keyed `error.<code>`.
//! [`ErrorData`] carries the English message only with the feature `messages`: without it an
//! error's data does not reach its `Display`, so a build that formats no error itself (the page's
//! wasm) links none of the messages.
//!
//! ```
//! use grolman::{Coded, Position};
//! let error = Position::from_fen("8/8/8/8/8/8/8/9 w - - 0 1").unwrap_err();
//! let data = error.data();
//! assert_eq!(data.code, "fen.bad-digit");
//! assert_eq!(serde_json::to_string(&data.facts).unwrap(), r#"{"rank":1,"digit":"9"}"#);
//! ```

use serde::ser::{Serialize, SerializeMap, Serializer};

/// One fact an error's sentence names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    Number(u64),
    Text(String),
    /// A word of the game's vocabulary the page says in its language: `"white"`, `"queen"`.
    /// Only the facts `color`, `role` and `outcome` are words (the page looks them up).
    Word(&'static str),
    /// Several things, one of which is meant (the page joins them with its "or").
    Either(Vec<String>),
    /// The error this one wraps.
    Cause(Box<ErrorData>),
}

/// What an error is, as data: its code, its facts in the order its sentence names them, and
/// its English message (with the feature `messages`; else the code again).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ErrorData {
    pub code: &'static str,
    pub facts: Facts,
    pub message: String,
}

/// The facts of an error, serialised as one object (`{"rank": 3}`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Facts(pub Vec<(&'static str, Fact)>);

impl Facts {
    pub fn new() -> Facts {
        Facts::default()
    }

    pub fn number(mut self, name: &'static str, value: impl Into<u64>) -> Facts {
        self.0.push((name, Fact::Number(value.into())));
        self
    }

    pub fn text(mut self, name: &'static str, value: impl ToString) -> Facts {
        self.0.push((name, Fact::Text(value.to_string())));
        self
    }

    /// The fact `color`: `"white"` or `"black"`.
    pub fn color(mut self, color: crate::Color) -> Facts {
        self.0.push(("color", Fact::Word(color.name())));
        self
    }

    /// The fact `role`: `"pawn"` .. `"king"`.
    pub fn role(mut self, role: crate::Role) -> Facts {
        self.0.push(("role", Fact::Word(role.name())));
        self
    }

    /// The fact `outcome`: how the game ended, `"white_checkmates"`, `"stalemate"`...
    pub fn outcome(mut self, outcome: crate::Outcome) -> Facts {
        let word = match outcome {
            crate::Outcome::Checkmate {
                winner: crate::Color::White,
            } => "white_checkmates",
            crate::Outcome::Checkmate {
                winner: crate::Color::Black,
            } => "black_checkmates",
            other => other.name(),
        };
        self.0.push(("outcome", Fact::Word(word)));
        self
    }

    pub fn either(mut self, name: &'static str, values: Vec<String>) -> Facts {
        self.0.push((name, Fact::Either(values)));
        self
    }

    /// The wrapped error, as the fact `cause`.
    pub fn cause(mut self, error: &dyn Coded) -> Facts {
        self.0.push(("cause", Fact::Cause(Box::new(error.data()))));
        self
    }
}

impl Serialize for Facts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, fact) in &self.0 {
            match fact {
                Fact::Number(n) => map.serialize_entry(name, n)?,
                Fact::Text(s) => map.serialize_entry(name, s)?,
                Fact::Word(w) => map.serialize_entry(name, w)?,
                Fact::Either(list) => map.serialize_entry(name, list)?,
                Fact::Cause(data) => map.serialize_entry(name, data)?,
            }
        }
        map.end()
    }
}

/// What [`Coded`] asks of an error besides its code: its `Display`, the English message, with the
/// feature `messages`; nothing without it, so that `dyn Coded` (a wrapped error's vtable) does not
/// bring every message into a build that never writes one.
#[cfg(feature = "messages")]
pub trait Message: core::fmt::Display {}
#[cfg(feature = "messages")]
impl<T: core::fmt::Display + ?Sized> Message for T {}
#[cfg(not(feature = "messages"))]
pub trait Message {}
#[cfg(not(feature = "messages"))]
impl<T: ?Sized> Message for T {}

/// An error with a stable code and the facts its sentence names.
pub trait Coded: Message {
    /// The stable code, lower-case words joined by `-`, the family first: `"setup.no-king"`.
    fn code(&self) -> &'static str;

    fn facts(&self) -> Facts {
        Facts::new()
    }

    fn data(&self) -> ErrorData {
        ErrorData {
            code: self.code(),
            facts: self.facts(),
            #[cfg(feature = "messages")]
            message: self.to_string(),
            #[cfg(not(feature = "messages"))]
            message: self.code().to_string(),
        }
    }
}

/// `code()` by one exhaustive match, and `CODES`, the codes that match can give, from the same
/// arms: the list cannot miss a code the type produces. Arms under `delegate` are variants
/// that wrap another error and take its code (listed by that error's type).
#[macro_export]
#[doc(hidden)]
macro_rules! codes {
    ($ty:ty { $($pat:pat => $code:literal),* $(,)? } $(delegate { $($dpat:pat => $inner:expr),* $(,)? })?) => {
        impl $ty {
            /// Every code this type's `code()` gives itself (a wrapped error's are its type's).
            pub const CODES: &'static [&'static str] = &[$($code),*];

            #[allow(unused_variables)]
            fn code_of(&self) -> &'static str {
                match self {
                    $($pat => $code,)*
                    $($($dpat => $crate::Coded::code($inner),)*)?
                }
            }
        }
    };
}
pub use codes;

/// Every code the rules crate's errors can give.
pub fn all_codes() -> Vec<&'static str> {
    use crate::*;
    [
        ParseFenError::CODES,
        FenError::CODES,
        SetupError::CODES,
        ParseTurnError::CODES,
        ParseTurnErrorKind::CODES,
        IllegalTurnError::CODES,
        IllegalTurnKind::CODES,
        AmbiguousTurnError::CODES,
        notation::pgn::PgnError::CODES,
        notation::pgn::PgnErrorKind::CODES,
        notation::movetext::CommentError::CODES,
        ParseVariantError::CODES,
        GameError::CODES,
    ]
    .concat()
}
