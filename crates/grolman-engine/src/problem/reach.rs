//! Distances on an empty board, the solver's lower bounds (`problem/intelligent.rs`): how
//! many moves a unit needs to stand on a square or to attack it, for each way the rule sets
//! move units. On an empty board a unit reaches and attacks at least what it does on any
//! board, so none of these can overstate a distance.

use std::sync::OnceLock;

use grolman::{knight_attacks, queen_attacks, Bitboard, Board, Color, Piece, Role, Square, Variant};

/// More turns than any stipulation allows.
pub const FAR: u8 = 99;

#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Model {
    /// Moves of all units add up against one budget (orthodox).
    Shared,
    /// Each unit on its own budget, with its kind's moves (Grolman).
    PerUnit,
    /// Each unit on its own budget, moving like any kind (Tatarstan).
    AnyKind,
}

impl Model {
    /// How the rule set `variant` moves units.
    pub fn of(variant: Variant) -> Model {
        match variant {
            Variant::Orthodox => Model::Shared,
            Variant::Grolman => Model::PerUnit,
            Variant::Tatarstan => Model::AnyKind,
        }
    }
}

/// What a unit attacks once it has arrived on `to` (a pawn arriving on its last rank as a queen
/// or a knight).
pub fn attacks_after_arrival(model: Model, role: Role, color: Color, to: Square) -> Bitboard {
    if role == Role::Pawn && model != Model::AnyKind && relative_rank(color, to) == 7 {
        queen_attacks(to, Bitboard::EMPTY) | knight_attacks(to)
    } else {
        attacks(model, role, color, to)
    }
}

/// The empty-board sets and distances, worked out once: the bound asks for them at every node
/// of the search, and computing them there was most of its cost.
struct Tables {
    /// `[model][color][role][square]`.
    attacks: Vec<Bitboard>,
    moves: Vec<Bitboard>,
    /// `[color][role][from][to]`.
    distance: Vec<u8>,
    /// `[color][role][from][moves]`: the squares attacked within `moves` moves.
    within: Vec<Bitboard>,
}

/// The most moves [`attacked_within`] tells apart; more count as this many.
const WITHIN: usize = 8;

const MODELS: [Model; 3] = [Model::Shared, Model::PerUnit, Model::AnyKind];

fn unit_index(model: Model, role: Role, color: Color, sq: Square) -> usize {
    ((model as usize * 2 + color.index()) * 6 + role.index()) * 64 + sq.index()
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut attacks = vec![Bitboard::EMPTY; 3 * 2 * 6 * 64];
        let mut moves = vec![Bitboard::EMPTY; 3 * 2 * 6 * 64];
        for model in MODELS {
            for color in Color::ALL {
                for role in Role::ALL {
                    for i in 0..64 {
                        let sq = Square::new(i);
                        attacks[unit_index(model, role, color, sq)] = compute_attacks(model, role, color, sq);
                        moves[unit_index(model, role, color, sq)] = compute_moves(model, role, color, sq);
                    }
                }
            }
        }
        let mut distance = vec![FAR; 2 * 6 * 64 * 64];
        for color in Color::ALL {
            for role in Role::ALL {
                for from in 0..64 {
                    for to in 0..64 {
                        let i = ((color.index() * 6 + role.index()) * 64 + from as usize) * 64 + to as usize;
                        distance[i] =
                            compute_attack_distance(role, color, Square::new(from), Square::new(to));
                    }
                }
            }
        }
        let mut within = vec![Bitboard::EMPTY; 2 * 6 * 64 * (WITHIN + 1)];
        for (i, w) in within.iter_mut().enumerate() {
            let (unit, moves) = (i / (WITHIN + 1), (i % (WITHIN + 1)) as u8);
            for to in 0..64 {
                if distance[unit * 64 + to] <= moves {
                    w.set(Square::new(to as u8));
                }
            }
        }
        Tables {
            attacks,
            moves,
            distance,
            within,
        }
    })
}

