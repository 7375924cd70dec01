//! Followers (docs/rules.md 1.3-1.5): which units could move to a vacated square, which kind is
//! the weakest among them, the two squares castling vacates, follower promotions, and the walk
//! of every chain behind a leading move ([`walk`]), generic over what it records: nothing
//! for counting, a turn's steps and events for the board.
//!
//! The Grolman perft counter walks the same rule over units numbered by kind and kept tables
//! of who reaches each square (`perft::fast`), where a position's thousands of chains are
//! counted without playing them.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Units;
use crate::movegen::Lead;
use crate::position::{Castling, Position};
use crate::step;
use crate::turn::{Candidate, CastleRook, FollowReason};
use crate::types::{Color, Role, Square};

/// The pawns among `pawns` that could step to the empty square `v`: one step straight forward,
/// or the double step from the initial rank over an empty square.
#[inline]
fn pawns_reaching(us: Color, pawns: Bitboard, occ: Bitboard, v: Square) -> Bitboard {
    if pawns.is_empty() {
        return pawns;
    }
    let target = Bitboard::from_square(v);
    let (one, two) = match us {
        Color::White => (target.south(), target.south().south()),
        Color::Black => (target.north(), target.north().north()),
    };
    let single = one & pawns;
    if single.is_empty() && v.rank() == us.double_step_rank() && (one & occ).is_empty() {
        two & pawns
    } else {
        single
    }
}

/// The units of `us` among `unmoved` that could make a non-capturing move of their own kind to
/// the empty square `v`, by kind (indexed by `Role::index`):
/// - pawn: one step straight forward, or the double step from its initial rank over an empty
///   square;
/// - knight: a jump; king: one step (never castling);
/// - bishop, rook, queen: along a line with every square between empty.
///
/// Whether `v` itself is occupied does not change the answer (attacks from a square do not
/// look at the square), which the perft counter relies on.
#[inline]
pub(crate) fn reach<B: Units>(board: &B, us: Color, unmoved: Bitboard, v: Square) -> [Bitboard; 6] {
    let mut out = [Bitboard::EMPTY; 6];
    let occ = board.occupied();
    out[0] = pawns_reaching(us, unmoved & board.by_role(Role::Pawn), occ, v);
    out[1] = attacks::knight_attacks(v) & unmoved & board.by_role(Role::Knight);
    let queens = board.by_role(Role::Queen);
    let sliders = unmoved & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | queens);
    if sliders.any() {
        let diag = attacks::bishop_attacks(v, occ) & sliders;
        let ortho = attacks::rook_attacks(v, occ) & sliders;
        out[2] = diag & board.by_role(Role::Bishop);
        out[3] = ortho & board.by_role(Role::Rook);
        out[4] = (diag | ortho) & queens;
    }
    out[5] = attacks::king_attacks(v) & unmoved & board.by_role(Role::King);
    out
}

/// The weakest kind that has a unit able to reach `v`, with those units: [`reach`] kind by
/// kind, stopping at the first found.
#[inline]
pub(crate) fn weakest<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    v: Square,
) -> Option<(Role, Bitboard)> {
    let occ = board.occupied();
    let pawns = pawns_reaching(us, unmoved & board.by_role(Role::Pawn), occ, v);
    if pawns.any() {
        return Some((Role::Pawn, pawns));
    }
    let knights = attacks::knight_attacks(v) & unmoved & board.by_role(Role::Knight);
    if knights.any() {
        return Some((Role::Knight, knights));
    }
    let queens = board.by_role(Role::Queen);
    let sliders = unmoved & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | queens);
    if sliders.any() {
        let diag = attacks::bishop_attacks(v, occ) & sliders;
        let bishops = diag & board.by_role(Role::Bishop);
        if bishops.any() {
            return Some((Role::Bishop, bishops));
        }
        let ortho = attacks::rook_attacks(v, occ) & sliders;
        let rooks = ortho & board.by_role(Role::Rook);
        if rooks.any() {
            return Some((Role::Rook, rooks));
        }
        let queens = (diag | ortho) & queens;
        if queens.any() {
            return Some((Role::Queen, queens));
        }
    }
    let kings = attacks::king_attacks(v) & unmoved & board.by_role(Role::King);
    kings.any().then_some((Role::King, kings))
}

