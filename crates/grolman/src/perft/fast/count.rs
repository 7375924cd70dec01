//! The last two plies of Grolman perft: the legal turns of a position counted without playing
//! them, and the turns of the position above played from the same kept chains.

use super::plies::{play_lead, Safety};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Attackers, Board};
use crate::chain;
use crate::movegen::{self, Lead, LeadKind};
use crate::position::{Castling, CastlingSide, Position};
use crate::step;
use crate::types::{Color, Role, Square};
use crate::variant::Rules;

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
/// blocks a follower's line has its chains walked again with that square blocked. Castling
/// chains are walked with the same reach sets and each tested for the king; en passant, which
/// empties two squares, is played out on a copy of the board.
///
/// Consecutive positions counted mostly differ in a few squares (the other side's turn), so
/// what the counter finds is kept in `scratch` for the next one ([`Kept`]), and worked out
/// again only where a changed square decided it.
#[inline(never)]
pub(super) fn count_grolman(pos: &Position, rules: Rules, scratch: &mut Scratch) -> u64 {
    super::checked(pos, rules, 1, run::<false>(pos, rules, scratch))
}

/// Grolman perft of depth 2 from `pos`: the turns of the side to move are played from the
/// chains kept for it (`Scratch::levels[1]`, found as [`count_grolman`] finds its own), and
/// the positions after them counted.
#[inline(never)]
pub(super) fn expand(pos: &Position, rules: Rules, scratch: &mut Scratch) -> u64 {
    super::checked(pos, rules, 2, run::<true>(pos, rules, scratch))
}

