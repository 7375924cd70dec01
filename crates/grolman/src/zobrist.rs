//! Zobrist keys: the outputs of SplitMix64, a fixed pseudo-random sequence, one sequence per
//! kind of key (units on squares, castling rights, en passant files).
//!
//! SplitMix64's state after `i + 1` steps from `seed` is `seed + (i + 1) * GAMMA`, so its
//! `i`-th output is worked out directly, in a few multiplications: the keys are the ones a
//! table filled by stepping the sequence would hold, with no table in the program (6 KB of
//! random data that gzip cannot shrink, in the page's wasm). The units' keys are worked out
//! into a table on first use, for [`key_from`], the search's key of every turn it plays.

use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};

const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The `i`-th output of SplitMix64 seeded with `seed`.
#[inline]
const fn splitmix(seed: u64, i: usize) -> u64 {
    let mut z = seed.wrapping_add((i as u64 + 1).wrapping_mul(GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seeds: a unit's key is output `(color * 6 + role) * 64 + square` of `PIECES`, castling
/// rights' output `rights` of `CASTLING`, an en passant square's output `file` of `EP_FILE`.
const PIECES: u64 = 0x6772_6f6c_6d61_6e31;
const CASTLING: u64 = 0x6361_7374_6c69_6e67;
const EP_FILE: u64 = 0x656e_7061_7373_616e;
const BLACK_TO_MOVE: u64 = 0x8a5c_d789_635d_2dff;

/// Every unit's key, `PIECES`'s first 768 outputs, worked out on first use: kept out of the
/// static data (6 KB of random numbers in the wasm) but looked up, not worked out, by
/// [`key_from`], which a search calls at every turn it plays (three multiplications a key
/// otherwise, a dozen keys a turn).
fn piece_keys() -> &'static [u64; 768] {
    static KEYS: std::sync::OnceLock<Box<[u64; 768]>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut keys = Box::new([0; 768]);
        for (i, k) in keys.iter_mut().enumerate() {
            *k = splitmix(PIECES, i);
        }
        keys
    })
}

#[inline(always)]
fn piece_key_in(keys: &[u64; 768], sq: Square, p: Piece) -> u64 {
    keys[(p.color.index() * 6 + p.role.index()) * 64 + sq.index()]
}

#[inline]
fn piece_key(sq: Square, p: Piece) -> u64 {
    piece_key_in(piece_keys(), sq, p)
}

/// The key of a position's placement with kinds, side to move and castling rights, and of `ep`
/// as its en passant square (the position's own, or none where it does not count).
pub fn key(pos: &Position, ep: Option<Square>) -> u64 {
    let mut k = 0;
    for (sq, p) in pos.board().pieces() {
        k ^= piece_key(sq, p);
    }
    k ^= splitmix(CASTLING, pos.castling().0 as usize);
    if let Some(ep) = ep {
        k ^= splitmix(EP_FILE, ep.file() as usize);
    }
    if pos.turn() == Color::Black {
        k ^= BLACK_TO_MOVE;
    }
    k
}

/// The key of `after` (its en passant square counting) from `before_key`, the key of `before`:
/// only the squares whose unit differs are looked at, a handful after a turn (more after a
/// Tatarstan phase), instead of every unit.
#[cfg_attr(feature = "inline-hot", inline(always))]
pub fn key_from(after: &Position, before: &Position, before_key: u64) -> u64 {
    let (a, b) = (after.board(), before.board());
    let mut changed = (a.by_color(Color::White) ^ b.by_color(Color::White))
        | (a.by_color(Color::Black) ^ b.by_color(Color::Black));
    for role in Role::ALL {
        changed |= a.by_role(role) ^ b.by_role(role);
    }
    let keys = piece_keys();
    let mut k = before_key;
    for sq in changed {
        if let Some(p) = b.piece_at(sq) {
            k ^= piece_key_in(keys, sq, p);
        }
        if let Some(p) = a.piece_at(sq) {
            k ^= piece_key_in(keys, sq, p);
        }
    }
    if before.castling() != after.castling() {
        k ^= splitmix(CASTLING, before.castling().0 as usize)
            ^ splitmix(CASTLING, after.castling().0 as usize);
    }
    if let Some(ep) = before.ep_square() {
        k ^= splitmix(EP_FILE, ep.file() as usize);
    }
    if let Some(ep) = after.ep_square() {
        k ^= splitmix(EP_FILE, ep.file() as usize);
    }
    if before.turn() != after.turn() {
        k ^= BLACK_TO_MOVE;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64 as it is usually written: a state stepped by `GAMMA`, one output per step.
    fn stepped(seed: u64, count: usize) -> Vec<u64> {
        let mut state = seed;
        (0..count)
            .map(|_| {
                state = state.wrapping_add(GAMMA);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            })
            .collect()
    }

    #[test]
    fn each_key_is_the_output_of_the_stepped_sequence() {
        for (seed, count) in [(PIECES, 768), (CASTLING, 16), (EP_FILE, 8)] {
            let direct: Vec<u64> = (0..count).map(|i| splitmix(seed, i)).collect();
            assert_eq!(direct, stepped(seed, count), "seed {seed:#x}");
        }
        assert_eq!(piece_keys()[..], stepped(PIECES, 768)[..]);
    }

    #[test]
    fn known_positions_keep_their_keys() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let keys: Vec<u64> = [Position::start().fen().as_str(), kiwipete, after_e4]
            .iter()
            .map(|fen| Position::from_fen(fen).unwrap().key())
            .collect();
        // Taken from the table of keys that this module held before it worked them out.
        assert_eq!(
            keys,
            [
                0x17b4_9cf4_bc8e_ea56,
                0x50ce_013a_0454_f317,
                0x6d66_f15f_5a27_ebb2
            ]
        );
    }
}
