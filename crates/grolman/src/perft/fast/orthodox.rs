//! A fast, fully legal move generator for orthodox chess (checks, pins, en passant, castling),
//! used by perft with bulk counting at the last ply. The general generator of `turns.rs`
//! decides legality at the end of each turn, as the Grolman variants require; this one is
//! checked against it by the perft suite and the golden counts.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::movegen::{self, plain_leads, Lead, LeadKind};
use crate::position::{CastlingSide, Position};
use crate::step::{self, apply_lead};
use crate::types::{Role, Square};
use crate::variant::Variant;

/// Receives moves by sets of destinations.
trait Sink {
    /// `from` may move to every square of `targets`; pawns to the last rank promote.
    fn targets(&mut self, pos: &Position, from: Square, targets: Bitboard, promotes: bool);
    fn one(&mut self, lead: Lead);
}

struct Counter(u64);

impl Sink for Counter {
    #[inline]
    fn targets(&mut self, _: &Position, _: Square, targets: Bitboard, promotes: bool) {
        self.0 += targets.count() as u64 * if promotes { 4 } else { 1 };
    }

    #[inline]
    fn one(&mut self, _: Lead) {
        self.0 += 1;
    }
}

struct List(Vec<Lead>);

impl Sink for List {
    fn targets(&mut self, pos: &Position, from: Square, targets: Bitboard, promotes: bool) {
        for to in targets {
            self.0.extend(plain_leads(pos.board(), (from, to), promotes));
        }
    }

    fn one(&mut self, lead: Lead) {
        self.0.push(lead);
    }
}

fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let own = board.by_color(us);
    let enemy = board.by_color(them);
    let occ = board.occupied();
    let Some(king) = board.king_of(us) else { return };

    let checkers = board.attackers(king, them, occ);
    // King moves: the destination must not be attacked once the king has left its square.
    let without_king = occ.without(king);
    let mut king_targets = Bitboard::EMPTY;
    for to in attacks::king_attacks(king) & !own {
        if board.attackers(to, them, without_king).is_empty() {
            king_targets.set(to);
        }
    }
    sink.targets(pos, king, king_targets, false);
    if checkers.more_than_one() {
        return;
    }
    let check_mask = match checkers.first() {
        Some(c) => attacks::between(king, c).with(c),
        None => Bitboard::ALL,
    };

    let pinned = board.lines_to(king, them).pinned & own;
    let allowed = |from: Square| {
        if pinned.contains(from) {
            check_mask & attacks::line(king, from)
        } else {
            check_mask
        }
    };

    for from in board.by_role(Role::Knight) & own & !pinned {
        sink.targets(
            pos,
            from,
            attacks::knight_attacks(from) & !own & check_mask,
            false,
        );
    }
    for from in (board.by_role(Role::Bishop) | board.by_role(Role::Queen)) & own {
        sink.targets(
            pos,
            from,
            attacks::bishop_attacks(from, occ) & !own & allowed(from),
            false,
        );
    }
    for from in (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & own {
        sink.targets(
            pos,
            from,
            attacks::rook_attacks(from, occ) & !own & allowed(from),
            false,
        );
    }

    let pawns = board.by_role(Role::Pawn) & own;
    let last = Bitboard::rank(us.last_rank());
    for from in pawns {
        let mut targets = attacks::pawn_attacks(us, from) & enemy;
        if let Some(one) = from.offset(us.forward()) {
            if !occ.contains(one) {
                targets.set(one);
                if from.rank() == us.pawn_rank() {
                    if let Some(two) = one.offset(us.forward()) {
                        if !occ.contains(two) {
                            targets.set(two);
                        }
                    }
                }
            }
        }
        targets &= allowed(from);
        sink.targets(pos, from, targets & !last, false);
        sink.targets(pos, from, targets & last, true);
    }

    if let Some(ep) = pos.ep_square() {
        for from in attacks::pawn_attacks(them, ep) & pawns {
            // Rare: test by playing it (the capture may uncover the king along the rank).
            let lead = Lead {
                from,
                to: ep,
                promotion: None,
                kind: LeadKind::EnPassant,
            };
            if !apply_lead(pos, lead).board().king_attacked(us) {
                sink.one(lead);
            }
        }
    }

    // Castling as in every variant, and the king may not land in check either.
    if checkers.is_empty() {
        for side in [CastlingSide::King, CastlingSide::Queen] {
            // Not in check: only the squares the king crosses are asked about.
            let attacked = |sq: Square| sq != king && board.attackers(sq, them, occ).any();
            if let Some(lead) = movegen::castle(pos, side, attacked) {
                if board.attackers(lead.to, them, occ).is_empty() {
                    sink.one(lead);
                }
            }
        }
    }
}

/// The legal orthodox moves.
fn legal_moves(pos: &Position) -> Vec<Lead> {
    let mut list = List(Vec::with_capacity(64));
    generate(pos, &mut list);
    list.0
}

/// The position after a legal orthodox move.
#[inline]
fn play(pos: &Position, lead: Lead) -> Position {
    let mut next = apply_lead(pos, lead);
    step::finish_turn(&mut next);
    next
}

/// Orthodox perft with bulk counting at the last ply.
pub(super) fn perft(pos: &Position, depth: u32) -> u64 {
    let n = match depth {
        0 => 1,
        1 => {
            let mut c = Counter(0);
            generate(pos, &mut c);
            c.0
        }
        _ => legal_moves(pos)
            .into_iter()
            .map(|m| perft(&play(pos, m), depth - 1))
            .sum(),
    };
    super::checked(pos, Variant::Orthodox.into(), depth, n)
}
