//! Which mates are still within reach: a sound lower bound on the turns a mate needs, in the
//! spirit of Popeye's Intelligent mode, used to drop lines of helpmates (and of direct mates and
//! selfmates, where a forced mate is in particular a cooperative one) that cannot end in mate
//! within the turns left.
//!
//! A mate on square `S` needs (docs/rules.md 1.7): the mated king on `S`, a unit of the mating
//! side attacking `S`, and every flight of `S` either held by a unit of the mated side or
//! attacked by the mating side (else the king leads there: no follower, transformation or
//! capture can make a square attacked by no unit on an empty board unsafe). Every test below is
//! made on an empty board, where a unit attacks and reaches at least what it does on the real
//! one, so each distance is a lower bound and the verdict "no mate" is proven.
//!
//! What a turn can do differs by rule set, and so does the bound:
//! - orthodox: a turn moves one unit (castling two), so the moves that the units of each side
//!   need are *added up* against that side's turns;
//! - Grolman: a turn may move many units (a chain), but each unit at most once and the king one
//!   step (two when castling), so each unit's own distance must fit in the turns left;
//! - Tatarstan: as Grolman, but a unit that is not a king may change kind after any turn, so a
//!   unit moves and attacks like any kind its side may still have (`kinds.rs`: all of them
//!   while a promotion may come, else the kinds it has now); only kings keep their distances.
//!   The mating side's last move comes before any phase, so each unit makes it as its own kind;
//!   when the mated side has no turn left, only as the kinds it may have after that turn, and
//!   with one leader (`tatlast.rs`). The bound is weak there, but sound.
//!
//! The units' attack and reach sets are in `unit.rs`, the requirement sets in `sets.rs`, the
//! memory for the last ply in `near.rs`, and the bound turned around for the mating side's turn
//! before its last in `approach.rs`.

use grolman::{
    king_attacks, knight_attacks, pawn_attacks, queen_attacks, Bitboard, Board, Color, Position, Role, Rules,
    Square,
};

use super::kinds::{self, kinds_within, Kinds};
use super::reach::{attack_distance, attacks, moves, relative_rank, same_color_squares, Model, FAR};
use super::sets::{Needs, Sets};
pub(super) use super::sides::Sides;
pub(super) use super::unit::Unit;

/// 1 when `color` keeps a castling right (castling moves two units in one turn), else 0.
pub(super) fn castles(pos: &Position, color: Color) -> u32 {
    let mask = match color {
        Color::White => 0b0011,
        Color::Black => 0b1100,
    };
    u32::from(pos.castling().0 & mask != 0)
}

/// Whether `mated` may still be mated by the other side when `mated` has `mated_turns` turns
/// left and the mating side `mating_turns`. `false` is a proof that no mate is reachable. The
/// mated king's square `hint` is tried first, and the square found is left in it
/// ([`Sides::reachable`]).
pub fn mate_reachable(
    pos: &Position,
    rules: Rules,
    mated: Color,
    mated_turns: u32,
    mating_turns: u32,
    hint: &mut Option<Square>,
) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(mated) else {
        return true;
    };
    let model = Model::of(rules.variant);
    let mating = mated.other();
    let mating_units = board.by_color(mating);
    let units = Role::ALL.map(|r| board.by_role(r) & mating_units);
    // Tatarstan: the kinds the mated side may still have (problem/kinds.rs).
    let kinds_of = |c: Color, turns: u32| match model {
        Model::AnyKind => kinds_within(board, c, turns),
        _ => Kinds::ALL,
    };
    // Castling moves the king two squares and a second unit in one turn: one turn more for a
    // side that may castle, and its units are judged by distances alone.
    let mated_budget = mated_turns + castles(pos, mated);
    // Without a turn the mated side's units only hold squares (every arrival costs more than
    // the nothing it has), so where they could go does not matter.
    let mut reach = match mated_budget {
        0 => (Bitboard::EMPTY, Bitboard::EMPTY),
        _ => blockers_reach(board, model, mated, king, kinds_of(mated, mated_turns)),
    };
    let mut steps = Bitboard::ALL;
    // Orthodox chess, the mated side to move with its one move left: that move is made on
    // this board, so a unit arrives in one move only where its lines reach here, and its king
    // steps only to a square the other side does not attack here (seen through the king).
    if model == Model::Shared && mated_turns == 1 && mated_budget == 1 && pos.turn() == mated {
        reach.0 = blockers_reach_on(board, mated, king, board.occupied());
        steps = !attacked_by(board, mating, board.occupied().without(king));
    }
    let sides = Sides {
        model,
        mated,
        king,
        held: board.by_color(mated).without(king),
        steps,
        mating: units,
        mating_castles: castles(pos, mating) != 0,
    };
    sides.reachable(reach, mated_budget, mating_turns, hint)
}

