//! Bad input never panics: every file of the corpus `tests/data/nasty/{fen,turn_code,notation,pgn}`
//! (one input per file: hand-written cases and inputs found by the fuzz targets in `fuzz/`) goes
//! through its reader. Files named `valid-*` must be accepted; every other file must be refused
//! with a short message that starts in lower case and names what is wrong. Turn codes and
//! notation are tried in the start position of every rule set and in a few fixed positions.

use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use grolman::notation::{self, literature};
use grolman::{FenError, Game, Position, Turn, TurnCode, Variant, START_FEN};

/// Hand-written inputs whose message must contain a given fragment: the field, the token or
/// the rule broken.
const EXPECTED: &[(&str, &str)] = &[
    ("fen/empty.txt", "found 0"),
    ("fen/three-fields.txt", "found 3"),
    ("fen/seven-fields.txt", "found 7"),
    (
        "fen/nine-files-a-rank.txt",
        "placement field: rank 8 has more than 8 files",
    ),
    (
        "fen/seven-files-a-rank.txt",
        "placement field: rank 8 has 7 files",
    ),
    ("fen/digit-nine.txt", "placement field: rank 6: bad digit '9'"),
    ("fen/digit-zero.txt", "placement field: rank 6: bad digit '0'"),
    (
        "fen/seven-ranks.txt",
        "placement field: expected 8 ranks, found 7",
    ),
    (
        "fen/unicode-pieces.txt",
        "placement field: rank 8: unexpected character '♜'",
    ),
    ("fen/unicode-digit.txt", "placement field"),
    ("fen/side-to-move-x.txt", "side to move field"),
    ("fen/castling-twice.txt", "castling field: 'K' given twice"),
    ("fen/castling-chess960-letters.txt", "castling field"),
    ("fen/en-passant-not-a-square.txt", "en passant field"),
    ("fen/huge-half-move-clock.txt", "half-move clock field"),
    ("fen/negative-half-move-clock.txt", "half-move clock field"),
    ("fen/huge-full-move-number.txt", "full-move number field"),
    ("fen/full-move-zero.txt", "full-move number field"),
    ("fen/two-white-kings.txt", "white has more than one king"),
    ("fen/no-kings.txt", "has no king"),
    ("fen/no-black-king.txt", "black has no king"),
    ("fen/pawn-on-rank-8.txt", "pawn on the back rank at a8"),
    ("fen/pawn-on-rank-1.txt", "pawn on the back rank at a1"),
    ("fen/seventeen-white-units.txt", "more than 16 units"),
    ("fen/castling-without-rook.txt", "castling right 'K'"),
    ("fen/castling-king-moved.txt", "castling right 'K'"),
    ("fen/en-passant-on-rank-4.txt", "en passant square e4"),
    ("fen/en-passant-without-pawn.txt", "en passant square e6"),
    ("fen/en-passant-of-side-to-move.txt", "en passant square e3"),
    ("fen/en-passant-over-occupied-square.txt", "en passant square e3"),
    (
        "fen/side-not-to-move-in-check.txt",
        "black is in check but it is not black's turn",
    ),
    ("fen/kings-touching.txt", "is in check but it is not"),
    ("turn_code/empty.txt", "empty turn code"),
    ("turn_code/double-comma.txt", "expected a step"),
    ("turn_code/trailing-semicolon.txt", "expected an owner promotion"),
    (
        "turn_code/owner-promotion-off-board.txt",
        "\"z9\" is not a square",
    ),
    ("turn_code/promote-to-king.txt", "promotion letter 'k'"),
    ("turn_code/upper-case-promotion.txt", "promotion letter 'Q'"),
    ("turn_code/rank-nine.txt", "\"e9\" is not a square"),
    ("turn_code/too-long.txt", "too long"),
    ("turn_code/illegal-promotion.txt", "e7"),
    ("notation/double-x.txt", "\"Nxx\""),
    ("notation/four-castles.txt", "\"O-O-O-O\""),
    ("notation/promote-to-king.txt", "cannot promote to king"),
    ("notation/unknown-piece.txt", "unknown piece letter 'Z'"),
    ("notation/unclosed-followers.txt", "missing ')'"),
    ("notation/unclosed-transforms.txt", "missing ']'"),
    ("notation/transform-to-king.txt", "is not a kind"),
    ("notation/text-after-turn.txt", "\"junk\""),
    (
        "notation/illegal-in-every-position.txt",
        "no legal turn has this leading move",
    ),
    ("notation/wrong-followers.txt", "followers"),
    ("pgn/unclosed-comment.txt", "comment without '}'"),
    ("pgn/unclosed-variation.txt", "variation without ')'"),
    ("pgn/unclosed-nested-variation.txt", "variation without ')'"),
    ("pgn/unclosed-tag.txt", "tag without ']'"),
    ("pgn/tag-without-quotes.txt", "double quotes"),
    ("pgn/tag-after-moves.txt", "tag after the moves"),
    ("pgn/bad-fen-tag.txt", "placement field"),
    ("pgn/fen-tag-two-kings.txt", "more than one king"),
    ("pgn/unknown-variant.txt", "unknown variant \"Atomic\""),
    (
        "pgn/dotted-number.txt",
        "pgn line 1: \"1.2.3\": unexpected number",
    ),
    ("pgn/illegal-move.txt", "pgn line 1: \"e5\""),
    ("pgn/illegal-king-move.txt", "\"Ke3\""),
    ("pgn/wrong-chain-comment.txt", "followers"),
    ("pgn/move-after-mate.txt", "the game is over"),
];

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/nasty")
}

