import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFields, HONEYPOT_FIELD, SUBMISSION_KEY_FIELD } from "#claims/engine/form-values";
import type { ClaimDefinition } from "#claims/engine/types";
import { localizedPath } from "#claims/engine/locale";
import { claimBySlug, claims } from "#claims/registry";
import { spanishTableOf } from "#claims/spanish-tables";
import { loader as rootLoader } from "../../app/root";
import { loader as homeLoader } from "../../app/routes/home";
import { action as formAction, loader as formLoader } from "../../app/routes/claim-form";
import { loader as landingLoader } from "../../app/routes/claim-landing";
import { loader as sitemapLoader } from "../../app/routes/sitemap-xml";
import { action as optOutAction } from "../../app/routes/opt-out";
import { loader as certificateLoader } from "../../app/routes/verify-certificate";
import { CertificateSaleChecks } from "../../app/components/certificate-sale-checks";
import { CertificateSignatureSection } from "../../app/components/certificate-signature";
import { CertificateSupplierRows } from "../../app/components/certificate-supplier-rows";
import { PAGE_MESSAGES } from "../../app/i18n/page-messages";
import type { CertificateSignature, CertificateView } from "../../server/certificates/certificate-service";
import type { WizardState } from "../../app/wizard/wizard";
import { recordSale } from "../../server/ledger";
import { FIRST_PARTY_SOURCE } from "../../server/suppliers/lead-source";
import { examplesOf } from "../fixtures/claims/examples";
import { expectedLead } from "../support/claim-expectations";
import { answerOf, formPost, routeArgs, settled, startRouteServices, TEST_SITE_URL } from "../support/load-context";
import { buyerInput } from "../support/routing-fixtures";

// Spanish under /es (issue 28, item 3; docs/decisions/058), through the route loaders and actions with
// plain Requests on a real database: the pages speak Spanish, the sitemap lists both languages, and a
// Spanish lead records its language and the Spanish consent text's version on its certificate.

let routes: Awaited<ReturnType<typeof startRouteServices>>;
beforeAll(async () => {
  routes = await startRouteServices();
  await routes.services.content.refresh();
});
afterAll(async () => {
  await routes?.close();
});

const mva = claimBySlug("mva")!;
let keys = 0;
const newKey = () => `spanish-key-${String(++keys).padStart(6, "0")}`;
const get = (path: string) => new Request(TEST_SITE_URL + path);

function formFields(definition: ClaimDefinition, answers: Record<string, unknown>, extra: Record<string, string>) {
  const fields: Record<string, string[]> = { [HONEYPOT_FIELD]: [""] };
  for (const field of allFields(definition)) {
    const value = answers[field.name];
    if (value === undefined || value === null) continue;
    if (field.kind === "consent") fields[field.name] = value === true ? ["on"] : [];
    else fields[field.name] = [value].flat().map(String);
  }
  return { ...fields, ...extra };
}

