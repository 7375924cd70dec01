//! The Tatarstan transformation phase (docs/rules.md 3.2-3.7): stages by kind, waves inside a stage,
//! the owners' choices for units that became pawns on their last rank, and the rights that
//! lapse by transformation (1.9, 3.7).
//!
//! A stage works on sets: each wave, the squares defended by the units of the stage's kind that
//! turned in the wave before (all of them, in the first) come from attack sets (pawns and
//! knights by shifts of the whole set, sliders from the attack tables), and every defended unit
//! of another kind turns at once. No unit moves in the phase, so the occupancy, and with it
//! every slider's attacks, is the same throughout. Events are made only with `EXPLAIN`.
//!
//! The colours never interact (3.4: defence is within one colour, and only the occupancy is
//! shared), so a stage runs as well on one colour's units alone ([`Kinds`]), which the Tatarstan
//! perft counter does. `plain` (tests only) is the reference: the rule unit by unit.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Units};
use crate::position::Position;
use crate::step;
use crate::turn::{Event, OwnerPromotion, Right};
use crate::types::{Color, Piece, Role, Square};

mod attack;
#[cfg(test)]
mod plain;
#[cfg(test)]
mod tests;

pub(crate) use attack::{may_attack, must_attack};

/// What the transformation phase hands on for each position it can end in: the position, the
/// turn's events so far and the owners' promotion choices. Returns `true` to stop.
///
/// A type parameter, not `dyn`, so that the generator's closure is called directly: in V8's
/// wasm a `dyn` call is an indirect call (a table load and a signature check), once for every
/// turn the phase ends in.
pub(crate) trait Emit: FnMut(&Position, &[Event], &[OwnerPromotion]) -> bool {}

impl<F: FnMut(&Position, &[Event], &[OwnerPromotion]) -> bool> Emit for F {}

/// The transformation phase after the chain of a turn played by `us` (`pos` has the other side
/// to move): every stage, branching on every combination of the owners' choices, then the
/// castling and en passant rights it ends. Calls `emit` once per position it can end in, with
/// `events` (recorded only with `EXPLAIN`) and `promotions` as they stand then, and gives
/// `pos`, `events` and `promotions` back as it found them. Returns whether `emit` asked to
/// stop. The phase runs on `pos` itself (a copy only per owner's choice): the 216-byte copy a
/// turn was a call out of the code in V8's wasm.
pub(crate) fn phase<const EXPLAIN: bool, E: Emit>(
    pos: &mut Position,
    us: Color,
    events: &mut Vec<Event>,
    promotions: &mut Vec<OwnerPromotion>,
    emit: &mut E,
) -> bool {
    let events_len = events.len();
    let (kinds, castling, ep) = (pos.board.kinds(), pos.castling, pos.ep);
    let mut last_rank = LastRank::default();
    let changed = stage::<_, EXPLAIN>(&mut pos.board, Role::Pawn, events, Some(&mut last_rank));
    let mut phase = Phase::<EXPLAIN, E> {
        us,
        events,
        promotions,
        emit,
    };
    let stop = phase.owner_choices(pos, changed, &last_rank, 0, events_len);
    phase.events.truncate(events_len);
    pos.board.restore_kinds(kinds);
    (pos.castling, pos.ep) = (castling, ep);
    stop
}

/// The placement after the stages of a transformation phase on `board` (docs/rules.md 3.3-3.4),
/// with the units that become pawns on their owner's last rank left pawns (no owner's choice,
/// 3.5, is made) and no right judged: what the next phase is about to do to the units, for an
/// evaluation to look ahead. The same stages as [`phase`], without its events.
pub fn stages_ahead(board: &Board) -> Board {
    let mut board = board.clone();
    let mut events = Vec::new();
    stage::<_, false>(&mut board, Role::Pawn, &mut events, None);
    later_stages::<_, false>(&mut board, &mut events);
    board
}

struct Phase<'a, const EXPLAIN: bool, E> {
    us: Color,
    events: &'a mut Vec<Event>,
    promotions: &'a mut Vec<OwnerPromotion>,
    emit: &'a mut E,
}

