//! Grolman chess, the mating side's last turn in the bound (`problem/intelligent.rs`): one unit
//! leads, and the others stay or follow onto squares that units of their side held before the
//! turn; and its two-turn form for the turn before it ([`TwoTurns`]: over the mating side's
//! last two turns at most two units lead, so only leads to squares from which a mate may still
//! follow are played, three half-moves before the mate of a helpmate). The bound's other ways let every unit move anywhere its kind goes, as in a turn of
//! many leaders; this is what makes it tight enough to drop most of a helpmate's last moves
//! of the mated side (`problem/solve.rs`, two half-moves before the mate) and of the mating
//! turns it would otherwise play out.
//!
//! Why it is sound (docs/rules.md 1.3-1.5): a turn has one leading move, a follower moves onto
//! a square `V` that a unit of its side has just left, by a non-capturing move of its own kind,
//! and every unit moves at most once. Each `V` is the leader's square or one a follower left,
//! so a square the side held before the turn. So after the turn every unit but the leader
//! stands on its square, or on another square its side held that its kind moves to on an
//! empty board (a pawn following onto its last rank may be of any kind there); the leader
//! stands where one move takes it. Attacks are counted on an empty board, as in the rest of the
//! bound. Castling moves two units in one leading move: the bound keeps its looser ways then.

use grolman::{
    king_attacks, knight_attacks, queen_attacks, Bitboard, Board, Color, Lead, LeadKind, Position, Role,
    Square,
};

use super::approach::attacking_all;
use super::intelligent::{blockers_reach, castles, Mate, Unit};
use super::kinds::Kinds;
use super::reach::{attacked_within, attacks, moves, relative_rank, Model};
use super::sets::{Needs, Sets};

impl Mate<'_> {
    /// Whether the attackers, one leading and the others staying or following, meet every
    /// requirement of `required` (bits of `needs`) together.
    pub(super) fn by_one_leader(&self, needs: &[Square], required: Needs) -> bool {
        let held = self.attackers.iter().fold(Bitboard::EMPTY, |b, a| b.with(a.sq));
        // The ways met by the units so far with none of them leading, and with one.
        let mut unled = Sets::one(0);
        let mut led = Sets::EMPTY;
        for a in self.attackers {
            let mut stays = Sets::EMPTY;
            for &s in self.options(a, needs, 0).as_slice() {
                stays.push(s & required);
            }
            for v in (moves(self.model, a.role, self.mating, a.sq) & held).without(a.sq) {
                stays.push(self.met_from(a, v, needs) & required);
            }
            let mut leads = Sets::EMPTY;
            for &s in self.options(a, needs, 1).as_slice() {
                leads.push(s & required);
            }
            let mut next_unled = Sets::EMPTY;
            let mut next_led = Sets::EMPTY;
            unled.join(&stays, &mut next_unled);
            led.join(&stays, &mut next_led);
            unled.join(&leads, &mut next_led);
            unled = next_unled;
            led = next_led;
        }
        led.as_slice().contains(&required)
    }

    /// The requirements that `a` meets after following onto `v` (a king never checks).
    fn met_from(&self, a: &Unit, v: Square, needs: &[Square]) -> Needs {
        let attacked = if a.role == Role::Pawn && relative_rank(self.mating, v) == 7 {
            queen_attacks(v, Bitboard::EMPTY) | knight_attacks(v)
        } else {
            attacks(self.model, a.role, self.mating, v)
        };
        let mut m = 0;
        for (i, &t) in needs.iter().enumerate() {
            if attacked.contains(t) && !(i == 0 && a.role == Role::King) {
                m |= 1 << i;
            }
        }
        m
    }
}