/// [`count_grolman`], or with `EXPAND` [`expand`]: one set-up for both.
#[inline(always)]
fn run<const EXPAND: bool>(pos: &Position, rules: Rules, scratch: &mut Scratch) -> u64 {
    // The chains kept for this level of the tree.
    let l = usize::from(EXPAND);
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(king) = board.king_of(us) else { return 0 };
    let occ = board.occupied();
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let lines = board.lines_to(king, them);
    // Who attacks a square, the enemy's units sorted once.
    let threats = Attackers::of(board, them);
    let checkers = threats.on(king, occ);
    let safety = Safety {
        king: Some(king),
        in_check: checkers.any(),
        occupied: occ,
        danger: lines.danger,
    };
    // The plies left below the turns played out here (en passant, castling).
    let depth = 1 + u32::from(EXPAND);
    let pawns = board.by_role(Role::Pawn) & own;
    let forward = us.forward();
    // Our units, numbered weakest kind first (the lowest member of a set of them is of the
    // weakest kind in it); which of our squares each can reach, on the board before the turn
    // (and turned around, who reaches each square); and where each unit may lead to. During a chain the occupancy is the original one less
    // the square waiting for a follower, plus the leader's destination; whether the waiting
    // square itself is occupied does not change who reaches it, so the sets hold throughout,
    // except where the leader's destination blocks a line (a `sensitive` square, counted
    // apart).
    //
    // The numbers are kept from the last position counted: the chains kept then still hold
    // where no reach set changed. Units no longer here keep their numbers and have no moves; a
    // unit on a new square takes the number of one of its kind no longer here (its old and new
    // squares count as changed), and only when there is none are all renumbered.
    //
    // So are each unit's moves: they are worked out again only for the units that some change
    // on the board since the last position may have touched (`Kept::moves`).
    let changed = scratch.levels[l].moved_on(board, us);
    let units = Role::ALL.map(|r| board.by_role(r) & own);
    let (renumber, renumbered) = scratch.levels[l].number(us, &units);
    let kept = &mut scratch.levels[l];
    let (square_of, role_of, kind, blocks) = (kept.square_of, kept.role_of, kept.kind, kept.blocks);
    let same = kept.same;
    let n = usize::from(blocks[6]);
    let everyone = (1u32 << n) - 1;
    let touched = changed | renumbered;
    let mut dirty = 0u32;
    for (i, seen) in kept.seen_by.iter().enumerate() {
        dirty |= u32::from((*seen & touched).any()) << i;
    }
    if renumber {
        dirty = everyone;
    }
    let here =
        |role: Role, from: Square| Bitboard(0u64.wrapping_sub(u64::from(units[role.index()].contains(from))));
    // The own squares whose reach sets changed.
    let mut redefended = renumbered;
    // The units whose destinations changed.
    let mut retargeted = 0u32;
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
    let mut bits = dirty & kind[Role::Pawn.index()];
    while bits != 0 {
        let i = bits.trailing_zeros() as usize & 15;
        bits &= bits - 1;
        let from = square_of[i];
        // The squares one and two steps ahead, where the pawn may step (empty) or which it
        // reaches (ours); always on the board for the sets to hold them.
        let ahead =
            |steps: i8| Bitboard::from_square(Square::new((from.u8() as i8 + steps * forward) as u8 & 63));
        let here = here(Role::Pawn, from);
        let step = one & ahead(1) & here;
        let double = two & ahead(2) & here;
        let takes = attacks::pawn_attacks(us, from);
        let (defended, targeted) = kept.moves(
            i,
            (step | double) & own,
            (takes & enemy & here) | ((step | double) & !own),
            (takes | ahead(1) | ahead(2)).with(from),
        );
        redefended |= defended;
        retargeted |= u32::from(targeted) << i;
    }
    // The other kinds in one loop without a branch by kind: each unit's moves are those of
    // every kind, each kept only for a unit of that kind.
    let mut bits = dirty & !kind[Role::Pawn.index()];
    while bits != 0 {
        let i = bits.trailing_zeros() as usize & 15;
        bits &= bits - 1;
        let (from, role) = (square_of[i], role_of[i]);
        let is = |r: Role| Bitboard(0u64.wrapping_sub(u64::from(role == r)));
        let diag = is(Role::Bishop) | is(Role::Queen);
        let ortho = is(Role::Rook) | is(Role::Queen);
        let moves = ((attacks::knight_attacks(from) & is(Role::Knight))
            | (attacks::king_attacks(from) & is(Role::King))
            | (attacks::bishop_attacks(from, occ) & diag)
            | (attacks::rook_attacks(from, occ) & ortho))
            & here(role, from);
        let (defended, targeted) = kept.moves(i, moves & own, moves & !own, moves.with(from));
        redefended |= defended;
        retargeted |= u32::from(targeted) << i;
    }
    // The chains depend only on the numbering and on who reaches which square: positions
    // that agree on those, as siblings in perft mostly do, share them. When only some reach
    // sets differ, a leader keeps its chains if none of the squares they vacate is among
    // those.
    if renumber || kept.leaves.len() > Kept::LEAVES {
        kept.walked = 0;
        kept.castled.rights = None;
        kept.usual = [0; 16];
        kept.usual_sum = 0;
        (0..16).for_each(|i| kept.drop_verdicts(i));
        kept.leaves.clear();
        kept.verdicts.clear();
        kept.blocked.iter_mut().for_each(Vec::clear);
    } else if redefended.any() {
        if (kept.castled.visited & redefended).any() {
            kept.castled.rights = None;
        }
        let mut stale = 0u32;
        for (i, visited) in kept.visited.iter().enumerate() {
            stale |= u32::from((*visited & redefended).any()) << i;
        }
        kept.walked &= !stale;
        let mut bits = stale;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize & 15;
            bits &= bits - 1;
            kept.drop_verdicts(i);
            kept.blocked[i].clear();
        }
    }
    // The sums of the usual pass hold for the units whose chains and destinations are the
    // same (a unit on a new square has its chains walked again: its square was among the
    // changed ones, and its chains vacate it).
    kept.summed &= kept.walked & !retargeted;
    let targets = kept.targets;
    // The units with a leading move (other than en passant).
    let leaders = kept.leaders & everyone;
    let between = attacks::between_table();
    let mut walk = Walk {
        between,
        square_of: &square_of,
        same: &same,
        kind,
        last_rank: Bitboard::rank(us.last_rank()),
        block: Bitboard::EMPTY,
        risky: std::mem::take(&mut scratch.levels[l].risky),
        sensitive: Bitboard::EMPTY,
        visited: Bitboard::EMPTY,
    };
    // The verdict on a chain that might expose the king, with the squares whose contents
    // decided it: the leader's destinations (among `dests` when the king leads) that leave
    // the king unattacked.
    let verdict = |leaf: &Leaf, dests: Bitboard, king_leads: bool| -> (Bitboard, Bitboard) {
        let occ = occ.without(leaf.vacated);
        if king_leads {
            let (mut safe, mut seen) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for to in dests {
                let (attackers, decided) = threats.on_seen(to, occ);
                seen |= decided;
                // A unit the king took on `to` no longer attacks.
                if (attackers & !Bitboard::from_square(to)).is_empty() {
                    safe.set(to);
                }
            }
            return (safe, seen);
        }
        // The king's square does not depend on the leader's destination, and the leader
        // can only block a line or take an attacker.
        let king = leaf.king.unwrap_or(king);
        let (attackers, seen) = threats.on_seen(king, occ);
        (stoppers(king, attackers), seen)
    };
    // The leader's destinations that answer a check (all when not in check): those that
    // take the checker or block its line.
    let answers = stoppers(king, checkers);
    // Pawns about to promote lead four times over; pawns that may take en passant are
    // counted apart.
    let promoting = pawns & Bitboard::rank((us.last_rank() as i8 - forward / 8) as u8);
    let ep_takers = match pos.ep_square() {
        Some(ep) => attacks::pawn_attacks(them, ep) & pawns,
        None => Bitboard::EMPTY,
    };
    let mut total = 0;
    if let Some(ep) = pos.ep_square() {
        if EXPAND {
            for from in ep_takers {
                let lead = Lead {
                    from,
                    to: ep,
                    promotion: None,
                    kind: LeadKind::EnPassant,
                };
                total += play_lead(pos, rules, &safety, lead, depth, scratch);
            }
        } else if ep_takers.any() {
            let mut played = pos.clone();
            for from in ep_takers {
                let lead = Lead {
                    from,
                    to: ep,
                    promotion: None,
                    kind: LeadKind::EnPassant,
                };
                let made = step::make_lead(&mut played, lead);
                total += chain::walk(
                    &mut played,
                    Bitboard::from_square(ep),
                    [Some(from), None],
                    &mut LegalEnds,
                );
                step::unmake_lead(&mut played, lead, &made);
            }
        }
    }
    // Walk the chains behind the leaders that the kept ones do not cover.
    let mut fresh = leaders & !scratch.levels[l].walked;
    while fresh != 0 {
        let i = fresh.trailing_zeros() as usize & 15;
        fresh &= fresh - 1;
        let from = square_of[i];
        walk.reset(Bitboard::EMPTY);
        walk.explore::<false>(
            &scratch.levels[l].reach,
            everyone & !(1 << i),
            from,
            1,
            (role_of[i] == Role::King).then_some(from),
            Steps::NONE,
        );
        scratch.levels[l].chains[i] = scratch.levels[l].keep(&walk);
        scratch.levels[l].visited[i] = walk.visited;
    }
    scratch.levels[l].walked |= leaders;
    let mult_of = |i: usize| 1u64 << (2 * u32::from(promoting.contains(square_of[i])));
    // Usually (not in check) only the chains that moved the king, or that end by emptying a
    // pinned square, can expose it: every chain that did not move the king is summed with
    // each destination that blocks no follower (a sum kept per leader), the few leaders with
    // more to count are left for the next pass, and the chains that empty a pinned square
    // are taken back where they expose the king.
    let usual = !safety.in_check;
    let mut rest = if EXPAND { 0 } else { leaders };
    if EXPAND {
        // Each turn is played from its kept chain, and only one that might expose the king is
        // tested: one that moved it, or (in check) any, or one that empties a pinned square
        // (`risky_if`). Each chain is played once, with its leader lifted off, which then
        // lands on each destination in turn.
        let risky_if = if safety.in_check {
            Bitboard::ALL
        } else {
            lines.pinned
        };
        let mut child = pos.clone();
        let mut bits = leaders;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize & 15;
            bits &= bits - 1;
            let (from, role) = (square_of[i], role_of[i]);
            let chains = scratch.levels[l].chains[i].clone();
            // Promotions, and chains that the leader's destination changes, are played the
            // general way.
            let general = if promoting.contains(from) || chains.promotes {
                targets[i]
            } else {
                targets[i] & chains.sensitive
            };
            for to in general {
                for lead in movegen::plain_leads(board, (from, to), promoting.contains(from)) {
                    total += play_lead(pos, rules, &safety, lead, depth, scratch);
                }
            }
            let dests = targets[i] & !general;
            if dests.any() {
                for k in chains.kings.start..chains.others.end {
                    let leaf = scratch.levels[l].leaves[k as usize];
                    let units = (&square_of, &role_of);
                    let risky = leaf.king.is_some() || risky_if.contains(leaf.vacated);
                    let test = (role == Role::King, risky);
                    total += play_chain(&mut child, rules, leaf, (from, dests), test, units, scratch);
                }
            }
        }
    } else if usual {
        let kept = &mut scratch.levels[l];
        // The leaders whose sums are worked out again.
        let resummed = leaders & !kept.summed;
        let mut bits = resummed;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize & 15;
            bits &= bits - 1;
            let chains = &kept.chains[i];
            let dests = targets[i] & !chains.sensitive;
            let usual = mult_of(i) * chains.plain * u64::from(dests.count());
            kept.usual_sum = kept.usual_sum.wrapping_add(usual.wrapping_sub(kept.usual[i]));
            kept.usual[i] = usual;
            let more = !chains.kings.is_empty() | (targets[i] & chains.sensitive).any();
            kept.special = (kept.special & !(1 << i)) | (u32::from(more) << i);
        }
        kept.summed |= leaders;
        total += kept.usual_sum;
        rest = kept.special & leaders;
        // A leader's turns counted apart hold while its chains, its moves and the epoch of
        // its verdicts do. Their sum is kept (`held_sum`); those that no longer hold for
        // other reasons than a dropped epoch (rarely any) are taken out of it here.
        let mut lapsed = kept.special_held & !(rest & !resummed);
        while lapsed != 0 {
            kept.release(lapsed.trailing_zeros() as usize & 15);
            lapsed &= lapsed - 1;
        }
        total += kept.held_sum;
        rest &= !kept.special_held;
    }
    while rest != 0 {
        let i = rest.trailing_zeros() as usize & 15;
        rest &= rest - 1;
        let (from, targets) = (square_of[i], targets[i]);
        let mult = mult_of(i);
        let mut turns = 0;
        let king_leads = role_of[i] == Role::King;
        let chains = scratch.levels[l].chains[i].clone();
        // The legal turns of the chains with each destination that blocks no follower: those
        // that moved the king from their verdicts, and in check the others with each
        // destination that answers it (the usual pass counted them otherwise).
        let dests = targets & !chains.sensitive;
        if !usual {
            turns += chains.plain * u64::from((dests & answers).count());
        }
        turns += scratch.levels[l].judge(i, &chains, dests, king_leads, verdict);
        // A leader landing on a square that some follower's line crosses blocks it: its
        // chains are walked again with that square blocked, and kept as the others.
        let unmoved = everyone & !(1 << i);
        let king_at = king_leads.then_some(from);
        for to in targets & chains.sensitive {
            let kept = &mut scratch.levels[l];
            let k = match kept.blocked[i].iter().position(|b| b.to == to) {
                Some(k) => k,
                None => {
                    walk.reset(Bitboard::from_square(to));
                    walk.branch::<true>(&kept.reach, unmoved, from, 1, king_at, Steps::NONE);
                    let chains = kept.keep(&walk);
                    kept.visited[i] |= walk.visited;
                    kept.blocked[i].push(Blocked {
                        to,
                        chains,
                        judged: 0,
                        turns: 0,
                    });
                    kept.blocked[i].len() - 1
                }
            };
            let plain = kept.blocked[i][k].chains.plain * u64::from(answers.contains(to));
            turns += plain + kept.judge_blocked(i, k, king_leads, verdict);
        }
        turns *= mult;
        total += turns;
        if usual {
            let kept = &mut scratch.levels[l];
            kept.special_turns[i] = turns;
            kept.special_held |= 1 << i;
            kept.held_sum = kept.held_sum.wrapping_add(turns);
        }
    }
    if !EXPAND && lines.pinned.any() {
        let kept = &scratch.levels[l];
        // The turns counted above whose chain empties a pinned square and so exposes the
        // king: with each destination off the line (or, for a leader landing on a follower's
        // line, that destination).
        let exposing = |chains: &Chains, dests: Bitboard| -> u64 {
            let mut n = 0;
            if (chains.ends & lines.pinned).any() {
                for leaf in &kept.leaves[chains.others.start as usize..chains.others.end as usize] {
                    if lines.pinned.contains(leaf.vacated) {
                        let exposed = dests & answers & !verdict(leaf, dests, false).0;
                        n += u64::from(leaf.mult) * u64::from(exposed.count());
                    }
                }
            }
            n
        };
        let mut bits = leaders;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize & 15;
            bits &= bits - 1;
            let chains = &kept.chains[i];
            let mut lost = exposing(chains, targets[i] & !chains.sensitive);
            for blocked in &kept.blocked[i] {
                if (targets[i] & chains.sensitive).contains(blocked.to) {
                    lost += exposing(&blocked.chains, Bitboard::from_square(blocked.to));
                }
            }
            total -= mult_of(i) * lost;
        }
    }
    let rights = [CastlingSide::King, CastlingSide::Queen].map(|side| pos.castling().has(us, side));
    if rules.castling_allowed() && rights != [false; 2] {
        if EXPAND {
            let mut castles = std::mem::take(&mut scratch.levels[l].castles);
            castles.clear();
            movegen::castles(pos, |lead| castles.push(lead));
            for &lead in &castles {
                total += play_lead(pos, rules, &safety, lead, depth, scratch);
            }
            scratch.levels[l].castles = castles;
        } else if scratch.levels[l].castled.rights == Some(rights) {
            total += scratch.levels[l].castled.turns;
        } else {
            let kept = &mut scratch.levels[l];
            let mut castles = std::mem::take(&mut kept.castles);
            castles.clear();
            let mut castled = Castled {
                rights: Some(rights),
                seen: movegen::castles(pos, |lead| castles.push(lead)),
                visited: Bitboard::EMPTY,
                turns: 0,
            };
            for &lead in &castles {
                let LeadKind::Castle(side) = lead.kind else {
                    continue;
                };
                // The reach sets hold for the chains after castling: the squares it fills and
                // empties are on the back rank, where no line passes them to reach a square
                // that waits for a follower. The king has moved: every chain is tested.
                let (king_from, rook_from, king_to, rook_to) = Castling::squares(us, side);
                castled.visited |= Bitboard::from_square(king_from).with(rook_from);
                let number = |sq: Square, role: Role| {
                    let mut bits = kind[role.index()];
                    while bits != 0 {
                        let i = bits.trailing_zeros() as usize & 15;
                        if square_of[i] == sq {
                            return units[role.index()].contains(sq).then_some(i);
                        }
                        bits &= bits - 1;
                    }
                    None
                };
                let (Some(k), Some(r)) = (number(king_from, Role::King), number(rook_from, Role::Rook))
                else {
                    continue;
                };
                let unmoved = everyone & !(1 << k) & !(1 << r);
                let after = occ
                    .without(king_from)
                    .without(rook_from)
                    .with(king_to)
                    .with(rook_to);
                let mut safe = |occ: Bitboard| {
                    let (attackers, seen) = threats.on_seen(king_to, occ);
                    castled.seen |= seen;
                    u64::from(attackers.is_empty())
                };
                let near = [
                    kept.reach[king_from.index()] & unmoved,
                    kept.reach[rook_from.index()] & unmoved,
                ];
                if near[0] | near[1] == 0 {
                    castled.turns += safe(after);
                    continue;
                }
                // The first follower: of the weakest kind that reaches either square, to
                // either.
                let first = walk.weakest(near[0] | near[1]);
                for (filled, near) in [king_from, rook_from].into_iter().zip(near) {
                    let mut found = first & near;
                    while found != 0 {
                        let j = found.trailing_zeros() as usize & 15;
                        found &= found - 1;
                        walk.reset(Bitboard::EMPTY);
                        walk.branch::<false>(
                            &kept.reach,
                            unmoved & !(1 << j),
                            square_of[j],
                            1,
                            None,
                            Steps::NONE,
                        );
                        for leaf in &walk.risky {
                            castled.turns +=
                                u64::from(leaf.mult) * safe(after.with(filled).without(leaf.vacated));
                        }
                        castled.visited |= walk.visited;
                    }
                }
            }
            kept.castles = castles;
            total += castled.turns;
            kept.castled = castled;
        }
    }
    scratch.levels[l].risky = walk.risky;
    total
}

