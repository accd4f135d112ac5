import type { Locale } from "#claims/engine/locale";

/**
 * Every public page's own words (docs/decisions/058): the header and footer, the home page, the trust
 * strip, the claim pages' frames, the opt-out flow, the certificate page and the 404 page, in each
 * language. `es` has the type of `en`, so a key missing in Spanish does not compile; the unit test
 * (tests/unit/i18n-messages.test.ts) checks that none is left empty or in English by mistake.
 */
const en = {
  languageName: "English",
  /** The link to the page in the other language, written in that language. */
  otherLanguageLink: "Español",
  otherLanguageLabel: "Ver esta página en español",
  skipToContent: "Skip to content",
  secureConfidential: "Secure & Confidential",
  // Footer
  footerNav: "Footer",
  home: "Home",
  blog: "Blog",
  optOut: "Opt out",
  disclaimersTitle: "Important disclaimers",
  disclaimers: (name: string) => [
    "This website is a paid attorney advertisement.",
    `${name} is not a law firm and is not an attorney referral service.`,
    "Submitting information does not create an attorney-client relationship, and no attorney-client privilege is guaranteed for the information you submit.",
    "An automated system matches each request with a participating member attorney who practices in your geographic area.",
    "This site is not endorsed by, sponsored by or affiliated with any social media or video platform.",
    "Past results do not guarantee a similar outcome. Settlement figures are examples, not predictions.",
  ],
  rightsReserved: "All rights reserved.",
  // Home
  homeTitle: "Get the Compensation You Deserve | Free Claim Review",
  homeDescription:
    "Free, confidential case reviews for car accidents, PFAS, mesothelioma, RoundUp, AFFF, rideshare assault, video game addiction and Depo-Provera claims. No upfront fees.",
  homeBadge: "Free, no-obligation case review",
  chooseClaim: "Choose your claim",
  chooseClaimIntro: "Each review is free and takes about two minutes.",
  legalGuides: "Legal guides",
  viewAllArticles: "View All Articles",
  // Trust strip
  trustTitle: "Why people trust us with their claims",
  trustPoints: [
    { title: "Secure & Confidential", text: "Your information is encrypted and private." },
    { title: "24/7 Support", text: "Start your claim any time, day or night." },
    { title: "No Upfront Fees", text: "You pay only if your case is won." },
    { title: "Nationwide Network", text: "Experienced attorneys across the country." },
  ],
  // Claim pages
  startMyClaim: "Start My Claim",
  secureForm: "Secure Form - SSL Encrypted",
  backToHome: "Back to Home",
  formPageTitle: (title: string | undefined) => (title ? `${title} | Free Case Review` : "Free Case Review"),
  contactTitle: "Questions? We're here to help",
  contactText: "Talk to our team about your claim, free and confidential.",
  call: (phone: string) => `Call ${phone}`,
  claimSavedReference: "Your claim was saved. Reference:",
  // 404
  notFoundTitle: "Page not found",
  notFoundHeading: "Oops! Page not found",
  notFoundText: "The page you are looking for does not exist or has moved.",
  returnHome: "Return to Home",
  // A paused claim defined as data (docs/decisions/059)
  claimClosedTitle: (title: string) => `${title}: this claim is closed`,
  claimClosedText: "We are not taking new submissions for this claim.",
  // Opt-out
  optOutTitle: "Opt out: revoke your consent",
  optOutDescription: "Revoke your consent to be contacted about your claim, by phone number or e-mail address. We tell everyone we shared it with.",
  optOutDone:
    "Your request is recorded. If we hold any claim with this phone number or e-mail address, your consent is revoked now: it will not be shared again, and everyone we shared it with is told to stop contacting you.",
  consentRevoked: "Consent revoked",
  confirmRequest: "Confirm your request",
  revokeFor: "Revoke consent for",
  revokeForAfter: "? Every claim with it stops being shared, and everyone it was shared with is told to stop contacting you.",
  yesRevoke: "Yes, revoke my consent",
  change: "Change",
  optOutIntro: (name: string) =>
    `To withdraw your consent to be called, texted or e-mailed about a claim you sent ${name}, enter the phone number or e-mail address you gave us. You confirm on the next screen.`,
  phoneOrEmail: "Phone number or e-mail address",
  continue: "Continue",
  // Certificate page
  certificateTitle: "Consent Certificate Verification",
  certificateMissing: "No certificate ID provided. Please check your verification link.",
  certificateFailed: "TrustedFormsPro certificate verification failed. Please check the certificate ID and try again.",
  verified: "Verified",
  consentCertificate: "Consent Certificate",
  firstPartyIntro: "This certificate records a consented submission of a form on this site. Personal details are masked on this public page.",
  certificateRecord: "Certificate record",
  certificateId: "Certificate ID",
  kind: "Kind",
  firstPartyKind: "First-party form (our own page)",
  form: "Form",
  formLanguage: "Language of the form",
  submitted: "Submitted",
  ipAddress: "IP address",
  browser: "Browser",
  page: "Page",
  notRecorded: "Not recorded",
  submissionSha: "Submission SHA-256",
  timesVerified: "Times verified",
  lastVerified: "Last verified",
  consentShown: "Consent text shown to the visitor",
  consentVersionOfSite: (n: number) => `Consent text version ${n} of this site; `,
  version: "Version",
  submittedAnswers: "Submitted answers",
  purged: (when: string) => `The answers, IP address, browser and page were purged on ${when}, after the retention period for consent records.`,
  certificateNotVerified: "Certificate not verified",
  // Certificate page: a supplier's lead (docs/decisions/046)
  supplierIntro: (supplier: string) =>
    `Consent asserted by ${supplier}: this lead was sent to us through our API. We served no form and saw no consent given; what follows is the supplier's own report. Personal details are masked on this public page.`,
  supplierKind: "Supplier-asserted consent (sent through the API)",
  supplier: "Supplier",
  suppliersCertificate: "Supplier's certificate",
  noneSent: "None sent",
  consentTimeReported: "Consent time reported",
  notReported: "Not reported",
  supplierConsentText: "Consent text the supplier reports",
  // Certificate page: its signature (docs/decisions/024)
  signatureTitle: "Digital signature",
  signatureIntro:
    "This record is signed with this site's Ed25519 key. Anyone can check that it is genuine and unaltered with the public key, without relying on this page or our database.",
  algorithm: "Algorithm",
  compactJws: "compact JWS",
  keyId: "Key ID",
  signedCertificate: "Signed certificate",
  publicKeys: "Public keys",
  howToCheck: "How to check it",
  checkSteps: (issuer: string, certificateId: string) => [
    "Download the signed certificate: a compact JWS (three base64url parts separated by dots).",
    "Download the public keys and take the one whose key ID (kid) is the one in the JWS header.",
    `Verify the EdDSA signature with any JOSE library. Its payload is the record on this page, with the issuer (iss) ${issuer} and the subject (sub) ${certificateId}. Any change to it makes the signature fail.`,
  ],
  checkingInJavaScript: "Checking it in JavaScript",
  // Certificate page: checks before a sale (docs/decisions/048)
  checksTitle: "Checks before a sale",
  checksIntro:
    "Lookups run on the lead before it was offered to buyers, such as Do Not Call or litigator scrubs. The providers' answers are not shown.",
  noChecks: "No checks before a sale were run on this lead.",
  checkOutcomes: { pass: "Passed", block: "Blocked", unavailable: "Unavailable" },
  fromCache: "from the cache",
  dateLocale: "en-US",
};

