//! The report's trees, built from the solver's tests: keys and tries with threats, variations
//! and refutations; set play; post-key play; helpmate and series lines, short ones apart.

use grolman::{Kingless, OwnerPromotion, Position, Step, Turn, Variant, Visit};

use super::mate1::for_each_checking_turn;
use super::popeye_out::long_notation;
use super::report::{Attack, Defence, Line, Move, Try, TwinReport, Verdict};
use super::solve::{null_move, Searching, Solver};
use super::{change_text, Aim, Goal, IllegalTwin, Stipulation, Twin, TwinChange};

impl TwinReport {
    pub(super) fn empty(twin: &Twin) -> TwinReport {
        TwinReport {
            kingless: twin.position.kingless(),
            ..TwinReport::blank(
                &twin.label,
                &twin.changes,
                &twin.stipulation,
                twin.variant,
                twin.position.fen(),
            )
        }
    }

    /// The report of a twin that was not solved: its position is not legal.
    pub fn illegal(twin: &IllegalTwin) -> TwinReport {
        TwinReport {
            illegal: Some(twin.error.to_string()),
            ..TwinReport::blank(
                &twin.label,
                &twin.changes,
                &twin.stipulation,
                twin.variant,
                String::new(),
            )
        }
    }

    fn blank(
        label: &str,
        changes: &[TwinChange],
        stipulation: &Stipulation,
        variant: Variant,
        fen: String,
    ) -> TwinReport {
        TwinReport {
            label: label.to_string(),
            change: change_text(changes),
            changes: changes.to_vec(),
            stipulation: stipulation.to_string(),
            variant,
            fen,
            kingless: Kingless::NONE,
            illegal: None,
            solutions: Vec::new(),
            keys: Vec::new(),
            tries: Vec::new(),
            set_play: Vec::new(),
            post_key: Vec::new(),
            post_key_refutations: Vec::new(),
            help: Vec::new(),
            short: Vec::new(),
            set_help: Vec::new(),
            lines: Vec::new(),
            verdict: Verdict::NoSolution,
            nodes: 0,
        }
    }
}

fn mv(pos: &Position, t: &Turn) -> Move {
    Move {
        code: t.code.clone(),
        notation: t.notation.clone(),
        long: long_notation(pos, t),
    }
}

