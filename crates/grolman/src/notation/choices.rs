//! Choices step by step: for a partly entered turn, which choice is open now and its options.

use serde::Serialize;

use crate::turn::{write_code, Event, OwnerPromotion, Step, Turn, TurnCode, TurnError};
use crate::types::{Color, Role, Square};

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

/// The open choice of a partly entered turn.
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
        return Err(no_match(turns, &code, text));
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
    let lists: Vec<Vec<Token>> = matched.iter().map(|t| tokens(t)).collect();
    let n = common_len(&lists);
    let mut options: Vec<ChoiceOption> = Vec::new();
    let mut seen: Vec<Token> = Vec::new();
    let mut kind = ChoiceKind::Follower;
    for (list, turn) in lists.iter().zip(&matched) {
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
    let given = code.steps.len() + code.owner_promotions.len();
    let moves = if n < given {
        code.steps.len()
    } else {
        lists[0][..n]
            .iter()
            .filter(|t| matches!(t, Token::Step(_)))
            .count()
    };
    Ok(Choices {
        // A leader given without its promotion is kept as given.
        prefix: if n < given {
            text.trim().to_string()
        } else {
            code_of(&lists[0][..n])
        },
        complete: false,
        turn: None,
        open: Some(Choice {
            kind,
            vacated,
            options,
        }),
        sample: matched[0].code.clone(),
        moves,
    })
}

/// Why no legal turn starts with `code`.
fn no_match(turns: &[Turn], code: &TurnCode, text: &str) -> TurnError {
    let reason = match code.steps.first() {
        None => "no steps".to_string(),
        Some(first) => {
            if !turns.iter().any(|t| t.from == first.from) {
                format!("no legal turn is led by the unit on {}", first.from)
            } else if !turns.iter().any(|t| t.from == first.from && t.to == first.to) {
                format!("no legal turn leads from {} to {}", first.from, first.to)
            } else {
                // Find the first token that no longer fits any legal turn.
                let mut k = 1;
                while k <= code.steps.len() {
                    let partial = TurnCode {
                        steps: code.steps[..k].to_vec(),
                        owner_promotions: Vec::new(),
                    };
                    if !turns.iter().any(|t| partial.matches(&t.steps, &[])) {
                        break;
                    }
                    k += 1;
                }
                if k <= code.steps.len() {
                    let bad = code.steps[k - 1];
                    let expected: Vec<String> = turns
                        .iter()
                        .filter(|t| {
                            TurnCode {
                                steps: code.steps[..k - 1].to_vec(),
                                owner_promotions: Vec::new(),
                            }
                            .matches(&t.steps, &[])
                        })
                        .filter_map(|t| t.steps.get(k - 1).map(|s| s.to_string()))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect();
                    if expected.is_empty() {
                        format!("the chain has ended before step {}", k)
                    } else {
                        format!(
                            "step {} must be {} under the rules, not {}{}",
                            k,
                            expected.join(" or "),
                            bad.from,
                            bad.to
                        )
                    }
                } else {
                    "the owner promotions do not match the transformations".to_string()
                }
            }
        }
    };
    TurnError::Illegal {
        turn: text.to_string(),
        reason,
    }
}

/// The one legal turn among `matched`, or an error naming what is missing.
pub(crate) fn single(
    turns: &[Turn],
    matched: &[&Turn],
    code: &TurnCode,
    text: &str,
) -> Result<Turn, TurnError> {
    match matched {
        [] => Err(no_match(turns, code, text)),
        [one] => Ok((*one).clone()),
        _ => Err(TurnError::Ambiguous {
            turn: text.to_string(),
            missing: describe_divergence(matched),
        }),
    }
}

/// Describes the first choice on which several turns differ.
pub(crate) fn describe_divergence(matched: &[&Turn]) -> String {
    let lists: Vec<Vec<Token>> = matched.iter().map(|t| tokens(t)).collect();
    let n = common_len(&lists);
    let mut opts: Vec<String> = Vec::new();
    let mut what = String::new();
    for list in &lists {
        match list.get(n) {
            Some(Token::Step(s)) => {
                let same_move = lists.iter().all(|l| match l.get(n) {
                    Some(Token::Step(o)) => o.from == s.from && o.to == s.to,
                    _ => false,
                });
                if same_move {
                    what = format!("the promotion on {} (step {})", s.to, n + 1);
                    opts.push(s.promotion.map(|r| r.lower().to_string()).unwrap_or_default());
                } else {
                    what = format!("which unit follows (step {})", n + 1);
                    opts.push(s.to_string());
                }
            }
            Some(Token::Owner(p)) => {
                what = format!("the owner's choice for the new pawn on {}", p.square);
                opts.push(p.role.lower().to_string());
            }
            None => {}
        }
    }
    opts.dedup();
    format!("{what}: one of {}", opts.join(", "))
}
