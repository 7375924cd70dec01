//! What the solver found for one twin, as data: keys and tries with their threats, variations
//! and refutations, set play, helpmate and series lines; and the same as text, ours
//! ([`TwinReport::text`]) or in Popeye's layout ([`super::popeye_text`]). Our text is laid out
//! once, here, as [`TextLine`]s whose words and verdict are data: `Display` writes them in
//! English (the CLI), the page in its reader's language (web/ui/solution.js).

use core::fmt;

use grolman::{Kingless, Variant};

use super::{change_text, TwinChange};

/// The code of a pass (`Option NullMoves`), as UCI writes a null move.
const PASS_CODE: &str = "0000";

/// One turn of a solution: its turn code (docs/rules.md 4.2) and literature notation (4.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub code: String,
    pub notation: String,
    /// Popeye's long notation (`Sa5-c4`, `e5*d6 ep.`, ` #`), for its layout.
    pub long: String,
}

impl Move {
    /// `Option NullMoves`: the side to move passes. `0000` as UCI writes a null move, `--` as
    /// PGN readers do, and Popeye's ` ...`.
    pub fn pass() -> Move {
        Move {
            code: PASS_CODE.into(),
            notation: "--".into(),
            long: " ...".into(),
        }
    }

    /// Whether this is [`Move::pass`]: no turn, the other side moves next.
    pub fn is_pass(&self) -> bool {
        self.code == PASS_CODE
    }
}

/// A turn of the attacker (the side that plays for the goal in `#n` and `s#n`) with what
/// follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attack {
    pub turn: Move,
    /// After a key or a try: what the attacker would play next if the defender passed, each
    /// with its own continuation. Empty when the turn checks, or threats are not shown.
    pub threats: Vec<Attack>,
    /// After a key or a try: the defender has no threat to meet, only its own turns.
    pub zugzwang: bool,
    /// The defender's turns after it that the attacker answers within the turns left, each
    /// with those answers. The defences that are not answered refute it (a try's
    /// refutations).
    pub defences: Vec<Defence>,
}

/// A turn of the defender with the attacker's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Defence {
    pub turn: Move,
    /// How many turns the attacker needs after it to reach the goal; 0 when this turn
    /// completes the goal itself (the defender's forced mate in a selfmate).
    pub turns_left: u32,
    /// The attacker's answers that win within `turns_left` (empty when `turns_left` is 0).
    pub answers: Vec<Attack>,
}

/// A first turn that fails to a few defences only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Try {
    pub attack: Attack,
    pub refutations: Vec<Move>,
}

/// A helpmate or series solution: every turn, first to last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub turns: Vec<Move>,
    /// The first turn stands alone (`1...Kd7 2.Kb5 Rb8`), as in `h#n.5`.
    pub alone_first: bool,
    /// One side plays every turn (series stipulations): numbered one by one.
    pub series: bool,
    /// In `ser-h#n` and `ser-s#n`: the last turn is the other side's, written beside the
    /// series' last turn.
    pub last_apart: bool,
}

/// How the number of solutions compares with the composer's intention.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    NoSolution,
    /// Exactly the intended number of solutions (keys for `#n` and `s#n`).
    Sound,
    /// More solutions than intended.
    Cooked {
        found: usize,
        intended: usize,
    },
    /// Fewer solutions than intended, but some.
    Fewer {
        found: usize,
        intended: usize,
    },
}

/// What the solver found for one twin.
#[derive(Debug, Clone)]
pub struct TwinReport {
    pub label: String,
    /// How the twin differs from the diagram, in Popeye's words (`changes` written).
    pub change: String,
    pub changes: Vec<TwinChange>,
    pub stipulation: String,
    pub variant: Variant,
    /// The position solved; empty for an illegal twin.
    pub fen: String,
    /// The sides that `fen` has without a king (`Option NoWk` / `NoBk`): what it is opened with.
    pub kingless: Kingless,
    /// Why the twin was not solved: its position is not legal (Popeye goes on likewise).
    pub illegal: Option<String>,
    /// Each solution as turn codes: the key alone for `#n` and `s#n`, the whole line for
    /// helpmates and series.
    pub solutions: Vec<Vec<String>>,
    /// The keys of `#n` and `s#n` with threats and variations.
    pub keys: Vec<Attack>,
    /// With `Option Try` (or `Defence n`): first turns refuted by few defences.
    pub tries: Vec<Try>,
    /// With `Option SetPlay` in `#n` and `s#n`: the defender's turns if the attacker passed.
    pub set_play: Vec<Defence>,
    /// With `Option PostKeyPlay`: the defender's turns in the diagram (the key is played).
    pub post_key: Vec<Defence>,
    /// The defender's turns that the attacker cannot answer in the post-key position.
    pub post_key_refutations: Vec<Move>,
    /// Helpmate and series solutions of the full length.
    pub help: Vec<Line>,
    /// Shorter helpmate and series solutions (a flaw Popeye reports).
    pub short: Vec<Line>,
    /// With `Option SetPlay` in helpmates: the solutions with the other side starting.
    pub set_help: Vec<Line>,
    /// The report's solution lines, ours ([`TwinReport::text_lines`] adds the heading and
    /// verdict).
    pub lines: Vec<TextLine>,
    pub verdict: Verdict,
    pub nodes: u64,
}

