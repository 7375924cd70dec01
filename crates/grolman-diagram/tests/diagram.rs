//! The SVG diagram: caption lines, unit count, escaping, orientation, piece placement.

use grolman::{Color, Position, Role, Square};
use grolman_diagram::{diagram_svg, escape, unit_count_text, units, Caption, Options, Style};

fn board(fen: &str) -> grolman::Board {
    Position::from_fen(fen).unwrap().board().clone()
}

const MATE_IN_TWO: &str = "4k3/8/4K3/8/8/8/8/R6R w - - 0 1";

#[test]
fn caption_lines_appear_under_the_board_in_problem_order() {
    let caption = Caption {
        title: Some("Problem 1".into()),
        author: Some("L. V. Grolman".into()),
        source: Some("Shakhmaty v SSSR 1970".into()),
        stipulation: Some("#2".into()),
        condition: Some("Grolman chess".into()),
    };
    let svg = diagram_svg(
        &board(MATE_IN_TWO),
        &Options {
            caption,
            ..Options::default()
        },
    );
    let at = |text: &str| {
        svg.find(&format!(">{text}<"))
            .unwrap_or_else(|| panic!("{text} missing"))
    };
    assert!(at("Problem 1") < at("L. V. Grolman"));
    assert!(at("L. V. Grolman") < at("Shakhmaty v SSSR 1970"));
    assert!(at("Shakhmaty v SSSR 1970") < at("Grolman chess"));
    assert!(at("Grolman chess") < at("#2"));
    assert!(at("#2") < at("(3+1)"));
}

#[test]
fn unit_count_is_white_plus_black() {
    assert_eq!(unit_count_text(&board(grolman::START_FEN)), "(16+16)");
    assert_eq!(unit_count_text(&board(MATE_IN_TWO)), "(3+1)");
}

#[test]
fn caption_text_is_escaped() {
    let evil = "<img src=x onerror=alert(1)> & \"'";
    let caption = Caption {
        title: Some(evil.into()),
        author: Some(evil.into()),
        source: Some(evil.into()),
        stipulation: Some(evil.into()),
        condition: Some(evil.into()),
    };
    let svg = diagram_svg(
        &board(MATE_IN_TWO),
        &Options {
            caption,
            ..Options::default()
        },
    );
    assert!(!svg.contains("<img"));
    assert_eq!(
        svg.matches("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;&#39;")
            .count(),
        6
    );
    assert_eq!(escape("a\u{1}b"), "a\u{fffd}b");
}

#[test]
fn every_unit_is_drawn_on_its_square_and_flip_turns_the_board() {
    let b = board("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1");
    let svg = diagram_svg(&b, &Options::default());
    assert_eq!(svg.matches("<use ").count(), 4);
    // Coordinates on: the board starts 44 units in; a1 is bottom left, e8 top.
    assert!(svg.contains(r##"xlink:href="#gd-rook" x="44" y="716""##));
    assert!(svg.contains(r##"xlink:href="#gd-king" x="444" y="16""##));
    let flipped = diagram_svg(
        &b,
        &Options {
            flip: true,
            coordinates: false,
            ..Options::default()
        },
    );
    assert!(flipped.contains(r##"xlink:href="#gd-rook" x="716" y="16""##));
    assert!(!flipped.contains("class=\"coordinates\""));
    // Only the kinds on the board are defined.
    assert!(svg.contains("id=\"gd-pawn\"") && !svg.contains("id=\"gd-queen\""));
}

#[test]
fn a_description_lists_units_strongest_first_each_kind_by_square() {
    let b = board("4k3/8/8/8/8/8/4P3/R3K2R w Q - 0 1");
    let square = |s: &str| Square::parse(s).unwrap();
    assert_eq!(
        units(&b, Color::White),
        [
            (Role::King, square("e1")),
            (Role::Rook, square("a1")),
            (Role::Rook, square("h1")),
            (Role::Pawn, square("e2"))
        ]
    );
    assert_eq!(units(&b, Color::Black), [(Role::King, square("e8"))]);
}

#[test]
fn the_text_alternative_is_the_callers_escaped() {
    let b = board("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1");
    let svg = diagram_svg(
        &b,
        &Options {
            name: Some("Шахматная диаграмма".into()),
            description: Some("Белые: Крe1, Лa1, пe2. Чёрные: Крe8. <(3+1)>".into()),
            ..Options::default()
        },
    );
    assert!(svg.contains(
        "<title>Шахматная диаграмма</title><desc>Белые: Крe1, Лa1, пe2. Чёрные: Крe8. &lt;(3+1)&gt;</desc>"
    ));
    // A caption's title names the diagram; without a name or a description there is none.
    let titled = diagram_svg(
        &b,
        &Options {
            name: Some("N".into()),
            caption: Caption {
                title: Some("Problem 1".into()),
                ..Caption::default()
            },
            ..Options::default()
        },
    );
    assert!(titled.contains("<title>Problem 1</title><defs>"));
    let bare = diagram_svg(&b, &Options::default());
    assert!(!bare.contains("<title>") && !bare.contains("<desc>"));
}

#[test]
fn the_pieces_are_the_playgrounds_drawings() {
    let json = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/pieces.json")).unwrap();
    let shapes: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&json).unwrap();
    let svg = diagram_svg(&board(grolman::START_FEN), &Options::default());
    for (role, body) in shapes {
        let symbol = format!(
            r#"<symbol id="gd-{role}" viewBox="0 0 100 100">{}</symbol>"#,
            body.as_str().unwrap()
        );
        assert!(svg.contains(&symbol), "{role}");
    }
}

#[test]
fn a_black_and_white_diagram_hatches_the_dark_squares_and_uses_no_colour() {
    let svg = diagram_svg(
        &board(MATE_IN_TWO),
        &Options {
            style: Style::BlackAndWhite,
            ..Options::default()
        },
    );
    assert!(svg.contains(r#"<pattern id="gd-hatch""#));
    assert!(svg.contains(r#"fill="url(#gd-hatch)" class="dark-squares""#));
    // Every colour in it is black or white (or grey text): nothing of the wooden board.
    for colour in ["#f0d9b5", "#b58863", "#fdfdfb", "#2b2b2b"] {
        assert!(!svg.contains(colour), "{colour} in a black and white diagram");
    }
    let colour = diagram_svg(&board(MATE_IN_TWO), &Options::default());
    assert!(colour.contains("#b58863") && !colour.contains("gd-hatch"));
}
