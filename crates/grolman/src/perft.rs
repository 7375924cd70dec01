//! Counting turns to a fixed depth: the standard check of a move generator.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Units;
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
        (Variant::Grolman, 1) => count_grolman(pos, rules),
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

/// A placement without the mailbox: what counting needs, cheap to copy.
#[derive(Clone, Copy)]
struct Lite {
    color: [Bitboard; 2],
    role: [Bitboard; 6],
    occ: Bitboard,
}

impl Units for Lite {
    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.color[color.index()]
    }

    #[inline]
    fn by_role(&self, role: Role) -> Bitboard {
        self.role[role.index()]
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.occ
    }
}

impl Lite {
    fn of(board: &crate::Board) -> Lite {
        Lite {
            color: [board.by_color(Color::White), board.by_color(Color::Black)],
            role: Role::ALL.map(|r| board.by_role(r)),
            occ: board.occupied(),
        }
    }

    #[inline]
    fn shift(&mut self, from: Square, to: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.color[color.index()] ^= bb;
        self.role[role.index()] ^= bb;
        self.occ ^= bb;
    }
}

/// What stays fixed while counting the turns of one position.
struct Counting {
    us: Color,
    in_check: bool,
    /// Squares on a line between our king and an enemy slider aligned with it: emptying one
    /// of them may expose the king.
    danger: Bitboard,
    king: Square,
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
/// adds that sum, tests the few chains that might expose the king, or (when it blocks a
/// follower's line, or takes en passant, or castles) is played out in full.
fn count_grolman(pos: &Position, rules: Rules) -> u64 {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(king) = board.king_of(us) else { return 0 };
    let occ = board.occupied();
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let diag = (board.by_role(Role::Bishop) | board.by_role(Role::Queen)) & enemy;
    let ortho = (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & enemy;
    let mut danger = Bitboard::EMPTY;
    for s in (attacks::bishop_attacks(king, Bitboard::EMPTY) & diag)
        | (attacks::rook_attacks(king, Bitboard::EMPTY) & ortho)
    {
        danger |= attacks::between(king, s);
    }
    let ctx = Counting {
        us,
        in_check: board.attackers(king, them, occ).any(),
        danger,
        king,
    };
    // Who can reach each square of ours, on the board before the turn. During a chain the
    // occupancy is the original one less the square waiting for a follower, plus the leader's
    // destination; whether the waiting square itself is occupied does not change who reaches
    // it, so this holds throughout, except where the leader's destination blocks a line (a
    // `sensitive` square, counted apart).
    let mut reach = [Bitboard::EMPTY; 64];
    let pawns = board.by_role(Role::Pawn) & own;
    let forward = us.forward();
    let (one, two) = match us {
        Color::White => {
            let one = pawns.north();
            (one, (one & Bitboard::rank(2) & !occ).north())
        }
        Color::Black => {
            let one = pawns.south();
            (one, (one & Bitboard::rank(5) & !occ).south())
        }
    };
    for t in one & own {
        reach[t.index()].set(Square::new((t.u8() as i8 - forward) as u8));
    }
    for t in two & own {
        reach[t.index()].set(Square::new((t.u8() as i8 - 2 * forward) as u8));
    }
    // Each piece's moves, found once: onto our own units they are reach, elsewhere leads.
    let mut moves = [(Square::A1, Role::Pawn, Bitboard::EMPTY); 16];
    let mut n = 0;
    for from in own & !pawns {
        let Some(role) = board.role_at(from) else { continue };
        let targets = match role {
            Role::Pawn => continue,
            Role::Knight => attacks::knight_attacks(from),
            Role::Bishop => attacks::bishop_attacks(from, occ),
            Role::Rook => attacks::rook_attacks(from, occ),
            Role::Queen => attacks::queen_attacks(from, occ),
            Role::King => attacks::king_attacks(from),
        };
        for t in targets & own {
            reach[t.index()].set(from);
        }
        if let Some(slot) = moves.get_mut(n) {
            *slot = (from, role, targets & !own);
            n += 1;
        }
    }
    let mut walk = Walk {
        reach: &reach,
        roles: Role::ALL.map(|r| board.by_role(r) & own),
        risky_if: if ctx.in_check { Bitboard::ALL } else { danger },
        last_rank: us.last_rank(),
        safe: 0,
        risky: Vec::new(),
        sensitive: Bitboard::EMPTY,
    };
    let promoting = Bitboard::rank((us.last_rank() as i8 - forward / 8) as u8);
    let ep = pos.ep_square();
    let mut total = 0;
    let pawn_moves = pawns.into_iter().map(|from| {
        let mut t = attacks::pawn_attacks(us, from) & enemy;
        if let Some(one) = from.offset(forward).filter(|&s| !occ.contains(s)) {
            t.set(one);
            if from.rank() == us.pawn_rank() {
                if let Some(two) = one.offset(forward).filter(|&s| !occ.contains(s)) {
                    t.set(two);
                }
            }
        }
        (from, Role::Pawn, t)
    });
    for (from, role, targets) in pawn_moves.chain(moves.into_iter().take(n)) {
        let ep = ep.filter(|&ep| role == Role::Pawn && attacks::pawn_attacks(us, from).contains(ep));
        if targets.is_empty() && ep.is_none() {
            continue;
        }
        let mult = if role == Role::Pawn && promoting.contains(from) {
            4
        } else {
            1
        };
        let lead = |to: Square| Lead {
            from,
            to,
            promotion: (mult == 4).then_some(Role::Queen),
            kind: if enemy.contains(to) {
                LeadKind::Capture
            } else if role == Role::Pawn && to.u8().abs_diff(from.u8()) == 16 {
                LeadKind::DoubleStep
            } else {
                LeadKind::Quiet
            },
        };
        if let Some(ep) = ep {
            total += count_lead(
                &ctx,
                pos,
                Lead {
                    kind: LeadKind::EnPassant,
                    ..lead(ep)
                },
            );
        }
        walk.safe = 0;
        walk.risky.clear();
        walk.sensitive = Bitboard::EMPTY;
        let king_leads = role == Role::King;
        walk.explore(own.without(from), from, 1, king_leads.then_some(from));
        let plain = targets & !walk.sensitive;
        for to in targets & walk.sensitive {
            total += count_lead(&ctx, pos, lead(to));
        }
        if !king_leads {
            total += mult * walk.safe * u64::from(plain.count());
        }
        for leaf in &walk.risky {
            for to in plain {
                // The leader stands on `to` (a unit it captured there no longer attacks).
                let occ = occ.without(leaf.vacated).with(to);
                let king = if king_leads { to } else { leaf.king.unwrap_or(king) };
                if (board.attackers(king, them, occ) & !Bitboard::from_square(to)).is_empty() {
                    total += mult * leaf.mult;
                }
            }
        }
    }
    if rules.castling_allowed()
        && (pos.castling().has(us, CastlingSide::King) || pos.castling().has(us, CastlingSide::Queen))
    {
        let mut castles = Vec::new();
        movegen::castles(pos, &mut castles);
        total += castles
            .into_iter()
            .map(|lead| count_lead(&ctx, pos, lead))
            .sum::<u64>();
    }
    total
}

/// One finished chain that might leave the king attacked: the square left empty, and where the
/// king went if it moved.
struct Leaf {
    vacated: Square,
    king: Option<Square>,
    mult: u64,
}

/// The chains behind one lifted leader.
struct Walk<'a> {
    /// Our units that could reach each square.
    reach: &'a [Bitboard; 64],
    /// Our units by kind.
    roles: [Bitboard; 6],
    /// Chains ending on these squares (or moving the king) might expose the king.
    risky_if: Bitboard,
    last_rank: u8,
    /// How many finished chains cannot expose the king.
    safe: u64,
    risky: Vec<Leaf>,
    /// Squares whose occupancy decided a follower: a leader landing there is counted apart.
    sensitive: Bitboard,
}

impl Walk<'_> {
    /// Walks every chain from the vacated square `v`; a forced step loops, a tie recurses.
    fn explore(&mut self, mut unmoved: Bitboard, mut v: Square, mut mult: u64, mut king: Option<Square>) {
        loop {
            let candidates = self.reach[v.index()] & unmoved;
            if candidates.is_empty() {
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
            let mut role = 0;
            let mut found = candidates & self.roles[0];
            while found.is_empty() && role < 5 {
                role += 1;
                found = candidates & self.roles[role];
            }
            match Role::from_index(role) {
                Role::Knight | Role::King => {}
                _ => {
                    for from in found {
                        self.sensitive |= attacks::between(v, from);
                    }
                }
            }
            if role == Role::Pawn.index() && v.rank() == self.last_rank {
                mult *= 4;
            }
            if role == Role::King.index() {
                king = Some(v);
            }
            if found.more_than_one() {
                for from in found {
                    self.explore(unmoved.without(from), from, mult, king);
                }
                return;
            }
            let Some(from) = found.first() else { return };
            unmoved = unmoved.without(from);
            v = from;
        }
    }
}

/// The legal turns of one leading move (a king's, an en passant capture, or one that blocks a
/// follower's line), played by `apply_lead` and walked on a light placement.
fn count_lead(ctx: &Counting, pos: &Position, lead: Lead) -> u64 {
    let mult = match lead.promotion {
        None => 1,
        Some(Role::Queen) => 4,
        Some(_) => return 0,
    };
    let applied = movegen::apply_lead(pos, lead);
    let mut moved = Bitboard::from_square(lead.to);
    let mut vacated = [Some(lead.from), None];
    if let Some(c) = applied.castle {
        moved.set(c.rook_to);
        vacated[1] = Some(c.rook_from);
    }
    // An en passant victim's square is emptied too (a captured unit on `to` is replaced).
    let emptied = match applied.capture {
        Some(c) if c.square != lead.to => Bitboard::from_square(c.square),
        _ => Bitboard::EMPTY,
    };
    let lite = Lite::of(applied.pos.board());
    mult * count_chain(
        ctx,
        &lite,
        moved,
        vacated,
        emptied,
        applied.piece.role == Role::King,
    )
}

fn count_chain(
    ctx: &Counting,
    lite: &Lite,
    moved: Bitboard,
    vacated: [Option<Square>; 2],
    emptied: Bitboard,
    king_moved: bool,
) -> u64 {
    let us = ctx.us;
    let unmoved = lite.by_color(us) & !moved;
    let Some((role, found)) = chain::followers(lite, us, unmoved, vacated) else {
        let emptied = vacated.iter().flatten().fold(emptied, |e, &v| e.with(v));
        let safe = if king_moved || ctx.in_check || (emptied & ctx.danger).any() {
            let king = (lite.by_role(Role::King) & lite.by_color(us))
                .first()
                .unwrap_or(ctx.king);
            lite.attackers(king, us.other(), lite.occ).is_empty()
        } else {
            true
        };
        return safe as u64;
    };
    let mut total = 0;
    for (i, v) in vacated.iter().enumerate() {
        let Some(to) = *v else { continue };
        let mult = if role == Role::Pawn && to.rank() == us.last_rank() {
            4
        } else {
            1
        };
        for from in found[i] {
            let mut next = *lite;
            next.shift(from, to, us, role);
            total += mult
                * count_chain(
                    ctx,
                    &next,
                    moved.with(to),
                    [Some(from), None],
                    emptied,
                    king_moved || role == Role::King,
                );
        }
    }
    total
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
        const FENS: &[&str] = &[
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
            "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
        ];
        fn walk(pos: &Position, rules: Rules, depth: u32, seen: &mut u32) {
            assert_eq!(
                count_grolman(pos, rules),
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
        for fen in FENS {
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
}
