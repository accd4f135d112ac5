import { describe, expect, it } from "vitest";
import { withScriptsAfterFirstPaint } from "../../app/site/script-priority";

describe("module scripts started after the first paint", () => {
  const head =
    '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" nonce="n1"/>' +
    '<link rel="modulepreload" href="/assets/b.js" nonce="n1"/><link nonce="n1" rel="stylesheet" href="/assets/app.css"/>';
  const module = '<script nonce="n1" type="module" async="">import "/assets/a.js";</script>';

  it("writes the preloads and the module inert, and a nonced loader that starts them", () => {
    const page = withScriptsAfterFirstPaint(`<html><head>${head}</head><body><p>Hi</p>${module}<script nonce="n1">x()</script></body></html>`);
    expect(page).not.toMatch(/<link rel="modulepreload"|type="module"/);
    expect(page).toContain('<link rel="icon" href="/favicon.svg"/><link nonce="n1" rel="stylesheet" href="/assets/app.css"/>');
    expect(page).toContain('<script type="text/plain" id="deferred-module">import "/assets/a.js";</script><script nonce="n1">(');
    expect(page).toContain('(["/assets/a.js","/assets/b.js"],"deferred-module")</script><script nonce="n1">x()</script>');
  });

  it("the loader adds the preloads and the module with the page's nonce after a painted frame", () => {
    const added: { tag: string; props: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const element = (tag: string) => {
      const props: Record<string, string> = {};
      added.push({ tag, props });
      return props;
    };
    const page = withScriptsAfterFirstPaint(`<head>${head}</head><body>${module}</body>`);
    const loader = /<script nonce="n1">([\s\S]*?)<\/script>/.exec(page)![1]!;
    const browser = {
      document: {
        currentScript: { nonce: "n1" },
        createElement: element,
        head: { appendChild: () => undefined },
        body: { appendChild: () => undefined },
        getElementById: (id: string) => ({ textContent: id === "deferred-module" ? 'import "/assets/a.js";' : null }),
      },
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    new Function(...Object.keys(browser), loader)(...Object.values(browser));
    expect(added).toEqual([]);
    frames.shift()!();
    timers.shift()!();
    expect(added).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/assets/a.js", nonce: "n1" } },
      { tag: "link", props: { rel: "modulepreload", href: "/assets/b.js", nonce: "n1" } },
      { tag: "script", props: { type: "module", nonce: "n1", textContent: 'import "/assets/a.js";' } },
    ]);
    // The 200 ms fallback finds the work done.
    for (const timer of timers) timer();
    expect(added).toHaveLength(3);
  });

  it("changes nothing on a page without scripts", () => {
    const page = '<html><head><link nonce="n1" rel="stylesheet" href="/assets/app.css"/></head><body><p>Hello</p></body></html>';
    expect(withScriptsAfterFirstPaint(page)).toBe(page);
  });
});
