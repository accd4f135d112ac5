import { adminButton, adminCard } from "~/admin/admin-header";
import { CONFIRMED_FIELD, ConfirmForm, ConfirmPanel, type PendingConfirmation } from "~/admin/kit/confirm";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { formatCents } from "~/buyer/format";
import { requireBuyerAction, requireBuyerPage } from "~/buyer/require-buyer";
import { readForm } from "~/site/read-form";
import { data } from "react-router";
import type { Route } from "./+types/buyer-account";

export const meta: Route.MetaFunction = () => [{ title: "Account | Buyer portal" }, NOINDEX];

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const QUESTIONS = {
  pause: "Pause? You get no new leads until you resume.",
  resume: "Resume? You get new leads by your caps and schedule again.",
  "rotate-key": "Replace your API key? The current key stops working at once.",
} as const;
type Intent = keyof typeof QUESTIONS;
const LABELS: Record<Intent, string> = { pause: "Pause", resume: "Resume", "rotate-key": "Replace the key" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  const account = await context.buyerPortal.account(session.user.buyerId);
  if (!account) throw data("There is no such buyer.", { status: 404 });
  return { buyerName: session.user.buyerName, user: { name: session.user.name, email: session.user.email }, account };
}

type Answer = { confirm: PendingConfirmation } | { issued: string } | { changed: "paused" | "resumed" };

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireBuyerAction(request, context);
  const form = await readForm(request, context.logger);
  const intent = form.get("intent");
  if (intent !== "pause" && intent !== "resume" && intent !== "rotate-key") return data({ error: "Unknown action." }, { status: 400 });
  if (form.get(CONFIRMED_FIELD) !== "yes") return { confirm: { question: QUESTIONS[intent], fields: { intent }, label: LABELS[intent] } } satisfies Answer;
  if (intent === "rotate-key") {
    const issued = await context.buyerPortal.rotateApiKey(session);
    if (!issued) return data({ error: "Your key could not be replaced." }, { status: 409 });
    return { issued } satisfies Answer;
  }
  await context.buyerPortal.setActive(session, intent === "resume");
  return { changed: intent === "resume" ? "resumed" : "paused" } satisfies Answer;
}

export default function BuyerAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { buyerName, user, account } = loaderData;
  const answer = actionData as (Answer | { error: string }) | undefined;
  const schedule = account.schedule;
  return (
    <>
      <BuyerHeader title="Account" buyerName={buyerName} current="/buyer/account" />
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {answer && "confirm" in answer ? <ConfirmPanel confirmation={answer.confirm} cancelHref="/buyer/account" /> : null}
        {answer && "error" in answer ? (
          <p role="alert" className="font-semibold text-red-700">
            {answer.error}
          </p>
        ) : null}
        {answer && "changed" in answer ? (
          <p role="status" className="font-semibold text-emerald-800">
            {answer.changed === "paused" ? "You are paused: no new leads until you resume." : "You are taking leads again."}
          </p>
        ) : null}
        <section aria-labelledby="status-title" className={adminCard}>
          <h2 id="status-title" className="text-lg font-bold">
            Taking leads
          </h2>
          <p className="mt-2" data-testid="buyer-active">
            {account.active ? "You are taking leads." : "You are paused: you get no new leads."}
          </p>
          <ConfirmForm question={QUESTIONS[account.active ? "pause" : "resume"]} fields={{ intent: account.active ? "pause" : "resume" }} className="mt-4">
            <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
              {account.active ? "Pause" : "Resume"}
            </button>
          </ConfirmForm>
        </section>
        <section aria-labelledby="terms-title" className={adminCard}>
          <h2 id="terms-title" className="text-lg font-bold">
            Caps, schedule and terms
          </h2>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Leads today</dt>
            <dd>
              {account.usage.today}
              {account.caps.perDay === null ? " (no daily cap)" : ` of ${account.caps.perDay} a day`}
            </dd>
            <dt className="font-semibold">Leads this month</dt>
            <dd>
              {account.usage.thisMonth}
              {account.caps.perMonth === null ? " (no monthly cap)" : ` of ${account.caps.perMonth} a month`}
            </dd>
            <dt className="font-semibold">Schedule</dt>
            <dd>{schedule ? `${schedule.days.map((d) => DAY_NAMES[d]).join(", ")}, ${schedule.from}–${schedule.to}` : "Any time"}</dd>
            <dt className="font-semibold">Time zone</dt>
            <dd>{account.timeZone}</dd>
            <dt className="font-semibold">Price</dt>
            <dd>{account.priceCents === null ? "By auction or agreement" : `${formatCents(account.priceCents)} a lead`}</dd>
            <dt className="font-semibold">Claims</dt>
            <dd>{account.claimTypes.length ? account.claimTypes.join(", ") : "Every claim"}</dd>
            <dt className="font-semibold">States</dt>
            <dd>{account.states.length ? account.states.join(", ") : "Every state"}</dd>
            <dt className="font-semibold">Returns</dt>
            <dd>
              Within {account.returns.windowDays} days of the sale; up to {account.returns.capPercent}% of your month’s purchases without the operator’s approval.
            </dd>
          </dl>
          <p className="mt-4 text-sm text-slate-700">To change your caps, schedule or terms, ask the operator.</p>
        </section>
        <section aria-labelledby="key-title" className={adminCard}>
          <h2 id="key-title" className="text-lg font-bold">
            API key
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            Your key returns leads with <code>POST /api/returns</code>, checks certificates and reports revocations, with the header{" "}
            <code>Authorization: Bearer &lt;key&gt;</code>. Only a hash of it is kept.
          </p>
          {answer && "issued" in answer ? (
            <div role="status" className="mt-4 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-4">
              <p className="font-semibold">Copy your new key now: it is not shown again.</p>
              <p className="mt-2 font-mono text-sm break-all select-all" data-testid="issued-api-key">
                {answer.issued}
              </p>
            </div>
          ) : null}
          <p className="mt-4 text-sm">
            {account.apiKey ? (
              <>
                Key <code>{account.apiKey.prefix}…</code> issued {account.apiKey.createdAt.slice(0, 10)}.
              </>
            ) : (
              "You have no API key."
            )}
          </p>
          <ConfirmForm question={QUESTIONS["rotate-key"]} fields={{ intent: "rotate-key" }} className="mt-3">
            <button type="submit" className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
              {account.apiKey ? "Replace the key" : "Issue a key"}
            </button>
          </ConfirmForm>
        </section>
        <p className="text-sm text-slate-700">
          Logged in as {user.name} ({user.email}).
        </p>
      </main>
    </>
  );
}
