// A process that saves and routes leads the way lead intake will (saveAndRouteLeads). Run with
// `node --import tsx`:
//   route-leads-process.ts <database-url> <lead-id-prefix> <count> [--hang-at <index>]
// It prints "ready" once connected, then "routed <lead> <buyer|unsold>" as each lead's transaction
// commits. With --hang-at, that lead's transaction prints "hanging <lead>" after routing and never
// commits, for a test to kill the process mid-routing.
import { createBuyerStore } from "../../server/distribution/buyers/buyer-store";
import { openDatabase } from "../../server/db/database";
import { createSecretBox } from "../../server/secrets/secret-box";
import { databaseTargetOf, saveAndRouteLeads, TEST_SECRETS_KEY, waitLongerForTheWriteLock } from "./routing-fixtures";

const [url, prefix, countText, flag, hangAtText] = process.argv.slice(2);
if (!url || !prefix || !countText) throw new Error("usage: route-leads-process.ts <database-url> <lead-id-prefix> <count> [--hang-at <index>]");
const hangAt = flag === "--hang-at" ? Number(hangAtText) : -1;

const db = await openDatabase(databaseTargetOf(url));
await waitLongerForTheWriteLock(db);
const buyers = await createBuyerStore(db, createSecretBox(TEST_SECRETS_KEY)).list();
process.stdout.write("ready\n");

await saveAndRouteLeads(db, buyers, prefix, Number(countText), {
  beforeCommit: async (leadId, index) => {
    if (index !== hangAt) return;
    process.stdout.write(`hanging ${leadId}\n`);
    // A timer keeps the process alive (SQLite holds no socket that would) until it is killed.
    setInterval(() => {}, 60_000);
    await new Promise(() => {});
  },
  routed: (leadId, buyerId) => process.stdout.write(`routed ${leadId} ${buyerId ?? "unsold"}\n`),
});
await db.destroy();
