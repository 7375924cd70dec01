//! Turns as people and programs write them: literature notation (RULES.md 4.1), turn codes
//! (4.2), PGN (4.3), and the open choices of a partly entered turn.

pub mod choices;
pub mod literature;
pub mod pgn;

use crate::legal::{for_each_turn, has_legal_turn};
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
    let mut raw = Vec::new();
    for_each_turn(pos, rules, true, &mut |v| {
        raw.push((
            v.lead,
            v.steps.to_vec(),
            v.owner_promotions.to_vec(),
            v.events.to_vec(),
            v.after.clone(),
        ));
        false
    });
    let mut leads: Vec<Lead> = raw.iter().map(|r| r.0).collect();
    leads.dedup();
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
