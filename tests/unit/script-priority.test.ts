import { describe, expect, it } from "vitest";
import { withLowPriorityModuleScripts } from "../../app/site/script-priority";

describe("module scripts at low priority", () => {
  it("marks every modulepreload link and leaves stylesheets, icons and scripts alone", () => {
    const head =
      '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
      '<link rel="modulepreload" href="/assets/b.js" nonce="n1"/><link nonce="n1" rel="stylesheet" href="/assets/app.css"/>' +
      '<script nonce="n1" type="module" async="">import "/assets/a.js";</script>';
    expect(withLowPriorityModuleScripts(head)).toBe(
      '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" nonce="n1" fetchpriority="low"/>' +
        '<link rel="modulepreload" href="/assets/b.js" nonce="n1" fetchpriority="low"/><link nonce="n1" rel="stylesheet" href="/assets/app.css"/>' +
        '<script nonce="n1" type="module" async="">import "/assets/a.js";</script>',
    );
  });

  it("changes nothing on a page without scripts", () => {
    const page = '<html><head><link nonce="n1" rel="stylesheet" href="/assets/app.css"/></head><body><p>Hello</p></body></html>';
    expect(withLowPriorityModuleScripts(page)).toBe(page);
  });
});
