//! Static evaluation, in centipawns from the side to move's point of view: material, a little
//! placement, mobility counted from attack sets (no move generation), and king safety. In
//! Grolman and Tatarstan chess it also weighs what the chain does (docs/rules.md 1.3): a unit
//! whose only follower is its king drags the king out when it leads, into check where the enemy
//! attacks its square. In Tatarstan chess the material is also counted as the next
//! transformation phase would leave it, since every defended unit is about to change kind
//! (docs/rules.md 3.3-3.4), what the side to move wins by its best capture (Tatarstan
//! quiescence plays none), and, a rook or more ahead, how near mate the lone king is driven.
//!
//! The weights are [`Weights`], so that the match runner (`grolman match`) can set them and
//! measure each against the others; the defaults are the ones it found best.

use grolman::{
    bishop_attacks, king_attacks, king_followed_past, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks, stages_ahead, Bitboard, Board, Color, Piece, Position, Role, Square, Variant,
};

/// Centipawn values by kind, weakest first; the king counts nothing.
pub const VALUES: [i32; 6] = [100, 310, 330, 500, 950, 0];

const MOBILITY: [i32; 6] = [0, 4, 4, 2, 1, 0];

/// Pawn bonus by ranks advanced from the pawn's starting rank.
const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 36, 60, 0];

/// Bonus for standing in the centre, by distance from it (0 = one of the four centre squares).
const CENTRE: [i32; 4] = [12, 8, 3, 0];

const fn centre_distance(sq: usize) -> usize {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    if df > dr {
        df as usize
    } else {
        dr as usize
    }
}

/// `PLACE[color][role][square]`: a unit's value plus its placement bonus (mobility apart), by
/// table, since the search evaluates at nearly every node: a pawn by its advance and half the
/// centre's bonus, a knight or bishop by the centre's. A pawn that a transformation made on its
/// own first rank counts as one on its last.
static PLACE: [[[i32; 64]; 6]; 2] = {
    let mut t = [[[0; 64]; 6]; 2];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            let mut sq = 0;
            while sq < 64 {
                let centre = CENTRE[centre_distance(sq)];
                let rank = sq / 8;
                let bonus = match role {
                    0 => {
                        let advanced = if color == 0 {
                            rank.wrapping_sub(1)
                        } else {
                            6usize.wrapping_sub(rank)
                        };
                        PAWN_ADVANCE[if advanced < 7 { advanced } else { 7 }] + centre / 2
                    }
                    1 | 2 => centre,
                    _ => 0,
                };
                t[color][role][sq] = VALUES[role] + bonus;
                sq += 1;
            }
            role += 1;
        }
        color += 1;
    }
    t
};

/// Material of White minus Black.
fn material(board: &Board) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let w = board.by_piece(Piece::new(Color::White, role)).count() as i32;
        let b = board.by_piece(Piece::new(Color::Black, role)).count() as i32;
        score += (w - b) * VALUES[role.index()];
    }
    score
}

/// The weights of the evaluation's terms that the match runner tunes. Zero turns a term off;
/// [`Weights::BASELINE`] is the evaluation before the variant-aware terms, [`Weights::of`] the
/// defaults of each variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Centipawns per unit of attack on the squares around a king (a knight or bishop counts 2,
    /// a rook 3, a queen 5), squared and divided by 16, when the attacker still has a queen.
    pub king_attack: i32,
    /// Centipawns per own pawn on the king's file or a neighbour, one or two ranks ahead of it.
    pub king_shield: i32,
    /// Grolman and Tatarstan chess: centipawns per unit whose first follower is its own king
    /// (docs/rules.md 1.3): leading with it walks the king out.
    pub king_follower: i32,
    /// Tatarstan chess: the share, in per cent, of material counted as the next
    /// transformation phase would leave it (the rest as it stands).
    pub phase_share: i32,
    /// Grolman and Tatarstan chess: centipawns per unit whose first follower is its king onto
    /// a square the enemy attacks ([`king_traps`]): it cannot lead without exposing the king.
    pub king_trap: i32,
    /// The share, in per cent, of [`capture_gain`] (what the side to move wins by its best
    /// capture, judged by the exchange on its square) added to its score: where the quiescence search does
    /// not resolve captures (Tatarstan chess), the evaluation sees what stands en prise.
    pub capture_gain: i32,
    /// Centipawns per step the weaker side's king stands from the centre, and half that per
    /// step the kings are closer than 14 apart, for the side ahead by at least a rook
    /// ([`mop_up`]): so that a won ending (a king and rook against a king) is driven to mate
    /// before the fifty-move rule, which no fixed-depth search sees from far.
    pub mop_up: i32,
}