/// Who could follow into a vacated square (docs/rules.md 1.3, 1.4), on some view of our units: the
/// board itself ([`OnBoard`]), or the Grolman counter's numbered units and kept table of who
/// reaches each square (`perft::fast::walk`).
pub(crate) trait Reach {
    /// A set of our units.
    type Units: Copy + Default;

    /// The units among `unmoved` of the weakest kind able to reach the empty square `v`, with
    /// that kind; `None` when none can.
    fn weakest(&self, unmoved: Self::Units, v: Square) -> Option<(Role, Self::Units)>;
}

/// The board's view of who could follow: the units of `us` where they stand.
pub(crate) struct OnBoard<'a, B> {
    pub(crate) board: &'a B,
    pub(crate) us: Color,
}

impl<B: Units> Reach for OnBoard<'_, B> {
    type Units = Bitboard;

    #[inline]
    fn weakest(&self, unmoved: Bitboard, v: Square) -> Option<(Role, Bitboard)> {
        weakest(self.board, self.us, unmoved, v)
    }
}

/// The follower choice after a leader vacates one square, or two after castling (docs/rules.md 1.5):
/// the weakest kind able to reach either square, and its units for each square.
#[inline]
pub(crate) fn followers<R: Reach>(
    reach: &R,
    unmoved: R::Units,
    vacated: [Option<Square>; 2],
) -> Option<(Role, [R::Units; 2])> {
    // One vacated square (every lead but castling): its weakest followers.
    if let [Some(v), None] = vacated {
        return reach
            .weakest(unmoved, v)
            .map(|(role, units)| (role, [units, R::Units::default()]));
    }
    let mut best: Option<(Role, [R::Units; 2])> = None;
    for (i, v) in vacated.iter().enumerate() {
        let Some((role, units)) = v.and_then(|v| reach.weakest(unmoved, v)) else {
            continue;
        };
        match &mut best {
            Some((b, _)) if *b < role => {}
            Some((b, found)) if *b == role => found[i] = units,
            _ => {
                let mut found = [R::Units::default(); 2];
                found[i] = units;
                best = Some((role, found));
            }
        }
    }
    best
}

/// Whether a follower of kind `role` stepping to `to` promotes (docs/rules.md 1.4: a pawn onto
/// `last_rank`, its side's last rank), with the four choices of a leading pawn.
#[inline(always)]
pub(crate) fn promotes(role: Role, to: Square, last_rank: u8) -> bool {
    role == Role::Pawn && to.rank() == last_rank
}

/// Every unit of every kind that could reach one of the vacated squares, weakest kind first,
/// then by square.
pub(crate) fn all_candidates<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    vacated: &[Square],
) -> Vec<Candidate> {
    let reaches: Vec<[Bitboard; 6]> = vacated.iter().map(|&v| reach(board, us, unmoved, v)).collect();
    let mut out = Vec::new();
    for role in Role::ALL {
        for (&to, r) in vacated.iter().zip(&reaches) {
            for square in r[role.index()] {
                out.push(Candidate { square, role, to });
            }
        }
    }
    out
}

/// The squares a leading move filled with a unit that has moved (its destination, and the
/// rook's after castling), and the one or two it vacated for followers (docs/rules.md 1.3, 1.5).
#[inline]
pub(crate) fn after_lead(lead: Lead, castle: Option<CastleRook>) -> (Bitboard, [Option<Square>; 2]) {
    let mut moved = Bitboard::from_square(lead.to);
    let mut vacated = [Some(lead.from), None];
    if let Some(c) = castle {
        moved.set(c.rook_to);
        vacated[1] = Some(c.rook_from);
    }
    (moved, vacated)
}