impl Solver<'_> {
    fn full(&self, n: usize) -> bool {
        self.cancelled || self.options.max_solutions.is_some_and(|m| n >= m)
    }

    pub(super) fn fill(&mut self, pos: &Position, stip: Stipulation, r: &mut TwinReport) {
        let n = stip.moves;
        if stip.series {
            self.series_report(pos, n, stip.aim, r);
        } else if stip.aim == Aim::Help {
            let plies = stip.help_plies();
            if self.options.set_play && plies > 1 {
                if let Some(null) = null_move(pos) {
                    // StartMoveNumber and UpToMoveNumber number the play's first moves, not the
                    // set play's.
                    let numbered = std::mem::take(&mut self.first_moves);
                    r.set_help = self.help_lines(&null, plies - 1, usize::MAX);
                    self.first_moves = numbered;
                }
            }
            self.help_report(pos, plies, r);
        } else if self.options.post_key {
            r.post_key = self.defences(pos, n, stip.aim);
            if let Some(refs) = self.refutations(pos, n, stip.aim) {
                r.post_key_refutations = refs;
            }
            if self.defend(pos, n, stip.aim) {
                r.solutions.push(Vec::new());
            }
        } else {
            if self.options.set_play {
                if let Some(null) = null_move(pos) {
                    r.set_play = self.defences(&null, n, stip.aim);
                }
            }
            self.keys(pos, n, stip.aim, r);
        }
    }

    /// Short solutions first (fewer whole moves, the same side to mate), then the full length.
    fn help_report(&mut self, pos: &Position, plies: u32, r: &mut TwinReport) {
        let mut p = 2 - plies % 2;
        while p < plies {
            let lines = self.help_lines(pos, p, usize::MAX);
            r.short.extend(lines);
            p += 2;
        }
        if self.options.stop_on_short && !r.short.is_empty() {
            return;
        }
        let max = self.options.max_solutions.unwrap_or(usize::MAX);
        r.help = self.help_lines(pos, plies, max);
        r.solutions = r
            .help
            .iter()
            .map(|l| l.turns.iter().map(|t| t.code.clone()).collect())
            .collect();
    }

    fn help_lines(&mut self, pos: &Position, plies: u32, max: usize) -> Vec<Line> {
        let mut out = Vec::new();
        let mut line = Vec::new();
        self.help_walk(pos, plies, plies % 2 == 1, max, &mut line, &mut out);
        out
    }

    /// Every line of `plies` half-moves from `pos` that ends in the goal, appended to `out`
    /// after `line`. A node's turns are played without their notation, which only the turns
    /// on a solution get ([`Solver::written`]): most turns of a node lead nowhere.
    fn help_walk(
        &mut self,
        pos: &Position,
        plies: u32,
        alone_first: bool,
        max: usize,
        line: &mut Vec<Move>,
        out: &mut Vec<Line>,
    ) {
        let turns = self.help_turns(pos, plies == 1);
        let count = turns.len();
        let mut written = Vec::new();
        for (index, (steps, owner_promotions, after)) in turns.into_iter().enumerate() {
            if self.cancelled || out.len() >= max {
                return;
            }
            if line.is_empty() {
                let t = self.written(pos, &steps, &owner_promotions, &mut written);
                self.trying(&t, index, count);
                if !self.first_moves.includes(index + 1) {
                    continue;
                }
            }
            let ok = if plies == 1 {
                self.reached(&after)
            } else {
                self.help(&after, plies - 1)
            };
            if !ok {
                continue;
            }
            let t = self.written(pos, &steps, &owner_promotions, &mut written);
            line.push(mv(pos, &t));
            if plies == 1 {
                out.push(Line {
                    turns: line.clone(),
                    alone_first,
                    series: false,
                    last_apart: false,
                });
            } else {
                self.help_walk(&after, plies - 1, alone_first, max, line, out);
            }
            line.pop();
        }
        // NullMoves: a pass never checks, so it is never the last half-move. As a first move it
        // is numbered after the turns.
        let numbered = !line.is_empty() || self.first_moves.includes(count + 1);
        if let Some(p) = self.pass(pos).filter(|_| plies > 1 && numbered) {
            if !self.cancelled && out.len() < max && self.help(&p, plies - 1) {
                line.push(Move::pass());
                self.help_walk(&p, plies - 1, alone_first, max, line, out);
                line.pop();
            }
        }
    }

    /// The legal turns of `pos` in [`Solver::legal_turns`]' order, as steps, owner
    /// promotions and the position after; for the `last` half-move of a mate only those
    /// that check (the others cannot mate).
    fn help_turns(&self, pos: &Position, last: bool) -> Vec<(Vec<Step>, Vec<OwnerPromotion>, Position)> {
        let mut turns = Vec::new();
        let mut keep = |v: &Visit<'_>| {
            let after = self.after(pos, v.after).into_owned();
            turns.push((v.steps.to_vec(), v.owner_promotions.to_vec(), after));
            false
        };
        if last && self.goal == Goal::Mate {
            for_each_checking_turn(pos, self.rules, &mut keep);
        } else {
            grolman::for_each_turn(pos, self.rules, false, &mut keep);
        }
        turns
    }

    /// The [`Turn`] of `pos` with these steps and owner promotions, with its notation. The
    /// turns of its leading move are written once per node and kept in `written`.
    fn written(
        &mut self,
        pos: &Position,
        steps: &[Step],
        owner_promotions: &[OwnerPromotion],
        written: &mut Vec<Turn>,
    ) -> Turn {
        let lead = steps[0];
        if !written.iter().any(|t| t.steps[0] == lead) {
            written.extend(self.legal_turns_where(pos, |l| {
                l.from == lead.from && l.to == lead.to && l.promotion == lead.promotion
            }));
        }
        written
            .iter()
            .find(|t| t.steps == steps && t.owner_promotions == owner_promotions)
            .cloned()
            .expect("one generator gives the turns with and without their notation")
    }

    fn series_report(&mut self, pos: &Position, n: u32, aim: Aim, r: &mut TwinReport) {
        for k in 1..n {
            let lines = self.series_lines(pos, k, aim, usize::MAX);
            r.short.extend(lines);
        }
        if self.options.stop_on_short && !r.short.is_empty() {
            return;
        }
        let max = self.options.max_solutions.unwrap_or(usize::MAX);
        r.help = self.series_lines(pos, n, aim, max);
        r.solutions = r
            .help
            .iter()
            .map(|l| l.turns.iter().map(|t| t.code.clone()).collect())
            .collect();
    }

    fn series_lines(&mut self, pos: &Position, n: u32, aim: Aim, max: usize) -> Vec<Line> {
        let mut out = Vec::new();
        let mut line = Vec::new();
        self.series_walk(pos, n, aim, max, &mut line, &mut out);
        out
    }

    fn series_walk(
        &mut self,
        pos: &Position,
        n: u32,
        aim: Aim,
        max: usize,
        line: &mut Vec<Move>,
        out: &mut Vec<Line>,
    ) {
        let turns = self.legal_turns(pos);
        let count = turns.len();
        for (index, t) in turns.into_iter().enumerate() {
            if self.cancelled || out.len() >= max {
                return;
            }
            if line.is_empty() {
                self.trying(&t, index, count);
                if !self.first_moves.includes(index + 1) {
                    continue;
                }
            }
            if !self.series_step(&t.after, n, aim) {
                continue;
            }
            line.push(mv(pos, &t));
            if n > 1 {
                if let Some(next) = null_move(&t.after) {
                    self.series_walk(&next, n - 1, aim, max, line, out);
                }
            } else if aim == Aim::Direct {
                out.push(series_line(line.clone(), false));
            } else {
                // The other side's last turn: its mate in one (ser-h#), or every turn it has,
                // all of which mate (ser-s#).
                for last in self.legal_turns(&t.after) {
                    if self.reached(&last.after) && out.len() < max {
                        let mut turns = line.clone();
                        turns.push(mv(&t.after, &last));
                        out.push(series_line(turns, true));
                    }
                }
            }
            line.pop();
        }
    }

    /// The keys (and with `Option Try`, the tries) of a `#n` or `s#n`.
    fn keys(&mut self, pos: &Position, n: u32, aim: Aim, r: &mut TwinReport) {
        let max_refutations = self.options.tries;
        let mut written = Vec::new();
        let mut firsts: Vec<Vec<(Move, Position)>> = Vec::new();
        for g in self.groups(pos) {
            let g = g
                .into_iter()
                .map(|(turn, after)| (self.move_of(pos, &turn, &mut written), after))
                .collect();
            firsts.push(g);
        }
        // NullMoves: the attacker's pass is a first move too (a tempo try, or a key).
        firsts.extend(self.pass(pos).map(|p| vec![(Move::pass(), p)]));
        let count = firsts.len();
        for (index, group) in firsts.into_iter().enumerate() {
            if self.full(r.solutions.len()) {
                return;
            }
            self.searching = Searching {
                first: group[0].0.notation.clone(),
                index: index + 1,
                count,
            };
            if !self.first_moves.includes(index + 1) {
                continue;
            }
            if group.iter().all(|(_, after)| self.defend(after, n, aim)) {
                for (m, after) in group {
                    r.solutions.push(vec![m.code.clone()]);
                    let node = self.attack_node(m, &after, n, aim, true);
                    r.keys.push(node);
                }
                continue;
            }
            let Some(most) = max_refutations else { continue };
            let Some((m, after)) = group.into_iter().next() else {
                continue;
            };
            // TrivialTriesAvoid: a refuted first move that checks is no try (Popeye).
            if self.options.trivial_tries_avoid && after.is_check() {
                continue;
            }
            let Some(refutations) = self.refutations(&after, n, aim) else {
                continue;
            };
            if !refutations.is_empty() && refutations.len() <= most {
                let attack = self.attack_node(m, &after, n, aim, true);
                r.tries.push(Try { attack, refutations });
            }
        }
    }

    /// The defender's turns (to move in `pos`, after an attacker turn leaving `n - 1`) that
    /// the attacker cannot answer; `None` when the defender has no turn and has not lost
    /// (a stalemate in `#n`): that is no try.
    fn refutations(&mut self, pos: &Position, n: u32, aim: Aim) -> Option<Vec<Move>> {
        if aim == Aim::Direct && self.reached(pos) {
            return Some(Vec::new());
        }
        self.within_budget(pos, n, aim, |s| s.unanswered(pos, n, aim))
    }

    /// `refutations` once the budget is spent.
    fn unanswered(&mut self, pos: &Position, n: u32, aim: Aim) -> Option<Vec<Move>> {
        let groups = self.groups(pos);
        let pass = self.pass(pos);
        if groups.is_empty() && pass.is_none() {
            return None;
        }
        let mut out = Vec::new();
        let mut written = Vec::new();
        for group in groups {
            let answered = group.iter().any(|(_, after)| {
                (aim == Aim::SelfMate && self.reached(after)) || (n > 1 && self.attack(after, n - 1, aim))
            });
            if !answered {
                out.push(self.move_of(pos, &group[0].0, &mut written));
            }
        }
        if let Some(p) = pass {
            if !(n > 1 && self.attack(&p, n - 1, aim)) {
                out.push(Move::pass());
            }
        }
        Some(out)
    }

    /// An attacker turn that leaves `n - 1` turns, with its threat (for keys and tries) and
    /// the defences the attacker answers.
    fn attack_node(&mut self, turn: Move, after: &Position, n: u32, aim: Aim, with_threat: bool) -> Attack {
        let mut node = Attack {
            turn,
            threats: Vec::new(),
            zugzwang: false,
            defences: Vec::new(),
        };
        if with_threat && !self.options.no_threat && n >= 2 {
            if let Some(null) = null_move(after) {
                match (1..n).find(|&k| self.attack(&null, k, aim)) {
                    None => node.zugzwang = true,
                    Some(k) => node.threats = self.winning_turns(&null, k, aim),
                }
            }
        }
        // A direct mate's last turn leaves the defender no turn to answer: nothing to look for.
        if n > 1 || aim != Aim::Direct {
            node.defences = self.defences(after, n, aim);
        }
        node
    }

    /// The attacker's turns (to move in `pos`) that win within `k`, each with its defences.
    fn winning_turns(&mut self, pos: &Position, k: u32, aim: Aim) -> Vec<Attack> {
        let mut out = Vec::new();
        let mut written = Vec::new();
        // A direct mate's last turn checks, and so does every member of its group
        // ([`super::mate1::forces_mate_in_one`]).
        let mating = k == 1 && aim == Aim::Direct;
        for g in self.groups_of(pos, mating) {
            if g.iter().all(|(_, after)| self.defend(after, k, aim)) {
                for (turn, after) in &g {
                    let m = self.move_of(pos, turn, &mut written);
                    let node = self.attack_node(m, after, k, aim, false);
                    out.push(node);
                }
            }
        }
        if let Some(p) = self.pass(pos) {
            if self.defend(&p, k, aim) {
                let node = self.attack_node(Move::pass(), &p, k, aim, false);
                out.push(node);
            }
        }
        out
    }

    /// The defences after an attacker turn that leaves `n - 1` attacker turns, each with the
    /// attacker's fastest answers (with NonTrivial, within the budget this node leaves).
    fn defences(&mut self, pos: &Position, n: u32, aim: Aim) -> Vec<Defence> {
        let mut groups = self.groups(pos);
        groups.extend(self.pass(pos).map(|p| vec![(Unwritten::Pass, p)]));
        self.within_budget(pos, n, aim, |s| s.answered_defences(pos, groups, n, aim))
    }

    /// `defences` once the groups are known and the budget spent.
    fn answered_defences(
        &mut self,
        pos: &Position,
        groups: Vec<Vec<(Unwritten, Position)>>,
        n: u32,
        aim: Aim,
    ) -> Vec<Defence> {
        let mut out = Vec::new();
        let mut written = Vec::new();
        for group in groups {
            // The attacker owns the choices inside the defender's turn: show the members that
            // lose fastest for the defender.
            let mut best: Option<(u32, Vec<(Unwritten, Position)>)> = None;
            for (m, after) in group {
                let k = if aim == Aim::SelfMate && self.reached(&after) {
                    Some(0)
                } else {
                    (1..n).find(|&k| self.attack(&after, k, aim))
                };
                if let Some(k) = k {
                    match &mut best {
                        Some((bk, list)) if *bk == k => list.push((m, after)),
                        Some((bk, _)) if *bk < k => {}
                        _ => best = Some((k, vec![(m, after)])),
                    }
                }
            }
            let Some((k, members)) = best else { continue };
            if self.options.no_short_variations && k + 1 < n {
                continue;
            }
            // A defence that ends the play at once while it could go on is no defence:
            // Popeye leaves it out of the variations unless MatesIn1 is given.
            if k == 0 && n > 1 && !self.options.mates_in_1 {
                continue;
            }
            for (m, after) in members {
                if self.cancelled {
                    return out;
                }
                let answers = if k == 0 {
                    Vec::new()
                } else {
                    self.winning_turns(&after, k, aim)
                };
                let turn = self.move_of(pos, &m, &mut written);
                out.push(Defence {
                    turn,
                    turns_left: k,
                    answers,
                });
            }
        }
        out
    }

    /// Runs `f` at the defender's node `pos` (after an attacker turn leaving `n - 1`) with the
    /// NonTrivial budget that the node leaves, as the search spends it, so that the lines shown
    /// are the lines that win; when the node would spend more than is left (the defender has
    /// defended), with none left.
    fn within_budget<T>(&mut self, pos: &Position, n: u32, aim: Aim, f: impl FnOnce(&mut Self) -> T) -> T {
        let left = self.non_trivial_left;
        self.non_trivial_left = self.spent(pos, n, aim).map_or(0, |spent| left - spent);
        let r = f(self);
        self.non_trivial_left = left;
        r
    }
}

