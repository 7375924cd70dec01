//! Negamax with alpha-beta over whole turns: iterative deepening with aspiration windows,
//! principal variation search, a transposition table, move ordering (table turn, MVV-LVA
//! captures, killers, history), check extensions, a bounded quiescence search on captures, and
//! the selective rules of [`selective`]: reverse futility, the null move, futility and
//! late-move pruning, late-move reductions.
//!
//! Generation is staged by leading move: a node generates its leading moves (cheap), orders
//! them, and plays out the turns of each (its chains and, in Tatarstan chess, the
//! transformation phase: the costly part) only when it reaches it, so that a cut-off by the
//! table's turn or the first capture leaves the other leading moves unplayed. Each ply keeps
//! its buffers from node to node, and each turn's key is worked out from its parent's.
//!
//! A turn in Tatarstan chess may hold promotions that the side *not* moving chooses (docs/rules.md
//! 3.5). Such turns form a group ([`crate::turns`]): the mover picks the group, the opponent the
//! member, so a group is worth the minimum of its members for the mover.
//!
//! Time is read through a clock closure returning milliseconds, so the same code runs natively
//! (`std::time::Instant`) and in the browser (`performance.now()`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use grolman::{CheckFilter, Lead, LeadFilter, Position, Rules, TurnGoal};

use crate::eval;
use crate::order::{lead_code, MoveOrder, Stages};
use crate::tt::{self, Bound, Entry, Table};
use crate::turns::{self, Child, Children};

mod evals;
mod info;
mod lines;
mod quiescence;
mod selective;

use evals::Evaluations;
#[cfg(not(target_arch = "wasm32"))]
pub use info::native_clock;
pub use info::{mate_in, pv_turns, Clock, Info, Limits};

/// The score of mate on the board; mate in `p` plies scores `MATE - p`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
/// The first aspiration window's half-width, in centipawns.
const ASPIRATION: i32 = 40;
pub(crate) const MAX_PLY: usize = 96;

/// The searcher: its tables survive from one search to the next.
pub struct Engine {
    rules: Rules,
    tt: Table,
    order: MoveOrder,
    pv: Vec<[u64; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Per ply, the node's ordered leading moves and the turns of the one being searched.
    leads: Vec<Vec<(i32, Lead)>>,
    kids: Vec<Children>,
    /// Per ply, whether the turn into it was the null move (no two in a row).
    after_null: [bool; MAX_PLY],
    path: Vec<u64>,
    game: Vec<u64>,
    nodes: u64,
    stop: Arc<AtomicBool>,
    clock: Clock,
    start_ms: f64,
    deadline_ms: Option<f64>,
    node_limit: Option<u64>,
    aborted: bool,
    root_score: i32,
    /// Root turns left out, by the key of the position after them: the lines found before
    /// at this depth, when [`Engine::search_lines`] asks for more than one.
    excluded: Vec<u64>,
    weights: eval::Weights,
    evals: Evaluations,
}

impl Engine {
    /// An engine for `rules` with a 16 MB transposition table.
    pub fn new(rules: Rules, clock: Clock) -> Engine {
        Engine::with_table(rules, clock, 16)
    }

