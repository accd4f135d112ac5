import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { readSetting, writeSetting } from "../../settings/settings";

/** How a claim's leads are sold: to one buyer (the default) or shared by up to maxBuyers. */
export type ClaimRoutingMode =
  { mode: "exclusive" } | { mode: "shared"; maxBuyers: number };

/** The most buyers a shared claim's lead may go to: past a handful, a lead sold that often is worth little to each. */
export const MAX_SHARED_BUYERS = 10;

export type RoutingModeErrors = Partial<Record<"mode" | "maxBuyers", string>>;

export const routingModeKey = (caseType: string) => `routing_mode:${caseType}`;

export async function routingModeOf(
  db: Kysely<Database>,
  caseType: string,
): Promise<ClaimRoutingMode> {
  return savedRoutingMode(await readSetting(db, routingModeKey(caseType)));
}

/** The mode a saved setting's text gives (exclusive when none is saved). */
export function savedRoutingMode(saved: string | undefined): ClaimRoutingMode {
  return effectiveRoutingMode(
    saved ? (JSON.parse(saved) as ClaimRoutingMode) : null,
  );
}

/** What a saved mode means for routing: anything but a valid shared mode is exclusive. */
export function effectiveRoutingMode(
  saved: ClaimRoutingMode | null | undefined,
): ClaimRoutingMode {
  return saved?.mode === "shared" && saved.maxBuyers > 1
    ? { mode: "shared", maxBuyers: saved.maxBuyers }
    : { mode: "exclusive" };
}

/**
 * An operator's choice checked: `{ mode: "exclusive" }`, or `{ mode: "shared", maxBuyers }` with a
 * whole number from 2 to MAX_SHARED_BUYERS. An exclusive choice ignores maxBuyers, which a form
 * posts whichever mode is chosen.
 */
export function checkRoutingMode(
  input: unknown,
):
  | { ok: true; mode: ClaimRoutingMode }
  | { ok: false; errors: RoutingModeErrors } {
  const { mode, maxBuyers } = (
    typeof input === "object" && input !== null ? input : {}
  ) as { mode?: unknown; maxBuyers?: unknown };
  if (mode === "exclusive") return { ok: true, mode: { mode } };
  if (mode !== "shared")
    return { ok: false, errors: { mode: "Choose one buyer or shared." } };
  if (
    typeof maxBuyers !== "number" ||
    !Number.isInteger(maxBuyers) ||
    maxBuyers < 2 ||
    maxBuyers > MAX_SHARED_BUYERS
  ) {
    return {
      ok: false,
      errors: {
        maxBuyers: `Enter a whole number of buyers from 2 to ${MAX_SHARED_BUYERS}.`,
      },
    };
  }
  return { ok: true, mode: { mode, maxBuyers } };
}

export function saveRoutingMode(
  db: Kysely<Database>,
  caseType: string,
  mode: ClaimRoutingMode,
  now = new Date(),
): Promise<void> {
  return writeSetting(db, routingModeKey(caseType), JSON.stringify(mode), now);
}

/** Every mode an operator saved, by case type. */
export async function savedRoutingModes(
  db: Kysely<Database>,
): Promise<Record<string, ClaimRoutingMode>> {
  const rows = await db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "like", `${routingModeKey("")}%`)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.key.slice(routingModeKey("").length),
      JSON.parse(row.value) as ClaimRoutingMode,
    ]),
  );
}
