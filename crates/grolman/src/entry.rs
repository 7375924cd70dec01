//! A turn being entered (input, not notation): for a turn-code prefix, which choice is open now
//! and its options; and why a code that matches no legal turn, or several, does not name one.

use serde::Serialize;

use crate::position::Position;
use crate::turn::{write_code, Event, OwnerPromotion, Step, Turn, TurnCode};
use crate::turn_error::{AmbiguousTurnError, IllegalTurnError, IllegalTurnKind, TurnError};
use crate::turns::leader_turns;
use crate::types::{Color, Role, Square};
use crate::variant::Rules;

/// A turn as a sequence of choices: its steps, then its owner promotions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Step(Step),
    Owner(OwnerPromotion),
}

fn tokens(turn: &Turn) -> Vec<Token> {
    turn.steps
        .iter()
        .map(|s| Token::Step(*s))
        .chain(turn.owner_promotions.iter().map(|p| Token::Owner(*p)))
        .collect()
}

fn code_of(tokens: &[Token]) -> String {
    let steps: Vec<Step> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Step(s) => Some(*s),
            Token::Owner(_) => None,
        })
        .collect();
    let promos: Vec<OwnerPromotion> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Owner(p) => Some(*p),
            Token::Step(_) => None,
        })
        .collect();
    write_code(&steps, &promos)
}

/// What kind of choice is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceKind {
    /// Which unit follows (and, for a pawn reaching its last rank, into what).
    Follower,
    /// The leader's promotion.
    Promotion,
    /// A Tatarstan last-rank promotion chosen by the unit's owner.
    OwnerPromotion,
}

/// One way to settle the open choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChoiceOption {
    /// The turn code prefix after taking this option.
    pub code: String,
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub role: Option<Role>,
    pub promotion: Option<Role>,
    pub square: Option<Square>,
    pub color: Option<Color>,
}

/// The open choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub kind: ChoiceKind,
    /// For a follower choice: the square(s) waiting for a follower.
    pub vacated: Vec<Square>,
    pub options: Vec<ChoiceOption>,
}

/// The state of a partly entered turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choices {
    /// The prefix as given, extended through every forced step.
    pub prefix: String,
    /// Exactly one legal turn matches.
    pub complete: bool,
    /// Its code, when complete.
    pub turn: Option<String>,
    pub open: Option<Choice>,
    /// The code of one legal turn that starts with the prefix: its events draw the partly
    /// entered turn.
    pub sample: String,
    /// How many of the sample's steps (leader first) the prefix has made.
    pub moves: usize,
}

/// The kind of the unit that made step `index` of a turn (as it moved, before promotion).
fn step_role(turn: &Turn, index: usize) -> Role {
    turn.events
        .iter()
        .filter_map(|e| match e {
            Event::Lead { piece, .. } | Event::Follow { piece, .. } => Some(piece.role),
            _ => None,
        })
        .nth(index)
        .unwrap_or(Role::Pawn)
}

fn common_len(lists: &[Vec<Token>]) -> usize {
    let first = &lists[0];
    (0..first.len())
        .find(|&i| lists.iter().any(|l| l.get(i) != Some(&first[i])))
        .unwrap_or(first.len())
}

/// The open choice of a partly entered turn of `pos`.
///
/// ```
/// use grolman::{choices_at, ChoiceKind, Position, Variant};
/// let pos = Position::from_fen("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1").unwrap();
/// let open = choices_at(&pos, Variant::Grolman.into(), "e1g1").unwrap().open.unwrap();
/// assert_eq!(open.kind, ChoiceKind::Follower);
/// assert_eq!(open.options.len(), 2);
/// ```
///
/// # Errors
/// [`TurnError`] when the prefix is malformed or no legal turn starts with it.
pub fn choices_at(pos: &Position, rules: Rules, text: &str) -> Result<Choices, TurnError> {
    let code = TurnCode::parse(text)?;
    open_choices(&leader_turns(pos, rules, &code, text)?, text)
}

