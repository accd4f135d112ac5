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

/** First-touch attribution's keys (server/attribution/attribution.ts) as an operator reads them, in this order. */
const ATTRIBUTION_LABELS: Readonly<Record<string, string>> = {
  utm_source: "Campaign source (utm_source)",
  utm_medium: "Campaign medium (utm_medium)",
  utm_campaign: "Campaign name (utm_campaign)",
  utm_term: "Campaign term (utm_term)",
  utm_content: "Campaign content (utm_content)",
  gclid: "Google Ads click (gclid)",
  fbclid: "Facebook click (fbclid)",
  msclkid: "Microsoft Ads click (msclkid)",
  landing_page: "First page seen",
  referrer: "Came from",
  first_seen_at: "First seen",
};

/** A lead's attribution as labelled rows; the first visit's time in the operator's time zone, keys we do not know as they are. */
export function attributionRows(attribution: Readonly<Record<string, string | undefined>>, timeZone: string): Array<[string, string]> {
  const known = Object.keys(ATTRIBUTION_LABELS).filter((key) => attribution[key] !== undefined);
  const unknown = Object.keys(attribution).filter((key) => !(key in ATTRIBUTION_LABELS) && attribution[key] !== undefined);
  return [...known, ...unknown].map((key) => {
    const value = attribution[key]!;
    const shown = key === "first_seen_at" && !Number.isNaN(Date.parse(value)) ? operatorTime(value, timeZone) : value;
    return [ATTRIBUTION_LABELS[key] ?? key, shown];
  });
}
