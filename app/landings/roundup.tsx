import { CheckIcon, ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "~/components/icons";
import { CtaBanner, LandingHero, LandingShell, StepsCard, TileSection } from "~/components/landing";
import { roundupClaim } from "#claims/roundup/definition";

const FORM = roundupClaim.routes.form;

/** Spec section 2, 'RoundUp': where people used the weed killer. */
const COMMON_USAGE = ["Home gardening", "Professional landscaping", "Agriculture", "Golf courses", "Municipal grounds"];

export function RoundupLanding() {
  return (
    <LandingShell theme="theme-roundup" startHref={FORM}>
      <LandingHero
        badge="Free Case Review"
        title="RoundUp Weed Killer Cancer Claims"
        intro="Years of using RoundUp (glyphosate) have been linked to non-Hodgkin's lymphoma and related cancers. Its maker has set aside a settlement fund of over $10 billion for people who were harmed. Find out in two minutes whether you may qualify."
        stats={[
          { label: "Award range", value: "$125K to $2M+" },
          { label: "Settlement fund", value: "Over $10 billion" },
        ]}
        cta={{ label: "Start Your Free RoundUp Claim", href: FORM }}
        aside={
          <StepsCard
            title="How it works"
            steps={["Answer four short questions", "An attorney reviews your claim", "Learn your options, free of charge"]}
            cta={{ label: "Start My Claim", href: FORM }}
          />
        }
      />
      <section aria-labelledby="usage-title">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="usage-title" className="text-2xl font-bold text-brand">
            Common RoundUp use
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">
            You may qualify whether you sprayed it at home or as part of your job, including:
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {COMMON_USAGE.map((use) => (
              <li key={use} className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 font-semibold">
                <CheckIcon className="size-5 shrink-0 text-accent" /> {use}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <TileSection
        id="benefits-title"
        title="Why start your claim with us"
        tone="tinted"
        tiles={[
          { icon: DollarIcon, title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
          { icon: UsersIcon, title: "Experienced attorneys", text: "Lawyers who handle RoundUp and other product-liability claims." },
          { icon: ClockIcon, title: "Fast response", text: "A legal expert contacts you within 24-48 hours." },
          { icon: ShieldIcon, title: "Confidential", text: "Your information is private and encrypted." },
        ]}
      />
      <TileSection
        id="cancers-title"
        title="Cancers linked to RoundUp"
        tiles={[
          { title: "Non-Hodgkin's lymphoma", text: "The cancer most often linked to glyphosate in RoundUp lawsuits." },
          { title: "Leukemia", text: "Including hairy cell and chronic lymphocytic leukemia." },
          { title: "B-cell lymphoma", text: "A common type of non-Hodgkin's lymphoma, including diffuse large B-cell lymphoma." },
          { title: "Other cancers", text: "Such as multiple myeloma and T-cell lymphoma; a free review tells you where you stand." },
        ]}
      />
      <CtaBanner
        title="Find out if you qualify"
        text="It takes about two minutes. Awards range from $125K to $2M+, and deadlines to file apply."
        cta={{ label: "Start My Claim", href: FORM }}
      />
    </LandingShell>
  );
}