impl<const EXPLAIN: bool, E: Emit> Phase<'_, EXPLAIN, E> {
    /// Every combination of the owners' choices for units that became pawns on their last
    /// rank (docs/rules.md 3.5), then the later stages.
    fn owner_choices(
        &mut self,
        pos: &mut Position,
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
            let stop = self.owner_choices(&mut next, changed, last_rank, i + 1, events_from);
            self.promotions.pop();
            if stop {
                return true;
            }
        }
        false
    }

    /// The knight, bishop, rook and queen stages, then the rights that transformation ends:
    /// castling with a king or rook that changed kind (docs/rules.md 1.9), en passant when the pawn
    /// that double-stepped changed kind (3.7). Leaves `pos` as the phase ends it.
    fn later_stages(&mut self, pos: &mut Position, changed: Bitboard) -> bool {
        let events_len = self.events.len();
        let changed = changed | later_stages::<_, EXPLAIN>(&mut pos.board, self.events);
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
        let stop = (self.emit)(pos, self.events, self.promotions);
        self.events.truncate(events_len);
        stop
    }
}

const CORNERS: Bitboard = Bitboard((1 << 0) | (1 << 7) | (1 << 56) | (1 << 63));

/// A placement the phase can change: the board, or one colour's units alone ([`Kinds`]).
pub(crate) trait Placement: Units {
    /// Turns every unit on `squares` into `role`.
    fn retype(&mut self, squares: Bitboard, role: Role);

    /// The kind of the unit on `sq`, if any.
    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL.into_iter().find(|&r| self.by_role(r).contains(sq))
    }
}

impl Placement for Board {
    #[inline]
    fn retype(&mut self, squares: Bitboard, role: Role) {
        Board::retype(self, squares, role);
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Board::role_at(self, sq)
    }
}

/// The units of one colour by kind, with the whole board's occupancy (the other colour's
/// units block lines but are left out): what the phase needs of a colour to transform it.
#[derive(Clone, Copy)]
pub(crate) struct Kinds {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    occupied: Bitboard,
}

impl Kinds {
    /// The units of `color` on `board`.
    #[inline]
    pub(crate) fn of(board: &Board, color: Color) -> Kinds {
        let own = board.by_color(color);
        let mut by_color = [Bitboard::EMPTY; 2];
        by_color[color.index()] = own;
        Kinds {
            by_color,
            by_role: Role::ALL.map(|r| board.by_role(r) & own),
            occupied: board.occupied(),
        }
    }
}

impl Kinds {
    /// Moves the unit of kind `role` on `from` to the empty square `to` (the Tatarstan counter
    /// walks our chains on our units alone).
    #[inline]
    pub(crate) fn shift(&mut self, from: Square, to: Square, role: Role) {
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        for set in &mut self.by_color {
            if set.contains(from) {
                *set ^= both;
            }
        }
        self.by_role[role.index()] ^= both;
        self.occupied ^= both;
    }

    /// Takes the unit of kind `role` off `sq` (the square is left empty).
    #[inline]
    pub(crate) fn remove(&mut self, sq: Square, role: Role) {
        let bb = !Bitboard::from_square(sq);
        for set in &mut self.by_color {
            *set &= bb;
        }
        self.by_role[role.index()] &= bb;
        self.occupied &= bb;
    }

    /// The same units with the occupancy `occupied`.
    #[inline]
    pub(crate) fn with_occupancy(mut self, occupied: Bitboard) -> Kinds {
        self.occupied = occupied;
        self
    }
}

impl Units for Kinds {
    #[inline]
    fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline]
    fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    #[inline]
    fn occupied(&self) -> Bitboard {
        self.occupied
    }
}

impl Placement for Kinds {
    #[inline]
    fn retype(&mut self, squares: Bitboard, role: Role) {
        for set in &mut self.by_role {
            *set &= !squares;
        }
        self.by_role[role.index()] |= squares;
    }
}

