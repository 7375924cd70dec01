//! The solver's report as the page receives it (`solveProblem`'s twins): each part of
//! `problem::TwinReport` as plain data, with the names docs/wasm-api.md gives them.

use grolman::Variant;
use grolman_engine::problem::{self, Verdict};
use serde::Serialize;

/// A turn of a solution: its code and notation, and `pass: true` for a pass (`Option
/// NullMoves`), which no game can play: the page shows the position with the other side to move.
#[derive(Serialize)]
struct MoveJs {
    code: String,
    notation: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pass: bool,
}

impl From<&problem::Move> for MoveJs {
    fn from(m: &problem::Move) -> MoveJs {
        MoveJs {
            code: m.code.clone(),
            notation: m.notation.clone(),
            pass: m.is_pass(),
        }
    }
}

/// An attacker's turn with its threats and the defences it answers (problem::Attack).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AttackJs {
    turn: MoveJs,
    threats: Vec<AttackJs>,
    zugzwang: bool,
    defences: Vec<DefenceJs>,
}

impl From<&problem::Attack> for AttackJs {
    fn from(a: &problem::Attack) -> AttackJs {
        AttackJs {
            turn: (&a.turn).into(),
            threats: a.threats.iter().map(Into::into).collect(),
            zugzwang: a.zugzwang,
            defences: a.defences.iter().map(Into::into).collect(),
        }
    }
}

/// A defender's turn with the attacker's answers (problem::Defence).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DefenceJs {
    turn: MoveJs,
    turns_left: u32,
    answers: Vec<AttackJs>,
}

impl From<&problem::Defence> for DefenceJs {
    fn from(d: &problem::Defence) -> DefenceJs {
        DefenceJs {
            turn: (&d.turn).into(),
            turns_left: d.turns_left,
            answers: d.answers.iter().map(Into::into).collect(),
        }
    }
}

#[derive(Serialize)]
struct TryJs {
    attack: AttackJs,
    refutations: Vec<MoveJs>,
}

/// A helpmate or series solution (problem::Line).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineJs {
    turns: Vec<MoveJs>,
    alone_first: bool,
    series: bool,
    last_apart: bool,
    text: String,
}

impl From<&problem::Line> for LineJs {
    fn from(l: &problem::Line) -> LineJs {
        LineJs {
            turns: l.turns.iter().map(Into::into).collect(),
            alone_first: l.alone_first,
            series: l.series,
            last_apart: l.last_apart,
            text: l.text(),
        }
    }
}

