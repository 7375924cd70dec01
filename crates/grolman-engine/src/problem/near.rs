//! The bound's memory for the last ply (`problem/intelligent.rs`): where the mated side has no
//! turn left, [`mate_reachable`]'s verdict depends on little, which many positions share, so it
//! is worked out once per [`Near`] and looked up after; and in orthodox chess the mated side's
//! last moves are judged before they are played: its quiet moves and captures by the
//! [`Covers`] of its king's square (one bit each), the rest by the [`Near`] they leave.

use grolman::{
    king_attacks, Behind, Bitboard, Board, Color, Lead, LeadKind, Piece, Position, Role, Rules, Square,
    Variant,
};

use super::covers::Covers;
use super::intelligent::{castles, mate_reachable, Sides};
use super::reach::Model;

/// [`mate_reachable`] with a memory for the nodes where the mated side has no turn left (the
/// last ply of a helpmate, the last attacker turn of a direct mate): there the verdict depends
/// only on what [`Near`] holds, which many positions share (a move of the mated side away from
/// its king leaves it unchanged), so most of those nodes are judged by one look-up; and per
/// mating side's units and mated king the [`Covers`] that judge the mated side's last moves.
pub struct Bound {
    /// Per slot the fingerprint of a [`Near`] ([`Near::fingerprint`]) with its verdict in
    /// bit 0; zero when empty.
    near: Vec<u64>,
    /// Per slot the mating side's units and the mated king ([`Near::packed`] with no square
    /// held) with the [`Covers`] worked out for them.
    covers: Vec<([u64; 4], [u64; 8])>,
}

/// [`Covers`] remembered by a [`Bound`] (96 bytes each, 384 kB): they depend on the mating
/// side's units and the mated king only, which many positions at that node share.
const COVERS_SLOTS: usize = 1 << 12;

/// Verdicts remembered by a [`Bound`] (8 bytes each, 512 kB). Grolman h#3 117 works out the
/// verdict for about 3.2 M nodes of 1.1 M distinct [`Near`]s; with 4,096 slots 443 k of them
/// missed, with 65,536 228 k. A slot holds a 62-bit fingerprint, not the 32-byte packing: most
/// look-ups missed the cache in a table of 2 MB (Tatarstan h#3 135: the slot's compare was 8 %
/// of the time), and the solver's table trusts 64-bit position keys alike.
const NEAR_SLOTS: usize = 1 << 16;

/// The bit of a packed [`Near`]'s last word that marks it full (a packing is never all zero).
const FULL: u64 = 1 << 20;

impl Bound {
    pub fn new() -> Bound {
        Bound {
            near: vec![0; NEAR_SLOTS],
            covers: vec![([0; 4], [0; 8]); COVERS_SLOTS],
        }
    }

    /// [`mate_reachable`] (with its `hint`), looked up when it was worked out for the same
    /// [`Near`].
    pub fn reachable(
        &mut self,
        pos: &Position,
        rules: Rules,
        mated: Color,
        mated_turns: u32,
        mating_turns: u32,
        hint: &mut Option<Square>,
    ) -> bool {
        let near = match mated_turns {
            0 => Near::of(pos, rules, mated, mating_turns),
            _ => None,
        };
        let Some(near) = near else {
            return mate_reachable(pos, rules, mated, mated_turns, mating_turns, hint);
        };
        self.verdict(near)
    }

    /// The bound's verdict on `near`, remembered.
    fn verdict(&mut self, near: Near) -> bool {
        let print = Near::fingerprint(&near.packed());
        let slot = &mut self.near[(print >> 48) as usize & (NEAR_SLOTS - 1)];
        if *slot & !1 == print {
            return *slot & 1 != 0;
        }
        let verdict = near.sides().reachable(
            (Bitboard::EMPTY, Bitboard::EMPTY),
            0,
            near.mating_turns,
            &mut None,
        );
        *slot = print | u64::from(verdict);
        verdict
    }
}

impl Bound {
    /// For `mated`, to move with one turn left before the other side's last: whether a mate
    /// may still follow an orthodox move that [`leaves_near`] alone (it leaves the [`Near`] of
    /// the position after it as it is now). `None` when not known (`mated` may castle).
    pub fn after_move_away(&mut self, pos: &Position, rules: Rules, mated: Color) -> Option<bool> {
        Near::of(pos, rules, mated, 1)?;
        Some(self.reachable(pos, rules, mated, 0, 1, &mut None))
    }

