//! What the notation and turn-code targets share: the positions they read turns in, and the
//! form of an error message.

use grolman::Variant;

/// The start position in all rule sets, a Grolman castling position, a Tatarstan position with
/// owner choices, and promotions inside a chain.
pub const POSITIONS: [(Variant, &str); 6] = [
    (Variant::Orthodox, grolman::START_FEN),
    (Variant::Grolman, grolman::START_FEN),
    (Variant::Tatarstan, grolman::START_FEN),
    (
        Variant::Grolman,
        "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
    ),
    (Variant::Tatarstan, "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1"),
    (Variant::Grolman, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
];

/// Error messages start in lower case.
pub fn lower_case(msg: String) {
    assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg}");
}