/// The squares where a unit of ours stops every one of `attackers` from attacking `king`: by
/// taking it or standing in its line (all squares when there are none).
#[inline]
fn stoppers(king: Square, attackers: Bitboard) -> Bitboard {
    let between = attacks::between_table();
    let mut cover = Bitboard::ALL;
    for a in attackers {
        cover &= Bitboard(between[king.index()][a.index()]).with(a);
    }
    cover
}

/// Counts the chains whose turn leaves the mover's king unattacked, each promotion choice
/// of a follower as four (the kinds of moved units never matter at the last ply).
struct LegalEnds;

impl chain::Recorder for LegalEnds {
    const EACH_PROMOTION: bool = false;

    fn end(&mut self, pos: &mut Position) -> u64 {
        u64::from(!pos.board.king_attacked(pos.turn))
    }
}

/// Plays a kept chain on `child` behind the leader on `from`, which is lifted off and then
/// lands on each of `dests` in turn (taking what stands there); counts the turns of each
/// position after it where the king is safe (tested for each destination if the king leads,
/// and once for the chain if it is `risky`), and takes it all back.
fn play_chain(
    child: &mut Position,
    rules: Rules,
    leaf: Leaf,
    (from, dests): (Square, Bitboard),
    (king_leads, risky): (bool, bool),
    (square_of, role_of): (&[Square; 16], &[Role; 16]),
    scratch: &mut Scratch,
) -> u64 {
    let us = child.turn;
    let Some(lifted) = step::lift_lead(child, from) else {
        return 0;
    };
    // The square each follower steps to: the leader's, then the one the last follower left.
    let to = |k: usize| {
        if k == 0 {
            from
        } else {
            square_of[leaf.steps.get(k - 1)]
        }
    };
    for k in 0..leaf.steps.len() {
        let j = leaf.steps.get(k);
        step::make_follow(child, square_of[j], to(k), role_of[j]);
    }
    // Where the leader may land with the king safe, if it stays where the chain left it: the
    // leader can only block a line or take an attacker (and a unit it takes is replaced by
    // it, which opens no line).
    let cover = match child.board.king_of(us) {
        Some(king) if risky && !king_leads => stoppers(
            king,
            child.board.attackers(king, us.other(), child.board.occupied()),
        ),
        _ => Bitboard::ALL,
    };
    let mut n = 0;
    for dest in dests {
        let landed = step::land_lead(child, &lifted, from, dest);
        if cover.contains(dest) && !(king_leads && child.board.king_attacked(us)) {
            let fullmoves = step::finish_turn(child);
            n += count_grolman(child, rules, scratch);
            step::unfinish_turn(child, fullmoves);
        }
        step::unland_lead(child, dest, &landed);
    }
    for k in (0..leaf.steps.len()).rev() {
        child.board.shift(to(k), square_of[leaf.steps.get(k)]);
    }
    step::unlift_lead(child, from, &lifted);
    n
}

