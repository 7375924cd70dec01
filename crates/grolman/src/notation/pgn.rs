//! PGN (docs/rules.md 4.3): each turn is its leading move in SAN, with the chain and the
//! transformations in a comment, so that ordinary PGN readers still parse the file. The tags
//! are here; the movetext (side lines, comments, glyphs, shapes) is [`super::movetext`]'s.

use core::fmt;

use super::lexer::{Lexer, Tok};
use super::movetext::{self, Flow, Reader, Style};
use crate::coded::{codes, Coded, Facts};
use crate::game::{Game, GameError};
use crate::position::{FenError, Position, START_FEN};
use crate::variant::{ParseVariantError, Rules, Variant};

/// Why a PGN could not be read: the line, the token and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    pub line: usize,
    pub token: String,
    pub kind: PgnErrorKind,
}

/// What is wrong at the token of a [`PgnError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    TooLarge,
    NoGame,
    UnclosedTag,
    BadTag,
    TagQuotes,
    TagAfterMoves,
    UnclosedComment,
    UnclosedVariation,
    /// A side line before any turn it could be an alternative to.
    VariationWithoutTurn,
    UnopenedVariation,
    UnexpectedNumber,
    EmptyMove,
    Variant(ParseVariantError),
    Fen(FenError),
    /// The turn cannot be played (or the game is over).
    Turn(Box<GameError>),
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::TooLarge => f.write_str("pgn larger than 1 MB"),
            PgnErrorKind::NoGame => f.write_str("no game here: the text has no tag and no move"),
            PgnErrorKind::UnclosedTag => f.write_str("tag without ']'"),
            PgnErrorKind::BadTag => f.write_str("a tag is [Name \"value\"]"),
            PgnErrorKind::TagQuotes => f.write_str("tag value must be in double quotes"),
            PgnErrorKind::TagAfterMoves => f.write_str("tag after the moves"),
            PgnErrorKind::UnclosedComment => f.write_str("comment without '}'"),
            PgnErrorKind::UnclosedVariation => f.write_str("variation without ')'"),
            PgnErrorKind::VariationWithoutTurn => f.write_str("variation before any turn"),
            PgnErrorKind::UnopenedVariation => f.write_str("')' without '('"),
            PgnErrorKind::UnexpectedNumber => f.write_str("unexpected number"),
            PgnErrorKind::EmptyMove => f.write_str("empty move"),
            PgnErrorKind::Variant(e) => e.fmt(f),
            PgnErrorKind::Fen(e) => e.fmt(f),
            PgnErrorKind::Turn(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pgn line {}: {:?}: {}", self.line, self.token, self.kind)
    }
}

impl std::error::Error for PgnError {}

codes!(PgnError {
    PgnError { .. } => "pgn.at",
});

impl Coded for PgnError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        Facts::new()
            .number("line", self.line as u64)
            .text("token", &self.token)
            .cause(&self.kind)
    }
}

codes!(PgnErrorKind {
    PgnErrorKind::TooLarge => "pgn.too-large",
    PgnErrorKind::NoGame => "pgn.no-game",
    PgnErrorKind::UnclosedTag => "pgn.unclosed-tag",
    PgnErrorKind::BadTag => "pgn.bad-tag",
    PgnErrorKind::TagQuotes => "pgn.tag-quotes",
    PgnErrorKind::TagAfterMoves => "pgn.tag-after-moves",
    PgnErrorKind::UnclosedComment => "pgn.unclosed-comment",
    PgnErrorKind::UnclosedVariation => "pgn.unclosed-variation",
    PgnErrorKind::VariationWithoutTurn => "pgn.variation-without-turn",
    PgnErrorKind::UnopenedVariation => "pgn.unopened-variation",
    PgnErrorKind::UnexpectedNumber => "pgn.unexpected-number",
    PgnErrorKind::EmptyMove => "pgn.empty-move",
} delegate {
    PgnErrorKind::Variant(e) => e,
    PgnErrorKind::Fen(e) => e,
    PgnErrorKind::Turn(e) => e.as_ref(),
});

