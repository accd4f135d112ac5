import type { DataClaim } from "#claims/engine/data-claim/data-claim-schema";
import { blankDataClaim } from "#claims/engine/data-claim/templates";

/** The journey claim: three steps, a rule and its result screens. */
export function hairRelaxer(): DataClaim {
  const claim = blankDataClaim("hair-relaxer", "Hair Relaxer");
  claim.steps.unshift(
    {
      title: "Your use",
      fields: [
        { name: "usedRelaxer", label: "Did you use a chemical hair relaxer for at least a year?", kind: "yes-no" },
        { name: "firstUse", label: "When did you last use it?", kind: "date", optional: true, pastDays: 3650 },
      ],
    },
    {
      title: "Diagnosis",
      fields: [
        {
          name: "diagnosis",
          label: "Have you been diagnosed with any of these?",
          kind: "checkboxes",
          options: [
            { value: "uterine-cancer", label: "Uterine cancer" },
            { value: "ovarian-cancer", label: "Ovarian cancer" },
            { value: "none", label: "None of these", exclusive: true },
          ],
          messages: { required: "Please choose at least one answer" },
        },
        { name: "details", label: "Anything else?", kind: "textarea", optional: true, privacy: "free-text" },
      ],
    },
  );
  claim.eligibility = {
    rules: [
      { when: { any: [{ answer: "usedRelaxer", is: "No" }, { answer: "diagnosis", includes: "none" }] }, outcome: "ineligible", reason: "No use or no diagnosis" },
      { when: { all: [{ answer: "usedRelaxer", is: "Yes" }, { answer: "diagnosis", includes: "uterine-cancer" }] }, outcome: "eligible", reason: "Eligible" },
    ],
    otherwise: { outcome: "partial", reason: "Partial" },
  };
  claim.results = {
    eligible: { heading: "You may qualify", message: "An attorney will call you." },
    partial: { heading: "We need to know more", message: "An attorney will review your answers." },
    ineligible: { heading: "We cannot help with this claim", message: "Thank you for your time." },
  };
  claim.lead.cq = { "1": { answer: "usedRelaxer" }, "2": { answer: "diagnosis", join: "," }, "3": { answer: "firstUse", ifBlank: "" } };
  claim.lead.notes = { answer: "details" };
  claim.es = HAIR_RELAXER_ES;
  return claim;
}

/** hairRelaxer() in Spanish (docs/decisions/064): every text of the claim, as a claim folder's messages-es.ts has them. */
const HAIR_RELAXER_ES: Record<string, string> = {
  "Hair Relaxer claim: free case review": "Reclamo por alisadores de cabello: revisión gratuita de su caso",
  "Find out in two minutes whether you may have a Hair Relaxer claim.": "Averigüe en dos minutos si podría tener un reclamo por alisadores de cabello.",
  "Hair Relaxer": "Alisadores de cabello",
  "A free review of your Hair Relaxer claim.": "Una revisión gratuita de su reclamo por alisadores de cabello.",
  Review: "Revisión",
  Free: "Gratis",
  "Start my claim": "Comenzar mi reclamo",
  "Free case review": "Revisión gratuita de su caso",
  "Hair Relaxer claims": "Reclamos por alisadores de cabello",
  "Answer a few questions. An attorney reviews your answers for free.": "Responda unas pocas preguntas. Un abogado revisa sus respuestas sin costo.",
  "How it works": "Cómo funciona",
  "Answer a few questions": "Responda unas pocas preguntas",
  "An attorney reviews them": "Un abogado las revisa",
  "We contact you": "Nos comunicamos con usted",
  "Your use": "Su uso",
  "Did you use a chemical hair relaxer for at least a year?": "¿Usó un alisador químico para el cabello durante al menos un año?",
  "When did you last use it?": "¿Cuándo lo usó por última vez?",
  Diagnosis: "Diagnóstico",
  "Have you been diagnosed with any of these?": "¿Le han diagnosticado alguna de estas enfermedades?",
  "Uterine cancer": "Cáncer de útero",
  "Ovarian cancer": "Cáncer de ovario",
  "None of these": "Ninguna de estas",
  "Anything else?": "¿Algo más que quiera contarnos?",
  "Please choose at least one answer": "Elija al menos una respuesta",
  "Your contact details": "Sus datos de contacto",
  "Hair Relaxer Claim": "Reclamo por alisadores de cabello",
  "A few short questions. It takes about two minutes.": "Unas pocas preguntas breves. Le tomará unos dos minutos.",
  "Submit Claim": "Enviar reclamo",
  "Submitting...": "Enviando...",
  "Submission Error: we could not save your claim. Your answers are still here; please try again.":
    "Error al enviar: no pudimos guardar su reclamo. Sus respuestas siguen aquí; inténtelo de nuevo.",
  "Your claim has been submitted. Lead ID: {id}": "Recibimos su reclamo. Número de referencia: {id}",
  "within 24 hours": "en un plazo de 24 horas",
  "You may qualify": "Es posible que califique",
  "An attorney will call you.": "Un abogado lo llamará.",
  "We need to know more": "Necesitamos saber más",
  "An attorney will review your answers.": "Un abogado revisará sus respuestas.",
  "We cannot help with this claim": "No podemos ayudarle con este reclamo",
  "Thank you for your time.": "Gracias por su tiempo.",
};

/** A complete submission of hairRelaxer(), as the JSON API takes it: eligible. */
export const hairRelaxerAnswers = (overrides: Record<string, unknown> = {}) => ({
  usedRelaxer: "Yes",
  diagnosis: ["uterine-cancer"],
  details: "Used it for ten years",
  fn: "Jane",
  ln: "Doe",
  em: "jane.doe@example.com",
  ph: "(415) 555-2671",
  st: "CO",
  tcpa: true,
  ...overrides,
});
