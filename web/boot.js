// The playground's first script, inlined into its served HTML by scripts/build-web.mjs (it runs
// while the head is parsed, before main.js has even arrived): it preloads the catalog of the
// language the page will choose (web/i18n/choice.js, the same choice as the page makes after), and
// on the playground, starts fetching and compiling the rules' wasm, so that the compile runs on the browser's
// background threads while the scripts download and main.js only instantiates it (web/main.js's
// rules()). Without this script (the source page, unbuilt) main.js fetches the wasm itself.
import { startLanguage } from "./i18n/choice.js";

/** `catalogs`: each language's catalog files; `wasm`: the page package's wasm when the page
 *  preloads one (the playground), else null. */
export function boot(catalogs, wasm) {
  for (const href of catalogs[startLanguage()]) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  }
  if (!wasm || typeof WebAssembly.compileStreaming !== "function") return;
  const compiled = WebAssembly.compileStreaming(fetch(wasm));
  // A failure is main.js's to handle (it fetches the wasm again); unheard, it would be reported.
  compiled.catch(() => {});
  globalThis.grolmanWasm = compiled;
}