/// Where the units of `mated` other than its king on `king` can arrive in one move, in two
/// (Tatarstan: as any kind of `kinds`).
pub(super) fn blockers_reach(
    board: &Board,
    model: Model,
    mated: Color,
    king: Square,
    kinds: Kinds,
) -> (Bitboard, Bitboard) {
    let mut reach1 = Bitboard::EMPTY;
    let mut reach2 = Bitboard::EMPTY;
    for sq in board.by_color(mated).without(king) {
        let role = board.role_at(sq).expect("occupied");
        let u = match model {
            Model::AnyKind => Unit::of_kinds(kinds, mated, sq, role, true, false),
            _ => Unit::blocker(model, mated, sq, role),
        };
        reach1 |= u.moves;
        reach2 |= u.further;
    }
    (reach1, reach2)
}

/// Orthodox chess: where the units of `mated` other than its king on `king` can arrive in one
/// move with the squares of `occupied` taken (the pieces' lines stop there; pawns as on an
/// empty board). With `occupied` a subset of the board's occupied squares at the time of the
/// move, a superset of the squares reached.
pub(super) fn blockers_reach_on(board: &Board, mated: Color, king: Square, occupied: Bitboard) -> Bitboard {
    let mut reach = Bitboard::EMPTY;
    for sq in board.by_color(mated).without(king) {
        let role = board.role_at(sq).expect("occupied");
        reach |= match role {
            Role::Pawn => Unit::blocker(Model::Shared, mated, sq, role).moves,
            _ => Board::attacks_of(grolman::Piece::new(mated, role), sq, occupied),
        };
    }
    reach
}

/// The squares the units of `color` attack with the squares of `occupied` taken.
fn attacked_by(board: &Board, color: Color, occupied: Bitboard) -> Bitboard {
    board.by_color(color).fold(Bitboard::EMPTY, |b, sq| {
        let role = board.role_at(sq).expect("occupied");
        b | Board::attacks_of(grolman::Piece::new(color, role), sq, occupied)
    })
}

/// What is known of the position, for the candidate mating squares.
pub(super) struct Mate<'a> {
    /// Squares the attackers other than the king can attack within their turns.
    pub(super) checks: Bitboard,
    /// Squares the attackers can attack within their turns.
    pub(super) covers: Bitboard,
    /// Squares the mated side's units other than the king reach in one move, in two.
    pub(super) reach1: Bitboard,
    pub(super) reach2: Bitboard,
    pub(super) model: Model,
    pub(super) mating: Color,
    /// The mated side's units other than the king.
    pub(super) held: Bitboard,
    pub(super) attackers: &'a [Unit],
    pub(super) mated_budget: u32,
    pub(super) mating_budget: u32,
    pub(super) exact_single_moves: bool,
    /// The squares the mated king may walk to (all but those known to be guarded).
    pub(super) steps: Bitboard,
}