export type PageMessages = typeof en;

const es: PageMessages = {
  languageName: "Español",
  otherLanguageLink: "English",
  otherLanguageLabel: "View this page in English",
  skipToContent: "Saltar al contenido",
  secureConfidential: "Seguro y confidencial",
  footerNav: "Pie de página",
  home: "Inicio",
  blog: "Blog (en inglés)",
  optOut: "Darse de baja",
  disclaimersTitle: "Avisos importantes",
  disclaimers: (name) => [
    "Este sitio web es publicidad pagada de abogados.",
    `${name} no es un bufete de abogados ni un servicio de referencia de abogados.`,
    "Enviar su información no crea una relación abogado-cliente, y no se garantiza el secreto profesional para la información que envía.",
    "Un sistema automatizado asigna cada solicitud a un abogado participante que ejerce en su zona.",
    "Este sitio no está respaldado ni patrocinado por ninguna red social o plataforma de video, ni afiliado a ellas.",
    "Los resultados anteriores no garantizan un resultado similar. Las cifras de acuerdos son ejemplos, no predicciones.",
  ],
  rightsReserved: "Todos los derechos reservados.",
  homeTitle: "Reciba la compensación que le corresponde | Revisión gratuita de su reclamo",
  homeDescription:
    "Revisión gratuita y confidencial de casos por accidentes de auto, PFAS, mesotelioma, RoundUp, AFFF, agresiones en viajes compartidos, adicción a los videojuegos y Depo-Provera. Sin costos por adelantado.",
  homeBadge: "Revisión de su caso gratis y sin compromiso",
  chooseClaim: "Elija su reclamo",
  chooseClaimIntro: "Cada revisión es gratuita y toma unos dos minutos.",
  legalGuides: "Guías legales (en inglés)",
  viewAllArticles: "Ver todos los artículos",
  trustTitle: "Por qué la gente nos confía sus reclamos",
  trustPoints: [
    { title: "Seguro y confidencial", text: "Su información está cifrada y es privada." },
    { title: "Disponible 24/7", text: "Empiece su reclamo a cualquier hora, de día o de noche." },
    { title: "Sin costos por adelantado", text: "Solo paga si gana su caso." },
    { title: "Red nacional", text: "Abogados con experiencia en todo el país." },
  ],
  startMyClaim: "Empezar mi reclamo",
  secureForm: "Formulario seguro - cifrado SSL",
  backToHome: "Volver al inicio",
  formPageTitle: (title) => (title ? `${title} | Revisión gratuita de su caso` : "Revisión gratuita de su caso"),
  contactTitle: "¿Preguntas? Estamos para ayudarle",
  contactText: "Hable con nuestro equipo sobre su reclamo, de forma gratuita y confidencial.",
  call: (phone) => `Llame al ${phone}`,
  claimSavedReference: "Guardamos su reclamo. Número de referencia:",
  notFoundTitle: "Página no encontrada",
  notFoundHeading: "¡Uy! No encontramos esta página",
  notFoundText: "La página que busca no existe o cambió de dirección.",
  returnHome: "Volver al inicio",
  claimClosedTitle: (title) => `${title}: este reclamo está cerrado`,
  claimClosedText: "Ya no recibimos nuevas solicitudes para este reclamo.",
  optOutTitle: "Darse de baja: retire su consentimiento",
  optOutDescription:
    "Retire su consentimiento para que lo contacten sobre su reclamo, con su número de teléfono o su correo electrónico. Avisamos a todos con quienes lo compartimos.",
  optOutDone:
    "Registramos su solicitud. Si tenemos algún reclamo con este número de teléfono o correo electrónico, su consentimiento queda retirado ahora: no se volverá a compartir, y avisamos a todos con quienes lo compartimos que dejen de contactarlo.",
  consentRevoked: "Consentimiento retirado",
  confirmRequest: "Confirme su solicitud",
  revokeFor: "¿Retirar el consentimiento para",
  revokeForAfter: "? Ningún reclamo con este dato se volverá a compartir, y avisaremos a todos con quienes se compartió que dejen de contactarlo.",
  yesRevoke: "Sí, retirar mi consentimiento",
  change: "Cambiar",
  optOutIntro: (name) =>
    `Para retirar su consentimiento a recibir llamadas, mensajes de texto o correos sobre un reclamo que envió a ${name}, escriba el número de teléfono o el correo electrónico que nos dio. Lo confirmará en la siguiente pantalla.`,
  phoneOrEmail: "Número de teléfono o correo electrónico",
  continue: "Continuar",
  certificateTitle: "Verificación del certificado de consentimiento",
  certificateMissing: "Falta el número del certificado. Revise su enlace de verificación.",
  certificateFailed: "No se pudo verificar el certificado de TrustedFormsPro. Revise el número del certificado e inténtelo de nuevo.",
  verified: "Verificado",
  consentCertificate: "Certificado de consentimiento",
  firstPartyIntro:
    "Este certificado registra el envío de un formulario de este sitio con el consentimiento de la persona. Los datos personales están ocultos en esta página pública.",
  certificateRecord: "Datos del certificado",
  certificateId: "Número del certificado",
  kind: "Tipo",
  firstPartyKind: "Formulario propio (nuestra página)",
  form: "Formulario",
  formLanguage: "Idioma del formulario",
  submitted: "Enviado",
  ipAddress: "Dirección IP",
  browser: "Navegador",
  page: "Página",
  notRecorded: "No registrado",
  submissionSha: "SHA-256 del envío",
  timesVerified: "Veces verificado",
  lastVerified: "Última verificación",
  consentShown: "Texto de consentimiento que vio la persona",
  consentVersionOfSite: (n) => `Versión ${n} del texto de consentimiento de este sitio; `,
  version: "Versión",
  submittedAnswers: "Respuestas enviadas",
  purged: (when) =>
    `Las respuestas, la dirección IP, el navegador y la página se borraron el ${when}, al terminar el plazo de conservación de los registros de consentimiento.`,
  certificateNotVerified: "Certificado no verificado",
  supplierIntro: (supplier) =>
    `Consentimiento declarado por ${supplier}: este reclamo nos llegó a través de nuestra API. No mostramos ningún formulario ni vimos cómo se dio el consentimiento; lo que sigue es lo que informa el proveedor. Los datos personales están ocultos en esta página pública.`,
  supplierKind: "Consentimiento declarado por el proveedor (enviado por la API)",
  supplier: "Proveedor",
  suppliersCertificate: "Certificado del proveedor",
  noneSent: "No se envió ninguno",
  consentTimeReported: "Hora del consentimiento informada",
  notReported: "No informada",
  supplierConsentText: "Texto de consentimiento que informa el proveedor",
  signatureTitle: "Firma digital",
  signatureIntro:
    "Este registro está firmado con la clave Ed25519 de este sitio. Cualquier persona puede comprobar con la clave pública que es auténtico y que no se modificó, sin depender de esta página ni de nuestra base de datos.",
  algorithm: "Algoritmo",
  compactJws: "JWS compacto",
  keyId: "ID de la clave",
  signedCertificate: "Certificado firmado",
  publicKeys: "Claves públicas",
  howToCheck: "Cómo comprobarlo",
  checkSteps: (issuer, certificateId) => [
    "Descargue el certificado firmado: un JWS compacto (tres partes en base64url separadas por puntos).",
    "Descargue las claves públicas y tome la que tiene el ID de clave (kid) que aparece en el encabezado del JWS.",
    `Verifique la firma EdDSA con cualquier biblioteca JOSE. Su contenido es el registro de esta página, con las preguntas y respuestas en inglés tal como se firmaron, el emisor (iss) ${issuer} y el sujeto (sub) ${certificateId}. Cualquier cambio hace que la firma no sea válida.`,
  ],
  checkingInJavaScript: "Cómo comprobarlo en JavaScript",
  checksTitle: "Verificaciones antes de una venta",
  checksIntro:
    "Consultas hechas sobre el reclamo antes de ofrecerlo a los compradores, como la lista Do Not Call (No llamar) o la revisión de litigantes. No se muestran las respuestas de los proveedores.",
  noChecks: "No se hizo ninguna verificación antes de una venta de este reclamo.",
  checkOutcomes: { pass: "Aprobada", block: "Bloqueada", unavailable: "No disponible" },
  fromCache: "de la caché",
  dateLocale: "es-US",
};

