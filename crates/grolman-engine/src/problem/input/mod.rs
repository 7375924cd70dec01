//! Reading problems: FEN lines (`<variant> <fen> <stipulation> [intended]`) or Popeye's input
//! language in English, French or German (the crate README lists what we read, and our
//! condition names).

use grolman::{Kingless, Position, Variant};

use super::{Options, Problem, Stipulation, Twin};

mod draft;
mod error;
mod language;
mod options;
mod popeye;
mod twin;

pub use error::{Expected, ProblemError, ProblemErrorKind};
pub use language::Language;

use popeye::Popeye;

#[derive(Clone, Debug)]
struct Token {
    line: usize,
    text: String,
}

fn error(token: &Token, kind: ProblemErrorKind) -> ProblemError {
    ProblemError {
        line: token.line,
        token: token.text.clone(),
        kind,
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
    read(text, Kingless::NONE)
}

/// [`parse`], FEN lines read with the sides of `kingless` allowed to lack a king.
fn read(text: &str, kingless: Kingless) -> Result<Vec<Problem>, ProblemError> {
    let tokens = tokenize(text);
    let Some(first) = tokens.first() else {
        return Err(ProblemError {
            line: 1,
            token: String::new(),
            kind: ProblemErrorKind::NoProblem,
        });
    };
    if let Some(language) = Language::of_opening(&first.text) {
        Popeye::new(tokens, language).problems()
    } else {
        fen_lines(text, kingless)
    }
}

/// Reads the problems of `text` ([`parse`]) and gives them the Popeye options of `options`, as
/// after `Option` (`SetPlay Threat 2 MaxFlightsquares 1`; in French or German when its first
/// word is one of that language's options: `Menace 2`, `Drohung 2`), in place of their own:
/// the options a FEN line cannot carry, for the page's `<grolman-board mode="solve"
/// options="...">`. With `NoWk` / `NoBk` a FEN line may lack that side's king.
///
/// ```
/// use grolman_engine::problem::parse_with_options;
/// let fen = "orthodox 8/k7/1pK5/1B6/8/8/8/7R w - - 0 1 #2";
/// let problems = parse_with_options(fen, "SetPlay MaxFlightsquares 0").unwrap();
/// assert_eq!(problems[0].options.max_flights, Some(0));
/// assert!(parse_with_options(fen, "WhiteToPlay").is_err());
/// let kingless = "orthodox 8/8/8/8/8/8/8/R3K3 w - - 0 1 =1";
/// assert!(parse_with_options(kingless, "").is_err());
/// assert!(parse_with_options(kingless, "NoBk").is_ok());
/// ```
///
/// # Errors
/// A [`ProblemError`] of `text` as [`parse`] gives it, or on line 1 of `options`: an option we
/// do not read, a bad argument, an option that changes the position itself (the FEN says it:
/// `OptionChangesPosition`), or `NullMoves` with a stalemate goal or a series.
pub fn parse_with_options(text: &str, options: &str) -> Result<Vec<Problem>, ProblemError> {
    let tokens = tokenize(&options.replace('\n', " "));
    let Some(first) = tokens.first().cloned() else {
        return parse(text);
    };
    let language = Language::of_option(&first.text);
    if let Some(t) = tokens.iter().find(|t| {
        language
            .option(&t.text)
            .is_some_and(language::Opt::changes_position)
    }) {
        return Err(error(t, ProblemErrorKind::OptionChangesPosition));
    }
    let mut draft = draft::Draft::new(first.clone());
    let mut popeye = Popeye::new(tokens, language);
    popeye.option(&first, &mut draft)?;
    if let Some(t) = popeye.next() {
        // A keyword ends an option list in Popeye's input; here nothing else may follow.
        return Err(error(&t, ProblemErrorKind::UnsupportedOption(language)));
    }
    let mut problems = read(text, draft.kingless)?;
    for p in &mut problems {
        if let Some(t) = &draft.null_moves {
            draft::refuse_null_moves(p.twins.iter().map(|t| t.stipulation), t)?;
        }
        p.options = draft.options.clone();
    }
    Ok(problems)
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

fn fen_lines(text: &str, kingless: Kingless) -> Result<Vec<Problem>, ProblemError> {
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
        let variant: Variant = words[0]
            .text
            .parse()
            .map_err(|e| error(&words[0], ProblemErrorKind::UnknownVariant(e)))?;
        let mut end = words.len();
        let mut intended = 1;
        if end > 2
            && words[end - 1].text.chars().all(|c| c.is_ascii_digit())
            && words[end - 2].text.contains('#')
        {
            intended = words[end - 1]
                .text
                .parse()
                .map_err(|_| error(&words[end - 1], ProblemErrorKind::BadIntendedCount))?;
            end -= 1;
        }
        if end < 3 {
            return Err(error(
                words.last().unwrap_or(&words[0]),
                ProblemErrorKind::ShortLine,
            ));
        }
        let stip_token = &words[end - 1];
        let stipulation: Stipulation = stip_token
            .text
            .parse()
            .map_err(|e| error(stip_token, ProblemErrorKind::Stipulation(e)))?;
        let fen: Vec<&str> = words[1..end - 1].iter().map(|t| t.text.as_str()).collect();
        let position = Position::from_fen_with(&fen.join(" "), kingless)
            .map_err(|e| error(&words[1], ProblemErrorKind::Fen(e)))?;
        problems.push(Problem {
            title: String::new(),
            variant,
            intended,
            options: Options::default(),
            twins: vec![Twin {
                label: String::new(),
                change: String::new(),
                changes: Vec::new(),
                position,
                stipulation,
                variant,
            }],
            illegal: Vec::new(),
        });
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use grolman::{Color, SetupError, Square};

    use super::{parse, ProblemErrorKind as Kind};

    const BOARD: &str = "BeginProblem\nPieces White Ke1 Black Ke8\n";

    fn kind(text: &str) -> (usize, String, Kind) {
        let e = parse(text).unwrap_err();
        (e.line, e.token, e.kind)
    }

    #[test]
    fn an_unsupported_stipulation_keeps_the_stipulation_error() {
        let (line, token, k) = kind(&format!("{BOARD}Stipulation r#3\nEndProblem"));
        assert_eq!((line, token.as_str()), (3, "r#3"));
        assert!(matches!(k, Kind::Stipulation(_)), "{k:?}");
    }

    #[test]
    fn a_bad_square_is_told_apart_in_pieces_and_in_twins() {
        let (line, _, k) = kind("BeginProblem\nPieces White Ke1 Qz9\nEndProblem");
        assert_eq!((line, k), (2, Kind::NotASquare("z9".into())));
        let (line, token, k) = kind(&format!("{BOARD}Stipulation #2\nTwin Move e1 z9\nEndProblem"));
        assert_eq!((line, token.as_str(), k), (4, "z9", Kind::BadSquare));
    }

    #[test]
    fn a_twin_names_the_square_it_cannot_change() {
        let (line, token, k) = kind(&format!("{BOARD}Stipulation #2\nTwin Move d4 d5\nEndProblem"));
        assert_eq!(
            (line, token.as_str(), k),
            (4, "Twin", Kind::TwinEmpty(Square::D4))
        );
    }

    #[test]
    fn an_illegal_twin_is_kept_aside_with_its_reason_and_the_others_stay() {
        let text =
            format!("{BOARD}Stipulation #2\nTwin Remove e8\nTwin Shift e1 e8\nTwin Move e1 d1\nEndProblem");
        let p = &parse(&text).unwrap()[0];
        let labels: Vec<&str> = p.twins.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["a)", "d)"]);
        let kinds: Vec<(&str, usize, &Kind)> = p
            .illegal
            .iter()
            .map(|t| (t.label.as_str(), t.before, &t.error.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("b)", 1, &Kind::IllegalPosition(SetupError::NoKing(Color::Black))),
                ("c)", 1, &Kind::TwinOffBoard(Square::E8)),
            ]
        );
        let (_, _, k) = kind("BeginProblem\nPieces White Ke1\nStipulation #2\nEndProblem");
        assert_eq!(
            k,
            Kind::IllegalPosition(SetupError::NoKing(Color::Black)),
            "no legal twin at all"
        );
    }

    #[test]
    fn a_wrapped_rules_error_is_the_source() {
        use std::error::Error;
        let e = parse("grolmann 8/8/8/8/8/8/8/8 w - - 0 1 #2").unwrap_err();
        assert!(matches!(e.kind, Kind::UnknownVariant(_)), "{:?}", e.kind);
        assert!(e.source().unwrap().to_string().starts_with("unknown variant"));
    }
}
