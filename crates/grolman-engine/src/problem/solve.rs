//! Exhaustive solving: the tests that decide a problem (`attack`, `defend`, `help`, `series`).
//! The trees of the report are built from them in [`super::tree`]; what the options change at
//! a node is in [`options`].
//!
//! Definitions. In `#n` the side to move (the attacker) has a first turn, the key, after which
//! every defence allows the goal within the turns left; shorter wins count. In `s#n` the
//! attacker plays so that the defender, whatever it does, mates the attacker within `n`
//! defender turns (an earlier forced mate counts; a defender left without a legal turn
//! refutes). In `h#n` both sides cooperate through exactly `2n` half-moves (`2n+1` for
//! `h#n.5`) and the last one mates. In a series (`ser-`) one side plays `n` turns in a row,
//! the other passing (so no turn but the last may check), then reaches the goal (`ser-#n`),
//! lets the other side mate it in one (`ser-h#n`), or leaves it forced to (`ser-s#n`). With
//! the goal `=` stalemate takes the place of mate.
//!
//! Owner choices (docs/rules.md 3.5): a Tatarstan turn may hold promotions chosen by the side not
//! moving. In `#n` and `s#n` that side decides them against the mover (a turn is then a group of
//! turns, [`crate::turns`]); in helpmates every combination is its own turn.

mod options;

use std::cell::Cell;

use grolman::{has_legal_turn, notation, Behind, Color, Position, Rules, Square, Turn, Variant, Visit};

use super::approach::{Approach, ApproachMemory};
use super::checking::LastMate;
use super::mate1::{forces_mate_in_one, mates_in_one};
use super::near::{leaves_near, Bound};
use super::table::Table;
use super::{Aim, Entry, FirstMoves, Goal, Options, Problem, Twin, TwinReport, Verdict};
use crate::turns::children;
pub(super) use options::null_move;

/// The solver was told to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

impl core::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("solving cancelled")
    }
}

impl std::error::Error for Cancelled {}

/// What the solver is on, for a progress display: the first move it is trying (keys and tries
/// of `#n`/`s#n`, the first turn of a helpmate or series), its place among the first moves
/// (from 1), and how many there are; `first` is empty before the first one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Searching {
    pub first: String,
    pub index: usize,
    pub count: usize,
}

/// Solves every twin of `problem` in the order written; an illegal twin gets a report that
/// says why and is not solved. `keep_going` is asked now and then, with what the solver is
/// [`Searching`]; when it says no, the solver stops with [`Cancelled`].
///
/// # Errors
/// [`Cancelled`] when `keep_going` returned `false`.
pub fn solve(
    problem: &Problem,
    keep_going: &mut dyn FnMut(&Searching) -> bool,
) -> Result<Vec<TwinReport>, Cancelled> {
    problem
        .entries()
        .into_iter()
        .map(|entry| match entry {
            Entry::Twin(twin) => solve_twin(problem, twin, keep_going),
            Entry::Illegal(t) => Ok(TwinReport::illegal(t)),
        })
        .collect()
}

/// How the solver searches. Both find the same solutions; [`Method::Exhaustive`] is the
/// reference that the pruned solver is tested against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Drops lines that provably cannot end in mate within the turns left
    /// (`problem/intelligent.rs`).
    #[default]
    Pruned,
    /// Walks every line.
    Exhaustive,
}

/// Solves one twin of `problem`.
///
/// # Errors
/// [`Cancelled`] when `keep_going` returned `false`.
pub fn solve_twin(
    problem: &Problem,
    twin: &Twin,
    keep_going: &mut dyn FnMut(&Searching) -> bool,
) -> Result<TwinReport, Cancelled> {
    solve_twin_with(problem, twin, Method::default(), keep_going)
}

