import { Link } from "react-router";
import { adminCard } from "~/admin/admin-header";

const badge = "inline-block rounded-full px-2 py-0.5 text-xs font-semibold";
const duplicateBadge = `${badge} bg-amber-100 text-amber-900`;
const lowQualityBadge = `${badge} bg-orange-100 text-orange-900`;
const textLink = "inline-flex min-h-11 items-center text-brand underline";

export interface LeadFlags {
  /** The person's first lead of this claim within the duplicate window, when this one repeats it. */
  duplicateOf: string | null;
  /** Why the lead is low quality, as the console words it; null when it is not. */
  lowQuality: string | null;
}

/** The badges of a row of the lead list: duplicate, low quality. */
export function LeadFlagBadges({ duplicateOf, lowQuality }: LeadFlags) {
  return (
    <>
      {duplicateOf ? <span className={`ml-2 ${duplicateBadge}`}>duplicate</span> : null}
      {lowQuality ? (
        <span className={`ml-2 ${lowQualityBadge}`} title={lowQuality}>
          low quality
        </span>
      ) : null}
    </>
  );
}

/** The lead page's account of duplicates and contact quality, with a link to the lead this one repeats. */
export function LeadFlagsSection({ duplicateOf, lowQuality, phoneE164 }: LeadFlags & { phoneE164: string | null }) {
  return (
    <section aria-labelledby="flags-title" className={adminCard}>
      <h2 id="flags-title" className="text-lg font-bold">
        Duplicate and quality
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr] sm:items-baseline">
        <dt className="font-semibold text-slate-600">Duplicate</dt>
        <dd className="break-words">
          {duplicateOf ? (
            <>
              <span className={duplicateBadge}>duplicate</span>{" "}
              <Link to={`/admin/leads/${duplicateOf}`} className={textLink}>
                of the person&apos;s first lead of this claim
              </Link>
              <span className="block text-slate-600">Sent only to buyers that take duplicates.</span>
            </>
          ) : (
            "No"
          )}
        </dd>
        <dt className="font-semibold text-slate-600">Low quality</dt>
        <dd className="break-words">{lowQuality ? <span className={lowQualityBadge}>{lowQuality}</span> : "No"}</dd>
        <dt className="font-semibold text-slate-600">Phone (E.164)</dt>
        <dd className="break-words">{phoneE164 ?? "-"}</dd>
      </dl>
    </section>
  );
}