impl Weights {
    /// The evaluation of `c1ae1cd`: material, placement and mobility only.
    pub const BASELINE: Weights = Weights {
        king_attack: 0,
        king_shield: 0,
        king_follower: 0,
        phase_share: 50,
        king_trap: 0,
        capture_gain: 0,
        mop_up: 0,
    };

    /// The defaults of `variant`, each found by `grolman match` (fixed nodes a turn,
    /// crates/grolman-engine/README.md): in Grolman chess `king_trap=20` (+56 ± 46 over 200
    /// games at 10,000 nodes; `king_follower=20`, which charges every unit the king would
    /// follow, lost -47 ± 47 there); in Tatarstan chess `king_follower=20` (+36 ± 31 over 320
    /// games at 10,000 nodes), and `capture_gain=80,mop_up=10`, which mate a lone king where
    /// the fixed-depth search drew by the fifty-move rule (+120 ± 47 over 60 such endings);
    /// `capture_gain` judged by [`exchange`] rather than by the weakest attacker alone won
    /// +104 ± 54 over 100 games at depth 3 (45-39-16; at 100 %, +104 ± 51, 42-45-13; at
    /// 120 %, 15-21-13 of 49).
    pub const fn of(variant: Variant) -> Weights {
        match variant {
            Variant::Tatarstan => Weights {
                king_follower: 20,
                capture_gain: 80,
                mop_up: 10,
                ..Weights::BASELINE
            },
            Variant::Grolman => Weights {
                king_trap: 20,
                ..Weights::BASELINE
            },
            Variant::Orthodox => Weights::BASELINE,
        }
    }

    /// The names [`Weights::set`] takes, as `grolman match` lists them.
    pub const NAMES: [&'static str; 7] = [
        "king_attack",
        "king_shield",
        "king_follower",
        "phase_share",
        "king_trap",
        "capture_gain",
        "mop_up",
    ];

    /// Sets the weight called `name`; `Err` names the weights there are.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let slot = match name {
            "king_attack" => &mut self.king_attack,
            "king_shield" => &mut self.king_shield,
            "king_follower" => &mut self.king_follower,
            "phase_share" => &mut self.phase_share,
            "king_trap" => &mut self.king_trap,
            "capture_gain" => &mut self.capture_gain,
            "mop_up" => &mut self.mop_up,
            _ => {
                return Err(format!(
                    "unknown weight {name:?} (weights: {})",
                    Weights::NAMES.join(", ")
                ))
            }
        };
        *slot = value;
        Ok(())
    }
}

/// Attack units by kind of attacker, for king safety.
const KING_ATTACK_UNITS: [i32; 6] = [1, 2, 2, 3, 5, 0];

/// King safety of `color` (positive is good for it): the shield of pawns in front of its king
/// and the attacks on the king's neighbourhood, which matter while the attacker has a queen.
fn king_safety(board: &Board, color: Color, w: &Weights, occ: Bitboard) -> i32 {
    let Some(king) = board.king_of(color) else {
        return 0;
    };
    let zone = king_attacks(king).with(king);
    let mut score = 0;
    if w.king_shield != 0 {
        // The king's file and its neighbours, one and two ranks ahead of the king.
        let row = zone & Bitboard::rank(king.rank());
        let front = match color {
            Color::White => row.north() | row.north().north(),
            Color::Black => row.south() | row.south().south(),
        };
        score += w.king_shield * (front & board.by_piece(Piece::new(color, Role::Pawn))).count() as i32;
    }
    let enemy = color.other();
    if w.king_attack != 0 && board.by_piece(Piece::new(enemy, Role::Queen)).any() {
        let mut units = 0;
        for (sq, piece) in board
            .pieces()
            .filter(|(_, p)| p.color == enemy && p.role != Role::King)
        {
            let hits = (Board::attacks_of(piece, sq, occ) & zone).count() as i32;
            units += hits * KING_ATTACK_UNITS[piece.role.index()];
        }
        score -= w.king_attack * units * units / 16;
    }
    score
}

