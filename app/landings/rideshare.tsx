import { ClockIcon, DollarIcon, LockIcon, UsersIcon } from "~/components/icons";
import { CtaBanner, LandingHero, LandingShell, StepsCard, TileSection } from "~/components/landing";
import { SUPPORT_HOTLINE, rideshareClaim } from "#claims/rideshare/definition";

const FORM = rideshareClaim.routes.form;

export function RideshareLanding() {
  return (
    <LandingShell theme="theme-rideshare" startHref={FORM}>
      <LandingHero
        badge="Free & Confidential Review"
        title="Harmed During an Uber, Lyft or Taxi Ride?"
        intro="If you were assaulted or harassed by a driver, you are not alone, and it was not your fault. Rideshare companies can be held responsible for failing to keep riders safe. Find out, privately and free of charge, whether you may have a claim."
        stats={[
          { label: "Typical settlement", value: "$100K - $1M+" },
          { label: "Cost to you upfront", value: "$0" },
        ]}
        cta={{ label: "Start Your Confidential Claim", href: FORM }}
        aside={
          <StepsCard
            title="How it works"
            steps={[
              "Answer a few private questions; it takes about 2 minutes",
              "An attorney experienced with rideshare cases reviews your answers",
              "They contact you within 24-48 hours to explain your options",
            ]}
            cta={{ label: "Start My Claim", href: FORM }}
          />
        }
      />
      <TileSection
        id="incidents-title"
        title="Incidents that may qualify"
        intro="Claims can be brought for incidents during a trip booked through an app, or in a taxi, whether or not you reported it to the police."
        tiles={[
          { title: "Sexual assault", text: "Unwanted sexual contact or rape by a driver, during or after a ride." },
          { title: "Physical assault", text: "Being hit, grabbed, restrained or otherwise physically attacked." },
          { title: "Harassment", text: "Threats, stalking, unwanted advances or sexual comments from a driver." },
          { title: "Kidnapping", text: "Being taken off route, locked in the car or held against your will." },
        ]}
      />
      <TileSection
        id="why-title"
        title="Your privacy and your choice"
        tone="tinted"
        tiles={[
          { icon: LockIcon, title: "Strictly confidential", text: "Your answers are kept private and never shared with the rideshare company." },
          { icon: DollarIcon, title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
          { icon: UsersIcon, title: "Experienced attorneys", text: "Lawyers who have handled cases against rideshare companies." },
          { icon: ClockIcon, title: "At your own pace", text: "Asking for a free review does not commit you to anything." },
        ]}
      />
      <section aria-labelledby="support-title" className="mx-auto max-w-6xl px-4 pt-12">
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="support-title" className="text-xl font-bold text-brand">
            Support is available now
          </h2>
          <p className="mt-2 text-slate-700">
            If you are in danger, call 911. For free, confidential support at any hour, you can call the {SUPPORT_HOTLINE.name}. You do
            not need to start a claim to get help.
          </p>
          <a
            href={`tel:${SUPPORT_HOTLINE.tel}`}
            className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-accent px-4 font-semibold text-accent-strong hover:bg-accent-soft"
          >
            Call {SUPPORT_HOTLINE.number}
          </a>
        </div>
      </section>
      <CtaBanner
        title="Find out if you have a claim"
        text="It takes about two minutes. An attorney will contact you within 24-48 hours."
        cta={{ label: "Start My Claim", href: FORM }}
      />
    </LandingShell>
  );
}
