import { Form } from "react-router";
import type { TestLeadAnswer } from "../../server/distribution";
import { adminButton, adminCard } from "./admin-header";

export const SEND_TEST_LEAD = "send-test-lead";

export type TestLeadResult = { testLead: TestLeadAnswer };

/**
 * 'Send a test lead': posts a made-up lead, marked as a test, through the buyer's real delivery and
 * shows what the buyer answered. Nothing is sold or counted (server/distribution/buyers/buyer-test-lead.ts).
 */
export function BuyerTestLeadSection({ answer }: { answer: TestLeadAnswer | undefined }) {
  return (
    <section aria-labelledby="test-lead-title" className={adminCard}>
      <h2 id="test-lead-title" className="text-lg font-bold">
        Send a test lead
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Sends a made-up lead named Test Lead (test@example.com, id starting test_) to this buyer as saved: its delivery, field mapping and
        credentials. It is not a sale and does not count against the buyer's caps.
      </p>
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value={SEND_TEST_LEAD} className={`${adminButton} border border-slate-300 hover:bg-slate-50`}>
          Send a test lead
        </button>
      </Form>
      {answer ? <TestLeadAnswerView answer={answer} /> : null}
    </section>
  );
}

function TestLeadAnswerView({ answer }: { answer: TestLeadAnswer }) {
  if (!answer.ok) {
    return (
      <p role="alert" className="mt-4 font-semibold text-red-800">
        {answer.message}
      </p>
    );
  }
  const verdict = answer.accepted ? "The buyer accepted the test lead." : `The buyer did not accept it: ${answer.error ?? "no reason given"}.`;
  return (
    <div role="status" className={`mt-4 rounded-lg border-2 p-4 ${answer.accepted ? "border-emerald-600 bg-emerald-50" : "border-red-700 bg-red-50"}`} data-testid="test-lead-answer">
      <p className="font-semibold">{verdict}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">Sent to</dt>
        <dd className="break-all">{answer.url}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{answer.status === null ? "No answer" : `HTTP ${answer.status}`} in {answer.durationMs} ms</dd>
        <dt className="font-semibold">Test lead</dt>
        <dd className="break-all">
          {answer.leadId} ({answer.caseType})
        </dd>
      </dl>
      <p className="mt-2 text-sm font-semibold">Start of the answer</p>
      <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 text-xs whitespace-pre-wrap break-all" data-testid="test-lead-body">
        {answer.body || "(empty)"}
      </pre>
    </div>
  );
}
