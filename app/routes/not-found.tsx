import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/not-found";
import { localeOfPath } from "#claims/engine/locale";
import { PAGE_MESSAGES } from "~/i18n/page-messages";

/** One page for every unknown address (a 404 has no canonical address), rendered from one of them. */
export const handle: RouteHandle = {
  canonicalPath: () => null,
  // One page per language: the Spanish one answers unknown addresses under /es (docs/decisions/058).
  staticPage: (url) => (localeOfPath(url.pathname) === "es" ? "/es/_not-found" : "/_not-found"),
};

export const meta: Route.MetaFunction = ({ location }) => [
  { title: PAGE_MESSAGES[localeOfPath(location.pathname)].notFoundTitle },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export default NotFound;
