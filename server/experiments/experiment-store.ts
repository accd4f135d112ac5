import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { lockForTransaction, writeTransaction, type Db } from "../db/database";
import type { ExperimentsTable } from "../db/schema";
import { DEFAULT_MIN_TRIALS, decide, posteriors, type Arm, type ArmPosterior, type Decision } from "./bayes";
import type { ExperimentInput } from "./experiment-input";
import { VARIANT_KEYS, variantTag, type Experiment, type ExperimentVariant, type VariantKey } from "./experiment-types";

/** Why an operator's request was refused, in words for the page (a 4xx, never a 5xx). */
export class ExperimentError extends Error {}

/** One variant's funnel and sales. */
export interface VariantFigures {
  key: VariantKey;
  label: string;
  views: number;
  starts: number;
  /** Visitors who reached step 1, 2, ... of the form (index 0 is step 1). */
  steps: number[];
  submits: number;
  eligible: number;
  sold: number;
  /** Net of credits and cancellations, from the ledger. */
  revenueCents: number;
  posterior: ArmPosterior;
}

export interface ExperimentResults {
  experiment: Experiment;
  variants: VariantFigures[];
  decision: Decision;
}

const LOCK = "experiments";

/**
 * Landing-page experiments (docs/decisions/060): created, stopped and promoted by operators; each
 * variant's figures counted from the funnel events, leads and ledger entries that carry its tag.
 */
