//! Exhaustive solving of `#n`, `h#n` (and `h#n.5`) and `s#n`.
//!
//! Definitions. In `#n` the side to move (the attacker) has a first turn, the key, after which
//! every defence allows mate within the turns left; shorter mates count. In `s#n` the attacker
//! plays so that the defender, whatever it does, mates the attacker within `n` defender turns
//! (an earlier forced mate counts; a defender left without a legal turn refutes). In `h#n` both
//! sides cooperate through exactly `2n` half-moves (`2n+1` for `h#n.5`) and the last one mates.
//!
//! Owner choices (docs/rules.md 3.5): a Tatarstan turn may hold promotions chosen by the side not
//! moving. In `#n` and `s#n` that side decides them against the mover (a turn is then a group of
//! turns, [`crate::turns`]); in helpmates every combination is its own turn.

use std::collections::HashMap;

use grolman::{has_legal_turn, notation, OwnerPromotion, Position, Rules, Setup, Step, Turn, Variant};

use super::{Aim, Problem, Twin};
use crate::turns::children;

/// The solver was told to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

impl core::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("solving cancelled")
    }
}

impl std::error::Error for Cancelled {}

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
    pub fen: String,
    /// Each solution as turn codes: the key alone for `#n` and `s#n`, the whole line for `h#n`.
    pub solutions: Vec<Vec<String>>,
    /// The solutions in literature notation, one line each (with variations for `#n` and `s#n`).
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
        s.push_str(&format!("{} {}  {}\n", self.variant, self.stipulation, self.fen));
        for line in &self.lines {
            s.push_str(line);
            s.push('\n');
        }
        let what = if self.stipulation.starts_with('h') {
            "solution"
        } else {
            "key"
        };
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
}

/// Solves every twin of `problem`. `keep_going` is asked now and then; when it says no, the
/// solver stops with [`Cancelled`].
///
/// # Errors
/// [`Cancelled`] when `keep_going` returned `false`.
pub fn solve(problem: &Problem, keep_going: &mut dyn FnMut() -> bool) -> Result<Vec<TwinReport>, Cancelled> {
    problem
        .twins
        .iter()
        .map(|twin| solve_twin(problem, twin, keep_going))
        .collect()
}

