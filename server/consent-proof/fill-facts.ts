import { z } from "zod";
import { contactFieldNames, ENTRY_METHODS, type EntryMethod } from "#claims/engine/proof-fields";
import type { ClaimDefinition } from "#claims/engine/types";
import type { FormTimingCheck } from "../leads/form-timing";

/** A report longer than this is not the wizard's (its report is a few hundred characters). */
export const MAX_REPORT_LENGTH = 4_000;
/** No step takes a week: larger numbers are not times. */
const MAX_STEP_MS = 7 * 86_400_000;
const MAX_VIEWPORT_PX = 100_000;

/**
 * How a consented claim was filled in, as far as we can honestly know it (docs/decisions/026). Stored
 * on the certificate as JSON, for the record only: nothing here decides anything about the lead.
 */
export interface FillFacts {
  /** 'form': the claim form's page; 'api': the JSON API, where there is no page and nothing was filled in. */
  channel: "form" | "api";
  /** Whether the wizard's script ran (it writes the browser's report); null when not known (API, or a report we could not read). */
  javascript: boolean | null;
  /** What the signed render time said: 'missing' for API clients, 'forged' when it was not ours. */
  renderToken: FormTimingCheck["status"];
  /** From the server's render of the form to the submit, on the server's clocks. */
  totalMs: number | null;
  /** Time on each step, by step index. */
  stepMs: number[] | null;
  /** 'server': from the step posts when JavaScript was off; 'browser': the wizard's own measure. */
  stepTimesFrom: "server" | "browser" | null;
  viewport: { width: number; height: number } | null;
  /** For each contact box the visitor filled: how its text got there. */
  entry: Record<string, EntryMethod[]> | null;
  /** Parts of the browser's report that failed the checks and were left out ('report' when it was not JSON at all). */
  rejected: string[];
}

const viewportSchema = z.tuple([
  z.number().int().min(1).max(MAX_VIEWPORT_PX),
  z.number().int().min(1).max(MAX_VIEWPORT_PX),
]);
const stepMsSchema = (steps: number) => z.array(z.number().int().min(0).max(MAX_STEP_MS)).max(steps);
const entrySchema = (fields: string[]) =>
  z.partialRecord(z.enum(fields as [string, ...string[]]), z.array(z.enum(ENTRY_METHODS as [EntryMethod, ...EntryMethod[]])).min(1).max(ENTRY_METHODS.length));

/**
 * The visitor's viewport as a stored certificate's fill facts record it, checked again as when it was
 * recorded (the JSON is stored text); null when there is none (JavaScript off, an API lead, a purge,
 * or a lead from before fill facts).
 */
export function recordedViewport(fillFactsJson: string | null): { width: number; height: number } | null {
  if (!fillFactsJson) return null;
  let facts: unknown;
  try {
    facts = JSON.parse(fillFactsJson);
  } catch {
    return null;
  }
  const viewport = (facts as Partial<FillFacts> | null)?.viewport;
  const parsed = viewportSchema.safeParse(viewport ? [viewport.width, viewport.height] : null);
  return parsed.success ? { width: parsed.data[0], height: parsed.data[1] } : null;
}

/** The browser's report, part by part: each part that passes its checks is kept, the others are named in `rejected`. */
export function readBrowserReport(definition: ClaimDefinition, raw: unknown) {
  if (raw === undefined || raw === null || raw === "") return { present: false as const };
  let report: unknown = raw;
  if (typeof raw === "string") {
    if (raw.length > MAX_REPORT_LENGTH) return { present: true as const, rejected: ["report"] };
    try {
      report = JSON.parse(raw);
    } catch {
      return { present: true as const, rejected: ["report"] };
    }
  }
  if (!report || typeof report !== "object" || Array.isArray(report)) return { present: true as const, rejected: ["report"] };
  const parts = report as Record<string, unknown>;
  const rejected: string[] = [];
  const part = <T,>(name: string, schema: z.ZodType<T>): T | null => {
    if (parts[name] === undefined) return null;
    const parsed = schema.safeParse(parts[name]);
    if (!parsed.success) rejected.push(name);
    return parsed.success ? parsed.data : null;
  };
  const fields = contactFieldNames(definition);
  const viewport = part("viewport", viewportSchema);
  const stepMs = part("stepMs", stepMsSchema(definition.steps.length));
  const entry = fields.length ? part("entry", entrySchema(fields)) : null;
  return {
    present: true as const,
    rejected,
    viewport: viewport ? { width: viewport[0], height: viewport[1] } : null,
    stepMs: stepMs && stepMs.length ? stepMs : null,
    entry: entry ? (Object.fromEntries(Object.entries(entry).map(([name, ways]) => [name, [...new Set(ways)]])) as Record<string, EntryMethod[]>) : null,
  };
}

/** The fill facts of one submission: the server's signed timing, and the browser's report where it passed the checks. */
export function fillFactsOf(input: {
  definition: ClaimDefinition;
  channel: "form" | "api";
  timing: FormTimingCheck;
  browserReport: unknown;
}): FillFacts {
  const { definition, channel, timing } = input;
  const report = readBrowserReport(definition, input.browserReport);
  const serverSteps = timing.status === "valid" ? timing.stepMs : null;
  const browserSteps = report.present ? (report.stepMs ?? null) : null;
  const wholeReportBad = report.present && report.rejected.includes("report");
  return {
    channel,
    javascript: channel === "api" ? null : report.present ? (wholeReportBad ? null : true) : false,
    renderToken: timing.status,
    totalMs: timing.status === "valid" ? timing.elapsedMs : null,
    // Posted steps are timed by our own clock: they win over the browser's figures.
    stepMs: serverSteps ?? browserSteps,
    stepTimesFrom: serverSteps ? "server" : browserSteps ? "browser" : null,
    viewport: report.present ? (report.viewport ?? null) : null,
    entry: report.present ? (report.entry ?? null) : null,
    rejected: report.present ? report.rejected : [],
  };
}