/// The squares a unit attacks on an empty board.
#[inline]
pub fn attacks(model: Model, role: Role, color: Color, sq: Square) -> Bitboard {
    tables().attacks[unit_index(model, role, color, sq)]
}

/// The squares a unit may move to in one move on an empty board (castling aside).
#[inline]
pub fn moves(model: Model, role: Role, color: Color, sq: Square) -> Bitboard {
    tables().moves[unit_index(model, role, color, sq)]
}

/// The least number of moves after which a unit of `role` standing on `from` attacks `t`, on
/// an empty board (0 when it does now).
#[inline]
pub fn attack_distance(role: Role, color: Color, from: Square, t: Square) -> u8 {
    tables().distance[((color.index() * 6 + role.index()) * 64 + from.index()) * 64 + t.index()]
}

/// The squares that a unit of `role` on `from` attacks within `moves` moves on an empty board.
#[inline]
pub fn attacked_within(role: Role, color: Color, from: Square, moves: u32) -> Bitboard {
    let moves = (moves as usize).min(WITHIN);
    tables().within[((color.index() * 6 + role.index()) * 64 + from.index()) * (WITHIN + 1) + moves]
}

fn compute_attacks(model: Model, role: Role, color: Color, sq: Square) -> Bitboard {
    if model == Model::AnyKind && role != Role::King {
        return queen_attacks(sq, Bitboard::EMPTY) | knight_attacks(sq);
    }
    Board::attacks_of(Piece::new(color, role), sq, Bitboard::EMPTY)
}

fn compute_moves(model: Model, role: Role, color: Color, sq: Square) -> Bitboard {
    if model == Model::AnyKind {
        compute_attacks(model, role, color, sq)
    } else {
        empty_board_moves(role, color, sq)
    }
}

/// The squares one move takes a unit of `role` and `color` on `sq` to on an empty board: its
/// attacks, and for a pawn its captures, its step and its double step from its first rank.
pub(super) fn empty_board_moves(role: Role, color: Color, sq: Square) -> Bitboard {
    let mut to = Board::attacks_of(Piece::new(color, role), sq, Bitboard::EMPTY);
    if role == Role::Pawn {
        if let Some(one) = sq.offset(color.forward()) {
            to.set(one);
            if relative_rank(color, sq) == 1 {
                to.set(one.offset(color.forward()).expect("on the board"));
            }
        }
    }
    to
}

pub fn chebyshev(a: Square, b: Square) -> u32 {
    u32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// The squares of the colour of `sq`.
pub fn same_color_squares(sq: Square) -> Bitboard {
    const DARK: u64 = 0xAA55_AA55_AA55_AA55;
    if Bitboard::from_square(sq).0 & DARK != 0 {
        Bitboard(DARK)
    } else {
        Bitboard(!DARK)
    }
}

fn same_color(a: Square, b: Square) -> bool {
    (a.file() + a.rank()) % 2 == (b.file() + b.rank()) % 2
}

fn on_line(a: Square, b: Square) -> bool {
    queen_attacks(a, Bitboard::EMPTY).contains(b)
}

fn on_diagonal(a: Square, b: Square) -> bool {
    a != b && a.file().abs_diff(b.file()) == a.rank().abs_diff(b.rank())
}

fn on_rank_or_file(a: Square, b: Square) -> bool {
    a != b && (a.file() == b.file() || a.rank() == b.rank())
}

/// Knight moves between two squares on an empty board.
fn knight_distance(a: Square, b: Square) -> u8 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..64u8)
            .map(|from| {
                let mut d = [FAR; 64];
                d[from as usize] = 0;
                let mut frontier = Bitboard::from_square(Square::new(from));
                let mut step = 0;
                while frontier.any() {
                    step += 1;
                    let mut next = Bitboard::EMPTY;
                    for sq in frontier {
                        for t in knight_attacks(sq) {
                            if d[t.index()] == FAR {
                                d[t.index()] = step;
                                next.set(t);
                            }
                        }
                    }
                    frontier = next;
                }
                d
            })
            .collect()
    });
    table[a.index()][b.index()]
}

