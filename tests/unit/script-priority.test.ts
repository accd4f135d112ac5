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
      PerformanceObserver: undefined,
    };
    const loader = startAfterFirstPaint("/assets/entry.js", ["/assets/a.js", "/assets/b.js"]);
    new Function(...Object.keys(browser), loader)(...Object.values(browser));
    expect([added, timers]).toEqual([[], []]);
    frames.shift()!();
    expect(added).toEqual([]);
    timers.shift()!();
    expect(added).toEqual([
      { tag: "link", props: { rel: "modulepreload", href: "/assets/a.js", nonce: "n1" } },
      { tag: "link", props: { rel: "modulepreload", href: "/assets/b.js", nonce: "n1" } },
      { tag: "script", props: { type: "module", src: "/assets/entry.js", nonce: "n1" } },
    ]);
    expect([frames, timers]).toEqual([[], []]);
  });

  it("starts nothing, by any timer, until a frame is painted (a tab in the background)", () => {
    const added: string[] = [];
    const timers: (() => void)[] = [];
    const browser = {
      document: { currentScript: { nonce: "n1" }, createElement: (tag: string) => (added.push(tag), {}), head: { appendChild() {} }, body: { appendChild() {} } },
      requestAnimationFrame: () => undefined,
      setTimeout: (callback: () => void) => timers.push(callback),
      PerformanceObserver: undefined,
    };
    new Function(...Object.keys(browser), startAfterFirstPaint("/e.js", []))(...Object.values(browser));
    expect([added, timers]).toEqual([[], []]);
  });

  it("with paint timing: starts the module once the first contentful paint is reported, and only then", () => {
    const added: string[] = [];
    const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void; options: unknown; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      entry: (typeof observers)[number];
      constructor(callback: (typeof observers)[number]["callback"]) {
        this.entry = { callback, options: null, disconnected: false };
        observers.push(this.entry);
      }
      observe(options: unknown) {
        this.entry.options = options;
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const browser = {
      document: { currentScript: { nonce: "n1" }, createElement: (tag: string) => (added.push(tag), {}), head: { appendChild() {} }, body: { appendChild() {} } },
      requestAnimationFrame: () => {
        throw new Error("not used with paint timing");
      },
      setTimeout: () => {
        throw new Error("not used with paint timing");
      },
      PerformanceObserver: FakeObserver,
    };
    new Function(...Object.keys(browser), startAfterFirstPaint("/e.js", ["/a.js"]))(...Object.values(browser));
    const [watch] = observers;
    expect(watch!.options).toEqual({ type: "paint", buffered: true });
    const report = (...names: string[]) => watch!.callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, { disconnect: () => (watch!.disconnected = true) });
    report("first-paint");
    expect(added).toEqual([]);
    report("first-contentful-paint");
    expect(added).toEqual(["link", "script"]);
    expect(watch!.disconnected).toBe(true);
  });
});
