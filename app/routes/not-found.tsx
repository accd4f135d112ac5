import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/not-found";

/** One page for every unknown address (a 404 has no canonical address), rendered from one of them. */
export const handle: RouteHandle = { canonicalPath: () => null, staticPage: () => "/_not-found" };

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export default NotFound;
