import { useEffect, useRef, useState } from "react";

export interface Toast {
  title: string;
  description: string;
  tone: "success" | "error";
}

const VISIBLE = 3;
const DURATION_MS = 4000;

let nextId = 1;

/**
 * Spec defaults: each toast for 4 s, at most 3 at once, each with a close button. Every toast has a
 * timer of its own, so a new toast never keeps an older one up. Without JavaScript the latest stays,
 * in the page's flow above the header (fixed, it would cover the header's navigation for good on a
 * phone) and without a close button that could not work; once the page runs, toasts float and close.
 */
export function Toasts({ latest }: { latest: Toast | undefined }) {
  const [toasts, setToasts] = useState<Array<Toast & { id: number }>>(latest ? [{ ...latest, id: 0 }] : []);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const shown = useRef(latest);
  const [running, setRunning] = useState(false);

  function dismiss(id: number) {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }
  function expireLater(id: number) {
    timers.current.set(id, setTimeout(() => dismiss(id), DURATION_MS));
  }

  // The toast rendered by the server expires too, once the page runs; every timer ends with the page.
  useEffect(() => {
    const all = timers.current;
    setRunning(true);
    if (shown.current) expireLater(0);
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
    // expireLater only touches refs and state setters, which never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!latest || latest === shown.current) return;
    shown.current = latest;
    const id = nextId++;
    setToasts((list) => [...list, { ...latest, id }].slice(-VISIBLE));
    expireLater(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest]);

  return (
    <div
      className={`flex flex-col gap-2 ${running ? "fixed right-4 top-4 z-50 w-80 max-w-[calc(100vw-2rem)]" : "mx-auto max-w-6xl px-4 pt-4 empty:hidden"}`}
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === "error" ? "alert" : "status"}
          className={`flex items-start gap-2 rounded-lg border py-2 pl-4 pr-1 shadow-lg ${toast.tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
        >
          <div className="min-w-0 flex-1 py-2">
            <p className="font-semibold">{toast.title}</p>
            <p className="mt-1 break-words text-sm">{toast.description}</p>
          </div>
          {running ? (
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              aria-label={`Close: ${toast.title}`}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-xl leading-none hover:bg-black/5 focus-visible:outline-2"
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
