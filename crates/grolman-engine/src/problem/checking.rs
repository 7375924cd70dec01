//! Orthodox helpmates, the mated side's last move (two half-moves before the mate): a move
//! after which the mating side has no mating move on the real board, judged without playing
//! the move, is never played. The bound (`problem/intelligent.rs`) looks at an empty board and
//! lets through most of these moves in positions full of the mated side's units, whose lines
//! they block.
//!
//! A move of the mated side from `f` to `t` (not of its king, nor castling, en passant or a
//! double step, which are always played) changes what the mating side attacks only by emptying
//! `f`: a unit arriving on `t` only cuts lines (or takes a unit of the mating side). It changes
//! the king's flights by emptying `f` and taking `t`. A mate needs a move of one unit `x` of
//! the mating side to a square `y` after which the king is attacked (by `x` from `y`, or by a
//! line piece whose only obstacle was `x`) and every flight is attacked (by `x` from `y` or by
//! another unit, the king itself seen through). [`may_mate`] looks for such a move on the
//! board with `f` emptied, as supersets: pins, the mating side's own king, captures of the
//! checker and interpositions are not looked at, any capture square of a pawn counts and a
//! line piece may go to any square of its lines. So "no mate" is a proof.

use grolman::{
    between, bishop_attacks, king_attacks, pawn_attacks, rook_attacks, Bitboard, Board, Color, Lead,
    LeadKind, Piece, Position, Role, Square,
};

/// For the mated side, to move in orthodox chess with one turn left before the other side's
/// last: whether a mate may still follow each of its moves, judged once per square left (the
/// moves come grouped by it).
pub struct LastMate {
    king: Square,
    mated: Color,
    /// The squares beside the king that the other side attacks (seen through the king): the
    /// king's moves there are illegal.
    guarded: Bitboard,
    /// The square left by the moves judged last, and the verdict for the moves from it that
    /// arrive away from the king.
    from: Option<(Square, bool)>,
}

impl LastMate {
    /// `None` when the mating side may castle (castling moves two units).
    pub fn of(pos: &Position, mated: Color) -> Option<LastMate> {
        let king = pos.board().king_of(mated)?;
        if super::intelligent::castles(pos, mated.other()) != 0 {
            return None;
        }
        let board = pos.board();
        let occupied = board.occupied().without(king);
        let guarded = board.by_color(mated.other()).fold(Bitboard::EMPTY, |b, sq| {
            let piece = board.piece_at(sq).expect("occupied");
            b | Board::attacks_of(piece, sq, occupied)
        }) & king_attacks(king);
        Some(LastMate {
            king,
            mated,
            guarded,
            from: None,
        })
    }

    /// Whether `lead` is a king move into check: no move at all.
    pub fn steps_into_check(&self, lead: &Lead) -> bool {
        lead.from == self.king && self.guarded.contains(lead.to)
    }

    /// Whether a mate may still follow the mated side's move `lead` on `board`.
    pub fn may_follow(&mut self, board: &Board, lead: &Lead) -> bool {
        if lead.from == self.king {
            if self.steps_into_check(lead) {
                return false;
            }
            // Most moves kept here are the king's (orthodox h#3 4a: 23 k of 27 k), which the
            // bound judges on an empty board; on the real board most leave no mate. The king's
            // old square is empty, its new one taken, a unit taken there gone.
            if !matches!(lead.kind, LeadKind::Quiet | LeadKind::Capture) {
                return true;
            }
            let occupied = board.occupied().without(lead.from).with(lead.to);
            let held = board.by_color(self.mated).without(lead.from);
            let free = match lead.kind {
                LeadKind::Capture => Bitboard::from_square(lead.to),
                _ => Bitboard::EMPTY,
            };
            return may_mate(board, self.mated, lead.to, occupied, held, free);
        }
        if !matches!(lead.kind, LeadKind::Quiet | LeadKind::Capture) {
            return true;
        }
        let occupied = board.occupied().without(lead.from);
        let held = board.by_color(self.mated).without(lead.from);
        // A move beside the king changes its flights; a capture frees a square for the
        // mating side's units to go to.
        if king_attacks(self.king).contains(lead.to) || lead.kind == LeadKind::Capture {
            let free = Bitboard::from_square(lead.to);
            return may_mate(board, self.mated, self.king, occupied, held.with(lead.to), free);
        }
        match self.from {
            Some((from, verdict)) if from == lead.from => verdict,
            _ => {
                let verdict = may_mate(board, self.mated, self.king, occupied, held, Bitboard::EMPTY);
                self.from = Some((lead.from, verdict));
                verdict
            }
        }
    }
}