/// Grolman chess, the mating side's turn before its last (three half-moves before the mate):
/// the destinations of each of its units, as the turn's leader, after which the bound with one
/// leader (one turn to each side left, [`Mate::by_one_leader`]) may still allow a mate after
/// some turn of that lead; a lead elsewhere is never played (`problem/solve.rs`). The two-turn
/// form of the one-leader bound: over the mating side's last two turns at most two units lead.
///
/// Why it is sound. Let `H` be the squares the mating side holds now and the leader `u` go to
/// `d`. Every follower of this turn moves onto a square of `H`, by a move of its kind; so
/// after it every unit but `u` stands on a square `p` of its own or one move of its kind away
/// inside `H`. The bound after the turn lets one unit lead (from its `p`, anywhere one move
/// takes it) and the others stay or follow onto squares held after the turn, `H` and `d`.
/// - If `u` does not move again, nobody follows onto `d`: each other unit stands on `p` or one
///   more move of its kind inside `H` away, but one that leads from its `p`; `u` attacks from
///   `d`.
/// - If `u` moves on, it stands one move of its kind from `d`; of the others one may lead and
///   one may follow onto `d`, each one move from its `p`: at most two move freely.
///
/// The mated side is judged as now: a capture of the turn only takes a unit of it, so the
/// flights it holds (which need not be attacked) and those it may block after it are at most
/// these. Pawn leads, promotions, en passant and castling are always played, and every lead
/// when either side may castle. A pawn that may reach its last rank by following is taken to
/// meet every requirement.
pub struct TwoTurns {
    /// The squares of the mating side's units and where each may usefully lead to.
    useful: [(Square, Bitboard); 16],
    len: usize,
}

impl TwoTurns {
    /// For the mating side (to move) in Grolman chess; `None` when not known (a side may
    /// castle, or the other side has no king).
    pub fn of(pos: &Position) -> Option<TwoTurns> {
        let board = pos.board();
        let mating = pos.turn();
        let mated = mating.other();
        let king = board.king_of(mated)?;
        if castles(pos, Color::White) + castles(pos, Color::Black) != 0 {
            return None;
        }
        let model = Model::PerUnit;
        let mut attackers = [Unit::NONE; 16];
        let mut n = 0;
        for sq in board.by_color(mating) {
            attackers[n] = Unit::attacker(model, mating, sq, board.role_at(sq).expect("occupied"));
            n += 1;
        }
        let (reach1, reach2) = blockers_reach(board, model, mated, king, Kinds::ALL);
        let mate = Mate {
            checks: Bitboard::ALL,
            covers: Bitboard::ALL,
            reach1,
            reach2,
            model,
            mating,
            held: board.by_color(mated).without(king),
            attackers: &attackers[..n],
            mated_budget: 1,
            mating_budget: 1,
            exact_single_moves: true,
            steps: Bitboard::ALL,
        };
        let mut two = TwoTurns {
            useful: [(Square::new(0), Bitboard::EMPTY); 16],
            len: n,
        };
        for (i, a) in mate.attackers.iter().enumerate() {
            two.useful[i].0 = a.sq;
        }
        // What the units attack within two moves each: a target where the check or a flight
        // that must be attacked is out of that reach is not looked at further.
        let mut checks = Bitboard::EMPTY;
        let mut covers = Bitboard::EMPTY;
        for a in mate.attackers {
            let within = attacked_within(a.role, mating, a.sq, 2);
            covers |= within;
            if a.role != Role::King {
                checks |= within;
            }
        }
        for target in king_attacks(king).with(king) {
            two.add_target(&mate, board.by_color(mating), target, checks, covers);
        }
        Some(two)
    }

