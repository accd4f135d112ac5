// A migration sees the tables as they were when it was written, so it is untyped (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from "kysely";

/**
 * Spanish (issue 28, item 3; docs/decisions/058): each lead and each certificate records the language
 * of the form it came from ('en' for every lead before), and the Spanish consent text is the
 * `consent-text:es` entry's version 1 (its words as they were when this was written, `{brand}` for the
 * site's name), so every Spanish certificate names a version. Its id is the next of the site-wide
 * publish counter, as a publish's is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
  await db.schema.alterTable("submission_certificates").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
  await db.schema.createIndex("leads_language_created").on("leads").columns(["language", "created_at"]).execute();

  const template =
    "Al marcar esta casilla y enviar este formulario, acepto que {brand} y sus abogados participantes " +
    "me llamen y me envíen mensajes de texto, incluso con tecnología automatizada y mensajes pregrabados, " +
    "al número de teléfono que di, sobre mi reclamo. Dar este consentimiento no es una condición para comprar " +
    "ningún bien o servicio. Pueden aplicarse tarifas de mensajes y datos; responda STOP para dejar de recibirlos. " +
    "Puede retirar este consentimiento en cualquier momento en nuestra página para darse de baja, /es/opt-out.";
  await sql`insert into content_versions (id, entry, number, body, published_at, published_by, rolled_back_from)
    select coalesce(max(id), 0) + 1, 'consent-text:es', 1, ${JSON.stringify({ template })}, ${new Date().toISOString()}, null, null
    from content_versions`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("content_drafts").where("entry", "like", "%:es").execute();
  await db.deleteFrom("content_versions").where("entry", "like", "%:es").execute();
  await db.schema.dropIndex("leads_language_created").execute();
  await db.schema.alterTable("submission_certificates").dropColumn("language").execute();
  await db.schema.alterTable("leads").dropColumn("language").execute();
}
