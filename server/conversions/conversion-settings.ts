import type { Selectable } from "kysely";
import { z } from "zod";
import { fieldChanges } from "../audit/audit-changes";
import { recordAudit, type Actor } from "../audit/audit-log";
import { writeTransaction, type Db } from "../db/database";
import type { ClaimConversionSettingsTable } from "../db/schema";
import type { SecretBox } from "../secrets/secret-box";
import type { GoogleCredentials, GoogleTarget } from "./google-ads";
import type { MetaTarget } from "./meta-capi";

export type ConversionSettingsRow = Selectable<ClaimConversionSettingsTable>;

export const NO_SECRETS_KEY_FOR_CONVERSIONS = "Platform credentials cannot be stored until SECRETS_KEY is set on the server.";

/** What the operator sees of a claim's settings: never a credential, only whether one is stored. */
export interface ConversionSettingsView {
  caseType: string;
  google: {
    enabled: boolean;
    customerId: string;
    loginCustomerId: string;
    submittedActionId: string;
    soldActionId: string;
    hasCredentials: boolean;
    testMode: boolean;
  };
  meta: { enabled: boolean; pixelId: string; hasAccessToken: boolean; testEventCode: string };
}

const googleCredentialsSchema = z.object({
  developerToken: z.string().trim().min(1),
  clientId: z.string().trim().min(1),
  clientSecret: z.string().trim().min(1),
  refreshToken: z.string().trim().min(1),
});

const digits = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);
/** Google shows customer ids as 123-456-7890; the API takes the 10 digits. */
const customerIdOf = (text: string) => text.trim().replaceAll("-", "");

export type ConversionSettingsErrors = Partial<Record<string, string>>;

const contextOf = (caseType: string, platform: "google" | "meta") => `conversions:${caseType}:${platform}`;

function viewOf(caseType: string, row: ConversionSettingsRow | undefined): ConversionSettingsView {
  return {
    caseType,
    google: {
      enabled: Boolean(row?.google_enabled_at),
      customerId: row?.google_customer_id ?? "",
      loginCustomerId: row?.google_login_customer_id ?? "",
      submittedActionId: row?.google_submitted_action_id ?? "",
      soldActionId: row?.google_sold_action_id ?? "",
      hasCredentials: Boolean(row?.google_credentials_sealed),
      testMode: Number(row?.google_test_mode ?? 0) === 1,
    },
    meta: {
      enabled: Boolean(row?.meta_enabled_at),
      pixelId: row?.meta_pixel_id ?? "",
      hasAccessToken: Boolean(row?.meta_access_token_sealed),
      testEventCode: row?.meta_test_event_code ?? "",
    },
  };
}

export type ConversionSettings = ReturnType<typeof createConversionSettings>;

/**
 * Each claim's conversions settings (docs/decisions/061). Credentials are sealed with SECRETS_KEY, bound
 * to the claim and platform, and never shown again; a blank credential field keeps the stored one.
 */