/// The squares that units of `kind` and colour `color` on `units` defend (docs/rules.md 3.2),
/// given the occupancy `occ`.
#[inline]
pub(crate) fn defended(kind: Role, color: Color, units: Bitboard, occ: Bitboard) -> Bitboard {
    match kind {
        Role::Pawn => attacks::pawn_attacks_set(color, units),
        Role::Knight => attacks::knight_attacks_set(units),
        Role::Bishop => units.fold(Bitboard::EMPTY, |bb, sq| bb | attacks::bishop_attacks(sq, occ)),
        Role::Rook => units.fold(Bitboard::EMPTY, |bb, sq| bb | attacks::rook_attacks(sq, occ)),
        Role::Queen => units.fold(Bitboard::EMPTY, |bb, sq| bb | attacks::queen_attacks(sq, occ)),
        Role::King => units.fold(Bitboard::EMPTY, |bb, sq| bb | attacks::king_attacks(sq)),
    }
}

/// The knight, bishop, rook and queen stages (the pawn stage and the owners' choices done);
/// returns the squares whose units changed kind.
#[inline]
pub(crate) fn later_stages<P: Placement, const EXPLAIN: bool>(
    p: &mut P,
    events: &mut Vec<Event>,
) -> Bitboard {
    let mut changed = Bitboard::EMPTY;
    for kind in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        changed |= stage::<P, EXPLAIN>(p, kind, events, None);
    }
    changed
}

/// Runs the stage of `kind` on both colours, wave by wave, and returns the squares whose units
/// changed kind. In the pawn stage, units that become pawns on their owner's last rank are
/// listed in `last_rank` (in notation order) for their owner to choose a kind; they stay pawns
/// here and take no further part in the stage (a pawn on its last rank attacks nothing).
#[cfg_attr(feature = "inline-hot", inline(always))]
pub(crate) fn stage<P: Placement, const EXPLAIN: bool>(
    p: &mut P,
    kind: Role,
    events: &mut Vec<Event>,
    mut last_rank: Option<&mut LastRank>,
) -> Bitboard {
    let occ = p.occupied();
    let kings = p.by_role(Role::King);
    let mut fresh = p.by_role(kind);
    let mut changed = Bitboard::EMPTY;
    let mut wave = 0u8;
    while fresh.any() {
        let mut targets = Bitboard::EMPTY;
        for color in Color::ALL {
            let own = p.by_color(color);
            let units = fresh & own;
            if units.any() {
                targets |= defended(kind, color, units, occ) & own;
            }
        }
        targets &= !p.by_role(kind) & !kings;
        if targets.is_empty() {
            break;
        }
        wave += 1;
        if EXPLAIN {
            explain_wave(p, kind, targets, wave, events);
        }
        if kind == Role::Pawn {
            if let Some(list) = last_rank.as_deref_mut() {
                let on_last_rank = (p.by_color(Color::White) & Bitboard::rank(Color::White.last_rank()))
                    | (p.by_color(Color::Black) & Bitboard::rank(Color::Black.last_rank()));
                for sq in targets & on_last_rank {
                    list.push(sq);
                }
            }
        }
        p.retype(targets, kind);
        changed |= targets;
        fresh = targets;
    }
    changed
}

/// The events of one wave of the stage of `kind`, before its `targets` turn: a `stage` event
/// first in the stage, then one `transform` per target, by square, naming the defender on the
/// lowest square (docs/rules.md 6).
#[cold]
fn explain_wave<P: Placement>(p: &P, kind: Role, targets: Bitboard, wave: u8, events: &mut Vec<Event>) {
    events.reserve(targets.count() as usize + 1);
    if wave == 1 {
        events.push(Event::Stage { role: kind });
    }
    let occ = p.occupied();
    for sq in targets {
        let (Some(color), Some(from)) = (
            Color::ALL.into_iter().find(|&c| p.by_color(c).contains(sq)),
            p.role_at(sq),
        ) else {
            continue;
        };
        // The defenders are the units of `kind` that a unit of `kind` on `sq` would attack
        // (attacks are symmetric, a pawn's seen from the other side), the lowest first.
        let reverse = Board::attacks_of(Piece::new(color.other(), kind), sq, occ);
        let defender = (reverse & p.by_role(kind) & p.by_color(color))
            .first()
            .unwrap_or(sq);
        events.push(Event::Transform {
            square: sq,
            color,
            from,
            to: kind,
            defender,
            stage: kind,
            wave,
            promotion: None,
        });
    }
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

    /// How many squares await a choice.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}
