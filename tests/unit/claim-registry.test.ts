import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { definitionImports } from "#claims/definition-imports";
import { claims, productionClaims } from "#claims/registry";
import { folderDefinitions as foldersReadByNode } from "../../claims/claim-folders.node";
import { definitionImports as productionImports } from "../../claims/definition-imports";
import { claimsOfFolders } from "../../claims/engine/registry-of";

/** The folders of claims/ that hold a definition.ts: each one a claim, and nothing else is. */
const claimFolders = fs
  .readdirSync("claims", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(`claims/${entry.name}/definition.ts`))
  .map((entry) => entry.name);

// A claim is found, not listed (docs/decisions/051): a ninth claim is one new folder in claims/.
describe("claim registry", () => {
  it("is the claim folders, each claim named after its folder, in their cards' order", () => {
    expect(productionClaims.map((c) => c.slug).sort()).toEqual([...claimFolders].sort());
    const orders = productionClaims.map((c) => c.landing.card.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
  });

  it("finds each claim's landing page and examples in its folder", () => {
    for (const folder of claimFolders) {
      for (const file of ["landing.ts", "examples.ts"]) expect(fs.existsSync(`claims/${folder}/${file}`), `claims/${folder}/${file}`).toBe(true);
    }
  });

  it("holds claims with distinct slugs, case types, form paths and landing paths", () => {
    for (const key of [(c: (typeof claims)[number]) => c.slug, (c: (typeof claims)[number]) => c.caseType, (c: (typeof claims)[number]) => c.routes.form]) {
      expect(new Set(claims.map(key)).size).toBe(claims.length);
    }
    const landings = claims.flatMap((c) => [c.routes.landing, ...(c.routes.landingAliases ?? [])]);
    expect(new Set(landings).size).toBe(landings.length);
  });

  it("finds the same claims in the same order where tsx reads the folders from the disk", async () => {
    expect(claimsOfFolders(foldersReadByNode).map((c) => c.slug)).toEqual(productionClaims.map((c) => c.slug));
    // package.json and tsconfig.json send Node and tsx to that module: a script sees the registry Vite
    // builds, run from this folder or any other (where tsx finds no tsconfig.json).
    const registry = pathToFileURL(path.resolve("claims/registry.ts")).href;
    const script = `import(${JSON.stringify(registry)}).then(({ claims }) => console.log(claims.map((c) => c.slug).join(",")))`;
    const tsx = pathToFileURL(path.resolve("node_modules/tsx/dist/loader.mjs")).href;
    for (const cwd of [process.cwd(), os.tmpdir()]) {
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", tsx, "--input-type=module", "--eval", script], { cwd, timeout: 20_000 });
      expect(stdout.trim(), cwd).toBe(productionClaims.map((c) => c.slug).join(","));
    }
  });

  it("refuses a folder whose definition is not its claim, naming the folder", () => {
    const [mva, pfas] = productionClaims;
    expect(() => claimsOfFolders({ "./mva/definition.ts": mva!, "./car-crash/definition.ts": pfas! })).toThrow(/car-crash\/definition\.ts.*'car-crash'/);
  });
});

// Browsers load a claim's definition on its own (docs/decisions/031): the imports must match the registry.
describe("claim definition imports", () => {
  it("load exactly the registry's claims, each the very definition the server uses", async () => {
    expect(Object.keys(definitionImports).sort()).toEqual(claims.map((c) => c.slug).sort());
    for (const claim of claims) expect(await definitionImports[claim.slug]!()).toBe(claim);
  });

  it("in production builds, the production registry's claims and no fixture", () => {
    expect(Object.keys(productionImports).sort()).toEqual(productionClaims.map((c) => c.slug).sort());
  });
});
