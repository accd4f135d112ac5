import { data, redirect } from "react-router";
import { emptyValues } from "#claims/engine/form-values";
import { startHref } from "#claims/engine/pages";
import type { ClaimDefinition } from "#claims/engine/types";
import { claimByFormPath, claimByLandingPath, claimBySlug } from "#claims/registry";
import { seo } from "~/components/seo";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ClaimLanding } from "~/landing/claim-landing";
import { ClaimFormPage, claimFormPageData, formPageTitle } from "~/wizard/claim-form-page";
import { answerFormPost } from "~/wizard/form-post.server";
import type { WizardState } from "~/wizard/wizard";
import type { Route } from "./+types/data-claim-page";

/**
 * Claims defined as data (docs/decisions/059): routes are fixed at build, so every page under /claims/
 * comes here, and the page is found by its path among the claims the server runs now. A landing path
 * shows the landing; a form path the form, which works without JavaScript (the wizard's script loads
 * a built-in claim's code chunk, which a data claim has not). A paused claim says it is closed. Any
 * other path is the site's 404.
 */
const dataClaimAt = (pathname: string, find: (path: string) => ClaimDefinition | undefined) => {
  const claim = find(pathname);
  return claim?.data ? claim : undefined;
};

function notFound(): never {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  if (page.kind === "landing") return seo(args, page.landing.seo);
  return seo(args, { title: formPageTitle(page.kind === "form" ? page.form.title : page.title), description: "" });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const landing = dataClaimAt(pathname, claimByLandingPath);
  if (landing) {
    if (landing.data!.paused) return { kind: "closed" as const, slug: landing.slug, title: landing.landing.card.title };
    return { kind: "landing" as const, slug: landing.slug, startHref: startHref(landing), landing: landing.landing };
  }
  const form = dataClaimAt(pathname, claimByFormPath);
  if (!form) notFound();
  if (form.data!.paused) return { kind: "closed" as const, slug: form.slug, title: form.landing.card.title };
  const wizard: WizardState = {
    step: 0,
    values: emptyValues(form, crypto.randomUUID()),
    errors: {},
    timing: await context.leads.formTiming.issue(form.slug),
  };
  return { kind: "form" as const, slug: form.slug, form: claimFormPageData(form, context.site, wizard) };
}

/** The form's steps posted without JavaScript; a paused claim's answer is the lead service's 'closed'. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = dataClaimAt(new URL(request.url).pathname, claimByFormPath);
  if (!form) notFound();
  const { status, body } = await answerFormPost(form, request, request.url, context);
  return "redirect" in body ? redirect(body.redirect) : data(body, { status });
}

export default function DataClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "landing") return <ClaimLanding slug={loaderData.slug} startHref={loaderData.startHref} landing={loaderData.landing} />;
  if (loaderData.kind === "closed") return <ClosedClaim title={loaderData.title} />;
  const definition = claimBySlug(loaderData.slug)!;
  return <ClaimFormPage definition={definition} loaderData={loaderData.form} actionData={actionData} />;
}

function ClosedClaim({ title }: { title: string }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{title}: this claim is closed</h1>
        <p className="mt-2 text-slate-700">We are not taking new submissions for this claim.</p>
        <a href="/" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
          Return to Home
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
