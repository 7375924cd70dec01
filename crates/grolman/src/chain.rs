//! Followers (docs/rules.md 1.3-1.5): who follows into a vacated square ([`followers`]), and
//! the one walk of every chain behind a leading move ([`walk_chains`]), generic over the
//! [`Space`] it walks: the position, each follower played in place ([`walk`], generic in turn
//! over what it records: nothing for counting, a turn's steps and events for the board), or the
//! Grolman perft counter's units numbered by kind and kept tables of who reaches each square
//! (`perft::fast::walk`), where a position's thousands of chains are counted without playing
//! them.

use crate::bitboard::Bitboard;
use crate::position::{Castling, Position};
use crate::step;
use crate::turn::FollowReason;
use crate::types::{Role, Square};

mod followers;

pub use followers::first_followers;
pub(crate) use followers::{
    after_lead, all_candidates, followers, promotes, reach, Blocked, Followers, OnBoard, Placed, Reach,
    ReachTable, UnitSet,
};

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
