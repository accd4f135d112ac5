// `npm run supplier -- add --name NAME --claims mva,pfas [--cap N] [--payout-cents N] [--paused]`: makes a
// lead supplier and prints its key once; `npm run supplier -- rotate --id ID` gives it a new key (the old
// one stops at once); `npm run supplier -- list`. On the database DATABASE_URL names (docs/decisions/046).
// The same service as /admin/suppliers, without its audit log: for scripts and first set-up.
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { migrateToLatest, openDatabase } from "../server/db/database";
import { createSupplierStore } from "../server/suppliers/supplier-store";

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: { name: { type: "string" }, claims: { type: "string" }, cap: { type: "string" }, "payout-cents": { type: "string" }, paused: { type: "boolean" }, id: { type: "string" } },
});
const db = await openDatabase(loadConfig(process.env).database);
try {
  await migrateToLatest(db);
  const suppliers = createSupplierStore(db);
  if (command === "add") {
    const created = await suppliers.create({
      name: values.name ?? "",
      claimSlugs: (values.claims ?? "").split(",").map((slug) => slug.trim()).filter(Boolean),
      dailyCap: values.cap === undefined ? null : Number(values.cap),
      payoutCents: Number(values["payout-cents"] ?? 0),
      status: values.paused ? "paused" : "active",
    });
    if (!created.ok) {
      console.error(Object.entries(created.errors).map(([field, message]) => `${field}: ${message}`).join("\n"));
      process.exitCode = 1;
    } else {
      console.log(`Supplier ${created.supplier.name} (${created.supplier.id})\nKey (shown once; only its hash is kept): ${created.key}`);
    }
  } else if (command === "rotate" && values.id) {
    const key = await suppliers.rotateKey(values.id);
    if (key) console.log(`New key (shown once; the old one no longer works): ${key}`);
    else {
      console.error(`No supplier ${values.id}`);
      process.exitCode = 1;
    }
  } else if (command === "list") {
    for (const s of await suppliers.list()) {
      console.log(`${s.id}  ${s.status}  ${s.name}  claims=${s.claimSlugs.join(",")}  cap=${s.dailyCap ?? "none"}  today=${s.today}  payout=${s.payoutCents}c  key=${s.keyPrefix ?? "none"}…`);
    }
  } else {
    console.error("Usage: npm run supplier -- add --name NAME --claims mva,pfas [--cap N] [--payout-cents N] [--paused] | rotate --id ID | list");
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
