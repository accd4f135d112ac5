import type { SpanishTable } from "../engine/localize";

/**
 * The PFAS claim in Spanish (docs/decisions/058), in the usted form. PFAS are "sustancias" (feminine:
 * "las PFAS"); "forever chemicals" is "químicos permanentes", as Spanish-language health pages say.
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "PFAS “Forever Chemicals” Exposure Claims: Free Case Review": "Reclamos por exposición a PFAS, los “químicos permanentes”: revisión gratuita de su caso",
  "Exposed to PFAS in drinking water, firefighting foam or at work and diagnosed with cancer, liver or thyroid disease? Typical settlements $50K - $1M+. Free review, all 50 states.":
    "¿Estuvo expuesto a PFAS en el agua potable, en la espuma contra incendios o en su trabajo, y le diagnosticaron cáncer o una enfermedad del hígado o de la tiroides? Los acuerdos típicos van de $50K a más de $1M. Revisión gratuita en los 50 estados.",
  "PFAS Contamination": "Contaminación por PFAS",
  "Exposed to 'forever chemicals' in drinking water, at work or on a military base.":
    "Estuvo expuesto a los “químicos permanentes” en el agua potable, en el trabajo o en una base militar.",
  "Potential compensation": "Posible compensación",
  "Start PFAS Claim": "Empezar reclamo por PFAS",
  "PFAS Health Alert": "Alerta de salud por PFAS",
  "Exposed to PFAS “Forever Chemicals”?": "¿Estuvo expuesto a las PFAS, los “químicos permanentes”?",
  "PFAS are man-made chemicals that build up in the body and do not break down. If you were exposed through drinking water, firefighting foam or your work and later became ill, you may be entitled to compensation from the companies that made them.":
    "Las PFAS son sustancias químicas fabricadas por el ser humano que se acumulan en el cuerpo y no se descomponen. Si estuvo expuesto por el agua potable, la espuma contra incendios o su trabajo y después se enfermó, podría tener derecho a una compensación de las empresas que las fabricaron.",
  "Typical settlement": "Acuerdo típico",
  Coverage: "Cobertura",
  "All 50 states": "Los 50 estados",
  "Start Your Free PFAS Claim Today": "Empiece hoy su reclamo gratuito por PFAS",
  "How a PFAS claim works": "Cómo funciona un reclamo por PFAS",
  "Tell us where you were exposed and how it affected your health": "Cuéntenos dónde estuvo expuesto y cómo afectó su salud",
  "A legal expert reviews your claim, free of charge": "Un experto legal revisa su reclamo sin costo",
  "We contact you within 24 hours to discuss your options": "Nos comunicamos con usted en menos de 24 horas para hablar de sus opciones",
  "Start My Claim": "Empezar mi reclamo",
  "Common sources of PFAS exposure": "Fuentes comunes de exposición a las PFAS",
  "Thousands of PFAS chemicals have been used since the 1950s. People are most often exposed through:":
    "Desde la década de 1950 se han usado miles de sustancias PFAS. La exposición más frecuente viene de:",
  "Contaminated drinking water": "Agua potable contaminada",
  "Public water systems and private wells near factories, airports and bases.": "Sistemas públicos de agua y pozos privados cerca de fábricas, aeropuertos y bases militares.",
  "Military base foam": "Espuma en bases militares",
  "Firefighting foam (AFFF) used in training and emergencies on military bases and airfields.":
    "Espuma contra incendios (AFFF) usada en entrenamientos y emergencias en bases militares y aeródromos.",
  "Non-stick cookware & packaging": "Utensilios antiadherentes y empaques",
  "Non-stick pans, grease-resistant food wrappers and take-out containers.":
    "Sartenes antiadherentes, envolturas de comida resistentes a la grasa y recipientes de comida para llevar.",
  "Industrial workplaces": "Lugares de trabajo industriales",
  "Chemical plants, manufacturing and other jobs that make or use PFAS.": "Plantas químicas, fábricas y otros trabajos donde se producen o se usan PFAS.",
  "Stain-resistant fabrics": "Telas antimanchas",
  "Carpets, upholstery and outdoor gear treated to repel stains and water.": "Alfombras, tapicería y equipo para exteriores tratados para repeler las manchas y el agua.",
  "Health conditions linked to PFAS": "Problemas de salud relacionados con las PFAS",
  Cancer: "Cáncer",
  "Including kidney and testicular cancer, linked to long-term PFAS exposure.":
    "Entre ellos el cáncer de riñón y el de testículo, relacionados con la exposición prolongada a las PFAS.",
  "Liver disease": "Enfermedad del hígado",
  "Liver damage and raised liver enzymes.": "Daño al hígado y enzimas hepáticas elevadas.",
  "Thyroid issues": "Problemas de tiroides",
  "Thyroid disease and hormone disruption.": "Enfermedades de la tiroides y alteraciones hormonales.",
  "Immune system": "Sistema inmunitario",
  "A weaker immune response, including to vaccines.": "Defensas más débiles, incluso una menor respuesta a las vacunas.",
  "Why start your PFAS claim with us": "Por qué empezar su reclamo por PFAS con nosotros",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who handle PFAS and water-contamination cases.": "Abogados que llevan casos de PFAS y de contaminación del agua.",
  "Fast response": "Respuesta rápida",
  "A legal expert contacts you within 24 hours.": "Un experto legal se comunica con usted en menos de 24 horas.",
  Confidential: "Confidencial",
  "Your information is private and encrypted.": "Su información es privada y está cifrada.",
  "Find out if you qualify": "Averigüe si califica",
  "Three short steps, about 2 minutes. All 50 states covered, and no fees unless you win.":
    "Tres pasos breves, unos 2 minutos. Atendemos los 50 estados, y no paga honorarios a menos que gane su caso.",
  "Start Your PFAS Claim": "Empiece su reclamo por PFAS",
  // The form
  "PFAS Exposure Claim": "Reclamo por exposición a PFAS",
  "Three short steps to a free, confidential case review. It takes about 2 minutes.":
    "Tres pasos breves para una revisión gratuita y confidencial de su caso. Toma unos 2 minutos.",
  "Exposure & Health": "Exposición y salud",
  "Where were you exposed to PFAS?": "¿Dónde estuvo expuesto a las PFAS?",
  "For example: your town or water system, a military base or a workplace, and roughly when.":
    "Por ejemplo: su ciudad o su sistema de agua, una base militar o un lugar de trabajo, y más o menos cuándo.",
  "Health conditions you have been diagnosed with": "Problemas de salud que le han diagnosticado",
  "For example: kidney or testicular cancer, thyroid disease, liver disease or ulcerative colitis.":
    "Por ejemplo: cáncer de riñón o de testículo, enfermedad de la tiroides, enfermedad del hígado o colitis ulcerosa.",
  "Additional Information": "Información adicional",
  "Anything else we should know?": "¿Hay algo más que debamos saber?",
  "What happens next?": "¿Qué pasa después?",
  "A legal expert reviews your answers, free of charge.": "Un experto legal revisa sus respuestas sin costo.",
  "We contact you within 24 hours to talk about your options.": "Nos comunicamos con usted en menos de 24 horas para hablar de sus opciones.",
  "If you have a case, an experienced PFAS attorney takes it on: no fees unless you win.":
    "Si tiene un caso, un abogado con experiencia en PFAS se encarga de él: no paga honorarios a menos que gane.",
  "Please describe where you were exposed": "Describa dónde estuvo expuesto",
  Continue: "Continuar",
  "Get My Free Case Review": "Solicitar mi revisión gratuita",
  "Submitting...": "Enviando...",
  "Failed to submit your claim. Please try again.": "No pudimos enviar su reclamo. Inténtelo de nuevo.",
  "Your PFAS claim has been submitted successfully! Lead ID: {id}": "¡Su reclamo por PFAS se envió con éxito! Número de referencia: {id}",
  "within 24 hours": "en menos de 24 horas",
  // The result
  "Thank You!": "¡Gracias!",
  "We have received your PFAS exposure claim.": "Recibimos su reclamo por exposición a PFAS.",
};

export default spanish;
