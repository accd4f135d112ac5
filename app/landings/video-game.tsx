import { ClockIcon, DollarIcon, ShieldIcon, UsersIcon } from "~/components/icons";
import { CtaBanner, LandingHero, LandingShell, StepsCard, TileSection } from "~/components/landing";
import { videoGameClaim } from "#claims/video-game/definition";

const FORM = videoGameClaim.routes.form;
const START = "Start Your Free Gaming Addiction Claim";

export function VideoGameLanding() {
  return (
    <LandingShell theme="theme-video-game" startHref={FORM}>
      <LandingHero
        badge="Free Case Review"
        title="Video Game Addiction Claims"
        intro="Some video game makers design their games to be hard to put down: endless reward loops, loot boxes and constant pressure to buy. If gaming took over your life or your child's, you may be able to hold them responsible."
        stats={[
          { label: "Potential recovery", value: "$10K - $100K+" },
          { label: "Cost to you upfront", value: "$0" },
        ]}
        cta={{ label: START, href: FORM }}
        aside={
          <StepsCard
            title="How it works"
            steps={[
              "Tell us about the games and the harm they caused",
              "A legal expert reviews your claim, free of charge",
              "We contact you within 24 hours to discuss your options",
            ]}
            cta={{ label: "Start My Claim", href: FORM }}
          />
        }
      />
      <TileSection
        id="impact-title"
        title="How gaming addiction can harm you"
        intro="Claims look at the real damage compulsive gaming caused, for players and for the families around them."
        tiles={[
          { title: "Mental health", text: "Anxiety, depression, sleep problems, anger and withdrawal when not playing." },
          { title: "Financial loss", text: "Money spent on in-game purchases, loot boxes, currencies and subscriptions." },
          { title: "Relationships", text: "Strained family life, lost friendships and isolation from the people who matter." },
          { title: "School & work", text: "Falling grades, missed classes and jobs or careers put on hold." },
        ]}
      />
      <TileSection
        id="features-title"
        title="Features designed to keep players hooked"
        tone="tinted"
        tiles={[
          { title: "Loot boxes", text: "Paid random rewards that work like gambling." },
          { title: "Reward loops", text: "Daily rewards, streaks and levels that punish taking a break." },
          { title: "In-game currency", text: "Virtual coins that hide how much real money is being spent." },
          { title: "Limited-time offers", text: "Countdowns and exclusive items that pressure players to buy now." },
        ]}
      />
      <TileSection
        id="why-title"
        title="Why families choose us"
        tiles={[
          { icon: DollarIcon, title: "No upfront fees", text: "Attorneys are paid only if you receive compensation." },
          { icon: UsersIcon, title: "Experienced attorneys", text: "Lawyers who follow the gaming addiction lawsuits closely." },
          { icon: ClockIcon, title: "Fast response", text: "A legal expert contacts you within 24 hours." },
          { icon: ShieldIcon, title: "Confidential", text: "Your information is private and encrypted." },
        ]}
      />
      <CtaBanner
        title="Find out if you qualify"
        text="Four short steps, about 3 minutes. You can apply for yourself or on behalf of your child."
        cta={{ label: START, href: FORM }}
      />
    </LandingShell>
  );
}
