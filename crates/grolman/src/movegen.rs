//! Leading moves: every orthodox move of the side to move, before any legality test (RULES.md
//! 1.2). Whether the turn they start is legal is decided at its end (1.6).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::{Castling, CastlingSide, Position};
use crate::types::{Role, Square};
use crate::variant::Rules;

/// How a leading move moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeadKind {
    Quiet,
    Capture,
    DoubleStep,
    EnPassant,
    Castle(CastlingSide),
}

/// A leading move. Castling is written as the king's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lead {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
    pub kind: LeadKind,
}

impl Lead {
    #[inline]
    pub fn is_capture(self) -> bool {
        matches!(self.kind, LeadKind::Capture | LeadKind::EnPassant)
    }
}

/// Appends every leading move of the side to move to `out`.
pub fn leads(pos: &Position, rules: Rules, out: &mut Vec<Lead>) {
    let us = pos.turn();
    let board = pos.board();
    let own = board.by_color(us);
    let enemy = board.by_color(us.other());
    let occ = board.occupied();
    let quiet_or_capture = |from: Square, targets: Bitboard, out: &mut Vec<Lead>| {
        for to in targets & !own {
            let kind = if enemy.contains(to) {
                LeadKind::Capture
            } else {
                LeadKind::Quiet
            };
            out.push(Lead {
                from,
                to,
                promotion: None,
                kind,
            });
        }
    };

    for from in board.by_role(Role::Pawn) & own {
        let last = to_rank_is_last(us, from);
        let push = |to: Square, kind: LeadKind, out: &mut Vec<Lead>| {
            if last {
                for role in Role::PROMOTIONS {
                    out.push(Lead {
                        from,
                        to,
                        promotion: Some(role),
                        kind,
                    });
                }
            } else {
                out.push(Lead {
                    from,
                    to,
                    promotion: None,
                    kind,
                });
            }
        };
        if let Some(one) = from.offset(us.forward()) {
            if !occ.contains(one) {
                push(one, LeadKind::Quiet, out);
                if from.rank() == us.pawn_rank() {
                    if let Some(two) = one.offset(us.forward()) {
                        if !occ.contains(two) {
                            push(two, LeadKind::DoubleStep, out);
                        }
                    }
                }
            }
        }
        for to in attacks::pawn_attacks(us, from) & enemy {
            push(to, LeadKind::Capture, out);
        }
        if let Some(ep) = pos.ep_square() {
            if attacks::pawn_attacks(us, from).contains(ep) {
                push(ep, LeadKind::EnPassant, out);
            }
        }
    }
    for from in board.by_role(Role::Knight) & own {
        quiet_or_capture(from, attacks::knight_attacks(from), out);
    }
    for from in board.by_role(Role::Bishop) & own {
        quiet_or_capture(from, attacks::bishop_attacks(from, occ), out);
    }
    for from in board.by_role(Role::Rook) & own {
        quiet_or_capture(from, attacks::rook_attacks(from, occ), out);
    }
    for from in board.by_role(Role::Queen) & own {
        quiet_or_capture(from, attacks::queen_attacks(from, occ), out);
    }
    for from in board.by_role(Role::King) & own {
        quiet_or_capture(from, attacks::king_attacks(from), out);
    }
    if rules.castling_allowed() {
        castles(pos, out);
    }
}

#[inline]
fn to_rank_is_last(us: crate::Color, from: Square) -> bool {
    from.rank() as i8 + us.forward() / 8 == us.last_rank() as i8
}

/// Castling, on the conditions of RULES.md 1.2: king and rook unmoved (the right stands),
/// squares between them empty, king not in check and not crossing an attacked square. Whether
/// the king may stand on its destination is the end-of-turn test.
fn castles(pos: &Position, out: &mut Vec<Lead>) {
    let us = pos.turn();
    let board = pos.board();
    for side in [CastlingSide::King, CastlingSide::Queen] {
        if !pos.castling().has(us, side) {
            continue;
        }
        let (king, rook, king_to, _) = Castling::squares(us, side);
        if attacks::between(king, rook) & board.occupied() != Bitboard::EMPTY {
            continue;
        }
        let crossed = attacks::between(king, king_to);
        let attacked = Bitboard::from_square(king)
            .chain(crossed)
            .any(|sq| board.attackers(sq, us.other(), board.occupied()).any());
        if !attacked {
            out.push(Lead {
                from: king,
                to: king_to,
                promotion: None,
                kind: LeadKind::Castle(side),
            });
        }
    }
}
