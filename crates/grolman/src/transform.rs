//! The Tatarstan transformation phase (docs/rules.md 3.2-3.7): stages by kind, waves inside a stage,
//! the owners' choices for units that became pawns on their last rank, and the rights that
//! lapse by transformation (1.9, 3.7).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::position::Position;
use crate::step;
use crate::turn::{Event, OwnerPromotion, Right};
use crate::types::{Color, Piece, Role, Square};

/// What the transformation phase hands on for each position it can end in: the position, the
/// turn's events so far and the owners' promotion choices. Returns `true` to stop.
pub(crate) type Emit<'a> = dyn FnMut(&Position, &[Event], &[OwnerPromotion]) -> bool + 'a;

/// The transformation phase after the chain of a turn played by `us` (`pos` has the other side
/// to move): every stage, branching on every combination of the owners' choices, then the
/// castling and en passant rights it ends. Calls `emit` once per position it can end in, with
/// `events` (recorded only with `EXPLAIN`) and `promotions` as they stand then, and gives both
/// back as it found them. Returns whether `emit` asked to stop.
pub(crate) fn phase<const EXPLAIN: bool>(
    mut pos: Position,
    us: Color,
    events: &mut Vec<Event>,
    promotions: &mut Vec<OwnerPromotion>,
    emit: &mut Emit<'_>,
) -> bool {
    let events_len = events.len();
    let mut last_rank = LastRank::default();
    let changed = stage::<EXPLAIN>(&mut pos.board, Role::Pawn, events, Some(&mut last_rank));
    let mut phase = Phase::<EXPLAIN> {
        us,
        events,
        promotions,
        emit,
    };
    let stop = phase.owner_choices(pos, changed, &last_rank, 0, events_len);
    phase.events.truncate(events_len);
    stop
}

struct Phase<'a, 'e, const EXPLAIN: bool> {
    us: Color,
    events: &'a mut Vec<Event>,
    promotions: &'a mut Vec<OwnerPromotion>,
    emit: &'a mut Emit<'e>,
}

impl<const EXPLAIN: bool> Phase<'_, '_, EXPLAIN> {
    /// Every combination of the owners' choices for units that became pawns on their last
    /// rank (docs/rules.md 3.6), then the later stages.
    fn owner_choices(
        &mut self,
        pos: Position,
        changed: Bitboard,
        last_rank: &LastRank,
        i: usize,
        events_from: usize,
    ) -> bool {
        let Some(sq) = last_rank.get(i) else {
            return self.later_stages(pos, changed);
        };
        for role in Role::PROMOTIONS {
            let mut next = pos.clone();
            next.board.set_role(sq, role);
            if EXPLAIN {
                for e in &mut self.events[events_from..] {
                    if let Event::Transform {
                        square, promotion, ..
                    } = e
                    {
                        if *square == sq {
                            *promotion = Some(role);
                        }
                    }
                }
            }
            self.promotions.push(OwnerPromotion { square: sq, role });
            let stop = self.owner_choices(next, changed, last_rank, i + 1, events_from);
            self.promotions.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// The knight, bishop, rook and queen stages, then the rights that transformation ends:
    /// castling with a king or rook that changed kind (docs/rules.md 1.9), en passant when the pawn
    /// that double-stepped changed kind (3.7).
    fn later_stages(&mut self, mut pos: Position, mut changed: Bitboard) -> bool {
        let events_len = self.events.len();
        for kind in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            changed |= stage::<EXPLAIN>(&mut pos.board, kind, self.events, None);
        }
        let before = pos.castling;
        for sq in changed & CORNERS {
            pos.castling = pos.castling.touched(sq);
        }
        if EXPLAIN {
            step::lapsed_rights(self.events, before, pos.castling);
        }
        if let Some(ep) = pos.ep {
            let pawn = ep.offset(self.us.forward()).and_then(|s| pos.board.role_at(s));
            if pawn != Some(Role::Pawn) {
                pos.ep = None;
                if EXPLAIN {
                    self.events.push(Event::RightLapsed {
                        right: Right::EnPassant,
                        color: None,
                        side: None,
                        square: Some(ep),
                    });
                }
            }
        }
        let stop = (self.emit)(&pos, self.events, self.promotions);
        self.events.truncate(events_len);
        stop
    }
}

const CORNERS: Bitboard = Bitboard((1 << 0) | (1 << 7) | (1 << 56) | (1 << 63));

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
pub(crate) fn stage<const EXPLAIN: bool>(
    board: &mut Board,
    kind: Role,
    events: &mut Vec<Event>,
    mut last_rank: Option<&mut LastRank>,
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

/// Squares awaiting their owner's promotion choice, at most 16.
#[derive(Default)]
pub(crate) struct LastRank {
    squares: [Option<Square>; 16],
    len: usize,
}

impl LastRank {
    fn push(&mut self, sq: Square) {
        if self.len < self.squares.len() {
            self.squares[self.len] = Some(sq);
            self.len += 1;
        }
    }

    pub(crate) fn get(&self, i: usize) -> Option<Square> {
        if i < self.len {
            self.squares[i]
        } else {
            None
        }
    }
}
