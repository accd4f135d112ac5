import { randomUUID } from "node:crypto";
import { z } from "zod";
import { allClaims, claimBySlug } from "#claims/registry";
import type { Db } from "../db/database";
import { supplierCapDay } from "./supplier-cap";
import { claimSlugsOf, issueSupplierKey } from "./supplier-keys";

export interface Supplier {
  id: string;
  name: string;
  claimSlugs: string[];
  dailyCap: number | null;
  payoutCents: number;
  status: "active" | "paused";
  keyPrefix: string | null;
  keyCreatedAt: string | null;
  createdAt: string;
}

/** What the operator sets; the form's fields are parsed into this (money in whole cents). */
export const supplierInputSchema = z.object({
  name: z.string().trim().min(1, "Enter the supplier's name").max(100, "At most 100 characters"),
  claimSlugs: z
    .array(z.string())
    .min(1, "Choose at least one claim the supplier may send")
    .refine((slugs) => slugs.every((slug) => claimBySlug(slug) !== undefined), "Unknown claim"),
  dailyCap: z.number().int("A whole number").min(0, "0 or more").max(1_000_000, "At most 1,000,000").nullable(),
  payoutCents: z.number().int("Whole cents").min(0, "0 or more").max(100_000_00, "At most $100,000"),
  status: z.enum(["active", "paused"]),
});
export type SupplierInput = z.infer<typeof supplierInputSchema>;

function supplierOf(row: {
  id: string;
  name: string;
  claim_slugs: string;
  daily_cap: number | null;
  payout_cents: number;
  status: "active" | "paused";
  api_key_prefix: string | null;
  api_key_created_at: string | null;
  created_at: string;
}): Supplier {
  return {
    id: row.id,
    name: row.name,
    claimSlugs: claimSlugsOf(row.claim_slugs),
    dailyCap: row.daily_cap === null ? null : Number(row.daily_cap),
    payoutCents: Number(row.payout_cents),
    status: row.status,
    keyPrefix: row.api_key_prefix,
    keyCreatedAt: row.api_key_created_at,
    createdAt: row.created_at,
  };
}

const COLUMNS = ["id", "name", "claim_slugs", "daily_cap", "payout_cents", "status", "api_key_prefix", "api_key_created_at", "created_at"] as const;

export async function listSuppliers(db: Db): Promise<Supplier[]> {
  const rows = await db.selectFrom("suppliers").select(COLUMNS).orderBy("name").orderBy("id").execute();
  return rows.map(supplierOf);
}

export async function findSupplier(db: Db, id: string): Promise<Supplier | null> {
  const row = await db.selectFrom("suppliers").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? supplierOf(row) : null;
}

export async function createSupplier(db: Db, input: SupplierInput, now: Date = new Date()): Promise<Supplier> {
  const id = randomUUID();
  await db
    .insertInto("suppliers")
    .values({
      id,
      name: input.name,
      claim_slugs: JSON.stringify(input.claimSlugs),
      daily_cap: input.dailyCap,
      payout_cents: input.payoutCents,
      status: input.status,
      api_key_sha256: null,
      api_key_prefix: null,
      api_key_created_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return (await findSupplier(db, id))!;
}

export async function updateSupplier(db: Db, id: string, input: SupplierInput): Promise<Supplier | null> {
  await db
    .updateTable("suppliers")
    .set({ name: input.name, claim_slugs: JSON.stringify(input.claimSlugs), daily_cap: input.dailyCap, payout_cents: input.payoutCents, status: input.status })
    .where("id", "=", id)
    .execute();
  return findSupplier(db, id);
}

export async function setSupplierStatus(db: Db, id: string, status: Supplier["status"]): Promise<Supplier | null> {
  await db.updateTable("suppliers").set({ status }).where("id", "=", id).execute();
  return findSupplier(db, id);
}

/** A supplier as /admin/suppliers lists it: with the leads its cap counted today (UTC). */
export interface SupplierWithToday extends Supplier {
  today: number;
}

export type SupplierSave = { ok: true; supplier: Supplier } | { ok: false; errors: Record<string, string> };

function errorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}

/**
 * The suppliers as the admin screen and `npm run supplier` manage them: one service, so both check
 * the same rules. A key exists outside the supplier's hands only in what create and rotateKey answer.
 */
export function createSupplierStore(db: Db, now: () => Date = () => new Date()) {
  return {
    async list(): Promise<SupplierWithToday[]> {
      const [suppliers, counts] = await Promise.all([
        listSuppliers(db),
        db.selectFrom("supplier_cap_counters").select(["supplier_id", "sent"]).where("day", "=", supplierCapDay(now())).execute(),
      ]);
      const today = new Map(counts.map((row) => [row.supplier_id, Number(row.sent)]));
      return suppliers.map((supplier) => ({ ...supplier, today: today.get(supplier.id) ?? 0 }));
    },
    get: (id: string) => findSupplier(db, id),
    /** What is wrong with an input, by field, without saving it (empty when nothing is). */
    validate(input: unknown): Record<string, string> {
      const parsed = supplierInputSchema.safeParse(input);
      return parsed.success ? {} : errorsOf(parsed.error);
    },
    /** A new supplier and its first key. */
    async create(input: unknown): Promise<(SupplierSave & { ok: false }) | { ok: true; supplier: Supplier; key: string }> {
      const parsed = supplierInputSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
      const { id } = await createSupplier(db, parsed.data, now());
      const key = (await issueSupplierKey(db, id, now()))!;
      return { ok: true, supplier: (await findSupplier(db, id))!, key };
    },
    async update(id: string, input: unknown): Promise<SupplierSave | null> {
      const parsed = supplierInputSchema.safeParse(input);
      if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
      const supplier = await updateSupplier(db, id, parsed.data);
      return supplier ? { ok: true, supplier } : null;
    },
    setStatus: (id: string, status: Supplier["status"]) => setSupplierStatus(db, id, status),
    /** A new key; the old one stops working at once. Null for no such supplier. */
    rotateKey: (id: string) => issueSupplierKey(db, id, now()),
  };
}

export type SupplierStore = ReturnType<typeof createSupplierStore>;

/** Every claim slug there is: what a supplier made for tests or the bench may send. */
export function everyClaimSlug(): string[] {
  return allClaims().map((claim) => claim.slug);
}
