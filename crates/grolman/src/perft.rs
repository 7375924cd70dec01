//! Counting turns to a fixed depth: the standard check of a move generator.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Units;
use crate::chain;
use crate::legal::{count_turns, for_each_turn};
use crate::movegen::{self, LeadKind};
use crate::position::Position;
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
fn count_grolman(pos: &Position, rules: Rules) -> u64 {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(king) = board.king_of(us) else { return 0 };
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
        in_check: board.attackers(king, them, board.occupied()).any(),
        danger,
        king,
    };
    // During a chain the occupancy is the original one less the square waiting for a follower
    // (and plus the leader's destination), and the units that can reach a square do not
    // depend on whether that square itself is occupied: so who can reach each square of ours
    // is known before any chain starts.
    let own = board.by_color(us);
    let mut reach = Reach {
        slot: [0; 64],
        sets: [[Bitboard::EMPTY; 6]; 16],
    };
    for (i, sq) in own.into_iter().take(16).enumerate() {
        reach.slot[sq.index()] = i as u8;
        reach.sets[i] = chain::reach(board, us, own, sq);
    }
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    let mut total = 0;
    let mut leaves = Vec::new();
    for group in leads.chunk_by(|a, b| a.from == b.from) {
        let from = group[0].from;
        let Some(role) = board.role_at(from) else { continue };
        if role == Role::King {
            total += group.iter().map(|&lead| count_lead(&ctx, pos, lead)).sum::<u64>();
            continue;
        }
        // The chain behind a unit is the same whichever way it leads, unless its destination
        // blocks the line of a follower: explore it once with the leader lifted off the board.
        leaves.clear();
        let mut sensitive = Bitboard::EMPTY;
        explore(
            &reach,
            own.without(from),
            from,
            1,
            None,
            &mut leaves,
            &mut sensitive,
            us,
        );
        for &lead in group {
            let mult = match lead.promotion {
                None => 1,
                Some(Role::Queen) => 4,
                Some(_) => continue,
            };
            if lead.kind == LeadKind::EnPassant || sensitive.contains(lead.to) {
                total += count_lead(&ctx, pos, lead);
                continue;
            }
            for leaf in &leaves {
                let safe = leaf.king.is_none() && !ctx.in_check && !ctx.danger.contains(leaf.vacated);
                let legal = safe || {
                    // The leader stands on `to` (a unit it captured there no longer attacks).
                    let occ = board.occupied().without(leaf.vacated).with(lead.to);
                    let king = leaf.king.unwrap_or(king);
                    (board.attackers(king, them, occ) & !Bitboard::from_square(lead.to)).is_empty()
                };
                if legal {
                    total += mult * leaf.mult;
                }
            }
        }
    }
    total
}

/// Who can reach each square of the mover's units, on the board before the turn.
struct Reach {
    slot: [u8; 64],
    sets: [[Bitboard; 6]; 16],
}

/// One finished chain behind a lifted leader: the square left empty, where the king went if it
/// followed, and how many turns it stands for (promotion choices).
struct Leaf {
    vacated: Square,
    king: Option<Square>,
    mult: u64,
}

/// Walks every chain from the vacated square `v`, collecting the finished chains and the
/// squares whose occupancy decided a follower (a leader landing there must be counted apart).
#[allow(clippy::too_many_arguments)]
fn explore(
    reach: &Reach,
    unmoved: Bitboard,
    v: Square,
    mult: u64,
    king: Option<Square>,
    leaves: &mut Vec<Leaf>,
    sensitive: &mut Bitboard,
    us: Color,
) {
    let reachers = &reach.sets[reach.slot[v.index()] as usize];
    let Some(role) = Role::ALL
        .into_iter()
        .find(|r| (reachers[r.index()] & unmoved).any())
    else {
        leaves.push(Leaf {
            vacated: v,
            king,
            mult,
        });
        return;
    };
    let found = reachers[role.index()] & unmoved;
    if matches!(role, Role::Pawn | Role::Bishop | Role::Rook | Role::Queen) {
        for from in found {
            *sensitive |= attacks::between(v, from);
        }
    }
    let promotes = if role == Role::Pawn && v.rank() == us.last_rank() {
        4
    } else {
        1
    };
    let king_after = if role == Role::King { Some(v) } else { king };
    for from in found {
        explore(
            reach,
            unmoved.without(from),
            from,
            mult * promotes,
            king_after,
            leaves,
            sensitive,
            us,
        );
    }
}

/// The legal turns of one leading move (a king's, an en passant capture, or one that blocks a
/// follower's line), played by `apply_lead` and walked on a light placement.
fn count_lead(ctx: &Counting, pos: &Position, lead: crate::Lead) -> u64 {
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