    /// For `mated`, to move in orthodox chess with one turn left before the other side's last:
    /// what the bound's memory tells of each of its leading moves before it is played
    /// ([`Bound::may_follow`]). `None` when not known (either side may castle: a capture could
    /// change the mating side's castling, which [`Near`] holds).
    pub fn last_move(&mut self, pos: &Position, rules: Rules, mated: Color) -> Option<LastMove> {
        if rules.variant != Variant::Orthodox || castles(pos, mated.other()) != 0 {
            return None;
        }
        let near = Near::of(pos, rules, mated, 1)?;
        let covers = self.covers(pos.board(), &near, near.king, None);
        Some(LastMove {
            near,
            covers: Some(covers),
            taken: Vec::new(),
        })
    }

    /// [`Covers::of`] for `near`'s mated king on `king` and the mating side's units but the
    /// one on `taken`, remembered.
    fn covers(&mut self, board: &Board, near: &Near, king: Square, taken: Option<Square>) -> Covers {
        let units = Near {
            king,
            held_around: Bitboard::EMPTY,
            mating_turns: 1,
            mating: near.mating.map(|b| taken.map_or(b, |t| b.without(t))),
            ..*near
        };
        let key = units.packed();
        let slot = &mut self.covers[Near::slot(&key) & (COVERS_SLOTS - 1)];
        if slot.0 == key {
            return Covers::remembered(king, slot.1);
        }
        let covers = Covers::of(board, near.mated, king, taken);
        *slot = (key, covers.met());
        covers
    }

    /// Whether a mate may still follow the leading move `lead` of [`LastMove`]'s position:
    /// the bound's verdict on the position the move leaves, worked out from the move without
    /// playing it: in orthodox chess by the [`Covers`] of the king's square after it (without
    /// the unit it takes), other moves (en passant) by the [`Near`] it leaves (both
    /// remembered). A move that the bound rules out is so never played.
    pub fn may_follow(&mut self, last: &mut LastMove, board: &Board, lead: &Lead) -> bool {
        let king = last.near.king;
        if last.covers.is_some() && lead.from == king && lead.kind != LeadKind::EnPassant {
            let taken = lead.is_capture().then_some(lead.to);
            return self.covers(board, &last.near, lead.to, taken).after(board, lead);
        }
        if let Some(covers) = &last.covers {
            match lead.kind {
                LeadKind::Quiet | LeadKind::DoubleStep => return covers.after(board, lead),
                // The verdicts without the unit taken, worked out for the first capture of it.
                LeadKind::Capture => {
                    let i = match last.taken.iter().position(|(sq, _)| *sq == lead.to) {
                        Some(i) => i,
                        None => {
                            let c = self.covers(board, &last.near, king, Some(lead.to));
                            last.taken.push((lead.to, c));
                            last.taken.len() - 1
                        }
                    };
                    return last.taken[i].1.after(board, lead);
                }
                _ => {}
            }
        }
        self.verdict(last.near.after(board, lead))
    }
}

/// Grolman and Tatarstan chess: the mated side's last move judged before its chains (and
/// phases) are worked out.
impl Bound {
    /// For `mated`, to move in Grolman or Tatarstan chess with one turn left before the other
    /// side's last: what the bound's memory tells of each of its leading moves before its
    /// chains are walked ([`Bound::may_follow_chain`]). `None` when not known (either side may
    /// castle).
    pub fn last_chain_move(&mut self, pos: &Position, rules: Rules, mated: Color) -> Option<LastMove> {
        if !matches!(rules.variant, Variant::Grolman | Variant::Tatarstan) || castles(pos, mated.other()) != 0
        {
            return None;
        }
        let near = Near::of(pos, rules, mated, 1)?;
        Some(LastMove {
            near,
            covers: None,
            taken: Vec::new(),
        })
    }

