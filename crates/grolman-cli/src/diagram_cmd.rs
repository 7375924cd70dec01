//! `grolman diagram`: a problem diagram as SVG on standard output, the same picture the page's
//! "SVG" download gives (both come from the grolman-diagram crate), its text alternative in
//! English, as the page's English catalog words it (diagram.name, diagram.description).

use grolman::{Board, Color, Position};
use grolman_diagram::{diagram_svg, unit_count_text, units, Options, Style};

use super::{input, out, usage, Failure};

/// `grolman diagram [--fen F] [--title T] [--author A] [--source S] [--stipulation S]
/// [--condition C] [--flip] [--no-coordinates] [--black-and-white]`
pub fn diagram(args: &[String]) -> Result<(), Failure> {
    let mut fen = None;
    let mut options = Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        let caption = &mut options.caption;
        match name {
            "--fen" => fen = Some(value()?),
            "--title" => caption.title = Some(value()?),
            "--author" => caption.author = Some(value()?),
            "--source" => caption.source = Some(value()?),
            "--stipulation" => caption.stipulation = Some(value()?),
            "--condition" => caption.condition = Some(value()?),
            "--flip" => options.flip = true,
            "--no-coordinates" => options.coordinates = false,
            "--black-and-white" => options.style = Style::BlackAndWhite,
            other => return Err(usage(format!("unknown diagram option {other:?}"))),
        }
    }
    let pos = match fen {
        Some(f) => Position::from_fen(&f).map_err(input)?,
        None => Position::start(),
    };
    options.name = Some("Chess diagram".into());
    options.description = Some(description(pos.board()));
    out::write(format_args!("{}", diagram_svg(pos.board(), &options)))?;
    Ok(())
}

/// "White: Ke1, Pe2. Black: Ke8. (2+1)"
pub fn description(board: &Board) -> String {
    let side = |color| {
        let names: Vec<String> = units(board, color)
            .iter()
            .map(|(role, sq)| format!("{}{sq}", role.upper()))
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    format!(
        "White: {}. Black: {}. {}",
        side(Color::White),
        side(Color::Black),
        unit_count_text(board)
    )
}
