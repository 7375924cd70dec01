//! PGN (docs/rules.md 4.3): each turn is its leading move in SAN, with the chain and the
//! transformations in a comment, so that ordinary PGN readers still parse the file.

use core::fmt;

use super::literature;
use crate::game::{Game, GameError};
use crate::position::{FenError, Position, START_FEN};
use crate::types::Color;
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

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN.
pub fn write(game: &Game) -> String {
    let result = game.outcome().map_or("*", |o| o.result());
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
    let mut words: Vec<String> = Vec::new();
    let mut number = start.fullmoves();
    let mut color = start.turn();
    for (i, turn) in game.history().iter().enumerate() {
        if color == Color::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        let suffix = if turn.mate {
            "#"
        } else if turn.check {
            "+"
        } else {
            ""
        };
        words.push(format!("{}{suffix}", turn.san));
        let rest = turn.notation[turn.san.len()..]
            .trim_end_matches(['+', '#'])
            .trim();
        if !rest.is_empty() {
            words.push(format!("{{{rest}}}"));
        }
        if color == Color::Black {
            number += 1;
        }
        color = color.other();
    }
    words.push(result.to_string());
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.len();
        out.push_str(&w);
    }
    out.push('\n');
    out
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

#[derive(Debug)]
enum Tok<'a> {
    Tag(&'a str, String),
    Comment(&'a str),
    Word(&'a str),
}

impl<'a> Lexer<'a> {
    fn err(&self, token: &str, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            token: token.chars().take(40).collect(),
            kind,
        }
    }

    fn bump(&mut self, n: usize) {
        self.line += self.text[self.pos..self.pos + n].matches('\n').count();
        self.pos += n;
    }

    fn next(&mut self) -> Result<Option<(usize, Tok<'a>)>, PgnError> {
        loop {
            let rest = &self.text[self.pos..];
            let trimmed = rest.trim_start();
            self.bump(rest.len() - trimmed.len());
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else {
                return Ok(None);
            };
            let line = self.line;
            match c {
                '%' | ';' => {
                    let end = rest.find('\n').unwrap_or(rest.len());
                    self.bump(end);
                }
                '[' => {
                    // A tag is one line; it ends at the first `]` after the closing quote of
                    // its value.
                    let tag_line = &rest[..rest.find('\n').unwrap_or(rest.len())];
                    let value_end = tag_line
                        .char_indices()
                        .skip_while(|&(_, ch)| ch != '"')
                        .skip(1)
                        .scan(false, |escaped, (i, ch)| {
                            let done = ch == '"' && !*escaped;
                            *escaped = ch == '\\' && !*escaped;
                            Some((i, done))
                        })
                        .find(|&(_, done)| done)
                        .map_or(0, |(i, _)| i);
                    let end = tag_line[value_end..]
                        .find(']')
                        .map(|i| i + value_end)
                        .ok_or_else(|| self.err(tag_line, PgnErrorKind::UnclosedTag))?;
                    let body = &rest[1..end];
                    let (name, value) = body
                        .trim()
                        .split_once(char::is_whitespace)
                        .ok_or_else(|| self.err(body, PgnErrorKind::BadTag))?;
                    let value = value.trim();
                    let value = value
                        .strip_prefix('"')
                        .and_then(|v| v.strip_suffix('"'))
                        .ok_or_else(|| self.err(body, PgnErrorKind::TagQuotes))?;
                    let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
                    self.bump(end + 1);
                    return Ok(Some((line, Tok::Tag(name, value))));
                }
                '{' => {
                    let end = rest
                        .find('}')
                        .ok_or_else(|| self.err(rest, PgnErrorKind::UnclosedComment))?;
                    let body = &rest[1..end];
                    self.bump(end + 1);
                    return Ok(Some((line, Tok::Comment(body))));
                }
                '(' => {
                    // A variation: skipped, with nesting.
                    let mut depth = 0usize;
                    let mut end = None;
                    let mut in_comment = false;
                    for (i, ch) in rest.char_indices() {
                        match ch {
                            '{' => in_comment = true,
                            '}' => in_comment = false,
                            '(' if !in_comment => depth += 1,
                            ')' if !in_comment => {
                                depth -= 1;
                                if depth == 0 {
                                    end = Some(i);
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    let end = end.ok_or_else(|| self.err(rest, PgnErrorKind::UnclosedVariation))?;
                    self.bump(end + 1);
                }
                _ => {
                    let end = rest
                        .find(|ch: char| ch.is_whitespace() || "{}[]();".contains(ch))
                        .unwrap_or(rest.len())
                        .max(c.len_utf8());
                    let word = &rest[..end];
                    self.bump(end);
                    return Ok(Some((line, Tok::Word(word))));
                }
            }
        }
    }
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
    let mut lex = Lexer {
        text,
        pos: 0,
        line: 1,
    };
    let mut variant = Variant::Orthodox;
    let mut fen: Option<(usize, String)> = None;
    let mut game: Option<Game> = None;
    let mut pending: Option<(usize, &str)> = None;
    // A text without one tag or one move is no game; reading it as an empty orthodox game
    // would let an empty import box replace the game being played.
    let mut any = false;

    fn flush(
        game: &mut Game,
        pending: &mut Option<(usize, &str)>,
        comment: Option<&str>,
    ) -> Result<(), PgnError> {
        if let Some((line, san)) = pending.take() {
            let text = match comment {
                Some(c) => format!("{san} {}", c.trim()),
                None => san.to_string(),
            };
            game.play_notation(&text).map_err(|e| PgnError {
                line,
                token: text.clone(),
                kind: PgnErrorKind::Turn(Box::new(e)),
            })?;
        }
        Ok(())
    }

    while let Some((line, tok)) = lex.next()? {
        match tok {
            Tok::Tag(name, value) => {
                any = true;
                if game.is_some() {
                    return Err(lex.err(name, PgnErrorKind::TagAfterMoves));
                }
                match name {
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
                    "FEN" => fen = Some((line, value)),
                    _ => {}
                }
            }
            Tok::Comment(body) => {
                let g = game.get_or_insert(start_game(variant, &fen)?);
                // Any other comment leaves the move pending: a chain comment may still follow
                // (`e4 { [%clk 0:03:00] } {(Ng1-e2, Rh1-g1)}`).
                if let Some(part) = turn_part(body) {
                    flush(g, &mut pending, Some(&part))?;
                }
            }
            Tok::Word(word) => {
                any = true;
                let g = game.get_or_insert(start_game(variant, &fen)?);
                // An annotation glyph (`$6`, or `?!` standing apart) belongs to the pending
                // move, whose chain comment may come after it (`e4 $1 {(Ng1-e2, Rh1-g1)}`).
                if word.starts_with('$') || word.chars().all(|c| c == '!' || c == '?') {
                    continue;
                }
                flush(g, &mut pending, None)?;
                if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    break;
                }
                let w = word.trim_start_matches(|c: char| c.is_ascii_digit());
                if w.len() < word.len() && w.chars().all(|c| c == '.') {
                    continue;
                }
                if word.chars().all(|c| c.is_ascii_digit() || c == '.') {
                    return Err(lex.err(word, PgnErrorKind::UnexpectedNumber));
                }
                let san = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san.is_empty() {
                    return Err(lex.err(word, PgnErrorKind::EmptyMove));
                }
                pending = Some((line, san));
            }
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
    flush(&mut g, &mut pending, None)?;
    Ok(g)
}

/// The part of a movetext comment that continues the turn's notation (docs/rules.md 4.3): the chain
/// `(Ng1-e2, Rh1-g1)` and the transformations `[a1=R]` at its start, as written out for a turn
/// in literature notation. The rest is an ordinary comment, as is a comment whose opening
/// parentheses or brackets do not hold followers or transformations (`{(a fine idea)}`).
/// Other programs' commands (`[%clk 0:03:00]`, `[%eval 0.17]`, as lichess and chess.com write
/// them) are comment text wherever they stand, so they are taken out first.
fn turn_part(body: &str) -> Option<String> {
    let text = without_commands(body);
    let mut rest = text.trim_start();
    let mut part = String::new();
    if let Some(r) = rest.strip_prefix('(') {
        let end = r.find(')')?;
        if !r[..end].split(',').all(|t| literature::parse_follower(t).is_ok()) {
            return None;
        }
        part.push_str(&rest[..end + 2]);
        rest = r[end + 1..].trim_start();
    }
    if let Some(r) = rest.strip_prefix('[') {
        if let Some(end) = r.find(']') {
            if r[..end]
                .split(',')
                .all(|t| literature::parse_transform(t).is_ok())
            {
                if !part.is_empty() {
                    part.push(' ');
                }
                part.push_str(&rest[..end + 2]);
            }
        }
    }
    (!part.is_empty()).then_some(part)
}

/// `body` without its `[%name ...]` commands (an unclosed one runs to the end).
fn without_commands(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(start) = rest.find("[%") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find(']').map_or("", |end| &rest[start + end + 1..]);
        out.push(' ');
    }
    out.push_str(rest);
    out
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
