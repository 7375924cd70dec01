// The project's own piece set: one SVG symbol per role, drawn in a 100 x 100 box.
// Colour comes from CSS: `fill` is the body, `stroke` the outline, `color` the inner details,
// so the same symbols serve both sides and every theme. Licence: the project's own (MIT, as the rest of the project).

const BASE = '<rect x="25" y="80" width="50" height="9" rx="3"/>';

const SHAPES = {
  pawn:
    '<path d="M36 80 C36 66 41 57 44 49 H56 C59 57 64 66 64 80 Z"/>' +
    '<circle cx="50" cy="36" r="13"/>' +
    BASE,
  knight:
    '<path d="M31 80 H70 C71 63 73 48 67 36 C61 24 52 18 42 16 L39 9 L34 17 ' +
    'C28 20 24 26 22 33 L15 46 C13 51 16 55 21 55 L27 52 C31 50 35 50 39 47 ' +
    'C41 55 35 62 29 70 C27 74 28 77 31 80 Z"/>' +
    BASE +
    '<circle cx="36" cy="30" r="3" fill="currentColor" stroke="none"/>' +
    '<path d="M58 27 C65 40 67 57 65 76" fill="none" stroke="currentColor" stroke-width="3"/>',
  bishop:
    '<path d="M37 80 L40 66 C30 54 33 36 50 22 C67 36 70 54 60 66 L63 80 Z"/>' +
    '<circle cx="50" cy="15" r="6"/>' +
    BASE +
    '<path d="M55 36 L46 50 M40 66 H60" fill="none" stroke="currentColor" stroke-width="3.5"/>',
  rook:
    '<path d="M33 80 L36 45 H64 L67 80 Z"/>' +
    '<path d="M28 45 V21 H38 V29 H45 V21 H55 V29 H62 V21 H72 V45 Z"/>' +
    BASE +
    '<path d="M37 51 H63 M35 73 H65" fill="none" stroke="currentColor" stroke-width="3"/>',
  queen:
    '<path d="M29 80 L20 31 L33 56 L35 24 L44 53 L50 19 L56 53 L65 24 L67 56 L80 31 L71 80 Z"/>' +
    '<circle cx="20" cy="29" r="5"/><circle cx="35" cy="22" r="5"/><circle cx="50" cy="16" r="5"/>' +
    '<circle cx="65" cy="22" r="5"/><circle cx="80" cy="29" r="5"/>' +
    BASE +
    '<path d="M31 71 H69" fill="none" stroke="currentColor" stroke-width="3"/>',
  king:
    '<path d="M47 10 H53 V17 H60 V23 H53 V34 H47 V23 H40 V17 H47 Z"/>' +
    '<path d="M30 80 C20 64 17 46 29 42 C38 39 46 46 50 55 C54 46 62 39 71 42 C83 46 80 64 70 80 Z"/>' +
    '<path d="M43 56 C43 44 46 37 50 35 C54 37 57 44 57 56 Z"/>' +
    BASE +
    '<path d="M32 71 H68" fill="none" stroke="currentColor" stroke-width="3"/>',
};

/** `<symbol>` definitions to place in the board's `<defs>`. */
export function pieceSymbols() {
  return Object.entries(SHAPES)
    .map(([role, body]) => `<symbol id="piece-${role}" viewBox="0 0 100 100">${body}</symbol>`)
    .join("");
}

export const LETTER = { pawn: "", knight: "N", bishop: "B", rook: "R", queen: "Q", king: "K" };
