//! The bound's memory for the last ply (`problem/intelligent.rs`): where the mated side has no
//! turn left, [`mate_reachable`]'s verdict depends on little, which many positions share, so it
//! is worked out once per [`Near`] and looked up after; and in orthodox chess a move of the mated
//! side away from its king leaves that unchanged ([`leaves_near`]), so such moves are judged
//! together without being played.

use grolman::{
    king_attacks, Behind, Bitboard, Board, Color, Lead, LeadKind, Piece, Position, Role, Rules, Square,
    Variant,
};

use super::intelligent::{castles, mate_reachable, Sides};
use super::reach::Model;

/// [`mate_reachable`] with a memory for the nodes where the mated side has no turn left (the
/// last ply of a helpmate, the last attacker turn of a direct mate): there the verdict depends
/// only on what [`Near`] holds, which many positions share (a move of the mated side away from
/// its king leaves it unchanged), so most of those nodes are judged by one look-up.
pub struct Bound {
    /// Per slot a [`Near`] packed whole ([`Near::packed`]) with its verdict; all zero when empty.
    near: Vec<[u64; 4]>,
}

/// Verdicts remembered by a [`Bound`] (32 bytes each, 2 MB). Grolman h#3 117 works out the
/// verdict for about 3.2 M nodes of 1.1 M distinct [`Near`]s; with 4,096 slots 443 k of them
/// missed, with 65,536 228 k.
const NEAR_SLOTS: usize = 1 << 16;

/// The bits of a packed [`Near`]'s last word that hold its verdict, and that mark the slot full.
const VERDICT: u64 = 1 << 19;
const FULL: u64 = 1 << 20;

