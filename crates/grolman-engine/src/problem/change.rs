//! How a twin differs from the diagram, as data ([`TwinChange`]): `Display` writes it in
//! Popeye's words (`rotation 90`, `shift a1 ==> b2`, `+wPe4`), as `grolman solve` and the
//! `--popeye` layout print it; the page writes it in its reader's language from the data.

use core::fmt;

use grolman::{Color, Piece, Role, Square, Variant};

use super::Stipulation;

/// One change of a twin, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinChange {
    /// `e2-->e4`: the unit moves (replacing one there).
    Move {
        from: Square,
        to: Square,
    },
    /// `-e2`.
    Remove(Square),
    /// `+wPe4 +bPd5`: units added.
    Add(Vec<(Piece, Square)>),
    /// `e1<-->e8`.
    Exchange(Square, Square),
    /// `R==>B`: every unit of the first kind becomes one of the second.
    Substitute(Role, Role),
    /// `rotation 90` (to the left).
    Rotate(u32),
    /// `mirror a1<-->h1`: the axis as Popeye writes it.
    Mirror(&'static str),
    /// `shift a1 ==> b2`: every unit moves as a1 (or the corner the shift starts from) does.
    Shift {
        from: Square,
        to: Square,
    },
    /// Every unit changes colour.
    PolishType,
    Stipulation(Stipulation),
    /// The twin is solved under this rule set.
    Condition(Variant),
    /// Option `Duplex`: the twin solved once more with the other side in its place.
    Duplex,
}

impl fmt::Display for TwinChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TwinChange::Move { from, to } => write!(f, "{from}-->{to}"),
            TwinChange::Remove(sq) => write!(f, "-{sq}"),
            TwinChange::Add(ref units) => {
                for (i, &(p, sq)) in units.iter().enumerate() {
                    let color = if p.color == Color::White { 'w' } else { 'b' };
                    write!(
                        f,
                        "{}+{color}{}{sq}",
                        if i > 0 { " " } else { "" },
                        p.role.upper()
                    )?;
                }
                Ok(())
            }
            TwinChange::Exchange(a, b) => write!(f, "{a}<-->{b}"),
            TwinChange::Substitute(a, b) => write!(f, "{}==>{}", a.upper(), b.upper()),
            TwinChange::Rotate(n) => write!(f, "rotation {n}"),
            TwinChange::Mirror(axis) => write!(f, "mirror {axis}"),
            TwinChange::Shift { from, to } => write!(f, "shift {from} ==> {to}"),
            TwinChange::PolishType => f.write_str("PolishType"),
            TwinChange::Stipulation(s) => write!(f, "stipulation {s}"),
            TwinChange::Condition(v) => write!(f, "condition {}", v.display_name()),
            TwinChange::Duplex => f.write_str("duplex"),
        }
    }
}

/// The changes as a twin's heading writes them: `a5-->b7, stipulation h#2`.
pub fn change_text(changes: &[TwinChange]) -> String {
    changes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
