// A process that submits leads through the real lead service, as another web instance would. Run with
// `node --import tsx`:
//   submit-leads-process.ts <database-url> <count> <answers-json>
// It prints "ready" once connected, waits for a line "go" on its standard input, then submits `count`
// copies of the answers at once and prints "lead <id> <duplicateOf|null>" for each.
import readline from "node:readline";
import { openDatabase } from "../../server/db/database";
import { createLeadService } from "../../server/leads/submit-lead";
import { createLogger } from "../../server/logger";
import { databaseTargetOf, waitLongerForTheWriteLock } from "./routing-fixtures";

const [url, countText, answersJson] = process.argv.slice(2);
if (!url || !countText || !answersJson) throw new Error("usage: submit-leads-process.ts <database-url> <count> <answers-json>");

const db = await openDatabase(databaseTargetOf(url));
await waitLongerForTheWriteLock(db);
const leads = createLeadService({
  db,
  logger: createLogger("silent"),
  siteUrl: "https://claims.example",
  site: { name: "Claims", phone: "(800) 555-0100", email: "help@example.com" },
  leadRateLimitPerHour: 0,
});
process.stdout.write("ready\n");
for await (const line of readline.createInterface({ input: process.stdin })) if (line === "go") break;
// Standing open, the pipe would keep this process alive after its work.
process.stdin.destroy();

const context = { ip: "198.51.100.2", userAgent: "SubmitProcess/1.0", pageUrl: null, attribution: null };
const results = await Promise.all(Array.from({ length: Number(countText) }, () => leads.submit("mva", JSON.parse(answersJson), context)));
for (const result of results) {
  if (result.status !== "created") throw new Error(`not created: ${JSON.stringify(result)}`);
  process.stdout.write(`lead ${result.leadId} ${result.duplicateOf ?? "null"}\n`);
}
await db.destroy();