impl Mate<'_> {
    fn attack_distance(&self, a: &Unit, t: Square) -> u8 {
        if self.model == Model::AnyKind && a.role != Role::King {
            match (a.now.contains(t), a.further.contains(t)) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => 2,
            }
        } else {
            attack_distance(a.role, self.mating, a.sq, t)
        }
    }

    /// The moves the mated side needs to bring a unit onto `t` (at least; three stands for
    /// three or more).
    pub(super) fn block_cost(&self, t: Square) -> u8 {
        if self.reach1.contains(t) {
            1
        } else if self.reach2.contains(t) {
            2
        } else {
            3
        }
    }

    /// The requirements `a` meets when given `moves` moves, one set per way to spend them
    /// (with one move: per destination). A king never gives check.
    pub(super) fn options(&self, a: &Unit, needs: &[Square], moves: u32) -> Sets {
        let bits = |attacked: Bitboard| -> Needs {
            let mut m = 0;
            for (i, &t) in needs.iter().enumerate() {
                if attacked.contains(t) {
                    m |= 1 << i;
                }
            }
            if a.role == Role::King {
                m & !1
            } else {
                m
            }
        };
        match moves {
            0 => Sets::one(bits(a.now)),
            1 if self.exact_single_moves => {
                let mut sets = Sets::EMPTY;
                if a.role == Role::Pawn && self.model != Model::AnyKind {
                    for to in a.moves {
                        if relative_rank(self.mating, to) == 7 {
                            sets.push(bits(queen_attacks(to, Bitboard::EMPTY)));
                            sets.push(bits(knight_attacks(to)));
                        } else {
                            sets.push(bits(pawn_attacks(self.mating, to)));
                        }
                    }
                } else {
                    // Only the destinations that attack some requirement matter.
                    let attack = |color: Color, sq: Square| match self.model {
                        Model::AnyKind if a.role != Role::King => kinds::attacks(a.kinds, color, sq),
                        _ => attacks(self.model, a.role, color, sq),
                    };
                    let mut useful = Bitboard::EMPTY;
                    for &t in needs {
                        useful |= attack(self.mating.other(), t);
                    }
                    for to in a.moves & useful {
                        sets.push(bits(attack(self.mating, to)));
                    }
                }
                if sets.len == 0 {
                    sets.push(0);
                }
                sets
            }
            // Two moves of a piece: from each square it may reach in two.
            2 if self.exact_single_moves && a.role != Role::Pawn && self.model != Model::AnyKind => {
                let reach = match a.role {
                    Role::Queen | Role::Rook => Bitboard::ALL,
                    Role::Bishop => same_color_squares(a.sq),
                    _ => a.moves.fold(a.moves, |b, to| {
                        b | self::moves(self.model, a.role, self.mating, to)
                    }),
                };
                let mut useful = Bitboard::EMPTY;
                for &t in needs {
                    useful |= attacks(self.model, a.role, self.mating.other(), t);
                }
                let mut sets = Sets::one(0);
                for to in reach & useful {
                    sets.push(bits(attacks(self.model, a.role, self.mating, to)));
                }
                sets
            }
            _ => {
                let mut m = 0;
                for (i, &t) in needs.iter().enumerate() {
                    if !(i == 0 && a.role == Role::King) && u32::from(self.attack_distance(a, t)) <= moves {
                        m |= 1 << i;
                    }
                }
                Sets::one(m)
            }
        }
    }

    /// Whether a mate with the king on `target` (`walk` king steps away) is within reach.
    pub(super) fn possible_on(&self, target: Square, walk: u32) -> bool {
        if walk > self.mated_budget || (walk > 0 && !self.steps.contains(target)) {
            return false;
        }
        // In orthodox chess a unit of the mated side on the target must leave it by a move of
        // its own, or be taken by a move of the mating side before its last (the mate); a
        // Grolman king may follow onto the square its unit leads from in the same turn.
        if self.model == Model::Shared
            && self.held.contains(target)
            && walk >= self.mated_budget
            && self.mating_budget < 2
        {
            return false;
        }
        let mut needs = [target; 9];
        let mut n = 1;
        for f in king_attacks(target) & !self.held {
            needs[n] = f;
            n += 1;
        }
        let needs = &needs[..n];
        // Cheap necessary tests first: someone can give check, and each flight can be covered
        // by an attacker or held by the mated side.
        if !self.checks.contains(target) {
            return false;
        }
        let left = self.mated_budget - walk;
        // In orthodox chess the king's walk and the arrivals share the turns; otherwise each
        // unit has them all.
        let slack = if self.model == Model::Shared {
            left
        } else {
            self.mated_budget
        };
        let mut block = [FAR; 9];
        for i in 1..n {
            block[i] = self.block_cost(needs[i]);
            if !self.covers.contains(needs[i]) && u32::from(block[i]) > slack {
                return false;
            }
        }
        match self.model {
            Model::Shared => self.shared(needs, &block, self.mated_budget - walk),
            Model::PerUnit | Model::AnyKind => self.per_unit(needs, &block),
        }
    }

    /// Each unit within its side's turns on its own: what the mated side cannot hold within
    /// its turns must be met together by the attackers, each spending its turns in one way.
    fn per_unit(&self, needs: &[Square], block: &[u8]) -> bool {
        let mut required: Needs = 1;
        for (i, &c) in block.iter().enumerate().take(needs.len()).skip(1) {
            if u32::from(c) > self.mated_budget {
                required |= 1 << i;
            }
        }
        // Grolman chess, the mating side's last turn: one leader (problem/leader.rs).
        if self.model == Model::PerUnit && self.mating_budget == 1 && self.exact_single_moves {
            return self.by_one_leader(needs, required);
        }
        let mut met = Sets::one(0);
        for a in self.attackers {
            let mut ways = Sets::EMPTY;
            let mut add = |sets: Sets| {
                for &s in sets.as_slice() {
                    ways.push(s & required);
                }
            };
            let w = self.mating_budget;
            add(self.options(a, needs, 0));
            if w >= 1 {
                add(self.options(a, needs, 1));
            }
            if w >= 2 {
                add(self.options(a, needs, w));
            }
            let mut next = Sets::EMPTY;
            met.join(&ways, &mut next);
            met = next;
            if met.as_slice().contains(&required) {
                return true;
            }
        }
        false
    }

    /// Every move counted once against its side's turns: the mating side spreads its turns
    /// over its units, the mated side pays one arrival per flight the attackers leave to it,
    /// from the turns its king's walk leaves (`left`).
    fn shared(&self, needs: &[Square], block: &[u8], left: u32) -> bool {
        if self.mating_budget <= 1 && self.exact_single_moves {
            return if left == 0 {
                self.all_by_one_move(needs)
            } else {
                self.by_one_move(needs, block, left)
            };
        }
        let w = (self.mating_budget as usize).min(7);
        // met[k]: the requirement sets the attackers meet with k moves spent.
        let mut met = [Sets::EMPTY; 8];
        met[0].push(0);
        for a in self.attackers {
            let mut ways = [Sets::EMPTY; 8];
            for (k, way) in ways.iter_mut().enumerate().take(w + 1) {
                *way = self.options(a, needs, k as u32);
            }
            let mut next = [Sets::EMPTY; 8];
            for spent in 0..=w {
                for k in 0..=(w - spent) {
                    met[spent].join(&ways[k], &mut next[spent + k]);
                }
            }
            met = next;
        }
        met[..=w].iter().any(|sets| {
            sets.as_slice()
                .iter()
                .any(|&m| affordable(m, block, needs.len(), left))
        })
    }
}

