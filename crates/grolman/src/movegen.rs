//! Leading moves: every orthodox move of the side to move, before any legality test (docs/rules.md
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

/// Which leading moves a generator call wants: a search takes captures first and the
/// quiet moves only when it reaches them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeadSet {
    /// Every leading move.
    All,
    /// Captures, en passant included ([`Lead::is_capture`]).
    Captures,
    /// The others: quiet moves, double steps, non-capturing promotions, castling.
    Quiet,
}

/// Appends every leading move of the side to move to `out`.
pub fn leads(pos: &Position, rules: Rules, out: &mut Vec<Lead>) {
    leads_of(pos, rules, LeadSet::All, out);
}

/// Appends the leading moves of `set` to `out`, in the order [`leads`] gives them (each set is
/// a subsequence of it, so a search that takes captures, then quiet moves, meets ties alike).
pub fn leads_of(pos: &Position, rules: Rules, set: LeadSet, out: &mut Vec<Lead>) {
    for_each_lead_of(pos, rules, set, |lead| out.push(lead));
}

/// Calls `each` with the leading moves of `set`, in the order of [`leads_of`]: for a caller
/// that keeps them with more (a search's scores), written once instead of listed and copied.
#[inline]
pub fn for_each_lead_of(pos: &Position, rules: Rules, set: LeadSet, mut each: impl FnMut(Lead)) {
    generate(pos, rules, pos.board().by_color(pos.turn()), set, &mut each);
}

/// Appends the leading moves of the unit on `from` to `out` (none when it is not the side to
/// move's): how a search checks the table's move without generating the others.
pub fn leads_from(pos: &Position, rules: Rules, from: Square, out: &mut Vec<Lead>) {
    let own = pos.board().by_color(pos.turn());
    generate(
        pos,
        rules,
        own & Bitboard::from_square(from),
        LeadSet::All,
        &mut |lead| out.push(lead),
    );
}

/// The leading moves of the units on `units` (the side to move's), restricted to `set`.
#[inline(always)]
fn generate<F: FnMut(Lead)>(pos: &Position, rules: Rules, units: Bitboard, set: LeadSet, out: &mut F) {
    let us = pos.turn();
    let board = pos.board();
    let own = board.by_color(us);
    let enemy = board.by_color(us.other());
    let occ = board.occupied();
    let (captures, quiet) = match set {
        LeadSet::All => (true, true),
        LeadSet::Captures => (true, false),
        LeadSet::Quiet => (false, true),
    };
    let targets = match set {
        LeadSet::All => !own,
        LeadSet::Captures => enemy,
        LeadSet::Quiet => !occ,
    };
    let quiet_or_capture = |from: Square, reach: Bitboard, out: &mut F| {
        for to in reach & targets {
            let kind = if enemy.contains(to) {
                LeadKind::Capture
            } else {
                LeadKind::Quiet
            };
            out(Lead {
                from,
                to,
                promotion: None,
                kind,
            });
        }
    };

    for from in board.by_role(Role::Pawn) & units {
        let last = to_rank_is_last(us, from);
        let push = |to: Square, kind: LeadKind, out: &mut F| {
            if last {
                for role in Role::PROMOTIONS {
                    out(Lead {
                        from,
                        to,
                        promotion: Some(role),
                        kind,
                    });
                }
            } else {
                out(Lead {
                    from,
                    to,
                    promotion: None,
                    kind,
                });
            }
        };
        if quiet {
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
        }
        if captures {
            for to in attacks::pawn_attacks(us, from) & enemy {
                push(to, LeadKind::Capture, out);
            }
            if let Some(ep) = pos.ep_square() {
                if attacks::pawn_attacks(us, from).contains(ep) {
                    push(ep, LeadKind::EnPassant, out);
                }
            }
        }
    }
    for from in board.by_role(Role::Knight) & units {
        quiet_or_capture(from, attacks::knight_attacks(from), out);
    }
    for from in board.by_role(Role::Bishop) & units {
        quiet_or_capture(from, attacks::bishop_attacks(from, occ), out);
    }
    for from in board.by_role(Role::Rook) & units {
        quiet_or_capture(from, attacks::rook_attacks(from, occ), out);
    }
    for from in board.by_role(Role::Queen) & units {
        quiet_or_capture(from, attacks::queen_attacks(from, occ), out);
    }
    for from in board.by_role(Role::King) & units {
        quiet_or_capture(from, attacks::king_attacks(from), out);
        if quiet && rules.castling_allowed() {
            castles(pos, &mut *out);
        }
    }
}

#[inline]
fn to_rank_is_last(us: crate::Color, from: Square) -> bool {
    from.rank() as i8 + us.forward() / 8 == us.last_rank() as i8
}

/// Castling to `side`, if it passes the conditions of docs/rules.md 1.2: king and rook unmoved
/// (the right stands), the squares between them empty, and the king not in check and not
/// crossing an attacked square (`attacked` answers for the king's square and each it crosses).
/// Whether the king may stand on its destination is the end-of-turn test.
#[inline(always)]
pub(crate) fn castle(
    pos: &Position,
    side: CastlingSide,
    mut attacked: impl FnMut(Square) -> bool,
) -> Option<Lead> {
    let us = pos.turn();
    if !pos.castling().has(us, side) {
        return None;
    }
    let (king, rook, king_to, _) = Castling::squares(us, side);
    if (attacks::between(king, rook) & pos.board().occupied()).any() {
        return None;
    }
    let mut crossed = Bitboard::from_square(king) | attacks::between(king, king_to);
    (!Iterator::any(&mut crossed, &mut attacked)).then_some(Lead {
        from: king,
        to: king_to,
        promotion: None,
        kind: LeadKind::Castle(side),
    })
}

/// Every castling of the side to move ([`castle`]), to `out`. Returns the squares whose
/// contents decided it (for the castling rights `pos` has): while they hold the same units,
/// it finds the same.
pub(crate) fn castles(pos: &Position, mut out: impl FnMut(Lead)) -> Bitboard {
    let us = pos.turn();
    let board = pos.board();
    let occ = board.occupied();
    let threats = Attackers::of(board, us.other());
    let mut seen = Bitboard::EMPTY;
    for side in [CastlingSide::King, CastlingSide::Queen] {
        if !pos.castling().has(us, side) {
            continue;
        }
        // What decides it: the squares between king and rook, and when they are empty, the
        // attacks on each square the king crosses up to the first attacked one.
        let (king, rook, _, _) = Castling::squares(us, side);
        seen |= attacks::between(king, rook).with(king).with(rook);
        let attacked = |sq| {
            let (attackers, decided) = threats.on_seen(sq, occ);
            seen |= decided;
            attackers.any()
        };
        if let Some(lead) = castle(pos, side, attacked) {
            out(lead);
        }
    }
    seen
}
