/**
 * A page's module scripts start after its first paint. Fetched at once, they competed with the
 * stylesheet, and Lighthouse counted every request begun before the paint as holding it up: at high
 * priority its FCP waited for all of them, at low priority its LCP still did (docs/decisions/031). The
 * server-rendered page needs no script to paint, and works without one until they run.
 */
function startModuleAfterPaint(entry: string, imports: string[]) {
  const nonce = (document.currentScript as HTMLScriptElement).nonce;
  const start = () => {
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
  // Once the browser reports the first contentful paint, which it does when the frame is on screen: the
  // task after the first animation frame still came before that moment about half the time, and
  // Lighthouse then counted the scripts as holding the paint up (docs/decisions/037). Without paint
  // timing, that task it is. A tab opened in the background paints nothing until it is shown, and its
  // form works without its script until then.
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

/** The text of an inline script that starts the module `entry` (preloading its `imports`) once the page has painted. */
export function startAfterFirstPaint(entry: string, imports: string[]): string {
  return `(${startModuleAfterPaint.toString()})(${JSON.stringify(entry)},${JSON.stringify(imports)})`;
}
