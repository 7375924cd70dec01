//! Whole-position turn lists cross the boundary in one piece: a Tatarstan position's turns
//! carry thousands of events, and serde-wasm-bindgen sets every field of every event by a call
//! into JavaScript (Kiwipete: 42 turns, 2000 events, 3.6 ms in Chromium against 0.3 ms to
//! generate them). Here the turns are written as numbers and one string, and `js/turns.js`
//! builds the same objects in one call (tests/turns_js.rs holds the two to the same output as
//! the `Serialize` derives of `grolman::Turn`). The turns of a game (`play`, `history`, `tree`)
//! go the same way, their place in the game set on each object after: a turn crosses the
//! boundary by this one path (serde's `flatten` of the turn into a played turn cost 7 KB of wasm).

use grolman::{CastlingSide, Color, Event, FollowReason, Outcome, Right, Role, Square, Turn};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/turns.js")]
extern "C" {
    #[wasm_bindgen(js_name = decodeTurns)]
    fn decode_turns(words: &[u32], text: &str) -> Array;
}

/// No role, square, colour or side: `null` (or a key left out, as the derive skips it).
const NONE: u32 = 255;

/// `turns` as the page's JavaScript objects (the `Serialize` shape of [`Turn`]).
pub(crate) fn turns_to_js<'a>(turns: impl ExactSizeIterator<Item = &'a Turn> + Clone) -> Array {
    // Both buffers are sized once: most words are an event's ten or fewer, and the text is the
    // turns' four strings. Growing them cost a tenth of a Tatarstan query in the page's wasm.
    let events: usize = turns.clone().map(|t| t.events.len()).sum();
    let text: usize = turns
        .clone()
        .map(|t| t.code.len() + t.notation.len() + t.san.len() + t.fen.len())
        .sum();
    let mut out = Words {
        words: Vec::with_capacity(1 + turns.len() * 11 + events * 10),
        text: String::with_capacity(text),
    };
    out.words.push(turns.len() as u32);
    for turn in turns {
        out.turn(turn);
    }
    decode_turns(&out.words, &out.text)
}

/// A turn of the game with where it stands in it, as a move list numbers it.
pub(crate) struct Played<'a> {
    pub turn: &'a Turn,
    /// The full-move number the turn was played in.
    pub move_number: u32,
    /// The side that played it.
    pub color: Color,
    /// How the game ended with this turn (checkmate, stalemate, a draw).
    pub outcome: Option<Outcome>,
}

/// Sets a key of an object made here: it cannot fail (no setter, not frozen).
pub(crate) fn set(object: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// `played` as `PlayedTurn` objects (docs/wasm-api.md): each turn as `turns_to_js` writes it,
/// then `moveNumber`, `color` and `outcome` (`{state, message}` or `null`).
pub(crate) fn played_to_js(played: &[Played]) -> Array {
    let list = turns_to_js(played.iter().map(|p| p.turn));
    for (i, p) in played.iter().enumerate() {
        let object = list.get(i as u32);
        set(&object, "moveNumber", &p.move_number.into());
        set(&object, "color", &p.color.name().into());
        let outcome = match p.outcome {
            Some(o) => {
                let outcome: JsValue = Object::new().into();
                set(&outcome, "state", &o.name().into());
                set(&outcome, "message", &o.to_string().into());
                outcome
            }
            None => JsValue::NULL,
        };
        set(&object, "outcome", &outcome);
    }
    list
}

struct Words {
    words: Vec<u32>,
    text: String,
}

fn role(r: Role) -> u32 {
    r.index() as u32
}

fn role_or_none(r: Option<Role>) -> u32 {
    r.map_or(NONE, role)
}

fn square(s: Square) -> u32 {
    s.index() as u32
}

fn color(c: Color) -> u32 {
    c.index() as u32
}

impl Words {
    /// A string's length in UTF-16 units (JavaScript's), its text appended.
    fn text(&mut self, s: &str) {
        let len = if s.is_ascii() {
            s.len()
        } else {
            s.encode_utf16().count()
        };
        self.words.push(len as u32);
        self.text.push_str(s);
    }

    fn turn(&mut self, t: &Turn) {
        self.text(&t.code);
        self.text(&t.notation);
        self.text(&t.san);
        self.text(&t.fen);
        self.words.extend_from_slice(&[
            square(t.from),
            square(t.to),
            u32::from(t.check) | u32::from(t.mate) << 1,
            t.events.len() as u32,
        ]);
        for e in &t.events {
            self.event(e);
        }
    }

    fn event(&mut self, e: &Event) {
        let w = &mut self.words;
        match e {
            Event::Lead {
                from,
                to,
                piece,
                capture,
                promotion,
                castle,
                en_passant,
            } => {
                w.extend_from_slice(&[
                    0,
                    square(*from),
                    square(*to),
                    color(piece.color),
                    role(piece.role),
                ]);
                match capture {
                    Some(c) => {
                        w.extend_from_slice(&[square(c.square), color(c.piece.color), role(c.piece.role)])
                    }
                    None => w.push(NONE),
                }
                w.push(role_or_none(*promotion));
                match castle {
                    Some(c) => w.extend_from_slice(&[square(c.rook_from), square(c.rook_to)]),
                    None => w.push(NONE),
                }
                w.push(u32::from(*en_passant));
            }
            Event::Candidates {
                vacated,
                units,
                weakest,
                choice,
            } => {
                w.extend_from_slice(&[1, vacated.len() as u32]);
                w.extend(vacated.iter().map(|&s| square(s)));
                w.push(units.len() as u32);
                for u in units {
                    w.extend_from_slice(&[square(u.square), role(u.role), square(u.to)]);
                }
                w.extend_from_slice(&[role_or_none(*weakest), u32::from(*choice)]);
            }
            Event::Follow {
                from,
                to,
                piece,
                promotion,
                reason,
            } => {
                let reason = match reason {
                    FollowReason::Only => 0,
                    FollowReason::Weakest => 1,
                    FollowReason::Choice => 2,
                };
                w.extend_from_slice(&[
                    2,
                    square(*from),
                    square(*to),
                    color(piece.color),
                    role(piece.role),
                    role_or_none(*promotion),
                    reason,
                ]);
            }
            Event::Stage { role: r } => w.extend_from_slice(&[3, role(*r)]),
            Event::Transform {
                square: s,
                color: c,
                from,
                to,
                defender,
                stage,
                wave,
                promotion,
            } => {
                w.extend_from_slice(&[
                    4,
                    square(*s),
                    color(*c),
                    role(*from),
                    role(*to),
                    square(*defender),
                    role(*stage),
                    u32::from(*wave),
                    role_or_none(*promotion),
                ]);
            }
            Event::RightLapsed {
                right,
                color: c,
                side,
                square: s,
            } => {
                let right = match right {
                    Right::Castling => 0,
                    Right::EnPassant => 1,
                };
                let side = side.map_or(NONE, |side| match side {
                    CastlingSide::King => 0,
                    CastlingSide::Queen => 1,
                });
                w.extend_from_slice(&[5, right, c.map_or(NONE, color), side, s.map_or(NONE, square)]);
            }
        }
    }
}
