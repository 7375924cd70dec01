//! Turns as people and programs write them: literature notation (RULES.md 4.1), turn codes
//! (4.2), PGN (4.3), and the open choices of a partly entered turn.

pub mod choices;
pub mod literature;
pub mod pgn;

use crate::bitboard::Bitboard;
use crate::legal::{for_each_turn_where, has_legal_turn};
use crate::movegen::Lead;
use crate::position::Position;
use crate::turn::{write_code, Turn, TurnCode, TurnError};
use crate::variant::Rules;

/// Every legal turn of `pos` with its code, notation, events and the position after it.
///
/// ```
/// use grolman::{notation::legal_turns, Position, Variant};
/// let turns = legal_turns(&Position::start(), Variant::Grolman.into());
/// assert_eq!(turns.len(), 20);
/// let e4 = turns.iter().find(|t| t.san == "e4").unwrap();
/// assert_eq!(e4.code, "e2e4,g1e2,h1g1");
/// ```
pub fn legal_turns(pos: &Position, rules: Rules) -> Vec<Turn> {
    legal_turns_where(pos, rules, |_| true)
}

/// The legal turns whose leading move passes `lead_filter`, as [`legal_turns`] gives them
/// (their SAN still disambiguated among all the leading moves). Cheaper when a Tatarstan
/// position has thousands of turns and only those of one leader are wanted.
pub fn legal_turns_where(
    pos: &Position,
    rules: Rules,
    mut lead_filter: impl FnMut(&Lead) -> bool,
) -> Vec<Turn> {
    let mut raw = Vec::new();
    for_each_turn_where(pos, rules, true, |l| lead_filter(l), &mut |v| {
        raw.push((
            v.lead,
            v.steps.to_vec(),
            v.owner_promotions.to_vec(),
            v.events.to_vec(),
            v.after.clone(),
        ));
        false
    });
    // SAN tells a leading move apart from the others that reach the same square.
    let targets = raw.iter().fold(Bitboard::EMPTY, |bb, r| bb.with(r.0.to));
    let leads = leading_moves_where(pos, rules, |l| targets.contains(l.to));
    raw.into_iter()
        .map(|(lead, steps, owner_promotions, events, after)| {
            let san = literature::san(pos, lead, &leads);
            let check = after.is_check();
            let mate = check && !has_legal_turn(&after, rules);
            let mut turn = Turn {
                code: write_code(&steps, &owner_promotions),
                notation: String::new(),
                san,
                from: lead.from,
                to: lead.to,
                fen: after.fen(),
                check,
                mate,
                events,
                steps,
                owner_promotions,
                after,
            };
            turn.notation = literature::write(&turn);
            turn
        })
        .collect()
}

/// The leading moves that start at least one legal turn, each once.
pub fn leading_moves(pos: &Position, rules: Rules) -> Vec<Lead> {
    leading_moves_where(pos, rules, |_| true)
}

/// [`leading_moves`] among those that pass `lead_filter`.
fn leading_moves_where(pos: &Position, rules: Rules, lead_filter: impl FnMut(&Lead) -> bool) -> Vec<Lead> {
    let mut leads: Vec<Lead> = Vec::new();
    for_each_turn_where(pos, rules, false, lead_filter, &mut |v| {
        if leads.last() != Some(&v.lead) {
            leads.push(v.lead);
        }
        false
    });
    leads
}

/// The legal turns of the leading move that a turn code starts with; an error naming the
/// leader when it has none.
fn leader_turns(pos: &Position, rules: Rules, code: &TurnCode, text: &str) -> Result<Vec<Turn>, TurnError> {
    let illegal = |reason: String| TurnError::Illegal {
        turn: text.to_string(),
        reason,
    };
    let Some(first) = code.steps.first() else {
        return Err(illegal("no steps".into()));
    };
    let turns = legal_turns_where(pos, rules, |l| l.from == first.from && l.to == first.to);
    if turns.is_empty() {
        let leads = leading_moves(pos, rules);
        return Err(illegal(if leads.iter().any(|l| l.from == first.from) {
            format!("no legal turn leads from {} to {}", first.from, first.to)
        } else {
            format!("no legal turn is led by the unit on {}", first.from)
        }));
    }
    Ok(turns)
}

/// The legal turn of `pos` that a turn code (or a prefix of one that leaves no choice open)
/// names. Only the turns of its leading move are built.
///
/// # Errors
/// [`TurnError`]: a malformed code, no legal turn matching it, or a missing choice.
pub fn find_turn(pos: &Position, rules: Rules, text: &str) -> Result<Turn, TurnError> {
    let code = TurnCode::parse(text)?;
    find_by_code(&leader_turns(pos, rules, &code, text)?, text)
}

/// The open choice of a partly entered turn of `pos`.
///
/// # Errors
/// [`TurnError`] when the prefix is malformed or no legal turn starts with it.
pub fn choices_at(pos: &Position, rules: Rules, text: &str) -> Result<choices::Choices, TurnError> {
    let code = TurnCode::parse(text)?;
    choices::open_choices(&leader_turns(pos, rules, &code, text)?, text)
}

/// The legal turn that a turn code (or a prefix of one that leaves no choice open) names.
///
/// # Errors
/// [`TurnError`]: a malformed code, no legal turn matching it, or a missing choice.
pub fn find_by_code(turns: &[Turn], text: &str) -> Result<Turn, TurnError> {
    let code = TurnCode::parse(text)?;
    let matched: Vec<&Turn> = turns
        .iter()
        .filter(|t| code.matches(&t.steps, &t.owner_promotions))
        .collect();
    choices::single(turns, &matched, &code, text)
}
