//! The ply above the last, counted from kept chains (`Scratch::levels[1]`): each chain is
//! played once per leader, whose leader lands on each destination in turn, and the position
//! after each legal turn is counted by [`count_grolman`].

use super::count::{count_grolman, stoppers, Facts};
use super::kept::Scratch;
use super::plies::play_lead;
use super::walk::Chain;
use crate::bitboard::Bitboard;
use crate::movegen;
use crate::position::{CastlingSide, Position};
use crate::step;
use crate::types::{Role, Square};
use crate::variant::Rules;

/// The turns of `facts`' position played from the kept chains of its `leaders`, and the
/// positions after them counted. Only a chain that might expose the king is tested: one that
/// moved it, or (in check) any, or one that empties a pinned square. Promotions, and chains
/// that the leader's destination changes, are played the general way.
pub(super) fn turns(facts: &Facts<'_>, scratch: &mut Scratch, leaders: u32) -> u64 {
    let Facts {
        pos, rules, depth, ..
    } = *facts;
    let kept = &scratch.levels[1];
    let (square_of, role_of, targets) = (kept.square_of, kept.role_of, kept.targets);
    let risky_if = if facts.safety.in_check {
        Bitboard::ALL
    } else {
        facts.pinned
    };
    let mut child = pos.clone();
    let mut total = 0;
    let mut bits = leaders;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize & 15;
        bits &= bits - 1;
        let (from, role) = (square_of[i], role_of[i]);
        let chains = scratch.levels[1].chains[i].clone();
        let general = if facts.promoting.contains(from) || chains.promotes {
            targets[i]
        } else {
            targets[i] & chains.sensitive
        };
        for to in general {
            for lead in movegen::plain_leads(pos.board(), (from, to), facts.promoting.contains(from)) {
                total += play_lead(pos, rules, &facts.safety, lead, depth, scratch);
            }
        }
        let dests = targets[i] & !general;
        if dests.any() {
            for k in chains.king_moved.start..chains.king_stayed.end {
                let chain = scratch.levels[1].kept_chains[k as usize];
                let units = (&square_of, &role_of);
                let risky = chain.king.is_some() || risky_if.contains(chain.vacated);
                let test = (role == Role::King, risky);
                total += play_chain(&mut child, rules, chain, (from, dests), test, units, scratch);
            }
        }
    }
    total
}

/// Plays a kept chain on `child` behind the leader on `from`, which is lifted off and then
/// lands on each of `dests` in turn (taking what stands there); counts the turns of each
/// position after it where the king is safe (tested for each destination if the king leads,
/// and once for the chain if it is `risky`), and takes it all back.
fn play_chain(
    child: &mut Position,
    rules: Rules,
    chain: Chain,
    (from, dests): (Square, Bitboard),
    (king_leads, risky): (bool, bool),
    (square_of, role_of): (&[Square; 16], &[Role; 16]),
    scratch: &mut Scratch,
) -> u64 {
    let us = child.turn;
    let Some(lifted) = step::lift_lead(child, from) else {
        return 0;
    };
    // The square each follower steps to: the leader's, then the one the last follower left.
    let to = |k: usize| {
        if k == 0 {
            from
        } else {
            square_of[chain.steps.get(k - 1)]
        }
    };
    for k in 0..chain.steps.len() {
        let j = chain.steps.get(k);
        step::make_follow(child, square_of[j], to(k), role_of[j]);
    }
    // Where the leader may land with the king safe, if it stays where the chain left it: the
    // leader can only block a line or take an attacker (and a unit it takes is replaced by
    // it, which opens no line).
    let cover = match child.board.king_of(us) {
        Some(king) if risky && !king_leads => stoppers(
            king,
            child.board.attackers(king, us.other(), child.board.occupied()),
        ),
        _ => Bitboard::ALL,
    };
    let mut n = 0;
    for dest in dests {
        let landed = step::land_lead(child, &lifted, from, dest);
        if cover.contains(dest) && !(king_leads && child.board.king_attacked(us)) {
            let fullmoves = step::finish_turn(child);
            n += count_grolman(child, rules, scratch);
            step::unfinish_turn(child, fullmoves);
        }
        step::unland_lead(child, dest, &landed);
    }
    for k in (0..chain.steps.len()).rev() {
        child.board.shift(to(k), square_of[chain.steps.get(k)]);
    }
    step::unlift_lead(child, from, &lifted);
    n
}

/// The castling turns of `facts`' position, played the general way.
pub(super) fn castles(facts: &Facts<'_>, scratch: &mut Scratch) -> u64 {
    let pos = facts.pos;
    let us = pos.turn();
    let rights = [CastlingSide::King, CastlingSide::Queen].map(|side| pos.castling().has(us, side));
    if !facts.rules.castling_allowed() || rights == [false; 2] {
        return 0;
    }
    let mut castles = std::mem::take(&mut scratch.levels[1].castles);
    castles.clear();
    movegen::castles(pos, |lead| castles.push(lead));
    let mut total = 0;
    for &lead in &castles {
        total += play_lead(pos, facts.rules, &facts.safety, lead, facts.depth, scratch);
    }
    scratch.levels[1].castles = castles;
    total
}
