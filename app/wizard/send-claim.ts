import { valuesFromFormData } from "#claims/engine/form-values";
import { formAnswerPath } from "#claims/engine/pages";
import { FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import type { ClaimDefinition } from "#claims/engine/types";
import type { ClaimOutcome } from "./result-screen";
import type { WizardState } from "./wizard";

/** What the form's JSON twin answers (app/routes/claim-form-answer.ts): the form route's action, as data. */
export type ClaimAnswer = { redirect: string } | { result: ClaimOutcome } | { wizard: WizardState };

const CONNECTION_PROBLEM =
  "Submission Error: we could not reach our server, so your claim was not sent yet. Your answers are still here; please try again.";

/**
 * Posts the claim as the form would, and waits at least the claim's minimum busy time, so the busy
 * label never flickers. A network failure or an answer that is not the route's keeps the answers on
 * screen with a message.
 */
export async function sendClaim(definition: ClaimDefinition, formData: FormData): Promise<ClaimAnswer> {
  const minimum = new Promise((resolve) => setTimeout(resolve, definition.minBusyMs));
  const unanswered = (formError: string): ClaimAnswer => ({
    wizard: {
      step: Number(formData.get("step")) || 0,
      values: valuesFromFormData(definition, formData),
      errors: {},
      formError,
      timing: String(formData.get(FORM_TIMING_FIELD) ?? "") || undefined,
    },
  });
  let answer: ClaimAnswer;
  try {
    const response = await fetch(formAnswerPath(definition) + window.location.search, {
      method: "POST",
      headers: { accept: "application/json" },
      body: new URLSearchParams([...formData].map(([name, value]) => [name, String(value)])),
    });
    const json: unknown = response.headers.get("content-type")?.startsWith("application/json") ? await response.json() : null;
    answer = isClaimAnswer(json) ? json : unanswered(definition.copy.submitError);
  } catch {
    answer = unanswered(CONNECTION_PROBLEM);
  }
  await minimum;
  return answer;
}

function isClaimAnswer(json: unknown): json is ClaimAnswer {
  return typeof json === "object" && json !== null && ("redirect" in json || "result" in json || "wizard" in json);
}
