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
  {
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/*", "**/app/**"], message: "server/ never imports app/: move shared code to claims/." }, noTests, noTools, noExamples] },
      ],
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
            noTests,
            noTools,
            noExamples,
          ],
        },
      ],
    },
  },
  {
    // The wizard hydrates in the browser without React Router (docs/decisions/037); the page around it
    // is the form route's, rendered on the server only.
    files: ["app/wizard/**/*.ts", "app/wizard/**/*.tsx", "app/components/{icons,tel-href,use-hydrated}.ts*"],
    ignores: ["app/wizard/**/*.server.tsx", "app/wizard/claim-form-page.tsx", "app/wizard/wizard-scripts.tsx", "app/wizard/vite-plugin-wizard-scripts.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "app/ reaches services through the load context; import their types only." },
            {
              group: ["react-router", "@react-router/*", "~/components/use-site", "~/components/site-*", "./use-site", "./site-*"],
              message: "The wizard runs without React Router in the browser (docs/decisions/037).",
            },
            noTests,
            noTools,
            noExamples,
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.ts", "scripts/**/*.mjs", "tools/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [noTests] }] },
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