/// The units of `color` whose first follower is its king alone (docs/rules.md 1.3), among
/// `followed` ([`king_followed_past`]), onto their square while the enemy attacks it (seen
/// through the king's own square, which the king leaves): leading with such a unit walks the
/// king into check, so it is as good as pinned.
fn king_traps(board: &Board, color: Color, occ: Bitboard, followed: Bitboard) -> i32 {
    let Some(king) = board.king_of(color) else {
        return 0;
    };
    let seen = occ.without(king);
    followed
        .filter(|&sq| board.attackers(sq, color.other(), seen).any())
        .count() as i32
}

/// The chain terms of `w` (Grolman and Tatarstan chess), White's charges minus Black's;
/// `reached`: per colour, the squares its knights and line pieces reach.
fn chain_charges(board: &Board, w: &Weights, occ: Bitboard, reached: [Bitboard; 2]) -> i32 {
    if w.king_follower == 0 && w.king_trap == 0 {
        return 0;
    }
    let mut charge = 0;
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        let followed = king_followed_past(board, color, reached[color.index()]);
        if followed.is_empty() {
            continue;
        }
        let mut c = w.king_follower * followed.count() as i32;
        if w.king_trap != 0 {
            c += w.king_trap * king_traps(board, color, occ, followed);
        }
        charge += sign * c;
    }
    charge
}

/// What the side to move wins by its best capture, seen from attack sets alone: the best
/// [`exchange`] on a square of an enemy unit (not the king), or nothing. Chains and
/// transformations are not played, so this is an estimate: the quiescence search's job where
/// that search is too dear to run.
pub fn capture_gain(board: &Board, us: Color, occ: Bitboard) -> i32 {
    let targets = board.by_color(us.other()) & !board.by_role(Role::King);
    let mut best = 0;
    for sq in targets {
        if board.attackers(sq, us, occ).any() {
            best = best.max(exchange(board, sq, us, occ));
        }
    }
    best
}

/// The least valuable unit in `from`, with its square and value: the king counts
/// as more than everything, so that an exchange never ends with a king taken.
fn least_valuable(board: &Board, from: Bitboard) -> Option<(Square, i32)> {
    Role::ALL.iter().find_map(|&role| {
        let sq = (from & board.by_role(role)).first()?;
        Some((
            sq,
            if role == Role::King {
                20 * VALUES[Role::Queen.index()]
            } else {
                VALUES[role.index()]
            },
        ))
    })
}

/// The static exchange on `sq` for `us`, who captures first: each side in turn takes with its
/// least valuable unit that attacks the square (a unit behind a taker on a line joins in, as
/// its line opens), and either side may stop when going on would lose. A rook against a
/// defended rook wins nothing; two rooks on a file against a rook defended once win it. The
/// chain's followers are not seen: one that fills a taker's square brings a new unit onto the
/// taker's line, so in Grolman and Tatarstan chess this undercounts both sides alike.
fn exchange(board: &Board, sq: Square, us: Color, mut occ: Bitboard) -> i32 {
    // `standing[k]`: the value of the unit that the (k + 1)-th capture takes.
    let mut standing = [0i32; 32];
    standing[0] = board.role_at(sq).map_or(0, |r| VALUES[r.index()]);
    let mut captures = 0;
    let mut side = us;
    while captures < standing.len() - 1 {
        let Some((from, value)) = least_valuable(board, board.attackers(sq, side, occ) & occ) else {
            break;
        };
        captures += 1;
        standing[captures] = value;
        occ = occ.without(from);
        side = side.other();
    }
    // From the last capture back, each taker after the first takes only when it gains.
    let mut reply = 0;
    for k in (1..captures).rev() {
        reply = (standing[k] - reply).max(0);
    }
    standing[0] - reply
}

