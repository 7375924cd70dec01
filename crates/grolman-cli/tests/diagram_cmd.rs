//! `grolman diagram` prints the same SVG as the diagram crate (and so as wasm `diagramSvg`).

use std::process::Command;

use grolman::Position;
use grolman_diagram::{diagram_svg, Caption, Options};

fn grolman(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_grolman"))
        .args(args)
        .output()
        .expect("run grolman")
}

#[test]
fn diagram_prints_the_crates_svg_with_the_caption() {
    let fen = "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1";
    let out = grolman(&[
        "diagram",
        "--fen",
        fen,
        "--author",
        "A. <Composer>",
        "--source=Problemist 2024",
        "--stipulation",
        "#2",
        "--condition",
        "Grolman chess",
        "--title",
        "T",
        "--flip",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let caption = Caption {
        title: Some("T".into()),
        author: Some("A. <Composer>".into()),
        source: Some("Problemist 2024".into()),
        stipulation: Some("#2".into()),
        condition: Some("Grolman chess".into()),
    };
    let options = Options {
        flip: true,
        coordinates: true,
        caption,
        name: Some("Chess diagram".into()),
        description: Some("White: Ke1, Bf1, Ne2. Black: Kg8, Re8. (3+2)".into()),
        ..Options::default()
    };
    let expected = diagram_svg(Position::from_fen(fen).unwrap().board(), &options);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(expected.contains("A. &lt;Composer&gt;"));
}

#[test]
fn diagram_refuses_a_bad_fen_and_an_unknown_option() {
    let bad = grolman(&["diagram", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("grolman:"));
    let unknown = grolman(&["diagram", "--colour", "red"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown diagram option \"--colour\""));
}
