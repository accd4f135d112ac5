/**
 * Starts the page's module scripts after its first paint. React Router writes a modulepreload link per
 * chunk and an async module script; fetched at once, they competed with the stylesheet, and Lighthouse
 * counted every request begun before the paint as holding it up: at high priority its FCP waited for
 * all of them, at low priority its LCP still did (docs/decisions/031). The server-rendered page needs no
 * script to paint (and works without one), so the links and the module are written inert and a small
 * script adds them, with their nonce, once a frame has been painted.
 */
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const INERT_MODULE_ID = "deferred-module";

/** The loader, in the browser: after a painted frame (or 200 ms, for a tab that paints no frame). */
function startModulesAfterPaint(preloads: string[], moduleId: string) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.appendChild(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.nonce = nonce;
    module.textContent = document.getElementById(moduleId)!.textContent;
    document.body.appendChild(module);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
}

export function withScriptsAfterFirstPaint(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const [whole, nonce, source] = module;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader = `<script nonce="${nonce}">(${startModulesAfterPaint.toString()})(${JSON.stringify(preloads)},${JSON.stringify(INERT_MODULE_ID)})</script>`;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(whole, () => `<script type="text/plain" id="${INERT_MODULE_ID}">${source}</script>${loader}`);
}
