//! Movetext: a game's tree of turns as text, both ways. Side lines in parentheses (RAV),
//! comments in braces with the shapes as lichess writes them (`[%csl Gd4]` circles,
//! `[%cal Ge2e4]` arrows), annotation glyphs as `$n`. Two styles share it: PGN, each turn its
//! leading move in SAN with the chain in a comment (docs/rules.md 4.3), and codes, each turn
//! its turn code (4.2), which the page keeps in the URL fragment and storage.

use core::fmt;

use super::lexer::{Lexer, Tok};
use super::literature;
use super::pgn::{PgnError, PgnErrorKind};
use crate::coded::{codes, Coded, Facts};
use crate::game::Game;
use crate::slice::{find_ascii, part};
use crate::tree::{NodeId, Note, Shape, Tree};
use crate::types::Color;

/// How each turn is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// SAN with the chain and transformations in a comment, and move numbers.
    Pgn,
    /// Turn codes, no move numbers.
    Codes,
}

/// A comment that movetext cannot hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentError {
    pub comment: String,
}

impl fmt::Display for CommentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start: String = self.comment.chars().take(40).collect();
        write!(
            f,
            "comment {start:?}: a comment cannot hold '}}' (PGN ends a comment there)"
        )
    }
}

impl std::error::Error for CommentError {}

codes!(CommentError {
    CommentError { .. } => "comment.brace",
});

impl Coded for CommentError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        Facts::new().text("comment", self.comment.chars().take(40).collect::<String>())
    }
}

/// # Errors
/// [`CommentError`] when `comment` holds a `}`.
pub fn check_comment(comment: &str) -> Result<(), CommentError> {
    if comment.bytes().any(|b| b == b'}') {
        return Err(CommentError {
            comment: comment.to_string(),
        });
    }
    Ok(())
}

/// The words of the game's movetext (no result), from the root's note to the last side line.
pub fn write(game: &Game, style: Style) -> Vec<String> {
    let mut words = Vec::new();
    note_words(game.tree().note(Tree::ROOT), &mut words);
    line_words(game, Tree::ROOT, style, true, &mut words);
    words
}

/// Words joined by spaces in lines of at most 79 characters (none when `width` is 0), no
/// space inside parentheses.
pub fn join(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    let mut prev_open = false;
    for w in words {
        let tight = prev_open || w == ")";
        if width > 0 && line_len > 0 && line_len + 1 + w.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 && !tight {
            out.push(' ');
            line_len += 1;
        }
        line_len += w.len();
        out.push_str(w);
        prev_open = w == "(";
    }
    out
}

/// The line from `at` on: each main continuation, with its side lines after it.
fn line_words(game: &Game, mut at: NodeId, style: Style, mut numbered: bool, words: &mut Vec<String>) {
    let tree = game.tree();
    while let Some((&main, sides)) = tree.children(at).split_first() {
        turn_words(game, main, style, numbered, words);
        for &side in sides {
            words.push("(".into());
            turn_words(game, side, style, true, words);
            line_words(game, side, style, !tree.note(side).is_empty(), words);
            words.push(")".into());
        }
        // After a side line or a comment, a Black turn is numbered again (`2... Nc6`).
        numbered = !sides.is_empty() || !tree.note(main).is_empty();
        at = main;
    }
}

fn turn_words(game: &Game, id: NodeId, style: Style, numbered: bool, words: &mut Vec<String>) {
    let tree = game.tree();
    let Some(turn) = tree.turn(id) else { return };
    let before = game.position_at(tree.parent(id).unwrap_or(Tree::ROOT));
    match style {
        Style::Pgn => {
            let number = before.fullmoves();
            if before.turn() == Color::White {
                words.push(format!("{number}."));
            } else if numbered {
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
            let rest = part(&turn.notation, turn.san.len()..)
                .trim_end_matches(['+', '#'])
                .trim();
            if !rest.is_empty() {
                words.push(format!("{{{rest}}}"));
            }
        }
        Style::Codes => words.push(turn.code.clone()),
    }
    note_words(tree.note(id), words);
}

fn note_words(note: &Note, words: &mut Vec<String>) {
    words.extend(note.nags.iter().map(|n| format!("${n}")));
    let mut body = note.comment.trim().to_string();
    let shapes = |arrows: bool| {
        let list: Vec<String> = note
            .shapes
            .iter()
            .filter(|s| (s.from != s.to) == arrows)
            .map(Shape::to_string)
            .collect();
        list.join(",")
    };
    for (name, list) in [("csl", shapes(false)), ("cal", shapes(true))] {
        if !list.is_empty() {
            if !body.is_empty() {
                body.push(' ');
            }
            body.push_str(&format!("[%{name} {list}]"));
        }
    }
    if !body.is_empty() {
        words.push(format!("{{{body}}}"));
    }
}

/// A turn read but not yet played: its chain comment or annotations may still follow it.
struct Pending<'a> {
    line: usize,
    token: &'a str,
    chain: Option<String>,
    note: Note,
}

