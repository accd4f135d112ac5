import type { AppLoadContext } from "react-router";
import type { Actor } from "../../server/audit/audit-log";
import { adminButton, adminCard } from "./admin-header";
import { ConfirmForm, ConfirmPanel, type PendingConfirmation } from "./kit/confirm";
import { operatorTime } from "./format";

export const ISSUE_API_KEY = "issue-api-key";
export const REVOKE_API_KEY = "revoke-api-key";

/** What the buyer page's API key actions answer: a question first, then the new key (shown this once) or the revocation. */
export type ApiKeyAnswer = { apiKey: { confirm: PendingConfirmation } | { issued: string } | { revoked: true } | { error: string } };

export function isApiKeyIntent(intent: FormDataEntryValue | null): intent is typeof ISSUE_API_KEY | typeof REVOKE_API_KEY {
  return intent === ISSUE_API_KEY || intent === REVOKE_API_KEY;
}

const questions = (replacing: boolean) => ({
  [ISSUE_API_KEY]: replacing
    ? "Replace this buyer's API key? The current key stops working at once."
    : "Issue an API key for this buyer? It lets the buyer check certificates with the match API.",
  [REVOKE_API_KEY]: "Revoke this buyer's API key? It stops working at once.",
});

/** Issues, replaces or revokes a saved buyer's key once the operator confirmed. */
export async function apiKeyAction(
  context: AppLoadContext,
  buyerId: string,
  intent: typeof ISSUE_API_KEY | typeof REVOKE_API_KEY,
  confirmed: boolean,
  hasKey: boolean,
  actor: Actor,
): Promise<ApiKeyAnswer> {
  if (!confirmed) {
    const label = intent === REVOKE_API_KEY ? "Revoke the key" : hasKey ? "Replace the key" : "Issue a key";
    return { apiKey: { confirm: { question: questions(hasKey)[intent], fields: { intent }, label } } };
  }
  if (intent === REVOKE_API_KEY) {
    await context.buyers.revokeApiKey(buyerId);
    await context.admin.audit.record(actor, { action: "revoke-buyer-api-key", target: { type: "buyer", id: buyerId } });
    return { apiKey: { revoked: true } };
  }
  const issued = await context.buyers.issueApiKey(buyerId);
  if (issued) await context.admin.audit.record(actor, { action: "issue-buyer-api-key", target: { type: "buyer", id: buyerId }, detail: { replaced: hasKey } });
  return { apiKey: issued ? { issued } : { error: "There is no such buyer." } };
}

/** The buyer page's "API key" section: the key's prefix and date, or the new key once, and the actions. */
export function BuyerApiKeySection({
  buyerId,
  apiKey,
  answer,
  timeZone,
}: {
  buyerId: string;
  apiKey: { prefix: string; createdAt: string } | null;
  answer: ApiKeyAnswer["apiKey"] | undefined;
  timeZone: string;
}) {
  return (
    <section aria-labelledby="api-key-title" className={adminCard}>
      <h2 id="api-key-title" className="text-lg font-bold">
        API key
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        With a key, the buyer can check a certificate against the e-mail address or phone number it has, with{" "}
        <code>POST /api/certificates/&#123;id&#125;/match</code> and the header <code>Authorization: Bearer &lt;key&gt;</code>. Only a hash of
        the key is kept.
      </p>
      {answer && "confirm" in answer ? (
        <div className="mt-4">
          <ConfirmPanel confirmation={answer.confirm} cancelHref={`/admin/buyers/${encodeURIComponent(buyerId)}`} />
        </div>
      ) : null}
      {answer && "issued" in answer ? (
        <div role="status" className="mt-4 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-4">
          <p className="font-semibold">Copy the new key now: it is not shown again.</p>
          <p className="mt-2 font-mono text-sm break-all select-all" data-testid="issued-api-key">
            {answer.issued}
          </p>
        </div>
      ) : null}
      {answer && "revoked" in answer ? (
        <p role="status" className="mt-4 font-semibold text-emerald-800">
          The key is revoked.
        </p>
      ) : null}
      {answer && "error" in answer ? (
        <p role="alert" className="mt-4 font-semibold text-red-800">
          {answer.error}
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        {apiKey ? (
          <>
            Key <code>{apiKey.prefix}…</code> issued {operatorTime(apiKey.createdAt, timeZone)}.
          </>
        ) : (
          "This buyer has no API key."
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ConfirmForm question={questions(Boolean(apiKey))[ISSUE_API_KEY]} fields={{ intent: ISSUE_API_KEY }}>
          <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
            {apiKey ? "Replace the key" : "Issue a key"}
          </button>
        </ConfirmForm>
        {apiKey ? (
          <ConfirmForm question={questions(true)[REVOKE_API_KEY]} fields={{ intent: REVOKE_API_KEY }}>
            <button type="submit" className={`${adminButton} border border-red-300 text-red-800 hover:bg-red-50`}>
              Revoke the key
            </button>
          </ConfirmForm>
        ) : null}
      </div>
    </section>
  );
}