/// What Grolman perft keeps from one position to the next, for the last ply (`levels[0]`)
/// and the one above it (`levels[1]`).
#[derive(Default)]
pub(super) struct Scratch {
    levels: [Kept; 2],
}

/// What the counter keeps from one position to the next: the numbering of our units; each
/// unit's moves, until a change on a square that decided them; the chains walked, each
/// leader's kept until a reach set of a square its chains vacate changes, or until our units
/// are no longer among those numbered; the sums of the usual pass; the verdicts on chains
/// that moved the king, until a change on a square that decided them; and the castling
/// turns.
pub(super) struct Kept {
    /// The squares of the units numbered, by kind (a position's own may lack some).
    units: [Bitboard; 6],
    /// The square and kind of each number; the numbers of each kind run from `blocks[kind]`
    /// to `blocks[kind + 1]`, weakest kind first (`kind` holds them as sets of bits).
    square_of: [Square; 16],
    role_of: [Role; 16],
    kind: [u32; 6],
    blocks: [u8; 7],
    /// The numbers of each number's kind, as a set of bits (`kind` of its kind).
    same: [u32; 16],
    /// Each unit's moves (see [`Kept::moves`]), and the units with a leading move; `reach`
    /// holds the units that reach each square (`defends` turned around; a spare 65th entry
    /// takes the changes of an empty set in `Kept::moves`).
    defends: [Bitboard; 16],
    reach: [u32; 65],
    targets: [Bitboard; 16],
    seen_by: [Bitboard; 16],
    leaders: u32,
    /// The leaders whose sums in the usual pass hold (`usual`, 0 for a unit that does not
    /// lead, and `usual_sum` their total), and those of them with more to count (`special`).
    summed: u32,
    usual: [u64; 16],
    usual_sum: u64,
    special: u32,
    /// The turns the usual pass counted apart for each of those (`special_turns`), which hold
    /// while it keeps its sums and the verdicts their epoch (`special_held`, and `held_sum`
    /// their total).
    special_turns: [u64; 16],
    special_held: u32,
    held_sum: u64,
    /// The leaders whose chains are in `chains`.
    walked: u32,
    /// The squares each leader's chains vacate, its own included.
    visited: [Bitboard; 16],
    /// The chains of each leader (by number) landing on a square that blocks a follower's
    /// line.
    blocked: [Vec<Blocked>; 16],
    chains: [Chains; 16],
    leaves: Vec<Leaf>,
    /// The verdict on each kept chain that moved the king (by its place in `leaves`): the
    /// leader's destinations that leave the king safe.
    verdicts: Vec<Bitboard>,
    /// Verdicts are kept by leader (not in check, nothing pinned): those renewed in its
    /// `epoch` hold while none of the squares that decided them (`seen`) changes, and then
    /// the epoch moves on. `live` holds the leaders with such squares.
    epoch: [u64; 16],
    seen: [Bitboard; 16],
    live: u32,
    /// The epoch of the verdicts on each leader's chains (`chains`), the destinations they
    /// were last summed for (for a king that leads, none other was judged), and the sum.
    judged: [u64; 16],
    tried: [Bitboard; 16],
    turns: [u64; 16],
    /// The units of the last position counted: by kind, and the white ones; and the side
    /// numbered.
    contents: [Bitboard; 7],
    us: Color,
    /// Room for the chains a walk finds.
    risky: Vec<Leaf>,
    /// Room for the castlings of a position.
    castles: Vec<Lead>,
    /// The castlings counted last.
    castled: Castled,
}