/// Whether the requirements met by `m` (of the first `count`) leave the mated side enough
/// moves: the check (bit 0) must be met, and each flight left open costs the mated side the
/// moves of `block` to fill.
fn affordable(m: Needs, block: &[u8], count: usize, left: u32) -> bool {
    m & 1 != 0
        && block
            .iter()
            .enumerate()
            .take(count)
            .skip(1)
            .filter(|&(i, _)| m & (1 << i) == 0)
            .map(|(_, &b)| u32::from(b))
            .sum::<u32>()
            <= left
}

impl Mate<'_> {
    /// [`Mate::shared`] when the attackers have at most one move: the units that stay meet
    /// what they meet now, one of them may move to any square it reaches, and the mated side
    /// pays for the flights left open. The ways are few, so they are walked one by one rather
    /// than gathered into [`Sets`].
    fn by_one_move(&self, needs: &[Square], block: &[u8], left: u32) -> bool {
        let enough = |m: Needs| affordable(m, block, needs.len(), left);
        let mut now = [0 as Needs; 16];
        for (i, a) in self.attackers.iter().enumerate() {
            now[i] = self.options(a, needs, 0).items[0];
        }
        let now = &now[..self.attackers.len()];
        if enough(now.iter().fold(0, |m, &o| m | o)) {
            return true;
        }
        self.mating_budget > 0
            && self.attackers.iter().enumerate().any(|(i, a)| {
                let others = now
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(0, |m, (_, &o)| m | o);
                self.options(a, needs, 1)
                    .as_slice()
                    .iter()
                    .any(|&o| enough(o | others))
            })
    }

    /// [`Mate::shared`] when the attackers must meet every requirement with at most one move
    /// (the mated side has no turn to spare): the units that stay meet what they meet now,
    /// and the one that moves must find a square that attacks all the rest.
    fn all_by_one_move(&self, needs: &[Square]) -> bool {
        let all: Needs = (1 << needs.len()) - 1;
        let mut now = [0 as Needs; 16];
        for (i, a) in self.attackers.iter().enumerate() {
            now[i] = self.options(a, needs, 0).items[0];
        }
        let now = &now[..self.attackers.len()];
        let together = now.iter().fold(0, |m, &o| m | o);
        if together == all {
            return true;
        }
        if self.mating_budget == 0 {
            return false;
        }
        self.attackers.iter().enumerate().any(|(i, a)| {
            let others = now
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |m, (_, &o)| m | o);
            let rest = all & !others;
            if a.role == Role::King && rest & 1 != 0 {
                return false;
            }
            if a.role == Role::Pawn {
                return self
                    .options(a, needs, 1)
                    .as_slice()
                    .iter()
                    .any(|&o| o & rest == rest);
            }
            let mut squares = a.moves;
            for (j, &t) in needs.iter().enumerate() {
                if rest & (1 << j) != 0 {
                    squares &= attacks(self.model, a.role, self.mating.other(), t);
                }
            }
            squares.any()
        })
    }
}

