//! Chess-problem diagrams as standalone SVG: the board (coordinates optional, either side at
//! the bottom), the title above it, and under it the caption lines of problem convention
//! (author, source, condition) and a last line with the stipulation and the unit count.
//!
//! ```
//! use grolman::Position;
//! use grolman_diagram::{diagram_svg, Caption, Options};
//! let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
//! let caption = Caption { stipulation: Some("#2".into()), ..Caption::default() };
//! let svg = diagram_svg(pos.board(), &Options { caption, ..Options::default() });
//! assert!(svg.starts_with("<svg") && svg.contains(">#2<") && svg.contains(">(2+1)<"));
//! ```
//!
//! Pure string building: no I/O, every caption text XML-escaped. The piece drawings come from
//! the crate's `pieces.json`, which the browser board draws with too (as `pkg/pieces.js`, written by scripts/build-wasm.sh).
//! The crate writes no words of its own: the diagram's text alternative (its `<title>` and
//! `<desc>`) is the caller's, in the reader's language, worded from [`units`].

use std::fmt::Write;

use grolman::{Board, Color, Piece, Role, Square};

mod pieces {
    include!(concat!(env!("OUT_DIR"), "/pieces.rs"));
}

/// The caption of a problem: every line optional, written as given (escaped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// Above the board, e.g. "Problem 12".
    pub title: Option<String>,
    pub author: Option<String>,
    /// Where and when it was published, e.g. "Problemist 1999, 1st Prize".
    pub source: Option<String>,
    /// e.g. "#2", "h#3", "s#4".
    pub stipulation: Option<String>,
    /// The fairy condition, e.g. "Grolman chess".
    pub condition: Option<String>,
}

/// How to draw a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom.
    pub flip: bool,
    /// Files a-h under the board and ranks 1-8 beside it.
    pub coordinates: bool,
    pub caption: Caption,
    pub style: Style,
    /// The diagram's name for readers that cannot see it (the SVG `<title>`) when the caption
    /// has no title, e.g. "Chess diagram".
    pub name: Option<String>,
    /// The position in words (the SVG `<desc>`), e.g. "White: Ke1, Pe2. Black: Ke8. (2+1)".
    pub description: Option<String>,
}

/// The look of a diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// The playground's wooden board.
    #[default]
    Colour,
    /// Problem magazines' black and white (as FEN Tool draws them): white squares, dark squares
    /// hatched with diagonal lines, white units white with a black outline, black units black.
    BlackAndWhite,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            flip: false,
            coordinates: true,
            caption: Caption::default(),
            style: Style::Colour,
            name: None,
            description: None,
        }
    }
}

const S: u32 = 100; // one square, the box the pieces are drawn in
const BOARD: u32 = 8 * S;
const LINE: u32 = 46; // one caption line
const FONT: &str = "Georgia, 'Times New Roman', serif";
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// The unit count of problem convention: (white units, black units).
pub fn unit_count(board: &Board) -> (usize, usize) {
    let white = board.pieces().filter(|(_, p)| p.color == Color::White).count();
    (white, board.pieces().count() - white)
}

/// `"(5+4)"`
pub fn unit_count_text(board: &Board) -> String {
    let (white, black) = unit_count(board);
    format!("({white}+{black})")
}

/// Text made safe for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0 at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The units of `color`, as a diagram's description lists them: the strongest kind first, each
/// kind by square (a1..h8).
pub fn units(board: &Board, color: Color) -> Vec<(Role, Square)> {
    // Gathered in that order rather than sorted, which would bring a sort's code into the
    // page's wasm.
    Role::ALL
        .iter()
        .rev()
        .flat_map(|&role| {
            board
                .pieces()
                .filter(move |(_, p)| p.color == color && p.role == role)
                .map(move |(sq, _)| (role, sq))
        })
        .collect()
}