    /// Whether a mate may still follow some turn of the Grolman or Tatarstan leading move `lead` of
    /// [`LastMove`]'s position, with `behind` what may follow it there: the verdict on a
    /// [`Near`] that leaves the mating side no more to do than any of those turns does, worked
    /// out without walking a chain. Why (docs/rules.md 1.3-1.6):
    /// - A follower moves only onto a square that a unit of the mated side has just left, so
    ///   after the turn that side holds the squares it held, less one of `behind.vacated`,
    ///   plus `lead.to`: around its king it holds at most what it held and `lead.to` (less
    ///   `lead.from` when nothing may follow). A square held is a flight the mating side need
    ///   not attack, so holding more never makes the bound's verdict "no mate" where it was not.
    /// - Its king stands where it stood, unless it leads (then it stands on `lead.to`) or may
    ///   follow (its square is in `behind.vacated`): then it stands where it stood or on a
    ///   neighbour in `behind.vacated`, and the move is kept when the verdict on any of those
    ///   squares allows a mate.
    /// - Followers never capture: only the leader's capture takes a unit of the mating side.
    /// - Tatarstan chess: the phase after the turn may change the kinds of the mating side's
    ///   units, which [`Near`] holds; the move is judged only when it changes none of them
    ///   ([`phase_keeps_kinds`]). En passant empties a square off `behind`: always kept.
    pub fn may_follow_chain(&mut self, last: &LastMove, board: &Board, lead: &Lead, behind: &Behind) -> bool {
        let near = &last.near;
        if near.variant == Variant::Tatarstan
            && (lead.kind == LeadKind::EnPassant
                || !phase_keeps_kinds(board, near.mated.other(), behind.vacated))
        {
            return true;
        }
        let played = near.after(board, lead);
        // When nothing may follow, the leader's square is left empty: the held squares are
        // then those of the position after the turn, whose verdict the next node asks for too.
        let left = match behind.vacated == Bitboard::from_square(lead.from) {
            true => behind.vacated,
            false => Bitboard::EMPTY,
        };
        let held = (board.by_color(near.mated) & !left).with(lead.to);
        // The king where it ends: on its square, or on a neighbour that its side left.
        let follows = match lead.from != near.king && behind.vacated.contains(near.king) {
            true => king_attacks(near.king) & behind.vacated,
            false => Bitboard::EMPTY,
        };
        let mut kings = follows.with(played.king);
        Iterator::any(&mut kings, |king| {
            self.verdict(Near {
                king,
                held_around: held & king_attacks(king),
                ..played
            })
        })
    }
}

/// Tatarstan chess: the mated side's last turn judged where its chain ends, before its phase.
impl Bound {
    /// For `mated`, whose last turn before the other side's last has its chain walked to
    /// `end` (the other side to move, the transformation phase still to come): the verdict
    /// that the next node asks of the position after the phase ([`Bound::reachable`]), when
    /// it is known here; `None` when not (the phase may turn a unit of the mating side, or
    /// `mated` may castle). Why it is the same: the phase changes kinds only (docs/rules.md
    /// 3.6), so the mated king and the squares its side holds stay; when no unit of the
    /// mating side defends one of another kind at the chain's end ([`phase_keeps_kinds`]
    /// with nothing vacated) none of them changes, nor so their castling; and the mated
    /// side's kinds are not part of a [`Near`].
    pub fn at_chain_end(&mut self, end: &Position, rules: Rules, mated: Color) -> Option<bool> {
        if rules.variant != Variant::Tatarstan
            || !phase_keeps_kinds(end.board(), mated.other(), Bitboard::EMPTY)
        {
            return None;
        }
        Some(self.verdict(Near::of(end, rules, mated, 1)?))
    }
}

/// Tatarstan chess: whether the phase after a turn of the other side whose chain may leave any
/// of `vacated` empty (and fills squares, or takes units of `color`, only elsewhere on lines
/// that count here) turns no unit of `color`. Why (docs/rules.md 3.2-3.4): that turn moves no
/// unit of `color`; in a stage a unit changes kind only when a unit of its colour of another
/// kind defends it (kings neither defend nor change), so the first change of a phase needs
/// such a pair on the board at its end, and a unit turned into a pawn on its last rank was
/// changed first. At the end of the turn a line between two units of `color` is blocked by
/// what blocks it now, less squares of `vacated`, plus the squares the turn filled; so a pair
/// that defends then defends on the board with `vacated` empty. With no such pair now, the
/// phase leaves every kind of `color` as it is.
pub(super) fn phase_keeps_kinds(board: &Board, color: Color, vacated: Bitboard) -> bool {
    let ours = board.by_color(color) & !board.by_role(Role::King);
    let occupied = board.occupied() & !vacated;
    Role::STAGES.into_iter().all(|kind| {
        let others = ours & !board.by_role(kind);
        (ours & board.by_role(kind))
            .into_iter()
            .all(|sq| (Board::attacks_of(Piece::new(color, kind), sq, occupied) & others).is_empty())
    })
}

