import type { SpanishTable } from "../engine/localize";

/**
 * The mesothelioma claim in Spanish (docs/decisions/058), in the usted form, often written for a family
 * member: "asbesto" (as Spanish speakers in the US say, not "amianto"), "fondos fiduciarios del asbesto".
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "Mesothelioma & Lung Cancer Claims: Free Case Review": "Reclamos por mesotelioma y cáncer de pulmón: revisión gratuita de su caso",
  "Diagnosed with mesothelioma or lung cancer after asbestos exposure? Average awards of $1M - $2.4M+. Free, confidential review.":
    "¿Le diagnosticaron mesotelioma o cáncer de pulmón después de estar expuesto al asbesto? Indemnizaciones promedio de $1M a más de $2.4M. Revisión gratuita y confidencial.",
  "Mesothelioma & Lung Cancer": "Mesotelioma y cáncer de pulmón",
  "Diagnosed after asbestos exposure at work, in the military or at home.":
    "Le diagnosticaron una enfermedad después de estar expuesto al asbesto en el trabajo, en el servicio militar o en casa.",
  "Average payout": "Pago promedio",
  "Start Meso Claim": "Reclamar por mesotelioma",
  "Free Case Review": "Revisión gratuita de su caso",
  "Mesothelioma & Lung Cancer Compensation": "Compensación por mesotelioma y cáncer de pulmón",
  "Asbestos exposure at work, in the military or at home can cause cancer decades later. Companies responsible set aside asbestos trust funds holding over $30 billion to compensate people who were harmed.":
    "La exposición al asbesto en el trabajo, en el servicio militar o en casa puede causar cáncer décadas después. Las empresas responsables crearon fondos fiduciarios del asbesto con más de $30 mil millones para compensar a las personas afectadas.",
  "Average award": "Indemnización promedio",
  "Asbestos trust funds": "Fondos fiduciarios del asbesto",
  "$30B+": "Más de $30 mil millones",
  "Start Your Free Mesothelioma Claim Today": "Empiece hoy su reclamo gratuito por mesotelioma",
  "How it works": "Cómo funciona",
  "Answer four short questions": "Conteste cuatro preguntas breves",
  "An attorney reviews your claim": "Un abogado revisa su reclamo",
  "Learn your options, free of charge": "Conozca sus opciones, sin costo",
  "Start My Claim": "Empezar mi reclamo",
  "Common sources of asbestos exposure": "Fuentes comunes de exposición al asbesto",
  Workplaces: "Lugares de trabajo",
  "Shipyards, construction, factories, power plants, refineries and mechanics' shops.":
    "Astilleros, construcción, fábricas, plantas de energía, refinerías y talleres mecánicos.",
  "Military service": "Servicio militar",
  "Navy ships, bases and vehicles built with asbestos insulation and parts.": "Barcos de la Marina, bases y vehículos construidos con aislamiento y piezas de asbesto.",
  "Family members": "Familiares",
  "Fibres carried home on a worker's clothes, hair and skin.": "Fibras que un trabajador llevaba a casa en la ropa, el cabello y la piel.",
  Products: "Productos",
  "Insulation, brake pads, roofing, flooring, talc and other consumer goods.":
    "Aislantes, pastillas de freno, materiales para techos y pisos, talco y otros productos de consumo.",
  "Conditions that may qualify": "Enfermedades que podrían darle derecho a una compensación",
  Mesothelioma: "Mesotelioma",
  "Cancer of the lining of the lungs, abdomen or heart, almost always caused by asbestos.":
    "Cáncer del revestimiento de los pulmones, el abdomen o el corazón, causado casi siempre por el asbesto.",
  "Lung Cancer": "Cáncer de pulmón",
  "Asbestos exposure raises the risk of lung cancer, even for non-smokers.":
    "La exposición al asbesto aumenta el riesgo de cáncer de pulmón, incluso en personas que no fuman.",
  Asbestosis: "Asbestosis",
  "Scarring of the lung tissue that makes breathing harder over time.": "Cicatrices en el tejido de los pulmones que, con el tiempo, hacen más difícil respirar.",
  "Pleural Disease": "Enfermedad pleural",
  "Thickening, plaques or fluid in the lining around the lungs.": "Engrosamiento, placas o líquido en la membrana que rodea los pulmones.",
  "Why families choose us": "Por qué las familias nos eligen",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who handle asbestos trust and court claims.": "Abogados que llevan reclamos ante los fondos fiduciarios del asbesto y demandas ante los tribunales.",
  "Time limits apply": "Hay plazos para reclamar",
  "Deadlines to file can be short; a free review tells you where you stand.":
    "Los plazos para presentar un reclamo pueden ser cortos; una revisión gratuita le dice en qué situación está.",
  Confidential: "Confidencial",
  "Your information is private and encrypted.": "Su información es privada y está cifrada.",
  "Find out if you qualify": "Averigüe si califica",
  "It takes about two minutes. A legal expert will contact you within 24-48 hours.":
    "Toma unos dos minutos. Un experto legal se comunicará con usted en un plazo de 24 a 48 horas.",
  // The form
  "Mesothelioma & Lung Cancer Claim": "Reclamo por mesotelioma y cáncer de pulmón",
  "Four short steps to find out whether you or a loved one may qualify for compensation from asbestos trust funds.":
    "Cuatro pasos breves para saber si usted o un ser querido podría calificar para una compensación de los fondos fiduciarios del asbesto.",
  Diagnosis: "Diagnóstico",
  "What have you (or your loved one) been diagnosed with?": "¿Qué le diagnosticaron a usted (o a su ser querido)?",
  "Other Asbestos-Related Disease": "Otra enfermedad relacionada con el asbesto",
  "No Diagnosis": "Ningún diagnóstico",
  "Age of the person diagnosed": "Edad de la persona diagnosticada",
  "Under 40": "Menos de 40",
  "Exposure & Representation": "Exposición y abogado",
  "How were you exposed to asbestos?": "¿Cómo fue la exposición al asbesto?",
  "Occupational (Workplace)": "Laboral (en el trabajo)",
  "Military Service": "Servicio militar",
  "Secondary (Family Member)": "Indirecta (por un familiar)",
  Environmental: "Ambiental (donde vivía)",
  "Products/Consumer Goods": "Productos de consumo",
  Unsure: "No lo sé",
  "Do you currently have an attorney for this claim?": "¿Tiene ahora un abogado para este reclamo?",
  Consent: "Consentimiento",
  "Submit Claim": "Enviar reclamo",
  "Processing...": "Procesando...",
  "Submission Error. Error: Database save failed. Your answers are still here; please try again.":
    "Error al enviar: no pudimos guardar su reclamo. Sus respuestas siguen aquí; inténtelo de nuevo.",
  "Lead Saved. Your Mesothelioma claim information has been saved successfully. Lead ID: {id}":
    "Reclamo guardado: registramos la información de su reclamo por mesotelioma. Número de referencia: {id}",
  "within 24-48 hours": "en un plazo de 24 a 48 horas",
  // The results
  "We're Sorry": "Lo sentimos",
  "Based on your answers, we are unable to take this claim: our partner attorneys need a diagnosis of an asbestos-related disease and cannot accept claims that already have an attorney. A local attorney can review your situation.":
    "Según sus respuestas, no podemos aceptar este reclamo: nuestros abogados asociados necesitan un diagnóstico de una enfermedad relacionada con el asbesto y no pueden aceptar reclamos que ya tienen abogado. Un abogado de su zona puede revisar su situación.",
  "You May Be Eligible": "Podría calificar",
  "Your answers suggest you may qualify for compensation. An experienced mesothelioma attorney will review your claim.":
    "Según sus respuestas, podría calificar para una compensación. Un abogado con experiencia en casos de mesotelioma revisará su reclamo.",
  "Thank You!": "¡Gracias!",
  "We received your information and will review it carefully.": "Recibimos su información y la revisaremos con cuidado.",
};

export default spanish;