/// The first choice on which several turns differ, the number of choices they share before
/// it, and the number of steps among those.
fn open_choice(matched: &[&Turn]) -> (Choice, usize, usize) {
    let lists: Vec<Vec<Token>> = matched.iter().map(|t| tokens(t)).collect();
    let n = common_len(&lists);
    let mut options: Vec<ChoiceOption> = Vec::new();
    let mut seen: Vec<Token> = Vec::new();
    let mut kind = ChoiceKind::Follower;
    for (list, turn) in lists.iter().zip(matched) {
        let Some(&tok) = list.get(n) else { continue };
        if seen.contains(&tok) {
            continue;
        }
        seen.push(tok);
        let code = code_of(&list[..=n]);
        options.push(match tok {
            Token::Step(s) => ChoiceOption {
                code,
                from: Some(s.from),
                to: Some(s.to),
                role: Some(step_role(turn, n)),
                promotion: s.promotion,
                square: None,
                color: None,
            },
            Token::Owner(p) => {
                kind = ChoiceKind::OwnerPromotion;
                ChoiceOption {
                    code,
                    from: None,
                    to: None,
                    role: None,
                    promotion: Some(p.role),
                    square: Some(p.square),
                    color: turn.after.board().piece_at(p.square).map(|pc| pc.color),
                }
            }
        });
    }
    if n == 0 && kind == ChoiceKind::Follower {
        kind = ChoiceKind::Promotion;
    }
    let mut vacated: Vec<Square> = Vec::new();
    if kind == ChoiceKind::Follower {
        for o in &options {
            if let Some(to) = o.to {
                if !vacated.contains(&to) {
                    vacated.push(to);
                }
            }
        }
    }
    let steps = lists[0][..n]
        .iter()
        .filter(|t| matches!(t, Token::Step(_)))
        .count();
    (
        Choice {
            kind,
            vacated,
            options,
        },
        n,
        steps,
    )
}

/// The open choice of a partly entered turn, among the legal turns of its leading move.
///
/// # Errors
/// [`TurnError`] when the prefix is malformed or no legal turn starts with it.
pub fn open_choices(turns: &[Turn], text: &str) -> Result<Choices, TurnError> {
    let code = TurnCode::parse(text)?;
    let matched: Vec<&Turn> = turns
        .iter()
        .filter(|t| code.matches(&t.steps, &t.owner_promotions))
        .collect();
    if matched.is_empty() {
        return Err(no_match(turns, &code, text).into());
    }
    if matched.len() == 1 {
        return Ok(Choices {
            prefix: matched[0].code.clone(),
            complete: true,
            turn: Some(matched[0].code.clone()),
            open: None,
            sample: matched[0].code.clone(),
            moves: matched[0].steps.len(),
        });
    }
    let (choice, n, steps) = open_choice(&matched);
    let given = code.steps.len() + code.owner_promotions.len();
    let shared = tokens(matched[0]);
    Ok(Choices {
        // A leader given without its promotion is kept as given.
        prefix: if n < given {
            text.trim().to_string()
        } else {
            code_of(&shared[..n])
        },
        complete: false,
        turn: None,
        open: Some(choice),
        sample: matched[0].code.clone(),
        moves: if n < given { code.steps.len() } else { steps },
    })
}

/// Why no legal turn starts with `code`.
pub(crate) fn no_match(turns: &[Turn], code: &TurnCode, text: &str) -> IllegalTurnError {
    let kind = match code.steps.first() {
        None => IllegalTurnKind::NoSteps,
        Some(first) if !turns.iter().any(|t| t.from == first.from) => IllegalTurnKind::NoLeader(first.from),
        Some(first) if !turns.iter().any(|t| t.from == first.from && t.to == first.to) => {
            IllegalTurnKind::NoLeadTo {
                from: first.from,
                to: first.to,
            }
        }
        Some(_) => {
            let starts_with = |k: usize| TurnCode {
                steps: code.steps[..k].to_vec(),
                owner_promotions: Vec::new(),
            };
            // The first step that no longer fits any legal turn.
            match (1..=code.steps.len())
                .find(|&k| !turns.iter().any(|t| starts_with(k).matches(&t.steps, &[])))
            {
                None => IllegalTurnKind::OwnerPromotions,
                Some(k) => {
                    let before = starts_with(k - 1);
                    // In the order they are written, each once: kept sorted as they come, by
                    // a binary search (the slice's sort would bring 2.7 KB of code into the
                    // page's wasm for this one message).
                    let mut written: Vec<(String, Step)> = Vec::new();
                    let steps = turns
                        .iter()
                        .filter(|t| before.matches(&t.steps, &[]))
                        .filter_map(|t| t.steps.get(k - 1).copied());
                    for step in steps {
                        let key = step.to_string();
                        if let Err(at) = written.binary_search_by(|(k, _)| k.cmp(&key)) {
                            written.insert(at, (key, step));
                        }
                    }
                    let expected: Vec<Step> = written.into_iter().map(|(_, step)| step).collect();
                    if expected.is_empty() {
                        IllegalTurnKind::ChainEnded { step: k }
                    } else {
                        IllegalTurnKind::WrongStep {
                            step: k,
                            expected,
                            found: code.steps[k - 1],
                        }
                    }
                }
            }
        }
    };
    IllegalTurnError::new(text, kind)
}

/// The open choice of several turns that all match `text`.
pub(crate) fn ambiguity(matched: &[&Turn], text: &str) -> AmbiguousTurnError {
    let (choice, _, steps) = open_choice(matched);
    AmbiguousTurnError {
        turn: text.to_string(),
        choice,
        step: steps + 1,
    }
}
