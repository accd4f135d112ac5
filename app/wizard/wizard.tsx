import { useEffect, useRef, useState, type FormEvent } from "react";
import { finishDraft, loadDraft, saveDraft, wasSubmitted } from "./draft";
import { useHydrated } from "~/components/use-hydrated";
import { Field, errorId } from "./field";
import {
  HONEYPOT_FIELD,
  SUBMISSION_KEY_FIELD,
  allFields,
  answersFromValues,
  errorSummary,
  firstStepWithError,
  isStepComplete,
  validateStep,
  valuesFromFormData,
  type FieldErrors,
  type FormValues,
} from "#claims/engine/form-values";
import { FILL_FACTS_FIELD, FORM_TIMING_FIELD } from "#claims/engine/proof-fields";
import { useFillReport } from "./fill-report";
import { StepPanel } from "./step-panel";
import { sendClaim } from "./send-claim";
import { useStepHistory } from "./step-history";
import type { ClaimOutcome } from "./result-screen";
import type { ClaimDefinition, SiteIdentity } from "#claims/engine/types";
import { wizardMessages } from "~/i18n/wizard-messages";

/** What the form route's action answers when it does not redirect; also the wizard's own state. */
export interface WizardState {
  step: number;
  values: FormValues;
  errors: FieldErrors;
  /** A message about the whole submission (rejected, rate-limited, server unreachable). */
  formError?: string;
  /** The server's signed timing token (render time, steps posted): the timed honeypot and the fill facts. */
  timing?: string;
}

type Intent = "previous" | "next" | "submit";

interface WizardProps {
  definition: ClaimDefinition;
  site: SiteIdentity;
  state: WizardState;
  /** True when `state` is the loader's empty form, false when it is the server's answer to a post. */
  fresh?: boolean;
  /** A claim sent with JavaScript and saved: the page shows its result instead of the form. */
  onSaved?: (outcome: ClaimOutcome) => void;
}

/** Only non-empty values: what the visitor typed before hydration, without the server's empty defaults. */
function filledValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== "")));
}

/**
 * Renders one step of a claim form. With JavaScript, Previous/Next change steps on the client and
 * check the step with the claim's schema, and Submit sends the claim with `fetch`; without it, every
 * button posts to the route action, which does the same checks and renders the next step. Answers of
 * other steps travel in hidden inputs.
 */