/// A line of the report's text (problem::TextLine): its depth (indents of three spaces) and
/// its parts, each `{ text }` (as it is), `{ twin: { label, changes } }` (a twin's heading,
/// its changes as [`ChangeJs`]), `{ setting: { variant, stipulation, fen } }` (what is solved),
/// `{ moves }` (literature notation, in the reader's letters), `{ word }` (a word of the page's
/// catalogs: `publication.<word>`), `{ verdict: { found, intended, help } }` or `{ illegal }`
/// (the reason, in English).
#[derive(Serialize)]
struct TextLineJs {
    depth: usize,
    parts: Vec<PartJs>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
enum PartJs {
    Text(String),
    Twin {
        label: String,
        changes: Vec<ChangeJs>,
    },
    Setting {
        variant: Variant,
        stipulation: String,
        fen: String,
    },
    Moves(String),
    Word(&'static str),
    Verdict {
        found: usize,
        intended: usize,
        help: bool,
    },
    Illegal(String),
}

impl TextLineJs {
    fn new(line: problem::TextLine, intended_default: usize) -> TextLineJs {
        let parts = line.parts.into_iter().map(|part| match part {
            problem::Part::Text(s) => PartJs::Text(s),
            problem::Part::Twin { label, changes } => PartJs::Twin {
                label,
                changes: changes.iter().map(Into::into).collect(),
            },
            problem::Part::Setting {
                variant,
                stipulation,
                fen,
            } => PartJs::Setting {
                variant,
                stipulation,
                fen,
            },
            problem::Part::Moves(s) => PartJs::Moves(s),
            problem::Part::Word(w) => PartJs::Word(w.name()),
            problem::Part::Verdict { verdict, found, help } => {
                let intended = match verdict {
                    Verdict::Cooked { intended, .. } | Verdict::Fewer { intended, .. } => intended,
                    Verdict::NoSolution | Verdict::Sound => intended_default,
                };
                PartJs::Verdict {
                    found,
                    intended,
                    help,
                }
            }
            problem::Part::Illegal(why) => PartJs::Illegal(why),
        });
        TextLineJs {
            depth: line.depth,
            parts: parts.collect(),
        }
    }
}

/// A twin's change (problem::TwinChange) as data, for the page to write in its language:
/// `{ kind: "move", from, to }`, `remove` `{ square }`, `add` `{ units: [{ color, role,
/// square }] }`, `exchange` `{ from, to }`, `substitute` `{ from, to }` (roles), `rotate`
/// `{ degrees }`, `mirror` `{ axis }` (`a1<-->h1`), `shift` `{ from, to }`, `polishType`,
/// `stipulation` `{ stipulation }`, `condition` `{ variant }`, `duplex`.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
enum ChangeJs {
    Move { from: String, to: String },
    Remove { square: String },
    Add { units: Vec<UnitJs> },
    Exchange { from: String, to: String },
    Substitute { from: &'static str, to: &'static str },
    Rotate { degrees: u32 },
    Mirror { axis: &'static str },
    Shift { from: String, to: String },
    PolishType,
    Stipulation { stipulation: String },
    Condition { variant: Variant },
    Duplex,
}

#[derive(Serialize)]
struct UnitJs {
    color: &'static str,
    role: &'static str,
    square: String,
}

impl From<&problem::TwinChange> for ChangeJs {
    fn from(c: &problem::TwinChange) -> ChangeJs {
        use problem::TwinChange as C;
        match c {
            C::Move { from, to } => ChangeJs::Move {
                from: from.to_string(),
                to: to.to_string(),
            },
            C::Remove(sq) => ChangeJs::Remove {
                square: sq.to_string(),
            },
            C::Add(units) => ChangeJs::Add {
                units: units
                    .iter()
                    .map(|(p, sq)| UnitJs {
                        color: p.color.name(),
                        role: p.role.name(),
                        square: sq.to_string(),
                    })
                    .collect(),
            },
            C::Exchange(a, b) => ChangeJs::Exchange {
                from: a.to_string(),
                to: b.to_string(),
            },
            C::Substitute(a, b) => ChangeJs::Substitute {
                from: a.name(),
                to: b.name(),
            },
            C::Rotate(degrees) => ChangeJs::Rotate { degrees: *degrees },
            C::Mirror(axis) => ChangeJs::Mirror { axis },
            C::Shift { from, to } => ChangeJs::Shift {
                from: from.to_string(),
                to: to.to_string(),
            },
            C::PolishType => ChangeJs::PolishType,
            C::Stipulation(s) => ChangeJs::Stipulation {
                stipulation: s.to_string(),
            },
            C::Condition(variant) => ChangeJs::Condition { variant: *variant },
            C::Duplex => ChangeJs::Duplex,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TwinJs {
    label: String,
    /// How the twin differs from the diagram in Popeye's words, and the same as data.
    change: String,
    changes: Vec<ChangeJs>,
    stipulation: String,
    variant: Variant,
    fen: String,
    /// The sides `fen` has without a king (`Option NoWk` / `NoBk`), as `"w"`, `"b"` or
    /// `"wb"`: passed to `new Game(variant, fen, kingless)` and `passFen`; absent when none.
    #[serde(skip_serializing_if = "String::is_empty")]
    kingless: String,
    /// Why an illegal twin was skipped; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    illegal: Option<String>,
    /// The same reason as error data (`{ code, facts, message }`), for the page's languages.
    #[serde(skip_serializing_if = "Option::is_none")]
    illegal_error: Option<grolman::ErrorData>,
    /// Turn codes: the key alone for `#n`/`s#n`, the whole line for helpmates and series.
    solutions: Vec<Vec<String>>,
    keys: Vec<AttackJs>,
    tries: Vec<TryJs>,
    set_play: Vec<DefenceJs>,
    post_key: Vec<DefenceJs>,
    post_key_refutations: Vec<MoveJs>,
    help: Vec<LineJs>,
    short: Vec<LineJs>,
    set_help: Vec<LineJs>,
    /// The whole report's text as lines of data (`text` is the same in English).
    lines: Vec<TextLineJs>,
    /// `"sound" | "cooked" | "fewer" | "none" | "illegal"`.
    verdict: &'static str,
    found: usize,
    intended: usize,
    nodes: f64,
    time_ms: f64,
    text: String,
}

impl TwinJs {
    pub(super) fn new(r: problem::TwinReport, intended_default: usize, time_ms: f64) -> TwinJs {
        let (verdict, intended) = match r.verdict {
            _ if r.illegal.is_some() => ("illegal", intended_default),
            Verdict::NoSolution => ("none", intended_default),
            Verdict::Sound => ("sound", intended_default),
            Verdict::Cooked { intended, .. } => ("cooked", intended),
            Verdict::Fewer { intended, .. } => ("fewer", intended),
        };
        let moves = |v: &[problem::Move]| v.iter().map(Into::into).collect();
        let lines = |v: &[problem::Line]| v.iter().map(Into::into).collect();
        let text_lines = r
            .text_lines()
            .into_iter()
            .map(|l| TextLineJs::new(l, intended_default))
            .collect();
        TwinJs {
            text: r.text(),
            lines: text_lines,
            keys: r.keys.iter().map(Into::into).collect(),
            tries: r
                .tries
                .iter()
                .map(|t| TryJs {
                    attack: (&t.attack).into(),
                    refutations: moves(&t.refutations),
                })
                .collect(),
            set_play: r.set_play.iter().map(Into::into).collect(),
            post_key: r.post_key.iter().map(Into::into).collect(),
            post_key_refutations: moves(&r.post_key_refutations),
            help: lines(&r.help),
            short: lines(&r.short),
            set_help: lines(&r.set_help),
            found: r.solutions.len(),
            label: r.label,
            change: r.change,
            changes: r.changes.iter().map(Into::into).collect(),
            stipulation: r.stipulation,
            variant: r.variant,
            fen: r.fen,
            kingless: r.kingless.letters(),
            illegal: r.illegal,
            illegal_error: None,
            solutions: r.solutions,
            verdict,
            intended,
            nodes: r.nodes as f64,
            time_ms,
        }
    }

    /// The report of a twin that could not be set up, with its error as data.
    pub(super) fn illegal(twin: &problem::IllegalTwin, intended_default: usize) -> TwinJs {
        TwinJs {
            illegal_error: Some(grolman::Coded::data(&twin.error)),
            ..TwinJs::new(problem::TwinReport::illegal(twin), intended_default, 0.0)
        }
    }
}
