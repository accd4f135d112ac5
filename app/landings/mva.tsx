import { ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "~/components/icons";
import { LandingHero, LandingShell, StepsCard, TileSection } from "~/components/landing";
import { mvaClaim } from "#claims/mva/definition";

const FORM = mvaClaim.routes.form;

const BENEFITS = [
  { icon: DollarIcon, title: "No Upfront Costs", text: "Attorneys work on contingency: no fee unless you win." },
  { icon: UsersIcon, title: "Experienced Attorneys", text: "Matched with a car-accident lawyer in your state." },
  { icon: ClockIcon, title: "Fast Response", text: "A member of our team reviews your claim within 24 hours." },
  { icon: ShieldIcon, title: "Private & Secure", text: "Your answers are encrypted and never sold to advertisers." },
];

export function MvaLanding() {
  return (
    <LandingShell theme="theme-mva" startHref={FORM}>
      <LandingHero
        badge="Free Case Evaluation"
        title="Get the Compensation You Deserve"
        intro="Hurt in a car accident that was not your fault? Find out in two minutes whether you may have a claim, and get matched with an attorney who can fight for medical bills, lost wages and pain and suffering."
        stats={[
          { label: "Typical settlement", value: "$25K - $500K+" },
          { label: "Average settlement", value: "$25K+" },
        ]}
        cta={{ label: "Start Your Free Claim Today", href: FORM }}
        aside={
          <StepsCard
            title="Quick Case Evaluation"
            steps={[
              "Answer a few simple questions",
              "Get matched with expert attorneys",
              "Receive your free case evaluation",
              "Start fighting for your compensation",
            ]}
            cta={{ label: "Start My Claim", href: FORM }}
          />
        }
      />
      <TileSection id="benefits-title" title="Why start your claim with us" tiles={BENEFITS} />
    </LandingShell>
  );
}
