//! The rule set as data: which variant, and the options for its disputed points.

use crate::coded::{codes, Coded, Facts};
use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

/// The three rule sets (docs/rules.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Plain chess.
    #[default]
    Orthodox,
    /// Follow the leader (docs/rules.md 1).
    Grolman,
    /// Grolman chess plus transformation by defence (docs/rules.md 3).
    Tatarstan,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan];

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Orthodox => "orthodox",
            Variant::Grolman => "grolman",
            Variant::Tatarstan => "tatarstan",
        }
    }

    /// The name people read: "Grolman chess".
    pub const fn display_name(self) -> &'static str {
        match self {
            Variant::Orthodox => "Orthodox chess",
            Variant::Grolman => "Grolman chess",
            Variant::Tatarstan => "Tatarstan chess",
        }
    }

    /// Other names that readers accept for the variant (in any case, like [`Variant::name`]).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Orthodox => &["standard", "chess"],
            Variant::Grolman => &["kazan"],
            Variant::Tatarstan => &[],
        }
    }

    /// The value of the PGN `Variant` tag (`None` for orthodox chess).
    pub const fn pgn_name(self) -> Option<&'static str> {
        match self {
            Variant::Orthodox => None,
            Variant::Grolman => Some("Grolman"),
            Variant::Tatarstan => Some("Tatarstan"),
        }
    }

    /// Whether followers move after the leader.
    #[inline]
    pub const fn has_chain(self) -> bool {
        !matches!(self, Variant::Orthodox)
    }

    /// Whether the transformation phase runs after each turn.
    #[inline]
    pub const fn transforms(self) -> bool {
        matches!(self, Variant::Tatarstan)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name was not one of `orthodox`, `grolman`, `tatarstan`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant {:?} (expected orthodox, grolman or tatarstan)",
            self.0
        )
    }
}

impl std::error::Error for ParseVariantError {}

codes!(ParseVariantError {
    ParseVariantError(_) => "variant.unknown",
});

impl Coded for ParseVariantError {
    fn code(&self) -> &'static str {
        self.code_of()
    }

    fn facts(&self) -> Facts {
        Facts::new().text("name", &self.0)
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    /// Accepts the names in any case, plus the aliases `kazan` (Grolman chess), `standard` and
    /// `chess` (orthodox).
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let wanted = s.trim();
        Variant::ALL
            .into_iter()
            .find(|v| {
                v.name().eq_ignore_ascii_case(wanted)
                    || v.aliases().iter().any(|a| a.eq_ignore_ascii_case(wanted))
            })
            .ok_or_else(|| ParseVariantError(s.to_string()))
    }
}

/// The settings of disputed points (docs/rules.md 1.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Whether castling is allowed in Grolman and Tatarstan chess (default: yes).
    pub castling: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { castling: true }
    }
}

/// A variant with its options: everything the move generator needs to know about the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Rules {
    pub variant: Variant,
    pub options: Options,
}

impl Rules {
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            options: Options { castling: true },
        }
    }

    #[inline]
    pub const fn castling_allowed(self) -> bool {
        !self.variant.has_chain() || self.options.castling
    }
}

impl From<Variant> for Rules {
    fn from(variant: Variant) -> Rules {
        Rules::new(variant)
    }
}
