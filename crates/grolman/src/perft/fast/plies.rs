//! Grolman perft above the last two plies: leading moves and chains played in place (each
//! unit moved, then moved back).

use super::count::{self, count_grolman};
use super::kept::Scratch;
use crate::bitboard::Bitboard;
use crate::chain;
use crate::movegen::{self, Lead};
use crate::position::Position;
use crate::step;
use crate::types::{Role, Square};
use crate::variant::Rules;

/// Grolman perft: the chains are played in place (each follower moved and moved back), the
/// last two plies are left to the counter (`count::expand`, then `count_grolman`), whose
/// kept chains `scratch` holds.
pub(super) fn grolman(pos: &mut Position, rules: Rules, depth: u32, scratch: &mut Scratch) -> u64 {
    match depth {
        0 => 1,
        1 => count_grolman(pos, rules, scratch),
        2 => count::expand(pos, rules, scratch),
        _ => by_leads(pos, rules, depth, scratch),
    }
}

/// Grolman perft by every leading move and its chains, played in place.
pub(super) fn by_leads(pos: &mut Position, rules: Rules, depth: u32, scratch: &mut Scratch) -> u64 {
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    let safety = Safety::of(pos);
    let mut n = 0;
    for lead in leads {
        let made = step::make_lead(pos, lead);
        let (moved, vacated) = chain::after_lead(lead, made.castle);
        n += follow(pos, rules, &safety, moved, vacated, depth, scratch);
        step::unmake_lead(pos, lead, &made);
    }
    n
}

/// Perft below one leading move: its chains, then `depth - 1` more plies.
pub(super) fn play_lead(
    pos: &Position,
    rules: Rules,
    safety: &Safety,
    lead: Lead,
    depth: u32,
    scratch: &mut Scratch,
) -> u64 {
    let mut next = pos.clone();
    let made = step::make_lead(&mut next, lead);
    let (moved, vacated) = chain::after_lead(lead, made.castle);
    follow(&mut next, rules, safety, moved, vacated, depth, scratch)
}

/// When the mover's king is surely safe after a turn, without testing it: it was not in
/// check, it has not moved, and no square emptied by the turn lies between it and an enemy
/// slider aligned with it.
pub(super) struct Safety {
    pub(super) king: Option<Square>,
    pub(super) in_check: bool,
    pub(super) occupied: Bitboard,
    pub(super) danger: Bitboard,
}

impl Safety {
    fn of(pos: &Position) -> Safety {
        let board = pos.board();
        let us = pos.turn();
        let them = us.other();
        let king = board.king_of(us);
        Safety {
            king,
            in_check: board.king_attacked(us),
            occupied: board.occupied(),
            danger: king.map_or(Bitboard::EMPTY, |k| board.lines_to(k, them).danger),
        }
    }

    /// Whether the king of the side that played is surely safe on `after`.
    fn holds(&self, after: &crate::Board) -> bool {
        let Some(king) = self.king else { return false };
        let emptied = self.occupied & !after.occupied();
        !self.in_check && after.by_role(Role::King).contains(king) && (emptied & self.danger).is_empty()
    }
}

/// Every chain after the leading move, then perft of each legal position at its end; `pos`
/// is back as it came when this returns.
fn follow(
    pos: &mut Position,
    rules: Rules,
    safety: &Safety,
    moved: Bitboard,
    vacated: [Option<Square>; 2],
    depth: u32,
    scratch: &mut Scratch,
) -> u64 {
    let mut below = Below {
        rules,
        safety,
        depth,
        scratch,
    };
    chain::walk(pos, moved, vacated, &mut below)
}

/// Perft of `depth - 1` plies below the end of each chain whose turn is legal.
struct Below<'a> {
    rules: Rules,
    safety: &'a Safety,
    depth: u32,
    scratch: &'a mut Scratch,
}

impl chain::Recorder for Below<'_> {
    const EACH_PROMOTION: bool = true;

    #[inline]
    fn end(&mut self, pos: &mut Position) -> u64 {
        let us = pos.turn;
        if !self.safety.holds(&pos.board) && pos.board.king_attacked(us) {
            return 0;
        }
        let fullmoves = step::finish_turn(pos);
        let n = grolman(pos, self.rules, self.depth - 1, self.scratch);
        step::unfinish_turn(pos, fullmoves);
        n
    }
}
