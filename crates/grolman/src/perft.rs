//! Counting turns to a fixed depth: the standard check of a move generator.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::chain;
use crate::legal::{count_turns, for_each_turn};
use crate::movegen::{self, Lead, LeadKind};
use crate::position::{CastlingSide, Position};
use crate::types::{Color, Role, Square};
use crate::variant::{Rules, Variant};

/// The number of turn sequences of length `depth` from `pos` (every tie, promotion and owner
/// choice counted as its own turn).
///
/// ```
/// use grolman::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(), Variant::Grolman.into(), 2), 400);
/// ```
pub fn perft(pos: &Position, rules: Rules, depth: u32) -> u64 {
    match (rules.variant, depth) {
        (_, 0) => 1,
        (Variant::Orthodox, _) => crate::orthodox::perft(pos, depth),
        (Variant::Grolman, _) => grolman(&mut pos.clone(), rules, depth, &mut Vec::new()),
        (_, 1) => count_turns(pos, rules),
        _ => {
            let mut n = 0;
            for_each_turn(pos, rules, false, &mut |v| {
                n += perft(v.after, rules, depth - 1);
                false
            });
            n
        }
    }
}

/// Grolman perft: the chains are played in place (each follower moved and moved back), and
/// the last ply is counted without playing it. `risky` is scratch space for the counter.
fn grolman(pos: &mut Position, rules: Rules, depth: u32, risky: &mut Vec<Leaf>) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            count_grolman(pos, rules, risky)
        };
    }
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    let safety = Safety::of(pos);
    leads
        .into_iter()
        .map(|lead| play_lead(pos, rules, &safety, lead, depth, risky))
        .sum()
}

/// Perft below one leading move: its chains, then `depth - 1` more plies.
fn play_lead(
    pos: &Position,
    rules: Rules,
    safety: &Safety,
    lead: Lead,
    depth: u32,
    risky: &mut Vec<Leaf>,
) -> u64 {
    let applied = movegen::apply_lead(pos, lead);
    let mut next = applied.pos;
    let mut moved = Bitboard::from_square(lead.to);
    let mut vacated = [Some(lead.from), None];
    if let Some(c) = applied.castle {
        moved.set(c.rook_to);
        vacated[1] = Some(c.rook_from);
    }
    follow(&mut next, rules, safety, moved, vacated, depth, risky)
}

/// When the mover's king is surely safe after a turn, without testing it: it was not in
/// check, it has not moved, and no square emptied by the turn lies between it and an enemy
/// slider aligned with it.
struct Safety {
    king: Option<Square>,
    in_check: bool,
    occupied: Bitboard,
    danger: Bitboard,
}

impl Safety {
    fn of(pos: &Position) -> Safety {
        let board = pos.board();
        let us = pos.turn();
        let them = us.other();
        let king = board.king_of(us);
        Safety {
            king,
            in_check: board.king_attacked(us),
            occupied: board.occupied(),
            danger: king.map_or(Bitboard::EMPTY, |k| lines_to(board, k, them).0),
        }
    }

    /// Whether the king of the side that played is surely safe on `after`.
    fn holds(&self, after: &crate::Board) -> bool {
        let Some(king) = self.king else { return false };
        let emptied = self.occupied & !after.occupied();
        !self.in_check && after.by_role(Role::King).contains(king) && (emptied & self.danger).is_empty()
    }
}

