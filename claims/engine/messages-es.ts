import type { SpanishTable } from "./localize";

/**
 * The Spanish of what every claim shares (docs/decisions/058): the contact questions, yes/no, the
 * validation messages of claims/engine and of the lead service, and the consent text. Written for a
 * claimant, in the usted form: plain words a person trusts, not a word-for-word copy of the English.
 */
export const ENGINE_SPANISH: SpanishTable = {
  // The contact questions (personal-fields.ts).
  "Personal Information": "Sus datos personales",
  "First Name": "Nombre",
  "Last Name": "Apellido",
  "Email Address": "Correo electrónico",
  "Phone Number": "Número de teléfono",
  State: "Estado",
  "Select your state": "Seleccione su estado",
  "I agree to be contacted": "Acepto que me contacten",
  Yes: "Sí",
  No: "No",
  "First name is required": "Escriba su nombre",
  "First name must be at least 2 characters": "El nombre debe tener al menos 2 letras",
  "Last name is required": "Escriba su apellido",
  "Last name must be at least 2 characters": "El apellido debe tener al menos 2 letras",
  "Email is required": "Escriba su correo electrónico",
  "Please enter a valid email address": "Escriba un correo electrónico válido",
  "Phone number is required": "Escriba su número de teléfono",
  "Please enter a valid phone number": "Escriba un número de teléfono válido",
  "Please select your state": "Seleccione su estado",
  "Please select an option": "Seleccione una opción",
  "Please select at least one option": "Seleccione al menos una opción",
  "You must agree to be contacted": "Debe aceptar que lo contacten para continuar",
  // An answer as the certificate page shows it (answer-text.ts).
  "Not provided": "No proporcionado",
  Agreed: "Aceptó",
  "Not agreed": "No aceptó",
  // claims/engine/schema-builders.ts and form-values.ts.
  "Please remove control characters and hidden text-direction marks": "Quite los caracteres de control y las marcas ocultas de dirección del texto",
  "Please start with a letter": "Empiece con una letra",
  "Please remove invisible characters (such as zero-width spaces) from the name": "Quite los caracteres invisibles (como espacios de ancho cero) del nombre",
  "Missing required fields": "Faltan respuestas obligatorias",
  "Please correct the answers marked below": "Corrija las respuestas marcadas abajo",
  // The lead service's answers (server/leads, server/contacts), shown on the form.
  "The part of the email address before the @ can have at most 64 characters.": "La parte del correo antes de la @ puede tener como máximo 64 caracteres.",
  "The email address's domain is not valid: each part between dots can have at most 63 characters.":
    "El dominio del correo no es válido: cada parte entre puntos puede tener como máximo 63 caracteres.",
  "A US phone number has 10 digits: the area code and the 7-digit number.": "Un número de EE. UU. tiene 10 dígitos: el código de área y el número de 7 dígitos.",
  "Enter a US phone number: other countries' numbers are not taken.": "Escriba un número de EE. UU.: no aceptamos números de otros países.",
  "Disposable e-mail address": "Ese correo es desechable: use una dirección permanente",
  "The claim could not be saved just now. Please try again in a moment.": "No pudimos guardar su reclamo en este momento. Inténtelo de nuevo en un momento.",
  "Too many claims were submitted from your network in the last hour. Please try again later.":
    "Se enviaron demasiados reclamos desde su red en la última hora. Inténtelo más tarde.",
};

/** Messages with a number or an answer in them: a pattern and its Spanish. */
export const ENGINE_SPANISH_PATTERNS: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string]> = [
  [/^Please keep this under (\d+) characters$/, (m) => `Escriba menos de ${m[1]} caracteres`],
  // A free text's size, where the certificate page masks it (server/contacts/mask.ts).
  [/^Provided \((\d+) characters?\)$/, (m) => `Proporcionado (${m[1]} ${m[1] === "1" ? "carácter" : "caracteres"})`],
  [/^'(.+)' cannot be combined with other answers$/, (m) => `«${m[1]}» no se puede combinar con otras respuestas`],
  [/^(\d+) is not a US area code in use\. Please check the phone number\.$/, (m) => `${m[1]} no es un código de área de EE. UU. en uso. Revise el número.`],
  [
    /^A US phone number cannot start with (\d+) after the area code\. Please check the phone number\.$/,
    (m) => `Un número de EE. UU. no puede empezar con ${m[1]} después del código de área. Revise el número.`,
  ],
];

/**
 * The built-in Spanish consent (TCPA) text, `{brand}` for the site's name: the `consent-text:es`
 * entry's version 1 (migration 2026-11-27-36). Consent in plain words: who may call, how, that it is
 * not a condition of buying anything, and how to take it back.
 */
export const BUILT_IN_CONSENT_TEMPLATE_ES =
  "Al marcar esta casilla y enviar este formulario, acepto que {brand} y sus abogados participantes " +
  "me llamen y me envíen mensajes de texto, incluso con tecnología automatizada y mensajes pregrabados, " +
  "al número de teléfono que di, sobre mi reclamo. Dar este consentimiento no es una condición para comprar " +
  "ningún bien o servicio. Pueden aplicarse tarifas de mensajes y datos; responda STOP para dejar de recibirlos. " +
  "Puede retirar este consentimiento en cualquier momento en nuestra página para darse de baja, /es/opt-out.";
