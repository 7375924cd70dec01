//! Attack tables, all computed at compile time by `const fn`s.
//!
//! Sliders use "kindergarten" bitboards: the occupancy of one line is gathered into six bits by
//! one multiplication and looked up in an 8 x 64 table. The tables weigh about 12 KB (the
//! alternative, magic bitboards, needs about 800 KB, which matters for the wasm build).

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table(color: Color) -> [u64; 64] {
    let dr = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    step_table(&[(-1, dr), (1, dr)])
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_DELTAS);
static KING: [u64; 64] = step_table(&KING_DELTAS);
static PAWN: [[u64; 64]; 2] = [pawn_table(Color::White), pawn_table(Color::Black)];

/// Squares a slider on `file` of a one-rank board attacks, given the occupancy of files b..g
/// as six bits (bit 0 = file b).
const fn first_rank_attacks(file: usize, occ6: usize) -> u8 {
    let occ = (occ6 << 1) as u8;
    let mut attacks = 0u8;
    let mut f = file as i32 + 1;
    while f < 8 {
        attacks |= 1 << f;
        if occ & (1 << f) != 0 {
            break;
        }
        f += 1;
    }
    let mut f = file as i32 - 1;
    while f >= 0 {
        attacks |= 1 << f;
        if occ & (1 << f) != 0 {
            break;
        }
        f -= 1;
    }
    attacks
}

/// `FILL_UP[file][occ6]`: the rank attacks copied onto all eight ranks.
static FILL_UP: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut occ = 0;
        while occ < 64 {
            t[file][occ] = first_rank_attacks(file, occ) as u64 * 0x0101_0101_0101_0101;
            occ += 1;
        }
        file += 1;
    }
    t
};

/// `A_FILE[rank][occ6]`: attacks along the a-file from `rank`, occupancy of ranks 2..7 as bits.
static A_FILE: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut rank = 0;
    while rank < 8 {
        let mut occ = 0;
        while occ < 64 {
            let line = first_rank_attacks(rank, occ);
            let mut bb = 0u64;
            let mut r = 0;
            while r < 8 {
                if line & (1 << r) != 0 {
                    bb |= 1 << (8 * r);
                }
                r += 1;
            }
            t[rank][occ] = bb;
            occ += 1;
        }
        rank += 1;
    }
    t
};

const fn ray_mask(sq: usize, df: i8, dr: i8) -> u64 {
    let mut bb = 0u64;
    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        bb |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    bb
}

const fn line_masks(df: i8, dr: i8) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = ray_mask(sq, df, dr) | ray_mask(sq, -df, -dr);
        sq += 1;
    }
    t
}

static RANK_EX: [u64; 64] = line_masks(1, 0);
static DIAG_EX: [u64; 64] = line_masks(1, 1);
static ANTI_EX: [u64; 64] = line_masks(1, -1);

const B_FILE: u64 = 0x0202_0202_0202_0202;
const A_FILE_BB: u64 = 0x0101_0101_0101_0101;
/// Gathers the a-file's ranks 2..7 into the top six bits (bits 15, 22, 29, 36, 43, 50).
const FILE_GATHER: u64 = (1 << 15) | (1 << 22) | (1 << 29) | (1 << 36) | (1 << 43) | (1 << 50);

#[inline]
fn line_attacks(mask: u64, sq: Square, occ: Bitboard) -> u64 {
    let idx = ((mask & occ.0).wrapping_mul(B_FILE) >> 58) as usize;
    mask & FILL_UP[sq.file() as usize][idx]
}

#[inline]
fn file_attacks(sq: Square, occ: Bitboard) -> u64 {
    let file = sq.file();
    let idx = ((A_FILE_BB & (occ.0 >> file)).wrapping_mul(FILE_GATHER) >> 58) as usize;
    A_FILE[sq.rank() as usize][idx] << file
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares the pawns of `color` on `pawns` attack, all at once (shifts instead of a lookup per
/// pawn: the Tatarstan phase asks this of whole sets).
#[inline]
pub fn pawn_attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let (west, east) = (pawns.0 & NOT_A, pawns.0 & NOT_H);
    Bitboard(match color {
        Color::White => (west << 7) | (east << 9),
        Color::Black => (west >> 9) | (east >> 7),
    })
}

/// Squares the knights on `knights` attack, all at once.
#[inline]
pub fn knight_attacks_set(knights: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_AB: u64 = !0x0303_0303_0303_0303;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;
    let b = knights.0;
    let one = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let two = ((b << 2) & NOT_AB) | ((b >> 2) & NOT_GH);
    Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8))
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let i = sq.index();
    Bitboard(line_attacks(DIAG_EX[i], sq, occ) | line_attacks(ANTI_EX[i], sq, occ))
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(line_attacks(RANK_EX[sq.index()], sq, occ) | file_attacks(sq, occ))
}

#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    bishop_attacks(sq, occ) | rook_attacks(sq, occ)
}

/// `RAYS[sq][d]`: the squares from `sq` to the edge in direction `KING_DELTAS[d]` (4 KB; a
/// 64 x 64 table of lines would weigh 32 KB in the wasm).
static RAYS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            t[sq][d] = ray_mask(sq, KING_DELTAS[d].0, KING_DELTAS[d].1);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The direction (index into `KING_DELTAS`) from `a` towards `b`, if they share a line.
#[inline]
fn direction(a: Square, b: Square) -> Option<usize> {
    // KING_DELTAS index by (file step + 1) + 3 * (rank step + 1); 8 = no direction.
    const BY_STEP: [u8; 9] = [5, 6, 7, 4, 8, 0, 3, 2, 1];
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return None;
    }
    let d = BY_STEP[((df.signum() + 1) + 3 * (dr.signum() + 1)) as usize];
    (d < 8).then_some(d as usize)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some(d) => Bitboard(RAYS[a.index()][d] & RAYS[b.index()][(d + 4) % 8]),
        None => Bitboard::EMPTY,
    }
}

