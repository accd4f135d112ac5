import type { Locale } from "#claims/engine/locale";

/**
 * The claim form's own words around a claim's questions (docs/decisions/058), in each language. Small
 * on purpose: it travels in the wizard's browser bundle. A claim's texts come from its definition.
 */
const en = {
  step: (n: number, total: number) => `Step ${n} of ${total}`,
  percentComplete: (percent: number) => `${percent}% complete`,
  previous: "Previous",
  next: "Next",
  select: "Select...",
  optional: "(optional)",
  answerEveryQuestion: "Answer every question on this step to continue.",
  honeypot: "Leave this field empty",
  thankYou: "Thank You!",
  reviewWithin: (within: string) => `Our legal experts will review your information and contact you ${within}.`,
  questionsCall: "Questions? Call",
  orEmail: "or e-mail",
  submitAnother: "Submit Another Claim",
  returnHome: "Return to Home",
};

export type WizardMessages = typeof en;

const es: WizardMessages = {
  step: (n, total) => `Paso ${n} de ${total}`,
  percentComplete: (percent) => `${percent}% completado`,
  previous: "Anterior",
  next: "Siguiente",
  select: "Seleccione...",
  optional: "(opcional)",
  answerEveryQuestion: "Conteste todas las preguntas de este paso para continuar.",
  honeypot: "Deje este campo vacío",
  thankYou: "¡Gracias!",
  reviewWithin: (within) => `Nuestro equipo legal revisará su información y se comunicará con usted ${within}.`,
  questionsCall: "¿Preguntas? Llame al",
  orEmail: "o escriba a",
  submitAnother: "Enviar otro reclamo",
  returnHome: "Volver al inicio",
};

export const WIZARD_MESSAGES: Readonly<Record<Locale, WizardMessages>> = { en, es };

export const wizardMessages = (locale: Locale | undefined): WizardMessages => WIZARD_MESSAGES[locale ?? "en"];
