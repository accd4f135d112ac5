// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { parse as parseYaml } from "yaml";
import { blogSources } from "#content/blog-sources";

/**
 * Blog posts in the database (issue 28, docs/decisions/057). A post is site content, entry `blog:<slug>`
 * in content_versions and content_drafts (migration 31); this imports the articles the repository
 * shipped in content/blog as each post's version 1, published by no one (built in), and adds the table
 * of pictures operators upload for their posts: the bytes, their checked type and their SHA-256, which
 * is the picture's address, so an upload never replaces one in use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("blog_images")
    .addColumn("sha256", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", postgres ? sql`bytea` : sql`blob`, (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "text")
    .execute();

  const top = await db.selectFrom("content_versions").select(sql<number | null>`max(id)`.as("id")).executeTakeFirstOrThrow();
  let id = Number(top.id ?? 0);
  const at = new Date().toISOString();
  for (const post of builtInPosts()) {
    const entry = `blog:${post.slug}`;
    const present = await db.selectFrom("content_versions").select("id").where("entry", "=", entry).executeTakeFirst();
    if (present) continue;
    id += 1;
    await db.insertInto("content_versions").values({ id, entry, number: 1, body: JSON.stringify(post), published_at: at, published_by: null, rolled_back_from: null }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("content_drafts").where("entry", "like", "blog:%").execute();
  await db.deleteFrom("content_versions").where("entry", "like", "blog:%").execute();
  await db.schema.dropTable("blog_images").execute();
}

/**
 * The articles of content/blog as published post bodies (server/content/blog/blog-post.ts as it was when
 * this was written), each appearing from noon UTC of its date. tests/unit/blog-content.test.ts holds
 * every one to the editor's rules.
 */
export function builtInPosts(): Array<Record<string, unknown> & { slug: string }> {
  return Object.keys(blogSources)
    .sort()
    .map((file) => {
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(blogSources[file]!.replace(/\r\n/g, "\n"));
      if (!match) throw new Error(`content/blog/${file}: missing front-matter`);
      const front = parseYaml(match[1]!) as Record<string, unknown>;
      if (`${String(front.slug)}.md` !== file) throw new Error(`content/blog/${file}: slug '${String(front.slug)}' does not match the file name`);
      const { slug, title, excerpt, author, date, category, image, heroImage } = front as Record<string, string> & { slug: string };
      return { slug, language: "en", title, excerpt, author, date, category, image, heroImage, markdown: match[2]!, publishAt: `${date}T12:00:00.000Z`, hidden: false };
    });
}
