import type { ReactNode } from "react";
import { withBrand } from "#claims/engine/personal-fields";
import type { ContentBodies, ContentEntryName, FieldErrors } from "../../server/content/content-kinds";
import { useSite } from "~/components/use-site";
import { TextAreaField, TextField } from "./kit/field";

export type ContentFormValues = ContentBodies[ContentEntryName];

/** /admin/content's fields of one entry, named as server/content/content-kinds.ts reads them, each error tied to its field. */
export function ContentFields({ entry, values, errors, figureRows }: { entry: ContentEntryName; values: ContentFormValues; errors: FieldErrors; figureRows: number }) {
  const field = (name: string, label: string, value: string, options: { multiline?: boolean; help?: string; type?: string } = {}) => (
    <ContentField key={name} id={`${entry}-${name}`} name={name} label={label} value={value} error={errors[name]} {...options} />
  );
  switch (entry) {
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

function ConsentFields({ template, field }: { template: string; field: (name: string, label: string, value: string, options?: { multiline?: boolean; help?: string }) => ReactNode }) {
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
