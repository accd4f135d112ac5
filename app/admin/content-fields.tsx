import type { ReactNode } from "react";
import { withBrand } from "#claims/engine/personal-fields";
import { resultHasEstimate } from "#claims/engine/landing-copy";
import type { ContentBodies, ContentEntryName, ContentKind, FieldErrors, LandingBody } from "../../server/content/content-kinds";
import { useSite } from "~/components/use-site";
import { TextAreaField, TextField } from "./kit/field";

export type ContentFormValues = ContentBodies[ContentEntryName];

/** /admin/content's fields of one entry, named as server/content/content-kinds.ts reads them, each error tied to its field. */
export function ContentFields({
  entry,
  kind,
  values,
  errors,
  figureRows,
  landingRows,
}: {
  entry: ContentEntryName;
  kind: ContentKind;
  values: ContentFormValues;
  errors: FieldErrors;
  figureRows: number;
  landingRows: { figures: number; faq: number };
}) {
  const field: FieldMaker = (name, label, value, options = {}) => (
    <ContentField key={name} id={`${entry.replace(":", "-")}-${name}`} name={name} label={label} value={value} error={errors[name]} {...options} />
  );
  switch (kind) {
    case "landing":
      return <LandingFields copy={values as LandingBody} errors={errors} rows={landingRows} field={field} />;
    case "site": {
      const site = values as ContentBodies["site"];
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {field("name", "Brand name", site.name, { help: "On every page, in the consent text and on certificates." })}
          {field("phone", "Phone", site.phone, { type: "tel" })}
          {field("email", "E-mail", site.email, { type: "email" })}
          {field("address", "Postal address", site.address, { multiline: true, help: "Shown in the footer; leave empty to show none." })}
        </div>
      );
    }
    case "trust-strip": {
      const figures = (values as ContentBodies["trust-strip"]).figures;
      return (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Your own track-record figures, at most {figureRows}. Leave every row empty to show none (the default). Each figure needs a source note
            saying where it comes from: it is kept for the record and never shown to visitors.
          </p>
          {Array.from({ length: figureRows }, (_, i) => {
            const row = figures[i] ?? { figure: "", label: "", source: "" };
            return (
              <fieldset key={i} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-3">
                <legend className="px-1 text-sm font-semibold">Figure {i + 1}</legend>
                {field(`figures.${i}.figure`, "Figure", row.figure, { help: i === 0 ? "For example 1,200+" : undefined })}
                {field(`figures.${i}.label`, "Label", row.label, { help: i === 0 ? "For example Claims reviewed" : undefined })}
                {field(`figures.${i}.source`, "Source note (not shown)", row.source, { multiline: true })}
              </fieldset>
            );
          })}
          {errors.figures ? <p className="text-sm font-semibold text-red-800">{errors.figures}</p> : null}
        </div>
      );
    }
    case "home-hero":
    case "home-hero:es": {
      const hero = values as ContentBodies["home-hero"];
      return (
        <div className="grid gap-4">
          {field("headline", "Headline", hero.headline, { help: "{brand} becomes the brand name." })}
          {field("text", "Text", hero.text, { multiline: true })}
          {field("cta", "Call to action", hero.cta, { help: "The button that leads to the claims." })}
        </div>
      );
    }
    case "consent-text":
    case "consent-text:es":
      return <ConsentFields template={(values as ContentBodies["consent-text"]).template} field={field} />;
  }
}

type FieldMaker = (name: string, label: string, value: string, options?: { multiline?: boolean; help?: string; type?: string }) => ReactNode;

const rowBox = "grid gap-3 rounded-xl border border-slate-200 p-3";