/// The mop-up of a won ending, for White minus Black: when one side's material (`material`,
/// White's minus Black's) is ahead by a rook or more and the other side has no pawn left to
/// promote, the weaker king's distance from the centre (0 to 6 steps, by files plus ranks) and
/// the kings' nearness (14 minus their distance by files plus ranks) count for the stronger
/// side, `weight` per step and half that.
fn mop_up(board: &Board, material: i32, weight: i32) -> i32 {
    let strong = match material {
        m if m >= VALUES[Role::Rook.index()] => Color::White,
        m if m <= -VALUES[Role::Rook.index()] => Color::Black,
        _ => return 0,
    };
    let weak = strong.other();
    let (Some(strong_king), Some(weak_king)) = (board.king_of(strong), board.king_of(weak)) else {
        return 0;
    };
    if board.by_piece(Piece::new(weak, Role::Pawn)).any() {
        return 0;
    }
    let (f, r) = (i32::from(weak_king.file()), i32::from(weak_king.rank()));
    let from_centre = (2 * f - 7).abs() / 2 + (2 * r - 7).abs() / 2;
    let apart = (f - i32::from(strong_king.file())).abs() + (r - i32::from(strong_king.rank())).abs();
    let bonus = weight * from_centre + weight * (14 - apart) / 2;
    match strong {
        Color::White => bonus,
        Color::Black => -bonus,
    }
}

/// Material and placement ([`PLACE`]) and mobility, White's minus Black's: each piece but the
/// king also counts the squares it attacks that its own side does not hold. Kind by kind over
/// the sets, not unit by unit, so that no unit's kind is looked up. Also gives, per colour, the
/// squares its knights and line pieces reach, which the chain terms ask of every square next
/// to a king ([`king_followed_past`]).
fn material_and_placement(board: &Board, occ: Bitboard) -> (i32, [Bitboard; 2]) {
    let mut score = 0;
    let mut reached = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let own = board.by_color(color);
        let free = !own;
        let place = &PLACE[color.index()];
        let mobility = |role: Role, reach: Bitboard| MOBILITY[role.index()] * (reach & free).count() as i32;
        let mut s = 0;
        let mut all = Bitboard::EMPTY;
        for sq in board.by_role(Role::Pawn) & own {
            s += place[Role::Pawn.index()][sq.index()];
        }
        for sq in board.by_role(Role::Knight) & own {
            let reach = knight_attacks(sq);
            all |= reach;
            s += place[Role::Knight.index()][sq.index()] + mobility(Role::Knight, reach);
        }
        for sq in board.by_role(Role::Bishop) & own {
            let reach = bishop_attacks(sq, occ);
            all |= reach;
            s += place[Role::Bishop.index()][sq.index()] + mobility(Role::Bishop, reach);
        }
        for sq in board.by_role(Role::Rook) & own {
            let reach = rook_attacks(sq, occ);
            all |= reach;
            s += place[Role::Rook.index()][sq.index()] + mobility(Role::Rook, reach);
        }
        for sq in board.by_role(Role::Queen) & own {
            let reach = queen_attacks(sq, occ);
            all |= reach;
            s += place[Role::Queen.index()][sq.index()] + mobility(Role::Queen, reach);
        }
        reached[color.index()] = all;
        score += match color {
            Color::White => s,
            Color::Black => -s,
        };
    }
    (score, reached)
}

/// The evaluation of `pos` for the side to move, with the variant's default weights.
pub fn evaluate(pos: &Position, variant: Variant) -> i32 {
    evaluate_with(pos, variant, &Weights::of(variant))
}

/// The evaluation of `pos` for the side to move, with weights `w`.
pub fn evaluate_with(pos: &Position, variant: Variant, w: &Weights) -> i32 {
    let board = pos.board();
    let occ = board.occupied();
    let (mut score, reached) = material_and_placement(board, occ);
    if w.mop_up != 0 {
        score += mop_up(board, material(board), w.mop_up);
    }
    if variant == Variant::Tatarstan {
        // The material's share that the next phase would leave, with the same rounding as
        // `(m * (100 - share) + m' * share) / 100` had the material been apart.
        let share = w.phase_share.clamp(0, 100);
        let m = material(board);
        score += (m * (100 - share) + material(&stages_ahead(board)) * share) / 100 - m;
    }
    if w.king_shield != 0 || w.king_attack != 0 {
        score += king_safety(board, Color::White, w, occ) - king_safety(board, Color::Black, w, occ);
    }
    if variant != Variant::Orthodox {
        score -= chain_charges(board, w, occ, reached);
    }
    let tempo = 10;
    let gain = if w.capture_gain != 0 {
        w.capture_gain * capture_gain(board, pos.turn(), occ) / 100
    } else {
        0
    };
    match pos.turn() {
        Color::White => score + tempo + gain,
        Color::Black => -score + tempo + gain,
    }
}