    /// Adds the destinations from which the mating side's units may lead towards a mate on
    /// `target` (the mated king there, or one step away: its one turn), `own` being the
    /// squares the mating side holds.
    fn add_target(
        &mut self,
        mate: &Mate<'_>,
        own: Bitboard,
        target: Square,
        checks: Bitboard,
        covers: Bitboard,
    ) {
        if !checks.contains(target) {
            return;
        }
        let mut needs = [target; 9];
        let mut count = 1;
        for f in king_attacks(target) & !mate.held {
            needs[count] = f;
            count += 1;
        }
        let needs = &needs[..count];
        // As the bound: the check, and the flights the mated side cannot block in one move.
        let mut required: Needs = 1;
        for (i, &f) in needs.iter().enumerate().skip(1) {
            if mate.block_cost(f) > 1 {
                if !covers.contains(f) {
                    return;
                }
                required |= 1 << i;
            }
        }
        let units = mate.attackers;
        let mut stays = [Sets::EMPTY; 16];
        let mut free = [Sets::EMPTY; 16];
        for (i, a) in units.iter().enumerate() {
            (stays[i], free[i]) = ways(mate, a, needs, own, required);
        }
        for (u, a) in units.iter().enumerate() {
            if a.role == Role::Pawn || self.useful[u].1 == Bitboard::ALL {
                continue;
            }
            // met[k]: what the others meet with k of them moving freely.
            let mut met = [Sets::one(0), Sets::EMPTY, Sets::EMPTY];
            for v in (0..units.len()).filter(|&v| v != u) {
                let mut next = [Sets::EMPTY; 3];
                for k in 0..3 {
                    met[k].join(&stays[v], &mut next[k]);
                    if k > 0 {
                        met[k - 1].join(&free[v], &mut next[k]);
                    }
                }
                met = next;
            }
            let mut useful = Bitboard::EMPTY;
            // `u` stays on its square: at most one other leads.
            for sets in &met[..2] {
                for &o in sets.as_slice() {
                    useful |= attacking_all(mate, a, needs, required & !o);
                }
            }
            // `u` moves on from it: at most two others move freely.
            let mut second = Bitboard::EMPTY;
            for sets in &met {
                for &o in sets.as_slice() {
                    second |= attacking_all(mate, a, needs, required & !o);
                }
            }
            for e in second {
                useful |= moves(mate.model, a.role, mate.mating, e);
            }
            self.useful[u].1 |= useful;
        }
    }

    /// Whether the leading move `lead` on `board` may still lead to a mate: it is not a plain
    /// move of a piece, or it goes to a square found useful.
    pub fn may_follow(&self, board: &Board, lead: &Lead) -> bool {
        let plain = matches!(lead.kind, LeadKind::Quiet | LeadKind::Capture);
        if !plain || lead.promotion.is_some() || board.role_at(lead.from) == Some(Role::Pawn) {
            return true;
        }
        self.useful[..self.len]
            .iter()
            .find(|(sq, _)| *sq == lead.from)
            .is_none_or(|(_, to)| to.contains(lead.to))
    }
}

/// What `a` meets of `required` when it does not move freely over the two turns (it stays, or
/// follows once or twice inside `own`), and when it does (from where this turn leaves it, one
/// move anywhere).
fn ways(mate: &Mate<'_>, a: &Unit, needs: &[Square], own: Bitboard, required: Needs) -> (Sets, Sets) {
    let (model, mating) = (mate.model, mate.mating);
    let first = (moves(model, a.role, mating, a.sq) & own).without(a.sq);
    if a.role == Role::Pawn {
        let last = first.fold(first, |b, p| b | moves(model, a.role, mating, p));
        if (last & Bitboard::rank(if mating == Color::White { 7 } else { 0 })).any() {
            return (Sets::one(required), Sets::one(required));
        }
    }
    let bits = |sq: Square| -> Needs {
        let attacked = attacks(model, a.role, mating, sq);
        let mut m = 0;
        for (i, &t) in needs.iter().enumerate() {
            if attacked.contains(t) && !(i == 0 && a.role == Role::King) {
                m |= 1 << i;
            }
        }
        m & required
    };
    let mut stays = Sets::EMPTY;
    let mut free = Sets::EMPTY;
    for p in first.with(a.sq) {
        stays.push(bits(p));
        for w in (moves(model, a.role, mating, p) & own).without(p) {
            stays.push(bits(w));
        }
        let at = Unit::attacker(model, mating, p, a.role);
        for &s in mate.options(&at, needs, 1).as_slice() {
            free.push(s & required);
        }
    }
    (stays, free)
}