/// The mated side's last move before the other side's last turn, as [`Bound::last_move`]
/// found it.
pub struct LastMove {
    near: Near,
    /// Orthodox chess: the verdicts after the quiet moves of units other than the king,
    /// worked out together.
    covers: Option<Covers>,
    /// The same after captures, per square taken.
    taken: Vec<(Square, Covers)>,
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

    /// The [`Near`] after the mated side's orthodox leading move `lead` on `board` (not
    /// castling: a side that may castle has no [`Near`]): its king or another unit moved, the
    /// mating side's unit on the square it captures gone.
    fn after(&self, board: &Board, lead: &Lead) -> Near {
        let units = board.by_color(self.mated).without(lead.from).with(lead.to);
        let king = if lead.from == self.king {
            lead.to
        } else {
            self.king
        };
        let captured = match lead.kind {
            LeadKind::EnPassant => Square::from_coords(lead.to.file(), lead.from.rank()),
            _ => lead.to,
        };
        Near {
            king,
            held_around: units & king_attacks(king),
            mating: self.mating.map(|b| b.without(captured)),
            ..*self
        }
    }

    /// What the bound reads of the position: with no turn left the mated king stays, so of
    /// the squares its side holds only those around it count.
    fn sides(&self) -> Sides {
        Sides {
            model: Model::of(self.variant),
            mated: self.mated,
            king: self.king,
            held: self.held_around,
            mating: self.mating,
            mating_castles: self.mating_castles,
            steps: Bitboard::ALL,
        }
    }

    /// The whole of `self` in four words: the mating side's units as three bit planes of their
    /// kind's index plus one (so every unit sets one at least), then the king, the colours,
    /// castling, the rule set, the held squares as a 3x3 window around the king (they are
    /// among its neighbours) and the turns.
    fn packed(&self) -> [u64; 4] {
        let mut planes = [0u64; 3];
        for (r, units) in self.mating.iter().enumerate() {
            for (bit, plane) in planes.iter_mut().enumerate() {
                if (r + 1) >> bit & 1 != 0 {
                    *plane |= units.0;
                }
            }
        }
        let window = window(self.held_around, self.king);
        let misc = self.king.index() as u64
            | (self.mated as u64) << 6
            | u64::from(self.mating_castles) << 7
            | (self.variant as u64) << 8
            | window << 10
            | FULL
            | u64::from(self.mating_turns) << 32;
        [planes[0], planes[1], planes[2], misc]
    }

    fn slot(key: &[u64; 4]) -> usize {
        (Near::mix(key) >> 40) as usize & (NEAR_SLOTS - 1)
    }

    /// 62 bits of a hash of a packing: bit 0 clear (for the verdict), bit 1 set (an empty
    /// slot is zero); its top 16 bits choose the slot.
    fn fingerprint(key: &[u64; 4]) -> u64 {
        Near::mix(key) & !1 | 2
    }

    fn mix(key: &[u64; 4]) -> u64 {
        let mut h = 0u64;
        for w in key {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 29;
        }
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ h >> 32
    }
}

/// The squares of `squares` within `king`'s 3x3 neighbourhood as nine bits, rank by rank from
/// the corner below and left of it (the king's own square is bit 4). `squares` must lie within
/// that neighbourhood: the window's corner square is king - 9, and a neighbour off the board's
/// edge is never among them, so whatever a shift across an edge brings in is zero.
pub(super) fn window(squares: Bitboard, king: Square) -> u64 {
    let shifted = match king.index() as i32 - 9 {
        c if c >= 0 => squares.0 >> c,
        c => squares.0 << -c,
    };
    (shifted & 7) | (shifted >> 5 & 0o70) | (shifted >> 10 & 0o700)
}

#[cfg(test)]
mod tests;
