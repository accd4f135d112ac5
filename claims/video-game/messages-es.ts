import type { SpanishTable } from "../engine/localize";

/**
 * The video-game-addiction claim in Spanish (docs/decisions/058), in the usted form, for a player or a
 * parent. The games' own terms (loot boxes, pay-to-win) keep their English name beside the Spanish
 * the first time they appear, as players know them by it.
 */
const spanish: SpanishTable = {
  // Landing page and home card
  "Video Game Addiction Claims: Free Case Review": "Reclamos por adicción a los videojuegos: revisión gratuita de su caso",
  "Did addictive game design harm you or your child's mental health, finances or relationships? Potential recovery of $10K - $100K+. Free, confidential review.":
    "¿Un videojuego diseñado para crear adicción dañó la salud mental, el dinero o las relaciones de usted o de su hijo? Podría recuperar de $10K a más de $100K. Revisión gratuita y confidencial.",
  "Video Game Addiction": "Adicción a los videojuegos",
  "Harmed by games designed to be addictive, for you or your child.": "Daños causados por juegos diseñados para crear adicción, a usted o a su hijo.",
  "Potential recovery": "Monto que podría recuperar",
  "Start Gaming Claim": "Reclamar por videojuegos",
  "Free Case Review": "Revisión gratuita de su caso",
  "Video Game Addiction Claims": "Reclamos por adicción a los videojuegos",
  "Some video game makers design their games to be hard to put down: endless reward loops, loot boxes and constant pressure to buy. If gaming took over your life or your child's, you may be able to hold them responsible.":
    "Algunas empresas de videojuegos diseñan sus juegos para que sea difícil dejarlos: recompensas sin fin, cajas de botín (loot boxes) y una presión constante para comprar. Si los videojuegos se apoderaron de su vida o de la de su hijo, podría hacer responsables a esas empresas.",
  "Cost to you upfront": "Lo que paga por adelantado",
  "Start Your Free Gaming Addiction Claim": "Empiece gratis su reclamo por adicción a los videojuegos",
  "How it works": "Cómo funciona",
  "Tell us about the games and the harm they caused": "Cuéntenos qué juegos eran y el daño que causaron",
  "A legal expert reviews your claim, free of charge": "Un experto legal revisa su reclamo sin costo",
  "We contact you within 24 hours to discuss your options": "Nos comunicamos con usted en menos de 24 horas para hablar de sus opciones",
  "Start My Claim": "Empezar mi reclamo",
  "How gaming addiction can harm you": "Cómo puede hacerle daño la adicción a los videojuegos",
  "Claims look at the real damage compulsive gaming caused, for players and for the families around them.":
    "Los reclamos se basan en el daño real que causó jugar de forma compulsiva, a los jugadores y a sus familias.",
  "Mental health": "Salud mental",
  "Anxiety, depression, sleep problems, anger and withdrawal when not playing.": "Ansiedad, depresión, problemas para dormir, enojo y síntomas de abstinencia cuando no se juega.",
  "Financial loss": "Pérdidas de dinero",
  "Money spent on in-game purchases, loot boxes, currencies and subscriptions.": "Dinero gastado en compras dentro del juego, cajas de botín, monedas virtuales y suscripciones.",
  Relationships: "Relaciones",
  "Strained family life, lost friendships and isolation from the people who matter.": "Tensiones en la familia, amistades perdidas y aislamiento de las personas que importan.",
  "School & work": "Escuela y trabajo",
  "Falling grades, missed classes and jobs or careers put on hold.": "Calificaciones más bajas, clases perdidas y trabajos o carreras en pausa.",
  "Features designed to keep players hooked": "Funciones diseñadas para que los jugadores no puedan dejar de jugar",
  "Loot boxes": "Cajas de botín (loot boxes)",
  "Paid random rewards that work like gambling.": "Premios al azar que se compran con dinero real y funcionan como apuestas.",
  "Reward loops": "Ciclos de recompensas",
  "Daily rewards, streaks and levels that punish taking a break.": "Premios diarios, rachas y niveles que castigan a quien toma un descanso.",
  "In-game currency": "Monedas del juego",
  "Virtual coins that hide how much real money is being spent.": "Monedas virtuales que esconden cuánto dinero real se está gastando.",
  "Limited-time offers": "Ofertas por tiempo limitado",
  "Countdowns and exclusive items that pressure players to buy now.": "Cuentas regresivas y artículos exclusivos que presionan a los jugadores para comprar ya.",
  "Why families choose us": "Por qué las familias nos eligen",
  "No upfront fees": "Sin costos por adelantado",
  "Attorneys are paid only if you receive compensation.": "Los abogados cobran solo si usted recibe una compensación.",
  "Experienced attorneys": "Abogados con experiencia",
  "Lawyers who follow the gaming addiction lawsuits closely.": "Abogados que siguen de cerca las demandas por adicción a los videojuegos.",
  "Fast response": "Respuesta rápida",
  "A legal expert contacts you within 24 hours.": "Un experto legal se comunica con usted en menos de 24 horas.",
  Confidential: "Confidencial",
  "Your information is private and encrypted.": "Su información es privada y está cifrada.",
  "Find out if you qualify": "Averigüe si califica",
  "Four short steps, about 3 minutes. You can apply for yourself or on behalf of your child.":
    "Cuatro pasos breves, unos 3 minutos. Puede hacer el reclamo para usted o en nombre de su hijo.",
  // The form
  "Video Game Addiction Claim": "Reclamo por adicción a los videojuegos",
  "Four short steps to a free, confidential case review, for yourself or on behalf of your child.":
    "Cuatro pasos breves para una revisión gratuita y confidencial de su caso, para usted o en nombre de su hijo.",
  "Gaming History": "Historial de juego",
  "Which games did you (or your child) play?": "¿Qué juegos jugaba usted (o su hijo)?",
  "List the main games, separated by commas.": "Escriba los juegos principales, separados por comas.",
  "When did the gaming happen?": "¿En qué período jugaba?",
  "e.g. 2018 to now": "p. ej., de 2018 hasta hoy",
  "Average hours of gaming per day": "Horas de juego por día, en promedio",
  "e.g. 6": "p. ej., 6",
  "About how much money was spent in games?": "¿Cuánto dinero se gastó en los juegos, más o menos?",
  "Include in-game purchases, loot boxes and subscriptions.": "Incluya las compras dentro del juego, las cajas de botín y las suscripciones.",
  "e.g. $2,500": "p. ej., $2,500",
  "Impact on Your Life": "Cómo afectó su vida",
  "How has gaming affected physical or mental health?": "¿Cómo afectaron los videojuegos la salud física o mental?",
  "For example: anxiety, depression, sleep problems, withdrawal or falling behind at school or work.":
    "Por ejemplo: ansiedad, depresión, problemas para dormir, síntomas de abstinencia o atrasos en la escuela o el trabajo.",
  "Effects on family and relationships": "Efectos en la familia y las relaciones",
  "Financial harm": "Daños económicos",
  "Treatment or counseling sought": "Tratamiento o terapia que buscó",
  "Game Features & Details": "Funciones del juego y detalles",
  "Which game features kept you playing or spending?": "¿Qué funciones del juego hacían que siguiera jugando o gastando?",
  "For example: loot boxes, limited-time offers, daily rewards, streaks, in-game currency or pay-to-win upgrades.":
    "Por ejemplo: cajas de botín, ofertas por tiempo limitado, premios diarios, rachas, monedas del juego o mejoras pagadas para ganar (pay-to-win).",
  "Anything else we should know?": "¿Hay algo más que debamos saber?",
  "Next Steps": "Próximos pasos",
  "A legal expert reviews your claim, free of charge.": "Un experto legal revisa su reclamo sin costo.",
  "We contact you within 24 hours to talk about your options.": "Nos comunicamos con usted en menos de 24 horas para hablar de sus opciones.",
  "If you have a case, an attorney who handles gaming addiction claims takes it on: no fees unless you win.":
    "Si tiene un caso, lo toma un abogado que lleva reclamos por adicción a los videojuegos: no paga honorarios a menos que gane.",
  "Submit My Gaming Addiction Claim": "Enviar mi reclamo",
  "Submitting...": "Enviando...",
  "Failed to submit your claim. Please try again.": "No se pudo enviar su reclamo. Inténtelo de nuevo.",
  "Your Video Game Addiction claim has been submitted successfully! Lead ID: {id}": "¡Su reclamo por adicción a los videojuegos se envió correctamente! Número de referencia: {id}",
  "within 24 hours": "en menos de 24 horas",
  // The schema's messages, shown where a field is answered wrongly
  "State is required": "Seleccione su estado",
  "Please list the games you played": "Escriba los juegos que jugaba",
  "Gaming period is required": "Escriba en qué período jugaba",
  "Hours per day is required": "Escriba cuántas horas por día jugaba",
  "Please enter a number of hours between 0 and 24": "Escriba un número de horas entre 0 y 24",
  "Money spent is required": "Escriba cuánto dinero se gastó",
  "Please describe health impacts": "Describa cómo afectó la salud",
  "Please describe manipulative features": "Describa las funciones que lo hacían seguir jugando o gastando",
  // Results
  "Thank You!": "¡Gracias!",
  "We have received your video game addiction claim.": "Recibimos su reclamo por adicción a los videojuegos.",
};

export default spanish;
