import type { Locale } from "#claims/engine/locale";
import { serviceMessage, type PageMessages } from "~/i18n/page-messages";
import type { CertificateView } from "../../server/certificates/certificate-service";
import { CertificateRow as Row } from "./certificate-sale-checks";

type SupplierAssertion = NonNullable<CertificateView["supplierAssertion"]>;

/** A supplier's lead on the public certificate page (docs/decisions/046): who vouches for its consent, and with what evidence. */
export function CertificateSupplierRows({
  assertion,
  t,
  locale,
  dateTime,
}: {
  assertion: SupplierAssertion;
  t: PageMessages;
  locale: Locale;
  dateTime: (iso: string) => string;
}) {
  return (
    <>
      <Row label={t.supplier}>{serviceMessage(assertion.supplierName, locale)}</Row>
      <Row label={t.suppliersCertificate}>
        <span className="break-all">
          {assertion.certificate ? `${assertion.certificateProvider === "trustedform" ? "TrustedForm" : "Jornaya LeadiD"}: ${assertion.certificate}` : t.noneSent}
        </span>
      </Row>
      <Row label={t.consentTimeReported}>{assertion.consentedAt ? dateTime(assertion.consentedAt) : t.notReported}</Row>
    </>
  );
}
