import { Link } from "react-router";
import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { buyerFieldsOf, buyerTextOf } from "./buyer-field-errors";
import { Choice, ChoiceGroup, TextField } from "./kit/field";
import { FormSection as Section } from "./kit/section";
import type { SystemBuyerView } from "./system-buyer-view";

const DELIVERY_METHODS = [
  ["webhook", "Signed JSON webhook", "Our lead payload, signed like the operator's webhook."],
  ["post-json", "JSON post", "The mapped fields below as a JSON object."],
  ["post-form", "Form post", "The mapped fields below as a form."],
] as const;

/**
 * Where and how a buyer's leads go: the method, URL, credentials and revocation address, and its
 * part in ping-post auctions. `typedCredentials`: what the operator typed before asking for more rows.
 */
export function BuyerDeliveryFields({
  values,
  errors,
  savedCredentials,
  typedCredentials,
}: {
  values: BuyerFormValues;
  errors: BuyerFormErrors;
  savedCredentials: string | null | undefined;
  typedCredentials: string | undefined;
}) {
  const editing = savedCredentials !== undefined;
  const field = buyerFieldsOf(errors);
  const text = buyerTextOf(errors, values);
  return (
    <>
      <Section id="buyer-delivery" title="Delivery">
        <ChoiceGroup id="buyer-delivery" legend="Method" error={errors.delivery} choicesClassName="mt-1 grid gap-1 sm:grid-cols-3">
          {DELIVERY_METHODS.map(([value, title, help]) => (
            <Choice key={value} boxed type="radio" name="delivery" value={value} defaultChecked={values.delivery === value} label={title} description={help} />
          ))}
        </ChoiceGroup>
        <TextField {...text("url")} label="URL" type="url" placeholder="https://buyer.example/leads" />
        <TextField
          {...text("credentialHeader")}
          label="Credential header (optional)"
          placeholder="X-Api-Key"
          hint="Sends the credentials in this request header. Leave it empty when a mapped field carries them as {credentials}."
        />
        <TextField
          {...text("revocationUrl")}
          label="Revocation URL (optional)"
          type="url"
          placeholder="https://buyer.example/revocations"
          hint="Where the signed lead.consent_revoked notice goes, with the credential header, when a person revokes consent for a lead this buyer was sent. Empty: the URL above."
        />
        <TextField
          {...field("credentials")}
          label="Credentials"
          type="password"
          defaultValue={typedCredentials ?? ""}
          autoComplete="new-password"
          hint={
            editing
              ? savedCredentials
                ? `Saved: ${savedCredentials}. Leave empty to keep them; they are stored encrypted and never shown again.`
                : "None saved. They are stored encrypted and never shown again."
              : "An API key or token, if the buyer needs one. It is stored encrypted and never shown again."
          }
        />
        {editing && savedCredentials ? <Choice name="removeCredentials" defaultChecked={values.removeCredentials} label="Remove the saved credentials" /> : null}
      </Section>

      <Section id="buyer-ping" title="Ping-post">
        <Choice
          name="pinged"
          defaultChecked={values.pinged}
          label="Takes part in ping-post auctions"
          description="The buyer is asked for a bid on each lead without its contact details; the full lead goes to the URL above when it wins."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...text("pingUrl")} label="Ping URL" type="url" placeholder="https://buyer.example/ping" hint="Where the bid request goes. Needed when the buyer takes part." />
          <TextField
            {...text("pingBidField")}
            label="Bid field"
            placeholder="bid"
            hint="Where the buyer's JSON answer holds its bid in dollars, such as bid or offer.amount."
          />
        </div>
      </Section>
    </>
  );
}

/** Instead of the delivery, credentials, ping, mapping and acceptance fields, which a system buyer does not use. */
export function SystemDeliverySection({ system }: { system: SystemBuyerView }) {
  return (
    <Section id="buyer-delivery" title="Delivery">
      <p className="text-slate-700">{system.explanation}</p>
      <p data-testid="system-delivery">
        {system.href ? (
          <Link
            to={system.href}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            {system.label}
          </Link>
        ) : (
          <span className="font-semibold">{system.label}</span>
        )}
        {": "}
        {system.configured ? (
          "configured."
        ) : (
          <span className="font-semibold text-amber-900">
            not configured. {system.toConfigure}
          </span>
        )}
      </p>
    </Section>
  );
}