async function submit(path: string, ip: string) {
  const answers = examplesOf(mva).find((example) => example.outcome === "eligible")!.answers;
  const fields = formFields(mva, answers, { step: String(mva.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: newKey() });
  return settled(formAction(routeArgs(formPost(path, fields), routes.context({ ip }))));
}

describe("Spanish pages", () => {
  it("give the root the page's language, Spanish consent and a link to the English page", async () => {
    const root = await rootLoader(routeArgs(get("/es/mva-claim-landing"), routes.context()));
    expect(root.locale).toBe("es");
    expect(root.otherLanguageHref).toBe("/mva-claim-landing");
    expect(root.site.language).toBe("es");
    expect(root.site.consent?.template).toContain("Al marcar esta casilla");
    const english = await rootLoader(routeArgs(get("/blog"), routes.context()));
    expect(english.locale).toBe("en");
    // A page in English only links to the Spanish home page.
    expect(english.otherLanguageHref).toBe("/es");
  });

  it("render the home page, the landing and the form in Spanish, with Spanish addresses", async () => {
    const home = homeLoader(routeArgs(get("/es"), routes.context()));
    expect(home.hero.headline).toBe("Reciba la compensación que le corresponde");
    const card = home.cards.find((c) => c.theme === "theme-mva")!;
    expect(card).toMatchObject({ title: "Accidente de tránsito", href: "/es/mva-claim" });

    const landing = landingLoader(routeArgs(get("/es/mva-claim-landing"), routes.context()));
    expect(landing.landing.hero.title).toBe("Reciba la compensación que le corresponde");

    const form = await formLoader(routeArgs(get("/es/mva-claim"), routes.context()));
    expect(form.title).toBe("Evaluación de su reclamo por accidente de auto");
    expect(form.site.language).toBe("es");
  });

  it("answer Next on an empty step with Spanish messages", async () => {
    const answer = answerOf(await formAction(routeArgs(formPost("/es/mva-claim", { step: "0", intent: "next", [SUBMISSION_KEY_FIELD]: newKey() }), routes.context())));
    expect(answer.status).toBe(400);
    const { errors } = (answer.data as { wizard: WizardState }).wizard;
    expect(errors).toMatchObject({ fn: "Escriba su nombre", em: "Escriba su correo electrónico", st: "Seleccione su estado" });
  });

  it("answer a claim's own schema messages in Spanish, from its table", async () => {
    const fields = { step: "1", intent: "next", [SUBMISSION_KEY_FIELD]: newKey(), hoursPerDay: "30" };
    const answer = answerOf(await formAction(routeArgs(formPost("/es/video-game-addiction-claim", fields), routes.context())));
    expect(answer.status).toBe(400);
    const { errors } = (answer.data as { wizard: WizardState }).wizard;
    expect(errors).toMatchObject({ gamesPlayed: "Escriba los juegos que jugaba", hoursPerDay: "Escriba un número de horas entre 0 y 24" });
  });

  it("list both languages in the sitemap, each with its alternates", async () => {
    const xml = await (sitemapLoader(routeArgs(get("/sitemap.xml"), routes.context())) as Response).text();
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/es/mva-claim-landing</loc>`);
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/mva-claim-landing</loc>`);
    expect(xml).toContain(`<loc>${TEST_SITE_URL}/es/opt-out</loc>`);
    expect(xml).toContain(`hreflang="es" href="${TEST_SITE_URL}/es/mva-claim"`);
    expect(xml).not.toContain("/es/blog");
  });

  it("opt-out answers a bad value in Spanish", async () => {
    const answer = await settled(optOutAction(routeArgs(formPost("/es/opt-out", { contact: "", intent: "review" }), routes.context())));
    expect(answer.status).toBe(400);
    expect((answer.data as { error: string }).error).toBe("Escriba el número de teléfono o el correo electrónico que nos dio.");
  });
});

