//! Literature notation (docs/rules.md 4.1): `e4 (Ng1-e2, Rh1-g1)`, `Kf2 [a1=B, b2=B]`.

use crate::ascii::Ascii;
use crate::entry;
use crate::movegen::{Lead, LeadKind};
use crate::position::{CastlingSide, Position};
use crate::turn::{Step, Turn};
use crate::turn_error::{IllegalTurnError, IllegalTurnKind, ParseTurnError, ParseTurnErrorKind, TurnError};
use crate::types::{Role, Square};

/// The leading move in SAN, disambiguated among `leads` (the leading moves of the legal turns).
pub fn san(pos: &Position, lead: Lead, leads: &[Lead]) -> String {
    match lead.kind {
        LeadKind::Castle(CastlingSide::King) => return "O-O".into(),
        LeadKind::Castle(CastlingSide::Queen) => return "O-O-O".into(),
        _ => {}
    }
    let role = pos.board().role_at(lead.from).unwrap_or(Role::Pawn);
    let mut s = String::with_capacity(8);
    if role == Role::Pawn {
        if lead.is_capture() {
            s.push(lead.from.file_char());
            s.push('x');
        }
        lead.to.push_to(&mut s);
        if let Some(p) = lead.promotion {
            s.push('=');
            s.push(p.upper());
        }
        return s;
    }
    s.push(role.upper());
    let rivals: Vec<Square> = leads
        .iter()
        .filter(|l| l.to == lead.to && l.from != lead.from && pos.board().role_at(l.from) == Some(role))
        .map(|l| l.from)
        .collect();
    if !rivals.is_empty() {
        if rivals.iter().all(|r| r.file() != lead.from.file()) {
            s.push(lead.from.file_char());
        } else if rivals.iter().all(|r| r.rank() != lead.from.rank()) {
            s.push(lead.from.rank_char());
        } else {
            lead.from.push_to(&mut s);
        }
    }
    if lead.is_capture() {
        s.push('x');
    }
    lead.to.push_to(&mut s);
    s
}

fn write_follower(s: &mut String, role: Role, step: &Step) {
    if role != Role::Pawn {
        s.push(role.upper());
    }
    step.from.push_to(s);
    s.push('-');
    step.to.push_to(s);
    if let Some(p) = step.promotion {
        s.push('=');
        s.push(p.upper());
    }
}

/// Writes a turn's literature notation from its SAN, steps and events.
pub fn write(turn: &Turn) -> String {
    let mut s = write_moves(turn);
    let transforms = turn.transforms().count();
    if transforms > 0 {
        s.reserve(transforms * 6 + 4);
        let mut w = Ascii::new(&mut s);
        for (i, (sq, role)) in turn.transforms().enumerate() {
            for b in if i == 0 { *b" [" } else { *b", " } {
                w.push(b);
            }
            w.push_square(sq);
            w.push(b'=');
            w.push(role.upper() as u8);
        }
        w.push(b']');
        w.finish();
    }
    if turn.mate {
        s.push('#');
    } else if turn.check {
        s.push('+');
    }
    s
}

/// The moves of a turn alone: the leading move and its followers (`e4 (Ng1-e2, Rh1-g1)`),
/// without the transformations or the check sign (a solver's progress names a turn so).
pub fn write_moves(turn: &Turn) -> String {
    let mut s = turn.san.clone();
    let followers = follower_roles(turn);
    if !followers.is_empty() {
        s.push_str(" (");
        for (i, (role, step)) in followers.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            write_follower(&mut s, *role, step);
        }
        s.push(')');
    }
    s
}

/// The kind of each follower as it moved, with its step.
fn follower_roles(turn: &Turn) -> Vec<(Role, Step)> {
    turn.events
        .iter()
        .filter_map(|e| match e {
            crate::Event::Follow {
                from,
                to,
                piece,
                promotion,
                ..
            } => Some((
                piece.role,
                Step {
                    from: *from,
                    to: *to,
                    promotion: *promotion,
                },
            )),
            _ => None,
        })
        .collect()
}

