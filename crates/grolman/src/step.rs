//! Playing a step in place (docs/rules.md 1.3): a leading move (whole, or lifted and landed in two
//! halves so that one chain serves every destination), a follower's step, each with what it
//! takes back; and finishing a turn (the side to move and the move number).

use crate::movegen::{Lead, LeadKind};
use crate::position::{Castling, Position};
use crate::turn::{Capture, CastleRook, Event, Right};
use crate::types::{Color, Piece, Role, Square};

/// The rights, en passant square and half-move clock of a position, to restore.
pub(crate) type Counters = (Castling, Option<Square>, u32);

/// A leading move played on a copy of `pos` (side to move not yet switched): see [`make_lead`].
#[inline]
pub(crate) fn apply_lead(pos: &Position, lead: Lead) -> Position {
    let mut next = pos.clone();
    make_lead(&mut next, lead);
    next
}

/// What [`make_lead`] did, for the caller and for [`unmake_lead`].
pub(crate) struct Made {
    pub piece: Piece,
    pub capture: Option<Capture>,
    pub castle: Option<CastleRook>,
    before: Counters,
}

/// Plays a leading move in place: capture (en passant included), promotion, the castling rook,
/// lost castling rights, the en passant square of a double step, and the half-move clock.
/// Inlined in the engine's wasm (`inline-hot`): the search's `play_chainless` drops the
/// [`Made`], which a call wrote to memory all the same.
#[cfg_attr(feature = "inline-hot", inline(always))]
pub(crate) fn make_lead(pos: &mut Position, lead: Lead) -> Made {
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
        None => (Piece::new(us, Role::Pawn), en_passant),
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

/// A leader lifted off its square by [`lift_lead`], and what to restore.
pub(crate) struct Lifted {
    pub piece: Piece,
    before: Counters,
}

/// What [`land_lead`] took, and what to restore.
pub(crate) struct Landed {
    pub taken: Option<Piece>,
    before: Counters,
}

/// The first half of a leading move played in place (docs/rules.md 1.3): the unit leaves `from`,
/// rights on `from` lapse, and the half-move clock counts the move (a pawn's resets it). Its
/// chain may be played ([`make_follow`]) before it lands ([`land_lead`]), so that one chain
/// serves every destination. `None` if `from` is empty.
#[inline]
pub(crate) fn lift_lead(pos: &mut Position, from: Square) -> Option<Lifted> {
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
pub(crate) fn land_lead(pos: &mut Position, lifted: &Lifted, from: Square, to: Square) -> Landed {
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
pub(crate) fn unland_lead(pos: &mut Position, to: Square, landed: &Landed) {
    pos.board.take(to);
    if let Some(piece) = landed.taken {
        pos.board.put(to, piece);
    }
    (pos.castling, pos.ep, pos.halfmoves) = landed.before;
}

/// Takes back what [`lift_lead`] did on `from`.
#[inline]
pub(crate) fn unlift_lead(pos: &mut Position, from: Square, lifted: &Lifted) {
    pos.board.put(from, lifted.piece);
    (pos.castling, pos.ep, pos.halfmoves) = lifted.before;
}

/// Plays a follower's step in place (docs/rules.md 1.3): the unit on `from` moves to the vacated
/// `to`, rights on `from` lapse, and a pawn resets the half-move clock and, by a double step,
/// opens en passant. Returns the rights, en passant square and clock to restore.
#[cfg_attr(feature = "inline-hot", inline(always))]
#[cfg_attr(not(feature = "inline-hot"), inline)]
pub(crate) fn make_follow(pos: &mut Position, from: Square, to: Square, role: Role) -> Counters {
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
pub(crate) fn unmake_follow(pos: &mut Position, from: Square, to: Square, before: Counters) {
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

/// Ends a turn played by the side to move (docs/rules.md 1.6 judges it then): the other side is to
/// move, and the move number counts on after Black's turn. Returns the move number to restore
/// with [`unfinish_turn`].
#[inline]
pub(crate) fn finish_turn(pos: &mut Position) -> u32 {
    let fullmoves = pos.fullmoves;
    if pos.turn == Color::Black {
        pos.fullmoves += 1;
    }
    pos.turn = pos.turn.other();
    fullmoves
}

/// Takes back what [`finish_turn`] did.
#[inline]
pub(crate) fn unfinish_turn(pos: &mut Position, fullmoves: u32) {
    pos.turn = pos.turn.other();
    pos.fullmoves = fullmoves;
}

/// Records the castling rights lost between `before` and `after` as events.
pub(crate) fn lapsed_rights(events: &mut Vec<Event>, before: Castling, after: Castling) {
    for (color, side) in before.lost(after) {
        events.push(Event::RightLapsed {
            right: Right::Castling,
            color: Some(color),
            side: Some(side),
            square: None,
        });
    }
}