    /// An engine with a transposition table of about `megabytes` MB.
    pub fn with_table(rules: Rules, clock: Clock, megabytes: usize) -> Engine {
        Engine {
            rules,
            tt: Table::new(megabytes),
            order: MoveOrder::new(),
            pv: vec![[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            leads: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            kids: (0..MAX_PLY).map(|_| Children::default()).collect(),
            after_null: [false; MAX_PLY],
            path: Vec::with_capacity(256),
            game: Vec::new(),
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            clock,
            start_ms: 0.0,
            deadline_ms: None,
            node_limit: None,
            aborted: false,
            root_score: 0,
            excluded: Vec::new(),
            weights: eval::Weights::of(rules.variant),
            evals: Evaluations::new(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// A flag that stops the running search when set (from another thread, or from the clock
    /// closure's side in a single-threaded host).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// The evaluation's weights (the match runner tries others than the defaults).
    pub fn set_weights(&mut self, weights: eval::Weights) {
        self.weights = weights;
        self.evals.clear();
    }

    /// The static evaluation of `pos`, whose key is `key` ([`Evaluations`]).
    fn evaluate(&mut self, pos: &Position, key: u64) -> i32 {
        let (variant, weights) = (self.rules.variant, &self.weights);
        self.evals
            .get_or(key, || eval::evaluate_with(pos, variant, weights))
    }

    /// Keys of the game's earlier positions, so that the search sees repetitions.
    pub fn set_game_history(&mut self, keys: &[u64]) {
        self.game = keys.to_vec();
    }

    /// Forgets the transposition table, killers and history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order = MoveOrder::new();
    }

    /// Searches `pos` within `limits`, calling `on_depth` after each finished iteration. Returns
    /// the last finished iteration (at least a legal turn when one exists), or `None` when the
    /// side to move has no legal turn.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        on_depth: &mut dyn FnMut(&Info),
    ) -> Option<Info> {
        self.stop.store(false, Ordering::Relaxed);
        self.start_ms = (self.clock)();
        self.deadline_ms = limits.movetime_ms.map(|t| self.start_ms + t);
        self.node_limit = limits.nodes;
        self.nodes = 0;
        self.aborted = false;
        self.order.age();
        let root = turns::children(pos, self.rules);
        let first_open = (0..root.groups.len()).find(|&g| !self.is_excluded(root.members(g)))?;
        let key = pos.key();
        let mut best: Option<Info> = None;
        for depth in 1..=limits.depth.clamp(1, MAX_PLY as u32 - 8) {
            self.path.clear();
            self.path.extend_from_slice(&self.game);
            let score = self.aspirate(pos, key, depth as i32, best.as_ref().map(|b| b.score));
            if self.aborted {
                // A partial iteration is only trusted when nothing finished before it.
                if best.is_none() && self.pv_len[0] > 0 {
                    best = Some(self.info(depth, self.root_score));
                }
                break;
            }
            let info = self.info(depth, score);
            on_depth(&info);
            let mate_found = score.abs() >= MATE_BOUND && depth as i32 >= MATE - score.abs();
            best = Some(info);
            let elapsed = (self.clock)() - self.start_ms;
            if mate_found
                || limits.movetime_ms.is_some_and(|t| elapsed >= t * 0.5)
                || limits.nodes.is_some_and(|n| self.nodes >= n)
            {
                break;
            }
        }
        Some(best.unwrap_or_else(|| Info {
            depth: 0,
            score: 0,
            nodes: self.nodes,
            time_ms: (self.clock)() - self.start_ms,
            pv: vec![root.members(first_open)[0].key],
        }))
    }

    fn info(&self, depth: u32, score: i32) -> Info {
        Info {
            depth,
            score,
            nodes: self.nodes,
            time_ms: (self.clock)() - self.start_ms,
            pv: self.pv[0][..self.pv_len[0]].to_vec(),
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 15 == 0 {
            let late = self.deadline_ms.is_some_and(|d| (self.clock)() >= d);
            let spent = self.node_limit.is_some_and(|n| self.nodes >= n);
            if late || spent || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
    }

    /// The root search of one iteration. From depth 4 on it starts in a window around the last
    /// iteration's score (aspiration) and widens the side it fails on, doubling, until the
    /// score falls inside: a narrow window cuts off more.
    fn aspirate(&mut self, pos: &Position, key: u64, depth: i32, last: Option<i32>) -> i32 {
        let Some(last) = last.filter(|s| depth >= 4 && s.abs() < MATE_BOUND) else {
            return self.negamax(pos, key, depth, -INF, INF, 0);
        };
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(pos, key, depth, alpha, beta, 0);
            if self.aborted || (score > alpha && score < beta) {
                return score;
            }
            delta *= 2;
            if score <= alpha {
                alpha = if delta > 1_000 { -INF } else { score - delta };
            } else {
                beta = if delta > 1_000 { INF } else { score + delta };
            }
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        // The table's slot is read first: it is seldom in the cache, and the tests below run
        // while it arrives. A node left for quiescence does not read it (most of them).
        let probed = if depth > 0 { self.tt.probe(key) } else { None };
        self.tick();
        if self.aborted {
            return 0;
        }
        if ply > 0 {
            if pos.halfmoves() >= 100 || grolman::dead_material(pos) || self.path.contains(&key) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, key);
        }
        let in_check = pos.is_check();
        let depth = if in_check && ply < 2 * depth as usize + 8 {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiescence(pos, key, alpha, beta, ply, 0);
        }
        let mut table = None;
        let probed = if probed.is_none() && depth == 1 && in_check {
            self.tt.probe(key)
        } else {
            probed
        };
        if let Some(e) = probed {
            table = Some((e.lead, e.best));
            if ply > 0 && e.depth as i32 >= depth {
                let s = score_from_table(i32::from(e.score), ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let margins = selective::margins(self.rules.variant);
        let cut = beta - alpha == 1 && !in_check;
        let node = selective::Node {
            cut,
            stand: if cut { self.evaluate(pos, key) } else { 0 },
        };
        if let Some(score) = self.cuts_early(pos, key, depth, beta, ply, &node, &margins) {
            return score;
        }
        let mut leads = core::mem::take(&mut self.leads[ply]);
        let mut kids = core::mem::take(&mut self.kids[ply]);
        let mut stages = Stages::new(self.rules, table.map(|t| t.0), false);
        let alpha0 = alpha;
        let excluding = ply == 0 && !self.excluded.is_empty();
        let mut best = -INF;
        let mut best_move = (0, 0);
        let mut searched = 0;
        // Tells a pruned leading move that cannot check from one that may, before it is
        // played; made at the node's first pruned move.
        let mut checks: Option<Option<CheckFilter>> = None;
        let mut chain_checks: Option<LeadFilter> = None;
        let mut evasions: Option<LeadFilter> = None;
        self.path.push(key);
        'leads: while let Some(lead) = self
            .order
            .next_lead(pos, self.rules, &mut stages, &mut leads, ply)
        {
            let quiet = !lead.is_capture() && lead.promotion.is_none();
            let pruned =
                quiet && node.prunes_quiet(&margins, self.rules.variant, depth, searched, alpha, best);
            if pruned
                && (!margins.checks_kept
                    || !selective::may_check(pos, self.rules, lead, &mut checks, &mut chain_checks))
            {
                continue;
            }
            if in_check
                && !evasions
                    .get_or_insert_with(|| LeadFilter::of(pos, self.rules, TurnGoal::Legal))
                    .may(pos, &lead)
            {
                // In check most leading moves leave the king attacked: those are told on the
                // unit sets before their turns are played and copied.
                continue;
            }
            if pruned {
                // Only its checking turns are searched: the others are not even copied.
                turns::checking_children_of(pos, key, self.rules, &[lead], &mut kids);
            } else {
                turns::children_of(pos, key, self.rules, &[lead], &mut kids);
            }
            // The table's turn first among its leading move's.
            let first = match table {
                Some((code, child)) if code == lead_code(lead) => (0..kids.groups.len())
                    .find(|&g| kids.members(g).iter().any(|m| tt::turn_tag(m.key) == child))
                    .unwrap_or(0),
                _ => 0,
            };
            for g in core::iter::once(first).chain((0..kids.groups.len()).filter(|&g| g != first)) {
                if g >= kids.groups.len() {
                    break;
                }
                let members = kids.members(g);
                if (excluding && self.is_excluded(members)) || (pruned && !members[0].after.is_check()) {
                    continue;
                }
                let i = searched;
                searched += 1;
                let (mut score, mut reply);
                if i == 0 {
                    (score, reply) = self.group(members, depth - 1, alpha, beta, ply, None);
                } else {
                    // A turn that gives check is searched to full depth.
                    let reduction = if quiet && !in_check && !members[0].after.is_check() {
                        selective::reduction(depth, i, cut)
                    } else {
                        0
                    };
                    (score, reply) = self.group(members, depth - 1 - reduction, alpha, alpha + 1, ply, None);
                    if score > alpha && reduction > 0 && !self.aborted {
                        (score, reply) = self.group(members, depth - 1, alpha, alpha + 1, ply, None);
                    }
                    if score > alpha && score < beta && !self.aborted {
                        (score, reply) = self.group(members, depth - 1, alpha, beta, ply, None);
                    }
                }
                if self.aborted {
                    break 'leads;
                }
                if score > best {
                    best = score;
                    best_move = (lead_code(lead), reply);
                }
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, reply);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if alpha >= beta {
                        if quiet {
                            self.order.reward(pos, lead, depth, ply);
                        }
                        break 'leads;
                    }
                }
            }
        }
        self.path.pop();
        self.leads[ply] = leads;
        self.kids[ply] = kids;
        if self.aborted {
            return 0;
        }
        if searched == 0 && !excluding {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        // A root searched without some of its turns is not worth what the table would say.
        if !excluding {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(Entry {
                key,
                lead: best_move.0,
                best: tt::turn_tag(best_move.1),
                score: score_to_table(best, ply) as i16,
                depth: depth as i16,
                bound,
            });
        }
        best
    }

    /// The value of a group for the mover: the opponent picks the member that is worst for the
    /// mover. Returns the value and the key of that member. `quiescence` carries the capture
    /// depth when called from the quiescence search.
    fn group(
        &mut self,
        members: &[Child],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        quiescence: Option<u32>,
    ) -> (i32, u64) {
        let mut min = INF;
        let mut key = members[0].key;
        let mut saved: Option<([u64; MAX_PLY], usize)> = None;
        for m in members {
            let b = beta.min(min);
            let v = match quiescence {
                Some(q) => -self.quiescence(&m.after, m.key, -b, -alpha, ply + 1, q + 1),
                None => -self.negamax(&m.after, m.key, depth, -b, -alpha, ply + 1),
            };
            if self.aborted {
                break;
            }
            if v < min {
                min = v;
                key = m.key;
                if members.len() > 1 {
                    saved = Some((self.pv[ply + 1], self.pv_len[ply + 1]));
                }
            }
            if min <= alpha {
                break;
            }
        }
        if let Some((line, len)) = saved {
            self.pv[ply + 1] = line;
            self.pv_len[ply + 1] = len;
        }
        (min, key)
    }

    fn set_pv(&mut self, ply: usize, key: u64) {
        let len = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[0] = key;
        row[1..len + 1].copy_from_slice(&tail[0][..len]);
        self.pv_len[ply] = len + 1;
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
