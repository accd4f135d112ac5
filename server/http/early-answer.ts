import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A handler that may answer a request before Express (the static pages, the lead API's plain post),
 * or call `next` to let Express answer it.
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The raw request's path, without its query (Node always gives a server request its URL). */
export function pathnameOf(req: IncomingMessage): string {
  return pathOf(req.url ?? "/");
}

/** A request URL's path, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