export function ClaimWizard({ definition, site, state: initialState, fresh = true, onSaved }: WizardProps) {
  const t = wizardMessages(definition.locale);
  const said = (message: string) => definition.translate?.(message) ?? message;
  const [state, setState] = useState(initialState);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const history = useStepHistory();
  const multiStep = definition.steps.length > 1;
  const [restored, setRestored] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState<"heading" | "errors" | null>(null);

  /** The furthest step the answers allow: every step before it must pass its checks. */
  function reachableStep(requested: number, values: FormValues): number {
    const last = Math.min(Math.max(requested, 0), definition.steps.length - 1);
    for (let i = 0; i < last; i++) if (Object.keys(validateStep(definition, i, values)).length) return i;
    return last;
  }

  // Once hydrated: the tab's saved answers (sessionStorage), then whatever the visitor typed before
  // the page finished loading (in the DOM but not yet in state), and the step named in the URL's hash.
  useEffect(() => {
    const form = formRef.current;
    const typed = form ? filledValues(valuesFromFormData(definition, new FormData(form))) : {};
    if (!fresh) {
      setState((s) => ({ ...s, values: { ...s.values, ...typed } }));
      if (multiStep) history.replace(initialState.step);
      setRestored(true);
      return;
    }
    const draft = loadDraft(definition.slug) ?? {};
    const values: FormValues = { ...initialState.values, ...draft, ...typed };
    const key = String(values[SUBMISSION_KEY_FIELD] ?? "");
    // A form shown again after its claim was sent (Back after submitting) starts a new claim.
    if (!key || wasSubmitted(key)) values[SUBMISSION_KEY_FIELD] = crypto.randomUUID();
    const step = multiStep ? reachableStep(history.stepInUrl() ?? 0, values) : 0;
    setState((s) => ({ ...s, step, values }));
    if (multiStep && history.stepInUrl() !== step) history.replace(step);
    setRestored(true);
    // Runs once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every answer is kept for the tab, so Back, Forward and reload find it again.
  useEffect(() => {
    if (restored) saveDraft(definition.slug, state.values);
  }, [restored, definition.slug, state.values]);

  // Back and Forward (and Previous/Next, which go through history) change the hash: show that step.
  useEffect(() => {
    if (!restored || !multiStep) return;
    const requested = history.requestedStep;
    if (requested === null || requested === state.step) return;
    const step = reachableStep(requested, state.values);
    if (step !== requested) history.replace(step);
    if (step !== state.step) {
      setState((s) => ({ ...s, step, errors: {}, formError: undefined }));
      setFocusRequest("heading");
    }
    // Only a new hash moves the step; the state is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history.requestedStep, restored]);

  // The server's answer to a post without JavaScript (validation errors, a failed save) is shown as it is.
  useEffect(() => {
    if (!fresh && (Object.keys(initialState.errors).length || initialState.formError)) setFocusRequest("errors");
  }, [initialState, fresh]);

  useEffect(() => {
    if (focusRequest === "heading") headingRef.current?.focus();
    if (focusRequest === "errors") summaryRef.current?.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  // The funnel's steps reached with JavaScript (docs/decisions/029); the server counts step 1 and no-JS posts.
  useEffect(() => {
    if (restored && state.step > 0) navigator.sendBeacon?.("/api/events", JSON.stringify({ claim: definition.slug, step: state.step + 1 }));
  }, [restored, state.step, definition.slug]);

  const { step, values, errors } = state;
  const fillReport = useFillReport(definition, step);
  const stepSpec = definition.steps[step]!;
  const total = definition.steps.length;
  const isLast = step === total - 1;
  const percent = Math.round(((step + 1) / total) * 100);
  const complete = isStepComplete(definition, step, values);
  // Only Next waits for a complete step; Submit always answers, with the step's messages if needed.
  // The hint is in the server's page too (the server makes the same demand), so hydration moves nothing.
  const incomplete = !isLast && definition.gating === "next-disabled-until-complete" && !complete;
  const gated = hydrated && incomplete;
  const singlePage = total === 1;
  const currentNames = new Set(stepSpec.fields.map((f) => f.name));
  const errorEntries = stepSpec.fields.filter((f) => errors[f.name]);

  function setValue(name: string, value: string | string[]) {
    setState((s) => {
      const { [name]: _cleared, ...otherErrors } = s.errors;
      return { ...s, values: { ...s.values, [name]: value }, errors: otherErrors, formError: undefined };
    });
  }

  function goTo(nextStep: number) {
    setState((s) => ({ ...s, step: nextStep, errors: {}, formError: undefined }));
    setFocusRequest("heading");
    if (!multiStep) return;
    // Every step is a history entry. Previous right after Next is Back, so history does not grow.
    if (nextStep === step - 1 && history.cameFrom() === nextStep) history.back();
    else history.push(nextStep, step);
  }

  /** Sends the whole claim; the route action checks it all again and saves it. */
  async function send(form: HTMLFormElement) {
    setBusy(true);
    const body = new FormData(form);
    body.set("intent", "submit");
    const answer = await sendClaim(definition, body);
    if ("redirect" in answer || "result" in answer) {
      // Saved: Back shows a fresh form, never this claim again.
      finishDraft(definition.slug, String(values[SUBMISSION_KEY_FIELD] ?? ""));
      if ("redirect" in answer) return window.location.assign(answer.redirect); // the busy label stays up until the page goes
      setBusy(false);
      onSaved?.(answer.result);
      return;
    }
    setBusy(false);
    setState(answer.wizard);
    setFocusRequest("errors");
    if (multiStep) history.replace(answer.wizard.step);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = (submitter?.getAttribute("value") ?? "next") as Intent;
    if (intent === "submit") fillReport.write(event.currentTarget);
    if (intent === "previous") {
      event.preventDefault();
      goTo(Math.max(0, step - 1));
      return;
    }
    const stepErrors = validateStep(definition, step, values);
    if (Object.keys(stepErrors).length) {
      event.preventDefault();
      setState((s) => ({ ...s, errors: stepErrors, formError: undefined }));
      setFocusRequest("errors");
      return;
    }
    if (intent === "next") {
      event.preventDefault();
      goTo(Math.min(total - 1, step + 1));
      return;
    }
    // Submit: earlier steps were checked when the visitor left them; the server checks all of it again.
    event.preventDefault();
    if (busy) return;
    const all = definition.steps.reduce<FieldErrors>((acc, _s, i) => ({ ...acc, ...validateStep(definition, i, values) }), {});
    if (Object.keys(all).length) {
      const firstBad = firstStepWithError(definition, all);
      setState((s) => ({ ...s, step: firstBad, errors: all }));
      setFocusRequest("errors");
      if (multiStep) history.replace(firstBad);
      return;
    }
    void send(event.currentTarget);
  }

  const buttonBase =
    "inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-accent disabled:cursor-not-allowed disabled:opacity-50";

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {singlePage ? null : (
      <div className="mb-6">
        <div className="flex items-baseline justify-between text-sm font-medium text-slate-700">
          <p id="wizard-progress-label">
            {t.step(step + 1, total)}
          </p>
          <p>{t.percentComplete(percent)}</p>
        </div>
        <progress
          className="wizard-progress mt-2 h-2 w-full"
          max={100}
          value={percent}
          aria-labelledby="wizard-progress-label"
        />
      </div>
      )}

      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={hydrated ? onSubmit : undefined}
        onInput={hydrated ? fillReport.onInput : undefined}
        aria-labelledby="wizard-step-title"
        data-hydrated={hydrated || undefined}
      >
        <input type="hidden" name="step" value={step} />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={String(values[SUBMISSION_KEY_FIELD] ?? "")} />
        {state.timing ? <input type="hidden" name={FORM_TIMING_FIELD} value={state.timing} /> : null}
        {/* Empty unless the script fills it in on Submit: empty means JavaScript was off. */}
        <input type="hidden" name={FILL_FACTS_FIELD} defaultValue="" />
        {/* Enter in a text box acts as Next/Submit, not as the first button in the form (Previous). */}
        <button type="submit" name="intent" value={isLast ? "submit" : "next"} hidden tabIndex={-1} />
        {allFields(definition)
          .filter((f) => !currentNames.has(f.name))
          .flatMap((f) => {
            const v = values[f.name];
            const list = Array.isArray(v) ? v : v ? [v] : [];
            return list.map((item, i) => <input key={`${f.name}-${i}`} type="hidden" name={f.name} value={item} />);
          })}

        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {stepSpec.title}
        </h2>

        {state.formError || errorEntries.length ? (
          <div
            ref={summaryRef}
            tabIndex={-1}
            role="alert"
            className="mt-4 scroll-mt-24 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 focus:outline-none"
          >
            <p className="font-semibold">{state.formError ?? said(errorSummary(errors, answersFromValues(definition, values)))}</p>
            {errorEntries.length ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {errorEntries.map((f) => (
                  <li key={f.name}>
                    <a className="inline-flex min-h-11 items-center underline" href={`#${f.kind === "radio" || f.kind === "checkboxes" ? errorId(f.name) : f.name}`}>
                      {f.label}: {errors[f.name]}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        {stepSpec.panel ? <StepPanel panel={stepSpec.panel} /> : null}

        <div className="mt-5 space-y-6">
          {stepSpec.fields.map((field) => (
            <Field
              key={field.name}
              field={field}
              value={values[field.name] ?? ""}
              error={errors[field.name]}
              consentText={definition.consentText(site)}
              messages={t}
              onChange={setValue}
            />
          ))}
        </div>

        <div className="honeypot" aria-hidden="true">
          <label htmlFor={HONEYPOT_FIELD}>{t.honeypot}</label>
          <input
            id={HONEYPOT_FIELD}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={String(values[HONEYPOT_FIELD] ?? "")}
            onChange={(e) => setValue(HONEYPOT_FIELD, e.target.value)}
          />
        </div>

        {incomplete ? (
          <p className="mt-6 text-sm text-slate-600" aria-live="polite">
            {t.answerEveryQuestion}
          </p>
        ) : null}
        {/* A label too long to share the line (on a phone) moves above Previous instead of squeezing. */}
        <div className={`mt-6 flex flex-wrap-reverse items-center gap-3 ${singlePage ? "justify-end" : "justify-between"}`}>
          <button
            hidden={singlePage}
            type="submit"
            name="intent"
            value="previous"
            formNoValidate
            disabled={step === 0 || busy}
            className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            {t.previous}
          </button>
          {isLast ? (
            <button
              type="submit"
              name="intent"
              value="submit"
              disabled={busy}
              className={`${buttonBase} ml-auto bg-accent text-center text-white hover:bg-accent-strong`}
            >
              {busy ? definition.copy.submitting : definition.copy.submit}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="next"
              disabled={gated}
              className={`${buttonBase} ml-auto bg-accent text-center text-white hover:bg-accent-strong`}
            >
              {definition.copy.next ?? t.next}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
