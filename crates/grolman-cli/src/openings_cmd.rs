//! `grolman openings`: the opening sets of `tests/data` for `grolman match`, seeded random turns
//! from the start (or from given positions, or from mirrored random placements), kept when a
//! short search finds them about level.

use grolman::{Game, Position, Role};
use grolman_engine::{native_clock, Engine, Limits};

use super::match_cmd::{number, read_positions};
use super::out::say;
use super::{input, usage, variant, Failure};

/// A small seeded generator (xorshift64*), so that an opening set can be made again.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The kinds of unit other than the king on `board`, of either colour.
fn kinds_besides_kings(board: &grolman::Board) -> usize {
    [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .filter(|&role| board.by_role(role).any())
        .count()
}

/// A random position, White to move: White's king and `units` (letters of `PNBRQ`) on random
/// squares (pawns off the first and last ranks), Black's the same mirrored across the middle
/// of the board (e2 -> e7), so that material and placement are level. `None` when the
/// placement is not a legal position (a side not to move in check, kings side by side).
fn mirrored(units: &str, random: &mut Random) -> Option<Position> {
    // Rank 8 first, as a FEN reads.
    let mut squares = ['.'; 64];
    for letter in std::iter::once('K').chain(units.chars()) {
        let free = |sq: usize| {
            let rank = sq / 8;
            squares[sq] == '.'
                && squares[(7 - rank) * 8 + sq % 8] == '.'
                && !(letter == 'P' && (rank == 0 || rank == 7))
        };
        let sq = (0..200).map(|_| random.below(64)).find(|&sq| free(sq))?;
        squares[sq] = letter.to_ascii_lowercase();
        squares[(7 - sq / 8) * 8 + sq % 8] = letter;
    }
    let rows: Vec<String> = squares
        .chunks(8)
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    Position::from_fen(&format!("{} w - - 0 1", rows.join("/"))).ok()
}

/// `grolman openings <variant> [--count N] [--plies P] [--seed S] [--depth D] [--margin cp]
/// [--starts FILE | --mirrored UNITS] [--kinds K]`: `count` positions after `plies` random
/// turns from the start (or from a position of `FILE` taken at random: FEN or EPD lines, the
/// part before the first `;`; or from a random mirrored placement of the kings and `UNITS`,
/// see [`mirrored`]), each kept when it holds at least `K` kinds of unit besides the kings, a
/// search to `depth` scores it within `margin` centipawns of level and the game goes on; no
/// repeats. Tatarstan games from the start become all-rook games after a few turns
/// (docs/rules.md 3.4), so its mixed-unit set starts from sparser positions: their turns run
/// the transformation phase like any other, so what is kept is a position a Tatarstan turn
/// leaves.
pub fn openings(args: &[String]) -> Result<(), Failure> {
    let rules = variant(args.first())?;
    let (mut count, mut plies, mut seed, mut depth, mut margin) = (50usize, 6usize, 1u64, 3u32, 60i32);
    let (mut starts_file, mut mirrored_units, mut kinds) = (None, None::<String>, 0usize);
    let mut it = args[1.min(args.len())..].iter();
    while let Some(arg) = it.next() {
        let v = it.next().ok_or_else(|| usage(format!("{arg} needs a value")))?;
        match arg.as_str() {
            "--count" => count = number("--count", v)?,
            "--plies" => plies = number("--plies", v)?,
            "--seed" => seed = number("--seed", v)?,
            "--depth" => depth = number("--depth", v)?,
            "--margin" => margin = number("--margin", v)?,
            "--starts" => starts_file = Some(v.clone()),
            "--kinds" => kinds = number("--kinds", v)?,
            "--mirrored" => {
                if v.is_empty() || !v.chars().all(|c| "PNBRQ".contains(c)) || v.len() > 15 {
                    return Err(usage(format!(
                        "--mirrored takes up to 15 letters of PNBRQ (White's units besides the king), not {v:?}"
                    )));
                }
                mirrored_units = Some(v.clone());
            }
            other => return Err(usage(format!("unknown openings option {other:?}"))),
        }
    }
    let starts = match &starts_file {
        Some(path) => read_positions(path)?,
        None => vec![Position::start()],
    };
    if starts_file.is_some() && mirrored_units.is_some() {
        return Err(usage(
            "--starts and --mirrored are two sources of positions: give one",
        ));
    }
    let (from, mut options) = match (&starts_file, &mirrored_units) {
        (Some(path), _) => (path.clone(), format!(" --starts {path}")),
        (_, Some(units)) => (
            format!("a random placement of the kings and {units}, Black's mirroring White's"),
            format!(" --mirrored {units}"),
        ),
        _ => ("the start".to_string(), String::new()),
    };
    if kinds > 0 {
        options.push_str(&format!(" --kinds {kinds}"));
    }
    say!(
        "# {count} {} openings: grolman openings {} --count {count} --plies {plies} --seed {seed} --depth {depth} --margin {margin}{options}",
        rules.variant.display_name(),
        rules.variant.name()
    );
    if kinds > 0 {
        say!("# ({plies} random turns from {from}, kept when {kinds} or more kinds of unit besides the kings stand and a depth-{depth} search scores them within {margin} cp)");
    } else {
        say!("# ({plies} random turns from {from}, kept when a depth-{depth} search scores them within {margin} cp)");
    }
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut seen = std::collections::HashSet::new();
    let mut made = 0;
    let mut tries = 0;
    while made < count {
        tries += 1;
        if tries > count * 200 {
            return Err(input(format!(
                "only {made} openings after {} tries: widen --margin",
                tries - 1
            )));
        }
        let start = match &mirrored_units {
            Some(units) => match mirrored(units, &mut random) {
                Some(pos) => pos,
                None => continue,
            },
            None => starts[random.below(starts.len())].clone(),
        };
        let mut game = Game::from_position(rules, start);
        for _ in 0..plies {
            let turns = game.legal_turns();
            if turns.is_empty() {
                break;
            }
            let code = turns[random.below(turns.len())].code.clone();
            game.play(&code).map_err(input)?;
        }
        let pos = game.position().clone();
        if game.history().len() < plies
            || game.outcome().is_some()
            || kinds_besides_kings(pos.board()) < kinds
            || !seen.insert(pos.key())
        {
            continue;
        }
        let mut engine = Engine::new(rules, native_clock());
        let Some(info) = engine.search(&pos, &Limits::depth(depth), &mut |_| {}) else {
            continue;
        };
        if info.score.abs() <= margin {
            say!("{}", pos.fen());
            made += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::Color;

    #[test]
    fn a_mirrored_placement_gives_black_the_white_units_mirrored_across_the_middle() {
        let mut random = Random(7);
        let mut made = 0;
        for _ in 0..50 {
            let Some(pos) = mirrored("QRBNPP", &mut random) else {
                continue;
            };
            made += 1;
            let board = pos.board();
            assert_eq!(board.occupied().count(), 14, "{}", pos.fen());
            for (sq, piece) in board.pieces().filter(|(_, p)| p.color == Color::White) {
                let across = grolman::Square::from_coords(sq.file(), 7 - sq.rank());
                assert_eq!(
                    board.piece_at(across),
                    Some(grolman::Piece::new(Color::Black, piece.role)),
                    "{}",
                    pos.fen()
                );
                assert!(
                    piece.role != Role::Pawn || (1..=6).contains(&sq.rank()),
                    "{}",
                    pos.fen()
                );
            }
        }
        assert!(made >= 10, "only {made} of 50 placements were legal positions");
    }
}
