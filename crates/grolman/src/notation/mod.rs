//! Turns as people and programs write them: literature notation (docs/rules.md 4.1), turn codes
//! (4.2), PGN (4.3), and the open choices of a partly entered turn.

pub mod choices;
pub mod literature;
pub mod pgn;

use crate::position::Position;
use crate::turn::{Turn, TurnCode, TurnError};
pub use crate::turns::{leading_moves, legal_turns, legal_turns_where};
use crate::variant::Rules;

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
