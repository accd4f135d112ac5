import type { ComponentType, ReactNode } from "react";
import { startPosts } from "#claims/engine/pages";
import { ArrowRightIcon, CheckIcon } from "./icons";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { TrustStrip } from "./trust-strip";
import { usePageMessages } from "~/i18n/use-messages";

/** Building blocks shared by the claim landing pages (server-rendered, no JavaScript). */

export const ctaClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-strong";

/**
 * A start button: a link, or for the click counter a one-button form that posts (no JavaScript; a GET
 * must write nothing). The form takes no box of its own, so the button sits and looks like the link.
 */
export function StartButton({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (!startPosts(href)) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <form method="post" action={href} className="contents">
      <button type="submit" className={`${className} cursor-pointer [text-align:inherit]`}>
        {children}
      </button>
    </form>
  );
}

export function LandingShell({ theme, startHref, children }: { theme: string; startHref: string; children: ReactNode }) {
  const t = usePageMessages();
  return (
    <div className={theme}>
      <SiteHeader
        aside={
          <StartButton
            href={startHref}
            // On a phone a longer label (Spanish) takes two lines rather than the brand's room.
            className="inline-flex min-h-11 max-w-28 shrink-0 items-center rounded-lg bg-accent px-3 py-1 text-center text-sm font-semibold leading-tight text-white hover:bg-accent-strong sm:max-w-none sm:whitespace-nowrap sm:px-4"
          >
            {t.startMyClaim}
          </StartButton>
        }
      />
      <main id="main">
        {children}
        <TrustStrip />
      </main>
      <SiteFooter />
    </div>
  );
}

export interface Stat {
  label: string;
  value: string;
}

export function LandingHero(props: {
  badge: string;
  title: string;
  intro: ReactNode;
  stats: readonly Stat[];
  /** Words that qualify the figures, right under them. */
  disclaimer?: string;
  /** The disclaimer's language when it is not the page's. */
  disclaimerLang?: string;
  cta: { label: string; href: string };
  aside?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-accent-soft to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-white">
            <CheckIcon className="size-4" /> {props.badge}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-brand sm:text-5xl">{props.title}</h1>
          <p className="mt-4 text-lg text-slate-700">{props.intro}</p>
          <dl className="mt-6 grid grid-cols-2 gap-4">
            {props.stats.map((stat) => (
              <div key={stat.label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-700">{stat.label}</dt>
                <dd className="text-2xl font-extrabold text-accent-strong">{stat.value}</dd>
              </div>
            ))}
          </dl>
          {props.disclaimer ? <p className="mt-3 text-sm text-slate-700" lang={props.disclaimerLang} data-testid="figures-disclaimer">{props.disclaimer}</p> : null}
          <StartButton href={props.cta.href} className={`${ctaClass} mt-8 text-lg`}>
            {props.cta.label} <ArrowRightIcon className="size-5" />
          </StartButton>
        </div>
        {props.aside}
      </div>
    </section>
  );
}

/** A card of numbered steps beside the hero. */
export function StepsCard({ title, steps, cta }: { title: string; steps: readonly string[]; cta: { label: string; href: string } }) {
  return (
    <section aria-labelledby="steps-card-title" className="self-start rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
      <h2 id="steps-card-title" className="text-xl font-bold text-brand">
        {title}
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, i) => (
          <li key={step} className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-white">{i + 1}</span>
            <span className="pt-1 text-slate-800">{step}</span>
          </li>
        ))}
      </ol>
      <StartButton href={cta.href} className={`${ctaClass} mt-6 w-full`}>
        {cta.label}
      </StartButton>
    </section>
  );
}

export interface Tile {
  title: string;
  text: string;
  icon?: ComponentType<{ className?: string }>;
}

/** A titled grid of tiles (benefits, exposure sources, linked conditions...). */
export function TileSection({ id, title, intro, tiles, tone = "white" }: { id: string; title: string; intro?: ReactNode; tiles: readonly Tile[]; tone?: "white" | "tinted" }) {
  return (
    <section aria-labelledby={id} className={tone === "tinted" ? "bg-accent-soft" : ""}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id={id} className="text-2xl font-bold text-brand">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-3xl text-slate-700">{intro}</p> : null}
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map(({ icon: Icon, title: tileTitle, text }) => (
            <li key={tileTitle} className="rounded-xl border border-slate-200 bg-white p-5">
              {Icon ? <Icon className="mb-3 size-7 text-accent" /> : null}
              <h3 className="font-semibold">{tileTitle}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A closing call to action. */
export function CtaBanner({ title, text, cta }: { title: string; text: ReactNode; cta: { label: string; href: string } }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <div className="rounded-2xl bg-brand px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">{title}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-200">{text}</p>
        <StartButton
          href={cta.href}
          className="mt-6 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand hover:bg-slate-100"
        >
          {cta.label} <ArrowRightIcon className="size-5" />
        </StartButton>
      </div>
    </section>
  );
}

/** A titled list of short items, each with a check mark. */
export function ChecklistSection({ id, title, intro, items }: { id: string; title: string; intro?: ReactNode; items: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id={id} className="text-2xl font-bold text-brand">
          {title}
        </h2>
        {intro ? <p className="mt-2 max-w-3xl text-slate-700">{intro}</p> : null}
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {items.map((item) => (
            <li key={item} className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-4 font-semibold">
              <CheckIcon className="size-5 shrink-0 text-accent" /> {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A panel pointing to help outside the claim, with a phone link. */
export function SupportPanel({ id, title, text, call }: { id: string; title: string; text: ReactNode; call: { label: string; tel: string } }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 pt-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id={id} className="text-xl font-bold text-brand">
          {title}
        </h2>
        <p className="mt-2 text-slate-700">{text}</p>
        <a
          href={`tel:${call.tel}`}
          className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-accent px-4 font-semibold text-accent-strong hover:bg-accent-soft"
        >
          {call.label}
        </a>
      </div>
    </section>
  );
}

/** Questions and answers, each a heading and its answer (no disclosure widget: the page has no JavaScript). */
export function FaqSection({ id, title, items }: { id: string; title: string; items: readonly { question: string; answer: string }[] }) {
  return (
    <section aria-labelledby={id}>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h2 id={id} className="text-2xl font-bold text-brand">
          {title}
        </h2>
        <dl className="mt-6 space-y-5">
          {items.map((qa) => (
            <div key={qa.question} className="rounded-xl border border-slate-200 bg-white p-5">
              <dt className="font-semibold text-slate-900">{qa.question}</dt>
              <dd className="mt-2 text-slate-700">{qa.answer}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
