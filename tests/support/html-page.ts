import { parseHTML } from "linkedom";

/**
 * Pages read over HTTP, without a browser, for what a zero-JavaScript page shows: its HTML as the
 * server sent it, parsed with linkedom, and queried the way a visitor or a screen reader finds things
 * (by role and accessible name, by text). CSS is not applied here, so "shown" means "in the document
 * and not hidden by an attribute"; layout and contrast stay with the browser tests (ADR 045).
 */
export interface HtmlPage {
  url: string;
  status: number;
  headers: Headers;
  html: string;
  document: Document;
}

export async function getPage(url: string, init: RequestInit = {}): Promise<HtmlPage> {
  const response = await fetch(url, init);
  return parsedPage(response.url || url, response);
}

async function parsedPage(url: string, response: Response): Promise<HtmlPage> {
  const html = await response.text();
  const { document } = parseHTML(html);
  return { url, status: response.status, headers: response.headers, html, document };
}

/**
 * Posts a form of `page` as a browser would on a click of `submitter` (else of nothing: its fields
 * alone): its fields urlencoded, with the page as Origin and Referer, following the redirect (a 303) with a GET.
 */
export async function submitForm(page: HtmlPage, form: Element, submitter?: Element): Promise<HtmlPage> {
  const action = new URL(form.getAttribute("action") || page.url, page.url);
  const origin = new URL(page.url).origin;
  const response = await fetch(action, {
    method: (form.getAttribute("method") ?? "get").toUpperCase(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin, referer: page.url, "sec-fetch-site": "same-origin" },
    body: formData(form, submitter),
  });
  return parsedPage(response.url || action.href, response);
}

/**
 * What a browser sends for a form (the HTML standard's "constructing the entry list"): named fields
 * that are not disabled, checked boxes and radios only, a select's selected options (else its first),
 * and of the buttons only the one that submitted it.
 */
export function formData(form: Element, submitter?: Element): URLSearchParams {
  const body = new URLSearchParams();
  for (const field of form.querySelectorAll("input[name], button[name], select[name], textarea[name]")) {
    if (field.hasAttribute("disabled") || field.closest("fieldset[disabled]")) continue;
    const name = field.getAttribute("name")!;
    const tag = field.tagName.toLowerCase();
    const type = (field.getAttribute("type") ?? (tag === "button" ? "submit" : "text")).toLowerCase();
    if (tag === "button" || type === "submit" || type === "button" || type === "image" || type === "reset") {
      if (field === submitter) body.append(name, field.getAttribute("value") ?? "");
    } else if (type === "checkbox" || type === "radio") {
      if (field.hasAttribute("checked")) body.append(name, field.getAttribute("value") ?? "on");
    } else if (tag === "select") {
      const options = [...field.querySelectorAll("option")];
      const selected = options.filter((option) => option.hasAttribute("selected"));
      for (const option of selected.length || field.hasAttribute("multiple") ? selected : options.slice(0, 1)) {
        body.append(name, option.getAttribute("value") ?? option.textContent ?? "");
      }
    } else if (tag === "textarea") {
      body.append(name, field.textContent ?? "");
    } else {
      body.append(name, field.getAttribute("value") ?? "");
    }
  }
  return body;
}

const collapse = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** Hidden from everyone by an attribute (CSS is not applied here). */
export function hiddenByAttribute(element: Element): boolean {
  return element.closest("[hidden], [aria-hidden='true'], template, script, style, noscript") !== null;
}

/** An element's accessible name, as far as HTML alone says it: aria-label, aria-labelledby, or its text. */
export function accessibleName(element: Element): string {
  const label = element.getAttribute("aria-label");
  if (label) return collapse(label);
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    const document = element.ownerDocument;
    return collapse(labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
  }
  return collapse(element.textContent);
}

const nameMatches = (element: Element, name: string | RegExp, exact: boolean) => {
  const text = accessibleName(element);
  if (typeof name !== "string") return name.test(text);
  return exact ? text === name : text.includes(name);
};

const ROLE_SELECTORS = {
  link: "a[href]",
  button: "button, input[type=submit], input[type=button]",
  heading: "h1, h2, h3, h4, h5, h6",
  region: "section[aria-label], section[aria-labelledby], [role=region]",
  listitem: "li, [role=listitem]",
} as const;

/** Like Playwright's getByRole: the elements of a role, not hidden, whose accessible name matches. */
export function byRole(
  root: Document | Element,
  role: keyof typeof ROLE_SELECTORS,
  { name, exact = false, level }: { name?: string | RegExp; exact?: boolean; level?: number } = {},
): Element[] {
  return [...root.querySelectorAll(ROLE_SELECTORS[role])].filter(
    (element) =>
      !hiddenByAttribute(element) &&
      (level === undefined || element.tagName.toLowerCase() === `h${level}`) &&
      (name === undefined || nameMatches(element, name, exact)),
  );
}

/**
 * Like Playwright's getByText: the innermost elements, not hidden, whose text is `text` (exact) or
 * contains it (case-sensitive, which is stricter than Playwright's).
 */
export function byText(root: Document | Element, text: string, { exact = false }: { exact?: boolean } = {}): Element[] {
  const matches = (element: Element) => {
    const own = collapse(element.textContent);
    return exact ? own === text : own.includes(text);
  };
  return [...root.querySelectorAll("body *")].filter(
    (element) => !hiddenByAttribute(element) && matches(element) && ![...element.children].some((child) => matches(child)),
  );
}

export const hrefsOf = (elements: Element[]) => elements.map((element) => element.getAttribute("href"));
