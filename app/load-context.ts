// Routes reach the server's services only through the load context, and import their types only.
import type { ServerContext } from "../server/http/load-context";

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerContext {}
}