/// A leading move as written in SAN.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SanLead {
    Castle(CastlingSide),
    Normal {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn syntax(token: &str, kind: ParseTurnErrorKind) -> ParseTurnError {
    ParseTurnError::new(token, kind)
}

fn parse_san(token: &str) -> Result<SanLead, ParseTurnError> {
    let t = token.trim_end_matches(['+', '#', '!', '?']);
    match t {
        "O-O" | "0-0" => return Ok(SanLead::Castle(CastlingSide::King)),
        "O-O-O" | "0-0-0" => return Ok(SanLead::Castle(CastlingSide::Queen)),
        _ => {}
    }
    if !t.is_ascii() || t.len() < 2 || t.len() > 8 {
        return Err(syntax(token, ParseTurnErrorKind::NotSan));
    }
    let mut b = t.as_bytes();
    let mut promotion = None;
    if let Some(&last) = b.last() {
        if let Some(r) = Role::from_char(last as char).filter(|_| last.is_ascii_uppercase()) {
            if !Role::PROMOTIONS.contains(&r) {
                return Err(syntax(token, ParseTurnErrorKind::CannotPromoteTo(r)));
            }
            promotion = Some(r);
            b = &b[..b.len() - 1];
            if b.last() == Some(&b'=') {
                b = &b[..b.len() - 1];
            }
        }
    }
    if b.len() < 2 {
        return Err(syntax(token, ParseTurnErrorKind::MissingDestination));
    }
    let to = Square::from_bytes(b[b.len() - 2], b[b.len() - 1])
        .ok_or_else(|| syntax(token, ParseTurnErrorKind::MissingDestination))?;
    let mut rest = &b[..b.len() - 2];
    let mut role = Role::Pawn;
    if let Some(&first) = rest.first() {
        if first.is_ascii_uppercase() {
            role = Role::from_char(first as char)
                .filter(|r| *r != Role::Pawn)
                .ok_or_else(|| syntax(token, ParseTurnErrorKind::UnknownPieceLetter(first as char)))?;
            rest = &rest[1..];
        }
    }
    if rest.last() == Some(&b'x') {
        rest = &rest[..rest.len() - 1];
    }
    let (mut file, mut rank) = (None, None);
    for &c in rest {
        match c {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            _ => return Err(syntax(token, ParseTurnErrorKind::Unexpected(c as char))),
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return Err(syntax(token, ParseTurnErrorKind::OnlyPawnsPromote));
    }
    Ok(SanLead::Normal {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

fn lead_matches(pos: &Position, turn: &Turn, san: &SanLead) -> bool {
    let first = turn.steps[0];
    match *san {
        SanLead::Castle(side) => {
            let back = turn.from.rank();
            let side_of = if turn.to.file() == 6 {
                CastlingSide::King
            } else {
                CastlingSide::Queen
            };
            pos.board().role_at(turn.from) == Some(Role::King)
                && turn.from.file() == 4
                && (turn.to.file() == 6 || turn.to.file() == 2)
                && turn.to.rank() == back
                && side_of == side
                && turn.san.starts_with("O-O")
        }
        SanLead::Normal {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            pos.board().role_at(first.from) == Some(role)
                && first.to == to
                && !turn.san.starts_with("O-O")
                && file.is_none_or(|f| f == first.from.file())
                && rank.is_none_or(|r| r == first.from.rank())
                && first.promotion == promotion
        }
    }
}

/// A follower as written: `Ng1-e2`, `f2-f3`, `e7-e8=Q`.
pub(super) fn parse_follower(token: &str) -> Result<(Role, Step), ParseTurnError> {
    let t = token.trim();
    let (body, promotion) = match t.split_once('=') {
        Some((body, p)) => {
            let role = p
                .chars()
                .next()
                .and_then(Role::from_char)
                .filter(|r| Role::PROMOTIONS.contains(r) && p.len() == 1)
                .ok_or_else(|| syntax(t, ParseTurnErrorKind::BadPromotion(p.to_string())))?;
            (body, Some(role))
        }
        None => (t, None),
    };
    let (role, squares) = match body.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (
            Role::from_char(c).ok_or_else(|| syntax(t, ParseTurnErrorKind::UnknownPieceLetter(c)))?,
            crate::slice::part(body, 1..),
        ),
        _ => (Role::Pawn, body),
    };
    let (from, to) = squares
        .split_once('-')
        .ok_or_else(|| syntax(t, ParseTurnErrorKind::NotAFollower))?;
    let from =
        Square::parse(from).ok_or_else(|| syntax(t, ParseTurnErrorKind::NotASquare(from.to_string())))?;
    let to = Square::parse(to).ok_or_else(|| syntax(t, ParseTurnErrorKind::NotASquare(to.to_string())))?;
    Ok((role, Step { from, to, promotion }))
}

/// A transformation as written: `a1=R`.
pub(super) fn parse_transform(token: &str) -> Result<(Square, Role), ParseTurnError> {
    let t = token.trim();
    let (sq, role) = t
        .split_once('=')
        .ok_or_else(|| syntax(t, ParseTurnErrorKind::NotATransformation))?;
    let sq = Square::parse(sq).ok_or_else(|| syntax(t, ParseTurnErrorKind::NotASquare(sq.to_string())))?;
    let role = role
        .chars()
        .next()
        .filter(|_| role.len() == 1)
        .and_then(Role::from_char)
        .filter(|r| *r != Role::King)
        .ok_or_else(|| syntax(t, ParseTurnErrorKind::NotAKind(role.to_string())))?;
    Ok((sq, role))
}

/// Longer than any turn's notation: 15 followers and 32 units transformed in each of five
/// stages stay under 2 KB.
const MAX_NOTATION_LEN: usize = 8192;

/// The parts of a literature-notation turn: SAN, then optional `(followers)` and `[transforms]`.
pub struct Parsed {
    lead: SanLead,
    followers: Option<Vec<(Role, Step)>>,
    transforms: Option<Vec<(Square, Role)>>,
}

/// Reads literature notation.
///
/// # Errors
/// A [`ParseTurnError`] naming the bad token.
pub fn parse(text: &str) -> Result<Parsed, ParseTurnError> {
    let text = text.trim();
    if text.len() > MAX_NOTATION_LEN {
        let start: String = text.chars().take(20).collect();
        return Err(syntax(&start, ParseTurnErrorKind::NotationTooLong));
    }
    let (lead_text, mut rest) = match text.find([' ', '(', '[']) {
        Some(i) => (&text[..i], text[i..].trim_start()),
        None => (text, ""),
    };
    if lead_text.is_empty() {
        return Err(syntax(text, ParseTurnErrorKind::MissingLead));
    }
    let lead = parse_san(lead_text)?;
    let mut followers = None;
    let mut transforms = None;
    if let Some(r) = rest.strip_prefix('(') {
        let end = r
            .find(')')
            .ok_or_else(|| syntax(rest, ParseTurnErrorKind::Unclosed(')')))?;
        followers = Some(
            r[..end]
                .split(',')
                .map(parse_follower)
                .collect::<Result<Vec<_>, _>>()?,
        );
        rest = r[end + 1..].trim_start();
    }
    if let Some(r) = rest.strip_prefix('[') {
        let end = r
            .find(']')
            .ok_or_else(|| syntax(rest, ParseTurnErrorKind::Unclosed(']')))?;
        transforms = Some(
            r[..end]
                .split(',')
                .map(parse_transform)
                .collect::<Result<Vec<_>, _>>()?,
        );
        rest = r[end + 1..].trim_start();
    }
    let rest = rest.trim_matches(['+', '#', '!', '?', ' ']);
    if !rest.is_empty() {
        return Err(syntax(rest, ParseTurnErrorKind::TextAfterTurn));
    }
    Ok(Parsed {
        lead,
        followers,
        transforms,
    })
}

impl Parsed {
    /// The legal turn this notation names, among `turns` (the legal turns of `pos`).
    ///
    /// # Errors
    /// [`TurnError::Illegal`] when none matches, [`TurnError::Ambiguous`] with the open choice
    /// when several do.
    pub fn resolve(&self, pos: &Position, turns: &[Turn], text: &str) -> Result<Turn, TurnError> {
        let by_lead: Vec<&Turn> = turns
            .iter()
            .filter(|t| lead_matches(pos, t, &self.lead))
            .collect();
        if by_lead.is_empty() {
            return Err(IllegalTurnError::new(text, IllegalTurnKind::NoSuchLead).into());
        }
        let matched: Vec<&Turn> = by_lead
            .into_iter()
            .filter(|t| {
                self.followers
                    .as_ref()
                    .is_none_or(|f| f.iter().cloned().eq(follower_roles(t)))
            })
            .filter(|t| {
                self.transforms
                    .as_ref()
                    .is_none_or(|x| x.iter().copied().eq(t.transforms()))
            })
            .collect();
        if matched.is_empty() {
            return Err(IllegalTurnError::new(text, IllegalTurnKind::WrongChain).into());
        }
        if matched.len() == 1 {
            return Ok(matched[0].clone());
        }
        Err(TurnError::Ambiguous(entry::ambiguity(&matched, text)))
    }
}

/// Reads literature notation and finds its legal turn.
///
/// ```
/// use grolman::{notation::{legal_turns, literature}, Position, Variant};
/// let pos = Position::start();
/// let turns = legal_turns(&pos, Variant::Grolman.into());
/// let t = literature::find(&pos, &turns, "e4").unwrap();
/// assert_eq!(t.notation, "e4 (Ng1-e2, Rh1-g1)");
/// ```
///
/// # Errors
/// As [`Parsed::resolve`] and [`parse`].
pub fn find(pos: &Position, turns: &[Turn], text: &str) -> Result<Turn, TurnError> {
    parse(text)?.resolve(pos, turns, text)
}

/// Reads literature notation and finds its legal turn in `pos`, building only the turns whose
/// leading move goes to the written destination.
///
/// # Errors
/// As [`Parsed::resolve`] and [`parse`].
pub fn find_at(pos: &Position, rules: crate::Rules, text: &str) -> Result<Turn, TurnError> {
    let parsed = parse(text)?;
    let turns = match parsed.lead {
        SanLead::Castle(_) => {
            crate::notation::legal_turns_where(pos, rules, |l| matches!(l.kind, LeadKind::Castle(_)))
        }
        SanLead::Normal { to, .. } => crate::notation::legal_turns_where(pos, rules, |l| l.to == to),
    };
    parsed.resolve(pos, &turns, text)
}
