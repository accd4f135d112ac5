/** React Router's server build: it exists only inside Vite (the build, or the dev server's ssrLoadModule). */
declare module "virtual:react-router/server-build";

/** The wizard's browser entry and the chunks it imports (app/wizard/vite-plugin-wizard-scripts.ts). */
declare module "virtual:wizard-scripts" {
  const scripts: import("../app/wizard/vite-plugin-wizard-scripts").WizardScripts;
  export default scripts;
}