/// Builds a game's tree from movetext tokens, one at a time, in the style `PGN` says (true:
/// [`Style::Pgn`], false: [`Style::Codes`]). The style is a type parameter so that a build that
/// reads turn codes alone (the page's wasm: its URL fragment and storage) links no SAN reader.
pub(super) struct Reader<'a, const PGN: bool> {
    pending: Option<Pending<'a>>,
    /// Where each open side line returns to: the node of the turn it is an alternative to.
    open: Vec<NodeId>,
    /// Comments at the start of a side line, before its first turn: that turn's.
    before: Note,
    at_line_start: bool,
}

/// Whether the reader goes on after a token.
pub(super) enum Flow {
    More,
    /// A result (`1-0`, `*`, ...) ended the movetext.
    End,
}

impl<'a, const PGN: bool> Reader<'a, PGN> {
    const STYLE: Style = if PGN { Style::Pgn } else { Style::Codes };

    pub(super) fn new() -> Reader<'a, PGN> {
        Reader {
            pending: None,
            open: Vec::new(),
            before: Note::default(),
            at_line_start: true,
        }
    }

    pub(super) fn token(
        &mut self,
        game: &mut Game,
        lex: &Lexer,
        line: usize,
        tok: Tok<'a>,
    ) -> Result<Flow, PgnError> {
        match tok {
            Tok::Tag(name, _) => return Err(lex.err(name, PgnErrorKind::TagAfterMoves)),
            Tok::Comment(body) => self.comment(game, body),
            Tok::Open => {
                self.flush(game)?;
                let at = game.current();
                let parent = game
                    .tree()
                    .parent(at)
                    .ok_or_else(|| lex.err("(", PgnErrorKind::VariationWithoutTurn))?;
                self.open.push(at);
                go_to(game, parent);
                self.at_line_start = true;
            }
            Tok::Close => {
                self.flush(game)?;
                let back = self
                    .open
                    .pop()
                    .ok_or_else(|| lex.err(")", PgnErrorKind::UnopenedVariation))?;
                go_to(game, back);
            }
            Tok::Word(word) => return self.word(game, lex, line, word),
        }
        Ok(Flow::More)
    }

    fn word(&mut self, game: &mut Game, lex: &Lexer, line: usize, word: &'a str) -> Result<Flow, PgnError> {
        // An annotation glyph (`$6`, or `?!` standing apart) belongs to the pending turn,
        // whose chain comment may come after it (`e4 $1 {(Ng1-e2, Rh1-g1)}`).
        if let Some(nag) = nag_of(word) {
            self.nag(game, nag);
            return Ok(Flow::More);
        }
        if word.starts_with('$') {
            return Ok(Flow::More);
        }
        self.flush(game)?;
        if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Ok(Flow::End);
        }
        let w = word.trim_start_matches(|c: char| c.is_ascii_digit());
        if w.len() < word.len() && w.chars().all(|c| c == '.') {
            return Ok(Flow::More);
        }
        if word.chars().all(|c| c.is_ascii_digit() || c == '.') {
            return Err(lex.err(word, PgnErrorKind::UnexpectedNumber));
        }
        let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        // Glyphs written onto the move (`Nf3!?`) are the move's.
        let glyphs = token.trim_start_matches(|c: char| c != '!' && c != '?');
        let token = part(token, ..token.len() - glyphs.len());
        if token.is_empty() {
            return Err(lex.err(word, PgnErrorKind::EmptyMove));
        }
        let mut note = core::mem::take(&mut self.before);
        note.nags.extend(nag_of(glyphs));
        self.pending = Some(Pending {
            line,
            token,
            chain: None,
            note,
        });
        self.at_line_start = false;
        Ok(Flow::More)
    }

    fn nag(&mut self, game: &mut Game, nag: u8) {
        if let Some(p) = &mut self.pending {
            p.note.nags.push(nag);
        } else if self.at_line_start {
            self.before.nags.push(nag);
        } else {
            let id = game.current();
            let mut note = game.tree().note(id).clone();
            note.nags.push(nag);
            game.tree_mut().set_note(id, note);
        }
    }

    fn comment(&mut self, game: &mut Game, body: &str) {
        if let Some(p) = &mut self.pending {
            if Self::STYLE == Style::Pgn && p.chain.is_none() {
                if let Some((chain, rest)) = turn_part(body) {
                    p.chain = Some(chain);
                    add_comment(&mut p.note, &rest);
                    return;
                }
            }
            add_comment(&mut p.note, body);
        } else if self.at_line_start && !self.open.is_empty() {
            add_comment(&mut self.before, body);
        } else {
            let id = game.current();
            let mut note = game.tree().note(id).clone();
            add_comment(&mut note, body);
            game.tree_mut().set_note(id, note);
        }
    }

    /// Plays the pending turn, if any, and gives its node the note read with it.
    fn flush(&mut self, game: &mut Game) -> Result<(), PgnError> {
        let Some(p) = self.pending.take() else {
            return Ok(());
        };
        let played = match (Self::STYLE, &p.chain) {
            (Style::Codes, _) => game.play(p.token),
            (Style::Pgn, Some(chain)) => game.play_notation(&format!("{} {chain}", p.token)),
            (Style::Pgn, None) => game.play_notation(p.token),
        };
        played.map_err(|e| PgnError {
            line: p.line,
            token: match &p.chain {
                Some(chain) => format!("{} {chain}", p.token),
                None => p.token.to_string(),
            },
            kind: PgnErrorKind::Turn(Box::new(e)),
        })?;
        if !p.note.is_empty() {
            let id = game.current();
            let mut note = game.tree().note(id).clone();
            merge(&mut note, p.note);
            game.tree_mut().set_note(id, note);
        }
        Ok(())
    }

    /// Ends the movetext: the pending turn is played, every side line must be closed, and the
    /// game continues from the end of its main line.
    pub(super) fn finish(mut self, game: &mut Game, lex: &Lexer) -> Result<(), PgnError> {
        self.flush(game)?;
        if !self.open.is_empty() {
            return Err(lex.err("(", PgnErrorKind::UnclosedVariation));
        }
        go_to(game, game.tree().line_end(Tree::ROOT));
        Ok(())
    }
}