/// The bound's verdict on White's last turn against the real mate in one, on `count` random
/// positions with White to move (`grolman::random::positions`, up to 3 units a side): fails
/// where the bound rules out a position that has a mate in one; gives the number of positions
/// with a mate in one and the number the bound ruled out.
#[cfg(test)]
pub(super) fn mate_in_one_bound_on_random_positions(
    rules: grolman::Rules,
    count: usize,
    seed: u64,
) -> (usize, usize) {
    let (mut mates, mut ruled_out) = (0, 0);
    for pos in grolman::random::positions(count, Color::White, 3, seed) {
        let mates_now = super::mate1::mates_in_one(&pos, rules);
        if !mate_reachable(&pos, rules, Color::Black, 0, 1, &mut None) {
            assert!(!mates_now, "{}", pos.fen());
            ruled_out += 1;
        }
        mates += usize::from(mates_now);
    }
    (mates, ruled_out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::Variant;

    fn reachable(variant: Variant, fen: &str, mated_turns: u32, mating_turns: u32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        mate_reachable(
            &pos,
            variant.into(),
            Color::Black,
            mated_turns,
            mating_turns,
            &mut None,
        )
    }

    #[test]
    fn a_lone_rook_far_from_a_free_king_cannot_mate_in_one() {
        // Black Ka8 free in the corner, White Rh1 and Kh3: one rook move checks but the king
        // keeps b7 (or a7/b8), which nothing can cover in the same move.
        let fen = "k7/8/8/8/8/7K/8/7R w - - 0 1";
        assert!(!reachable(Variant::Orthodox, fen, 0, 1));
        assert!(!reachable(Variant::Grolman, fen, 0, 1));
        // With more turns the mate is no longer ruled out.
        assert!(reachable(Variant::Orthodox, fen, 3, 4));
    }

    /// With the mated side to move and one move left to each side, the bound allows a mate
    /// wherever one of its moves is followed by a mate in one, on random orthodox positions
    /// (its units' lines and its king's guarded squares read on the real board); and it rules
    /// out some of the positions the empty board allowed.
    #[test]
    fn the_mated_side_to_move_with_one_move_keeps_every_mate() {
        use crate::problem::mate1::mates_in_one;
        use grolman::for_each_turn;
        use grolman::random::{position_of, Xorshift};
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let (mut mates, mut ruled_out, mut positions) = (0, 0, 0);
        while positions < 3000 {
            let board = rng.attack_board(&roles, 3, 8);
            let Some(pos) = position_of(board, Color::Black) else {
                continue;
            };
            positions += 1;
            let reachable = mate_reachable(&pos, rules, Color::Black, 1, 1, &mut None);
            let mut mated = false;
            for_each_turn(&pos, rules, false, &mut |v| {
                mated = mates_in_one(v.after, rules);
                mated
            });
            if mated {
                assert!(reachable, "{}", pos.fen());
                mates += 1;
            } else if !reachable {
                ruled_out += 1;
            }
        }
        assert!(mates > 100 && ruled_out > 1000, "{mates} {ruled_out}");
    }

    #[test]
    fn the_back_rank_mate_is_within_reach() {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        for v in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
            assert!(reachable(v, fen, 0, 1));
        }
    }
}