/** A claim's landing copy (claims/engine/landing-copy.ts): its page, its settlement figures, its questions and its results. */
function LandingFields({ copy, errors, rows, field }: { copy: LandingBody; errors: FieldErrors; rows: { figures: number; faq: number }; field: FieldMaker }) {
  const faqRows = Math.min(rows.faq, copy.faq.length + 2);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("seo.title", "Page title (search engines)", copy.seo.title)}
        {field("seo.description", "Page description (search engines)", copy.seo.description, { multiline: true })}
        {field("hero.badge", "Badge", copy.hero.badge)}
        {field("hero.title", "Headline", copy.hero.title)}
        {field("hero.intro", "Introduction", copy.hero.intro, { multiline: true })}
        {field("hero.cta", "Call to action", copy.hero.cta)}
      </div>
      <fieldset className={`${rowBox} sm:grid-cols-2`}>
        <legend className="px-1 text-sm font-semibold">Settlement figures</legend>
        {Array.from({ length: rows.figures }, (_, i) => {
          const row = copy.figures[i] ?? { label: "", value: "" };
          return (
            <div key={i} className="contents">
              {field(`figures.${i}.label`, `Figure ${i + 1}: label`, row.label)}
              {field(`figures.${i}.value`, `Figure ${i + 1}: amount`, row.value)}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          {field("disclaimer", "Disclaimer under the figures", copy.disclaimer, { multiline: true, help: "For example: Past results do not guarantee a similar outcome. Leave empty to show none." })}
        </div>
        {errors.figures ? <p className="text-sm font-semibold text-red-800">{errors.figures}</p> : null}
      </fieldset>
      <fieldset className={`${rowBox} sm:grid-cols-3`}>
        <legend className="px-1 text-sm font-semibold">Home page card</legend>
        {field("card.description", "Description", copy.card.description, { multiline: true })}
        {field("card.figureLabel", "Figure label", copy.card.figureLabel)}
        {field("card.figure", "Figure", copy.card.figure)}
      </fieldset>
      <fieldset className={rowBox}>
        <legend className="px-1 text-sm font-semibold">Frequently asked questions</legend>
        <p className="text-sm text-slate-700">Shown under the page, at most {rows.faq}; save to get more empty rows. Leave a row empty to remove it.</p>
        {Array.from({ length: faqRows }, (_, i) => {
          const row = copy.faq[i] ?? { question: "", answer: "" };
          return (
            <div key={i} className="grid gap-3 sm:grid-cols-2">
              {field(`faq.${i}.question`, `Question ${i + 1}`, row.question)}
              {field(`faq.${i}.answer`, `Answer ${i + 1}`, row.answer, { multiline: true })}
            </div>
          );
        })}
        {errors.faq ? <p className="text-sm font-semibold text-red-800">{errors.faq}</p> : null}
      </fieldset>
      <fieldset className={rowBox}>
        <legend className="px-1 text-sm font-semibold">Results</legend>
        {copy.results.map((result, i) => (
          <div key={result.key} className="grid gap-3 sm:grid-cols-3">
            {field(`results.${i}.heading`, `${resultName(result.key)}: heading`, result.heading)}
            {field(`results.${i}.text`, `${resultName(result.key)}: text`, result.text, { multiline: true })}
            {resultHasEstimate(result.key) ? field(`results.${i}.estimate`, `${resultName(result.key)}: estimated value`, result.estimate) : null}
          </div>
        ))}
      </fieldset>
    </div>
  );
}

/** 'Eligible result' for a form page's result screen, '/mva-claim/success, partial' for a result page's variant. */
const resultName = (key: string) => {
  const [page, outcome] = key.split("#");
  const label = (o: string) => (o === "none" ? "Result" : `${o[0]!.toUpperCase()}${o.slice(1)} result`);
  return outcome ? `${page}, ${label(outcome).toLowerCase()}` : label(page!);
};

function ConsentFields({ template, field }: { template: string; field: FieldMaker }) {
  const site = useSite();
  return (
    <div className="grid gap-4">
      {field("template", "Consent text", template, {
        multiline: true,
        help: "Shown beside the consent checkbox on every claim form and kept on each lead's certificate with its version. {brand} becomes the brand name.",
      })}
      <div>
        <p className="text-sm font-semibold">As the form shows it</p>
        <p className="mt-1 rounded-xl bg-slate-50 p-3 text-sm text-slate-700" data-testid="consent-preview">
          {withBrand(template, site)}
        </p>
      </div>
    </div>
  );
}

function ContentField({ help, multiline, type = "text", value, ...frame }: { id: string; name: string; label: string; value: string; error?: string; help?: string; multiline?: boolean; type?: string }) {
  return multiline ? <TextAreaField rows={4} hint={help} defaultValue={value} {...frame} /> : <TextField type={type} hint={help} defaultValue={value} {...frame} />;
}