export const PAGE_MESSAGES: Readonly<Record<Locale, PageMessages>> = { en, es };

/** Messages the server's services give in English that a Spanish page shows (the opt-out flow's). */
export const SERVICE_MESSAGES_ES: Readonly<Record<string, string>> = {
  "Enter the phone number or e-mail address you gave us.": "Escriba el número de teléfono o el correo electrónico que nos dio.",
  "Enter a 10-digit US phone number with its area code, such as (415) 555-0134.": "Escriba un número de EE. UU. de 10 dígitos con su código de área, como (415) 555-0134.",
  "Enter an e-mail address such as name@example.com.": "Escriba un correo electrónico como nombre@ejemplo.com.",
  "Too many opt-out requests came from your network in the last hour. Please try again later, or call us.":
    "Llegaron demasiadas solicitudes de baja desde su red en la última hora. Inténtelo más tarde o llámenos.",
  // The certificate service's words for what a supplier did not send (server/certificates).
  "an unnamed API sender (before supplier keys)": "un remitente de la API sin nombre (anterior a las claves de proveedor)",
  "Not reported by the supplier": "El proveedor no lo informó",
};

export const serviceMessage = (message: string, locale: Locale) => (locale === "es" ? (SERVICE_MESSAGES_ES[message] ?? message) : message);