impl Default for Kept {
    fn default() -> Kept {
        Kept {
            units: [Bitboard::EMPTY; 6],
            square_of: [Square::A1; 16],
            role_of: [Role::Pawn; 16],
            kind: [0; 6],
            blocks: [0; 7],
            same: [0; 16],
            defends: [Bitboard::EMPTY; 16],
            reach: [0; 65],
            targets: [Bitboard::EMPTY; 16],
            seen_by: [Bitboard::EMPTY; 16],
            leaders: 0,
            summed: 0,
            usual: [0; 16],
            usual_sum: 0,
            special: 0,
            special_turns: [0; 16],
            special_held: 0,
            held_sum: 0,
            walked: 0,
            visited: [Bitboard::EMPTY; 16],
            blocked: std::array::from_fn(|_| Vec::new()),
            chains: std::array::from_fn(|_| Chains::default()),
            leaves: Vec::new(),
            verdicts: Vec::new(),
            epoch: [1; 16],
            seen: [Bitboard::EMPTY; 16],
            live: 0,
            judged: [0; 16],
            tried: [Bitboard::EMPTY; 16],
            turns: [0; 16],
            contents: [Bitboard::EMPTY; 7],
            us: Color::White,
            risky: Vec::new(),
            castles: Vec::new(),
            castled: Castled::default(),
        }
    }
}

