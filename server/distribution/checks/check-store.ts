import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import type { ChecksTable, Database } from "../../db/schema";
import { lastFour, type SecretBox } from "../../secrets/secret-box";
import { inWords } from "../../validation/in-words";
import { NO_SECRETS_KEY } from "../buyers/buyer-store";
import { appliesTo, checkConfigSchema, type CheckConfig } from "./check-config";

export interface Check {
  id: string;
  name: string;
  active: boolean;
  config: CheckConfig;
  /** ••••abcd, or null without credentials. */
  credentialsLast4: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the admin saves: credentials undefined keeps them, null removes them. */
export const checkInputSchema = z.object({
  name: z.string().trim().min(1, "Name the check.").max(100),
  active: z.boolean().default(true),
  config: checkConfigSchema,
  credentials: z.string().min(1).max(4000).nullable().optional(),
});

export type CheckErrors = Record<string, string>;
export type SaveCheckResult =
  { ok: true; check: Check } | { ok: false; errors: CheckErrors };

export function checkOf(row: Selectable<ChecksTable>): Check {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    config: checkConfigSchema.parse(JSON.parse(row.config)),
    credentialsLast4: row.credentials_last4,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listChecks(db: Kysely<Database>): Promise<Check[]> {
  const rows = await db
    .selectFrom("checks")
    .selectAll()
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(checkOf);
}

/** The active checks that apply to a claim's leads: read for every lead saved, so one small query. */
export async function activeChecksFor(
  db: Kysely<Database>,
  caseType: string,
): Promise<Check[]> {
  const rows = await db
    .selectFrom("checks")
    .selectAll()
    .where("active", "=", 1)
    .execute();
  return rows.map(checkOf).filter((check) => appliesTo(check.config, caseType));
}

// Bound to the check, so that a sealed value copied into another check's row does not open there.
const credentialsContext = (checkId: string) => `check:${checkId}:credentials`;

export async function openCheckCredentials(
  db: Kysely<Database>,
  secretBox: Pick<SecretBox, "open">,
  checkId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("checks")
    .select("credentials_sealed")
    .where("id", "=", checkId)
    .executeTakeFirst();
  return row?.credentials_sealed
    ? secretBox.open(row.credentials_sealed, credentialsContext(checkId))
    : null;
}

/** Checks as the admin manages them: the store seals credentials and never opens them. */
export function createCheckStore(
  db: Kysely<Database>,
  secretBox: Pick<SecretBox, "seal"> | null,
  now: () => Date = () => new Date(),
) {
  function parse(input: unknown) {
    const parsed = checkInputSchema.safeParse(input, { error: inWords({ name: "a name", url: "a web address" }) });
    if (!parsed.success) {
      const errors: CheckErrors = {};
      for (const issue of parsed.error.issues)
        errors[issue.path.map(String).join(".") || "_form"] ??= issue.message;
      return { ok: false as const, errors };
    }
    if (typeof parsed.data.credentials === "string" && !secretBox)
      return { ok: false as const, errors: { credentials: NO_SECRETS_KEY } };
    return { ok: true as const, data: parsed.data };
  }

  function credentialColumns(
    id: string,
    credentials: string | null | undefined,
  ) {
    if (credentials === undefined) return {};
    if (credentials === null)
      return { credentials_sealed: null, credentials_last4: null };
    return {
      credentials_sealed: secretBox!.seal(credentials, credentialsContext(id)),
      credentials_last4: lastFour(credentials),
    };
  }

  const get = async (id: string) => {
    const row = await db
      .selectFrom("checks")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? checkOf(row) : undefined;
  };

  async function create(input: unknown): Promise<SaveCheckResult> {
    const parsed = parse(input);
    if (!parsed.ok) return parsed;
    const id = randomUUID();
    const at = now().toISOString();
    const { name, active, config, credentials } = parsed.data;
    await db
      .insertInto("checks")
      .values({
        id,
        name,
        active: active ? 1 : 0,
        config: JSON.stringify(config),
        credentials_sealed: null,
        credentials_last4: null,
        ...credentialColumns(id, credentials),
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { ok: true, check: (await get(id))! };
  }

  async function update(id: string, input: unknown): Promise<SaveCheckResult> {
    const parsed = parse(input);
    if (!parsed.ok) return parsed;
    const { name, active, config, credentials } = parsed.data;
    const result = await db
      .updateTable("checks")
      .set({
        name,
        active: active ? 1 : 0,
        config: JSON.stringify(config),
        ...credentialColumns(id, credentials),
        updated_at: now().toISOString(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (!result.numUpdatedRows)
      return { ok: false, errors: { id: "There is no such check." } };
    return { ok: true, check: (await get(id))! };
  }

  return { create, update, get, list: () => listChecks(db) };
}

export type CheckStore = ReturnType<typeof createCheckStore>;
