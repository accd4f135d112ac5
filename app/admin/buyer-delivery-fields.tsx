import { Link } from "react-router";
import type { BuyerFormErrors, BuyerFormValues } from "./buyer-form-values";
import { buyerFieldsOf, GroupError, groupDescribedBy } from "./buyer-field-errors";
import { checkClass, Choice, labelClass, TextField } from "./kit/field";
import { FormSection as Section } from "./kit/section";
import type { SystemBuyerView } from "./system-buyer-view";

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
  return (
    <>
    <Section id="buyer-delivery" title="Delivery">
      <fieldset aria-describedby={groupDescribedBy(errors, "delivery")}>
        <legend className={labelClass}>Method</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-3">
          {(
            [
              [
                "webhook",
                "Signed JSON webhook",
                "Our lead payload, signed like the operator's webhook.",
              ],
              [
                "post-json",
                "JSON post",
                "The mapped fields below as a JSON object.",
              ],
              [
                "post-form",
                "Form post",
                "The mapped fields below as a form.",
              ],
            ] as const
          ).map(([value, title, help]) => (
            <label
              key={value}
              className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-slate-50"
            >
              <input
                type="radio"
                name="delivery"
                value={value}
                defaultChecked={values.delivery === value}
                className={`${checkClass} mt-0.5`}
              />
              <span>
                <span className="font-semibold">{title}</span>
                <span className="block text-sm text-slate-600">
                  {help}
                </span>
              </span>
            </label>
          ))}
        </div>
        <GroupError errors={errors} name="delivery" />
      </fieldset>
      <TextField
        {...field("url")}
        label="URL"
        type="url"
        defaultValue={values.url}
        placeholder="https://buyer.example/leads"
        autoComplete="off"
      />
      <TextField
        {...field("credentialHeader")}
        label="Credential header (optional)"
        defaultValue={values.credentialHeader}
        placeholder="X-Api-Key"
        autoComplete="off"
        hint="Sends the credentials in this request header. Leave it empty when a mapped field carries them as {credentials}."
      />
      <TextField
        {...field("revocationUrl")}
        label="Revocation URL (optional)"
        type="url"
        defaultValue={values.revocationUrl}
        placeholder="https://buyer.example/revocations"
        autoComplete="off"
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
      {editing && savedCredentials ? (
        <Choice name="removeCredentials" defaultChecked={values.removeCredentials} label="Remove the saved credentials" />
      ) : null}
    </Section>

    <Section id="buyer-ping" title="Ping-post">
      <Choice
        name="pinged"
        defaultChecked={values.pinged}
        label="Takes part in ping-post auctions"
        description="The buyer is asked for a bid on each lead without its contact details; the full lead goes to the URL above when it wins."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field("pingUrl")}
          label="Ping URL"
          type="url"
          defaultValue={values.pingUrl}
          placeholder="https://buyer.example/ping"
          autoComplete="off"
          hint="Where the bid request goes. Needed when the buyer takes part."
        />
        <TextField
          {...field("pingBidField")}
          label="Bid field"
          defaultValue={values.pingBidField}
          placeholder="bid"
          autoComplete="off"
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