/// A word of our report's text (`Display`: the English; [`Word::name`] names it for the page's
/// languages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// Heads the set play.
    SetPlay,
    /// Before a shorter solution.
    Short,
    /// Heads the play after the key.
    AfterKey,
    /// Before a key's or try's threats.
    Threat,
    /// After a key or try that threatens nothing.
    Zugzwang,
    /// Before a refutation.
    But,
}

impl Word {
    pub const ALL: [Word; 6] = [
        Word::SetPlay,
        Word::Short,
        Word::AfterKey,
        Word::Threat,
        Word::Zugzwang,
        Word::But,
    ];

    /// `"set-play"`, `"threat"`, ...
    pub fn name(self) -> &'static str {
        match self {
            Word::SetPlay => "set-play",
            Word::Short => "short",
            Word::AfterKey => "after-key",
            Word::Threat => "threat",
            Word::Zugzwang => "zugzwang",
            Word::But => "but",
        }
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Word::SetPlay => "set play:",
            Word::Short => "short:",
            Word::AfterKey => "after the key:",
            Word::Threat => "threat:",
            Word::Zugzwang => "(zugzwang)",
            Word::But => "but",
        })
    }
}

/// One part of a [`TextLine`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Written as it is.
    Text(String),
    /// A twin's heading: its label and how it differs from the diagram (`b) rotation 90`).
    Twin {
        label: String,
        changes: Vec<TwinChange>,
    },
    /// What is solved, in the FEN-line input format: `grolman #2  <fen>`.
    Setting {
        variant: Variant,
        stipulation: String,
        fen: String,
    },
    /// Numbered turns in literature notation (`1.Kb3 (Na5-c4)!`, `2.Rf1#, 2.Qg7#`): the page
    /// writes their piece letters in its reader's.
    Moves(String),
    Word(Word),
    /// The twin's verdict; `help` when it counts solutions (helpmates, series), else keys.
    Verdict {
        verdict: Verdict,
        found: usize,
        help: bool,
    },
    /// The twin is not solved: its position is not legal, for this reason.
    Illegal(String),
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Text(s) | Part::Moves(s) => f.write_str(s),
            Part::Twin { label, changes } if changes.is_empty() => f.write_str(label),
            Part::Twin { label, changes } => write!(f, "{label} {}", change_text(changes)),
            Part::Setting {
                variant,
                stipulation,
                fen,
            } => write!(f, "{variant} {stipulation}  {fen}"),
            Part::Word(w) => w.fmt(f),
            Part::Illegal(why) => write!(f, "illegal twin, not solved: {why}"),
            Part::Verdict { verdict, found, help } => {
                let what = if *help { "solution" } else { "key" };
                let plural = |n: usize| {
                    if n == 1 {
                        what.to_string()
                    } else {
                        format!("{what}s")
                    }
                };
                match *verdict {
                    Verdict::NoSolution => f.write_str("no solution"),
                    Verdict::Sound => write!(f, "{found} {}: sound", plural(*found)),
                    Verdict::Cooked { found, intended } => {
                        write!(f, "cooked: {found} {}, {intended} intended", plural(found))
                    }
                    Verdict::Fewer { found, intended } => {
                        write!(f, "only {found} {} of {intended} intended", plural(found))
                    }
                }
            }
        }
    }
}

/// A line of our report: `depth` indents of three spaces, then its parts, a space apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextLine {
    pub depth: usize,
    pub parts: Vec<Part>,
}

impl TextLine {
    fn new(depth: usize, parts: Vec<Part>) -> TextLine {
        TextLine { depth, parts }
    }
}

impl fmt::Display for TextLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.depth {
            f.write_str("   ")?;
        }
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            part.fmt(f)?;
        }
        Ok(())
    }
}

impl TwinReport {
    /// The report as people read it (in English): [`TwinReport::text_lines`], one a line.
    pub fn text(&self) -> String {
        self.text_lines().iter().map(|l| format!("{l}\n")).collect()
    }

    /// The report's lines: the twin's label and change, then the rule set, stipulation and
    /// FEN, the solution lines and the verdict (or why the twin is not solved).
    pub fn text_lines(&self) -> Vec<TextLine> {
        let mut out = Vec::new();
        if !self.label.is_empty() {
            let heading = Part::Twin {
                label: self.label.clone(),
                changes: self.changes.clone(),
            };
            out.push(TextLine::new(0, vec![heading]));
        }
        if let Some(why) = &self.illegal {
            out.push(TextLine::new(0, vec![Part::Illegal(why.clone())]));
            return out;
        }
        let setting = Part::Setting {
            variant: self.variant,
            stipulation: self.stipulation.clone(),
            fen: self.fen.clone(),
        };
        out.push(TextLine::new(0, vec![setting]));
        out.extend(self.lines.iter().cloned());
        let verdict = Part::Verdict {
            verdict: self.verdict,
            found: self.solutions.len(),
            help: self.is_help_like(),
        };
        out.push(TextLine::new(0, vec![verdict]));
        out
    }

