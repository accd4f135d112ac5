import { CATEGORIES } from "~/blog/categories";
import { fieldsOf, SelectField, TextAreaField, TextField } from "./kit/field";

/** The editor's values: a post's article fields as the form posts them. */
export type BlogFormValues = Record<"slug" | "title" | "excerpt" | "author" | "date" | "category" | "image" | "heroImage" | "markdown", string>;

/**
 * A blog post's fields in /admin/blog's forms, named as server/content/blog/blog-post.ts reads them,
 * each error tied to its field. The address is chosen once, when the post is created.
 */
export function BlogPostFields({ values, errors, idPrefix, newPost }: { values: BlogFormValues; errors: Readonly<Record<string, string>>; idPrefix: string; newPost: boolean }) {
  const field = fieldsOf(errors, idPrefix);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField {...field("title")} label="Title" defaultValue={values.title} required maxLength={120} />
      </div>
      {newPost ? (
        <TextField {...field("slug")} label="Address" hint="The page is /blog/<address>: lowercase words with hyphens. It cannot be changed later." defaultValue={values.slug} required pattern="[a-z0-9]+(-[a-z0-9]+)*" />
      ) : (
        <p className="text-sm text-slate-700">
          <span className="block font-semibold text-slate-800">Address</span>/blog/{values.slug}
        </p>
      )}
      <SelectField {...field("category")} label="Category" defaultValue={values.category} required>
        <option value="">Choose a category</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField {...field("excerpt")} label="Summary" hint="On the blog's cards, in search results and the RSS feed: 40 to 240 characters." defaultValue={values.excerpt} rows={2} maxLength={240} required />
      </div>
      <TextField {...field("author")} label="Author" defaultValue={values.author} required />
      <TextField {...field("date")} label="Date shown" type="date" hint="The date the article shows; the blog lists newest first by it." defaultValue={values.date} required />
      <TextField {...field("image")} label="Card picture" hint="/images/blog/... or an uploaded picture's /media/blog/... address." defaultValue={values.image} required />
      <TextField {...field("heroImage")} label="Header picture" hint="Shown at the top of the article, 1200 by 630." defaultValue={values.heroImage} required />
      <div className="sm:col-span-2">
        <TextAreaField
          {...field("markdown")}
          label="Article (Markdown)"
          hint="## for a section, ### for a question, **bold**, [a link](/blog/other-post), ![a picture](/media/blog/...). HTML is shown as text."
          defaultValue={values.markdown}
          rows={18}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-700"
          required
        />
      </div>
    </div>
  );
}
