import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceContext } from "./components/nonce";
import { ServerRootData } from "./components/use-site";
import { themeCss } from "./landing/theme-css";
import { allClaims } from "#claims/registry";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending it (no streaming): pages have no deferred data, and
 * complete HTML is what crawlers and the zero-JavaScript pages need.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRootData.Provider
          value={{ site: loadContext.site, locale: "en", otherLanguageHref: "/es", siteUrl: loadContext.siteUrl, year: new Date().getFullYear(), themeCss: themeCss(allClaims()), adminNav: null, trustFigures: [], preview: null }}
        >
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerRootData.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // React would send a large finished Suspense boundary (the form route's) as a hidden part that a
        // script reveals: without JavaScript the page would stay blank.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // The whole document, then one response with its length.
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
          });
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          status = 500;
          loadContext.logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