/// The squares past `b` on the ray from `a` through `b`: those `s` with `b` in
/// [`between`]`(a, s)`, empty when `a` and `b` share no line. A unit standing on `b` stands in
/// the way of every line or double step from them to `a`.
#[inline]
pub(crate) fn beyond(a: Square, b: Square) -> Bitboard {
    direction(a, b).map_or(Bitboard::EMPTY, |d| Bitboard(RAYS[b.index()][d]))
}

/// [`beyond`] for every pair of squares ([`pair_table`]).
pub(crate) fn beyond_table() -> &'static [[u64; 64]; 64] {
    static TABLE: std::sync::OnceLock<Box<[[u64; 64]; 64]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| pair_table(beyond))
}

/// `of` for every pair of squares, as one 32 KB table (built on first use, kept out of the
/// static data so as not to weigh on the wasm): for loops that look it up millions of times.
fn pair_table(of: fn(Square, Square) -> Bitboard) -> Box<[[u64; 64]; 64]> {
    let mut t = Box::new([[0u64; 64]; 64]);
    for a in Square::all() {
        for b in Square::all() {
            t[a.index()][b.index()] = of(a, b).0;
        }
    }
    t
}

/// [`between`] for every pair of squares ([`pair_table`]).
pub(crate) fn between_table() -> &'static [[u64; 64]; 64] {
    static TABLE: std::sync::OnceLock<Box<[[u64; 64]; 64]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| pair_table(between))
}

/// The whole line (rank, file or diagonal) through `a` and `b`, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    match direction(a, b) {
        Some(d) => Bitboard(RAYS[a.index()][d] | RAYS[a.index()][(d + 4) % 8] | (1 << a.u8())),
        None => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slide(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            while let Some(s) = Square::try_from_coords(f, r) {
                bb.set(s);
                if occ.contains(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        bb
    }

    #[test]
    fn slider_tables_agree_with_sliding_square_by_square() {
        let mut rng = crate::random::Xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let seed = rng.next_u64();
            let occ = Bitboard(seed & (seed >> 3));
            for sq in Square::all() {
                let rook = slide(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                let bishop = slide(sq, occ, &[(1, 1), (-1, 1), (1, -1), (-1, -1)]);
                assert_eq!(rook_attacks(sq, occ), rook, "rook on {sq} occ {occ:?}");
                assert_eq!(bishop_attacks(sq, occ), bishop, "bishop on {sq} occ {occ:?}");
            }
        }
    }

    #[test]
    fn set_attacks_agree_with_the_square_tables() {
        let mut rng = crate::random::Xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..2000 {
            let seed = rng.next_u64();
            let set = Bitboard(seed & (seed >> 5));
            let by_square = |f: &dyn Fn(Square) -> Bitboard| set.fold(Bitboard::EMPTY, |bb, sq| bb | f(sq));
            assert_eq!(
                knight_attacks_set(set),
                by_square(&knight_attacks),
                "knights {set:?}"
            );
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    pawn_attacks_set(color, set),
                    by_square(&|sq| pawn_attacks(color, sq)),
                    "{color:?} pawns {set:?}"
                );
            }
        }
    }

    #[test]
    fn between_and_line_agree_with_sliding() {
        for a in Square::all() {
            for b in Square::all() {
                let occ = Bitboard::from_square(a) | Bitboard::from_square(b);
                let rook = rook_attacks(a, occ) & rook_attacks(b, occ);
                let bishop = bishop_attacks(a, occ) & bishop_attacks(b, occ);
                let expected = if rook_attacks(a, occ).contains(b) {
                    rook
                } else if bishop_attacks(a, occ).contains(b) {
                    bishop
                } else {
                    Bitboard::EMPTY
                };
                assert_eq!(between(a, b), expected, "between {a} {b}");
                assert_eq!(
                    line(a, b).is_empty(),
                    expected.is_empty()
                        && !rook_attacks(a, occ).contains(b)
                        && !bishop_attacks(a, occ).contains(b),
                    "line {a} {b}"
                );
                if line(a, b).any() {
                    assert!(line(a, b).contains(a) && line(a, b).contains(b) && line(a, b) == line(b, a));
                }
            }
        }
    }

    #[test]
    fn beyond_holds_the_squares_whose_between_passes_over_the_square() {
        for a in Square::all() {
            for b in Square::all() {
                let past = Square::all().filter(|&s| between(a, s).contains(b));
                let expected = past.fold(Bitboard::EMPTY, Bitboard::with);
                assert_eq!(beyond(a, b), expected, "from {a} past {b}");
            }
        }
    }

    #[test]
    fn between_and_line_are_symmetric() {
        assert_eq!(
            between(Square::A1, Square::D4),
            Bitboard::from_square(Square::B2) | Bitboard::from_square(Square::C3)
        );
        assert!(between(Square::A1, Square::B3).is_empty());
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(line(Square::A1, Square::A5), Bitboard::file(0));
    }
}
