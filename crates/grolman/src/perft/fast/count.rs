//! The last two plies of Grolman perft: the legal turns of a position counted without playing
//! them ([`count_grolman`]), and the turns of the position above played from the same kind of
//! kept chains ([`expand()`]). How and what is kept from one position to the next is written at
//! the top of `fast/mod.rs`.

use super::castling;
use super::expand;
use super::kept::{Blocked, LeaderChains, Scratch};
use super::plies::{play_lead, Safety};
use super::walk::{Chain, Steps, Walk};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Attackers;
use crate::movegen::{Lead, LeadKind};
use crate::position::Position;
use crate::step;
use crate::types::{Color, Role, Square};
use crate::variant::Rules;

/// The number of legal Grolman turns, without building the positions after them (see
/// `fast/mod.rs`).
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

/// What a count knows of its position, worked out once.
pub(super) struct Facts<'p> {
    pub(super) pos: &'p Position,
    pub(super) rules: Rules,
    pub(super) us: Color,
    pub(super) king: Square,
    pub(super) occ: Bitboard,
    pub(super) own: Bitboard,
    pub(super) enemy: Bitboard,
    /// Our pawns, and those about to promote (they lead four times over).
    pub(super) pawns: Bitboard,
    pub(super) promoting: Bitboard,
    /// Our units by kind.
    pub(super) units: [Bitboard; 6],
    /// The squares that alone block a line between our king and an enemy slider.
    pub(super) pinned: Bitboard,
    /// Who attacks a square, the enemy's units sorted once.
    pub(super) threats: Attackers,
    pub(super) safety: Safety,
    /// The leader's destinations that answer a check (all when not in check): those that
    /// take the checker or block its line.
    pub(super) answers: Bitboard,
    /// The plies left below the turns played out (en passant, castling, promotions).
    pub(super) depth: u32,
}

