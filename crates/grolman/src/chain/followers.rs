//! Who follows into a vacated square (docs/rules.md 1.3-1.5): which units could move there, which
//! kind is the weakest among them, over the board or the Grolman perft counter's numbered units
//! ([`Reach`]); the squares a leading move vacates (two after castling); follower promotions.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Units;
use crate::movegen::Lead;
use crate::turn::{Candidate, CastleRook};
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
fn weakest<B: Units>(board: &B, us: Color, unmoved: Bitboard, v: Square) -> Option<(Role, Bitboard)> {
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

/// The units of `us` that would follow first if the unit on `v` led away from it (docs/rules.md
/// 1.3), before anything else of the turn is known: the weakest kind among the units that could
/// move to `v` once it is empty, with those units; `None` when nothing could follow. Where the
/// leader lands (which may open or close a line) is left out: a fact for evaluation, which asks
/// it of every unit without generating turns.
pub fn first_followers(board: &crate::board::Board, us: Color, v: Square) -> Option<(Role, Bitboard)> {
    weakest(board, us, board.by_color(us), v)
}

/// A set of our units, as a [`Reach`] numbers them: squares on the board, or the Grolman
/// counter's unit numbers.
pub(crate) trait UnitSet: Copy + Default {
    /// One unit of the set.
    type Unit: Copy;

    /// Takes the first unit out of the set.
    fn pop(&mut self) -> Option<Self::Unit>;

    /// Whether the set holds exactly one unit.
    fn is_one(self) -> bool;

    /// Whether the set is empty.
    fn is_none(self) -> bool;
}

impl UnitSet for Bitboard {
    type Unit = Square;

    #[inline(always)]
    fn pop(&mut self) -> Option<Square> {
        self.next()
    }

    #[inline(always)]
    fn is_one(self) -> bool {
        self.any() && !self.more_than_one()
    }

    #[inline(always)]
    fn is_none(self) -> bool {
        self.is_empty()
    }
}

/// Unit numbers, one bit each.
impl UnitSet for u32 {
    type Unit = usize;

    #[inline(always)]
    fn pop(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let unit = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(unit)
    }

    #[inline(always)]
    fn is_one(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }

    #[inline(always)]
    fn is_none(self) -> bool {
        self == 0
    }
}

/// Who could follow into a vacated square (docs/rules.md 1.3, 1.4), on some view of our units: the
/// board itself ([`OnBoard`]), or the Grolman counter's numbered units and kept table of who
/// reaches each square (`perft::fast::walk`).
pub(crate) trait Reach {
    /// A set of our units.
    type Units: UnitSet;

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

    #[cfg_attr(feature = "inline-hot", inline(always))]
    #[cfg_attr(not(feature = "inline-hot"), inline)]
    fn weakest(&self, unmoved: Bitboard, v: Square) -> Option<(Role, Bitboard)> {
        weakest(self.board, self.us, unmoved, v)
    }
}

/// Who follows into one or two vacated squares ([`followers`]): the weakest kind able to, and
/// its units for each square; `None` when no unit can.
pub(crate) type Followers<U> = Option<(Role, [U; 2])>;

/// The follower choice after a leader vacates one square, or two after castling (docs/rules.md 1.5):
/// the weakest kind able to reach either square, and its units for each square.
#[inline]
pub(crate) fn followers<R: Reach>(
    reach: &R,
    unmoved: R::Units,
    vacated: [Option<Square>; 2],
) -> Followers<R::Units> {
    // One vacated square (every lead but castling): its weakest followers.
    if let [Some(v), None] = vacated {
        return reach
            .weakest(unmoved, v)
            .map(|(role, units)| (role, [units, R::Units::default()]));
    }
    let mut best: Followers<R::Units> = None;
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
