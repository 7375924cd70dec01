//! Zobrist keys, generated at compile time by a fixed pseudo-random sequence.

use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, z) = splitmix(state);
        state = s;
        out[i] = z;
        i += 1;
    }
    out
}

/// One key per (colour, role, square): index `(color * 6 + role) * 64 + square`.
static PIECES: [u64; 768] = keys(0x6772_6f6c_6d61_6e31);
static CASTLING: [u64; 16] = keys(0x6361_7374_6c69_6e67);
static EP_FILE: [u64; 8] = keys(0x656e_7061_7373_616e);
const BLACK_TO_MOVE: u64 = 0x8a5c_d789_635d_2dff;

#[inline]
fn piece_key(sq: Square, p: Piece) -> u64 {
    PIECES[(p.color.index() * 6 + p.role.index()) * 64 + sq.index()]
}

/// The key of a position's placement with kinds, side to move and castling rights, and of `ep`
/// as its en passant square (the position's own, or none where it does not count).
pub fn key(pos: &Position, ep: Option<Square>) -> u64 {
    let mut k = 0;
    for (sq, p) in pos.board().pieces() {
        k ^= piece_key(sq, p);
    }
    k ^= CASTLING[pos.castling().0 as usize];
    if let Some(ep) = ep {
        k ^= EP_FILE[ep.file() as usize];
    }
    if pos.turn() == Color::Black {
        k ^= BLACK_TO_MOVE;
    }
    k
}

/// The key of `after` (its en passant square counting) from `before_key`, the key of `before`:
/// only the squares whose unit differs are looked at, a handful after a turn (more after a
/// Tatarstan phase), instead of every unit.
pub fn key_from(after: &Position, before: &Position, before_key: u64) -> u64 {
    let (a, b) = (after.board(), before.board());
    let mut changed = (a.by_color(Color::White) ^ b.by_color(Color::White))
        | (a.by_color(Color::Black) ^ b.by_color(Color::Black));
    for role in Role::ALL {
        changed |= a.by_role(role) ^ b.by_role(role);
    }
    let mut k = before_key;
    for sq in changed {
        if let Some(p) = b.piece_at(sq) {
            k ^= piece_key(sq, p);
        }
        if let Some(p) = a.piece_at(sq) {
            k ^= piece_key(sq, p);
        }
    }
    k ^= CASTLING[before.castling().0 as usize] ^ CASTLING[after.castling().0 as usize];
    if let Some(ep) = before.ep_square() {
        k ^= EP_FILE[ep.file() as usize];
    }
    if let Some(ep) = after.ep_square() {
        k ^= EP_FILE[ep.file() as usize];
    }
    if before.turn() != after.turn() {
        k ^= BLACK_TO_MOVE;
    }
    k
}
