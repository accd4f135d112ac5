import { ArrowRightIcon, CheckIcon, ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { TrustStrip } from "~/components/trust-strip";

const FORM = "/mva-claim";

const BENEFITS = [
  { icon: DollarIcon, title: "No Upfront Costs", text: "Attorneys work on contingency: no fee unless you win." },
  { icon: UsersIcon, title: "Experienced Attorneys", text: "Matched with a car-accident lawyer in your state." },
  { icon: ClockIcon, title: "Fast Response", text: "A member of our team reviews your claim within 24 hours." },
  { icon: ShieldIcon, title: "Private & Secure", text: "Your answers are encrypted and never sold to advertisers." },
];

const STEPS = [
  "Answer a few simple questions",
  "Get matched with expert attorneys",
  "Receive your free case evaluation",
  "Start fighting for your compensation",
];

const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-strong";

export function MvaLanding() {
  return (
    <div className="theme-mva">
      <SiteHeader
        aside={
          <a href={FORM} className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-strong">
            Start My Claim
          </a>
        }
      />
      <main id="main">
        <section className="bg-gradient-to-b from-accent-soft to-white">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-white">
                <CheckIcon className="size-4" /> Free Case Evaluation
              </p>
              <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-brand sm:text-5xl">
                Get the Compensation You Deserve
              </h1>
              <p className="mt-4 text-lg text-slate-700">
                Hurt in a car accident that was not your fault? Find out in two minutes whether you may have a claim, and
                get matched with an attorney who can fight for medical bills, lost wages and pain and suffering.
              </p>
              <dl className="mt-6 grid grid-cols-2 gap-4">
                <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <dt className="text-sm text-slate-700">Typical settlement</dt>
                  <dd className="text-2xl font-extrabold text-accent-strong">$25K - $500K+</dd>
                </div>
                <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                  <dt className="text-sm text-slate-700">Average settlement</dt>
                  <dd className="text-2xl font-extrabold text-accent-strong">$25K+</dd>
                </div>
              </dl>
              <a href={FORM} className={`${buttonClass} mt-8 text-lg`}>
                Start Your Free Claim Today <ArrowRightIcon className="size-5" />
              </a>
            </div>
            <section aria-labelledby="evaluation-title" className="self-start rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
              <h2 id="evaluation-title" className="text-xl font-bold text-brand">
                Quick Case Evaluation
              </h2>
              <ol className="mt-4 space-y-4">
                {STEPS.map((step, i) => (
                  <li key={step} className="flex items-start gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-white">
                      {i + 1}
                    </span>
                    <span className="pt-1 text-slate-800">{step}</span>
                  </li>
                ))}
              </ol>
              <a href={FORM} className={`${buttonClass} mt-6 w-full`}>
                Start My Claim
              </a>
            </section>
          </div>
        </section>

        <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="benefits-title" className="text-2xl font-bold text-brand">
            Why start your claim with us
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-5">
                <Icon className="size-7 text-accent" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <TrustStrip />
      </main>
      <SiteFooter />
    </div>
  );
}