export function createExperimentStore({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  async function list(): Promise<Experiment[]> {
    const rows = await db.selectFrom("experiments").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
    return rows.map(experimentOf);
  }

  async function get(id: string): Promise<Experiment | null> {
    const row = await db.selectFrom("experiments").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? experimentOf(row) : null;
  }

  /** Changes one experiment under the lock, with the next site-wide revision (what web instances poll). */
  async function change(work: (trx: Db, revision: number) => Promise<void>): Promise<void> {
    await writeTransaction(db, async (trx) => {
      await lockForTransaction(trx, LOCK);
      const { latest } = await trx.selectFrom("experiments").select((eb) => eb.fn.max("revision").as("latest")).executeTakeFirstOrThrow();
      await work(trx, Number(latest ?? 0) + 1);
    });
  }

  async function create(input: ExperimentInput, actor: string): Promise<Experiment> {
    const id = randomBytes(6).toString("base64url");
    await change(async (trx, revision) => {
      const running = await trx.selectFrom("experiments").select("name").where("claim", "=", input.claim).where("status", "=", "running").executeTakeFirst();
      if (running) throw new ExperimentError(`The experiment "${running.name}" already runs on this claim: stop it or promote its winner first.`);
      const variants: ExperimentVariant[] = input.variants.map((variant, i) => ({ ...variant, key: VARIANT_KEYS[i]! }));
      await trx
        .insertInto("experiments")
        .values({
          id,
          claim: input.claim,
          name: input.name,
          status: "running",
          goal: input.goal,
          variants: JSON.stringify(variants),
          loss_threshold: input.lossThreshold,
          auto_promote_at: input.autoPromoteAt,
          winner: null,
          created_at: now().toISOString(),
          created_by: actor,
          ended_at: null,
          revision,
        })
        .execute();
    });
    return (await get(id))!;
  }

  async function running(id: string, trx: Db): Promise<ExperimentsTable> {
    const row = await trx.selectFrom("experiments").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new ExperimentError("No such experiment.");
    if (row.status !== "running") throw new ExperimentError(`This experiment is ${row.status} already.`);
    return row;
  }

  async function stop(id: string): Promise<void> {
    await change(async (trx, revision) => {
      await running(id, trx);
      await trx.updateTable("experiments").set({ status: "stopped", ended_at: now().toISOString(), revision }).where("id", "=", id).execute();
    });
  }

  /** The winner's texts become what every visitor of the claim sees (server/experiments/live-experiments.ts). */
  async function promote(id: string, key: string): Promise<void> {
    await change(async (trx, revision) => {
      const row = await running(id, trx);
      if (!experimentOf(row).variants.some((variant) => variant.key === key)) throw new ExperimentError(`This experiment has no variant ${key}.`);
      await trx.updateTable("experiments").set({ status: "promoted", winner: key, ended_at: now().toISOString(), revision }).where("id", "=", id).execute();
    });
  }

  async function setAutoPromote(id: string, threshold: number | null): Promise<void> {
    await change(async (trx, revision) => {
      await running(id, trx);
      await trx.updateTable("experiments").set({ auto_promote_at: threshold, revision }).where("id", "=", id).execute();
    });
  }

  /** Each variant's funnel, leads, sales and revenue, with the posterior and the stopping rule's verdict. */
  async function results(id: string): Promise<ExperimentResults | null> {
    const experiment = await get(id);
    if (!experiment) return null;
    const tags = experiment.variants.map((variant) => variantTag(experiment.id, variant.key));
    const [funnel, leads, sales] = await Promise.all([
      db
        .selectFrom("funnel_events")
        .select(["experiment_variant", "kind", "step", (eb) => eb.fn.countAll<number>().as("visitors")])
        .where("experiment_variant", "in", tags)
        .groupBy(["experiment_variant", "kind", "step"])
        .execute(),
      db
        .selectFrom("leads")
        .select(["experiment_variant", sql<number>`sum(case when is_eligible = 1 then 1 else 0 end)`.as("eligible")])
        .where("experiment_variant", "in", tags)
        .where("is_spam", "=", 0)
        .groupBy("experiment_variant")
        .execute(),
      db
        .selectFrom("ledger_entries")
        .innerJoin("leads", "leads.id", "ledger_entries.lead_id")
        .select([
          "leads.experiment_variant",
          sql<number>`count(distinct case when ledger_entries.kind = 'sale' then ledger_entries.lead_id end)`.as("sold"),
          sql<number>`sum(ledger_entries.amount_cents)`.as("revenue"),
        ])
        .where("leads.experiment_variant", "in", tags)
        .groupBy("leads.experiment_variant")
        .execute(),
    ]);
    const counted = experiment.variants.map((variant, i) => {
      const tag = tags[i]!;
      const events = funnel.filter((row) => row.experiment_variant === tag);
      const count = (kind: string, step = 0) => Number(events.find((row) => row.kind === kind && Number(row.step) === step)?.visitors ?? 0);
      const maxStep = Math.max(0, ...events.filter((row) => row.kind === "step").map((row) => Number(row.step)));
      const lead = leads.find((row) => row.experiment_variant === tag);
      const sale = sales.find((row) => row.experiment_variant === tag);
      const starts = count("start");
      return {
        key: variant.key,
        label: variant.label,
        views: count("view"),
        starts,
        // Step 1 is reached when the form is opened (server/analytics/funnel-events.ts).
        steps: [starts, ...Array.from({ length: Math.max(0, maxStep - 1) }, (_, s) => count("step", s + 2))],
        submits: count("submit"),
        eligible: Number(lead?.eligible ?? 0),
        sold: Number(sale?.sold ?? 0),
        revenueCents: Number(sale?.revenue ?? 0),
      };
    });
    const arms: Arm[] = counted.map((figures) => ({ trials: figures.views, successes: Math.min(figures.views, experiment.goal === "sold" ? figures.sold : figures.submits) }));
    const posterior = posteriorsOf(arms);
    return {
      experiment,
      variants: counted.map((figures, i) => ({ ...figures, posterior: posterior[i]! })),
      decision: decide(arms, posterior, { lossThreshold: experiment.lossThreshold, minTrials: DEFAULT_MIN_TRIALS }),
    };
  }

  /**
   * Promotes the leader of every running experiment whose operator set a threshold, once every variant
   * has its minimum of visitors and the leader's probability of being best reaches it. Returns the ids promoted.
   */
  async function autoPromote(): Promise<string[]> {
    const due = await db.selectFrom("experiments").select("id").where("status", "=", "running").where("auto_promote_at", "is not", null).execute();
    const promoted: string[] = [];
    for (const { id } of due) {
      const result = await results(id);
      if (!result || result.experiment.autoPromoteAt === null) continue;
      const leader = result.variants[result.decision.leader]!;
      const enough = result.variants.every((variant) => variant.views >= DEFAULT_MIN_TRIALS);
      if (!enough || leader.posterior.pBest < result.experiment.autoPromoteAt) continue;
      try {
        await promote(id, leader.key);
        promoted.push(id);
      } catch (error) {
        // Stopped or promoted by an operator meanwhile: nothing to do.
        if (!(error instanceof ExperimentError)) throw error;
      }
    }
    return promoted;
  }

  /** The running and promoted experiments, and the highest revision (what web instances poll). */
  async function live(): Promise<{ revision: number; experiments: Experiment[] }> {
    const rows = await db.selectFrom("experiments").selectAll().where("status", "in", ["running", "promoted"]).orderBy("ended_at").execute();
    return { revision: await revision(), experiments: rows.map(experimentOf) };
  }

  async function revision(): Promise<number> {
    const { latest } = await db.selectFrom("experiments").select((eb) => eb.fn.max("revision").as("latest")).executeTakeFirstOrThrow();
    return Number(latest ?? 0);
  }

  return { list, get, create, stop, promote, setAutoPromote, results, autoPromote, live, revision };
}

export type ExperimentStore = ReturnType<typeof createExperimentStore>;

/** The Monte Carlo costs tens of milliseconds: the same counts are not estimated twice. */
const estimated = new Map<string, ArmPosterior[]>();
function posteriorsOf(arms: Arm[]): ArmPosterior[] {
  const key = JSON.stringify(arms);
  let posterior = estimated.get(key);
  if (!posterior) {
    posterior = posteriors(arms);
    if (estimated.size > 500) estimated.clear();
    estimated.set(key, posterior);
  }
  return posterior;
}

function experimentOf(row: ExperimentsTable): Experiment {
  return {
    id: row.id,
    claim: row.claim,
    name: row.name,
    status: row.status,
    goal: row.goal,
    variants: JSON.parse(row.variants) as ExperimentVariant[],
    lossThreshold: Number(row.loss_threshold),
    autoPromoteAt: row.auto_promote_at === null ? null : Number(row.auto_promote_at),
    winner: row.winner as VariantKey | null,
    createdAt: row.created_at,
    createdBy: row.created_by,
    endedAt: row.ended_at,
  };
}
