import express from "express";
import { Migrator } from "kysely";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { action as blogAdminAction, loader as blogAdminLoader } from "../../app/routes/admin-blog";
import { action as postAction, loader as postLoader } from "../../app/routes/admin-blog-post";
import { loader as articleLoader } from "../../app/routes/blog-article";
import { loader as blogLoader } from "../../app/routes/blog";
import { loader as rssLoader } from "../../app/routes/blog-rss";
import { loader as sitemapLoader } from "../../app/routes/sitemap-xml";
import type { Actor } from "../../server/audit/audit-log";
import { MAX_BLOG_IMAGE_BYTES } from "../../server/content/blog/blog-images";
import { blogImageRoute } from "../../server/http/blog-image-route";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { migrations } from "../../server/db/migrations";
import { testDatabaseUrl } from "../support/test-database";
import type { ConsoleRoutes } from "../support/console-leads";
import { formPost, routeArgs, settled, TEST_SITE_URL } from "../support/load-context";
import { consoleWithOperators, type Operators } from "../support/operators";

// Blog posts in the database (issue 28, docs/decisions/057), on a real database (a SQLite file, and
// PostgreSQL in integration-postgres): the imported articles, drafts and versions, scheduling against a
// clock the test moves, unpublish, rollback, the audit log's before and after, safe Markdown, pictures,
// and /admin/blog's loaders and actions called with plain Requests.

let clock = new Date("2026-11-27T10:00:00.000Z");
let app: ConsoleRoutes;
let operators: Operators;
const actor: Actor = { operatorId: null, email: "owner@claims.example", ip: "192.0.2.9" };
consoleWithOperators((running) => ({ app, operators } = running), {}, { now: () => clock });
beforeAll(async () => {
  await app.services.content.refresh();
  await app.services.blog.refresh();
});

const store = () => app.services.blogStore;
/** What the console does after a publish: this instance reloads the content counter, then the posts. */
const reload = async () => (await app.services.content.refresh(), await app.services.blog.refresh());
const blog = () => app.services.blog;
const call = <T,>(loader: (args: never) => T, path: string, headers: Record<string, string> = {}) =>
  settled(Promise.resolve(loader(routeArgs(new Request(TEST_SITE_URL + path, { headers }), app.context()) as never)));
/** The article page's loader for `/blog/<slug>...`, as React Router calls it. */
const articlePage = (path: string, headers: Record<string, string> = {}) =>
  settled(articleLoader({ ...routeArgs(new Request(TEST_SITE_URL + path, { headers }), app.context()), params: { slug: new URL(TEST_SITE_URL + path).pathname.split("/")[2]! } } as never));
const text = async (loader: (args: never) => unknown, path: string) => ((await loader(routeArgs(new Request(TEST_SITE_URL + path), app.context()) as never)) as Response).text();
const auditOf = (action: string) => app.db.selectFrom("audit_log").select(["action", "target_id", "detail"]).where("action", "=", action).orderBy("id", "asc").execute();

const article = (slug: string, overrides: Record<string, string> = {}) => ({
  slug,
  title: "Hair relaxer lawsuits: who may qualify",
  excerpt: "Who may have a hair relaxer claim, which diagnoses matter, and what records help a lawyer review it.",
  author: "Legal Team",
  date: "2026-11-20",
  category: "PFAS",
  image: "/images/blog/pfas.svg",
  heroImage: "/images/blog/pfas-hero.svg",
  markdown: "## What to know\n\nSee [our PFAS guide](/blog/pfas-forever-chemicals-lawsuit-guide-2024).\n\nThis article is not legal advice.",
  ...overrides,
});

describe("the imported articles", () => {
  it("shows the 30 articles of content/blog as built-in version 1 of each post, on the blog, the RSS feed and the sitemap", async () => {
    expect(blog().articles()).toHaveLength(30);
    const list = await call(blogLoader as never, "/blog");
    expect((list.data as { total: number }).total).toBe(30);
    const history = await store().history("pfas-blood-and-water-testing");
    expect(history.map((v) => [v.number, v.publishedBy, v.body.publishAt, v.body.language])).toEqual([[1, null, "2024-01-13T12:00:00.000Z", "en"]]);
    const page = await articlePage("/blog/pfas-blood-and-water-testing");
    expect(page.status).toBe(200);
    expect((page.data as { article: { html: string } }).article.html).toContain("<h2");
    expect((await text(rssLoader as never, "/blog/rss.xml")).match(/<item>/g)).toHaveLength(30);
    expect(await text(sitemapLoader as never, "/sitemap.xml")).toContain(`${TEST_SITE_URL}/blog/pfas-blood-and-water-testing</loc>`);
  });
});