/// The squares between `king` and the sliders of `them` aligned with it, whatever stands
/// there; and those among them that alone block such a line (the only squares whose emptying
/// can expose a king that stays put).
fn lines_to(board: &crate::Board, king: Square, them: Color) -> (Bitboard, Bitboard) {
    let enemy = board.by_color(them);
    let diag = (board.by_role(Role::Bishop) | board.by_role(Role::Queen)) & enemy;
    let ortho = (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & enemy;
    let (mut danger, mut pinned) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for s in (attacks::bishop_attacks(king, Bitboard::EMPTY) & diag)
        | (attacks::rook_attacks(king, Bitboard::EMPTY) & ortho)
    {
        let line = attacks::between(king, s);
        danger |= line;
        let blockers = line & board.occupied();
        if !blockers.more_than_one() {
            pinned |= blockers;
        }
    }
    (danger, pinned)
}

/// Every chain after the leading move, then perft of each legal position at its end; `pos`
/// is back as it came when this returns.
fn follow(
    pos: &mut Position,
    rules: Rules,
    safety: &Safety,
    moved: Bitboard,
    vacated: [Option<Square>; 2],
    depth: u32,
    risky: &mut Vec<Leaf>,
) -> u64 {
    let us = pos.turn;
    let unmoved = pos.board.by_color(us) & !moved;
    let Some((role, found)) = chain::followers(&pos.board, us, unmoved, vacated) else {
        if !safety.holds(&pos.board) && pos.board.king_attacked(us) {
            return 0;
        }
        let fullmoves = pos.fullmoves;
        pos.turn = us.other();
        if us == Color::Black {
            pos.fullmoves += 1;
        }
        let n = grolman(pos, rules, depth - 1, risky);
        pos.turn = us;
        pos.fullmoves = fullmoves;
        return n;
    };
    let mut n = 0;
    for (i, v) in vacated.iter().enumerate() {
        let Some(to) = *v else { continue };
        let promotes = role == Role::Pawn && to.rank() == us.last_rank();
        for from in found[i] {
            let saved = (pos.castling, pos.ep, pos.halfmoves);
            pos.board.shift(from, to);
            pos.castling = pos.castling.touched(from);
            if role == Role::Pawn {
                pos.halfmoves = 0;
                if from.u8().abs_diff(to.u8()) == 16 {
                    pos.ep = from.offset(us.forward());
                }
            }
            let next = [Some(from), None];
            if promotes {
                for promotion in Role::PROMOTIONS {
                    pos.board.set_role(to, promotion);
                    n += follow(pos, rules, safety, moved.with(to), next, depth, risky);
                }
                pos.board.set_role(to, Role::Pawn);
            } else {
                n += follow(pos, rules, safety, moved.with(to), next, depth, risky);
            }
            pos.board.shift(to, from);
            (pos.castling, pos.ep, pos.halfmoves) = saved;
        }
    }
    n
}

/// The number of legal Grolman turns, without building the positions after them.
///
/// The kinds of units that have moved never matter (they are out of the chain, and only enemy
/// kinds attack our king), so each promotion choice counts as four turns at once. The net
/// effect of a turn on occupancy is small: the leader's destination is filled, and the last
/// vacated square (and an en passant victim's) emptied; when the king stays put and was not
/// in check, only an emptied square between it and an aligned enemy slider can expose it.
///
/// The chain behind a unit is the same whichever way it leads, unless its destination blocks
/// the line of a follower: so it is explored once per unit, with the unit lifted off the board,
/// and its finished chains that cannot expose the king are summed once. Each destination then
/// adds that sum and tests the few chains that might expose the king; a destination that
/// blocks a follower's line has its chains walked again with that square blocked. En passant
/// and castling, which empty two squares, are played out.
#[inline(never)]
fn count_grolman(pos: &Position, rules: Rules, risky: &mut Vec<Leaf>) -> u64 {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(king) = board.king_of(us) else { return 0 };
    let occ = board.occupied();
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let (danger, pinned) = lines_to(board, king, them);
    let safety = Safety {
        king: Some(king),
        in_check: board.attackers(king, them, occ).any(),
        occupied: occ,
        danger,
    };
    // Our units, numbered weakest kind first (the lowest member of a set of them is of the
    // weakest kind in it); who can reach each square of ours, on the board before the turn;
    // and where each unit may lead to. During a chain the occupancy is the original one less
    // the square waiting for a follower, plus the leader's destination; whether the waiting
    // square itself is occupied does not change who reaches it, so the sets hold throughout,
    // except where the leader's destination blocks a line (a `sensitive` square, counted
    // apart).
    let mut square_of = [Square::A1; 16];
    let mut role_of = [Role::Pawn; 16];
    let mut kind = [0u32; 6];
    let mut reach = [0u32; 64];
    let mut targets = [Bitboard::EMPTY; 16];
    let mut n = 0;
    let forward = us.forward();
    let pawns = board.by_role(Role::Pawn) & own;
    let (one, two) = match us {
        Color::White => {
            let one = pawns.north() & !(occ & !own);
            (one, (one & Bitboard::rank(2) & !occ).north() & !(occ & !own))
        }
        Color::Black => {
            let one = pawns.south() & !(occ & !own);
            (one, (one & Bitboard::rank(5) & !occ).south() & !(occ & !own))
        }
    };
    for from in pawns.take(16) {
        // The squares one and two steps ahead, where the pawn may step (empty) or which it
        // reaches (ours); always on the board for the sets to hold them.
        let ahead = |steps: i8| Square::new((from.u8() as i8 + steps * forward) as u8 & 63);
        let step = one & Bitboard::from_square(ahead(1));
        let double = two & Bitboard::from_square(ahead(2));
        let bit = 1 << n;
        reach[ahead(1).index()] |= bit * u32::from((step & own).any());
        reach[ahead(2).index()] |= bit * u32::from((double & own).any());
        square_of[n] = from;
        kind[0] |= bit;
        targets[n] = (attacks::pawn_attacks(us, from) & enemy) | ((step | double) & !own);
        n += 1;
    }
    let mut piece = |role: Role, from: Square, moves: Bitboard| {
        if n < 16 {
            for t in moves & own {
                reach[t.index()] |= 1 << n;
            }
            square_of[n] = from;
            role_of[n] = role;
            kind[role.index()] |= 1 << n;
            targets[n] = moves & !own;
            n += 1;
        }
    };
    for from in board.by_role(Role::Knight) & own {
        piece(Role::Knight, from, attacks::knight_attacks(from));
    }
    for from in board.by_role(Role::Bishop) & own {
        piece(Role::Bishop, from, attacks::bishop_attacks(from, occ));
    }
    for from in board.by_role(Role::Rook) & own {
        piece(Role::Rook, from, attacks::rook_attacks(from, occ));
    }
    for from in board.by_role(Role::Queen) & own {
        piece(Role::Queen, from, attacks::queen_attacks(from, occ));
    }
    piece(Role::King, king, attacks::king_attacks(king));
    let everyone = (1u32 << n) - 1;
    let mut walk = Walk {
        reach: &reach,
        between: attacks::between_table(),
        square_of: &square_of,
        role_of: &role_of,
        kind,
        risky_if: if safety.in_check { Bitboard::ALL } else { pinned },
        last_rank: Bitboard::rank(us.last_rank()),
        block: Bitboard::EMPTY,
        safe: 0,
        risky: std::mem::take(risky),
        sensitive: Bitboard::EMPTY,
    };
    // The legal turns among the chains that might expose the king, with each destination in
    // `dests`, promotion choices of the leader apart.
    let risky_turns = |risky: &[Leaf], dests: Bitboard, king_leads: bool| -> u64 {
        let mut n = 0;
        for leaf in risky {
            let occ = occ.without(leaf.vacated);
            if king_leads {
                for to in dests {
                    // A unit the king took on `to` no longer attacks.
                    if (board.attackers(to, them, occ) & !Bitboard::from_square(to)).is_empty() {
                        n += leaf.mult;
                    }
                }
                continue;
            }
            // The king's square does not depend on the leader's destination, and the leader
            // can only block a line or take an attacker.
            let king = leaf.king.unwrap_or(king);
            let mut cover = Bitboard::ALL;
            for a in board.attackers(king, them, occ) {
                cover &= attacks::between(king, a).with(a);
            }
            for _ in dests & cover {
                n += leaf.mult;
            }
        }
        n
    };
    // All the legal turns of one leader's chains with each destination in `dests`.
    // Pawns about to promote lead four times over; pawns that may take en passant are
    // counted apart.
    let promoting = pawns & Bitboard::rank((us.last_rank() as i8 - forward / 8) as u8);
    let ep_takers = match pos.ep_square() {
        Some(ep) => attacks::pawn_attacks(them, ep) & pawns,
        None => Bitboard::EMPTY,
    };
    let mut total = 0;
    if let Some(ep) = pos.ep_square() {
        for from in ep_takers {
            let lead = Lead {
                from,
                to: ep,
                promotion: None,
                kind: LeadKind::EnPassant,
            };
            total += play_lead(pos, rules, &safety, lead, 1, risky);
        }
    }
    // The units with a leading move (other than en passant), without a branch per unit.
    let mut leaders = 0u32;
    for (i, t) in targets.iter().enumerate().take(n) {
        leaders |= u32::from(t.any()) << i;
    }
    while leaders != 0 {
        let i = leaders.trailing_zeros() as usize & 15;
        leaders &= leaders - 1;
        let (from, role, targets) = (square_of[i], role_of[i], targets[i]);
        let mult = 1 << (2 * u32::from(promoting.contains(from)));
        let king_leads = role == Role::King;
        let unmoved = everyone & !(1 << i);
        let king_at = king_leads.then_some(from);
        walk.reset(Bitboard::EMPTY);
        walk.explore::<false>(unmoved, from, 1, king_at);
        // All the legal turns of the chains with each destination that blocks no follower (a
        // king that leads makes every chain risky, so `safe` is 0).
        let dests = targets & !walk.sensitive;
        let mut turns = walk.safe * u64::from(dests.count());
        if !walk.risky.is_empty() {
            turns += risky_turns(&walk.risky, dests, king_leads);
        }
        total += mult * turns;
        let sensitive = walk.sensitive;
        // A leader landing on a square that some follower's line crosses blocks it: walk
        // those chains again with the square blocked.
        for to in targets & sensitive {
            walk.reset(Bitboard::from_square(to));
            walk.explore::<true>(unmoved, from, 1, king_at);
            let dest = Bitboard::from_square(to);
            total += mult * (walk.safe + risky_turns(&walk.risky, dest, king_leads));
        }
    }
    if rules.castling_allowed()
        && (pos.castling().has(us, CastlingSide::King) || pos.castling().has(us, CastlingSide::Queen))
    {
        let mut castles = Vec::new();
        movegen::castles(pos, &mut castles);
        total += castles
            .into_iter()
            .map(|lead| play_lead(pos, rules, &safety, lead, 1, risky))
            .sum::<u64>();
    }
    *risky = walk.risky;
    total
}

/// One finished chain that might leave the king attacked: the square left empty, and where the
/// king went if it moved.
struct Leaf {
    vacated: Square,
    king: Option<Square>,
    mult: u64,
}

/// The chains behind a leader. Units are sets of bits, numbered as in [`count_grolman`].
struct Walk<'a> {
    /// The units that could reach each square.
    reach: &'a [u32; 64],
    /// [`attacks::between`] by table.
    between: &'static [[u64; 64]; 64],
    square_of: &'a [Square; 16],
    role_of: &'a [Role; 16],
    /// The units of each kind.
    kind: [u32; 6],
    /// Chains ending on these squares (or moving the king) might expose the king.
    risky_if: Bitboard,
    last_rank: Bitboard,
    /// A square the leader landed on, which no follower may cross.
    block: Bitboard,
    // What `explore` found: how many finished chains cannot expose the king, the others,
    // and the squares whose occupancy decided a follower (a leader landing there is counted
    // apart).
    safe: u64,
    risky: Vec<Leaf>,
    sensitive: Bitboard,
}

