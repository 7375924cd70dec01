//! Every error the facade throws: a JS `Error` whose `message` is the Rust message (for
//! developers) and which carries the error as data, `code` and `facts` (docs/wasm-api.md), so
//! that the page says it in its reader's language. A [`Fail`] is made only from a
//! [`Coded`] error: an error without a code cannot cross the boundary.

use core::fmt;

use grolman::{codes, Coded, ErrorData, Facts};
use wasm_bindgen::prelude::*;

/// An error on its way to JavaScript.
#[derive(Debug)]
pub struct Fail(pub ErrorData);

impl<E: Coded> From<E> for Fail {
    fn from(error: E) -> Fail {
        Fail(error.data())
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Object, js_name = assign)]
    fn object_assign(target: &JsValue, source: &JsValue) -> JsValue;
}

impl From<Fail> for JsValue {
    fn from(fail: Fail) -> JsValue {
        let error: JsValue = JsError::new(&fail.0.message).into();
        // The data without its message, which the Error has already.
        #[derive(serde::Serialize)]
        struct Data<'a> {
            code: &'a str,
            facts: &'a Facts,
        }
        let data = Data {
            code: fail.0.code,
            facts: &fail.0.facts,
        };
        if let Ok(data) = crate::to_js(&data) {
            object_assign(&error, &data);
        }
        error
    }
}

/// The facade's own errors: its checks of what the page hands it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FacadeError {
    /// A square name the page gave that is none.
    NotASquare(String),
    /// An object from the page that does not have the shape asked for (what, and serde's words).
    BadObject { what: &'static str, detail: String },
    /// perft beyond its depth limit.
    PerftDepth { most: u32 },
    /// A search with neither a time nor a depth.
    NoLimit,
    /// A search of a position where the side to move has no legal turn.
    NoLegalTurn,
    /// Multi-PV line count out of range.
    Lines { least: u32, most: u32 },
    /// The solver was stopped (its time ran out).
    Cancelled,
    /// Two units put on one square in the board editor.
    TwoUnits(grolman::Square),
    /// A diagram style that is not one of the two.
    DiagramStyle(String),
    /// What should not happen: a bug (its words).
    Internal(String),
}

codes!(FacadeError {
    FacadeError::NotASquare(_) => "facade.not-a-square",
    FacadeError::BadObject { .. } => "facade.bad-object",
    FacadeError::PerftDepth { .. } => "facade.perft-depth",
    FacadeError::NoLimit => "facade.no-limit",
    FacadeError::NoLegalTurn => "facade.no-legal-turn",
    FacadeError::Lines { .. } => "facade.lines",
    FacadeError::Cancelled => "facade.cancelled",
    FacadeError::TwoUnits(_) => "facade.two-units",
    FacadeError::DiagramStyle(_) => "facade.diagram-style",
    FacadeError::Internal(_) => "facade.internal",
});

impl fmt::Display for FacadeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FacadeError::NotASquare(s) => write!(f, "{s:?} is not a square"),
            FacadeError::BadObject { what, detail } => write!(f, "bad {what}: {detail}"),
            FacadeError::PerftDepth { most } => write!(f, "perft depth must be at most {most}"),
            FacadeError::NoLimit => f.write_str("give a positive movetimeMs or a maxDepth"),
            FacadeError::NoLegalTurn => f.write_str("no legal turn: the game is over"),
            FacadeError::Lines { least, most } => write!(f, "lines must be {least} to {most}"),
            FacadeError::Cancelled => f.write_str("solving cancelled"),
            FacadeError::TwoUnits(sq) => write!(f, "two units on {sq}"),
            FacadeError::DiagramStyle(s) => {
                write!(f, "unknown diagram style {s:?}: use colour or black-and-white")
            }
            FacadeError::Internal(s) => write!(f, "internal error: {s}"),
        }
    }
}

impl Coded for FacadeError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        let facts = Facts::new();
        match self {
            FacadeError::NotASquare(s) | FacadeError::DiagramStyle(s) => facts.text("found", s),
            FacadeError::BadObject { what, detail } => facts.text("what", what).text("detail", detail),
            FacadeError::PerftDepth { most } => facts.number("most", *most),
            FacadeError::Lines { least, most } => facts.number("least", *least).number("most", *most),
            FacadeError::TwoUnits(sq) => facts.text("square", sq),
            FacadeError::Internal(s) => facts.text("detail", s),
            FacadeError::NoLimit | FacadeError::NoLegalTurn | FacadeError::Cancelled => facts,
        }
    }
}

/// Every code the facade can throw: the rules crate's, the problem reader's and its own.
pub fn all_codes() -> Vec<&'static str> {
    let mut codes = grolman::coded::all_codes();
    codes.extend(grolman_engine::problem::error_codes());
    codes.extend(FacadeError::CODES);
    codes
}