/// Solves one twin of `problem`.
///
/// # Errors
/// [`Cancelled`] when `keep_going` returned `false`.
pub fn solve_twin(
    problem: &Problem,
    twin: &Twin,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<TwinReport, Cancelled> {
    let mut solver = Solver {
        rules: problem.variant.into(),
        memo: HashMap::new(),
        nodes: 0,
        keep_going,
        cancelled: false,
        lines: Vec::new(),
        solutions: Vec::new(),
        no_threat: problem.no_threat,
    };
    let pos = &twin.position;
    let stip = twin.stipulation;
    match stip.aim {
        Aim::Help => solver.help_lines(pos, stip.help_plies()),
        Aim::Direct | Aim::SelfMate => solver.keys(pos, stip.moves, stip.aim),
    }
    if solver.cancelled {
        return Err(Cancelled);
    }
    let found = solver.solutions.len();
    let intended = problem.intended;
    let verdict = if found == 0 {
        Verdict::NoSolution
    } else if found == intended {
        Verdict::Sound
    } else if found > intended {
        Verdict::Cooked { found, intended }
    } else {
        Verdict::Fewer { found, intended }
    };
    Ok(TwinReport {
        label: twin.label.clone(),
        change: twin.change.clone(),
        stipulation: stip.to_string(),
        variant: problem.variant,
        fen: pos.fen(),
        solutions: solver.solutions,
        lines: solver.lines,
        verdict,
        nodes: solver.nodes,
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Node {
    Attack(Aim),
    Defend(Aim),
    Help,
}

struct Solver<'a> {
    rules: Rules,
    memo: HashMap<(u64, u32, Node), bool>,
    nodes: u64,
    keep_going: &'a mut dyn FnMut() -> bool,
    cancelled: bool,
    lines: Vec<String>,
    solutions: Vec<Vec<String>>,
    no_threat: bool,
}

impl Solver<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(512) && !(self.keep_going)() {
            self.cancelled = true;
        }
        self.cancelled
    }

    fn mated(&self, pos: &Position) -> bool {
        pos.is_check() && !has_legal_turn(pos, self.rules)
    }

    fn memo(&mut self, pos: &Position, n: u32, node: Node, f: impl FnOnce(&mut Self) -> bool) -> bool {
        let key = (pos.key(), n, node);
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let r = f(self);
        if !self.cancelled {
            self.memo.insert(key, r);
        }
        r
    }

    /// The attacker (to move) wins within `n` of its turns.
    fn attack(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        if n == 0 || self.tick() {
            return false;
        }
        self.memo(pos, n, Node::Attack(aim), |s| {
            let ch = children(pos, s.rules);
            (0..ch.groups.len()).any(|g| ch.members(g).iter().all(|m| s.defend(&m.after, n, aim)))
        })
    }

    /// After an attacker turn (its `n`-th from the end), the defender (to move) loses.
    fn defend(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        if self.tick() {
            return false;
        }
        match aim {
            Aim::Direct if n == 1 => self.mated(pos),
            Aim::Direct => self.memo(pos, n, Node::Defend(aim), |s| {
                let ch = children(pos, s.rules);
                if ch.is_empty() {
                    return pos.is_check();
                }
                (0..ch.groups.len()).all(|g| ch.members(g).iter().any(|m| s.attack(&m.after, n - 1, aim)))
            }),
            _ => self.memo(pos, n, Node::Defend(aim), |s| {
                let ch = children(pos, s.rules);
                !ch.is_empty()
                    && (0..ch.groups.len()).all(|g| {
                        ch.members(g)
                            .iter()
                            .any(|m| s.mated(&m.after) || (n > 1 && s.attack(&m.after, n - 1, aim)))
                    })
            }),
        }
    }

    /// A helpmate of exactly `plies` half-moves exists.
    fn help(&mut self, pos: &Position, plies: u32) -> bool {
        if self.tick() {
            return false;
        }
        if plies == 0 {
            return self.mated(pos);
        }
        self.memo(pos, plies, Node::Help, |s| {
            let mut found = false;
            let rules = s.rules;
            let mut afters = Vec::new();
            grolman::for_each_turn(pos, rules, false, &mut |v| {
                afters.push(v.after.clone());
                false
            });
            for after in afters {
                if plies == 1 && !after.is_check() {
                    continue;
                }
                if s.help(&after, plies - 1) {
                    found = true;
                    break;
                }
            }
            found
        })
    }

    fn help_lines(&mut self, pos: &Position, plies: u32) {
        let mut line = Vec::new();
        self.help_walk(pos, plies, plies % 2 == 1, &mut line);
    }

    fn help_walk(&mut self, pos: &Position, plies: u32, half: bool, line: &mut Vec<(String, String)>) {
        if self.cancelled {
            return;
        }
        for t in notation::legal_turns(pos, self.rules) {
            let ok = if plies == 1 {
                t.mate
            } else {
                self.help(&t.after, plies - 1)
            };
            if !ok {
                continue;
            }
            line.push((t.code.clone(), t.notation.clone()));
            if plies == 1 {
                self.solutions.push(line.iter().map(|(c, _)| c.clone()).collect());
                let notations: Vec<String> = line.iter().map(|(_, n)| n.clone()).collect();
                self.lines.push(help_text(&notations, half));
            } else {
                self.help_walk(&t.after, plies - 1, half, line);
            }
            line.pop();
        }
    }

    /// The keys of a `#n` or `s#n`, with threats and variations.
    fn keys(&mut self, pos: &Position, n: u32, aim: Aim) {
        for group in grouped(pos, notation::legal_turns(pos, self.rules)) {
            if !group.iter().all(|t| self.defend(&t.after, n, aim)) {
                continue;
            }
            for t in &group {
                if self.cancelled {
                    return;
                }
                self.solutions.push(vec![t.code.clone()]);
                let mut head = format!("1.{}!", t.notation);
                if !self.no_threat && n >= 2 {
                    head.push_str(&self.threat(&t.after, n, aim));
                }
                self.lines.push(head);
                self.defences(&t.after, n, aim, 1, 1);
            }
        }
    }

    /// `threat: 2.X#` after the key, `(zugzwang)` when there is none, nothing when the key
    /// checks.
    fn threat(&mut self, after: &Position, n: u32, aim: Aim) -> String {
        let Some(null) = null_move(after) else {
            return String::new();
        };
        let Some(k) = (1..n).find(|&k| self.attack(&null, k, aim)) else {
            return " (zugzwang)".into();
        };
        let mut moves = Vec::new();
        for group in grouped(&null, notation::legal_turns(&null, self.rules)) {
            if group.iter().all(|t| self.defend(&t.after, k, aim)) {
                moves.extend(group.iter().map(|t| format!("2.{}", t.notation)));
            }
        }
        format!(" threat: {}", moves.join(", "))
    }

    /// The defences after an attacker turn that leaves `n - 1` attacker turns, each with the
    /// attacker's answers, indented by `depth`; `number` is the move number of the defence.
    fn defences(&mut self, pos: &Position, n: u32, aim: Aim, number: u32, depth: usize) {
        let indent = "   ".repeat(depth);
        let turns = notation::legal_turns(pos, self.rules);
        for group in grouped(pos, turns) {
            // The attacker owns the choices inside the defender's turn: show the members that
            // lose fastest for the defender.
            let mut best: Option<(u32, Vec<&Turn>)> = None;
            for t in &group {
                let k = if aim == Aim::SelfMate && t.mate {
                    Some(0)
                } else {
                    (1..n).find(|&k| self.attack(&t.after, k, aim))
                };
                if let Some(k) = k {
                    match &mut best {
                        Some((bk, list)) if *bk == k => list.push(t),
                        Some((bk, _)) if *bk < k => {}
                        _ => best = Some((k, vec![t])),
                    }
                }
            }
            let Some((k, members)) = best else { continue };
            for t in members {
                if self.cancelled {
                    return;
                }
                let head = format!("{indent}{number}...{}", t.notation);
                if k == 0 {
                    self.lines.push(head);
                    continue;
                }
                let mut answers = Vec::new();
                for g in grouped(&t.after, notation::legal_turns(&t.after, self.rules)) {
                    if g.iter().all(|a| self.defend(&a.after, k, aim)) {
                        answers.extend(g);
                    }
                }
                let last = aim == Aim::Direct && k == 1;
                if last {
                    let list: Vec<String> = answers
                        .iter()
                        .map(|a| format!("{}.{}", number + 1, a.notation))
                        .collect();
                    self.lines.push(format!("{head} {}", list.join(", ")));
                } else {
                    self.lines.push(head);
                    for a in answers {
                        self.lines
                            .push(format!("{indent}   {}.{}", number + 1, a.notation));
                        self.defences(&a.after, k, aim, number + 1, depth + 2);
                    }
                }
            }
        }
    }
}

/// Turns grouped by the mover's own choices (the other side's owner choices vary inside a
/// group), in the order given.
fn grouped(pos: &Position, turns: Vec<Turn>) -> Vec<Vec<Turn>> {
    let mover = pos.turn();
    let mut groups: Vec<(Vec<Step>, Vec<OwnerPromotion>, Vec<Turn>)> = Vec::new();
    for t in turns {
        let own: Vec<OwnerPromotion> = t
            .owner_promotions
            .iter()
            .copied()
            .filter(|p| t.after.board().piece_at(p.square).map(|u| u.color) == Some(mover))
            .collect();
        match groups.iter_mut().find(|(s, o, _)| *s == t.steps && *o == own) {
            Some(g) => g.2.push(t),
            None => groups.push((t.steps.clone(), own, vec![t])),
        }
    }
    groups.into_iter().map(|g| g.2).collect()
}

/// The position with the other side to move and nothing else changed; `None` when the side to
/// move is in check (it may not pass).
fn null_move(pos: &Position) -> Option<Position> {
    Position::from_setup(Setup {
        turn: pos.turn().other(),
        ep: None,
        ..pos.setup()
    })
    .ok()
}

/// `1.Kd7 Rb8 2.Ke8 Rb7#`, or `1...Rb8 2.Kd7 ...` when the first half-move stands alone.
fn help_text(notations: &[String], half: bool) -> String {
    let mut s = String::new();
    let mut number = 1;
    let mut i = 0;
    if half {
        s.push_str(&format!("1...{}", notations[0]));
        number = 2;
        i = 1;
    }
    while i < notations.len() {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&format!("{number}.{}", notations[i]));
        if i + 1 < notations.len() {
            s.push(' ');
            s.push_str(&notations[i + 1]);
        }
        number += 1;
        i += 2;
    }
    s
}
