import { CheckIcon, ClockIcon, DollarIcon, UsersIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { CLAIM_CARDS } from "~/site/claim-cards";

const homeButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-6 font-semibold text-white hover:bg-accent-strong";

function LeadReference({ leadId }: { leadId: string | null }) {
  return leadId ? (
    <p className="mt-4 text-sm text-slate-700">
      Your claim was saved. Reference: <span className="font-mono font-semibold text-slate-900">{leadId}</span>
    </p>
  ) : null;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="theme-mva">
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

const NEXT_STEPS = [
  "Our team reviews your case within 24 hours.",
  "We contact you to discuss the details of your accident.",
  "Together we begin the process of pursuing your compensation.",
];

/** /mva-claim/success: the eligible ('Congratulations!') and limited variants of the result screen. */
export function MvaSuccess({ limited, leadId }: { limited: boolean; leadId: string | null }) {
  return (
    <Shell>
      <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
          <CheckIcon className="size-8" />
        </span>
        {limited ? (
          <>
            <h1 className="mt-4 text-3xl font-extrabold text-brand">Thank You! Your Claim May Qualify</h1>
            <p className="mt-2 text-slate-700">Estimated claim value (limited eligibility)</p>
            <p className="mt-1 text-4xl font-extrabold text-accent-strong">$2,500 - $15,000</p>
            <p className="mx-auto mt-4 max-w-xl text-slate-700">
              Your claim may be limited because our partner attorneys have fewer openings in your state, which can
              narrow the options for pursuing it. An attorney will still review your answers and tell you honestly what
              is possible.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-4 text-3xl font-extrabold text-brand">Congratulations!</h1>
            <p className="mt-2 text-slate-700">Based on your answers, your claim may be worth</p>
            <p className="mt-1 text-4xl font-extrabold text-accent-strong">$15,000 - $150,000+</p>
          </>
        )}
        <LeadReference leadId={leadId} />
      </section>

      {limited ? null : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {[
            { icon: UsersIcon, title: "Expert Attorneys", text: "Matched with an experienced car-accident attorney." },
            { icon: DollarIcon, title: "No Upfront Fees", text: "You pay nothing unless your case is won." },
            { icon: ClockIcon, title: "Fast Response", text: "We contact you within 24 hours." },
          ].map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <Icon className="size-7 text-accent" />
              <h2 className="mt-3 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="next-title" className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <h2 id="next-title" className="text-xl font-bold text-brand">
          What Happens Next?
        </h2>
        <ol className="mt-4 space-y-3">
          {NEXT_STEPS.map((step, i) => (
            <li key={step} className="flex items-start gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-white">{i + 1}</span>
              <span className="pt-1">{step}</span>
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-8 text-center">
        <a href="/" className={homeButton}>
          Back to Home
        </a>
      </p>
    </Shell>
  );
}

/** /mva-claim/sorry: the not-eligible result. */
export function MvaSorry({ leadId }: { leadId: string | null }) {
  const otherClaims = CLAIM_CARDS.filter((card) => card.href !== "/mva-claim");
  return (
    <Shell>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-3xl font-extrabold text-brand">We're Sorry</h1>
        <p className="mt-3 text-lg text-slate-700">
          Based on your answers, we are unable to assist with this car-accident claim.
        </p>
        <p className="mt-4 text-slate-700">
          Estimated claim value through our network: <strong className="text-slate-900">$0</strong>
        </p>
        <h2 className="mt-6 text-lg font-bold">Common reasons</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          <li>You already have legal representation for this accident</li>
          <li>You were at fault for the accident</li>
          <li>Your state is not serviced by our partner attorneys</li>
          <li>The incident does not meet our partners' criteria</li>
        </ul>
        <p className="mt-6 text-slate-700">
          This is not a judgement on your situation. We recommend that you consult a local attorney, who can review the
          details of your case.
        </p>
        <LeadReference leadId={leadId} />
      </section>

      <section aria-labelledby="other-title" className="mt-8">
        <h2 id="other-title" className="text-xl font-bold text-brand">
          You may qualify for another claim
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {otherClaims.map((card) => (
            <li key={card.href}>
              <a href={card.href} className="flex min-h-11 items-center justify-between rounded-lg bg-white px-4 py-3 font-semibold ring-1 ring-slate-200 hover:ring-accent">
                {card.title} <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-8 text-center">
        <a href="/" className={homeButton}>
          Return to Home
        </a>
      </p>
    </Shell>
  );
}
