/**
 * A page's module scripts start after its first paint. Fetched at once, they competed with the
 * stylesheet, and Lighthouse counted every request begun before the paint as holding it up: at high
 * priority its FCP waited for all of them, at low priority its LCP still did (docs/decisions/031). The
 * server-rendered page needs no script to paint, and works without one until they run.
 */
function startModuleAfterPaint(entry: string, imports: string[]) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.appendChild(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.src = entry;
    module.nonce = nonce;
    document.body.appendChild(module);
  };
  // After a painted frame, or after 200 ms for a tab that paints no frame.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
}

/** The text of an inline script that starts the module `entry` (preloading its `imports`) once the page has painted. */
export function startAfterFirstPaint(entry: string, imports: string[]): string {
  return `(${startModuleAfterPaint.toString()})(${JSON.stringify(entry)},${JSON.stringify(imports)})`;
}
