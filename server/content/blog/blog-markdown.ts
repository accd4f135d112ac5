import { Marked, type Tokens } from "marked";

/**
 * An article's Markdown made into the HTML its page shows. Operators write it in the console, so it is
 * rendered safely: raw HTML is shown as text, never passed through; a link may only go to this site, a
 * web page, an e-mail address or a phone number; an image may only come from this site (the CSP allows
 * no other origin). What the editor refuses (./blog-post.ts) the renderer neutralises too.
 */

export const WORDS_PER_MINUTE = 200;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A link's target if it is one we allow, else null. */
export function safeLinkTarget(href: string): string | null {
  const target = href.trim();
  if (/^\/(?!\/)/.test(target) || target.startsWith("#")) return target;
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d ().-]*)$/i.test(target) ? target : null;
}

/** An image's source if it is on this site, else null. */
export function safeImageSource(src: string): string | null {
  const source = src.trim();
  return /^\/(?!\/)[\w\-./]+$/.test(source) && !source.includes("..") ? source : null;
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
  },
  walkTokens(token) {
    if (token.type === "link") token.href = safeLinkTarget(token.href) ?? "#";
    if (token.type === "image") {
      const source = safeImageSource(token.href);
      // An image from elsewhere becomes its alternative text.
      if (!source) Object.assign(token, { type: "text", raw: token.text, text: escapeHtml(token.text), escaped: true });
      else token.href = source;
    }
  },
});

const reader = new Marked({ gfm: true });

/**
 * The first link or picture in the Markdown we would not render as written (reference-style ones too),
 * as a message for the editor; null when there is none.
 */
export function markdownProblem(markdown: string): string | null {
  let problem: string | null = null;
  reader.walkTokens(reader.lexer(markdown), (token) => {
    if (problem) return;
    if (token.type === "image" && !safeImageSource(token.href)) problem = `The picture '${token.href}' is not on this site: upload it here and use the address the upload gives.`;
    if (token.type === "link" && !safeLinkTarget(token.href)) problem = `The link '${token.href}' is not allowed: use a page of this site (/...), https://..., mailto: or tel:.`;
  });
  return problem;
}

export interface RenderedArticle {
  html: string;
  words: number;
  minutes: number;
  readTime: string;
  /** Questions and answers of the article's 'Frequently Asked Questions' section (for FAQPage data). */
  faq: Array<{ question: string; answer: string }>;
  /** Every link in the body that points at this site. */
  internalLinks: string[];
}

export function renderArticle(markdown: string): RenderedArticle {
  const body = markdown.replace(/\r\n/g, "\n");
  const words = body.replace(/[#*_`>\-[\]()]/g, " ").split(/\s+/).filter(Boolean).length;
  const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  return {
    html: marked.parse(body, { async: false }),
    words,
    minutes,
    readTime: `${minutes} min read`,
    faq: extractFaq(body),
    internalLinks: [...body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!),
  };
}

function extractFaq(body: string): RenderedArticle["faq"] {
  const section = /^## Frequently Asked Questions\s*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body)?.[1];
  if (!section) return [];
  return [...section.matchAll(/^### (.+)\n+([\s\S]*?)(?=^### |^\*This article|(?![\s\S]))/gm)].map((m) => ({
    question: m[1]!.trim(),
    answer: m[2]!.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1").replace(/[*_`]/g, "").trim(),
  }));
}