impl Bound {
    pub fn new() -> Bound {
        Bound {
            near: vec![[0; 4]; NEAR_SLOTS],
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
        let key = near.packed();
        let slot = &mut self.near[Near::slot(&key)];
        if slot[..3] == key[..3] && slot[3] & !VERDICT == key[3] {
            return slot[3] & VERDICT != 0;
        }
        let verdict = near.sides().reachable(
            (Bitboard::EMPTY, Bitboard::EMPTY),
            0,
            near.mating_turns,
            &mut None,
        );
        *slot = key;
        if verdict {
            slot[3] |= VERDICT;
        }
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
        let away = self.reachable(pos, rules, mated, 0, 1, &mut None);
        Some(LastMove { near, away })
    }

    /// Whether a mate may still follow the leading move `lead` of [`LastMove`]'s position:
    /// the verdict on the [`Near`] that the move leaves, worked out from the move without
    /// playing it (and remembered). A move that the bound rules out is so never played.
    pub fn may_follow(&mut self, last: &LastMove, board: &Board, lead: &Lead) -> bool {
        if leaves_near(board, lead) {
            return last.away;
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
        Some(LastMove { near, away: true })
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
    /// The verdict after a move that [`leaves_near`] alone.
    away: bool,
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

    /// The whole of `self` in four words, the verdict's bit ([`VERDICT`]) clear: the mating
    /// side's units as three bit planes of their kind's index plus one (so every unit sets one
    /// at least), then the king, the colours, castling, the rule set, the held squares as a 3x3
    /// window around the king (they are among its neighbours) and the turns.
    fn packed(&self) -> [u64; 4] {
        let mut planes = [0u64; 3];
        for (r, units) in self.mating.iter().enumerate() {
            for (bit, plane) in planes.iter_mut().enumerate() {
                if (r + 1) >> bit & 1 != 0 {
                    *plane |= units.0;
                }
            }
        }
        // The window's corner square is king - 9; a neighbour off the board's edge is never
        // held, so whatever a shift across an edge brings in is zero.
        let corner = self.king.index() as i32 - 9;
        let shifted = match corner {
            c if c >= 0 => self.held_around.0 >> c,
            c => self.held_around.0 << -c,
        };
        let window = (shifted & 7) | (shifted >> 5 & 0o70) | (shifted >> 10 & 0o700);
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
        let mut h = 0u64;
        for w in key {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 29;
        }
        (h.wrapping_mul(0x94d0_49bb_1331_11eb) >> 40) as usize & (NEAR_SLOTS - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::mate1::mates_in_one;
    use grolman::for_each_turn;
    use grolman::random::{position_of, Xorshift};

    /// Two [`Near`]s pack alike only when they are equal (the memory keeps the packing, not
    /// the [`Near`]): random ones with their king on every square, edges and corners among
    /// them, each beside its copies with one held square, one unit's kind or square, the
    /// king, a colour, castling, the rule set or the turns changed.
    #[test]
    fn a_near_is_packed_whole() {
        let mut rng = Xorshift(0x1f83_d9ab_fb41_bd6b);
        let mut seen: std::collections::HashMap<[u64; 4], Near> = std::collections::HashMap::new();
        let mut put = |near: Near| {
            let key = near.packed();
            assert_eq!(key[3] & VERDICT, 0);
            let first = *seen.entry(key).or_insert(near);
            assert!(first == near, "two Nears packed as {key:x?}");
        };
        for i in 0..4000 {
            let king = Square::new((i % 64) as u8);
            let mut mating = [Bitboard::EMPTY; 6];
            let mut units = Bitboard::EMPTY;
            for _ in 0..1 + rng.below(12) {
                let sq = Square::new(rng.below(64) as u8);
                if sq != king && !units.contains(sq) {
                    units.set(sq);
                    mating[rng.role().index()].set(sq);
                }
            }
            let near = Near {
                variant: [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan][rng.below(3) as usize],
                mated: rng.color(),
                king,
                mating_castles: rng.below(2) == 0,
                mating_turns: 1 + rng.below(3) as u32,
                held_around: Bitboard(rng.next_u64()) & king_attacks(king) & !units,
                mating,
            };
            put(near);
            for f in king_attacks(king) {
                put(Near {
                    held_around: near.held_around ^ Bitboard::from_square(f),
                    ..near
                });
            }
            for sq in units {
                let r = Role::ALL
                    .into_iter()
                    .position(|r| near.mating[r.index()].contains(sq))
                    .unwrap();
                let mut other = near.mating;
                other[r].clear(sq);
                other[(r + 1 + rng.below(5) as usize) % 6].set(sq);
                put(Near {
                    mating: other,
                    ..near
                });
                // Onto an empty square: a Near is of a board, one unit a square.
                let to = Square::new(rng.below(64) as u8);
                if !(units | near.held_around).with(king).contains(to) {
                    let mut moved = near.mating;
                    moved[r].clear(sq);
                    moved[r].set(to);
                    put(Near {
                        mating: moved,
                        ..near
                    });
                }
            }
            let k = Square::new(rng.below(64) as u8);
            if !units.contains(k) {
                put(Near {
                    king: k,
                    held_around: near.held_around & king_attacks(k),
                    ..near
                });
            }
            put(Near {
                mated: near.mated.other(),
                ..near
            });
            put(Near {
                mating_castles: !near.mating_castles,
                ..near
            });
            put(Near {
                variant: Variant::Grolman,
                ..near
            });
            put(Near {
                mating_turns: near.mating_turns + 1,
                ..near
            });
        }
        assert!(seen.len() > 40_000, "{} Nears", seen.len());
    }

    /// The [`Near`] that [`Near::after`] works out from a leading move is the [`Near`] of the
    /// position the turn leaves, on random orthodox positions (captures, king moves,
    /// promotions and en passant among them).
    #[test]
    fn the_near_a_move_leaves_is_worked_out_without_playing_it() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        // En passant: the black pawn d4 takes e3.
        let mut positions = vec![Position::from_fen("8/8/8/k7/3pP3/8/8/4K2R b - e3 0 1").unwrap()];
        while positions.len() < 300 {
            let board = rng.board(|_| 10, |_, i| Color::ALL[i as usize % 2]);
            if let Some(pos) = position_of(board, Color::Black) {
                positions.push(pos);
            }
        }
        for pos in &positions {
            let near = Near::of(pos, rules, Color::Black, 1).unwrap();
            for_each_turn(pos, rules, false, &mut |v| {
                let played = Near::of(v.after, rules, Color::Black, 1).unwrap();
                assert!(
                    near.after(pos.board(), &v.lead) == played,
                    "{} {:?}",
                    pos.fen(),
                    v.lead
                );
                checked += 1;
                false
            });
        }
        assert!(checked > 1000);
    }

    /// The verdict worked out from a [`Near`] alone is [`mate_reachable`]'s on the position
    /// it is the [`Near`] of, in all three rule sets, on random positions after each turn of
    /// the mated side (so with its king moved, units beside it moved or taken, and the mating
    /// side's units taken), with one turn and with two left to the mating side.
    #[test]
    fn the_verdict_on_a_near_is_the_bound_on_its_position() {
        let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let (mut mates, mut none) = (0, 0);
        for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
            let rules: Rules = variant.into();
            let mut positions = 0;
            while positions < 150 {
                let board = rng.attack_board(&roles, 3, 7);
                let Some(pos) = position_of(board, Color::Black) else {
                    continue;
                };
                positions += 1;
                for_each_turn(&pos, rules, false, &mut |v| {
                    for mating_turns in [1, 2] {
                        let near = Near::of(v.after, rules, Color::Black, mating_turns).unwrap();
                        let verdict = near.sides().reachable(
                            (Bitboard::EMPTY, Bitboard::EMPTY),
                            0,
                            mating_turns,
                            &mut None,
                        );
                        let bound = mate_reachable(v.after, rules, Color::Black, 0, mating_turns, &mut None);
                        assert_eq!(verdict, bound, "{variant:?} {} {mating_turns}", v.after.fen());
                        if bound {
                            mates += 1;
                        } else {
                            none += 1;
                        }
                    }
                    false
                });
            }
        }
        // Both verdicts must be seen.
        assert!(mates > 1000 && none > 1000, "{mates} {none}");
    }

    /// A Grolman leading move of the mated side that [`Bound::may_follow_chain`] drops leaves,
    /// after each of its turns, a position where White has no mate in one, on random
    /// positions crowded enough for chains (kings among the followers); and it drops many. The
    /// reference is the mate itself, not the bound on the position after: the bound merges
    /// requirement sets when they are many, so its verdict may say "maybe" on a position and
    /// "no" on the same with one more square held, while a real mate is never lost by holding
    /// less.
    #[test]
    fn a_grolman_last_move_is_dropped_only_when_no_turn_of_it_allows_a_mate() {
        // Bc3-a1 with Bb4-c3: the king a5 could follow onto b4, but the queen f4, the weaker,
        // does, and White mates the king that stayed on a5 by Qxa7.
        let fixed = Position::from_fen("3K4/rQ1B4/5R1p/k3P1B1/1b3qq1/2b4P/8/8 b - - 0 1").unwrap();
        let (dropped, kept, _) =
            last_moves_dropped(Variant::Grolman.into(), fixed, 1500, 0x3c6e_f372_fe94_f82b);
        assert!(dropped > 1000 && kept > 1000, "{dropped} dropped, {kept} kept");
    }

    /// The same in Tatarstan chess, where the phase after the mated side's move may change
    /// the kinds of the mating side's units: a move is judged only when it changes none.
    /// Among the moves dropped, many after which the king may have followed.
    #[test]
    fn a_tatarstan_last_move_is_dropped_only_when_no_turn_of_it_allows_a_mate() {
        // Bc3-a1 with Bb4-c3: as in Grolman chess; the phase turns no unit of White's.
        let fixed = Position::from_fen("3K4/rQ1B4/5R1p/k3P1B1/1b3qq1/2b4P/8/8 b - - 0 1").unwrap();
        let (dropped, kept, followed) =
            last_moves_dropped(Variant::Tatarstan.into(), fixed, 3000, 0x9e37_79b9_7f4a_7c15);
        assert!(
            dropped > 1000 && kept > 1000 && followed > 100,
            "{dropped} dropped ({followed} where the king may follow), {kept} kept"
        );
    }

    /// Black's leading moves that [`Bound::may_follow_chain`] drops on `fixed` and random
    /// positions, each checked against the mate in one after every turn of it; the numbers
    /// dropped, kept, and dropped where the king may follow.
    fn last_moves_dropped(rules: Rules, fixed: Position, count: usize, seed: u64) -> (usize, usize, usize) {
        let mut rng = Xorshift(seed);
        let (mut dropped, mut kept, mut followed) = (0, 0, 0);
        let mut positions = vec![fixed];
        while positions.len() < count + 1 {
            let board = rng.board(|rng| 4 + rng.below(9), |_, i| Color::ALL[i as usize % 2]);
            if let Some(pos) = position_of(board, Color::Black) {
                positions.push(pos);
            }
        }
        for pos in positions {
            let mut bound = Bound::new();
            let last = bound.last_chain_move(&pos, rules, Color::Black).unwrap();
            let mut leads = Vec::new();
            grolman::leads(&pos, rules, &mut leads);
            for lead in leads {
                let behind = Behind::of_chain(pos.board(), Color::Black, lead.from);
                if bound.may_follow_chain(&last, pos.board(), &lead, &behind) {
                    kept += 1;
                    continue;
                }
                dropped += 1;
                let king = pos.board().king_of(Color::Black).unwrap();
                followed += usize::from(lead.from != king && behind.vacated.contains(king));
                grolman::for_each_turn_of(&pos, rules, &[lead], &mut |v| {
                    assert!(!mates_in_one(v.after, rules), "{} {:?}", pos.fen(), v.steps);
                    false
                });
            }
        }
        (dropped, kept, followed)
    }
}
