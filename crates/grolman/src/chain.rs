//! Followers (docs/rules.md 1.3-1.5): which units could move to a vacated square, which kind is
//! the weakest among them, the two squares castling vacates, follower promotions, and the one
//! walk of every chain behind a leading move ([`walk_chains`]), generic over the [`Space`] it
//! walks: the position, each follower played in place ([`walk`], generic in turn over what it
//! records: nothing for counting, a turn's steps and events for the board), or the Grolman
//! perft counter's units numbered by kind and kept tables of who reaches each square
//! (`perft::fast::walk`), where a position's thousands of chains are counted without playing
//! them.

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

/// What a chain is walked over ([`walk_chains`]): the position itself, its followers played
/// in place ([`walk`]), or the Grolman counter's numbered units and kept tables, where a
/// position's thousands of chains are walked without playing them (`perft::fast::walk`).
pub(crate) trait Space {
    /// A set of our units.
    type Units: UnitSet;
    /// What the space notes of the followers of one set of vacated squares, for their steps.
    type Note: Copy;
    /// A point of the walk to come back to.
    type Mark: Copy;

    /// Whether a follower's promotion choices are walked one by one (the kinds matter after
    /// the turn), or walked once, standing for four turns (counting the last ply: the kinds
    /// of moved units never matter, they are out of the chain and do not attack our king).
    const EACH_PROMOTION: bool;

    /// The rank our pawns promote on.
    fn last_rank(&self) -> u8;

    /// The weakest kind able to follow into the `vacated` squares among the units that have
    /// not moved, and its units for each square ([`followers`]).
    fn followers(&mut self, vacated: [Option<Square>; 2]) -> (Followers<Self::Units>, Self::Note);

    /// Takes the step of `unit`, of kind `role`, to the vacated square `to` (promoting to
    /// `promotion`); returns the square it left.
    fn step(
        &mut self,
        unit: <Self::Units as UnitSet>::Unit,
        to: Square,
        role: Role,
        promotion: Option<Role>,
        note: Self::Note,
    ) -> Square;

    /// Where the walk is now, to come back to with [`Space::back_to`].
    fn mark(&self) -> Self::Mark;

    /// Takes back the steps taken since `mark`.
    fn back_to(&mut self, mark: Self::Mark);

    /// A chain ended with the `vacated` squares left empty, standing for `mult` turns (its
    /// followers' promotion choices when not walked one by one): the turns it counts.
    fn end(&mut self, vacated: [Option<Square>; 2], mult: u32) -> u64;

    /// Whether to stop walking.
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

/// Walks every chain in `space` from the `vacated` squares (docs/rules.md 1.3-1.5): the weakest
/// kind that can reach a vacated square follows, and the square it left is vacated next; a tie
/// branches on each unit; a pawn following onto its last rank promotes. `mult` is the number
/// of turns each chain found stands for. Returns the sum of what `space` counts at the end of
/// each chain; `space` is back where it came when this returns.
///
/// Inlined where it is called, so that the space's state stays in registers along a forced
/// step; a tie is a call ([`ties`]).
#[inline(always)]
pub(crate) fn walk_chains<S: Space>(space: &mut S, mut vacated: [Option<Square>; 2], mut mult: u32) -> u64 {
    let start = space.mark();
    let n = loop {
        let (best, note) = space.followers(vacated);
        let Some((role, found)) = best else {
            break space.end(vacated, mult);
        };
        // A forced step (one unit, no choice of promotion to walk) walks on without branching.
        let only = match (vacated, found) {
            ([Some(to), _], [a, b]) if a.is_one() && b.is_none() => Some((to, a)),
            ([_, Some(to)], [a, b]) if b.is_one() && a.is_none() => Some((to, b)),
            _ => None,
        };
        if let Some((to, mut units)) = only {
            let promotes = promotes(role, to, space.last_rank());
            if let (false, Some(unit)) = (promotes && S::EACH_PROMOTION, units.pop()) {
                mult <<= 2 * u32::from(promotes);
                vacated = [Some(space.step(unit, to, role, None, note)), None];
                continue;
            }
        }
        break ties(space, vacated, (role, found), note, mult);
    };
    space.back_to(start);
    n
}

/// [`walk_chains`] behind each of the followers `found` of kind `role` for the `vacated`
/// squares, and each promotion choice walked one by one.
#[inline(never)]
fn ties<S: Space>(
    space: &mut S,
    vacated: [Option<Square>; 2],
    (role, found): (Role, [S::Units; 2]),
    note: S::Note,
    mult: u32,
) -> u64 {
    const EACH: [Option<Role>; 4] = [
        Some(Role::PROMOTIONS[0]),
        Some(Role::PROMOTIONS[1]),
        Some(Role::PROMOTIONS[2]),
        Some(Role::PROMOTIONS[3]),
    ];
    let mut n = 0;
    for (v, mut units) in vacated.into_iter().zip(found) {
        let Some(to) = v else { continue };
        let promotes = promotes(role, to, space.last_rank());
        let (choices, mult): (&[Option<Role>], u32) = match (promotes, S::EACH_PROMOTION) {
            (true, true) => (&EACH, mult),
            (true, false) => (&[None], mult << 2),
            (false, _) => (&[None], mult),
        };
        while let Some(unit) = units.pop() {
            for &promotion in choices {
                let mark = space.mark();
                let from = space.step(unit, to, role, promotion, note);
                n += walk_chains(space, [Some(from), None], mult);
                space.back_to(mark);
                if space.stopped() {
                    return n;
                }
            }
        }
    }
    n
}

/// Why the weakest follows, as far as the followers alone say: by the player's choice when
/// more than one unit of the weakest kind can follow, else as the weakest.
#[inline]
pub(crate) fn follow_reason(best: Followers<Bitboard>) -> FollowReason {
    match best {
        Some((_, found)) if found[0].count() + found[1].count() > 1 => FollowReason::Choice,
        _ => FollowReason::Weakest,
    }
}

/// What [`walk`] records of the chains it plays on a position, and what it does at the end
/// of each.
pub(crate) trait Recorder {
    /// [`Space::EACH_PROMOTION`].
    const EACH_PROMOTION: bool;