/// Every `(name, text)` of one kind, sorted by name.
fn inputs(kind: &str) -> Vec<(String, String)> {
    let dir = corpus().join(kind);
    let mut out: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = format!("{kind}/{}", path.file_name().unwrap().to_string_lossy());
            let bytes = fs::read(&path).unwrap();
            (name, String::from_utf8_lossy(&bytes).into_owned())
        })
        .collect();
    out.sort();
    out
}

/// The positions turn codes and notation are tried in.
fn fixed_positions() -> Vec<(Position, Vec<Turn>)> {
    [
        (Variant::Orthodox, START_FEN),
        (Variant::Grolman, START_FEN),
        (Variant::Tatarstan, START_FEN),
        (
            Variant::Grolman,
            "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
        ),
        (Variant::Tatarstan, "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1"),
        (Variant::Grolman, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
    ]
    .into_iter()
    .map(|(variant, fen)| {
        let pos = Position::from_fen(fen).unwrap();
        let turns = notation::legal_turns(&pos, variant.into());
        (pos, turns)
    })
    .collect()
}

/// A refusal's message: short, lower case first, quoting what it names.
fn check_message(name: &str, msg: &str) -> Result<(), String> {
    if msg.is_empty() || !msg.starts_with(|c: char| c.is_ascii_lowercase()) {
        return Err(format!(
            "{name}: message {msg:?} must start with a lower-case letter"
        ));
    }
    if msg.len() > 1000 {
        return Err(format!("{name}: message of {} bytes", msg.len()));
    }
    Ok(())
}

fn check_fen(name: &str, text: &str) -> Result<Vec<String>, String> {
    match Position::from_fen(text) {
        Ok(pos) => {
            let fen = pos.fen();
            if Position::from_fen(&fen).as_ref() != Ok(&pos) {
                return Err(format!("{name}: {fen} does not read back"));
            }
            Ok(Vec::new())
        }
        Err(e) => {
            let msg = e.to_string();
            check_message(name, &msg)?;
            let names = match &e {
                FenError::Parse(p) => match p.field() {
                    None => msg.contains("fields"),
                    Some(field) => msg.contains(&format!("{field} field")),
                },
                FenError::Setup(_) => msg.starts_with("illegal position: "),
            };
            if !names {
                return Err(format!("{name}: {msg:?} does not name the field or the rule"));
            }
            Ok(vec![msg])
        }
    }
}

fn check_turn_code(
    name: &str,
    text: &str,
    positions: &[(Position, Vec<Turn>)],
) -> Result<Vec<String>, String> {
    let mut refusals = Vec::new();
    if let Err(e) = TurnCode::parse(text) {
        let msg = e.to_string();
        check_message(name, &msg)?;
        if !msg.contains('"') {
            return Err(format!("{name}: {msg:?} does not quote the token"));
        }
    }
    for (_, turns) in positions {
        match grolman::find_by_code(turns, text) {
            Ok(turn) => {
                if !TurnCode::parse(text).is_ok_and(|c| c.matches(&turn.steps, &turn.owner_promotions)) {
                    return Err(format!("{name}: found {} which it does not name", turn.code));
                }
            }
            Err(e) => {
                let msg = e.to_string();
                check_message(name, &msg)?;
                refusals.push(msg);
            }
        }
        if let Err(e) = grolman::open_choices(turns, text) {
            check_message(name, &e.to_string())?;
        }
    }
    Ok(refusals)
}

fn check_notation(
    name: &str,
    text: &str,
    positions: &[(Position, Vec<Turn>)],
) -> Result<Vec<String>, String> {
    let mut refusals = Vec::new();
    for (pos, turns) in positions {
        match literature::find(pos, turns, text) {
            Ok(turn) => {
                if !turns.iter().any(|t| t.code == turn.code) {
                    return Err(format!("{name}: found {} which is not legal", turn.code));
                }
            }
            Err(e) => {
                let msg = e.to_string();
                check_message(name, &msg)?;
                if !msg.contains('"') {
                    return Err(format!("{name}: {msg:?} does not quote the token"));
                }
                refusals.push(msg);
            }
        }
    }
    Ok(refusals)
}

fn check_pgn(name: &str, text: &str) -> Result<Vec<String>, String> {
    match Game::from_pgn(text) {
        Ok(game) => {
            let pgn = game.pgn();
            let again = Game::from_pgn(&pgn).map_err(|e| format!("{name}: written PGN refused: {e}"))?;
            if again.position() != game.position() {
                return Err(format!("{name}: written PGN reads to another position"));
            }
            Ok(Vec::new())
        }
        Err(e) => {
            let msg = e.to_string();
            check_message(name, &msg)?;
            if !msg.starts_with("pgn line ") {
                return Err(format!("{name}: {msg:?} does not name the line"));
            }
            Ok(vec![msg])
        }
    }
}

/// Runs one input through its reader; the refusal messages it gave, or what went wrong.
fn check(
    kind: &str,
    name: &str,
    text: &str,
    positions: &[(Position, Vec<Turn>)],
) -> Result<Vec<String>, String> {
    match kind {
        "fen" => check_fen(name, text),
        "turn_code" => check_turn_code(name, text, positions),
        "notation" => check_notation(name, text, positions),
        "pgn" => check_pgn(name, text),
        _ => unreachable!("unknown corpus kind {kind}"),
    }
}

/// `Some(refusals)` or a failure, catching panics.
fn run(
    kind: &str,
    name: &str,
    text: &str,
    positions: &[(Position, Vec<Turn>)],
) -> Result<Vec<String>, String> {
    panic::catch_unwind(AssertUnwindSafe(|| check(kind, name, text, positions)))
        .unwrap_or_else(|_| Err(format!("{name}: panicked")))
}

fn replay_corpus(kind: &str) {
    let positions = fixed_positions();
    let all = inputs(kind);
    assert!(all.len() >= 15, "{kind}: only {} inputs", all.len());
    let mut failures = Vec::new();
    for (name, text) in &all {
        let file = name.rsplit('/').next().unwrap();
        let valid = file.starts_with("valid-");
        match run(kind, name, text, &positions) {
            Err(e) => failures.push(e),
            Ok(refusals) => {
                let everywhere = match kind {
                    "turn_code" | "notation" => refusals.len() == positions.len(),
                    _ => !refusals.is_empty(),
                };
                if valid && everywhere {
                    failures.push(format!("{name}: valid input refused: {}", refusals.join("; ")));
                } else if !valid && !everywhere {
                    failures.push(format!("{name}: accepted {text:?}"));
                }
                if let Some((_, fragment)) = EXPECTED.iter().find(|(n, _)| n == name) {
                    if !refusals.iter().any(|m| m.contains(fragment)) {
                        failures.push(format!("{name}: no message contains {fragment:?}: {refusals:?}"));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn nasty_fens_are_refused_with_the_field_named() {
    replay_corpus("fen");
}

#[test]
fn nasty_turn_codes_are_refused_with_the_token_named() {
    replay_corpus("turn_code");
}

#[test]
fn nasty_literature_notation_is_refused_with_the_token_named() {
    replay_corpus("notation");
}

#[test]
fn nasty_pgn_is_refused_with_the_line_named() {
    replay_corpus("pgn");
}

#[test]
fn every_expected_message_names_a_corpus_file() {
    for (name, _) in EXPECTED {
        assert!(corpus().join(name).is_file(), "{name} is not in the corpus");
    }
}

/// Ten megabytes of printable ASCII with the readers' own punctuation: deterministic.
fn garbage(len: usize, seed: u64) -> String {
    const CHARS: &[u8] = b"abcdefghKQRBNPkqrbnp12345678 /-,;=x+#()[]{}\"\n.O0e$%";
    let mut rng = grolman::random::Xorshift(seed);
    (0..len)
        .map(|_| CHARS[rng.below(CHARS.len() as u64) as usize] as char)
        .collect()
}

const TEN_MB: usize = 10 << 20;

#[test]
fn ten_megabytes_of_garbage_are_refused() {
    let positions = fixed_positions();
    let texts = [
        garbage(TEN_MB, 0x9E37_79B9_7F4A_7C15),
        "e2e4,".repeat(TEN_MB / 5),
        "1. e4 e5 ".repeat(TEN_MB / 9),
        "8/".repeat(TEN_MB / 2),
        "{".repeat(TEN_MB),
        "(".repeat(TEN_MB),
        "[".repeat(TEN_MB),
        " ".repeat(TEN_MB),
    ];
    let mut failures = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        for kind in ["fen", "turn_code", "notation", "pgn"] {
            let name = format!("generated input {i} as {kind}");
            match run(kind, &name, text, &positions) {
                Err(e) => failures.push(e),
                Ok(refusals) if refusals.is_empty() => failures.push(format!("{name}: accepted")),
                Ok(_) => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