describe("a Spanish lead", () => {
  it("records its language, and its certificate the Spanish consent text and its version", async () => {
    const answer = await submit("/es/mva-claim", "198.51.100.40");
    const location = answer.headers.get("location") ?? "";
    expect(location).toMatch(/^\/es\/mva-claim\/success\?lead=/);
    const leadId = new URL(location, TEST_SITE_URL).searchParams.get("lead")!;
    const lead = await routes.db.selectFrom("leads").select(["language", "certificate_id"]).where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead.language).toBe("es");
    const certificate = await routes.db
      .selectFrom("submission_certificates")
      .select(["language", "consent_text", "consent_content_version", "page_url"])
      .where("certificate_id", "=", lead.certificate_id!)
      .executeTakeFirstOrThrow();
    const published = routes.services.content.current().site.consentEs!;
    expect(certificate).toMatchObject({ language: "es", consent_content_version: published.version, page_url: `${TEST_SITE_URL}/es/mva-claim` });
    expect(certificate.consent_text).toContain("Al marcar esta casilla");
    const view = await routes.services.certificates.verify(lead.certificate_id!);
    expect(view?.language).toBe("es");
  });

  const translated = claims.filter((claim) => Object.keys(spanishTableOf(claim)).length > 0);
  it.each(translated.map((claim) => [claim.slug, claim] as const))("of the %s claim, sent from its Spanish form, has the English form's answers, columns and outcome", async (_slug, claim) => {
    for (const [i, example] of examplesOf(claim).entries()) {
      const fields = formFields(claim, example.answers, { step: String(claim.steps.length - 1), intent: "submit", [SUBMISSION_KEY_FIELD]: newKey() });
      const answer = await settled(formAction(routeArgs(formPost(localizedPath(claim.routes.form, "es"), fields), routes.context({ ip: `198.51.100.${60 + i}` }))));
      const location = answer.headers.get("location");
      const result = (answer.data as { result?: { outcome: unknown; leadId: string } } | undefined)?.result;
      if (claim.resultPages) expect(location, example.name).toMatch(new RegExp(`^/es/.+[?&]lead=`));
      else expect(result?.outcome, example.name).toBe(example.outcome);
      const leadId = result?.leadId ?? new URL(location!, TEST_SITE_URL).searchParams.get("lead")!;
      const lead = await routes.db.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirstOrThrow();
      expect(lead, example.name).toMatchObject({ ...expectedLead(claim, example.answers).row, language: "es" });
    }
  });

  it("an English lead records English; the API takes `language` and refuses an unknown one with a 4xx answer", async () => {
    const english = await submit("/mva-claim", "198.51.100.41");
    const englishId = new URL(english.headers.get("location")!, TEST_SITE_URL).searchParams.get("lead")!;
    expect((await routes.db.selectFrom("leads").select("language").where("id", "=", englishId).executeTakeFirstOrThrow()).language).toBe("en");

    const answers = examplesOf(mva).find((example) => example.outcome === "eligible")!.answers;
    const context = { ip: "198.51.100.42", userAgent: "ApiTest", pageUrl: null, attribution: null };
    const api = await routes.services.leads.submit("mva", { ...answers, language: "es" }, context);
    expect(api.status).toBe("created");
    const apiLead = await routes.db.selectFrom("leads").select("language").where("id", "=", (api as { leadId: string }).leadId).executeTakeFirstOrThrow();
    expect(apiLead.language).toBe("es");
    expect(await routes.services.leads.submit("mva", { ...answers, language: "fr" }, context)).toMatchObject({ status: "invalid", fieldErrors: { language: "Must be 'en' or 'es'" } });
  });

  it("buyers filter their leads by language", async () => {
    const created = await routes.services.buyers.create(buyerInput("Idiomas Law", { timeZone: "UTC" }));
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const buyerId = created.buyer.id;
    const ids = await Promise.all(["198.51.100.50", "198.51.100.51"].map(async (ip, i) => {
      const answer = await submit(i === 0 ? "/es/mva-claim" : "/mva-claim", ip);
      return new URL(answer.headers.get("location")!, TEST_SITE_URL).searchParams.get("lead")!;
    }));
    for (const leadId of ids) {
      await recordSale(routes.db, { leadId, buyerId, deliveryId: `delivery-${leadId}`, caseType: "MVA", leadState: "TX", leadSource: FIRST_PARTY_SOURCE, amountCents: 4500, priceSource: "fixed", at: new Date() });
    }
    const spanish = await routes.services.buyerPortal.leads(buyerId, { language: "es" });
    expect(spanish.rows.map((row) => [row.leadId, row.language])).toEqual([[ids[0], "es"]]);
    const english = await routes.services.buyerPortal.leads(buyerId, { language: "en" });
    expect(english.rows.map((row) => row.leadId)).toEqual([ids[1]]);
    expect((await routes.services.buyerPortal.leads(buyerId)).total).toBe(2);
  });
});