impl Kept {
    /// Numbers `units`, the units of `us` (by kind): each keeps its number if it stands where
    /// a unit of its kind was numbered, or takes the number of one no longer here. Returns
    /// whether all had to be numbered afresh (as when the other side was numbered), and the
    /// squares whose number changed hands.
    #[inline]
    fn number(&mut self, us: Color, units: &[Bitboard; 6]) -> (bool, Bitboard) {
        if us != self.us {
            self.us = us;
            return (true, self.renumber(units));
        }
        let mut renumbered = Bitboard::EMPTY;
        for (r, now) in units.iter().enumerate() {
            let mut new = *now & !self.units[r];
            if new.is_empty() {
                continue;
            }
            let gone = self.units[r] & !*now;
            if new.count() > gone.count() {
                return (true, self.renumber(units));
            }
            for sq in &mut self.square_of[usize::from(self.blocks[r])..usize::from(self.blocks[r + 1])] {
                if let (true, Some(to)) = (gone.contains(*sq), new.first()) {
                    renumbered |= Bitboard::from_square(*sq).with(to);
                    self.units[r] = self.units[r].without(*sq).with(to);
                    new.clear(to);
                    *sq = to;
                }
            }
        }
        (false, renumbered)
    }

    /// Numbers `units` afresh, weakest kind first (16 at most).
    fn renumber(&mut self, units: &[Bitboard; 6]) -> Bitboard {
        let mut n = 0;
        self.kind = [0; 6];
        for (r, now) in units.iter().enumerate() {
            self.blocks[r] = n as u8;
            for sq in *now {
                if n < 16 {
                    self.square_of[n] = sq;
                    self.role_of[n] = Role::ALL[r];
                    self.kind[r] |= 1 << n;
                    n += 1;
                }
            }
        }
        self.blocks[6] = n as u8;
        for (same, role) in self.same.iter_mut().zip(&self.role_of).take(n) {
            *same = self.kind[role.index()];
        }
        self.units = *units;
        Bitboard::ALL
    }

    /// Kept chains past which all are dropped at the next change (when some reach sets
    /// change, the chains walked again are added and the stale ones left in place). Few
    /// enough to stay in the nearest cache (8 KB, and 4 KB of verdicts): with 4096, as many
    /// instructions but 3 % slower on Kiwipete when the other core is busy.
    const LEAVES: usize = 512;

    /// Keeps the chains a walk found, those that moved the king first.
    #[inline(never)]
    fn keep(&mut self, walk: &Walk) -> Chains {
        let start = self.leaves.len() as u32;
        if let [leaf] = walk.risky[..] {
            // The usual case: one chain.
            self.leaves.push(leaf);
            self.verdicts.push(Bitboard::EMPTY);
            let mid = start + u32::from(leaf.king.is_some());
            return Chains {
                kings: start..mid,
                others: mid..start + 1,
                plain: u64::from(leaf.mult) * u64::from(leaf.king.is_none()),
                ends: Bitboard(u64::from(leaf.king.is_none()) << leaf.vacated.index()),
                sensitive: walk.sensitive,
                promotes: leaf.mult > 1,
            };
        }
        let (mut plain, mut most, mut ends) = (0, 0, Bitboard::EMPTY);
        self.leaves.extend(walk.risky.iter().filter(|l| l.king.is_some()));
        let mid = self.leaves.len() as u32;
        for leaf in &walk.risky {
            most = most.max(leaf.mult);
            if leaf.king.is_none() {
                self.leaves.push(*leaf);
                plain += u64::from(leaf.mult);
                ends.set(leaf.vacated);
            }
        }
        self.verdicts.resize(self.leaves.len(), Bitboard::EMPTY);
        Chains {
            kings: start..mid,
            others: mid..self.leaves.len() as u32,
            plain,
            ends,
            sensitive: walk.sensitive,
            promotes: most > 1,
        }
    }

    /// The squares whose unit differs in `board` from the last position counted (all of them
    /// if the other side was to move there); drops the verdicts they decided.
    #[inline]
    fn moved_on(&mut self, board: &Board, us: Color) -> Bitboard {
        let mut now = [board.by_color(Color::White); 7];
        for role in Role::ALL {
            now[role.index()] = board.by_role(role);
        }
        let mut changed = Bitboard::EMPTY;
        for (then, now) in self.contents.iter().zip(&now) {
            changed |= *then ^ *now;
        }
        if us != self.us {
            changed = Bitboard::ALL;
        }
        self.contents = now;
        if (self.castled.seen & changed).any() {
            self.castled.rights = None;
        }
        let mut dropped = 0u32;
        for (i, seen) in self.seen.iter().enumerate() {
            dropped |= u32::from((*seen & changed).any()) << i;
        }
        dropped &= self.live;
        while dropped != 0 {
            self.drop_verdicts(dropped.trailing_zeros() as usize & 15);
            dropped &= dropped - 1;
        }
        changed
    }

    /// Ends the epoch of leader `i`'s verdicts.
    fn drop_verdicts(&mut self, i: usize) {
        self.epoch[i] += 1;
        self.release(i);
        self.seen[i] = Bitboard::EMPTY;
        self.live &= !(1 << i);
    }