/// Whether the side to move can capture something with a leading move (a cheap test that lets
/// quiescence stop without generating turns): kind by kind over the sets, so that no unit's
/// kind is looked up.
pub fn has_capture(pos: &Position) -> bool {
    if pos.ep_square().is_some() {
        return true;
    }
    let board = pos.board();
    let us = pos.turn();
    let own = board.by_color(us);
    let enemy = board.by_color(us.other());
    let occ = board.occupied();
    let queens = board.by_role(Role::Queen);
    let hits = |units: Bitboard, reach: fn(Square, Color, Bitboard) -> Bitboard| {
        Iterator::any(&mut { units }, |sq| (reach(sq, us, occ) & enemy).any())
    };
    hits(board.by_role(Role::Pawn) & own, |sq, us, _| pawn_attacks(us, sq))
        || hits(board.by_role(Role::Knight) & own, |sq, _, _| knight_attacks(sq))
        || hits((board.by_role(Role::Bishop) | queens) & own, |sq, _, occ| {
            bishop_attacks(sq, occ)
        })
        || hits((board.by_role(Role::Rook) | queens) & own, |sq, _, occ| {
            rook_attacks(sq, occ)
        })
        || hits(board.by_role(Role::King) & own, |sq, _, _| king_attacks(sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(fen: &str, variant: Variant, w: &Weights) -> i32 {
        evaluate_with(&Position::from_fen(fen).unwrap(), variant, w)
    }

    #[test]
    fn a_unit_whose_first_follower_is_its_king_costs_the_king_follower_weight_where_chains_exist() {
        // The knight on d2 can be followed by the king alone (docs/rules.md 1.3).
        let fen = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1";
        let mut w = Weights::BASELINE;
        w.set("king_follower", 30).unwrap();
        for variant in [Variant::Grolman, Variant::Tatarstan] {
            assert_eq!(
                score(fen, variant, &w),
                score(fen, variant, &Weights::BASELINE) - 30
            );
        }
        assert_eq!(
            score(fen, Variant::Orthodox, &w),
            score(fen, Variant::Orthodox, &Weights::BASELINE)
        );
    }

    #[test]
    fn tatarstan_chess_charges_a_unit_whose_first_follower_is_its_king_by_default_grolman_chess_does_not() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
        let baseline = |variant| evaluate_with(&pos, variant, &Weights::BASELINE);
        assert_eq!(
            evaluate(&pos, Variant::Tatarstan),
            baseline(Variant::Tatarstan) - 20
        );
        assert_eq!(evaluate(&pos, Variant::Grolman), baseline(Variant::Grolman));
        assert_eq!(evaluate(&pos, Variant::Orthodox), baseline(Variant::Orthodox));
    }

    #[test]
    fn grolman_chess_charges_a_unit_whose_king_would_follow_onto_an_attacked_square_by_default() {
        let pos = Position::from_fen("3r3k/8/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
        let baseline = |variant| evaluate_with(&pos, variant, &Weights::BASELINE);
        assert_eq!(evaluate(&pos, Variant::Grolman), baseline(Variant::Grolman) - 20);
        assert_eq!(evaluate(&pos, Variant::Orthodox), baseline(Variant::Orthodox));
    }

    /// The score with `name` set to 10 minus the baseline's, in each variant.
    fn charge_of(fen: &str, name: &str) -> [i32; 3] {
        let mut w = Weights::BASELINE;
        w.set(name, 10).unwrap();
        [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan]
            .map(|v| score(fen, v, &w) - score(fen, v, &Weights::BASELINE))
    }

    #[test]
    fn a_unit_whose_first_follower_is_its_king_onto_an_attacked_square_costs_the_king_trap_weight() {
        // Only the king could follow Nd2, and the rook on d8 attacks d2.
        assert_eq!(
            charge_of("3r3k/8/8/8/8/8/3N4/4K3 w - - 0 1", "king_trap"),
            [0, -10, -10]
        );
        assert_eq!(
            charge_of("7k/8/8/8/8/8/3N4/4K3 w - - 0 1", "king_trap"),
            [0, 0, 0]
        );
        // The rook on a1 sees f1 once the king has left e1.
        assert_eq!(
            charge_of("7k/8/8/8/8/8/8/r3KN2 w - - 0 1", "king_trap"),
            [0, -10, -10]
        );
        // The knight on b1 could follow Nd2 too, and a knight is weaker than the king.
        assert_eq!(
            charge_of("3r3k/8/8/8/8/8/3N4/1N2K3 w - - 0 1", "king_trap"),
            [0, 0, 0]
        );
    }

    #[test]
    fn a_pawn_shield_counts_for_its_king_and_attacks_near_a_king_count_against_it() {
        let mut w = Weights::BASELINE;
        w.set("king_shield", 10).unwrap();
        let sheltered = "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1";
        assert_eq!(
            score(sheltered, Variant::Orthodox, &w),
            score(sheltered, Variant::Orthodox, &Weights::BASELINE) + 30
        );
        let mut w = Weights::BASELINE;
        w.set("king_attack", 16).unwrap();
        // The queen on h4 attacks f2, h2 and h1 around the white king: 3 hits of 5 units, 15² = 225.
        let attacked = "4k3/8/8/8/7q/8/8/6K1 w - - 0 1";
        assert_eq!(
            score(attacked, Variant::Orthodox, &w),
            score(attacked, Variant::Orthodox, &Weights::BASELINE) - 225
        );
    }

    fn gain(fen: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        capture_gain(pos.board(), pos.turn(), pos.board().occupied())
    }

    #[test]
    fn the_capture_gain_is_the_best_undefended_victim_or_a_defended_one_taken_by_a_weaker_unit() {
        // The rook on a1 attacks the rook on a8, which nothing defends.
        assert_eq!(gain("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"), 500);
        // With the rook on b8 defending it, rook for rook wins nothing.
        assert_eq!(gain("rr2k3/8/8/8/8/8/8/R3K3 w - - 0 1"), 0);
        // A knight on c7 attacking the defended queen on a8 wins the difference; the rook's
        // undefended victim is worth less.
        assert_eq!(gain("qr5k/2N5/8/8/8/8/4K3/1R5n w - - 0 1"), 950 - 310);
        // The king takes an undefended unit, never a defended one; the king itself is no victim.
        assert_eq!(gain("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1"), 310);
        assert_eq!(gain("4k3/8/8/8/8/2n5/3n4/4K3 w - - 0 1"), 310);
        assert_eq!(gain("4k3/8/8/8/8/1n6/3n4/4K3 w - - 0 1"), 0);
        assert_eq!(gain("4k3/8/8/8/8/8/8/R3K3 b - - 0 1"), 0);
    }

    #[test]
    fn the_capture_gain_plays_out_the_exchange_with_the_units_lined_up_behind_the_takers() {
        // Rooks on d1 and d2 (a battery) against the rook on d7, defended by d8: the second
        // white rook takes last, a rook up.
        assert_eq!(gain("3r3k/3r4/8/8/8/8/3R4/3RK3 w - - 0 1"), 500);
        // One rook against two: nothing.
        assert_eq!(gain("3r3k/3r4/8/8/8/8/3R4/4K3 w - - 0 1"), 0);
        // Rooks on d2 and a7 against d7 defended by d8 and e7: nothing; without e7, a rook.
        assert_eq!(gain("3r3k/R2rr3/8/8/8/8/3R4/4K3 w - - 0 1"), 0);
        assert_eq!(gain("3r3k/R2r4/8/8/8/8/3R4/4K3 w - - 0 1"), 500);
        // A pawn defending the victim ends it: the rook takes the pawn-defended knight and is
        // lost, so a rook on its own wins nothing there.
        assert_eq!(gain("7k/8/4p3/3n4/8/8/8/3RK3 w - - 0 1"), 0);
    }

    #[test]
    fn the_side_to_move_gets_the_capture_gain_weight_share_of_its_best_capture() {
        let fen = "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let mut w = Weights::BASELINE;
        w.set("capture_gain", 50).unwrap();
        for variant in Variant::ALL {
            assert_eq!(
                score(fen, variant, &w),
                score(fen, variant, &Weights::BASELINE) + 250
            );
        }
    }

    #[test]
    fn an_unknown_weight_is_refused_with_the_names_there_are() {
        let mut w = Weights::BASELINE;
        let e = w.set("kingsafety", 1).unwrap_err();
        assert!(e.contains("kingsafety") && e.contains("king_follower"), "{e}");
    }
}
