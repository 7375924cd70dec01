//! Who follows into a vacated square (docs/rules.md 1.3-1.5): which units could move there, which
//! kind is the weakest among them, over the board, the Grolman perft counter's numbered units or
//! a table made once per position ([`Reach`], [`ReachTable`]), and the units a leader stands in
//! front of where such a table does not see it ([`Blocked`]); the squares a leading move vacates
//! (two after castling); follower promotions.

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

    /// The set without the units of `other`.
    fn minus(self, other: Self) -> Self;
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

    #[inline(always)]
    fn minus(self, other: Bitboard) -> Bitboard {
        self & !other
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

    #[inline(always)]
    fn minus(self, other: u32) -> u32 {
        self & !other
    }
}

/// Who could follow into a vacated square (docs/rules.md 1.3, 1.4), on some view of our units: the
/// board itself ([`OnBoard`]), a table of who reaches each square made once per position
/// ([`ReachTable`]), or the Grolman counter's numbered units and kept table of who reaches each
/// square (`perft::fast::walk`); the two tables with the leader's destination taken in by
/// [`Blocked`].
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

/// A view of who could follow that sees our units where they stood before the leader moved (a
/// table made on that occupancy), for [`Blocked`] to take out those the leader now stands in
/// front of.
pub(crate) trait Placed: Reach {
    /// The units among `unmoved` that reach `v` and stand on `squares` (a view may also give
    /// some that do not reach `v`: [`Reach::weakest`] never picks those).
    fn standing_on(&self, unmoved: Self::Units, v: Square, squares: Bitboard) -> Self::Units;
}

/// Who could follow with the leader standing on `block`, over a view that does not see it there
/// ([`Placed`]): a unit whose way to the vacated square passes over `block` (a line, a pawn's
/// double step; a jump or a king's step passes over none) cannot take it (docs/rules.md 1.3).
pub(crate) struct Blocked<'a, R> {
    pub(crate) reach: &'a R,
    pub(crate) block: Square,
}

impl<R: Placed> Reach for Blocked<'_, R> {
    type Units = R::Units;

    #[inline(always)]
    fn weakest(&self, unmoved: R::Units, v: Square) -> Option<(Role, R::Units)> {
        // From the table: `beyond`'s own direction test cost the Grolman counter's blocked
        // walks more than the per-unit `between` lookups it replaced.
        let past = Bitboard(attacks::beyond_table()[v.index()][self.block.index()]);
        if past.is_empty() {
            return self.reach.weakest(unmoved, v);
        }
        let stopped = self.reach.standing_on(unmoved, v, past);
        self.reach.weakest(unmoved.minus(stopped), v)
    }
}

/// Who reaches each square of one position by kind ([`reach`] of all our units on its
/// occupancy), worked out for a square when first asked ([`ReachTable::learn`]): for the chains
/// of a position walked without being played. While a chain is walked, every square but the one
/// waiting for a follower holds what it held before the turn, and whether that one is occupied
/// does not change who reaches it; so the table holds for every step of every chain, but for the
/// leader's destination, which [`Blocked`] takes in.
pub(crate) struct ReachTable {
    by_square: [[Bitboard; 6]; 64],
    known: Bitboard,
}

impl Default for ReachTable {
    fn default() -> Self {
        ReachTable {
            by_square: [[Bitboard::EMPTY; 6]; 64],
            known: Bitboard::EMPTY,
        }
    }
}

impl ReachTable {
    /// Forgets every square: the next position's table.
    #[inline]
    pub(crate) fn forget(&mut self) {
        self.known = Bitboard::EMPTY;
    }

    /// Works out who of `us` on `board` reaches `v`, unless known; `board` is the same until
    /// [`ReachTable::forget`].
    #[inline]
    pub(crate) fn learn<B: Units>(&mut self, board: &B, us: Color, v: Square) {
        if !self.known.contains(v) {
            self.by_square[v.index()] = reach(board, us, board.by_color(us), v);
            self.known.set(v);
        }
    }
}

impl Reach for ReachTable {
    type Units = Bitboard;

    /// [`weakest`] read from the table: `v` must be learnt.
    #[inline(always)]
    fn weakest(&self, unmoved: Bitboard, v: Square) -> Option<(Role, Bitboard)> {
        debug_assert!(self.known.contains(v), "{v} asked before it was learnt");
        let by_kind = &self.by_square[v.index()];
        for role in Role::ALL {
            let units = by_kind[role.index()] & unmoved;
            if units.any() {
                return Some((role, units));
            }
        }
        None
    }
}

impl Placed for ReachTable {
    #[inline(always)]
    fn standing_on(&self, unmoved: Bitboard, _v: Square, squares: Bitboard) -> Bitboard {
        unmoved & squares
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::position::Position;

    /// The boards of the Grolman perft suite, with the side to move.
    fn suite() -> impl Iterator<Item = (Board, Color)> {
        include_str!("../../../../tests/data/perft-grolman.txt")
            .lines()
            .filter_map(|line| line.strip_prefix("fen "))
            .map(|fen| {
                let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                (pos.board().clone(), pos.turn())
            })
    }

    /// A table made before the leader moved, told where it landed, names the followers the
    /// board after the lead does, for every waiting square: the leader's, or one whose unit
    /// followed into the leader's (the occupancy is the position's but for the leader's
    /// destination and the waiting square). Fails when the table keeps a unit the leader
    /// stands in front of.
    #[test]
    fn a_table_made_before_the_lead_names_the_followers_of_the_board_after_it() {
        for (before, us) in suite() {
            let own = before.by_color(us);
            let mut table = ReachTable::default();
            for v in own {
                table.learn(&before, us, v);
            }
            for from in own {
                for to in !own {
                    let mut lead = before.clone();
                    lead.take(to);
                    lead.shift(from, to);
                    for v in own {
                        let mut after = lead.clone();
                        after.shift(v, from);
                        let unmoved = own.without(from).without(v);
                        let on_board = OnBoard { board: &after, us }.weakest(unmoved, v);
                        let blocked = Blocked {
                            reach: &table,
                            block: to,
                        };
                        assert_eq!(
                            blocked.weakest(unmoved, v),
                            on_board,
                            "{from}-{to}, {v} waiting, {us:?} in {:?}",
                            before.occupied()
                        );
                    }
                }
            }
        }
    }
}
