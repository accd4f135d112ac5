/** The wizard's browser entry and the chunks it imports (vite-plugin-wizard-scripts.ts); the form route reads it. */
declare module "virtual:wizard-scripts" {
  const scripts: import("./vite-plugin-wizard-scripts").WizardScripts;
  export default scripts;
}
