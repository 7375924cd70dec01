//! A direct play or selfplay problem solved by walking every line over the rules crate alone,
//! with the options' rules as Popeye states them: the reference that `defences.rs` holds
//! the solver to.

use grolman::{has_legal_turn, Castling, CastlingSide, Color, Position, Rules};
use grolman_engine::turns::children;

/// A direct play or selfplay problem solved by walking every line, with the options' rules
/// as Popeye states them.
pub struct Brute {
    pub rules: Rules,
    pub selfplay: bool,
    pub stalemate: bool,
    pub threat: Option<u32>,
    pub non_trivial: Option<(u32, u32)>,
    /// `NullMoves`: either side may pass when not in check.
    pub passes: bool,
    /// `CastlingMutuallyExclusive`: White's castling to this side and Black's to that one
    /// exclude each other.
    pub exclusive: Option<(CastlingSide, CastlingSide)>,
    /// `MaxFlightsquares k`: a defender with play to come after its turn and more than `k`
    /// turns that move its king has defended.
    pub max_flights: Option<u32>,
}

impl Brute {
    /// The side to move has lost by the goal.
    pub fn lost(&self, pos: &Position) -> bool {
        !has_legal_turn(pos, self.rules) && pos.is_check() != self.stalemate
    }

    /// The defender's choice groups (Tatarstan owner promotions: the mover picks the group,
    /// the other side the member), each as the positions after its members.
    /// With `passes`, the pass is a group of its own, last.
    pub fn groups(&self, pos: &Position) -> Vec<Vec<Position>> {
        let ch = children(pos, self.rules);
        let mut out: Vec<Vec<Position>> = (0..ch.groups.len())
            .map(|g| {
                ch.members(g)
                    .iter()
                    .map(|m| self.excluded(pos, m.after.clone()))
                    .collect()
            })
            .collect();
        if self.passes {
            out.extend(pos.passed().ok().map(|p| vec![p]));
        }
        out
    }

    /// The attacker (to move) wins within `n` turns, with `budget` non-trivial defences left
    /// to grant.
    pub fn wins(&self, pos: &Position, n: u32, budget: u32) -> bool {
        n > 0
            && self
                .groups(pos)
                .iter()
                .any(|g| g.iter().all(|a| self.loses(a, n, budget)))
    }

    /// `after`, played in `pos`, with the castling right that its castling excludes gone:
    /// the mover's king went from e1 (e8) to g1 or c1 (g8 or c8).
    pub fn excluded(&self, pos: &Position, after: Position) -> Position {
        let Some((white, black)) = self.exclusive else {
            return after;
        };
        let mover = pos.turn();
        let (rank, mine, theirs) = match mover {
            Color::White => (0, white, black),
            Color::Black => (7, black, white),
        };
        let king = |p: &Position| p.board().king_of(mover).map(|s| (s.file(), s.rank()));
        let to = match mine {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        };
        if king(pos) != Some((4, rank)) || king(&after) != Some((to, rank)) {
            return after;
        }
        let mut setup = after.setup();
        setup.castling = Castling(setup.castling.0 & !Castling::bit(mover.other(), theirs));
        Position::from_setup(setup).unwrap()
    }

    /// The NonTrivial budget left after the defender's node `pos` (after an attacker turn
    /// with `n - 1` to come) has spent its share; `None` when it would need more.
    pub fn left_after(&self, pos: &Position, n: u32, budget: u32) -> Option<u32> {
        let Some((_, k)) = self.non_trivial else {
            return Some(budget);
        };
        if n - 1 <= k {
            return Some(budget);
        }
        let open = self
            .groups(pos)
            .iter()
            .filter(|g| k == 0 || !g.iter().any(|x| self.answered(x, k, budget)))
            .count() as u32;
        budget.checked_sub(open.saturating_sub(1))
    }

    /// After a defence, the attacker wins within `k` (or, in selfplay, has been mated).
    pub fn answered(&self, x: &Position, k: u32, budget: u32) -> bool {
        (self.selfplay && self.lost(x)) || self.wins(x, k, budget)
    }

    /// After an attacker turn with `n - 1` attacker turns to come, the defender loses.
    /// `Threat t` applies with more than `t` turns to come; `NonTrivial m k` with more than
    /// `k`: each defence beyond the first not answered within `k` (with `k` = 0: each defence
    /// beyond the first) spends one of the `m` granted along the line.
    pub fn loses(&self, pos: &Position, n: u32, budget: u32) -> bool {
        if !self.selfplay && self.lost(pos) {
            return true;
        }
        if !self.selfplay && n == 1 {
            return false;
        }
        let defences = self.groups(pos);
        if defences.is_empty() {
            return false;
        }
        if let (Some(most), Some(king)) = (self.max_flights, pos.board().king_of(pos.turn())) {
            let flights = defences
                .iter()
                .filter(|g| g[0].board().king_of(pos.turn()) != Some(king))
                .count();
            if n > 1 && flights > most as usize {
                return false;
            }
        }
        if let Some(t) = self.threat {
            if n - 1 > t {
                if let Ok(passed) = pos.passed() {
                    if !self.wins(&passed, t, budget) {
                        return false;
                    }
                }
            }
        }
        let Some(budget) = self.left_after(pos, n, budget) else {
            return false;
        };
        defences
            .iter()
            .all(|g| g.iter().any(|x| self.answered(x, n - 1, budget)))
    }

    /// The keys' turn codes, sorted.
    pub fn keys(&self, pos: &Position, n: u32) -> Vec<String> {
        let budget = self.non_trivial.map_or(0, |(m, _)| m);
        let winning: Vec<u64> = self
            .groups(pos)
            .into_iter()
            .filter(|g| g.iter().all(|a| self.loses(a, n, budget)))
            .flatten()
            .map(|a| a.key())
            .collect();
        let mut out: Vec<String> = grolman::notation::legal_turns(pos, self.rules)
            .into_iter()
            .filter(|t| winning.contains(&self.excluded(pos, t.after.clone()).key()))
            .map(|t| t.code)
            .collect();
        if pos.passed().is_ok_and(|p| winning.contains(&p.key())) {
            out.push("0000".into());
        }
        out.sort();
        out
    }
}