describe("blog post versions", () => {
  it("refuses a wrong draft with each field's message in words, and a taken address with a 409", async () => {
    const refused = await store().saveDraft({ ...article("a"), title: "Short", category: "Hair", markdown: "![x](https://tracker.example/p.gif)" }, actor, { isNew: true });
    expect(refused.ok || refused.errors).toEqual({
      slug: "The address needs at least 3 characters.",
      title: "The title needs at least 10 characters.",
      category: "Choose a category: MVA, RoundUp, PFAS.",
      markdown: "The picture 'https://tracker.example/p.gif' is not on this site: upload it here and use the address the upload gives.",
    });
    const taken = await store().saveDraft(article("pfas-blood-and-water-testing"), actor, { isNew: true });
    expect(taken).toMatchObject({ ok: false, status: 409, errors: { slug: "This address is taken by another post." } });
  });

  it("publishes a draft as version 1, shown at once, with the audit log's before and after", async () => {
    const stampBefore = blog().stamp();
    expect((await store().saveDraft(article("hair-relaxer-who-qualifies"), actor, { isNew: true })).ok).toBe(true);
    expect(blog().article("hair-relaxer-who-qualifies")).toBeUndefined();
    const published = await app.services.blogConsole.act(formOf({ intent: "publish" }), actor, "hair-relaxer-who-qualifies");
    expect(published).toEqual({ ok: true, slug: "hair-relaxer-who-qualifies", message: "Version 1 is published." });
    expect(blog().article("hair-relaxer-who-qualifies")?.html).toContain('<a href="/blog/pfas-forever-chemicals-lawsuit-guide-2024">');
    expect(blog().stamp()).toBeGreaterThan(stampBefore);
    expect(await store().draft("hair-relaxer-who-qualifies")).toBeNull();
    const [saved] = await auditOf("save-blog-draft");
    expect(saved!.target_id).toBe("blog:hair-relaxer-who-qualifies");
    expect(JSON.parse(saved!.detail).changes.title).toEqual({ before: null, after: "Hair relaxer lawsuits: who may qualify" });
    const [publish] = await auditOf("publish-blog-post");
    expect(JSON.parse(publish!.detail)).toMatchObject({ version: 1, changes: { hidden: { before: null, after: false }, publishAt: { before: null, after: clock.toISOString() } } });
  });

  it("schedules a post: not on the blog, its page, the RSS feed or the sitemap until the clock reaches its time", async () => {
    await store().saveDraft(article("scheduled-post", { title: "A post that appears on Monday morning" }), actor, { isNew: true });
    const form = formOf({ intent: "schedule", publishAt: "2026-11-30T09:00" });
    const scheduled = await app.services.blogConsole.act(form, actor, "scheduled-post");
    expect(scheduled).toMatchObject({ ok: true, message: "Version 1 is scheduled: it appears on the blog at the time chosen." });
    const [version] = await store().history("scheduled-post");
    // 09:00 in the operator's time zone (America/New_York by default) is 14:00 UTC.
    expect(version!.body.publishAt).toBe("2026-11-30T14:00:00.000Z");

    const shownBefore = async () => ({
      list: ((await call(blogLoader as never, "/blog")).data as { articles: Array<{ slug: string }> }).articles.some((a) => a.slug === "scheduled-post"),
      page: (await articlePage("/blog/scheduled-post")).status,
      rss: (await text(rssLoader as never, "/blog/rss.xml")).includes("/blog/scheduled-post<"),
      sitemap: (await text(sitemapLoader as never, "/sitemap.xml")).includes("/blog/scheduled-post<"),
    });
    expect(await shownBefore()).toEqual({ list: false, page: 404, rss: false, sitemap: false });
    const stamp = blog().stamp();
    clock = new Date("2026-11-30T14:00:00.000Z");
    expect(blog().stamp()).toBeGreaterThan(stamp);
    expect(await shownBefore()).toEqual({ list: true, page: 200, rss: true, sitemap: true });

    expect(await app.services.blogConsole.act(formOf({ intent: "schedule", publishAt: "2026-11-29T09:00" }), actor, "scheduled-post")).toMatchObject({
      ok: false,
      status: 400,
      errors: { publishAt: "Choose a time in the future to schedule the post, or publish it now." },
    });
    expect(await app.services.blogConsole.act(formOf({ intent: "schedule", publishAt: "next monday" }), actor, "scheduled-post")).toMatchObject({ ok: false, status: 400 });
  });

  it("unpublishes a post, keeping its draft, and rolls back to a shown version in one step", async () => {
    const slug = "hair-relaxer-who-qualifies";
    await store().saveDraft(article(slug, { title: "Hair relaxer lawsuits: a second version" }), actor, { isNew: false });
    expect((await store().publish(slug, actor)).ok).toBe(true);
    await reload();
    expect(blog().article(slug)?.title).toBe("Hair relaxer lawsuits: a second version");

    const unpublished = await app.services.blogConsole.act(formOf({ intent: "unpublish" }), actor, slug);
    expect(unpublished).toMatchObject({ ok: true, message: "The post is unpublished (version 3): visitors no longer see it." });
    expect(blog().article(slug)).toBeUndefined();
    expect((await articlePage(`/blog/${slug}`)).status).toBe(404);
    expect(await store().unpublish(slug, actor)).toMatchObject({ ok: false, status: 409, message: "The post is unpublished already." });

    const rolledBack = await app.services.blogConsole.act(formOf({ intent: "rollback", version: "1" }), actor, slug);
    expect(rolledBack).toMatchObject({ ok: true, message: "Version 4 is published, a copy of version 1." });
    expect(blog().article(slug)?.title).toBe("Hair relaxer lawsuits: who may qualify");
    const history = await store().history(slug);
    expect(history.map((v) => [v.number, v.body.hidden, v.rolledBackFrom])).toEqual([
      [4, false, 1],
      [3, true, null],
      [2, false, null],
      [1, false, null],
    ]);
    expect(await store().rollback(slug, 4, actor)).toMatchObject({ ok: false, status: 409 });
    expect(await store().rollback(slug, 9, actor)).toMatchObject({ ok: false, status: 404 });
    const [rollback] = await auditOf("rollback-blog-post");
    expect(JSON.parse(rollback!.detail)).toMatchObject({ version: 4, copyOf: 1, changes: { hidden: { before: true, after: false } } });
  });

  it("renders Markdown safely: raw HTML is shown as text, and a link it cannot trust goes nowhere", async () => {
    const markdown = 'Hello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n[ref link][evil]\n\n[evil]: javascript:alert(3)\n';
    expect((await store().saveDraft(article("safe-markdown", { markdown }), actor, { isNew: true })).ok || "refused").toBe("refused");
    const draft = await store().saveDraft(article("safe-markdown", { markdown: "Hello <script>alert(1)</script> <img src=x onerror=\"alert(2)\">" }), actor, { isNew: true });
    expect(draft.ok).toBe(true);
    await store().publish("safe-markdown", actor);
    await reload();
    const html = blog().article("safe-markdown")!.html;
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("pictures", () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082", "hex");

  it("takes a PNG by its bytes, refuses SVG, other files and large ones, and serves the picture with its type, nosniff and a year's cache", async () => {
    const svg = await app.services.blogImages.upload({ name: "logo.png", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, actor);
    expect(svg).toEqual({ ok: false, status: 400, message: "The file is not a picture we take: upload a PNG, JPEG, WebP or GIF (SVG is not accepted)." });
    const large = await app.services.blogImages.upload({ name: "big.png", bytes: Buffer.concat([png, Buffer.alloc(MAX_BLOG_IMAGE_BYTES)]) }, actor);
    expect(large).toMatchObject({ ok: false, status: 413 });
    const uploaded = await app.services.blogImages.upload({ name: "dot <1>.png", bytes: png }, actor);
    if (!uploaded.ok) throw new Error(uploaded.message);
    expect(uploaded.value).toMatchObject({ contentType: "image/png", fileName: "dot _1_.png", path: expect.stringMatching(/^\/media\/blog\/[0-9a-f]{64}\.png$/) });
    expect(await auditOf("upload-blog-image")).toHaveLength(1);

    const server = http.createServer(express().get("/media/blog/:file", blogImageRoute(app.services.blogImages)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const served = await fetch(base + uploaded.value.path);
      expect(served.status).toBe(200);
      expect(Object.fromEntries(["content-type", "cache-control", "x-content-type-options"].map((h) => [h, served.headers.get(h)]))).toEqual({
        "content-type": "image/png",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      });
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      expect((await fetch(base + uploaded.value.path.replace(".png", ".gif"))).status).toBe(404);
      expect((await fetch(`${base}/media/blog/${"0".repeat(64)}.png`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("uploads from /admin/blog's form as a manager, and refuses a viewer", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("picture", new File([Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1")], "tiny.gif", { type: "image/gif" }));
    const viewer = await settled(blogAdminAction(routeArgs(formPost("/admin/blog", form, { cookie: operators.cookies.viewer }), app.context()) as never));
    expect(viewer.status).toBe(403);
    const manager = await settled(blogAdminAction(routeArgs(formPost("/admin/blog", form, { cookie: operators.cookies.manager }), app.context()) as never));
    expect(manager).toMatchObject({ status: 200, data: { ok: true, path: expect.stringMatching(/\.gif$/) } });
  });
});

describe("/admin/blog", () => {
  it("lets a viewer read the posts but change nothing; without a session it asks to log in", async () => {
    const viewer = await call(blogAdminLoader as never, "/admin/blog", { cookie: operators.cookies.viewer });
    const data = viewer.data as { canChange: boolean; posts: Array<{ slug: string; state: string }> };
    expect(data.canChange).toBe(false);
    expect(data.posts.length).toBeGreaterThanOrEqual(30);
    expect(data.posts.find((p) => p.slug === "pfas-blood-and-water-testing")?.state).toBe("published");
    expect((await call(blogAdminLoader as never, "/admin/blog")).headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fblog");
    const refused = await settled(blogAdminAction(routeArgs(formPost("/admin/blog", { intent: "create", ...article("viewer-post") }, { cookie: operators.cookies.viewer }), app.context()) as never));
    expect(refused).toMatchObject({ status: 403, data: { error: "You do not have access: this needs the manager role or higher." } });
  });

  it("creates a post as a manager and opens its editor; a wrong field answers 400 with its message", async () => {
    const wrong = await settled(blogAdminAction(routeArgs(formPost("/admin/blog", { intent: "create", ...article("new-from-form", { excerpt: "Too short" }) }, { cookie: operators.cookies.manager }), app.context()) as never));
    expect(wrong).toMatchObject({ status: 400, data: { errors: { excerpt: "The summary needs at least 40 characters." } } });
    const created = await settled(blogAdminAction(routeArgs(formPost("/admin/blog", { intent: "create", ...article("new-from-form") }, { cookie: operators.cookies.manager }), app.context()) as never));
    expect(created.headers.get("location")).toBe("/admin/blog/new-from-form?saved=1");

    const editor = await settled(postLoader({ ...routeArgs(new Request(`${TEST_SITE_URL}/admin/blog/new-from-form`, { headers: { cookie: operators.cookies.viewer } }), app.context()), params: { slug: "new-from-form" } } as never));
    const post = (editor.data as { post: { state: string; draft: { previewToken: string } } }).post;
    expect(post.state).toBe("draft");

    // The preview: the real article page, with the draft, for a signed-in operator only.
    const preview = `/blog/new-from-form?preview=${post.draft.previewToken}`;
    const asOperator = await articlePage(preview, { cookie: operators.cookies.viewer });
    expect(asOperator).toMatchObject({ status: 200, data: { article: { title: "Hair relaxer lawsuits: who may qualify" } } });
    const asVisitor = await articlePage(preview);
    expect(asVisitor.status).toBe(404);

    const postAs = (cookie: string, fields: Record<string, string>) =>
      settled(postAction({ ...routeArgs(formPost("/admin/blog/new-from-form", fields, { cookie }), app.context()), params: { slug: "new-from-form" } } as never));
    expect((await postAs(operators.cookies.viewer, { intent: "publish" })).status).toBe(403);
    expect(await postAs(operators.cookies.manager, { intent: "publish" })).toMatchObject({ status: 200, data: { ok: true, message: "Version 1 is published." } });
    expect(await postAs(operators.cookies.manager, { intent: "launch" })).toMatchObject({ status: 400 });
    expect(await postAs(operators.cookies.manager, { intent: "discard" })).toMatchObject({ status: 409, data: { message: "There is no draft to discard." } });
    const missing = await settled(postLoader({ ...routeArgs(new Request(`${TEST_SITE_URL}/admin/blog/no-such-post`, { headers: { cookie: operators.cookies.viewer } }), app.context()), params: { slug: "no-such-post" } } as never));
    expect(missing.status).toBe(404);
  });
});

describe("migration 35", () => {
  it("goes down and up again: the posts and the pictures' table go, and the 30 articles come back once", async () => {
    const db = await openDatabase(loadConfig({ DATABASE_URL: await testDatabaseUrl("blog_posts_migration"), NODE_ENV: "test" }).database);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations).sort();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect((await migrator.migrateTo(names[names.indexOf("2026-11-27-35-blog-posts") - 1]!)).error).toBeUndefined();
      expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain("blog_images");
      expect(await db.selectFrom("content_versions").select("entry").where("entry", "like", "blog:%").execute()).toEqual([]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const posts = await db.selectFrom("content_versions").select(["entry", "number"]).where("entry", "like", "blog:%").execute();
      expect(posts).toHaveLength(30);
      expect(new Set(posts.map((row) => Number(row.number)))).toEqual(new Set([1]));
    } finally {
      await db.destroy();
    }
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