fn series_line(turns: Vec<Move>, last_apart: bool) -> Line {
    Line {
        turns,
        alone_first: false,
        series: true,
        last_apart,
    }
}

/// A legal turn of a node before its notation is written (most turns of a node are never
/// shown): its steps and owner promotions, or a pass (NullMoves).
enum Unwritten {
    Turn(Vec<Step>, Vec<OwnerPromotion>),
    Pass,
}

impl Solver<'_> {
    /// The legal turns of `pos` in [`Solver::legal_turns`]' order, each with the position after
    /// it, grouped by the mover's own choices (the other side's owner choices vary inside a
    /// group).
    fn groups(&self, pos: &Position) -> Vec<Vec<(Unwritten, Position)>> {
        self.groups_of(pos, false)
    }

    /// [`Solver::groups`], of the turns that check alone when `mating` and the goal is mate.
    fn groups_of(&self, pos: &Position, mating: bool) -> Vec<Vec<(Unwritten, Position)>> {
        let mover = pos.turn();
        // Each group's steps and the mover's own promotions, beside the groups.
        let mut chosen: Vec<(Vec<Step>, Vec<OwnerPromotion>)> = Vec::new();
        let mut groups: Vec<Vec<(Unwritten, Position)>> = Vec::new();
        for (steps, owner_promotions, after) in self.help_turns(pos, mating) {
            let own: Vec<OwnerPromotion> = owner_promotions
                .iter()
                .copied()
                .filter(|p| after.board().piece_at(p.square).map(|u| u.color) == Some(mover))
                .collect();
            let member = (Unwritten::Turn(steps.clone(), owner_promotions), after);
            match chosen.iter().position(|(s, o)| *s == steps && *o == own) {
                Some(i) => groups[i].push(member),
                None => {
                    chosen.push((steps, own));
                    groups.push(vec![member]);
                }
            }
        }
        groups
    }

    /// The report's move for a turn of `pos`, its notation written ([`Solver::written`]).
    fn move_of(&mut self, pos: &Position, turn: &Unwritten, written: &mut Vec<Turn>) -> Move {
        match turn {
            Unwritten::Turn(steps, owner_promotions) => {
                mv(pos, &self.written(pos, steps, owner_promotions, written))
            }
            Unwritten::Pass => Move::pass(),
        }
    }
}