fn go_to(game: &mut Game, id: NodeId) {
    // Every id here comes from the tree itself.
    let _ = game.go_to(id);
}

fn merge(into: &mut Note, from: Note) {
    if !from.comment.is_empty() {
        if !into.comment.is_empty() {
            into.comment.push(' ');
        }
        into.comment.push_str(&from.comment);
    }
    into.nags.extend(from.nags);
    into.shapes.extend(from.shapes);
}

/// `$n`, or one of the six glyphs standing for `$1` to `$6`.
fn nag_of(word: &str) -> Option<u8> {
    if let Some(n) = word.strip_prefix('$') {
        return n.parse().ok();
    }
    ["!", "?", "!!", "??", "!?", "?!"]
        .iter()
        .position(|&g| g == word)
        .map(|i| i as u8 + 1)
}

/// A comment's text and shapes into `note`: `[%csl ...]` and `[%cal ...]` become shapes, other
/// programs' commands (`[%clk 0:03:00]`, `[%eval 0.17]`) are dropped.
fn add_comment(note: &mut Note, body: &str) {
    let mut text = String::new();
    let mut rest = body;
    while let Some(start) = find_ascii(rest, b"[%") {
        text.push_str(part(rest, ..start));
        text.push(' ');
        let command = part(rest, start + 2..);
        let end = command.find(']').unwrap_or(command.len());
        let (name, args) = part(command, ..end)
            .split_once(char::is_whitespace)
            .unwrap_or((part(command, ..end), ""));
        if name == "csl" || name == "cal" {
            note.shapes.extend(
                args.split(',')
                    .filter_map(|s| Shape::parse(s.trim()))
                    .filter(|s| (s.from != s.to) == (name == "cal")),
            );
        }
        rest = command.get(end + 1..).unwrap_or("");
    }
    text.push_str(rest);
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        if !note.comment.is_empty() {
            note.comment.push(' ');
        }
        note.comment.push_str(&text);
    }
}

/// The part of a movetext comment that continues the turn's notation (docs/rules.md 4.3), and
/// the rest: the chain `(Ng1-e2, Rh1-g1)` and the transformations `[a1=R]` at its start, as
/// written out for a turn in literature notation. A comment whose opening parentheses or
/// brackets do not hold followers or transformations (`{(a fine idea)}`) has none. Commands
/// (`[%clk 0:03:00]`, `[%cal Ge2e4]`) may stand anywhere, so they are set apart first and
/// kept in the rest.
fn turn_part(body: &str) -> Option<(String, String)> {
    let mut text = String::with_capacity(body.len());
    let mut commands = String::new();
    let mut left = body;
    while let Some(start) = find_ascii(left, b"[%") {
        text.push_str(part(left, ..start));
        text.push(' ');
        let end = part(left, start..)
            .find(']')
            .map_or(left.len(), |e| start + e + 1);
        commands.push_str(part(left, start..end));
        commands.push(' ');
        left = part(left, end..);
    }
    text.push_str(left);
    let mut rest = text.trim_start();
    let mut turn = String::new();
    if let Some(r) = rest.strip_prefix('(') {
        let end = r.find(')')?;
        if !part(r, ..end)
            .split(',')
            .all(|t| literature::parse_follower(t).is_ok())
        {
            return None;
        }
        turn.push_str(part(rest, ..end + 2));
        rest = part(r, end + 1..).trim_start();
    }
    if let Some(r) = rest.strip_prefix('[') {
        if let Some(end) = r.find(']') {
            if part(r, ..end)
                .split(',')
                .all(|t| literature::parse_transform(t).is_ok())
            {
                if !turn.is_empty() {
                    turn.push(' ');
                }
                turn.push_str(part(rest, ..end + 2));
                rest = part(r, end + 1..).trim_start();
            }
        }
    }
    (!turn.is_empty()).then(|| (turn, format!("{commands}{rest}")))
}
