//! The reference for the phase's stages (tests only): the rule as it reads, unit by unit: each
//! wave, every defender's attacks looked up square by square and every target turned on its own.
//! `super::tests` checks the set-wise stages against it on random placements.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::turn::Event;
use crate::types::{Color, Piece, Role, Square};

/// Squares defended by the units of `kind` among `units`, per colour.
#[inline]
fn defended_by(board: &Board, kind: Role, units: Bitboard, occ: Bitboard, into: &mut [Bitboard; 2]) {
    for color in Color::ALL {
        let piece = Piece::new(color, kind);
        for sq in units & board.by_color(color) {
            into[color.index()] |= Board::attacks_of(piece, sq, occ);
        }
    }
}

/// Runs the stage of `kind` on both colours, wave by wave, and returns the squares whose units
/// changed kind. In the pawn stage, units that become pawns on their owner's last rank are
/// listed in `last_rank` (in notation order) for their owner to choose a kind; they stay pawns
/// here and take no further part in the stage.
pub(super) fn stage<const EXPLAIN: bool>(
    board: &mut Board,
    kind: Role,
    events: &mut Vec<Event>,
    mut last_rank: Option<&mut Vec<Square>>,
) -> Bitboard {
    let occ = board.occupied();
    let mut defended = [Bitboard::EMPTY; 2];
    let mut fresh = board.by_role(kind);
    let mut changed = Bitboard::EMPTY;
    let mut wave = 0u8;
    loop {
        if fresh.is_empty() {
            break;
        }
        defended_by(board, kind, fresh, occ, &mut defended);
        let targets = ((defended[0] & board.by_color(Color::White))
            | (defended[1] & board.by_color(Color::Black)))
            & !board.by_role(kind)
            & !board.by_role(Role::King)
            & !changed;
        if targets.is_empty() {
            break;
        }
        wave += 1;
        if EXPLAIN && wave == 1 {
            events.push(Event::Stage { role: kind });
        }
        let defenders = board.by_role(kind);
        for sq in targets {
            let Some(before) = board.piece_at(sq) else {
                continue;
            };
            if EXPLAIN {
                let defender = (defenders & board.by_color(before.color))
                    .find(|&d| Board::attacks_of(Piece::new(before.color, kind), d, occ).contains(sq))
                    .unwrap_or(sq);
                events.push(Event::Transform {
                    square: sq,
                    color: before.color,
                    from: before.role,
                    to: kind,
                    defender,
                    stage: kind,
                    wave,
                    promotion: None,
                });
            }
            board.set_role(sq, kind);
            if kind == Role::Pawn && sq.rank() == before.color.last_rank() {
                if let Some(list) = last_rank.as_deref_mut() {
                    list.push(sq);
                }
            }
        }
        changed |= targets;
        fresh = targets;
    }
    changed
}
