// Diagram downloads: the SVG is built by the rules package (wasm `diagramSvg`, the same code
// as `grolman diagram`); the PNG is that SVG drawn on a canvas. No markup is built here. The
// diagram's text alternative (its name, the position in words) is the page's, in its language,
// from the units wasm `diagramFacts` lists.
import { diagramFacts } from "../../pkg/grolman.js";
import { t } from "../i18n/index.js";
import { labelLetterOf } from "../i18n/notation.js";

/** "White: Ke1, Pe2. Black: Ke8." in the current language and piece letters. */
export function positionWords(fen) {
  const { units } = diagramFacts(fen);
  const side = (list) => (list.length ? list.map((u) => `${labelLetterOf(u.role)}${u.square}`).join(", ") : t("diagram.none"));
  return t("diagram.description", { white: side(units.white), black: side(units.black) });
}

/** The `name` and `description` options of wasm `diagramSvg`: the SVG's <title> (when the
 *  caption has no title) and <desc>, with the unit count. */
export const diagramAlt = (fen) => ({ name: t("diagram.name"), description: `${positionWords(fen)} ${diagramFacts(fen).unitCount}` });

/** Saves `blob` under `name` through a temporary link. */
export function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const svgBlob = (svg) => new Blob([svg], { type: "image/svg+xml" });

/** The SVG document drawn on a canvas, `scale` canvas pixels per SVG pixel, as a PNG blob. */
export async function pngBlob(svg, scale = 2) {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the PNG could not be made"))), "image/png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** "4k3-8-4k3…" -> a file name from the caption or the placement (wasm `diagramFacts`). */
export function fileName(caption, fen, extension) {
  const base = (caption.title || caption.author || diagramFacts(fen).placement || "diagram")
    .toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "diagram";
  return `${base}.${extension}`;
}
