//! What the solver found for one twin, as data: keys and tries with their threats, variations
//! and refutations, set play, helpmate and series lines; and the same as text, ours
//! ([`TwinReport::text`]) or in Popeye's layout ([`super::popeye_text`]).

use grolman::Variant;

/// One turn of a solution: its turn code (docs/rules.md 4.2) and literature notation (4.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub code: String,
    pub notation: String,
    /// Popeye's long notation (`Sa5-c4`, `e5*d6 ep.`, ` #`), for its layout.
    pub long: String,
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
    pub change: String,
    pub stipulation: String,
    pub variant: Variant,
    /// The position solved; empty for an illegal twin.
    pub fen: String,
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
    /// The report as text lines, ours ([`TwinReport::text`] adds the heading and verdict).
    pub lines: Vec<String>,
    pub verdict: Verdict,
    pub nodes: u64,
}

impl TwinReport {
    /// The report as people read it.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if !self.label.is_empty() {
            s.push_str(&self.label);
            if !self.change.is_empty() {
                s.push(' ');
                s.push_str(&self.change);
            }
            s.push('\n');
        }
        if let Some(why) = &self.illegal {
            s.push_str(&format!("illegal twin, not solved: {why}\n"));
            return s;
        }
        s.push_str(&format!("{} {}  {}\n", self.variant, self.stipulation, self.fen));
        for line in &self.lines {
            s.push_str(line);
            s.push('\n');
        }
        let what = if self.is_help_like() { "solution" } else { "key" };
        let plural = |n: usize| {
            if n == 1 {
                what.to_string()
            } else {
                format!("{what}s")
            }
        };
        match self.verdict {
            Verdict::NoSolution => s.push_str("no solution\n"),
            Verdict::Sound => s.push_str(&format!(
                "{} {}: sound\n",
                self.solutions.len(),
                plural(self.solutions.len())
            )),
            Verdict::Cooked { found, intended } => s.push_str(&format!(
                "cooked: {found} {}, {intended} intended\n",
                plural(found)
            )),
            Verdict::Fewer { found, intended } => s.push_str(&format!(
                "only {found} {} of {intended} intended\n",
                plural(found)
            )),
        }
        s
    }

    fn is_help_like(&self) -> bool {
        self.stipulation.starts_with('h') || self.stipulation.starts_with("ser-")
    }

    /// Writes [`TwinReport::lines`] from the data, in our notation.
    pub(super) fn write_lines(&mut self) {
        let mut out = Vec::new();
        if !self.set_play.is_empty() || !self.set_help.is_empty() {
            out.push("set play:".to_string());
            for d in &self.set_play {
                defence_lines(d, 1, 1, &mut out);
            }
            for l in &self.set_help {
                out.push(format!("   {}", l.text()));
            }
        }
        for l in &self.short {
            out.push(format!("short: {}", l.text()));
        }
        for l in &self.help {
            out.push(l.text());
        }
        if !self.post_key.is_empty() || !self.post_key_refutations.is_empty() {
            out.push("after the key:".to_string());
            for d in &self.post_key {
                defence_lines(d, 1, 1, &mut out);
            }
            for r in &self.post_key_refutations {
                out.push(format!("   but 1...{}!", r.notation));
            }
        }
        for k in &self.keys {
            attack_lines(k, 1, 0, "!", &mut out);
        }
        for t in &self.tries {
            attack_lines(&t.attack, 1, 0, "?", &mut out);
            for r in &t.refutations {
                out.push(format!("   but 1...{}!", r.notation));
            }
        }
        self.lines = out;
    }
}

/// `1.Kb3! threat: 2.Rf1#` and the defences below it; `number` is its move number.
fn attack_lines(a: &Attack, number: u32, depth: usize, mark: &str, out: &mut Vec<String>) {
    let mut head = format!("{}{number}.{}{mark}", "   ".repeat(depth), a.turn.notation);
    if a.zugzwang {
        head.push_str(" (zugzwang)");
    } else if !a.threats.is_empty() {
        let list: Vec<String> = a
            .threats
            .iter()
            .map(|t| format!("{}.{}", number + 1, t.turn.notation))
            .collect();
        head.push_str(&format!(" threat: {}", list.join(", ")));
    }
    out.push(head);
    for d in &a.defences {
        defence_lines(d, number, depth + 1, out);
    }
}

/// `1...Rb8 2.Qxb8#`, or the answers on lines of their own when play goes on after them.
fn defence_lines(d: &Defence, number: u32, depth: usize, out: &mut Vec<String>) {
    let head = format!("{}{number}...{}", "   ".repeat(depth), d.turn.notation);
    if d.answers.is_empty() {
        out.push(head);
    } else if d.answers.iter().all(|a| a.defences.is_empty()) {
        let list: Vec<String> = d
            .answers
            .iter()
            .map(|a| format!("{}.{}", number + 1, a.turn.notation))
            .collect();
        out.push(format!("{head} {}", list.join(", ")));
    } else {
        out.push(head);
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