    /// Who could follow into the `vacated` squares (`best`: the weakest kind and its units,
    /// as [`followers`] finds them); returns the reason the follower follows.
    #[inline]
    fn candidates(
        &mut self,
        _pos: &Position,
        _unmoved: Bitboard,
        _vacated: [Option<Square>; 2],
        best: Followers<Bitboard>,
    ) -> FollowReason {
        follow_reason(best)
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

/// A follower's step played on the position, to take back.
#[derive(Clone, Copy)]
struct Played {
    /// [`OnPosition::moved`] before the step.
    moved: Bitboard,
    from: Square,
    to: Square,
    promotion: Option<Role>,
    before: step::Counters,
}

/// The position as the space of [`walk`]: each follower played in place, and taken back.
struct OnPosition<'a, R> {
    pos: &'a mut Position,
    /// The squares of the units that have moved this turn.
    moved: Bitboard,
    recorder: &'a mut R,
    /// The followers played, in order: a side has at most 16 units (`Position` refuses more),
    /// so a chain at most 15 followers.
    played: [Option<Played>; 16],
    len: usize,
}

impl<R: Recorder> Space for OnPosition<'_, R> {
    type Units = Bitboard;
    type Note = FollowReason;
    type Mark = usize;

    const EACH_PROMOTION: bool = R::EACH_PROMOTION;

    #[inline(always)]
    fn last_rank(&self) -> u8 {
        self.pos.turn.last_rank()
    }

    #[inline(always)]
    fn followers(&mut self, vacated: [Option<Square>; 2]) -> (Followers<Bitboard>, FollowReason) {
        let us = self.pos.turn;
        let unmoved = self.pos.board.by_color(us) & !self.moved;
        let best = followers(
            &OnBoard {
                board: &self.pos.board,
                us,
            },
            unmoved,
            vacated,
        );
        let reason = self.recorder.candidates(self.pos, unmoved, vacated, best);
        (best, reason)
    }

    #[inline(always)]
    fn step(
        &mut self,
        from: Square,
        to: Square,
        role: Role,
        promotion: Option<Role>,
        reason: FollowReason,
    ) -> Square {
        let before = step::make_follow(self.pos, from, to, role);
        if let Some(promotion) = promotion {
            self.pos.board.set_role(to, promotion);
        }
        let moved = self.moved;
        self.moved.set(to);
        self.recorder
            .follow(self.pos, (from, to, promotion), role, reason, before.0);
        debug_assert!(self.len < self.played.len(), "a chain longer than a side's units");
        if let Some(slot) = self.played.get_mut(self.len) {
            *slot = Some(Played {
                moved,
                from,
                to,
                promotion,
                before,
            });
        }
        self.len += 1;
        from
    }

    #[inline(always)]
    fn mark(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn back_to(&mut self, mark: usize) {
        while self.len > mark {
            self.len -= 1;
            let Some(Played {
                moved,
                from,
                to,
                promotion,
                before,
            }) = self.played.get(self.len).copied().flatten()
            else {
                continue;
            };
            self.recorder.unfollow();
            if promotion.is_some() {
                self.pos.board.set_role(to, Role::Pawn);
            }
            self.moved = moved;
            step::unmake_follow(self.pos, from, to, before);
        }
    }

    #[inline(always)]
    fn end(&mut self, _vacated: [Option<Square>; 2], mult: u32) -> u64 {
        u64::from(mult) * self.recorder.end(self.pos)
    }

    #[inline(always)]
    fn stopped(&self) -> bool {
        self.recorder.stopped()
    }
}

/// Walks every chain on `pos` from the `vacated` squares ([`walk_chains`]), playing each
/// follower in place and taking it back. `moved` holds the squares of the units that have
/// moved this turn. Returns the sum of what `recorder` counts at the end of each chain; `pos`
/// is as it came.
pub(crate) fn walk<R: Recorder>(
    pos: &mut Position,
    moved: Bitboard,
    vacated: [Option<Square>; 2],
    recorder: &mut R,
) -> u64 {
    let mut space = OnPosition {
        pos,
        moved,
        recorder,
        played: [None; 16],
        len: 0,
    };
    walk_chains(&mut space, vacated, 1)
}