impl Coded for PgnErrorKind {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        match self {
            PgnErrorKind::Variant(e) => e.facts(),
            PgnErrorKind::Fen(e) => e.facts(),
            PgnErrorKind::Turn(e) => e.facts(),
            _ => Facts::new(),
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN.
pub fn write(game: &Game) -> String {
    let result = game.main_line_outcome().map_or("*", |o| o.result());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    tag("Event", "Grolman playground game");
    tag("Site", "?");
    tag("Date", "????.??.??");
    tag("Round", "-");
    tag("White", "?");
    tag("Black", "?");
    tag("Result", result);
    if let Some(v) = game.variant().pgn_name() {
        tag("Variant", v);
    }
    let start = game.start_position();
    let start_fen = start.fen();
    if start_fen != START_FEN {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    out.push('\n');
    let mut words = movetext::write(game, Style::Pgn);
    words.push(result.to_string());
    out.push_str(&movetext::join(&words, 79));
    out.push('\n');
    out
}

/// Reads one PGN game.
///
/// # Errors
/// [`PgnError`] with the line, token and kind.
pub fn read(text: &str) -> Result<Game, PgnError> {
    if text.len() > 1_000_000 {
        return Err(PgnError {
            line: 1,
            token: String::new(),
            kind: PgnErrorKind::TooLarge,
        });
    }
    let mut lex = Lexer::new(text, Style::Pgn);
    let mut variant = Variant::Orthodox;
    let mut fen: Option<(usize, String)> = None;
    let mut game: Option<Game> = None;
    let mut reader = Reader::<true>::new();
    // A text without one tag or one move is no game; reading it as an empty orthodox game
    // would let an empty import box replace the game being played.
    let mut any = false;
    while let Some((line, tok)) = lex.next()? {
        if let (Tok::Tag(name, value), None) = (&tok, &game) {
            any = true;
            match *name {
                "Variant" => {
                    variant = match value.to_ascii_lowercase().as_str() {
                        // lichess writes "From Position" for a standard game set up from a FEN.
                        "standard" | "orthodox" | "chess" | "from position" => Variant::Orthodox,
                        _ => value.parse().map_err(|e: ParseVariantError| PgnError {
                            line,
                            token: value.clone(),
                            kind: PgnErrorKind::Variant(e),
                        })?,
                    };
                }
                "FEN" => fen = Some((line, value.clone())),
                _ => {}
            }
            continue;
        }
        any |= matches!(tok, Tok::Word(_) | Tok::Open | Tok::Close);
        let g = match &mut game {
            Some(g) => g,
            None => game.insert(start_game(variant, &fen)?),
        };
        if let Flow::End = reader.token(g, &lex, line, tok)? {
            break;
        }
    }
    if !any {
        return Err(PgnError {
            line: lex.line,
            token: String::new(),
            kind: PgnErrorKind::NoGame,
        });
    }
    let mut g = match game {
        Some(g) => g,
        None => start_game(variant, &fen)?,
    };
    reader.finish(&mut g, &lex)?;
    Ok(g)
}

/// Reads a tree of turn codes (the codes style of [`movetext`]) into `game`, from its current
/// node: what the page keeps in the URL fragment and storage.
///
/// # Errors
/// [`PgnError`] with the token and kind; the turns read before it stay in the game.
pub fn read_codes(game: &mut Game, text: &str) -> Result<(), PgnError> {
    let mut lex = Lexer::new(text, Style::Codes);
    let mut reader = Reader::<false>::new();
    while let Some((line, tok)) = lex.next()? {
        if let Flow::End = reader.token(game, &lex, line, tok)? {
            break;
        }
    }
    reader.finish(game, &lex)
}

fn start_game(variant: Variant, fen: &Option<(usize, String)>) -> Result<Game, PgnError> {
    let pos = match fen {
        Some((line, f)) => Position::from_fen(f).map_err(|e| PgnError {
            line: *line,
            token: f.clone(),
            kind: PgnErrorKind::Fen(e),
        })?,
        None => Position::start(),
    };
    Ok(Game::from_position(Rules::new(variant), pos))
}
