import type { SpanishTable } from "../engine/localize";

/**
 * The Depo-Provera claim in Spanish (docs/decisions/058), in the usted form: the medical words a
 * patient hears from her doctor (meningioma, tumor cerebral, convulsiones), each explained in plain
 * Spanish where it first appears.
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "Depo-Provera Brain Tumor (Meningioma) Claims: Free Case Review": "Reclamos por Depo-Provera y tumor cerebral (meningioma): revisión gratuita de su caso",
  "Used the Depo-Provera shot and diagnosed with a meningioma or brain tumor? Long-term use is linked to a 5.6x higher risk. Free, confidential claim review.":
    "¿Se puso la inyección Depo-Provera y le diagnosticaron un meningioma o un tumor cerebral? El uso prolongado se asocia con un riesgo 5.6 veces mayor. Revisión gratuita y confidencial de su reclamo.",
  "Depo-Provera Brain Tumor": "Tumor cerebral por Depo-Provera",
  "Diagnosed with a meningioma after using the Depo-Provera contraceptive shot.": "Le diagnosticaron un meningioma después de usar la inyección anticonceptiva Depo-Provera.",
  "Potential compensation": "Compensación posible",
  Significant: "Significativa",
  "Start Depo Claim": "Reclamar por Depo-Provera",
  "Free Case Review": "Revisión gratuita de su caso",
  "Depo-Provera Brain Tumor Claims": "Reclamos por Depo-Provera y tumor cerebral",
  "Depo-Provera, the birth-control injection, has been linked to meningioma, a tumor that grows on the lining of the brain and spinal cord. If you used the shot and were later diagnosed with a brain tumor, you may be entitled to compensation.":
    "Depo-Provera, la inyección anticonceptiva, se ha asociado con el meningioma, un tumor que crece en las membranas que cubren el cerebro y la médula espinal. Si usó la inyección y después le diagnosticaron un tumor cerebral, podría tener derecho a una compensación.",
  "Higher meningioma risk": "Más riesgo de meningioma",
  "5.6x": "5.6 veces",
  "Start Your Free Depo-Provera Claim": "Empiece gratis su reclamo por Depo-Provera",
  "How it works": "Cómo funciona",
  "Fill in one short form": "Llene un formulario breve",
  "An attorney reviews your claim": "Un abogado revisa su reclamo",
  "Learn your options, free of charge": "Conozca sus opciones, sin costo",
  "Start My Claim": "Empezar mi reclamo",
  "Conditions linked to Depo-Provera": "Enfermedades asociadas con Depo-Provera",
  Meningioma: "Meningioma",
  "A tumor of the membranes around the brain and spinal cord, the condition most strongly linked to the shot.":
    "Un tumor de las membranas que rodean el cerebro y la médula espinal; es la enfermedad más asociada con la inyección.",
  "Brain tumors": "Tumores cerebrales",
  "Other intracranial tumors diagnosed after long-term use of the injection.": "Otros tumores dentro del cráneo diagnosticados después de usar la inyección por mucho tiempo.",
  "Multiple meningiomas": "Varios meningiomas",
  "More than one tumor, sometimes needing repeated surgery or radiation.": "Más de un tumor, que a veces requiere varias cirugías o radioterapia.",
  "Lasting complications": "Complicaciones duraderas",
  "Vision loss, hearing loss, seizures or memory problems caused by a tumor or its treatment.":
    "Pérdida de la vista o del oído, convulsiones o problemas de memoria causados por un tumor o su tratamiento.",
  "Understanding the risk": "Qué se sabe del riesgo",
  "A 2024 study of women who used medroxyprogesterone acetate, the drug in Depo-Provera, found a 5.6x higher risk of meningioma after prolonged use. The risk grew with the length of use. Lawsuits allege that the manufacturer did not warn patients and doctors in time.":
    "Un estudio de 2024 con mujeres que usaron acetato de medroxiprogesterona, el medicamento de Depo-Provera, encontró un riesgo de meningioma 5.6 veces mayor después de un uso prolongado. El riesgo aumentaba cuanto más tiempo se usaba. Las demandas alegan que el fabricante no advirtió a tiempo a las pacientes ni a los médicos.",
  "2+ years of use may qualify": "2 años o más de uso podrían calificar",
  "Women who received the shot for two years or more are at the greatest risk and may qualify for a claim.":
    "Las mujeres que recibieron la inyección durante dos años o más tienen el mayor riesgo y podrían calificar para un reclamo.",
  "$1M+ potential compensation": "Compensación posible de más de $1M",
  "Claims can cover medical bills, lost income, and pain and suffering.": "Los reclamos pueden cubrir gastos médicos, ingresos perdidos y el dolor y sufrimiento.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who handle pharmaceutical injury cases review every claim.": "Abogados que llevan casos de daños por medicamentos revisan cada reclamo.",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Symptoms of a meningioma": "Síntomas de un meningioma",
  "Meningiomas often grow slowly. Talk to your doctor if you used Depo-Provera and notice any of these symptoms.":
    "Los meningiomas suelen crecer despacio. Hable con su médico si usó Depo-Provera y nota alguno de estos síntomas.",
  Headaches: "Dolores de cabeza",
  "Frequent or severe headaches, often worse in the morning.": "Dolores de cabeza frecuentes o fuertes, muchas veces peores en la mañana.",
  "Vision problems": "Problemas de la vista",
  "Blurred or double vision, or loss of vision.": "Visión borrosa o doble, o pérdida de la vista.",
  "Hearing loss": "Pérdida de la audición",
  "Hearing loss or ringing in the ears.": "Pérdida de la audición o zumbido en los oídos.",
  Seizures: "Convulsiones",
  "New seizures in an adult with no history of them.": "Convulsiones nuevas en una persona adulta que nunca las había tenido.",
  "Memory problems": "Problemas de memoria",
  "Memory loss, confusion or trouble concentrating.": "Pérdida de memoria, confusión o dificultad para concentrarse.",
  Weakness: "Debilidad",
  "Weakness or numbness in the arms or legs.": "Debilidad o adormecimiento en los brazos o las piernas.",
  "Personality changes": "Cambios de personalidad",
  "Changes in mood, behavior or personality.": "Cambios en el estado de ánimo, el comportamiento o la personalidad.",
  "Time limits apply to your claim": "Su reclamo tiene un plazo",
  "Every state sets a deadline for filing a claim, and it can start when you were diagnosed. Do not wait: a free review tells you where you stand, and we contact you within 24 hours.":
    "Cada estado fija un plazo para presentar un reclamo, y puede empezar a contar desde su diagnóstico. No espere: una revisión gratuita le dice en qué situación está, y nos comunicamos con usted en menos de 24 horas.",
  // The form
  "Depo-Provera Brain Tumor Claim": "Reclamo por Depo-Provera y tumor cerebral",
  "One short form: tell us about your Depo-Provera use and any diagnosis, and an attorney will review your claim for free.":
    "Un solo formulario breve: cuéntenos cómo usó Depo-Provera y si tiene algún diagnóstico, y un abogado revisará su reclamo gratis.",
  "Your Free Claim Review": "La revisión gratuita de su reclamo",
  "Did you receive Depo-Provera injections?": "¿Recibió inyecciones de Depo-Provera?",
  "Select an answer": "Elija una respuesta",
  "I'm not sure": "No lo sé",
  "How long did you use Depo-Provera?": "¿Por cuánto tiempo usó Depo-Provera?",
  "Less than 1 year": "Menos de 1 año",
  "1-2 years": "De 1 a 2 años",
  "2-5 years": "De 2 a 5 años",
  "More than 5 years": "Más de 5 años",
  "Have you been diagnosed with a brain tumor or meningioma?": "¿Le han diagnosticado un tumor cerebral o un meningioma?",
  "Yes, a brain tumor": "Sí, un tumor cerebral",
  "Yes, a meningioma": "Sí, un meningioma",
  "Yes, both": "Sí, los dos",
  "Under investigation by my doctor": "Mi médico todavía lo está evaluando",
  "When were you diagnosed?": "¿Cuándo le dieron el diagnóstico?",
  "Within the last year": "En el último año",
  "1-3 years ago": "Hace 1 a 3 años",
  "3-5 years ago": "Hace 3 a 5 años",
  "More than 5 years ago": "Hace más de 5 años",
  "I have not been diagnosed": "No me han diagnosticado",
  "Which symptoms have you experienced?": "¿Qué síntomas ha tenido?",
  "Memory issues": "Problemas de memoria",
  "Several of these": "Varios de estos",
  "None of these": "Ninguno de estos",
  "Anything else you would like us to know?": "¿Hay algo más que quiera contarnos?",
  "Submit My Claim": "Enviar mi reclamo",
  "Submitting Your Claim...": "Enviando su reclamo...",
  "Submission Error: we could not save your claim. Your answers are still here; please try again.":
    "Error al enviar: no pudimos guardar su reclamo. Sus respuestas siguen aquí; inténtelo de nuevo.",
  "Your Depo-Provera claim has been submitted successfully. Lead ID: {id}": "Su reclamo por Depo-Provera se envió correctamente. Número de referencia: {id}",
  "within 24 hours": "en menos de 24 horas",
  // Results
  "Thank You!": "¡Gracias!",
  "We received your Depo-Provera claim. An attorney who handles Depo-Provera cases will review your answers.":
    "Recibimos su reclamo por Depo-Provera. Un abogado que lleva casos de Depo-Provera revisará sus respuestas.",
};

export default spanish;
