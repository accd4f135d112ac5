import type { ClaimDefinition } from "#claims/engine/types";
import type { Attribution } from "../attribution/attribution";
import { randomIp, randomUserAgent } from "./people";
import { weightedPicker, type Random } from "./random";
import type { LeadRequestContext } from "../leads/lead-record";

/** Where paid traffic comes from; about 30% of visitors arrive without UTM parameters. */
const SOURCE = weightedPicker([
  ["google", 34],
  ["facebook", 20],
  ["bing", 9],
  ["tiktok", 7],
  [null, 30],
] as const);

type Source = "google" | "facebook" | "bing" | "tiktok";

const MEDIUM: Record<Source, string> = { google: "cpc", bing: "cpc", facebook: "paid_social", tiktok: "paid_social" };
const REFERRER: Record<Source, string | null> = {
  google: "https://www.google.com/",
  bing: "https://www.bing.com/",
  facebook: "https://m.facebook.com/",
  tiktok: null,
};
const CLICK_ID: Record<Source, "gclid" | "fbclid" | "msclkid" | null> = { google: "gclid", bing: "msclkid", facebook: "fbclid", tiktok: null };

/** `spring-2026` and `bing` are what `npm run bench:console` filters on. */
const CAMPAIGN = weightedPicker([
  ["spring-2026", 30],
  ["winter-2026", 15],
  ["always-on-search", 20],
  ["retargeting-30d", 10],
  ["brand", 10],
  ["lookalike-claimants", 8],
  ["summer-2025", 7],
] as const);

const CONTENT = ["video-testimonial", "carousel-a", "carousel-b", "static-checklist", "rsa-1", "rsa-2"];
const TERMS = ["car accident lawyer", "injury claim", "settlement calculator", "free case review", "attorney near me"];

const CLICK_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** The request a lead came in with: address, browser, the page it was sent from and its first touch. */
export function randomVisit(random: Random, definition: ClaimDefinition, siteUrl: string, submittedAt: Date): LeadRequestContext {
  return {
    ip: randomIp(random),
    userAgent: randomUserAgent(random),
    pageUrl: `${siteUrl}${definition.routes.form}`,
    attribution: firstTouch(random, definition, submittedAt),
  };
}

/** As attributionFromVisit records it on the first page view: a few minutes to a few days before. */
function firstTouch(random: Random, definition: ClaimDefinition, submittedAt: Date): Attribution {
  const firstSeen = new Date(submittedAt.getTime() - Math.floor(random.next() ** 3 * 3 * 86_400_000) - random.int(60_000, 900_000));
  const source = SOURCE(random);
  if (!source) {
    const organic = random.chance(0.4);
    return {
      landing_page: definition.routes.landing,
      ...(organic ? { referrer: random.pick(["https://www.google.com/", "https://duckduckgo.com/", "https://www.bing.com/"]) } : {}),
      first_seen_at: firstSeen.toISOString(),
    };
  }
  const campaign = CAMPAIGN(random);
  const utm: Attribution = { utm_source: source, utm_medium: MEDIUM[source], utm_campaign: campaign };
  if (random.chance(0.6)) utm.utm_content = random.pick(CONTENT);
  if (MEDIUM[source] === "cpc") utm.utm_term = random.pick(TERMS);
  const clickId = CLICK_ID[source];
  if (clickId) utm[clickId] = randomToken(random, clickId === "msclkid" ? 32 : 40);
  const query = Object.entries(utm)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!).replace(/%20/g, "+")}`)
    .join("&");
  const referrer = REFERRER[source];
  return {
    ...utm,
    landing_page: `${definition.routes.landing}?${query}`.slice(0, 500),
    ...(referrer ? { referrer } : {}),
    first_seen_at: firstSeen.toISOString(),
  };
}

function randomToken(random: Random, length: number): string {
  let token = "";
  for (let i = 0; i < length; i++) token += CLICK_ID_ALPHABET[Math.floor(random.next() * CLICK_ID_ALPHABET.length)];
  return token;
}
