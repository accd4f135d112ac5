/** An instant as the operator reads it: in the console's time zone, with the zone named. */
export function operatorTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
}

/** How long ago, roughly: '45 s', '12 min', '5 h', '3 d'. `now` comes from the loader, so server and browser agree. */
export function age(iso: string, now: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

const STATUS_STYLE: Record<string, string> = {
  delivered: "bg-emerald-100 text-emerald-900",
  pending: "bg-sky-100 text-sky-900",
  sending: "bg-sky-100 text-sky-900",
  failed: "bg-red-100 text-red-900",
  dead: "bg-red-200 text-red-950",
  cancelled: "bg-slate-200 text-slate-800",
};

export const statusBadge = (status: string) => `inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status] ?? "bg-slate-100"}`;
