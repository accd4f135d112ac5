import { createHash } from "node:crypto";
import { recordAudit, type Actor } from "../../audit/audit-log";
import { writeTransaction, type Db } from "../../db/database";

/** The largest picture an operator may upload. */
export const MAX_BLOG_IMAGE_BYTES = 2 * 1024 * 1024;

/** The picture types we take, recognised by their first bytes (never by the name or the declared type). SVG is not one: it can carry script. */
const SIGNATURES: Array<{ type: string; extension: string; matches: (bytes: Buffer) => boolean }> = [
  { type: "image/png", extension: "png", matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", extension: "jpg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/webp", extension: "webp", matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  { type: "image/gif", extension: "gif", matches: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
];

export interface BlogImage {
  sha256: string;
  contentType: string;
  size: number;
  fileName: string;
  uploadedAt: string;
  uploadedBy: string | null;
  /** Where the site serves it. */
  path: string;
}

export type ImageAnswer<T> = { ok: true; value: T } | { ok: false; status: 400 | 413; message: string };

const extensionOf = (type: string) => SIGNATURES.find((s) => s.type === type)?.extension ?? "bin";
const pathOf = (sha256: string, type: string) => `/media/blog/${sha256}.${extensionOf(type)}`;

/**
 * Pictures for blog posts (docs/decisions/057), kept in the database so every web instance serves the
 * same ones and a backup holds them. A picture is checked by its bytes, stored under its SHA-256 and
 * served from /media/blog/<sha256>.<ext> with its own type, never sniffed, cached for a year (its address
 * changes when its bytes do).
 */
export function createBlogImages({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    /** Checks and stores an upload; the same bytes uploaded again are the same picture. */
    async upload(file: { name: string; bytes: Buffer }, actor: Actor): Promise<ImageAnswer<BlogImage>> {
      if (file.bytes.length === 0) return { ok: false, status: 400, message: "Choose a picture to upload: the file is empty." };
      if (file.bytes.length > MAX_BLOG_IMAGE_BYTES) {
        return { ok: false, status: 413, message: `The picture is too large: at most ${MAX_BLOG_IMAGE_BYTES / 1024 / 1024} MB.` };
      }
      const kind = SIGNATURES.find((signature) => signature.matches(file.bytes));
      if (!kind) return { ok: false, status: 400, message: "The file is not a picture we take: upload a PNG, JPEG, WebP or GIF (SVG is not accepted)." };
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      const fileName = file.name.replace(/[^\w .()-]/g, "_").slice(0, 120) || "picture";
      const at = now().toISOString();
      await writeTransaction(db, async (trx) => {
        const present = await trx.selectFrom("blog_images").select("sha256").where("sha256", "=", sha256).executeTakeFirst();
        if (present) return;
        await trx
          .insertInto("blog_images")
          .values({ sha256, content_type: kind.type, bytes: file.bytes, size: file.bytes.length, file_name: fileName, uploaded_at: at, uploaded_by: actor.email })
          .execute();
        await recordAudit(trx, actor, { action: "upload-blog-image", target: { type: "content", id: `image:${sha256}` }, detail: { fileName, contentType: kind.type, size: file.bytes.length } }, now());
      });
      return { ok: true, value: { sha256, contentType: kind.type, size: file.bytes.length, fileName, uploadedAt: at, uploadedBy: actor.email, path: pathOf(sha256, kind.type) } };
    },

    /** Every picture, newest first, without its bytes. */
    async list(): Promise<BlogImage[]> {
      const rows = await db.selectFrom("blog_images").select(["sha256", "content_type", "size", "file_name", "uploaded_at", "uploaded_by"]).orderBy("uploaded_at", "desc").execute();
      return rows.map((row) => ({
        sha256: row.sha256,
        contentType: row.content_type,
        size: Number(row.size),
        fileName: row.file_name,
        uploadedAt: row.uploaded_at,
        uploadedBy: row.uploaded_by,
        path: pathOf(row.sha256, row.content_type),
      }));
    },

    /** The picture at /media/blog/<file>, or null for any name that is not one (unknown, or the wrong extension). */
    async read(file: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      const match = /^([0-9a-f]{64})\.(png|jpg|webp|gif)$/.exec(file);
      if (!match) return null;
      const row = await db.selectFrom("blog_images").select(["content_type", "bytes"]).where("sha256", "=", match[1]!).executeTakeFirst();
      if (!row || extensionOf(row.content_type) !== match[2]) return null;
      return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
    },
  };
}

export type BlogImages = ReturnType<typeof createBlogImages>;
