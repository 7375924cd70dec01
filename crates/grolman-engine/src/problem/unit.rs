//! The units of the reachability bound (`intelligent.rs`): what each attacks now, where one
//! move may take it, and what it attacks after one move or reaches in two, on an empty board,
//! for each rule model and role, worked out once for every square.

use std::sync::OnceLock;

use grolman::{knight_attacks, queen_attacks, Bitboard, Color, Role, Square};

use super::kinds::{self, Kinds};
use super::reach::{attacks, attacks_after_arrival, moves, relative_rank, same_color_squares, Model};

/// A unit, with what it attacks now, where one move may take it, and (for the mating side)
/// what it attacks after one move or (for the mated side) where two moves may take it; all on
/// an empty board.
#[derive(Clone, Copy)]
pub(super) struct Unit {
    pub(super) sq: Square,
    pub(super) role: Role,
    pub(super) now: Bitboard,
    pub(super) moves: Bitboard,
    /// Attacked after at most one move (mating side), reached in at most two (mated side).
    pub(super) further: Bitboard,
    /// Tatarstan: the kinds it may attack as (kings keep their own).
    pub(super) kinds: Kinds,
}

impl Unit {
    pub(super) const NONE: Unit = Unit {
        sq: Square::new(0),
        role: Role::Pawn,
        now: Bitboard::EMPTY,
        moves: Bitboard::EMPTY,
        further: Bitboard::EMPTY,
        kinds: Kinds::ALL,
    };

    /// A Tatarstan unit that is not a king, as one that may be of any kind of `kinds`: the
    /// mating side's (`further`: attacked after one move) or the mated side's (`blocker`:
    /// reached in two). With `own_move`, the mating side's next move is its last and no phase
    /// comes before it, so the unit makes it as its own kind.
    pub(super) fn of_kinds(
        kinds: Kinds,
        color: Color,
        sq: Square,
        role: Role,
        blocker: bool,
        own_move: bool,
    ) -> Unit {
        let (moves, further) = if blocker {
            (
                kinds::moves(kinds, color, sq),
                kinds::reached_in_two(kinds, color, sq),
            )
        } else if own_move {
            let moves = kinds::moves(Kinds::of(role), color, sq);
            let attacks = kinds::attacks(kinds, color, sq);
            (
                moves,
                moves.fold(attacks, |b, to| b | kinds::attacks(kinds, color, to)),
            )
        } else {
            (
                kinds::moves(kinds, color, sq),
                kinds::attacked_after_move(kinds, color, sq),
            )
        };
        Unit {
            sq,
            role,
            now: kinds::attacks(kinds, color, sq),
            moves,
            further,
            kinds,
        }
    }

    /// The unit as the mating side's, from a table worked out once.
    pub(super) fn attacker(model: Model, color: Color, sq: Square, role: Role) -> Unit {
        units()[unit_index(model, color, sq, role)]
    }

    /// The unit as the mated side's, from a table worked out once.
    pub(super) fn blocker(model: Model, color: Color, sq: Square, role: Role) -> Unit {
        units()[3 * 2 * 6 * 64 + unit_index(model, color, sq, role)]
    }

    fn compute_attacker(model: Model, color: Color, sq: Square, role: Role) -> Unit {
        let now = attacks(model, role, color, sq);
        let moves = moves(model, role, color, sq);
        // A queen, a rook or a unit of any kind attacks every square after one move, a bishop
        // every square of its colour.
        let further = match role {
            _ if model == Model::AnyKind && role != Role::King => Bitboard::ALL,
            Role::Queen | Role::Rook => Bitboard::ALL,
            Role::Bishop => same_color_squares(sq),
            _ => moves.fold(now, |b, to| b | attacks_after_arrival(model, role, color, to)),
        };
        Unit {
            sq,
            role,
            now,
            moves,
            further,
            kinds: Kinds::ALL,
        }
    }

    fn compute_blocker(model: Model, color: Color, sq: Square, role: Role) -> Unit {
        let now = attacks(model, role, color, sq);
        let moves = moves(model, role, color, sq);
        // A queen, a rook or a unit of any kind reaches every square in two moves, a bishop
        // every square of its colour.
        let further = match role {
            _ if model == Model::AnyKind => Bitboard::ALL,
            Role::Queen | Role::Rook => Bitboard::ALL,
            Role::Bishop => same_color_squares(sq),
            _ => moves.fold(moves, |b, to| {
                b | if role == Role::Pawn && relative_rank(color, to) == 7 {
                    queen_attacks(to, Bitboard::EMPTY) | knight_attacks(to)
                } else {
                    self::moves(model, role, color, to)
                }
            }),
        };
        Unit {
            sq,
            role,
            now,
            moves,
            further,
            kinds: Kinds::ALL,
        }
    }
}

pub(super) fn unit_index(model: Model, color: Color, sq: Square, role: Role) -> usize {
    ((model as usize * 2 + color.index()) * 6 + role.index()) * 64 + sq.index()
}

/// Every unit as an attacker, then as a blocker, by [`unit_index`]: the bound builds one per
/// unit at every node it judges.
fn units() -> &'static [Unit] {
    static UNITS: OnceLock<Vec<Unit>> = OnceLock::new();
    UNITS.get_or_init(|| {
        let mut units = vec![Unit::NONE; 2 * 3 * 2 * 6 * 64];
        for blocker in [false, true] {
            for model in [Model::Shared, Model::PerUnit, Model::AnyKind] {
                for color in Color::ALL {
                    for role in Role::ALL {
                        for i in 0..64 {
                            let sq = Square::new(i);
                            let at =
                                usize::from(blocker) * 3 * 2 * 6 * 64 + unit_index(model, color, sq, role);
                            units[at] = if blocker {
                                Unit::compute_blocker(model, color, sq, role)
                            } else {
                                Unit::compute_attacker(model, color, sq, role)
                            };
                        }
                    }
                }
            }
        }
        units
    })
}
