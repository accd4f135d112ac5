import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Production code and scripts never import tests/; what scripts share with tests is in tools/. */
const noTests = { group: ["**/tests/**"], message: "Only tests import tests/: move what is shared to tools/ (or the layer that owns it)." };
/** tools/ starts built servers and browsers for scripts and tests: the site never runs it. */
const noTools = { group: ["**/tools/**"], message: "tools/ is for scripts and tests; the site never imports it." };
/** A claim's examples (claims/<slug>/examples.ts) are the answers tests and scripts submit: the site never ships them. */
const noExamples = { group: ["#claims/*/examples", "**/claims/*/examples"], message: "A claim's examples are test data: the site never imports them." };
const claimsLayer = [
  { group: ["react", "react-dom", "react-dom/*", "react-router", "@react-router/*"], message: "claims/ holds no React: render it in app/." },
  { group: ["~/*", "**/app/**", "**/server/**"], message: "claims/ imports nothing from app/ or server/." },
  noTests,
  noTools,
];
const siteNever = [noTests, noTools, noExamples];

// server/'s layers, by top-level folder or file (without .ts). Every folder not named here is a domain.
const SERVER_INFRASTRUCTURE = ["db", "metrics", "secrets", "streams", "config", "logger", "process", "periodic-task", "polled-reload", "threads", "money"];
const SERVER_COMPOSITION = ["http", "web", "services", "main", "dev", "worker-main", "backup-main", "restore-main"];
const SERVER_DOMAINS = fs
  .readdirSync(path.join(import.meta.dirname, "server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...SERVER_INFRASTRUCTURE, ...SERVER_COMPOSITION].includes(entry.name))
  .map((entry) => entry.name);
/** The files of server/'s top-level folders and files of these names. */
const serverFiles = (names) => names.flatMap((name) => [`server/${name}/**/*.ts`, `server/${name}.ts`]);
/** A relative import of one of server/'s top-level folders or files of these names, from anywhere in server/. */
const serverModules = (names) => `^(\\./|(\\.\\./)+)(${names.join("|")})(/|$)`;

const NO_APP_IN_SERVER = { group: ["~/*", "**/app/**"], message: "server/ never imports app/: move shared code to claims/." };

// Buyers, routing, checks and delivery are one module (docs/decisions/053): the rest of the code uses its
// index only (server/distribution/index.ts), and code inside it never goes round through that index.
const DISTRIBUTION_API_ONLY = {
  regex: "(^|/)distribution/",
  message: "Import server/distribution's public API (server/distribution/index.ts), not its files.",
};
const DISTRIBUTION_INSIDE = {
  regex: "^\\.\\.?(/\\.\\.)*/?(index)?$|(^|/)distribution(/index)?$",
  message: "Inside server/distribution, import the module that defines it, not the index.",
};

export default tseslint.config(
  { ignores: ["build/", "build-test/", ".react-router/", "node_modules/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  // Layers (DESIGN.md section 3): claims/ is the domain both sides import; app/ reaches server/ for types
  // only (services arrive through the load context); server/ never imports app/. No cycle can form.
  {
    files: ["claims/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [...claimsLayer, { group: ["express", "kysely", "better-sqlite3", "pg", "pino", "node:*"], message: "claims/ holds no server code." }] },
      ],
    },
  },
  {
    // The claim folders as tsx finds them, from the disk: Vite code reads claim-folders.ts (docs/decisions/051).
    files: ["claims/claim-folders.node.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: claimsLayer }] },
  },
  // server/ in layers (docs/decisions/053): shared infrastructure at the bottom, the domains above it,
  // HTTP composition and the entry points on top. A layer imports only the layers below it (and
  // infrastructure a domain's types, never its code).
  {
    files: serverFiles(SERVER_INFRASTRUCTURE),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_APP_IN_SERVER,
            ...siteNever,
            DISTRIBUTION_API_ONLY,
            { regex: serverModules(SERVER_DOMAINS), allowTypeImports: true, message: "Shared infrastructure runs no domain's code: pass it in, or move the shared part down." },
            { regex: serverModules(SERVER_COMPOSITION), message: "Shared infrastructure never imports the HTTP composition or an entry point." },
          ],
        },
      ],
    },
  },
  {
    files: serverFiles(SERVER_DOMAINS),
    ignores: ["server/distribution/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [NO_APP_IN_SERVER, ...siteNever, DISTRIBUTION_API_ONLY, { regex: serverModules(SERVER_COMPOSITION), message: "A domain never imports the HTTP composition or an entry point." }] },
      ],
    },
  },
  {
    files: ["server/distribution/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [NO_APP_IN_SERVER, ...siteNever, DISTRIBUTION_INSIDE, { regex: serverModules(SERVER_COMPOSITION), message: "A domain never imports the HTTP composition or an entry point." }] },
      ],
    },
  },
  {
    files: serverFiles(SERVER_COMPOSITION),
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_APP_IN_SERVER, ...siteNever, DISTRIBUTION_API_ONLY] }],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              allowTypeImports: true,
              message: "app/ reaches services through the load context; import their types only.",
            },
            DISTRIBUTION_API_ONLY,
            ...siteNever,
          ],
        },
      ],
    },
  },
  {
    // The wizard hydrates in the browser without React Router (docs/decisions/037); the page around it
    // is the form route's, rendered on the server only.
    files: ["app/wizard/**/*.ts", "app/wizard/**/*.tsx", "app/components/{icons,tel-href,use-hydrated}.ts*"],
    ignores: ["app/wizard/**/*.server.{ts,tsx}", "app/wizard/claim-form-page.tsx", "app/wizard/wizard-scripts.tsx", "app/wizard/vite-plugin-wizard-scripts.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "app/ reaches services through the load context; import their types only." },
            DISTRIBUTION_API_ONLY,
            {
              group: ["react-router", "@react-router/*", "~/components/use-site", "~/components/site-*", "./use-site", "./site-*"],
              message: "The wizard runs without React Router in the browser (docs/decisions/037).",
            },
            ...siteNever,
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.ts", "scripts/**/*.mjs", "tools/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noTests, DISTRIBUTION_API_ONLY] }] },
  },
  {
    // The import rules above see static imports only; a dynamic import or a glob of tests/ is refused here.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "claims/**/*.ts", "scripts/**/*.{ts,mjs}", "tools/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression > Literal[value=/(^|\\/)tests\\//]", message: noTests.message },
        { selector: "TSImportType Literal[value=/(^|\\/)tests\\//]", message: noTests.message },
        { selector: "CallExpression[callee.property.name='glob'] Literal[value=/(^|\\/)tests\\//]", message: noTests.message },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
