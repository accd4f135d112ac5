import { describe, expect, it } from "vitest";
import { startAfterFirstPaint } from "../../app/site/script-priority";

describe("a module script started after the first paint", () => {
  it("adds the preloads and the module with the page's nonce after a painted frame, once", () => {
    const added: { tag: string; props: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const element = (tag: string) => {
      const props: Record<string, string> = {};
      added.push({ tag, props });
      return props;
    };
    const browser = {
      document: {
        currentScript: { nonce: "n1" },
        createElement: element,
        head: { appendChild: () => undefined },
        body: { appendChild: () => undefined },
      },
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    const loader = startAfterFirstPaint("/assets/entry.js", ["/assets/a.js", "/assets/b.js"]);
    new Function(...Object.keys(browser), loader)(...Object.values(browser));
    expect(added).toEqual([]);
    frames.shift()!();
    timers.shift()!();
    expect(added).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/assets/a.js", nonce: "n1" } },
      { tag: "link", props: { rel: "modulepreload", href: "/assets/b.js", nonce: "n1" } },
      { tag: "script", props: { type: "module", src: "/assets/entry.js", nonce: "n1" } },
    ]);
    // The 200 ms fallback finds the work done.
    for (const timer of timers) timer();
    expect(added).toHaveLength(3);
  });

  it("starts by itself after 200 ms in a tab that paints no frame", () => {
    const added: string[] = [];
    const timers: (() => void)[] = [];
    const browser = {
      document: { currentScript: { nonce: "n1" }, createElement: (tag: string) => (added.push(tag), {}), head: { appendChild() {} }, body: { appendChild() {} } },
      requestAnimationFrame: () => undefined,
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    new Function(...Object.keys(browser), startAfterFirstPaint("/e.js", []))(...Object.values(browser));
    for (const timer of timers) timer();
    expect(added).toEqual(["script"]);
  });
});
