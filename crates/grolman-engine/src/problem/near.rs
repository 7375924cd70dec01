//! The bound's memory for the last ply (`problem/intelligent.rs`): where the mated side has no
//! turn left, [`mate_reachable`]'s verdict depends on little, which many positions share, so it
//! is worked out once per [`Near`] and looked up after; and in orthodox chess a move of the mated
//! side away from its king leaves that unchanged ([`leaves_near`]), so such moves are judged
//! together without being played.

use grolman::{king_attacks, Bitboard, Board, Color, Lead, LeadKind, Position, Role, Rules, Square, Variant};

use super::intelligent::{castles, mate_reachable};

/// [`mate_reachable`] with a memory for the nodes where the mated side has no turn left (the
/// last ply of a helpmate, the last attacker turn of a direct mate): there the verdict depends
/// only on what [`Near`] holds, which many positions share (a move of the mated side away from
/// its king leaves it unchanged), so most of those nodes are judged by one look-up.
pub struct Bound {
    near: Vec<Option<(Near, bool)>>,
}

/// Verdicts remembered by a [`Bound`] (about 300 KB).
const NEAR_SLOTS: usize = 1 << 12;

impl Bound {
    pub fn new() -> Bound {
        Bound {
            near: vec![None; NEAR_SLOTS],
        }
    }

    /// [`mate_reachable`], looked up when it was worked out for the same [`Near`].
    pub fn reachable(
        &mut self,
        pos: &Position,
        rules: Rules,
        mated: Color,
        mated_turns: u32,
        mating_turns: u32,
    ) -> bool {
        let near = match mated_turns {
            0 => Near::of(pos, rules, mated, mating_turns),
            _ => None,
        };
        let Some(near) = near else {
            return mate_reachable(pos, rules, mated, mated_turns, mating_turns);
        };
        let slot = &mut self.near[near.slot()];
        if let Some((key, verdict)) = slot {
            if *key == near {
                return *verdict;
            }
        }
        let verdict = mate_reachable(pos, rules, mated, mated_turns, mating_turns);
        *slot = Some((near, verdict));
        verdict
    }
}

impl Bound {
    /// For `mated`, to move with one turn left before the other side's last: whether a mate
    /// may still follow an orthodox move that [`leaves_near`] alone (it leaves the [`Near`] of
    /// the position after it as it is now). `None` when not known (`mated` may castle).
    pub fn after_move_away(&mut self, pos: &Position, rules: Rules, mated: Color) -> Option<bool> {
        Near::of(pos, rules, mated, 1)?;
        Some(self.reachable(pos, rules, mated, 0, 1))
    }
}

/// Whether the orthodox leading move `lead` of the side to move leaves the [`Near`] of its own
/// king unchanged: no king move, no capture, castling or en passant, and neither its departure
/// nor its destination beside the king.
pub fn leaves_near(board: &Board, lead: &Lead) -> bool {
    let Some(king) = board.king_of(board.piece_at(lead.from).map_or(Color::White, |p| p.color)) else {
        return false;
    };
    let around = king_attacks(king).with(king);
    matches!(lead.kind, LeadKind::Quiet | LeadKind::DoubleStep)
        && !around.contains(lead.from)
        && !around.contains(lead.to)
}

/// Everything [`mate_reachable`] reads when the mated side has no turn left and may not
/// castle: its king then stays on its square, so only the king's square, which of its
/// neighbours the mated side holds, the mating side's units and castling, and the mating
/// side's turns count (`possible_on` on that one square; the mated side's other units only
/// hold squares, since none can arrive anywhere).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Near {
    variant: Variant,
    mated: Color,
    king: Square,
    mating_castles: bool,
    mating_turns: u32,
    held_around: Bitboard,
    /// The mating side's units by kind, `Role::ALL` order.
    mating: [Bitboard; 6],
}

impl Near {
    /// `None` when the mated side has no king or may castle (castling gives it a turn's worth
    /// of moves in the bound).
    fn of(pos: &Position, rules: Rules, mated: Color, mating_turns: u32) -> Option<Near> {
        let board = pos.board();
        let king = board.king_of(mated)?;
        if castles(pos, mated) != 0 {
            return None;
        }
        let mating_units = board.by_color(mated.other());
        Some(Near {
            variant: rules.variant,
            mated,
            king,
            mating_castles: castles(pos, mated.other()) != 0,
            mating_turns,
            held_around: board.by_color(mated) & king_attacks(king),
            mating: Role::ALL.map(|r| board.by_role(r) & mating_units),
        })
    }

    fn slot(&self) -> usize {
        let mut h = (self.king.index() as u64) << 8 | self.held_around.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for b in self.mating {
            h = (h ^ b.0).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 29;
        }
        h = (h ^ u64::from(self.mating_turns) ^ (self.mated as u64) << 3).wrapping_mul(0x94d0_49bb_1331_11eb);
        (h >> 40) as usize & (NEAR_SLOTS - 1)
    }
}