    /// Whether the twin counts solutions (helpmates, series) rather than keys.
    pub fn is_help_like(&self) -> bool {
        self.stipulation.starts_with('h') || self.stipulation.starts_with("ser-")
    }

    /// Writes [`TwinReport::lines`] from the data, in our notation.
    pub(super) fn write_lines(&mut self) {
        let mut out = Vec::new();
        let moves = Part::Moves;
        let but = |r: &Move| {
            TextLine::new(
                1,
                vec![Part::Word(Word::But), moves(format!("1...{}!", r.notation))],
            )
        };
        if !self.set_play.is_empty() || !self.set_help.is_empty() {
            out.push(TextLine::new(0, vec![Part::Word(Word::SetPlay)]));
            for d in &self.set_play {
                defence_lines(d, 1, 1, &mut out);
            }
            for l in &self.set_help {
                out.push(TextLine::new(1, vec![moves(l.text())]));
            }
        }
        for l in &self.short {
            out.push(TextLine::new(0, vec![Part::Word(Word::Short), moves(l.text())]));
        }
        for l in &self.help {
            out.push(TextLine::new(0, vec![moves(l.text())]));
        }
        if !self.post_key.is_empty() || !self.post_key_refutations.is_empty() {
            out.push(TextLine::new(0, vec![Part::Word(Word::AfterKey)]));
            for d in &self.post_key {
                defence_lines(d, 1, 1, &mut out);
            }
            out.extend(self.post_key_refutations.iter().map(but));
        }
        for k in &self.keys {
            attack_lines(k, 1, 0, "!", &mut out);
        }
        for t in &self.tries {
            attack_lines(&t.attack, 1, 0, "?", &mut out);
            out.extend(t.refutations.iter().map(but));
        }
        self.lines = out;
    }
}

/// `1.Kb3! threat: 2.Rf1#` and the defences below it; `number` is its move number.
fn attack_lines(a: &Attack, number: u32, depth: usize, mark: &str, out: &mut Vec<TextLine>) {
    let mut head = vec![Part::Moves(format!("{number}.{}{mark}", a.turn.notation))];
    if a.zugzwang {
        head.push(Part::Word(Word::Zugzwang));
    } else if !a.threats.is_empty() {
        let list: Vec<String> = a
            .threats
            .iter()
            .map(|t| format!("{}.{}", number + 1, t.turn.notation))
            .collect();
        head.extend([Part::Word(Word::Threat), Part::Moves(list.join(", "))]);
    }
    out.push(TextLine::new(depth, head));
    for d in &a.defences {
        defence_lines(d, number, depth + 1, out);
    }
}

/// `1...Rb8 2.Qxb8#`, or the answers on lines of their own when play goes on after them.
fn defence_lines(d: &Defence, number: u32, depth: usize, out: &mut Vec<TextLine>) {
    let head = format!("{number}...{}", d.turn.notation);
    if d.answers.is_empty() {
        out.push(TextLine::new(depth, vec![Part::Moves(head)]));
    } else if d.answers.iter().all(|a| a.defences.is_empty()) {
        let list: Vec<String> = d
            .answers
            .iter()
            .map(|a| format!("{}.{}", number + 1, a.turn.notation))
            .collect();
        out.push(TextLine::new(
            depth,
            vec![Part::Moves(format!("{head} {}", list.join(", ")))],
        ));
    } else {
        out.push(TextLine::new(depth, vec![Part::Moves(head)]));
        for a in &d.answers {
            attack_lines(a, number + 1, depth + 1, "", out);
        }
    }
}

impl Line {
    /// `1.Kd7 Rb8 2.Ke8 Rb7#`, `1...Rb8 2.Kd7 ...` when the first turn stands alone, and
    /// `1.e4 2.e5 3.e6 Qf7#` for a series (the last turn, the other side's, beside the
    /// series' own).
    pub fn text(&self) -> String {
        self.numbered(|m| &m.notation, " ")
    }

    /// The line numbered as in `text`, each turn written by `write` and the numbered pairs of
    /// a helpmate joined by `gap` (Popeye's layout writes long notation three spaces apart).
    pub(super) fn numbered(&self, write: impl Fn(&Move) -> &str, gap: &str) -> String {
        let n: Vec<&str> = self.turns.iter().map(write).collect();
        let mut parts = Vec::new();
        if self.series {
            for (i, t) in n.iter().enumerate() {
                if i + 1 == n.len() && self.last_apart {
                    parts.push((*t).to_string());
                } else {
                    parts.push(format!("{}.{t}", i + 1));
                }
            }
            return parts.join(" ");
        }
        let mut number = 1;
        let mut i = 0;
        if self.alone_first {
            parts.push(format!("1...{}", n[0]));
            number = 2;
            i = 1;
        }
        while i < n.len() {
            let mut s = format!("{number}.{}", n[i]);
            if i + 1 < n.len() {
                s.push(' ');
                s.push_str(n[i + 1]);
            }
            parts.push(s);
            number += 1;
            i += 2;
        }
        parts.join(gap)
    }
}
