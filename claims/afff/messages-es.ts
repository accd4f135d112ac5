import type { SpanishTable } from "../engine/localize";

/**
 * The AFFF claim in Spanish (docs/decisions/058), in the usted form: "espuma contra incendios AFFF",
 * the feminine "la espuma AFFF" after it; PFAS as on the PFAS claim ("las PFAS", "químicos permanentes").
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "AFFF Firefighting Foam Cancer Claims: Free Case Review": "Espuma contra incendios AFFF: reclamos por cáncer | Revisión gratuita de su caso",
  "Exposed to AFFF firefighting foam and diagnosed with kidney, testicular or liver cancer, thyroid disease or ulcerative colitis? Settlements of $200K - $600K+. Free, confidential review.":
    "¿Estuvo expuesto a la espuma contra incendios AFFF y le diagnosticaron cáncer de riñón, de testículo o de hígado, una enfermedad de la tiroides o colitis ulcerosa? Acuerdos de $200K a más de $600K. Revisión gratuita y confidencial.",
  "AFFF Firefighting Foam": "Espuma contra incendios AFFF",
  "Diagnosed with cancer after exposure to firefighting foam.": "Le diagnosticaron cáncer después de estar expuesto a la espuma contra incendios.",
  "Settlement range": "Rango de acuerdos",
  "Start AFFF Claim": "Empezar reclamo por AFFF",
  "Free Case Review": "Revisión gratuita de su caso",
  "AFFF Firefighting Foam Cancer Claims": "Espuma contra incendios AFFF: reclamos por cáncer",
  "Aqueous film-forming foam (AFFF) contains PFAS 'forever chemicals' that build up in the body. Firefighters, service members and others exposed to it have developed cancers and other serious illnesses, and many are now seeking compensation from the foam's manufacturers.":
    "La espuma formadora de película acuosa (AFFF, por sus siglas en inglés) contiene PFAS, los “químicos permanentes” que se acumulan en el cuerpo. Bomberos, militares y otras personas expuestas a ella han desarrollado cáncer y otras enfermedades graves, y muchos ahora buscan una compensación de los fabricantes de la espuma.",
  "Average settlement": "Acuerdo promedio",
  "AFFF cases": "Casos de AFFF",
  "Success rate": "Tasa de éxito",
  "Start Your Free AFFF Claim": "Empiece su reclamo gratuito por AFFF",
  "How it works": "Cómo funciona",
  "Answer four short questions about your exposure": "Conteste cuatro preguntas breves sobre su exposición",
  "An attorney who handles AFFF cases reviews your claim": "Un abogado que lleva casos de AFFF revisa su reclamo",
  "Learn your options, free of charge": "Conozca sus opciones, sin costo",
  "Check My Eligibility": "Ver si califico",
  "Cancers and illnesses linked to AFFF": "Cánceres y enfermedades relacionados con la espuma AFFF",
  "You may qualify if you were exposed to firefighting foam and later diagnosed with one of these conditions.":
    "Podría calificar si estuvo expuesto a la espuma contra incendios y después le diagnosticaron una de estas enfermedades.",
  "Kidney cancer": "Cáncer de riñón",
  "One of the cancers most strongly associated with PFAS exposure.": "Uno de los cánceres más relacionados con la exposición a las PFAS.",
  "Testicular cancer": "Cáncer de testículo",
  "Found at higher rates among people with heavy PFAS exposure.": "Es más frecuente en personas que tuvieron mucha exposición a las PFAS.",
  "Liver cancer": "Cáncer de hígado",
  "PFAS accumulate in the liver and have been linked to liver damage and cancer.":
    "Las PFAS se acumulan en el hígado y se han relacionado con daño hepático y cáncer.",
  "Thyroid disease": "Enfermedad de la tiroides",
  "Including thyroid cancer and thyroid disorders linked to PFAS.": "Incluye el cáncer de tiroides y otros trastornos de la tiroides relacionados con las PFAS.",
  "Ulcerative colitis": "Colitis ulcerosa",
  "A chronic inflammatory bowel disease associated with PFAS exposure.": "Una enfermedad inflamatoria crónica del intestino asociada con la exposición a las PFAS.",
  "Who was exposed": "Quiénes estuvieron expuestos",
  Firefighters: "Bomberos",
  "Municipal, volunteer, airport and industrial firefighters, and fire trainees.":
    "Bomberos municipales, voluntarios, de aeropuertos e industriales, y quienes se entrenaban como bomberos.",
  "Military personnel": "Personal militar",
  "Service members and civilians at bases and airfields where AFFF was used.": "Militares y civiles en bases y aeródromos donde se usó la espuma AFFF.",
  "Navy and ship crews": "Marina y tripulaciones de barcos",
  "Sailors and crew on ships that carried and tested foam systems.": "Marineros y tripulantes de barcos que llevaban y probaban sistemas de espuma.",
  "Other workers": "Otros trabajadores",
  "Chemical plant, refinery and foam manufacturing workers.": "Trabajadores de plantas químicas, refinerías y fábricas de espuma.",
  "Why start your claim with us": "Por qué empezar su reclamo con nosotros",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who handle AFFF and PFAS injury cases.": "Abogados que llevan casos de daños por AFFF y PFAS.",
  "Fast response": "Respuesta rápida",
  "We contact you within 24 hours of your request.": "Nos comunicamos con usted en menos de 24 horas después de su solicitud.",
  Confidential: "Confidencial",
  "Your information is private and encrypted.": "Su información es privada y está cifrada.",
  "Find out if you qualify": "Averigüe si califica",
  "It takes about two minutes. Time limits to file apply, so do not wait: an attorney will contact you within 24 hours.":
    "Toma unos dos minutos. Hay plazos para presentar su reclamo, así que no espere: un abogado se comunicará con usted en menos de 24 horas.",
  "Start My Free Case Review": "Empezar mi revisión gratuita",
  // The form
  "AFFF Firefighting Foam Claim": "Reclamo por espuma contra incendios AFFF",
  "Four short steps to find out whether exposure to firefighting foam may entitle you to compensation.":
    "Cuatro pasos breves para saber si la exposición a la espuma contra incendios podría darle derecho a una compensación.",
  "Basic Eligibility": "Requisitos básicos",
  "Are you between 20 and 80 years old?": "¿Tiene entre 20 y 80 años?",
  "Were you exposed to AFFF firefighting foam?": "¿Estuvo expuesto a la espuma contra incendios AFFF?",
  "Exposure Locations": "Lugares de exposición",
  "Where were you exposed to AFFF?": "¿Dónde estuvo expuesto a la espuma AFFF?",
  "Select every place that applies.": "Marque todos los lugares que apliquen.",
  "Fire department or fire training": "Departamento de bomberos o entrenamiento de bomberos",
  "Military base or airfield": "Base militar o aeródromo",
  "Navy or other ship": "Barco de la Marina u otro barco",
  "Other location": "Otro lugar",
  "Diagnosis & Representation": "Diagnóstico y abogado",
  "Have you been diagnosed with any of these conditions?": "¿Le han diagnosticado alguna de estas enfermedades?",
  "Select every diagnosis that applies.": "Marque todos los diagnósticos que apliquen.",
  "Thyroid disease or thyroid cancer": "Enfermedad o cáncer de tiroides",
  "None of these": "Ninguna de estas",
  "Do you currently have an attorney for this claim?": "¿Tiene ahora un abogado para este reclamo?",
  "Contact Information": "Sus datos de contacto",
  "Full Name": "Nombre completo",
  "Please select at least one location": "Seleccione al menos un lugar",
  "Full name is required": "Escriba su nombre completo",
  "Please enter your state": "Seleccione su estado",
  // The engine's pattern would quote the English label.
  "'None of these' cannot be combined with other answers": "«Ninguna de estas» no se puede combinar con otras respuestas",
  Continue: "Continuar",
  "Get My Free Case Review": "Solicitar mi revisión gratuita",
  "Submitting...": "Enviando...",
  "Submission Error: we could not save your claim. Your answers are still here; please try again.":
    "Error al enviar: no pudimos guardar su reclamo. Sus respuestas siguen aquí; inténtelo de nuevo.",
  "Your AFFF claim has been submitted successfully. Lead ID: {id}": "Su reclamo por AFFF se envió con éxito. Número de referencia: {id}",
  "within 24 hours": "en menos de 24 horas",
  // The result
  "Thank You!": "¡Gracias!",
  "We received your AFFF claim. An attorney experienced with firefighting foam cases will review your answers.":
    "Recibimos su reclamo por AFFF. Un abogado con experiencia en casos de espuma contra incendios revisará sus respuestas.",
};

export default spanish;