/// Whether the other side than `mated` may have a move that mates the king on `king`, the
/// squares of `occupied` taken and those of `held` held by the mated side (the mating side's
/// units those of `board`, but that their units may also go to `free`, where one was taken). A
/// superset (see the module's comment).
pub fn may_mate(
    board: &Board,
    mated: Color,
    king: Square,
    occupied: Bitboard,
    held: Bitboard,
    free: Bitboard,
) -> bool {
    let mating = mated.other();
    // A unit taken on `free` is gone.
    let units = board.by_color(mating) & !free;
    let flights = king_attacks(king) & !held;
    let diagonal = bishop_attacks(king, Bitboard::EMPTY);
    let straight = rook_attacks(king, Bitboard::EMPTY);
    // Seen through the king, which flees along the line of a check.
    let open = occupied.without(king);
    let last = Bitboard::rank(match mating {
        Color::White => 7,
        Color::Black => 0,
    });
    for x in units {
        let role = board.role_at(x).expect("occupied");
        let through = occupied.without(x);
        let seen = open.without(x);
        // What the other units attack once `x` has left, and whether one then checks.
        let mut others = Bitboard::EMPTY;
        let mut discovered = false;
        for s in units.without(x) {
            let r = board.role_at(s).expect("occupied");
            others |= Board::attacks_of(Piece::new(mating, r), s, seen);
            let line = match r {
                Role::Bishop => diagonal.contains(s),
                Role::Rook => straight.contains(s),
                Role::Queen => diagonal.contains(s) || straight.contains(s),
                _ => false,
            };
            discovered |= line && (between(s, king) & through).is_empty();
        }
        // The squares `x` may go to, each with the kinds it may stand there as.
        let to = match role {
            Role::Pawn => {
                let mut to = pawn_attacks(mating, x);
                if let Some(one) = x.offset(mating.forward()).filter(|&s| !occupied.contains(s)) {
                    to.set(one);
                    if let Some(two) = one.offset(mating.forward()).filter(|&s| !occupied.contains(s)) {
                        if two.rank() == mating.double_step_rank() {
                            to.set(two);
                        }
                    }
                }
                to
            }
            _ => Board::attacks_of(Piece::new(mating, role), x, occupied),
        };
        for y in to & !units {
            // A unit of the mated side taken beside the king leaves a square to take back.
            let needed = (flights | (king_attacks(king) & Bitboard::from_square(y))) & !others;
            let kinds: &[Role] = match role {
                Role::Pawn if last.contains(y) => &[Role::Queen, Role::Knight],
                _ => std::slice::from_ref(&role),
            };
            for &r in kinds {
                let from_y = Board::attacks_of(Piece::new(mating, r), y, seen);
                let check = discovered || (r != Role::King && from_y.contains(king));
                if check && (needed & !from_y).is_empty() {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Rules, Variant};

    use crate::problem::mate1::mates_in_one;

    /// A mate by discovery alone (the king steps off the rook's line) is kept, and a move that
    /// frees a flight the mating side cannot reach is not.
    #[test]
    fn a_discovered_mate_is_kept() {
        let rules: Rules = Variant::Orthodox.into();
        let pos = Position::from_fen("3rkr2/3p1p2/p7/8/4K3/8/8/4R3 b - - 0 1").unwrap();
        let mut last = LastMate::of(&pos, Color::Black).unwrap();
        let mut seen = 0;
        for_each_turn(&pos, rules, false, &mut |v| {
            let uci = format!("{}{}", v.lead.from, v.lead.to);
            if uci == "a6a5" {
                assert!(mates_in_one(v.after, rules));
                assert!(last.may_follow(pos.board(), &v.lead));
                seen += 1;
            }
            if uci == "d7d6" {
                assert!(!mates_in_one(v.after, rules));
                assert!(!last.may_follow(pos.board(), &v.lead));
                seen += 1;
            }
            false
        });
        assert_eq!(seen, 2);
    }

    /// A king move into check (which the legality test would drop after playing it) is not
    /// kept.
    #[test]
    fn a_king_move_into_check_is_not_kept() {
        let rules: Rules = Variant::Orthodox.into();
        // The rook c5 guards c4, d5 and e5; nothing guards d3.
        let pos = Position::from_fen("8/5KN1/3p4/1pR5/3krb1p/n6b/1r6/6q1 b - - 0 1").unwrap();
        let mut last = LastMate::of(&pos, Color::Black).unwrap();
        let mut leads = Vec::new();
        grolman::leads(&pos, rules, &mut leads);
        let king_to = |to: &str| {
            leads
                .iter()
                .find(|l| l.from.to_string() == "d4" && l.to.to_string() == to)
                .copied()
                .expect("a pseudo-legal king move")
        };
        assert!(!last.may_follow(pos.board(), &king_to("e5")));
        assert!(!last.may_follow(pos.board(), &king_to("c4")));
    }

    /// A king move is judged with the king on its new square: into the corner it is mated by
    /// Rh1, to c1 it escapes by d1 or d2 whatever White does.
    #[test]
    fn a_king_move_is_judged_where_it_arrives() {
        let rules: Rules = Variant::Orthodox.into();
        let pos = Position::from_fen("8/8/8/8/8/1K6/7R/1k6 b - - 0 1").unwrap();
        let mut last = LastMate::of(&pos, Color::Black).unwrap();
        let mut seen = 0;
        for_each_turn(&pos, rules, false, &mut |v| {
            let kept = last.may_follow(pos.board(), &v.lead);
            match format!("{}{}", v.lead.from, v.lead.to).as_str() {
                "b1a1" => {
                    assert!(mates_in_one(v.after, rules) && kept);
                    seen += 1;
                }
                "b1c1" => {
                    assert!(!mates_in_one(v.after, rules) && !kept);
                    seen += 1;
                }
                _ => {}
            }
            false
        });
        assert_eq!(seen, 2);
    }

    /// Every move of the mated side after which the other side mates in one is kept, on random
    /// orthodox positions; and most others are not.
    #[test]
    fn every_move_followed_by_a_mate_is_kept() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Rook,
            Role::Queen,
        ];
        let (mut mates, mut dropped, mut positions) = (0, 0, 0);
        while positions < 3000 {
            let board = rng.attack_board(&roles, 4, 9);
            let Some(pos) = position_of(board, Color::Black) else {
                continue;
            };
            let Some(mut last) = LastMate::of(&pos, Color::Black) else {
                continue;
            };
            positions += 1;
            for_each_turn(&pos, rules, false, &mut |v| {
                let kept = last.may_follow(pos.board(), &v.lead);
                if mates_in_one(v.after, rules) {
                    assert!(kept, "{} {:?}", pos.fen(), v.lead);
                    mates += 1;
                } else if !kept {
                    dropped += 1;
                }
                false
            });
        }
        // The test must see both: moves followed by a mate, and moves dropped.
        assert!(mates > 300 && dropped > 5000, "{mates} {dropped}");
    }
}
