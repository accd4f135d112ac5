import type { Logger } from "../../logger";
import { renderArticle, type RenderedArticle } from "./blog-markdown";
import type { BlogArticle } from "./blog-post";
import type { BlogStore, BlogVersion } from "./blog-store";

/** An article as its pages show it: what was written, rendered, and when it appears. */
export interface BlogArticleView extends BlogArticle, RenderedArticle {
  publishAt: string;
}

const byNewest = (a: BlogArticleView, b: BlogArticleView) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title);

/**
 * The published blog posts held in memory by each web instance (docs/decisions/057), so the blog's
 * pages, the RSS feed and the sitemap read them without a query. They are reloaded when the site
 * content's publish counter moves (server/content/live-content.ts polls it), and what is shown is
 * decided by the clock at each read: a scheduled post appears when its time comes, with no publish and
 * no restart. `stamp()` changes whenever what is shown changes, for the page cache.
 */
export function createLiveBlog({
  store,
  contentStamp,
  logger,
  now = () => new Date(),
  pollMs = 1_000,
}: {
  store: BlogStore;
  /** The content counter this instance has loaded (LiveContent.stamp): a change means something was published. */
  contentStamp: () => number;
  logger: Logger;
  now?: () => Date;
  pollMs?: number;
}) {
  let posts: BlogArticleView[] = [];
  let loadedStamp: number | null = null;
  let generation = 0;
  let shownCount = -1;
  const rendered = new Map<number, BlogArticleView>();
  let timer: NodeJS.Timeout | null = null;
  let loading: Promise<void> | null = null;

  function viewOf(version: BlogVersion): BlogArticleView {
    let view = rendered.get(version.id);
    if (!view) {
      const { hidden: _hidden, ...body } = version.body;
      view = { ...body, ...renderArticle(body.markdown) };
      rendered.set(version.id, view);
    }
    return view;
  }

  async function load(): Promise<void> {
    const stamp = contentStamp();
    if (stamp === loadedStamp) return;
    const latest = (await store.latest()).filter((version) => !version.body.hidden);
    posts = latest.map(viewOf).sort(byNewest);
    const kept = new Set(latest.map((version) => version.id));
    for (const id of rendered.keys()) if (!kept.has(id)) rendered.delete(id);
    loadedStamp = stamp;
    generation += 1;
  }

  /** One load at a time. */
  function refresh(): Promise<void> {
    loading ??= load()
      .catch((error: unknown) => logger.warn({ err: error }, "blog posts not refreshed; the pages keep the posts they had"))
      .finally(() => (loading = null));
    return loading;
  }

  /** The posts shown now: published, not taken down, and due. */
  function shown(): BlogArticleView[] {
    const at = now().toISOString();
    return posts.filter((post) => post.publishAt <= at);
  }

  return {
    /** Every article shown now, newest first. */
    articles: shown,
    article: (slug: string): BlogArticleView | undefined => shown().find((post) => post.slug === slug),
    /**
     * Changes whenever the articles shown change: a reload, or a scheduled post coming due. Monotonic, so
     * the page cache may add it to the content counter (server/http/app.ts).
     */
    stamp(): number {
      const count = shown().length;
      if (count !== shownCount) {
        shownCount = count;
        generation += 1;
      }
      return generation;
    },
    refresh,
    /** The draft whose preview token this is, rendered as its page would show it; null when there is none. */
    async preview(token: string): Promise<BlogArticleView | null> {
      const draft = await store.draftByToken(token);
      return draft ? { ...draft.article, ...renderArticle(draft.article.markdown), publishAt: now().toISOString() } : null;
    },
    start(): void {
      timer ??= setInterval(() => void refresh(), pollMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await loading;
    },
  };
}

export type LiveBlog = ReturnType<typeof createLiveBlog>;
