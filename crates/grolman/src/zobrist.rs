//! Zobrist keys, generated at compile time by a fixed pseudo-random sequence.

use crate::position::Position;
use crate::types::Square;

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

/// The key of a position's placement with kinds, side to move and castling rights, and of `ep`
/// as its en passant square (the position's own, or none where it does not count).
pub fn key(pos: &Position, ep: Option<Square>) -> u64 {
    let mut k = 0;
    for (sq, p) in pos.board().pieces() {
        k ^= PIECES[(p.color.index() * 6 + p.role.index()) * 64 + sq.index()];
    }
    k ^= CASTLING[pos.castling().0 as usize];
    if let Some(ep) = ep {
        k ^= EP_FILE[ep.file() as usize];
    }
    if pos.turn() == crate::Color::Black {
        k ^= BLACK_TO_MOVE;
    }
    k
}