impl Walk<'_> {
    fn reset(&mut self, block: Bitboard) {
        self.safe = 0;
        self.risky.clear();
        self.sensitive = Bitboard::EMPTY;
        self.block = block;
    }

    #[inline]
    fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a.index()][b.index()])
    }

    /// The weakest units among `candidates` (not empty), with their kind.
    #[inline]
    fn weakest(&self, candidates: u32) -> (Role, u32) {
        let role = self.role_of[candidates.trailing_zeros() as usize & 15];
        (role, candidates & self.kind[role.index()])
    }

    /// [`Walk::explore`] behind one follower of a tie.
    #[inline(never)]
    fn branch<const BLOCKED: bool>(&mut self, unmoved: u32, v: Square, mult: u64, king: Option<Square>) {
        self.explore::<BLOCKED>(unmoved, v, mult, king);
    }

    /// Walks every chain from the vacated square `v`; a forced step loops, a tie branches.
    #[inline(always)]
    fn explore<const BLOCKED: bool>(
        &mut self,
        mut unmoved: u32,
        mut v: Square,
        mut mult: u64,
        mut king: Option<Square>,
    ) {
        loop {
            let mut candidates = self.reach[v.index()] & unmoved;
            if BLOCKED {
                let mut rest = candidates;
                while rest != 0 {
                    let j = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if (self.between(v, self.square_of[j & 15]) & self.block).any() {
                        candidates &= !(1 << j);
                    }
                }
            }
            if candidates == 0 {
                if king.is_none() && !self.risky_if.contains(v) {
                    self.safe += mult;
                } else {
                    self.risky.push(Leaf {
                        vacated: v,
                        king,
                        mult,
                    });
                }
                return;
            }
            let (role, found) = self.weakest(candidates);
            // A pawn following onto its last rank promotes: four choices.
            let promotes = (role == Role::Pawn) & self.last_rank.contains(v);
            mult <<= 2 * u32::from(promotes);
            if role == Role::King {
                king = Some(v);
            }
            // Only a line or a double step has squares between: a knight's jump, a king's
            // step and a single pawn step have none, so `between` can be taken regardless.
            if found & (found - 1) != 0 {
                let mut rest = found;
                while rest != 0 {
                    let j = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let from = self.square_of[j & 15];
                    self.sensitive |= self.between(v, from);
                    self.branch::<BLOCKED>(unmoved & !(1 << j), from, mult, king);
                }
                return;
            }
            let weakest = found.trailing_zeros() as usize;
            let from = self.square_of[weakest & 15];
            self.sensitive |= self.between(v, from);
            v = from;
            unmoved &= !(1 << weakest);
        }
    }
}

