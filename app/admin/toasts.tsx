import { useEffect, useState } from "react";

export interface Toast {
  title: string;
  description: string;
  tone: "success" | "error";
}

const VISIBLE = 3;
const DURATION_MS = 4000;

/** Spec defaults: each toast for 4 s, at most 3 at once. Without JavaScript the latest stays on the page. */
export function Toasts({ latest }: { latest: Toast | undefined }) {
  const [toasts, setToasts] = useState<Array<Toast & { id: number }>>(latest ? [{ ...latest, id: 0 }] : []);

  useEffect(() => {
    if (!latest) return;
    const id = Date.now() + Math.random();
    setToasts((list) => [...list.filter((t) => t.id !== 0), { ...latest, id }].slice(-VISIBLE));
    const timer = setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), DURATION_MS);
    return () => clearTimeout(timer);
  }, [latest]);

  return (
    <div className="fixed right-4 top-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === "error" ? "alert" : "status"}
          className={`rounded-lg border p-4 shadow-lg ${toast.tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
        >
          <p className="font-semibold">{toast.title}</p>
          <p className="mt-1 text-sm">{toast.description}</p>
        </div>
      ))}
    </div>
  );
}
