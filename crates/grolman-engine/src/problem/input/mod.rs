//! Reading problems: FEN lines (`<variant> <fen> <stipulation> [intended]`) or a subset of
//! Popeye's input language (see the crate README for the exact subset and our condition names).

use core::fmt;

use grolman::{Position, Variant};

use super::{Problem, Stipulation, Twin};

mod popeye;

use popeye::{keyword, Keyword, Popeye};

/// A problem text that cannot be read: the line (from 1), the offending token and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemError {
    pub line: usize,
    pub token: String,
    pub message: String,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "line {}, at {:?}: {}", self.line, self.token, self.message)
        }
    }
}

impl std::error::Error for ProblemError {}

#[derive(Clone, Debug)]
struct Token {
    line: usize,
    text: String,
}

fn error(token: &Token, message: impl Into<String>) -> ProblemError {
    ProblemError {
        line: token.line,
        token: token.text.clone(),
        message: message.into(),
    }
}

/// Reads every problem in `text`.
///
/// ```
/// use grolman_engine::problem::parse;
/// let problems = parse("BeginProblem\nCondition GrolmanChess\nPieces White Kg1 Ra1 Black Kg8\n\
///                       Stipulation #2\nEndProblem").unwrap();
/// assert_eq!(problems[0].twins[0].position.fen(), "6k1/8/8/8/8/8/8/R5K1 w - - 0 1");
/// let err = parse("grolman 8/8/8/8/8/8/8/8 w - - 0 1 #2").unwrap_err();
/// assert_eq!(err.line, 1);
/// ```
///
/// # Errors
/// A [`ProblemError`] naming the line and token.
pub fn parse(text: &str) -> Result<Vec<Problem>, ProblemError> {
    let tokens = tokenize(text);
    let Some(first) = tokens.first() else {
        return Err(ProblemError {
            line: 1,
            token: String::new(),
            message: "no problem found: expected BeginProblem or a line '<variant> <fen> <stipulation>'"
                .into(),
        });
    };
    if keyword(&first.text) == Some(Keyword::BeginProblem) {
        Popeye::new(tokens).problems()
    } else {
        fen_lines(text)
    }
}

/// Splits into tokens, dropping FEN-format comment lines (starting with `;` or `//`).
fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with(';') || trimmed.starts_with("//") {
            continue;
        }
        for word in line.split_whitespace() {
            out.push(Token {
                line: i + 1,
                text: word.to_string(),
            });
        }
    }
    out
}

fn fen_lines(text: &str) -> Result<Vec<Problem>, ProblemError> {
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(';') || trimmed.starts_with("//") {
            continue;
        }
        let words: Vec<Token> = trimmed
            .split_whitespace()
            .map(|w| Token {
                line: i + 1,
                text: w.to_string(),
            })
            .collect();
        let variant: Variant = words[0].text.parse().map_err(|e| {
            error(
                &words[0],
                format!("{e}; a problem is either a line '<variant> <fen> <stipulation> [intended]' or starts with BeginProblem"),
            )
        })?;
        let mut end = words.len();
        let mut intended = 1;
        if end > 2
            && words[end - 1].text.chars().all(|c| c.is_ascii_digit())
            && words[end - 2].text.contains('#')
        {
            intended = words[end - 1]
                .text
                .parse()
                .map_err(|_| error(&words[end - 1], "expected the intended number of solutions"))?;
            end -= 1;
        }
        if end < 3 {
            return Err(error(
                words.last().unwrap_or(&words[0]),
                "expected '<variant> <fen> <stipulation> [intended]'",
            ));
        }
        let stip_token = &words[end - 1];
        let stipulation: Stipulation = stip_token
            .text
            .parse()
            .map_err(|e| error(stip_token, format!("{e}")))?;
        let fen: Vec<&str> = words[1..end - 1].iter().map(|t| t.text.as_str()).collect();
        let position = Position::from_fen(&fen.join(" ")).map_err(|e| error(&words[1], e.to_string()))?;
        problems.push(Problem {
            title: String::new(),
            variant,
            intended,
            no_threat: false,
            twins: vec![Twin {
                label: String::new(),
                change: String::new(),
                position,
                stipulation,
            }],
        });
    }
    Ok(problems)
}