export function createConversionSettings({ db, secretBox, caseTypes }: { db: Db; secretBox: SecretBox | null; caseTypes: () => readonly string[] }) {
  const rowOf = (caseType: string) => db.selectFrom("claim_conversion_settings").selectAll().where("case_type", "=", caseType).executeTakeFirst();

  async function list(): Promise<ConversionSettingsView[]> {
    const rows = await db.selectFrom("claim_conversion_settings").selectAll().execute();
    return caseTypes().map((caseType) => viewOf(caseType, rows.find((row) => row.case_type === caseType)));
  }

  async function get(caseType: string): Promise<ConversionSettingsView | null> {
    if (!caseTypes().includes(caseType)) return null;
    return viewOf(caseType, await rowOf(caseType));
  }

  /** Saves a claim's settings from the posted form; errors by field name, in words. */
  async function save(caseType: string, form: FormData, actor: Actor, now = new Date()): Promise<{ ok: true } | { ok: false; status: number; errors: ConversionSettingsErrors }> {
    if (!caseTypes().includes(caseType)) return { ok: false, status: 404, errors: { form: "No such claim." } };
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const on = (name: string) => form.get(name) === "on";
    const errors: ConversionSettingsErrors = {};
    const current = await rowOf(caseType);

    const googleEnabled = on("googleEnabled");
    const customerId = customerIdOf(text("googleCustomerId"));
    const loginCustomerId = customerIdOf(text("googleLoginCustomerId"));
    const submittedActionId = text("googleSubmittedActionId");
    const soldActionId = text("googleSoldActionId");
    const credentialsText = text("googleCredentials");
    if (customerId && !digits(10, 10).test(customerId)) errors.googleCustomerId = "A Google Ads customer id is 10 digits, such as 123-456-7890.";
    if (loginCustomerId && !digits(10, 10).test(loginCustomerId)) errors.googleLoginCustomerId = "A manager account's customer id is 10 digits, such as 123-456-7890.";
    if (submittedActionId && !digits(1, 20).test(submittedActionId)) errors.googleSubmittedActionId = "A conversion action id is digits only.";
    if (soldActionId && !digits(1, 20).test(soldActionId)) errors.googleSoldActionId = "A conversion action id is digits only.";
    let googleCredentials: GoogleCredentials | null = null;
    if (credentialsText) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(credentialsText);
      } catch {
        // Reported below in words.
      }
      const checked = googleCredentialsSchema.safeParse(parsed);
      if (checked.success) googleCredentials = checked.data;
      else errors.googleCredentials = 'The credentials are JSON with developerToken, clientId, clientSecret and refreshToken, each a non-empty string.';
    }
    if (googleEnabled) {
      if (!customerId) errors.googleCustomerId ??= "Google needs the customer id of the account the conversions belong to.";
      if (!soldActionId) errors.googleSoldActionId ??= "Google needs the conversion action for sold leads.";
      if (!credentialsText && !current?.google_credentials_sealed) errors.googleCredentials ??= "Google needs API credentials.";
    }

    const metaEnabled = on("metaEnabled");
    const pixelId = text("metaPixelId");
    const accessToken = text("metaAccessToken");
    const testEventCode = text("metaTestEventCode");
    if (pixelId && !digits(5, 20).test(pixelId)) errors.metaPixelId = "A Meta pixel (dataset) id is digits only.";
    if (testEventCode.length > 64 || /\s/.test(testEventCode)) errors.metaTestEventCode = "A test event code is one word, such as TEST12345.";
    if (accessToken.length > 1024) errors.metaAccessToken = "That access token is longer than Meta's.";
    if (metaEnabled) {
      if (!pixelId) errors.metaPixelId ??= "Meta needs the pixel (dataset) id.";
      if (!accessToken && !current?.meta_access_token_sealed) errors.metaAccessToken ??= "Meta needs a Conversions API access token.";
    }
    if ((googleCredentials || accessToken) && !secretBox) errors.form = NO_SECRETS_KEY_FOR_CONVERSIONS;
    if (Object.keys(errors).length) return { ok: false, status: 400, errors };

    const at = now.toISOString();
    const values = {
      // Turning a platform on starts its events from now; saving it on again keeps when it was turned on.
      google_enabled_at: googleEnabled ? (current?.google_enabled_at ?? at) : null,
      google_customer_id: customerId || null,
      google_login_customer_id: loginCustomerId || null,
      google_submitted_action_id: submittedActionId || null,
      google_sold_action_id: soldActionId || null,
      google_credentials_sealed:
        googleCredentials && secretBox ? secretBox.seal(JSON.stringify(googleCredentials), contextOf(caseType, "google")) : (current?.google_credentials_sealed ?? null),
      google_test_mode: on("googleTestMode") ? 1 : 0,
      meta_enabled_at: metaEnabled ? (current?.meta_enabled_at ?? at) : null,
      meta_pixel_id: pixelId || null,
      meta_access_token_sealed: accessToken && secretBox ? secretBox.seal(accessToken, contextOf(caseType, "meta")) : (current?.meta_access_token_sealed ?? null),
      meta_test_event_code: testEventCode || null,
      updated_at: at,
    };
    const before = current ? viewOf(caseType, current) : null;
    const after = viewOf(caseType, { case_type: caseType, ...values });
    await writeTransaction(db, async (trx) => {
      if (current) await trx.updateTable("claim_conversion_settings").set(values).where("case_type", "=", caseType).execute();
      else await trx.insertInto("claim_conversion_settings").values({ case_type: caseType, ...values }).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: "save-conversion-settings",
          target: { type: "setting", id: `conversions:${caseType}` },
          detail: {
            changes: fieldChanges(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
            ...(googleCredentials ? { googleCredentialsReplaced: true } : {}),
            ...(accessToken ? { metaAccessTokenReplaced: true } : {}),
          },
        },
        now,
      );
    });
    return { ok: true };
  }

  /** What the sender needs for a claim's platform: its target and opened credentials; an error in words otherwise. */
  async function googleOf(caseType: string): Promise<{ target: GoogleTarget; credentials: GoogleCredentials } | { error: string; off?: true }> {
    const row = await rowOf(caseType);
    if (!row?.google_enabled_at || !row.google_customer_id || !row.google_sold_action_id) return { error: "Google is turned off for this claim", off: true };
    if (!row.google_credentials_sealed) return { error: "No Google credentials stored" };
    if (!secretBox) return { error: "Google credentials need SECRETS_KEY, which is not set" };
    try {
      const credentials = googleCredentialsSchema.parse(JSON.parse(secretBox.open(row.google_credentials_sealed, contextOf(caseType, "google"))));
      return {
        target: {
          customerId: row.google_customer_id,
          loginCustomerId: row.google_login_customer_id,
          submittedActionId: row.google_submitted_action_id,
          soldActionId: row.google_sold_action_id,
          testMode: Number(row.google_test_mode) === 1,
        },
        credentials,
      };
    } catch (error) {
      return { error: `Google credentials cannot be opened: ${(error as Error).message}` };
    }
  }

  async function metaOf(caseType: string): Promise<{ target: MetaTarget; accessToken: string } | { error: string; off?: true }> {
    const row = await rowOf(caseType);
    if (!row?.meta_enabled_at || !row.meta_pixel_id) return { error: "Meta is turned off for this claim", off: true };
    if (!row.meta_access_token_sealed) return { error: "No Meta access token stored" };
    if (!secretBox) return { error: "The Meta access token needs SECRETS_KEY, which is not set" };
    try {
      return {
        target: { pixelId: row.meta_pixel_id, testEventCode: row.meta_test_event_code },
        accessToken: secretBox.open(row.meta_access_token_sealed, contextOf(caseType, "meta")),
      };
    } catch (error) {
      return { error: `The Meta access token cannot be opened: ${(error as Error).message}` };
    }
  }

  return { list, get, save, googleOf, metaOf };
}