    /// Takes leader `i`'s turns counted apart out of their running total, if they are in it.
    #[inline]
    fn release(&mut self, i: usize) {
        let held = u64::from((self.special_held >> i) & 1);
        self.held_sum = self.held_sum.wrapping_sub(self.special_turns[i] * held);
        self.special_held &= !(1 << i);
    }

    /// Sets unit `i`'s moves: the own squares it reaches, the squares it may lead to, and
    /// the squares that decided them. Returns the own squares whose reach sets changed, and
    /// whether the squares it may lead to did.
    #[inline]
    fn moves(&mut self, i: usize, defends: Bitboard, targets: Bitboard, seen: Bitboard) -> (Bitboard, bool) {
        let redefended = self.defends[i] ^ defends;
        // Mostly none or one or two squares: those two without a branch (an empty set
        // changes only the spare entry after the 64 squares), the rest in a loop.
        let mut rest = redefended.0;
        for _ in 0..2 {
            self.reach[rest.trailing_zeros() as usize] ^= 1 << i;
            rest &= rest.wrapping_sub(1);
        }
        while rest != 0 {
            self.reach[rest.trailing_zeros() as usize] ^= 1 << i;
            rest &= rest - 1;
        }
        self.defends[i] = defends;
        let retargeted = self.targets[i] != targets;
        self.targets[i] = targets;
        self.seen_by[i] = seen;
        self.leaders = (self.leaders & !(1 << i)) | (u32::from(targets.any()) << i);
        // A unit without a leading move counts nothing in the usual pass.
        let kept = self.usual[i] & 0u64.wrapping_sub(u64::from(targets.any()));
        self.usual_sum = self.usual_sum.wrapping_sub(self.usual[i] - kept);
        self.usual[i] = kept;
        (redefended, retargeted)
    }

    /// The legal turns of leader `i`'s kept chains that moved the king, with each destination
    /// in `dests`: from the kept verdicts, which `verdict` renews when they no longer hold.
    fn judge(
        &mut self,
        i: usize,
        chains: &Chains,
        dests: Bitboard,
        king_leads: bool,
        verdict: impl Fn(&Leaf, Bitboard, bool) -> (Bitboard, Bitboard),
    ) -> u64 {
        let held = self.judged[i] == self.epoch[i];
        if held && dests == self.tried[i] {
            return self.turns[i];
        }
        let kings = chains.kings.start as usize..chains.kings.end as usize;
        let (leaves, verdicts) = (&self.leaves[kings.clone()], &mut self.verdicts[kings]);
        if !held || (king_leads && (dests & !self.tried[i]).any()) {
            let mut seen = Bitboard::EMPTY;
            for (leaf, kept) in leaves.iter().zip(verdicts.iter_mut()) {
                let decided;
                (*kept, decided) = verdict(leaf, dests, king_leads);
                seen |= decided;
            }
            self.seen[i] |= seen;
            self.live |= 1 << i;
            self.judged[i] = self.epoch[i];
        }
        let mut tally = Tally::default();
        for (leaf, kept) in leaves.iter().zip(verdicts.iter()) {
            tally.add(leaf.mult, *kept, dests);
        }
        self.tried[i] = dests;
        self.turns[i] = tally.total(dests);
        self.turns[i]
    }

    /// The legal turns of leader `i`'s blocked chains `k` that moved the king, from the kept
    /// verdict on them, which `verdict` renews when it no longer holds.
    fn judge_blocked(
        &mut self,
        i: usize,
        k: usize,
        king_leads: bool,
        verdict: impl Fn(&Leaf, Bitboard, bool) -> (Bitboard, Bitboard),
    ) -> u64 {
        let blocked = &self.blocked[i][k];
        if blocked.judged == self.epoch[i] {
            return blocked.turns;
        }
        let to = Bitboard::from_square(blocked.to);
        let kings = blocked.chains.kings.start as usize..blocked.chains.kings.end as usize;
        let (mut tally, mut seen) = (Tally::default(), Bitboard::EMPTY);
        for leaf in &self.leaves[kings] {
            let (kept, decided) = verdict(leaf, to, king_leads);
            tally.add(leaf.mult, kept, to);
            seen |= decided;
        }
        let turns = tally.total(to);
        self.seen[i] |= seen;
        self.live |= 1 << i;
        let blocked = &mut self.blocked[i][k];
        blocked.judged = self.epoch[i];
        blocked.turns = turns;
        turns
    }
}

/// The finished chains behind one leader, as ranges of `Scratch::leaves`.
#[derive(Default, Clone)]
struct Chains {
    /// Those that moved the king.
    kings: core::ops::Range<u32>,
    others: core::ops::Range<u32>,
    /// How many of the others there are (promotion choices counted), and the squares they
    /// empty.
    plain: u64,
    ends: Bitboard,
    /// The squares whose occupancy decided a follower.
    sensitive: Bitboard,
    /// Whether a follower promotes in some of them.
    promotes: bool,
}

/// The legal castling turns of a position with our castling `rights` (king's side, queen's
/// side); they hold while the squares that decided them (`seen`) keep their units and no
/// reach set of a square their chains vacate (`visited`) changes. `rights` is `None` when
/// they no longer hold.
#[derive(Default)]
struct Castled {
    rights: Option<[bool; 2]>,
    seen: Bitboard,
    visited: Bitboard,
    turns: u64,
}

/// A leader's chains when it lands on `to`, a square that blocks a follower's line; the epoch
/// of the verdict on them, and the legal turns it found.
struct Blocked {
    to: Square,
    chains: Chains,
    judged: u64,
    turns: u64,
}

