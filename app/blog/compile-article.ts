import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { CATEGORIES } from "./categories";

/** Turns one Markdown article with front-matter into what the blog pages render (run at build time). */

export { CATEGORIES, type Category } from "./categories";

export const WORDS_PER_MINUTE = 200;

const frontMatterSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase-kebab"),
  title: z.string().min(10).max(120),
  excerpt: z.string().min(60).max(240),
  author: z.literal("Legal Team"),
  date: z.string().regex(/^2024-01-\d{2}$/, "must be a January 2024 date (YYYY-MM-DD)"),
  category: z.enum(CATEGORIES),
  image: z.string().regex(/^\/images\/blog\/[\w-]+\.(svg|png|webp|jpg)$/),
  heroImage: z.string().regex(/^\/images\/blog\/[\w-]+\.(svg|png|webp|jpg)$/),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface Article extends FrontMatter {
  words: number;
  minutes: number;
  readTime: string;
  html: string;
  /** Questions and answers of the article's 'Frequently Asked Questions' section (for FAQPage data). */
  faq: Array<{ question: string; answer: string }>;
  /** Every link in the body that points at this site. */
  internalLinks: string[];
}

const marked = new Marked({ gfm: true });

export function compileArticle(source: string, fileName: string): Article {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`${fileName}: missing front-matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1]!));
  if (!parsed.success) {
    throw new Error(`${fileName}: invalid front-matter: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  const frontMatter = parsed.data;
  if (`${frontMatter.slug}.md` !== fileName) throw new Error(`${fileName}: slug '${frontMatter.slug}' does not match the file name`);

  const body = match[2]!;
  const words = body.replace(/[#*_`>\-[\]()]/g, " ").split(/\s+/).filter(Boolean).length;
  const minutes = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
  return {
    ...frontMatter,
    words,
    minutes,
    readTime: `${minutes} min read`,
    html: marked.parse(body, { async: false }),
    faq: extractFaq(body),
    internalLinks: [...body.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!),
  };
}

function extractFaq(body: string): Article["faq"] {
  const section = /^## Frequently Asked Questions\s*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body)?.[1];
  if (!section) return [];
  return [...section.matchAll(/^### (.+)\n+([\s\S]*?)(?=^### |^\*This article|(?![\s\S]))/gm)].map((m) => ({
    question: m[1]!.trim(),
    answer: m[2]!.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1").replace(/[*_`]/g, "").trim(),
  }));
}
