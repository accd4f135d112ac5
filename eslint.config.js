import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
        {
          patterns: [
            { group: ["react", "react-dom", "react-dom/*", "react-router", "@react-router/*"], message: "claims/ holds no React: render it in app/." },
            { group: ["express", "kysely", "better-sqlite3", "pg", "pino", "node:*"], message: "claims/ holds no server code." },
            { group: ["~/*", "**/app/**", "**/server/**"], message: "claims/ imports nothing from app/ or server/." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/distribution/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_APP_IN_SERVER, DISTRIBUTION_API_ONLY] }],
    },
  },
  {
    files: ["server/distribution/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_APP_IN_SERVER, DISTRIBUTION_INSIDE] }],
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
            DISTRIBUTION_API_ONLY,
            {
              group: ["react-router", "@react-router/*", "~/components/use-site", "~/components/site-*", "./use-site", "./site-*"],
              message: "The wizard runs without React Router in the browser (docs/decisions/037).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);
