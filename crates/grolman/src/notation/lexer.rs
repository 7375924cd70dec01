//! The tokens of movetext and of a PGN's tags: tags, comments in braces, words, and the
//! parentheses of side lines. A follower list in brackets after a turn, as literature notation
//! pastes it (`e4 (Ng1-e2, Rh1-g1)`), is the turn's chain comment, not a side line.

use super::literature;
use super::movetext::Style;
use super::pgn::{PgnError, PgnErrorKind};
use crate::slice::{part, unescape};

/// A token of movetext (and of a PGN's tags).
#[derive(Debug)]
pub(super) enum Tok<'a> {
    Tag(&'a str, String),
    Comment(&'a str),
    Word(&'a str),
    Open,
    Close,
}

pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    pub(super) line: usize,
    /// Turn codes hold `;` (a transformation's promotion), which PGN reads as a comment.
    pub(super) codes: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str, style: Style) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            line: 1,
            codes: style == Style::Codes,
        }
    }

    pub(super) fn err(&self, token: &str, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            token: token.chars().take(40).collect(),
            kind,
        }
    }

    fn bump(&mut self, n: usize) {
        self.line += self.text.as_bytes()[self.pos..self.pos + n]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.pos += n;
    }

    pub(super) fn next(&mut self) -> Result<Option<(usize, Tok<'a>)>, PgnError> {
        loop {
            let rest = part(self.text, self.pos..);
            let trimmed = rest.trim_start();
            self.bump(rest.len() - trimmed.len());
            let rest = part(self.text, self.pos..);
            let Some(c) = rest.chars().next() else {
                return Ok(None);
            };
            let line = self.line;
            match c {
                '%' | ';' if !self.codes => {
                    let end = rest.find('\n').unwrap_or(rest.len());
                    self.bump(end);
                }
                '[' => return self.tag(rest, line).map(Some),
                '{' => {
                    let end = rest
                        .find('}')
                        .ok_or_else(|| self.err(rest, PgnErrorKind::UnclosedComment))?;
                    let body = part(rest, 1..end);
                    self.bump(end + 1);
                    return Ok(Some((line, Tok::Comment(body))));
                }
                '(' if !self.codes && chain_in_brackets(rest).is_some() => {
                    // `e4 (Ng1-e2, Rh1-g1)` pasted from literature notation: the chain
                    // without its comment braces, not a side line.
                    let end = chain_in_brackets(rest).unwrap_or(0);
                    let body = part(rest, ..end + 1);
                    self.bump(end + 1);
                    return Ok(Some((line, Tok::Comment(body))));
                }
                '(' | ')' => {
                    self.bump(1);
                    return Ok(Some((line, if c == '(' { Tok::Open } else { Tok::Close })));
                }
                _ => {
                    let codes = self.codes;
                    let stops =
                        |ch: char| matches!(ch, '{' | '}' | '[' | ']' | '(' | ')') || (ch == ';' && !codes);
                    let end = rest
                        .find(|ch: char| ch.is_whitespace() || stops(ch))
                        .unwrap_or(rest.len())
                        .max(c.len_utf8());
                    let word = part(rest, ..end);
                    self.bump(end);
                    return Ok(Some((line, Tok::Word(word))));
                }
            }
        }
    }

    fn tag(&mut self, rest: &'a str, line: usize) -> Result<(usize, Tok<'a>), PgnError> {
        // A tag is one line; it ends at the first `]` after the closing quote of its value.
        let tag_line = part(rest, ..rest.find('\n').unwrap_or(rest.len()));
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
        let end = part(tag_line, value_end..)
            .find(']')
            .map(|i| i + value_end)
            .ok_or_else(|| self.err(tag_line, PgnErrorKind::UnclosedTag))?;
        let body = part(rest, 1..end);
        let (name, value) = body
            .trim()
            .split_once(char::is_whitespace)
            .ok_or_else(|| self.err(body, PgnErrorKind::BadTag))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| self.err(body, PgnErrorKind::TagQuotes))?;
        let value = unescape(&unescape(value, '"'), '\\');
        self.bump(end + 1);
        Ok((line, Tok::Tag(name, value)))
    }
}

/// The end (the index of `)`) of a follower list in brackets at the start of `text`.
fn chain_in_brackets(text: &str) -> Option<usize> {
    let end = text.find(')')?;
    let inner = part(text, 1..end);
    (!inner.trim().is_empty() && inner.split(',').all(|t| literature::parse_follower(t).is_ok()))
        .then_some(end)
}