/// A sum of legal turns over chains, from their verdicts.
#[derive(Default)]
struct Tally {
    /// The turns of the chains whose king is safe wherever the leader goes, to be multiplied
    /// once by the number of destinations.
    safe: u64,
    turns: u64,
}

impl Tally {
    #[inline]
    fn add(&mut self, mult: u32, verdict: Bitboard, dests: Bitboard) {
        if verdict == Bitboard::ALL {
            self.safe += u64::from(mult);
        } else {
            self.turns += u64::from(mult) * u64::from((dests & verdict).count());
        }
    }

    #[inline]
    fn total(&self, dests: Bitboard) -> u64 {
        self.turns + self.safe * u64::from(dests.count())
    }
}

/// One finished chain: the square left empty, where the king went if it moved, how many
/// turns it stands for (a follower's promotion choices) and its followers.
#[derive(Clone, Copy)]
pub(super) struct Leaf {
    vacated: Square,
    king: Option<Square>,
    mult: u32,
    steps: Steps,
}

/// The followers of a chain in order, by number: four bits each from the lowest, and their
/// count in the top four bits (a chain has at most 15).
#[derive(Clone, Copy, Default)]
struct Steps(u64);

impl Steps {
    const NONE: Steps = Steps(0);

    #[inline]
    fn then(self, unit: usize) -> Steps {
        let len = self.0 >> 60;
        Steps((self.0 + (1 << 60)) | ((unit as u64 & 15) << (4 * len)))
    }

    #[inline]
    fn len(self) -> usize {
        (self.0 >> 60) as usize
    }

    /// The `k`th follower.
    #[inline]
    fn get(self, k: usize) -> usize {
        (self.0 >> (4 * k)) as usize & 15
    }
}

/// The chains behind a leader. Units are sets of bits, numbered as in [`count_grolman`].
struct Walk<'a> {
    /// [`attacks::between`] by table.
    between: &'static [[u64; 64]; 64],
    square_of: &'a [Square; 16],
    /// The units of each kind, and of each unit's kind.
    kind: [u32; 6],
    same: &'a [u32; 16],
    last_rank: Bitboard,
    /// A square the leader landed on, which no follower may cross.
    block: Bitboard,
    // What `explore` found: every finished chain, and the squares whose occupancy decided a
    // follower (a leader landing there is counted apart).
    risky: Vec<Leaf>,
    sensitive: Bitboard,
    /// The squares vacated on the way.
    visited: Bitboard,
}

impl Walk<'_> {
    fn reset(&mut self, block: Bitboard) {
        self.risky.clear();
        self.visited = Bitboard::EMPTY;
        self.sensitive = Bitboard::EMPTY;
        self.block = block;
    }

    #[inline]
    fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a.index()][b.index()])
    }

    /// The weakest units among `candidates` (not empty): those of the kind of the lowest.
    #[inline]
    fn weakest(&self, candidates: u32) -> u32 {
        candidates & self.same[candidates.trailing_zeros() as usize & 15]
    }

    /// [`Walk::explore`] behind one follower of a tie.
    #[inline(never)]
    fn branch<const BLOCKED: bool>(
        &mut self,
        reach: &[u32; 65],
        unmoved: u32,
        v: Square,
        mult: u32,
        king: Option<Square>,
        steps: Steps,
    ) {
        self.explore::<BLOCKED>(reach, unmoved, v, mult, king, steps);
    }

    /// Walks every chain from the vacated square `v`, given who reaches each square; a forced
    /// step loops, a tie branches.
    #[inline(always)]
    fn explore<const BLOCKED: bool>(
        &mut self,
        reach: &[u32; 65],
        mut unmoved: u32,
        mut v: Square,
        mut mult: u32,
        mut king: Option<Square>,
        mut steps: Steps,
    ) {
        loop {
            self.visited.set(v);
            let mut candidates = reach[v.index()] & unmoved;
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
                self.risky.push(Leaf {
                    vacated: v,
                    king,
                    mult,
                    steps,
                });
                return;
            }
            let found = self.weakest(candidates);
            let is = |role: Role| found & self.kind[role.index()] != 0;
            // A pawn following onto its last rank promotes: four choices.
            let promotes = is(Role::Pawn) & self.last_rank.contains(v);
            mult <<= 2 * u32::from(promotes);
            if is(Role::King) {
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
                    self.branch::<BLOCKED>(reach, unmoved & !(1 << j), from, mult, king, steps.then(j));
                }
                return;
            }
            let weakest = found.trailing_zeros() as usize;
            let from = self.square_of[weakest & 15];
            self.sensitive |= self.between(v, from);
            v = from;
            unmoved &= !(1 << weakest);
            steps = steps.then(weakest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// A leader landing on a follower's line has its chains walked again with that square
    /// blocked, and kept: counting the same position over and over finds them, and keeps the
    /// scratch space the same size.
    #[test]
    fn blocked_chains_are_kept_once() {
        // The queen may land on b1 or c1, across the line of the rook that follows it to d1;
        // so may the rook, across the line of the queen that follows it to a1.
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R2QK3 w - - 0 1").expect("fen");
        let rules = Rules::new(Variant::Grolman);
        let mut scratch = Scratch::default();
        let first = count_grolman(&pos, rules, &mut scratch);
        let kept = scratch.levels[0].leaves.len();
        for _ in 0..10 {
            assert_eq!(count_grolman(&pos, rules, &mut scratch), first);
        }
        assert_eq!(scratch.levels[0].leaves.len(), kept);
        assert_eq!(scratch.levels[0].blocked.iter().map(Vec::len).sum::<usize>(), 4);
    }
}
