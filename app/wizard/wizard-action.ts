import type { LeadRequestContext, LeadService } from "../../server/leads/submit-lead";
import {
  HONEYPOT_FIELD,
  SUBMISSION_KEY_FIELD,
  answersFromValues,
  firstStepWithError,
  translatedErrors,
  validateStep,
  valuesFromFormData,
} from "#claims/engine/form-values";
import { resultPagePath } from "#claims/engine/pages";
import { FILL_FACTS_FIELD, FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import type { ConsentPageCapture } from "../../server/consent-proof/page-snapshots";
import type { Logger } from "../../server/logger";
import type { FunnelPoint } from "../../server/analytics/funnel-events";
import type { ClaimOutcome } from "./result-screen";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import type { ClaimAnswer } from "./send-claim";
import type { WizardState } from "./wizard";

/** Renders the form page as it is at `state` (the consent step, for the certificate's page snapshot), with the consent text the form was shown. */
export type ConsentPageRenderer = (state: WizardState, site: SiteIdentity) => Promise<ConsentPageCapture>;

/** Counts a funnel point of this visit (steps reached without JavaScript, submits and outcomes). */
export type FunnelRecorder = (point: FunnelPoint) => Promise<unknown>;

/** The answer to a post, with its HTTP status; the form route renders it, its JSON twin sends it as it is. */
export interface WizardPostAnswer {
  status: number;
  body: ClaimAnswer;
}

/**
 * The form route's action: Previous and Next (posted when JavaScript is off) move between steps,
 * checking the step on Next; Submit saves the lead through the lead service, which checks it all again.
 * The form's timing token goes along: re-signed with each step posted, and to the lead service on Submit.
 */
export async function handleWizardPost(
  definition: ClaimDefinition,
  formData: FormData,
  leads: LeadService,
  context: LeadRequestContext,
  logger: Logger,
  renderConsentPage?: ConsentPageRenderer,
  funnel?: FunnelRecorder,
): Promise<WizardPostAnswer> {
  // Analytics never stand in the way of a claim: a failure to count is only logged.
  const count = async (point: FunnelPoint) => {
    try {
      await funnel?.(point);
    } catch (error) {
      logger.warn({ err: error, caseType: definition.caseType }, "funnel event not recorded");
    }
  };
  const values = valuesFromFormData(definition, formData);
  const postedTiming = formData.get(FORM_TIMING_FIELD) ?? undefined;
  const timing = typeof postedTiming === "string" && postedTiming ? postedTiming : undefined;
  const lastStep = definition.steps.length - 1;
  const postedStep = Number(formData.get("step"));
  const step = Number.isInteger(postedStep) ? Math.min(Math.max(postedStep, 0), lastStep) : 0;
  const intent = formData.get("intent");
  const answer = (state: WizardState, status = 200) => ({ status, body: { wizard: { ...state, timing } } });
  const moved = async (state: WizardState) => ({
    status: 200,
    body: { wizard: { ...state, timing: await leads.formTiming.advance(timing, definition.slug, step) } },
  });

  if (intent === "previous") return moved({ step: Math.max(0, step - 1), values, errors: {} });

  if (intent !== "submit" || step < lastStep) {
    const errors = validateStep(definition, step, values);
    if (Object.keys(errors).length) return answer({ step, values, errors }, 400);
    if (step < lastStep) await count({ kind: "step", step: step + 2 });
    return moved({ step: Math.min(lastStep, step + 1), values, errors: {} });
  }

  const consentStep = definition.steps.findIndex((s) => s.fields.some((f) => f.kind === "consent"));

  let result;
  try {
    result = await leads.submit(
      definition.slug,
      {
        ...answersFromValues(definition, values),
        [SUBMISSION_KEY_FIELD]: values[SUBMISSION_KEY_FIELD],
        [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
        [FORM_TIMING_FIELD]: timing,
        [FILL_FACTS_FIELD]: formData.get(FILL_FACTS_FIELD) ?? undefined,
      },
      {
        ...context,
        // Only a form has a page; the lead service asks for it only when it saves a certificate.
        consentPage: renderConsentPage && consentStep >= 0 ? (site) => renderConsentPage({ step: consentStep, values, errors: {} }, site) : null,
      },
    );
  } catch (error) {
    logger.error({ err: error, caseType: definition.caseType }, "lead could not be saved");
    return answer({ step, values, errors: {}, formError: definition.copy.submitError }, 500);
  }
  // The lead service answers in English; a Spanish form shows its answer in Spanish (docs/decisions/058).
  const said = (message: string) => definition.translate?.(message) ?? message;
  switch (result.status) {
    case "created":
    case "duplicate": {
      await count({ kind: "submit" });
      if (result.outcome) await count({ kind: "outcome", outcome: result.outcome });
      const resultPage = resultPagePath(definition, result.outcome, result.leadId);
      if (resultPage) return { status: 200, body: { redirect: resultPage } };
      return { status: 200, body: { result: { outcome: result.outcome, leadId: result.leadId } satisfies ClaimOutcome } };
    }
    case "invalid":
      return answer(
        { step: firstStepWithError(definition, result.fieldErrors), values, errors: translatedErrors(definition, result.fieldErrors), formError: said(result.message) },
        400,
      );
    case "rate-limited":
      return answer({ step, values, errors: {}, formError: said(result.message) }, 429);
    case "unavailable":
      return answer({ step, values, errors: {}, formError: definition.copy.submitError }, 503);
    default:
      return answer({ step, values, errors: {}, formError: said(result.message) }, 409);
  }
}