/// Solves one twin of `problem` by `method`.
///
/// # Errors
/// [`Cancelled`] when `keep_going` returned `false`.
pub fn solve_twin_with(
    problem: &Problem,
    twin: &Twin,
    method: Method,
    keep_going: &mut dyn FnMut(&Searching) -> bool,
) -> Result<TwinReport, Cancelled> {
    let stip = twin.stipulation;
    let mut solver = Solver {
        // The bound knows mates only: a stalemate goal, or a selfmate that a direct mate also
        // wins (Quodlibet), is searched in full
        // (nor passes, with NullMoves).
        pruned: method == Method::Pruned
            && stip.goal == Goal::Mate
            && !problem.options.quodlibet
            && !problem.options.null_moves,
        rules: twin.variant.into(),
        table: Table::new(TABLE_BITS),
        bound: Bound::new(),
        approach: ApproachMemory::new(),
        hints: [None; HINTS],
        nodes: 0,
        keep_going,
        searching: Searching::default(),
        cancelled: false,
        goal: stip.goal,
        options: &problem.options,
        non_trivial_left: problem.options.non_trivial.map_or(0, |(m, _)| m),
        first_moves: problem.options.first_moves,
    };
    let mut report = TwinReport::empty(twin);
    solver.fill(&twin.position, stip, &mut report);
    if solver.cancelled {
        return Err(Cancelled);
    }
    let found = report.solutions.len();
    let intended = problem.intended;
    report.verdict = if found == 0 {
        Verdict::NoSolution
    } else if found == intended {
        Verdict::Sound
    } else if found > intended {
        Verdict::Cooked { found, intended }
    } else {
        Verdict::Fewer { found, intended }
    };
    report.nodes = solver.nodes;
    report.write_lines();
    Ok(report)
}

/// The bound's hints kept, by turns left to both sides.
const HINTS: usize = 16;

/// The table holds `2 << TABLE_BITS` verdicts (8 MB).
const TABLE_BITS: u32 = 18;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Node {
    Attack(Aim),
    Defend(Aim),
    Help,
    Series(Aim),
    /// [`Solver::stuck`]: no legal turn, not a search.
    Stuck,
}

impl Node {
    fn id(self) -> u32 {
        let aim = |a: Aim| a as u32;
        match self {
            Node::Attack(a) => aim(a),
            Node::Defend(a) => 3 + aim(a),
            Node::Help => 6,
            Node::Series(a) => 7 + aim(a),
            Node::Stuck => 10,
        }
    }
}

pub(super) struct Solver<'a> {
    pruned: bool,
    pub(super) rules: Rules,
    table: Table,
    bound: Bound,
    /// What the mating side's turn three half-moves before a mate may aim at
    /// (problem/approach.rs).
    approach: ApproachMemory,
    /// Per number of turns left to both sides: where the bound last found a mate possible,
    /// tried first at the next node with as many turns (siblings differ by a move or two).
    hints: [Option<grolman::Square>; HINTS],
    nodes: u64,
    keep_going: &'a mut dyn FnMut(&Searching) -> bool,
    /// The first move being tried, told to `keep_going`.
    pub(super) searching: Searching,
    pub(super) cancelled: bool,
    pub(super) goal: Goal,
    pub(super) options: &'a Options,
    /// `Option NonTrivial m k`: how many more non-trivial defences the attacker may still
    /// grant on the line being searched (Popeye's budget, spent along the line).
    pub(super) non_trivial_left: u32,
    /// `StartMoveNumber` / `UpToMoveNumber`: the first moves of the play that are solved (all
    /// while the set play is).
    pub(super) first_moves: FirstMoves,
}

