//! Leading moves: every orthodox move of the side to move, before any legality test (RULES.md
//! 1.2). Whether the turn they start is legal is decided at its end (1.6).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Attackers;
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

/// The leading moves from `from` to `to` on `board` other than castling and en passant: a
/// capture if a unit stands on `to`, a double step if a pawn moves two ranks, else a quiet
/// move; one for each promotion choice if it `promotes`.
pub(crate) fn plain_leads(
    board: &crate::Board,
    (from, to): (Square, Square),
    promotes: bool,
) -> impl Iterator<Item = Lead> {
    let kind = if board.occupied().contains(to) {
        LeadKind::Capture
    } else if board.by_role(Role::Pawn).contains(from) && from.u8().abs_diff(to.u8()) == 16 {
        LeadKind::DoubleStep
    } else {
        LeadKind::Quiet
    };
    let (promotions, choices) = if promotes {
        (Role::PROMOTIONS.map(Some), Role::PROMOTIONS.len())
    } else {
        ([None; 4], 1)
    };
    promotions.into_iter().take(choices).map(move |promotion| Lead {
        from,
        to,
        promotion,
        kind,
    })
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
/// the king may stand on its destination is the end-of-turn test. Returns the squares whose
/// contents decided it (for the castling rights `pos` has): while they hold the same units,
/// it finds the same.
pub(crate) fn castles(pos: &Position, out: &mut Vec<Lead>) -> Bitboard {
    let us = pos.turn();
    let board = pos.board();
    let occ = board.occupied();
    let threats = Attackers::of(board, us.other());
    let mut seen = Bitboard::EMPTY;
    for side in [CastlingSide::King, CastlingSide::Queen] {
        if !pos.castling().has(us, side) {
            continue;
        }
        let (king, rook, king_to, _) = Castling::squares(us, side);
        let between = attacks::between(king, rook);
        seen |= between.with(king).with(rook);
        if (between & occ).any() {
            continue;
        }
        let mut attacked = false;
        for sq in Bitboard::from_square(king) | attacks::between(king, king_to) {
            let (attackers, decided) = threats.on_seen(sq, occ);
            seen |= decided;
            attacked |= attackers.any();
        }
        if !attacked {
            out.push(Lead {
                from: king,
                to: king_to,
                promotion: None,
                kind: LeadKind::Castle(side),
            });
        }
    }
    seen
}

/// A leading move played on the board: the position after it (side to move not yet switched),
/// with what it moved and captured.
pub(crate) struct Applied {
    pub pos: Position,
    pub piece: crate::Piece,
    pub capture: Option<crate::turn::Capture>,
    pub castle: Option<crate::turn::CastleRook>,
}

/// Plays a leading move on a copy of `pos`: see [`make_lead`].
#[inline]
pub(crate) fn apply_lead(pos: &Position, lead: Lead) -> Applied {
    let mut next = pos.clone();
    let made = make_lead(&mut next, lead);
    Applied {
        pos: next,
        piece: made.piece,
        capture: made.capture,
        castle: made.castle,
    }
}

/// What [`make_lead`] did, for the caller and for [`unmake_lead`].
pub(crate) struct Made {
    pub piece: crate::Piece,
    pub capture: Option<crate::turn::Capture>,
    pub castle: Option<crate::turn::CastleRook>,
    before: (Castling, Option<crate::Square>, u32),
}

/// Plays a leading move in place: capture (en passant included), promotion, the castling rook,
/// lost castling rights, the en passant square of a double step, and the half-move clock.
pub(crate) fn make_lead(pos: &mut Position, lead: Lead) -> Made {
    use crate::turn::{Capture, CastleRook};
    let us = pos.turn();
    let before = (pos.castling, pos.ep, pos.halfmoves);
    let en_passant = match lead.kind {
        LeadKind::EnPassant => lead.to.offset(-us.forward()),
        _ => None,
    }
    .and_then(|square| pos.board.take(square).map(|piece| Capture { square, piece }));
    let (piece, capture) = match lift_lead(pos, lead.from) {
        Some(lifted) => {
            let landed = land_lead(pos, &lifted, lead.from, lead.to);
            let taken = landed.taken.map(|piece| Capture {
                square: lead.to,
                piece,
            });
            (lifted.piece, taken.or(en_passant))
        }
        None => (crate::Piece::new(us, Role::Pawn), en_passant),
    };
    if let Some(role) = lead.promotion {
        pos.board.set_role(lead.to, role);
    }
    let mut castle = None;
    if let LeadKind::Castle(side) = lead.kind {
        let (_, rook, _, rook_to) = Castling::squares(us, side);
        pos.board.shift(rook, rook_to);
        pos.castling = pos.castling.touched(rook);
        castle = Some(CastleRook {
            rook_from: rook,
            rook_to,
        });
    }
    Made {
        piece,
        capture,
        castle,
        before,
    }
}

/// The rights, en passant square and half-move clock of a position, to restore.
type Counters = (Castling, Option<crate::Square>, u32);

/// A leader lifted off its square by [`lift_lead`], and what to restore.
pub(crate) struct Lifted {
    pub piece: crate::Piece,
    before: Counters,
}

/// What [`land_lead`] took, and what to restore.
pub(crate) struct Landed {
    pub taken: Option<crate::Piece>,
    before: Counters,
}

/// The first half of a leading move played in place (RULES.md 1.3): the unit leaves `from`,
/// rights on `from` lapse, and the half-move clock counts the move (a pawn's resets it). Its
/// chain may be played ([`make_follow`]) before it lands ([`land_lead`]), so that one chain
/// serves every destination. `None` if `from` is empty.
#[inline]
pub(crate) fn lift_lead(pos: &mut Position, from: crate::Square) -> Option<Lifted> {
    let before = (pos.castling, pos.ep, pos.halfmoves);
    let piece = pos.board.take(from)?;
    pos.castling = before.0.touched(from);
    pos.ep = None;
    pos.halfmoves = if piece.role == Role::Pawn { 0 } else { before.2 + 1 };
    Some(Lifted { piece, before })
}

/// The second half of a leading move other than castling and en passant: the unit lifted from
/// `from` lands on `to`, taking what stands there; rights on `to` lapse, a capture resets the
/// half-move clock, and a pawn's double step opens en passant unless a follower's already did.
#[inline]
pub(crate) fn land_lead(
    pos: &mut Position,
    lifted: &Lifted,
    from: crate::Square,
    to: crate::Square,
) -> Landed {
    let before = (pos.castling, pos.ep, pos.halfmoves);
    let taken = pos.board.take(to);
    pos.board.put(to, lifted.piece);
    pos.castling = before.0.touched(to);
    if lifted.piece.role == Role::Pawn && from.u8().abs_diff(to.u8()) == 16 && before.1.is_none() {
        pos.ep = from.offset(pos.turn().forward());
    }
    if taken.is_some() {
        pos.halfmoves = 0;
    }
    Landed { taken, before }
}

/// Takes back what [`land_lead`] did on `to`.
#[inline]
pub(crate) fn unland_lead(pos: &mut Position, to: crate::Square, landed: &Landed) {
    pos.board.take(to);
    if let Some(piece) = landed.taken {
        pos.board.put(to, piece);
    }
    (pos.castling, pos.ep, pos.halfmoves) = landed.before;
}

/// Takes back what [`lift_lead`] did on `from`.
#[inline]
pub(crate) fn unlift_lead(pos: &mut Position, from: crate::Square, lifted: &Lifted) {
    pos.board.put(from, lifted.piece);
    (pos.castling, pos.ep, pos.halfmoves) = lifted.before;
}

/// Plays a follower's step in place (RULES.md 1.3): the unit on `from` moves to the vacated
/// `to`, rights on `from` lapse, and a pawn resets the half-move clock and, by a double step,
/// opens en passant. Returns the rights, en passant square and clock to restore.
#[inline]
pub(crate) fn make_follow(
    pos: &mut Position,
    from: crate::Square,
    to: crate::Square,
    role: Role,
) -> (Castling, Option<crate::Square>, u32) {
    let before = (pos.castling, pos.ep, pos.halfmoves);
    pos.board.shift(from, to);
    pos.castling = pos.castling.touched(from);
    if role == Role::Pawn {
        pos.halfmoves = 0;
        if from.u8().abs_diff(to.u8()) == 16 {
            pos.ep = from.offset(pos.turn().forward());
        }
    }
    before
}

/// Takes back what [`make_follow`] did.
#[inline]
pub(crate) fn unmake_follow(
    pos: &mut Position,
    from: crate::Square,
    to: crate::Square,
    before: (Castling, Option<crate::Square>, u32),
) {
    pos.board.shift(to, from);
    (pos.castling, pos.ep, pos.halfmoves) = before;
}

/// Takes back what [`make_lead`] did.
#[inline]
pub(crate) fn unmake_lead(pos: &mut Position, lead: Lead, made: &Made) {
    if let Some(c) = made.castle {
        pos.board.shift(c.rook_to, c.rook_from);
    }
    if lead.promotion.is_some() {
        pos.board.set_role(lead.to, Role::Pawn);
    }
    pos.board.shift(lead.to, lead.from);
    if let Some(c) = made.capture {
        pos.board.put(c.square, c.piece);
    }
    (pos.castling, pos.ep, pos.halfmoves) = made.before;
}
