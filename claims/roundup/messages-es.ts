import type { SpanishTable } from "../engine/localize";

/**
 * The RoundUp claim in Spanish (docs/decisions/058), in the usted form. The product keeps its name; the
 * diagnoses use the Spanish medical names ("linfoma no Hodgkin", "leucemia de células pilosas").
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "RoundUp Cancer Claims: Free Case Review | $125K to $2M+": "Reclamos por cáncer relacionado con RoundUp: revisión gratuita | De $125K a más de $2M",
  "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp? A settlement fund of over $10 billion. Free, confidential review.":
    "¿Le diagnosticaron linfoma no Hodgkin u otro cáncer relacionado después de usar RoundUp? Hay un fondo de más de $10 mil millones para acuerdos. Revisión gratuita y confidencial.",
  "RoundUp Weed Killer": "Herbicida RoundUp",
  "Diagnosed with non-Hodgkin's lymphoma or a related cancer after using RoundUp.":
    "Le diagnosticaron linfoma no Hodgkin u otro cáncer relacionado después de usar RoundUp.",
  "Award range": "Rango de indemnizaciones",
  "Start RoundUp Claim": "Empezar reclamo por RoundUp",
  "Free Case Review": "Revisión gratuita de su caso",
  "RoundUp Weed Killer Cancer Claims": "Herbicida RoundUp: reclamos por cáncer",
  "Years of using RoundUp (glyphosate) have been linked to non-Hodgkin's lymphoma and related cancers. Its maker has set aside a settlement fund of over $10 billion for people who were harmed. Find out in two minutes whether you may qualify.":
    "Usar RoundUp (glifosato) durante años se ha relacionado con el linfoma no Hodgkin y otros cánceres parecidos. Su fabricante reservó más de $10 mil millones para acuerdos con las personas afectadas. Averigüe en dos minutos si podría calificar.",
  "$125K to $2M+": "De $125K a más de $2M",
  "Settlement fund": "Fondo para acuerdos",
  "Over $10 billion": "Más de $10 mil millones",
  "Start Your Free RoundUp Claim": "Empiece su reclamo gratuito por RoundUp",
  "How it works": "Cómo funciona",
  "Answer four short questions": "Conteste cuatro preguntas breves",
  "An attorney reviews your claim": "Un abogado revisa su reclamo",
  "Learn your options, free of charge": "Conozca sus opciones, sin costo",
  "Start My Claim": "Empezar mi reclamo",
  "Common RoundUp use": "Usos comunes de RoundUp",
  "You may qualify whether you sprayed it at home or as part of your job, including:":
    "Podría calificar tanto si lo roció en su casa como en su trabajo, por ejemplo:",
  "Home gardening": "Jardinería en casa",
  "Professional landscaping": "Jardinería y paisajismo profesional",
  Agriculture: "Agricultura",
  "Golf courses": "Campos de golf",
  "Municipal grounds": "Parques y terrenos municipales",
  "Why start your claim with us": "Por qué empezar su reclamo con nosotros",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who handle RoundUp and other product-liability claims.": "Abogados que llevan reclamos por RoundUp y otros casos contra fabricantes de productos dañinos.",
  "Fast response": "Respuesta rápida",
  "A legal expert contacts you within 24-48 hours.": "Un experto legal se comunica con usted en un plazo de 24 a 48 horas.",
  Confidential: "Confidencial",
  "Your information is private and encrypted.": "Su información es privada y está cifrada.",
  "Cancers linked to RoundUp": "Cánceres relacionados con RoundUp",
  "Non-Hodgkin's lymphoma": "Linfoma no Hodgkin",
  "The cancer most often linked to glyphosate in RoundUp lawsuits.": "El cáncer que más se relaciona con el glifosato en las demandas por RoundUp.",
  Leukemia: "Leucemia",
  "Including hairy cell and chronic lymphocytic leukemia.": "Incluye la leucemia de células pilosas y la leucemia linfocítica crónica.",
  "B-cell lymphoma": "Linfoma de células B",
  "A common type of non-Hodgkin's lymphoma, including diffuse large B-cell lymphoma.":
    "Un tipo común de linfoma no Hodgkin, como el linfoma difuso de células B grandes.",
  "Other cancers": "Otros cánceres",
  "Such as multiple myeloma and T-cell lymphoma; a free review tells you where you stand.":
    "Como el mieloma múltiple y el linfoma de células T; una revisión gratuita le dice en qué situación está.",
  "Find out if you qualify": "Averigüe si califica",
  "It takes about two minutes. Awards range from $125K to $2M+, and deadlines to file apply.":
    "Toma unos dos minutos. Las indemnizaciones van de $125K a más de $2M, y hay plazos para presentar su reclamo.",
  "Start Your RoundUp Claim": "Empiece su reclamo por RoundUp",
  // The form
  "RoundUp Cancer Claim": "Reclamo por cáncer relacionado con RoundUp",
  "Four short steps to find out whether you may qualify for compensation after using RoundUp weed killer.":
    "Cuatro pasos breves para saber si podría calificar para una compensación después de usar el herbicida RoundUp.",
  "RoundUp Use": "Uso de RoundUp",
  "Have you used RoundUp or another glyphosate weed killer?": "¿Ha usado RoundUp u otro herbicida con glifosato?",
  "For how many years did you use it?": "¿Durante cuántos años lo usó?",
  "Less than 1 year": "Menos de 1 año",
  "1-2 years": "1 a 2 años",
  "3-5 years": "3 a 5 años",
  "6-10 years": "6 a 10 años",
  "More than 10 years": "Más de 10 años",
  "Diagnosis & Representation": "Diagnóstico y abogado",
  "Have you been diagnosed with any of these conditions?": "¿Le han diagnosticado alguna de estas enfermedades?",
  "Non-Hodgkin's Lymphoma": "Linfoma no Hodgkin",
  "Hairy Cell Leukemia": "Leucemia de células pilosas",
  "Multiple Myeloma": "Mieloma múltiple",
  "Chronic Lymphocytic Leukemia": "Leucemia linfocítica crónica",
  "B-Cell Lymphoma": "Linfoma de células B",
  "T-Cell Lymphoma": "Linfoma de células T",
  "Other Cancer": "Otro cáncer",
  "No Diagnosis": "Ningún diagnóstico",
  "Do you currently have an attorney for this claim?": "¿Tiene ahora un abogado para este reclamo?",
  Consent: "Consentimiento",
  Next: "Siguiente",
  "Submit Claim": "Enviar reclamo",
  "Processing...": "Procesando...",
  "Submission Error. Error: Database save failed. Your answers are still here; please try again.":
    "Error al enviar: no pudimos guardar su reclamo. Sus respuestas siguen aquí; inténtelo de nuevo.",
  "Lead Saved. Your RoundUp claim information has been saved successfully. Lead ID: {id}":
    "Reclamo guardado: registramos la información de su reclamo por RoundUp. Número de referencia: {id}",
  "within 24-48 hours": "en un plazo de 24 a 48 horas",
  // The results
  "We're Sorry": "Lo sentimos",
  "Based on your answers, your claim may not meet our partner attorneys' current criteria: use of RoundUp, a related diagnosis and no attorney already on the case.":
    "Según sus respuestas, es posible que su reclamo no cumpla los criterios actuales de nuestros abogados asociados: haber usado RoundUp, tener un diagnóstico relacionado y no tener ya un abogado para el caso.",
  "Congratulations!": "¡Felicidades!",
  "Your answers suggest you may qualify for compensation from the RoundUp settlement. An experienced attorney will review your claim.":
    "Según sus respuestas, podría calificar para una compensación del acuerdo de RoundUp. Un abogado con experiencia revisará su reclamo.",
  "Thank You!": "¡Gracias!",
  "We received your information and will review it carefully.": "Recibimos su información y la revisaremos con cuidado.",
};

export default spanish;