/// What [`walk`] records of the chains it walks, and what it does at the end of each.
pub(crate) trait Recorder {
    /// Whether a follower's promotion choices are walked one by one (the kinds matter after
    /// the turn), or walked once, standing for four turns (counting the last ply: the kinds
    /// of moved units never matter, they are out of the chain and do not attack our king).
    const EACH_PROMOTION: bool;

    /// Who could follow into the `vacated` squares (`best`: the weakest kind and its units,
    /// as [`followers`] finds them); returns the reason the follower follows.
    #[inline]
    fn candidates(
        &mut self,
        _pos: &Position,
        _unmoved: Bitboard,
        _vacated: [Option<Square>; 2],
        best: Option<(Role, [Bitboard; 2])>,
    ) -> FollowReason {
        match best {
            Some((_, found)) if found[0].count() + found[1].count() > 1 => FollowReason::Choice,
            _ => FollowReason::Weakest,
        }
    }

    /// A follower of kind `role` stepped from `from` to `to` (promoting to `promotion`),
    /// already played on `pos`; `before` are the castling rights before its step.
    #[inline]
    fn follow(
        &mut self,
        _pos: &Position,
        (_from, _to, _promotion): (Square, Square, Option<Role>),
        _role: Role,
        _reason: FollowReason,
        _before: Castling,
    ) {
    }

    /// Takes back what the last [`Recorder::follow`] recorded.
    #[inline]
    fn unfollow(&mut self) {}

    /// A chain ended on `pos` (side to move not yet switched): the turns it counts.
    fn end(&mut self, pos: &mut Position) -> u64;

    /// Whether to stop walking.
    #[inline]
    fn stopped(&self) -> bool {
        false
    }
}

/// Walks every chain on `pos` from the `vacated` squares (docs/rules.md 1.3-1.5), playing each
/// follower in place and taking it back: the weakest kind that can reach a vacated square
/// follows; a tie branches on each unit; a pawn following onto its last rank promotes.
/// `moved` holds the squares of the units that have moved this turn. Returns the sum of what
/// `recorder` counts at the end of each chain; `pos` is as it came.
pub(crate) fn walk<R: Recorder>(
    pos: &mut Position,
    moved: Bitboard,
    vacated: [Option<Square>; 2],
    recorder: &mut R,
) -> u64 {
    let us = pos.turn;
    let unmoved = pos.board.by_color(us) & !moved;
    let best = followers(
        &OnBoard {
            board: &pos.board,
            us,
        },
        unmoved,
        vacated,
    );
    let reason = recorder.candidates(pos, unmoved, vacated, best);
    let Some((role, found)) = best else {
        return recorder.end(pos);
    };
    let mut n = 0;
    for (i, v) in vacated.iter().enumerate() {
        let Some(to) = *v else { continue };
        let promotes = promotes(role, to, us.last_rank());
        for from in found[i] {
            let before = step::make_follow(pos, from, to, role);
            let next = [Some(from), None];
            if promotes && R::EACH_PROMOTION {
                for promotion in Role::PROMOTIONS {
                    pos.board.set_role(to, promotion);
                    recorder.follow(pos, (from, to, Some(promotion)), role, reason, before.0);
                    n += walk(pos, moved.with(to), next, recorder);
                    recorder.unfollow();
                    if recorder.stopped() {
                        break;
                    }
                }
                pos.board.set_role(to, Role::Pawn);
            } else {
                recorder.follow(pos, (from, to, None), role, reason, before.0);
                let turns = walk(pos, moved.with(to), next, recorder);
                recorder.unfollow();
                n += if promotes {
                    Role::PROMOTIONS.len() as u64 * turns
                } else {
                    turns
                };
            }
            step::unmake_follow(pos, from, to, before);
            if recorder.stopped() {
                return n;
            }
        }
    }
    n
}