impl Solver<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(512) && !(self.keep_going)(&self.searching) {
            self.cancelled = true;
        }
        self.cancelled
    }

    /// Tells the progress that the first move `t`, `index`-th (from 0) of `count`, is tried.
    pub(super) fn trying(&mut self, t: &Turn, index: usize, count: usize) {
        self.searching = Searching {
            first: notation::literature::write_moves(t),
            index: index + 1,
            count,
        };
    }

    /// The side to move has lost by the goal: mated, or stalemated for `=`.
    pub(super) fn reached(&mut self, pos: &Position) -> bool {
        // The check first: it is cheap, the search for a legal turn is not.
        let check = pos.is_check();
        check == (self.goal == Goal::Mate) && self.stuck(pos)
    }

    /// The side to move has no legal turn. Remembered outside orthodox chess: there the search
    /// for one walks every chain (and phase) when there is none, and the report's trees and
    /// their notation ask it again of the positions that the search judged.
    pub(super) fn stuck(&mut self, pos: &Position) -> bool {
        if self.rules.variant == Variant::Orthodox {
            return !has_legal_turn(pos, self.rules);
        }
        let key = Table::key(pos.key(), 0, Node::Stuck.id());
        if let Some(r) = self.table.get(key) {
            return r;
        }
        let r = !has_legal_turn(pos, self.rules);
        self.table.put(key, 0, r);
        r
    }

    fn memo(&mut self, pos: &Position, n: u32, node: Node, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.memo_keyed(pos.key(), n, node, f)
    }

    /// The table's key of a node whose position has the key `position`.
    fn node_key(&self, position: u64, n: u32, node: Node) -> u64 {
        // A verdict under NonTrivial depends on the budget left, so it is part of the key.
        let budget = u64::from(self.non_trivial_left).wrapping_mul(0xd6e8_feb8_6659_fd93);
        Table::key(position ^ budget, n, node.id())
    }

    /// [`Solver::memo`] of a position whose key is `position`.
    fn memo_keyed(&mut self, position: u64, n: u32, node: Node, f: impl FnOnce(&mut Self) -> bool) -> bool {
        let key = self.node_key(position, n, node);
        if let Some(r) = self.table.get(key) {
            return r;
        }
        let r = f(self);
        if !self.cancelled {
            self.table.put(key, n, r);
        }
        r
    }

    /// Whether `mated` can still be mated with the turns left to each side; always yes when
    /// solving exhaustively.
    fn may_mate(&mut self, pos: &Position, mated: Color, mated_turns: u32, mating_turns: u32) -> bool {
        let hint = &mut self.hints[((mated_turns + mating_turns) as usize).min(HINTS - 1)];
        !self.pruned
            || self
                .bound
                .reachable(pos, self.rules, mated, mated_turns, mating_turns, hint)
    }

    /// The attacker (to move) wins within `n` of its turns.
    pub(super) fn attack(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        if n == 0 || self.tick() {
            return false;
        }
        // The last turn of a direct mate: as the helpmate's, by groups in Tatarstan chess.
        if n == 1 && aim == Aim::Direct && self.pruned {
            if !self.may_mate(pos, pos.turn().other(), 0, 1) {
                return false;
            }
            return self.memo(pos, n, Node::Attack(aim), |s| forces_mate_in_one(pos, s.rules));
        }
        self.memo(pos, n, Node::Attack(aim), |s| {
            // Direct: the attacker mates with n turns against n - 1; selfmate: the defender
            // mates the attacker with n turns against n.
            let (mated, mated_turns) = match aim {
                Aim::SelfMate => (pos.turn(), n),
                _ => (pos.turn().other(), n - 1),
            };
            if !s.may_mate(pos, mated, mated_turns, n) {
                return false;
            }
            let ch = children(pos, s.rules);
            (0..ch.groups.len()).any(|g| {
                ch.members(g)
                    .iter()
                    .all(|m| s.defend(&s.after(pos, &m.after), n, aim))
            }) || s.pass(pos).is_some_and(|p| s.defend(&p, n, aim))
        })
    }

    /// After an attacker turn (its `n`-th from the end), the defender (to move) loses.
    pub(super) fn defend(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        if self.tick() {
            return false;
        }
        match aim {
            Aim::Direct if n == 1 => self.reached(pos),
            Aim::Direct => self.memo(pos, n, Node::Defend(aim), |s| {
                if !s.may_mate(pos, pos.turn(), n - 1, n - 1) {
                    return false;
                }
                if s.reached(pos) {
                    return true;
                }
                if n == 2 && s.moves_away_from_mate(pos) {
                    return false;
                }
                let ch = children(pos, s.rules);
                let pass = s.pass(pos);
                if (ch.is_empty() && pass.is_none())
                    || s.too_many_flights(pos, &ch)
                    || !s.threatens(pos, n, aim)
                {
                    return false;
                }
                s.granting(pos, n, aim, |s| {
                    (0..ch.groups.len()).all(|g| {
                        ch.members(g)
                            .iter()
                            .any(|m| s.attack(&s.after(pos, &m.after), n - 1, aim))
                    }) && pass.as_ref().is_none_or(|p| s.attack(p, n - 1, aim))
                })
            }),
            _ => self.memo(pos, n, Node::Defend(aim), |s| {
                if !s.may_mate(pos, pos.turn().other(), n - 1, n) {
                    return false;
                }
                if s.options.quodlibet && s.reached(pos) {
                    return true;
                }
                let ch = children(pos, s.rules);
                let pass = s.pass(pos);
                let flights = n > 1 && s.too_many_flights(pos, &ch);
                if (ch.is_empty() && pass.is_none()) || flights || !s.threatens(pos, n, aim) {
                    return false;
                }
                // A pass never mates: it must be answered with play to come.
                s.granting(pos, n, aim, |s| {
                    (0..ch.groups.len()).all(|g| {
                        ch.members(g).iter().any(|m| {
                            s.reached(&m.after) || (n > 1 && s.attack(&s.after(pos, &m.after), n - 1, aim))
                        })
                    }) && pass.as_ref().is_none_or(|p| n > 1 && s.attack(p, n - 1, aim))
                })
            }),
        }
    }

    /// Orthodox chess, the side to move with one turn left before the other side's last: it
    /// has a legal move away from its king after which the bound rules out mate (so a defender
    /// refutes by it), found without playing out the others.
    fn moves_away_from_mate(&mut self, pos: &Position) -> bool {
        if !self.pruned
            || self.rules.variant != Variant::Orthodox
            || self.bound.after_move_away(pos, self.rules, pos.turn()) != Some(false)
        {
            return false;
        }
        let board = pos.board();
        let mut found = false;
        grolman::for_each_turn_where(pos, self.rules, false, |l| leaves_near(board, l), &mut |_| {
            found = true;
            true
        });
        found
    }

    /// A helpmate of exactly `plies` half-moves exists.
    pub(super) fn help(&mut self, pos: &Position, plies: u32) -> bool {
        self.help_keyed(pos, None, plies, false)
    }

    /// [`Solver::help`] with the position's key when it is known; `allowed` when the bound is
    /// known to allow a mate on the last ply (the move to it was judged by the bound's verdict
    /// on the position it leaves).
    fn help_keyed(&mut self, pos: &Position, key: Option<u64>, plies: u32, allowed: bool) -> bool {
        if self.tick() {
            return false;
        }
        if plies == 0 {
            return self.reached(pos);
        }
        if plies == 1 && self.pruned {
            // The bound's verdict is mostly a look-up here (Bound's memory), cheaper than the
            // table's; in Tatarstan chess too since the bound knows the kinds each side may
            // still have (solve-bench, the slowest Tatarstan h#3 of 8 units: 1.3 -> 1.0 s CPU).
            // The mate itself by targeted generation.
            if !allowed && !self.may_mate(pos, pos.turn().other(), 0, 1) {
                return false;
            }
            let key = key.unwrap_or_else(|| pos.key());
            return self.memo_keyed(key, plies, Node::Help, |s| mates_in_one(pos, s.rules));
        }
        let key = key.unwrap_or_else(|| pos.key());
        self.memo_keyed(key, plies, Node::Help, |s| {
            let mated = if plies.is_multiple_of(2) {
                pos.turn()
            } else {
                pos.turn().other()
            };
            // In orthodox chess the bound with the mating side's last two turns to come (and
            // one of the mated side's) rules out few nodes here and costs more than judging
            // their children does (solve-bench, orthodox h#3: 9.7 -> 6.9 s CPU in all), so it
            // waits for the next ply.
            let judged = plies != 3 || s.rules.variant != Variant::Orthodox;
            if judged && !s.may_mate(pos, mated, plies / 2, plies.div_ceil(2)) {
                return false;
            }
            // The mated side's last move: a move after which the bound's memory already rules
            // out mate is not played (nor, when a move away from its king leaves no mate, any
            // of those).
            let mut last = match plies == 2 && s.pruned {
                true => s.bound.last_move(pos, s.rules, mated),
                false => None,
            };
            // In Grolman chess by what its chains may vacate (problem/near.rs).
            let chained = match plies == 2 && s.pruned {
                true => s.bound.last_chain_move(pos, s.rules, mated),
                false => None,
            };
            // Orthodox chess: only moves after which the mating side may mate on the real
            // board (problem/checking.rs).
            let mut check = match plies == 2 && s.pruned && s.rules.variant == Variant::Orthodox {
                true => LastMate::of(pos, mated),
                false => None,
            };
            let mut behind: Option<(Square, Behind)> = None;
            // The mating side's turn before its last: only towards squares from which the
            // bound may still allow a mate (problem/approach.rs).
            let approach = match plies == 3 && s.pruned && s.rules.variant == Variant::Orthodox {
                true => Approach::of(pos, &mut s.approach),
                false => None,
            };
            let board = pos.board();
            let bound = &mut s.bound;
            let mut leads = Vec::with_capacity(64);
            grolman::leads(pos, s.rules, &mut leads);
            leads.retain(|l| {
                // A king move into check first: the bound's verdict on the king's new square is
                // then not looked up or worked out. The bound's remembered verdicts before the
                // real board's, which costs more.
                check.as_ref().is_none_or(|c| !c.steps_into_check(l))
                    && last.as_mut().is_none_or(|last| bound.may_follow(last, board, l))
                    && check.as_mut().is_none_or(|c| c.may_follow(board, l))
                    && approach.as_ref().is_none_or(|a| a.may_follow(board, l))
                    && chained.as_ref().is_none_or(|last| {
                        let b = match behind {
                            Some((from, b)) if from == l.from => b,
                            _ => Behind::of_chain(board, mated, l.from),
                        };
                        behind = Some((l.from, b));
                        bound.may_follow_chain(last, board, l, &b)
                    })
            });
            // Tatarstan: the mated side's last turns are judged again where their chains end,
            // by the bound on the position after them when their phase cannot change it
            // (Bound::at_chain_end), before the phase is worked out and the position copied;
            // the turns kept so need not be judged at the next node. (Castling that takes a
            // right of the other side, CastlingMutuallyExclusive, changes that position after
            // the turn: not judged then.)
            let judge_ends = plies == 2
                && s.pruned
                && s.rules.variant == Variant::Tatarstan
                && s.options.exclusive_castling.is_empty();
            let judged = Cell::new(false);
            let mut afters = Vec::with_capacity(leads.len());
            let mut keep = |v: &Visit<'_>| {
                afters.push((v.after.clone(), judged.get()));
                false
            };
            if judge_ends {
                let rules = s.rules;
                let mut chain_end = |end: &Position| {
                    let verdict = bound.at_chain_end(end, rules, mated);
                    judged.set(verdict.is_some());
                    verdict != Some(false)
                };
                grolman::for_each_turn_of_judged(pos, s.rules, &leads, &mut chain_end, &mut keep);
            } else {
                grolman::for_each_turn_of(pos, s.rules, &leads, &mut keep);
            }
            if plies == 1 {
                for (after, _) in afters {
                    if s.goal == Goal::Mate && !after.is_check() {
                        continue;
                    }
                    if s.help(&s.after(pos, &after), 0) {
                        return true;
                    }
                }
            } else {
                // The children's verdicts are looked up one after the other in a table of
                // megabytes, each a likely cache miss: their slots are asked for together first
                // (solve-bench, orthodox h#3: the lookups were 16 % of the time).
                let afters: Vec<_> = afters
                    .iter()
                    .map(|(after, judged)| {
                        let after = s.after(pos, after);
                        let key = after.key();
                        s.table.prefetch(s.node_key(key, plies - 1, Node::Help));
                        (after, key, *judged)
                    })
                    .collect();
                // The mated side's last moves were each judged by the bound's verdict on the
                // position after them (Bound::may_follow, Bound::at_chain_end), which the last
                // ply need not ask again.
                for (after, key, judged) in afters {
                    if s.help_keyed(&after, Some(key), plies - 1, last.is_some() || judged) {
                        return true;
                    }
                }
            }
            // A pass (NullMoves) never checks, so it is never the last half-move.
            plies > 1 && s.pass(pos).is_some_and(|p| s.help(&p, plies - 1))
        })
    }

    /// The side to move plays `n` more series turns and then reaches what `aim` asks.
    pub(super) fn series(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        if self.tick() {
            return false;
        }
        if n == 0 {
            return self.series_end(pos, aim);
        }
        self.memo(pos, n, Node::Series(aim), |s| {
            let mut afters = Vec::new();
            grolman::for_each_turn(pos, s.rules, false, &mut |v| {
                afters.push(v.after.clone());
                false
            });
            afters
                .into_iter()
                .any(|after| s.series_step(&s.after(pos, &after), n, aim))
        })
    }

    /// After a series turn with `n - 1` still to come: the series goes on, or ends well.
    pub(super) fn series_step(&mut self, after: &Position, n: u32, aim: Aim) -> bool {
        if n == 1 {
            return match aim {
                Aim::Direct => self.reached(after),
                _ => self.series_end(after, aim),
            };
        }
        match null_move(after) {
            Some(next) => self.series(&next, n - 1, aim),
            None => false,
        }
    }

    /// The series is over and the other side (to move) mates in one (`ser-h#`) or is forced
    /// to (`ser-s#`).
    fn series_end(&mut self, pos: &Position, aim: Aim) -> bool {
        match aim {
            Aim::Direct => false,
            Aim::Help => self.help(pos, 1),
            Aim::SelfMate => self.defend(pos, 1, Aim::SelfMate),
        }
    }
}