fn non_empty(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// The diagram of `board` as a standalone SVG document (no stylesheet, no script: presentation
/// attributes only, so it renders the same in a browser, an editor and on a canvas).
pub fn diagram_svg(board: &Board, options: &Options) -> String {
    let caption = &options.caption;
    let title = non_empty(&caption.title);
    let left = if options.coordinates { 44 } else { 16 };
    let right = 16;
    let top = if title.is_some() { 16 + LINE + 8 } else { 16 };
    let board_bottom = top + BOARD;
    let mut y = board_bottom + if options.coordinates { 44 } else { 12 };
    let width = left + BOARD + right;

    let mut lines = String::new();
    let mut line = |text: &str, style: &str| {
        y += LINE;
        let _ = write!(
            lines,
            r#"<text x="{left}" y="{}" font-size="32"{style}>{}</text>"#,
            y - 12,
            escape(text)
        );
    };
    if let Some(author) = non_empty(&caption.author) {
        line(author, r#" font-weight="bold""#);
    }
    if let Some(source) = non_empty(&caption.source) {
        line(source, r#" font-style="italic""#);
    }
    if let Some(condition) = non_empty(&caption.condition) {
        line(condition, "");
    }
    line(non_empty(&caption.stipulation).unwrap_or(""), "");
    let _ = write!(
        lines,
        r#"<text x="{}" y="{}" font-size="32" text-anchor="end" class="unit-count">{}</text>"#,
        left + BOARD,
        y - 12,
        unit_count_text(board)
    );
    let height = y + 16;

    let name = title.or(non_empty(&options.name));
    let mut svg = String::with_capacity(8192);
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 {width} {height}" width="{}" height="{}" role="img" font-family="{FONT}" fill="#111">"##,
        width / 2,
        height / 2
    );
    if let Some(name) = name {
        let _ = write!(svg, "<title>{}</title>", escape(name));
    }
    if let Some(description) = non_empty(&options.description) {
        let _ = write!(svg, "<desc>{}</desc>", escape(description));
    }
    svg.push_str("<defs>");
    for (role, body) in pieces::SHAPES {
        if board.pieces().any(|(_, p)| p.role.name() == role) {
            let _ = write!(
                svg,
                r#"<symbol id="gd-{role}" viewBox="0 0 100 100">{body}</symbol>"#
            );
        }
    }
    svg.push_str("</defs>");
    svg.push_str(r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    if let Some(title) = title {
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" font-size="36" font-weight="bold" text-anchor="middle" class="title">{}</text>"#,
            left + BOARD / 2,
            16 + LINE - 10,
            escape(title)
        );
    }

    let origin = |sq: Square| {
        let (file, rank) = (u32::from(sq.file()), u32::from(sq.rank()));
        let (col, row) = if options.flip {
            (7 - file, rank)
        } else {
            (file, 7 - rank)
        };
        (left + col * S, top + row * S)
    };
    let (light, dark) = match options.style {
        Style::Colour => (LIGHT, DARK),
        // One pattern for every dark square, anchored to the board so the lines run on.
        Style::BlackAndWhite => {
            let _ = write!(
                svg,
                r##"<defs><pattern id="gd-hatch" patternUnits="userSpaceOnUse" x="{left}" y="{top}" width="14" height="14"><path d="M-3.5 3.5l7-7M0 14L14 0M10.5 17.5l7-7" stroke="#000" stroke-width="2.4"/></pattern></defs>"##
            );
            ("#fff", "url(#gd-hatch)")
        }
    };
    let _ = write!(
        svg,
        r#"<rect x="{left}" y="{top}" width="{BOARD}" height="{BOARD}" fill="{light}"/><g fill="{dark}" class="dark-squares">"#
    );
    for sq in Square::all().filter(|sq| (sq.file() + sq.rank()) % 2 == 0) {
        let (x, y) = origin(sq);
        let _ = write!(svg, r#"<rect x="{x}" y="{y}" width="{S}" height="{S}"/>"#);
    }
    svg.push_str("</g>");
    let _ = write!(
        svg,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#222" stroke-width="5"/>"##,
        left - 2,
        top - 2,
        BOARD + 4,
        BOARD + 4
    );
    if options.coordinates {
        svg.push_str(r##"<g font-size="26" fill="#444" text-anchor="middle" class="coordinates">"##);
        for i in 0..8u8 {
            let (x, _) = origin(Square::from_coords(i, 0));
            let (_, y) = origin(Square::from_coords(0, i));
            let _ = write!(
                svg,
                r#"<text x="{}" y="{}">{}</text><text x="{}" y="{}">{}</text>"#,
                x + S / 2,
                board_bottom + 34,
                char::from(b'a' + i),
                left / 2 - 2,
                y + S / 2 + 9,
                i + 1
            );
        }
        svg.push_str("</g>");
    }

    svg.push_str(r#"<g class="pieces" stroke-width="3" stroke-linejoin="round">"#);
    for (sq, piece) in board.pieces() {
        let (x, y) = origin(sq);
        let (fill, stroke, detail) = colours(piece, options.style);
        let _ = write!(
            svg,
            r##"<use xlink:href="#gd-{role}" x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}" stroke="{stroke}" color="{detail}" data-square="{sq}" data-piece="{} {role}"/>"##,
            piece.color.name(),
            role = piece.role.name(),
        );
    }
    svg.push_str("</g>");
    svg.push_str(&lines);
    svg.push_str("</svg>\n");
    svg
}

/// Body, outline and inner details of a unit: the playground's default theme, or pure black
/// and white for print.
fn colours(piece: Piece, style: Style) -> (&'static str, &'static str, &'static str) {
    match (piece.color, style) {
        (Color::White, Style::Colour) => ("#fdfdfb", "#262626", "#262626"),
        (Color::Black, Style::Colour) => ("#2b2b2b", "#0d0d0d", "#e8e8e8"),
        (Color::White, Style::BlackAndWhite) => ("#fff", "#000", "#000"),
        (Color::Black, Style::BlackAndWhite) => ("#000", "#000", "#fff"),
    }
}
