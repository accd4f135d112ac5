import { measureLeadIntake } from "./lead-intake";
for (const buildDir of (process.env.BUILDS ?? "build").split(",")) {
  const f = await measureLeadIntake({ leads: Number(process.env.N ?? 2000), connections: 32, buildDir });
  console.log(buildDir, f.httpLeadsPerSecond.toFixed(0), "vs", f.rawTransactionsPerSecond.toFixed(0), "=", (f.httpLeadsPerSecond / f.rawTransactionsPerSecond).toFixed(2), "x; cpu/lead", f.cpuMsPerLead?.toFixed(2), JSON.stringify(f.answered));
}
