import { data } from "react-router";

/**
 * The posted form, or a 400 when the body is not one. The server's page guard lets only form content
 * types through, but a multipart body can still be broken (no boundary, cut short), and
 * `request.formData()` throws on it; a thrown `data()` answers 400 without logging an error.
 */
export async function readForm(request: Request, logger?: { warn(obj: object, msg: string): void }): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    logger?.warn({ path: new URL(request.url).pathname }, "page post refused: the body is not a valid form");
    throw data("The request body is not a valid form.", { status: 400, statusText: "Bad Request" });
  }
}
