import { claims } from "#claims/registry";
import { experimentInputSchema } from "./experiment-input";
import { ExperimentError, type ExperimentStore } from "./experiment-store";
import type { LiveExperiments } from "./live-experiments";

/**
 * /admin/experiments' services: the store, with this instance's pages reloaded right after each
 * change (other instances follow within a poll), and due auto-promotions applied before results are read.
 */
export function createExperimentConsole({ store, live }: { store: ExperimentStore; live: LiveExperiments }) {
  const thenReload =
    <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await change(...args);
      await live.refresh();
      return result;
    };
  const create = thenReload(store.create);
  /** A change the store may refuse in words (stopped already, no such variant): the refusal as an answer, not an error. */
  const refusable =
    <A extends unknown[]>(change: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        await thenReload(change)(...args);
        return { ok: true };
      } catch (error) {
        if (error instanceof ExperimentError) return { ok: false, message: error.message };
        throw error;
      }
    };
  return {
    list: store.list,
    get: store.get,
    /** The claims an experiment may run on, for the form's choice. */
    claims: () => claims.map((claim) => ({ slug: claim.slug, title: claim.landing.card.title })),
    /**
     * Creates an experiment from what the operator entered, or answers each field's error under its
     * name ('name', 'variants.1.label', ...); a running experiment on the claim is an error in words too.
     */
    async create(raw: unknown, actor: string) {
      const parsed = experimentInputSchema.safeParse(raw);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
        return { ok: false as const, status: 400, message: "The experiment was not started: see the fields marked below.", errors };
      }
      try {
        return { ok: true as const, experiment: await create(parsed.data, actor) };
      } catch (error) {
        if (error instanceof ExperimentError) return { ok: false as const, status: 409, message: error.message, errors: { claim: error.message } };
        throw error;
      }
    },
    stop: refusable(store.stop),
    promote: refusable(store.promote),
    setAutoPromote: refusable(store.setAutoPromote),
    async results(id: string) {
      if ((await store.autoPromote()).length) await live.refresh();
      return store.results(id);
    },
    /** Every experiment with its figures, newest first. */
    async overview() {
      if ((await store.autoPromote()).length) await live.refresh();
      const all = await store.list();
      return (await Promise.all(all.map((experiment) => store.results(experiment.id)))).filter((result) => result !== null);
    },
  };
}

export type ExperimentConsole = ReturnType<typeof createExperimentConsole>;