describe("the Spanish certificate page", () => {
  type Answers = CertificateView["answers"];
  const certificateOfLead = async (leadId: string) =>
    (await routes.db.selectFrom("leads").select("certificate_id").where("id", "=", leadId).executeTakeFirstOrThrow()).certificate_id!;
  const page = async (path: string) => {
    const answer = await settled(certificateLoader(routeArgs(get(path), routes.context())));
    expect(answer.status).toBe(200);
    return (answer.data as { certificate: CertificateView & { signature: CertificateSignature } }).certificate;
  };

  it("shows the answers' questions and options from the claim's Spanish table; the English page and the signed record keep English", async () => {
    const answer = await submit("/es/mva-claim", "198.51.100.60");
    const certificateId = await certificateOfLead(new URL(answer.headers.get("location")!, TEST_SITE_URL).searchParams.get("lead")!);

    const spanish = (await page(`/es/verify-trustedforms-pro?cert=${certificateId}`)).answers;
    expect(spanish).toContainEqual({ label: "¿Usted tuvo la culpa del accidente?", value: "No, no fue mi culpa" });
    expect(spanish).toContainEqual({
      label: "¿Qué cobertura de seguro aplica?",
      value: "Seguro del conductor responsable, Cobertura del conductor contra conductores sin seguro o con seguro insuficiente (UI o UIM)",
    });
    expect(spanish).toContainEqual({ label: "Acepto que me contacten", value: "Aceptó" });
    expect(spanish.find((a) => a.label === "Nombre")?.value).toMatch(/^J/);

    const english = (await page(`/verify-trustedforms-pro?cert=${certificateId}`)).answers;
    expect(english).toContainEqual({ label: "Were you at fault for the accident?", value: "No, I was not at fault" });
    expect(english).toContainEqual({ label: "I agree to be contacted", value: "Agreed" });

    const jws = (await routes.services.certificates.signed(certificateId))!;
    const signed = JSON.parse(Buffer.from(jws.split(".")[1]!, "base64url").toString("utf8")) as { answers: Answers; language: string };
    expect(signed.language).toBe("es");
    expect(signed.answers).toEqual(english);
  });

  it("names a free text's size and a missing answer in Spanish", async () => {
    const depo = claimBySlug("depo-provera")!;
    const answers: Record<string, unknown> = { ...examplesOf(depo)[0]!.answers, cq5: "" };
    const context = { ip: "198.51.100.61", userAgent: "ApiTest", pageUrl: null, attribution: null };
    const created = await routes.services.leads.submit("depo-provera", { ...answers, language: "es" }, context);
    if (created.status !== "created") throw new Error(JSON.stringify(created));
    const certificateId = await certificateOfLead(created.leadId);

    const shown = (await page(`/es/verify-trustedforms-pro?cert=${certificateId}`)).answers;
    expect(shown).toContainEqual({ label: "¿Hay algo más que quiera contarnos?", value: `Proporcionado (${[...String(answers.notes)].length} caracteres)` });
    expect(shown).toContainEqual({ label: "¿Qué síntomas ha tenido?", value: "No proporcionado" });
    expect(shown).toContainEqual({ label: "¿Le han diagnosticado un tumor cerebral o un meningioma?", value: "Sí, un meningioma" });
  });

  it("has its signature, checks and supplier sections in Spanish", async () => {
    const answer = await submit("/es/mva-claim", "198.51.100.62");
    const certificateId = await certificateOfLead(new URL(answer.headers.get("location")!, TEST_SITE_URL).searchParams.get("lead")!);
    const { signature, checks } = await page(`/es/verify-trustedforms-pro?cert=${certificateId}`);
    const es = PAGE_MESSAGES.es;

    const signed = renderToStaticMarkup(CertificateSignatureSection({ signature, certificateId, t: es }));
    expect(signed).toContain("Firma digital");
    expect(signed).toContain("Cómo comprobarlo");
    expect(signed).toContain(`el sujeto (sub) ${certificateId}`);
    expect(signed).not.toContain("How to check it");
    expect(renderToStaticMarkup(CertificateSaleChecks({ checks, dateTime: (iso) => iso, t: es }))).toContain(es.noChecks);

    const supplier = renderToStaticMarkup(
      CertificateSupplierRows({
        assertion: { supplierName: "an unnamed API sender (before supplier keys)", certificateProvider: null, certificate: null, pageUrl: null, consentText: null, consentedAt: null },
        t: es,
        locale: "es",
        dateTime: (iso) => iso,
      }),
    );
    expect(supplier).toContain("Proveedor");
    expect(supplier).toContain("un remitente de la API sin nombre");
    expect(supplier).toContain("No se envió ninguno");
    expect(supplier).toContain("No informada");
  });
});