impl<'p> Facts<'p> {
    /// The facts of `pos`, whose turns are counted with `depth - 1` plies below them; `None`
    /// when the side to move has no king (no legal turn).
    #[inline(always)]
    fn of(pos: &'p Position, rules: Rules, depth: u32) -> Option<Facts<'p>> {
        let board = pos.board();
        let us = pos.turn();
        let them = us.other();
        let king = board.king_of(us)?;
        let occ = board.occupied();
        let own = board.by_color(us);
        let lines = board.lines_to(king, them);
        let threats = Attackers::of(board, them);
        let checkers = threats.on(king, occ);
        let pawns = board.by_role(Role::Pawn) & own;
        Some(Facts {
            pos,
            rules,
            us,
            king,
            occ,
            own,
            enemy: board.by_color(them),
            pawns,
            promoting: pawns & Bitboard::rank((us.last_rank() as i8 - us.forward() / 8) as u8),
            units: Role::ALL.map(|r| board.by_role(r) & own),
            pinned: lines.pinned,
            safety: Safety {
                king: Some(king),
                in_check: checkers.any(),
                occupied: occ,
                danger: lines.danger,
            },
            answers: stoppers(king, checkers),
            threats,
            depth,
        })
    }

    /// The verdict on a chain that might expose the king, with the squares whose contents
    /// decided it: the leader's destinations (among `dests` when the king leads) that leave
    /// the king unattacked.
    #[inline]
    pub(super) fn verdict(&self, chain: &Chain, dests: Bitboard, king_leads: bool) -> (Bitboard, Bitboard) {
        let occ = self.occ.without(chain.vacated);
        if king_leads {
            let (mut safe, mut seen) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for to in dests {
                let (attackers, decided) = self.threats.on_seen(to, occ);
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
        let king = chain.king.unwrap_or(self.king);
        let (attackers, seen) = self.threats.on_seen(king, occ);
        (stoppers(king, attackers), seen)
    }
}

/// [`count_grolman`], or with `EXPAND` [`expand()`]: one set-up for both, at their own level of
/// `scratch`.
#[inline(always)]
fn run<const EXPAND: bool>(pos: &Position, rules: Rules, scratch: &mut Scratch) -> u64 {
    let l = usize::from(EXPAND);
    let Some(facts) = Facts::of(pos, rules, 1 + u32::from(EXPAND)) else {
        return 0;
    };
    let kept = &mut scratch.levels[l];
    let changed = kept.moved_on(pos.board(), facts.us);
    let (renumber, renumbered) = kept.number(facts.us, &facts.units);
    let (reach_changed, retargeted) =
        kept.refresh_moves(&facts, (changed | renumbered, renumbered, renumber));
    kept.drop_stale(renumber, reach_changed, retargeted);
    let (square_of, role_of, same_kind) = (kept.square_of, kept.role_of, kept.same_kind);
    let mut walk = Walk {
        between: attacks::between_table(),
        square_of: &square_of,
        role_of: &role_of,
        same_kind: &same_kind,
        last_rank: facts.us.last_rank(),
        block: None,
        ends: std::mem::take(&mut kept.ends),
        sensitive: Bitboard::EMPTY,
        visited: Bitboard::EMPTY,
    };
    // The units with a leading move (other than en passant).
    let leaders = kept.leaders & kept.everyone();
    let mut total = en_passant::<EXPAND>(&facts, scratch);
    walk_unwalked(&mut walk, scratch, l, leaders);
    if EXPAND {
        total += expand::turns(&facts, scratch, leaders);
        total += expand::castles(&facts, scratch);
    } else {
        let last = &mut scratch.levels[0];
        // Usually (not in check) only the chains that moved the king, or that end by emptying
        // a pinned square, can expose it: the plain pass sums the others, the few leaders with
        // more to count are counted apart, and the chains that empty a pinned square are
        // taken back where they expose the king.
        let apart = if facts.safety.in_check {
            leaders
        } else {
            let (plain, apart) = plain_pass(&facts, last, leaders);
            total += plain;
            apart
        };
        total += count_apart(&facts, last, &mut walk, apart);
        if facts.pinned.any() {
            total -= exposing(&facts, last, leaders);
        }
        total += castling::turns(&facts, last, &mut walk);
        last.debug_check_totals();
    }
    scratch.levels[l].ends = walk.ends;
    total
}

/// The turns led by taking en passant, which empties two squares: played out, on a copy of
/// the position at the last ply, and as the general way above it.
#[inline(always)]
fn en_passant<const EXPAND: bool>(facts: &Facts<'_>, scratch: &mut Scratch) -> u64 {
    let pos = facts.pos;
    let Some(ep) = pos.ep_square() else { return 0 };
    let takers = attacks::pawn_attacks(facts.us.other(), ep) & facts.pawns;
    if takers.is_empty() {
        return 0;
    }
    let mut total = 0;
    let mut played = pos.clone();
    for from in takers {
        let lead = Lead {
            from,
            to: ep,
            promotion: None,
            kind: LeadKind::EnPassant,
        };
        if EXPAND {
            total += play_lead(pos, facts.rules, &facts.safety, lead, facts.depth, scratch);
        } else {
            let made = step::make_lead(&mut played, lead);
            let moved = Bitboard::from_square(ep);
            total += crate::chain::walk(&mut played, moved, [Some(from), None], &mut LegalEnds);
            step::unmake_lead(&mut played, lead, &made);
        }
    }
    total
}

/// Walks the chains behind the `leaders` of level `l` that the kept ones do not cover, each
/// with its leader lifted off the board, and keeps them.
#[inline(always)]
fn walk_unwalked(walk: &mut Walk<'_>, scratch: &mut Scratch, l: usize, leaders: u32) {
    let kept = &mut scratch.levels[l];
    let everyone = kept.everyone();
    let mut unwalked = leaders & !kept.walked;
    while unwalked != 0 {
        let i = unwalked.trailing_zeros() as usize & 15;
        unwalked &= unwalked - 1;
        let from = kept.square_of[i];
        walk.reset(None);
        let king = (kept.role_of[i] == Role::King).then_some(from);
        walk.chains::<false>(&kept.reached_by, everyone & !(1 << i), from, king, Steps::NONE);
        kept.chains[i] = kept.keep(walk);
        kept.visited[i] = walk.visited;
    }
    kept.walked |= leaders;
}

/// The turns of leader `i` (1 or 4 for its promotion choices) per chain and destination.
#[inline]
fn mult_of(facts: &Facts<'_>, square_of: &[Square; 16], i: usize) -> u64 {
    1u64 << (2 * u32::from(facts.promoting.contains(square_of[i])))
}

/// The plain pass (not in check): every chain that did not move the king, with each
/// destination that blocks no follower, summed per leader (sums kept while they hold, and
/// their running total); and the turns counted apart that still hold. Returns the turns, and
/// the leaders with turns to count apart again.
#[inline(always)]
fn plain_pass(facts: &Facts<'_>, kept: &mut super::kept::Kept, leaders: u32) -> (u64, u32) {
    let targets = kept.targets;
    // The leaders whose sums are worked out again.
    let resummed = leaders & !kept.plain_kept;
    let mut bits = resummed;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize & 15;
        bits &= bits - 1;
        let chains = &kept.chains[i];
        let dests = targets[i] & !chains.sensitive;
        let plain = mult_of(facts, &kept.square_of, i) * chains.plain * u64::from(dests.count());
        kept.plain_total = kept
            .plain_total
            .wrapping_add(plain.wrapping_sub(kept.plain_turns[i]));
        kept.plain_turns[i] = plain;
        let more = !chains.king_moved.is_empty() | (targets[i] & chains.sensitive).any();
        kept.apart = (kept.apart & !(1 << i)) | (u32::from(more) << i);
    }
    kept.plain_kept |= leaders;
    let apart = kept.apart & leaders;
    // A leader's turns counted apart hold while its chains, its moves and the epoch of its
    // verdicts do. Their sum is kept (`apart_total`); those that no longer hold for other
    // reasons than a dropped epoch (rarely any) are taken out of it here.
    let mut lapsed = kept.apart_kept & !(apart & !resummed);
    while lapsed != 0 {
        kept.release(lapsed.trailing_zeros() as usize & 15);
        lapsed &= lapsed - 1;
    }
    (
        kept.plain_total.wrapping_add(kept.apart_total),
        apart & !kept.apart_kept,
    )
}

/// The turns of the leaders `apart` that the plain pass does not count (all of a leader's in
/// check): the chains that moved the king, from their verdicts; in check the others with each
/// destination that answers it; and each destination that blocks a follower's line, with
/// the chains walked again with that square blocked (kept as the others). Kept for the next
/// position when not in check.
#[inline(always)]
fn count_apart(facts: &Facts<'_>, kept: &mut super::kept::Kept, walk: &mut Walk<'_>, mut apart: u32) -> u64 {
    let plain_pass = !facts.safety.in_check;
    let everyone = kept.everyone();
    let verdict = |chain: &Chain, dests: Bitboard, king_leads: bool| facts.verdict(chain, dests, king_leads);
    let mut total = 0;
    while apart != 0 {
        let i = apart.trailing_zeros() as usize & 15;
        apart &= apart - 1;
        let (from, targets) = (kept.square_of[i], kept.targets[i]);
        let mut turns = 0;
        let king_leads = kept.role_of[i] == Role::King;
        let chains = kept.chains[i].clone();
        let dests = targets & !chains.sensitive;
        if !plain_pass {
            turns += chains.plain * u64::from((dests & facts.answers).count());
        }
        turns += kept.judge(i, &chains, dests, king_leads, verdict);
        // A leader landing on a square that some follower's line crosses blocks it.
        let unmoved = everyone & !(1 << i);
        let king_at = king_leads.then_some(from);
        for to in targets & chains.sensitive {
            let k = match kept.blocked[i].iter().position(|b| b.to == to) {
                Some(k) => k,
                None => {
                    walk.reset(Some(to));
                    walk.chains_apart::<true>(&kept.reached_by, unmoved, from, king_at, Steps::NONE);
                    let blocked_chains = kept.keep(walk);
                    kept.visited[i] |= walk.visited;
                    kept.blocked[i].push(Blocked {
                        to,
                        chains: blocked_chains,
                        judged: 0,
                        turns: 0,
                    });
                    kept.blocked[i].len() - 1
                }
            };
            let plain = kept.blocked[i][k].chains.plain * u64::from(facts.answers.contains(to));
            turns += plain + kept.judge_blocked(i, k, king_leads, verdict);
        }
        turns *= mult_of(facts, &kept.square_of, i);
        total += turns;
        if plain_pass {
            kept.apart_turns[i] = turns;
            kept.apart_kept |= 1 << i;
            kept.apart_total = kept.apart_total.wrapping_add(turns);
        }
    }
    total
}

/// The turns counted above whose chain empties a pinned square and so exposes the king: with
/// each destination off the line (or, for a leader landing on a follower's line, that
/// destination).
#[inline(always)]
fn exposing(facts: &Facts<'_>, kept: &super::kept::Kept, leaders: u32) -> u64 {
    let pinned = facts.pinned;
    let exposed_by = |chains: &LeaderChains, dests: Bitboard| -> u64 {
        let mut n = 0;
        if (chains.ends & pinned).any() {
            let stayed = chains.king_stayed.start as usize..chains.king_stayed.end as usize;
            for chain in &kept.kept_chains[stayed] {
                if pinned.contains(chain.vacated) {
                    let exposed = dests & facts.answers & !facts.verdict(chain, dests, false).0;
                    n += u64::from(chain.mult) * u64::from(exposed.count());
                }
            }
        }
        n
    };
    let mut lost = 0;
    let mut bits = leaders;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize & 15;
        bits &= bits - 1;
        let chains = &kept.chains[i];
        let targets = kept.targets[i];
        let mut by_leader = exposed_by(chains, targets & !chains.sensitive);
        for blocked in &kept.blocked[i] {
            if (targets & chains.sensitive).contains(blocked.to) {
                by_leader += exposed_by(&blocked.chains, Bitboard::from_square(blocked.to));
            }
        }
        lost += mult_of(facts, &kept.square_of, i) * by_leader;
    }
    lost
}

/// The squares where a unit of ours stops every one of `attackers` from attacking `king`: by
/// taking it or standing in its line (all squares when there are none).
#[inline]
pub(super) fn stoppers(king: Square, attackers: Bitboard) -> Bitboard {
    let mut cover = Bitboard::ALL;
    if attackers.is_empty() {
        return cover;
    }
    let between = attacks::between_table();
    for a in attackers {
        cover &= Bitboard(between[king.index()][a.index()]).with(a);
    }
    cover
}

/// Counts the chains whose turn leaves the mover's king unattacked, each promotion choice
/// of a follower as four (the kinds of moved units never matter at the last ply).
struct LegalEnds;

impl crate::chain::Recorder for LegalEnds {
    const EACH_PROMOTION: bool = false;

    fn end(&mut self, pos: &mut Position) -> u64 {
        u64::from(!pos.board.king_attacked(pos.turn))
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
        let kept = scratch.levels[0].kept_chains.len();
        for _ in 0..10 {
            assert_eq!(count_grolman(&pos, rules, &mut scratch), first);
        }
        assert_eq!(scratch.levels[0].kept_chains.len(), kept);
        assert_eq!(scratch.levels[0].blocked.iter().map(Vec::len).sum::<usize>(), 4);
    }
}