/// [`perft`] with the turns of the root shared among `threads` threads.
///
/// # Panics
/// Only if [`perft`] itself panics in a worker (a bug).
///
/// ```
/// use grolman::{perft, perft_parallel, Position, Variant};
/// let pos = Position::start();
/// assert_eq!(perft_parallel(&pos, Variant::Orthodox.into(), 3, 2), perft(&pos, Variant::Orthodox.into(), 3));
/// ```
#[cfg(not(target_arch = "wasm32"))]
pub fn perft_parallel(pos: &Position, rules: Rules, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads < 2 {
        return perft(pos, rules, depth);
    }
    let mut children = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        children.push(v.after.clone());
        false
    });
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut n = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(child) = children.get(i) else { return n };
                        n += perft(child, rules, depth - 1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a perft worker panicked"))
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast counter against the general generator, on every position of small trees grown
    /// from positions with pins, checks, castling, en passant and promotions.
    #[test]
    fn counter_agrees_with_the_generator() {
        // The positions of the perft suite, and two more: a pinned unit that leads, and
        // castling rights with a queen in the middle.
        let suite = include_str!("../../../tests/data/perft.txt");
        let mut fens: Vec<&str> = suite.lines().filter_map(|l| l.strip_prefix("fen ")).collect();
        fens.extend([
            "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
            "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
        ]);
        fens.sort_unstable();
        fens.dedup();
        fn walk(pos: &Position, rules: Rules, depth: u32, seen: &mut u32) {
            assert_eq!(
                count_grolman(pos, rules, &mut Vec::new()),
                count_turns(pos, rules),
                "{}",
                pos.fen()
            );
            *seen += 1;
            if depth > 0 {
                for_each_turn(pos, rules, false, &mut |v| {
                    walk(v.after, rules, depth - 1, seen);
                    false
                });
            }
        }
        let mut seen = 0;
        for fen in fens {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in [
                Rules::new(Variant::Grolman),
                Rules {
                    options: crate::Options { castling: false },
                    ..Rules::new(Variant::Grolman)
                },
            ] {
                walk(&pos, rules, 2, &mut seen);
            }
        }
        assert!(seen > 10_000, "{seen} positions");
    }

    /// The in-place inner plies against the general generator, three plies deep.
    #[test]
    fn inner_plies_agree_with_the_generator() {
        fn slow(pos: &Position, rules: Rules, depth: u32) -> u64 {
            if depth == 1 {
                return count_turns(pos, rules);
            }
            let mut n = 0;
            for_each_turn(pos, rules, false, &mut |v| {
                n += slow(v.after, rules, depth - 1);
                false
            });
            n
        }
        let suite = include_str!("../../../tests/data/perft.txt");
        for fen in suite.lines().filter_map(|l| l.strip_prefix("fen ")) {
            let pos = Position::from_fen(fen).expect("fen");
            let rules = Rules::new(Variant::Grolman);
            assert_eq!(perft(&pos, rules, 3), slow(&pos, rules, 3), "{fen}");
        }
    }
}
