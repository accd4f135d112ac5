import type { SpanishTable } from "../engine/localize";

/**
 * The rideshare-assault claim in Spanish (docs/decisions/058): words for someone who was hurt or
 * violated during a ride, in the usted form. Respectful and plain rather than clinical: the person is
 * never blamed, every step says what stays private, and help is offered before a claim.
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "Rideshare Assault Claims: Free, Confidential Case Review": "Reclamos por agresión en viajes compartidos: revisión gratuita y confidencial de su caso",
  "Assaulted or harassed during an Uber, Lyft or taxi ride? Typical settlements of $100K - $1M+. A free, confidential review with no upfront fees.":
    "¿Sufrió una agresión o acoso durante un viaje en Uber, Lyft o taxi? Los acuerdos típicos van de $100K a más de $1M. Una revisión gratuita y confidencial, sin costos por adelantado.",
  "RideShare Assault": "Agresión en viajes compartidos",
  "Assaulted or harassed during an Uber, Lyft or other rideshare trip.": "Sufrió una agresión o acoso durante un viaje en Uber, Lyft u otra aplicación de viajes.",
  "Potential compensation": "Compensación posible",
  "Start RideShare Claim": "Empezar reclamo por agresión",
  "Free & Confidential Review": "Revisión gratuita y confidencial",
  "Harmed During an Uber, Lyft or Taxi Ride?": "¿Le hicieron daño durante un viaje en Uber, Lyft o taxi?",
  "If you were assaulted or harassed by a driver, you are not alone, and it was not your fault. Rideshare companies can be held responsible for failing to keep riders safe. Find out, privately and free of charge, whether you may have a claim.":
    "Si sufrió una agresión o acoso por parte de un conductor, no es la única persona a quien le ha pasado, y no fue su culpa. Las empresas de viajes compartidos pueden ser responsables por no proteger a sus pasajeros. Averigüe en privado y sin costo si podría tener un reclamo.",
  "Typical settlement": "Acuerdo típico",
  "Cost to you upfront": "Lo que paga por adelantado",
  "Start Your Confidential Claim": "Empiece su reclamo confidencial",
  "How it works": "Cómo funciona",
  "Answer a few private questions; it takes about 2 minutes": "Conteste unas preguntas en privado; toma unos 2 minutos",
  "An attorney experienced with rideshare cases reviews your answers": "Un abogado con experiencia en casos de viajes compartidos revisa sus respuestas",
  "They contact you within 24-48 hours to explain your options": "Se comunica con usted en 24 a 48 horas para explicarle sus opciones",
  "Start My Claim": "Empezar mi reclamo",
  "Incidents that may qualify": "Situaciones que podrían calificar",
  "Claims can be brought for incidents during a trip booked through an app, or in a taxi, whether or not you reported it to the police.":
    "Se puede presentar un reclamo por lo que pasó durante un viaje pedido por una aplicación o en un taxi, lo haya denunciado a la policía o no.",
  "Sexual assault": "Agresión sexual",
  "Unwanted sexual contact or rape by a driver, during or after a ride.": "Contacto sexual sin su consentimiento o violación por parte de un conductor, durante el viaje o después.",
  "Physical assault": "Agresión física",
  "Being hit, grabbed, restrained or otherwise physically attacked.": "Golpes, jalones, sujeción a la fuerza u otro tipo de ataque físico.",
  Harassment: "Acoso",
  "Threats, stalking, unwanted advances or sexual comments from a driver.": "Amenazas, acecho, insinuaciones no deseadas o comentarios sexuales de un conductor.",
  Kidnapping: "Secuestro",
  "Being taken off route, locked in the car or held against your will.": "Que el conductor se saliera de la ruta, le encerrara en el auto o le retuviera contra su voluntad.",
  "Your privacy and your choice": "Su privacidad y su decisión",
  "Strictly confidential": "Estrictamente confidencial",
  "Your answers are kept private and never shared with the rideshare company.": "Sus respuestas se mantienen en privado y nunca se comparten con la empresa de viajes.",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who have handled cases against rideshare companies.": "Abogados que ya han llevado casos contra empresas de viajes compartidos.",
  "At your own pace": "A su propio ritmo",
  "Asking for a free review does not commit you to anything.": "Pedir una revisión gratuita no implica ningún compromiso.",
  "Support is available now": "Hay ayuda disponible ahora",
  "If you are in danger, call 911. For free, confidential support at any hour, you can call the National Sexual Assault Hotline. You do not need to start a claim to get help.":
    "Si está en peligro, llame al 911. Para recibir apoyo gratuito y confidencial a cualquier hora, puede llamar a la Línea Nacional de Ayuda contra la Agresión Sexual (National Sexual Assault Hotline). No necesita empezar un reclamo para recibir ayuda.",
  "Call 800-656-4673": "Llame al 800-656-4673",
  "Find out if you have a claim": "Averigüe si tiene un reclamo",
  "It takes about two minutes. An attorney will contact you within 24-48 hours.": "Toma unos dos minutos. Un abogado se comunicará con usted en 24 a 48 horas.",
  // The form
  "Rideshare Assault Claim Form": "Reclamo por agresión en un viaje compartido",
  "Four short, confidential steps. Share only what you are comfortable with; your answers are never shared with the rideshare company.":
    "Cuatro pasos breves y confidenciales. Comparta solo lo que le resulte cómodo; sus respuestas nunca se comparten con la empresa de viajes.",
  "What Happened": "Lo que pasó",
  "Which best describes what happened?": "¿Qué describe mejor lo que pasó?",
  "Kidnapping or being held against my will": "Secuestro o me retuvieron contra mi voluntad",
  "Something else happened": "Pasó otra cosa",
  "No incident occurred": "No ocurrió ningún incidente",
  "Which service were you using?": "¿Qué servicio estaba usando?",
  Uber: "Uber",
  Lyft: "Lyft",
  "Another rideshare app": "Otra aplicación de viajes",
  Taxi: "Taxi",
  "Reporting & Representation": "Denuncia y abogado",
  "Has a police report been filed?": "¿Se presentó una denuncia ante la policía?",
  "Not yet, but I plan to": "Todavía no, pero pienso hacerlo",
  "Do you already have an attorney for this incident?": "¿Ya tiene un abogado para este caso?",
  "Date of the incident": "Fecha en que pasó",
  "If you are not sure of the exact date, you can leave this blank.": "Si no sabe la fecha exacta, puede dejarla en blanco.",
  "Contact Information": "Sus datos de contacto",
  "Terms & Consent": "Condiciones y consentimiento",
  Next: "Siguiente",
  "Submit Claim": "Enviar reclamo",
  "Submitting...": "Enviando...",
  "There was an error submitting your claim. Please try again.": "Hubo un error al enviar su reclamo. Inténtelo de nuevo.",
  "Your claim was received securely. Lead ID: {id}": "Recibimos su reclamo de forma segura. Número de referencia: {id}",
  "within 24-48 hours": "en 24 a 48 horas",
  // The schema's messages, shown where a field is answered wrongly
  "Please enter a valid date": "Escriba una fecha válida",
  "The incident date must be within the last 10 years": "La fecha debe ser de los últimos 10 años",
  "The incident date cannot be in the future": "La fecha no puede ser en el futuro",
  "Please agree to be contacted to continue.": "Para continuar, acepte que lo contacten.",
  // Results
  "We're Sorry": "Lo sentimos",
  "Based on your answers, our partner attorneys are not able to take on this claim: they can help only with an incident that happened during a ride, and only when no other attorney already represents you. If something did happen, a local attorney or your current attorney can advise you.":
    "Según sus respuestas, nuestros abogados asociados no pueden tomar este reclamo: solo pueden ayudar cuando lo que pasó ocurrió durante un viaje, y cuando ningún otro abogado lo representa ya. Si algo le pasó, un abogado de su zona o su abogado actual puede orientarle.",
  "Free, confidential support is available at any hour from the National Sexual Assault Hotline:":
    "Puede recibir apoyo gratuito y confidencial a cualquier hora en la Línea Nacional de Ayuda contra la Agresión Sexual (National Sexual Assault Hotline):",
  "We Can Help": "Podemos ayudarle",
  "Thank you for sharing this with us; we know it is not easy. Your answers suggest you may have a claim, and everything you told us stays confidential.":
    "Gracias por contarnos esto; sabemos que no es fácil. Sus respuestas indican que podría tener un reclamo, y todo lo que nos dijo se mantiene confidencial.",
  "Thank You!": "¡Gracias!",
  "We received your information and will review it carefully and in confidence.": "Recibimos su información y la revisaremos con cuidado y de forma confidencial.",
};

export default spanish;