#[cfg(test)]
mod tests {
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Color, Position, Rules, Variant};

    use super::TwoTurns;
    use crate::problem::intelligent::mate_reachable;
    use crate::problem::mate1::mates_in_one;

    /// Random Grolman positions of both kings and 3 to 10 other units, most of them White's.
    fn positions(count: usize, turn: Color, seed: u64) -> Vec<Position> {
        let mut rng = Xorshift(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let board = rng.board(
                |rng| 3 + rng.below(8),
                |rng, _| {
                    if rng.below(3) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    }
                },
            );
            if let Some(pos) = position_of(board, turn) {
                out.push(pos);
            }
        }
        out
    }

    /// Where the bound with one leader says that White's last turn cannot mate, White has no
    /// mate in one, on random Grolman positions; and it says so of most of them.
    #[test]
    fn no_grolman_mate_in_one_where_one_leader_cannot_give_it() {
        let rules: Rules = Variant::Grolman.into();
        let (mut mates, mut ruled_out) = (0, 0);
        for pos in positions(6000, Color::White, 0x6a09_e667_f3bc_c908) {
            let mates_now = mates_in_one(&pos, rules);
            if !mate_reachable(&pos, rules, Color::Black, 0, 1, &mut None) {
                assert!(!mates_now, "{}", pos.fen());
                ruled_out += 1;
            }
            mates += usize::from(mates_now);
        }
        assert!(
            mates > 100 && ruled_out > 3000,
            "{mates} mates, {ruled_out} ruled out"
        );
    }

    /// A lead of White's turn before its last that [`TwoTurns`] drops leaves, after each of
    /// its turns and each of Black's turns after it, no mate in one, on random Grolman
    /// positions; every turn that leaves one (after some turn of Black's) is of a lead kept; and
    /// it drops many.
    #[test]
    fn a_lead_two_turns_before_the_mate_is_dropped_only_when_no_mate_follows() {
        let rules: Rules = Variant::Grolman.into();
        let (mut dropped, mut mating) = (0, 0);
        let mut all = positions(300, Color::White, 0x3c6e_f372_fe94_f82b);
        let mut rng = Xorshift(0x1f83_d9ab_fb41_bd6b);
        // Sparse ones too, a third of their units White's, as in helpmates.
        while all.len() < 2500 {
            let board = rng.board(
                |rng| 3 + rng.below(7),
                |_, i| if i % 3 == 0 { Color::White } else { Color::Black },
            );
            all.extend(position_of(board, Color::White));
        }
        for pos in all {
            let Some(two) = TwoTurns::of(&pos) else {
                continue;
            };
            for_each_turn(&pos, rules, false, &mut |v| {
                let kept = two.may_follow(pos.board(), &v.lead);
                let mut mates = false;
                for_each_turn(v.after, rules, false, &mut |b| {
                    mates = mates_in_one(b.after, rules);
                    mates
                });
                if mates {
                    assert!(kept, "{} {:?}", pos.fen(), v.steps);
                    mating += 1;
                }
                dropped += usize::from(!kept);
                false
            });
        }
        assert!(
            mating > 200 && dropped > 3000,
            "{mating} mating, {dropped} dropped"
        );
    }

    /// Where the bound with one leader says that Black's move and White's last turn cannot
    /// end in mate, none of Black's turns leaves White a mate in one, on random Grolman
    /// positions.
    #[test]
    fn no_grolman_helpmate_in_one_where_one_leader_cannot_give_it() {
        let rules: Rules = Variant::Grolman.into();
        let (mut mates, mut ruled_out) = (0, 0);
        for pos in positions(1500, Color::Black, 0xbb67_ae85_84ca_a73b) {
            let reachable = mate_reachable(&pos, rules, Color::Black, 1, 1, &mut None);
            ruled_out += usize::from(!reachable);
            for_each_turn(&pos, rules, false, &mut |v| {
                if mates_in_one(v.after, rules) {
                    assert!(reachable, "{} then {:?}", pos.fen(), v.steps);
                    mates += 1;
                }
                false
            });
        }
        assert!(
            mates > 100 && ruled_out > 100,
            "{mates} mates, {ruled_out} ruled out"
        );
    }
}