fn compute_attack_distance(role: Role, color: Color, from: Square, t: Square) -> u8 {
    match role {
        Role::Queen => u8::from(!on_line(from, t)),
        Role::Rook => u8::from(!on_rank_or_file(from, t)),
        Role::Bishop if !same_color(from, t) => FAR,
        Role::Bishop => u8::from(!on_diagonal(from, t)),
        Role::Knight => knight_attacks(t)
            .map(|x| knight_distance(from, x))
            .min()
            .unwrap_or(FAR),
        Role::King => match chebyshev(from, t) {
            0 => 1,
            d => (d - 1) as u8,
        },
        Role::Pawn => pawn_attack_distance(color, from, t),
    }
}

/// Ranks forward from `color`'s side (0 = its first rank).
pub fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::White => sq.rank(),
        Color::Black => 7 - sq.rank(),
    }
}

/// Pawn moves to climb `ranks` ranks from relative rank `from_rank` (a double step from the
/// second rank saves one).
fn climb(from_rank: u8, ranks: u8) -> u8 {
    if from_rank == 1 && ranks >= 2 {
        ranks - 1
    } else {
        ranks
    }
}

/// Moves for a pawn to promote, and the promotion squares within reach, each with the moves it
/// takes (at least the climb, and one capture per file crossed).
fn promotions(color: Color, from: Square) -> impl Iterator<Item = (Square, u8)> {
    let r = relative_rank(color, from);
    let moves = climb(r, 7u8.saturating_sub(r));
    let last = color.last_rank();
    (0..8u8).filter_map(move |file| {
        let crossing = file.abs_diff(from.file());
        (crossing <= moves).then(|| (Square::from_coords(file, last), moves))
    })
}

fn pawn_attack_distance(color: Color, from: Square, t: Square) -> u8 {
    let r = relative_rank(color, from);
    let tr = relative_rank(color, t);
    let mut best = FAR;
    // As a pawn: on the rank before `t`, on a file beside it.
    if tr > r && tr - 1 <= 6 {
        let climb = climb(r, tr - 1 - r);
        for file in [t.file().checked_sub(1), Some(t.file() + 1).filter(|&f| f < 8)]
            .into_iter()
            .flatten()
        {
            best = best.min(climb.max(file.abs_diff(from.file())));
        }
    }
    // Or promoted to the kind that attacks soonest.
    for (p, moves) in promotions(color, from) {
        let after = compute_attack_distance(Role::Queen, color, p, t).min(compute_attack_distance(
            Role::Knight,
            color,
            p,
            t,
        ));
        best = best.min(moves.saturating_add(after));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn distances_on_an_empty_board() {
        assert_eq!(knight_distance(sq("a1"), sq("h8")), 6);
        assert_eq!(attack_distance(Role::Knight, Color::White, sq("a1"), sq("c2")), 0);
        // To attack the square it stands on, a knight jumps away (b3 or c2 attack a1).
        assert_eq!(attack_distance(Role::Knight, Color::White, sq("a1"), sq("a1")), 1);
        assert_eq!(
            attack_distance(Role::Bishop, Color::White, sq("a1"), sq("b1")),
            FAR
        );
        assert_eq!(attack_distance(Role::Rook, Color::White, sq("a1"), sq("h8")), 1);
        assert_eq!(attack_distance(Role::King, Color::White, sq("a1"), sq("c3")), 1);
        // e2-e4 (one move, a double step) then attacks d5.
        assert_eq!(attack_distance(Role::Pawn, Color::White, sq("e2"), sq("d5")), 1);
        assert_eq!(attack_distance(Role::Pawn, Color::Black, sq("e7"), sq("d4")), 1);
        // b7-b8=N attacks c6 at once.
        assert_eq!(attack_distance(Role::Pawn, Color::White, sq("b7"), sq("c6")), 1);
    }
}
