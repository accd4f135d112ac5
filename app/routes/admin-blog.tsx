import { readForm } from "~/site/read-form";
import { data, redirect } from "react-router";
import { AdminHeader, adminCard, primaryButton } from "~/admin/admin-header";
import { BlogPictures } from "~/admin/blog-pictures";
import { BlogPostFields, type BlogFormValues } from "~/admin/blog-post-fields";
import { operatorTime } from "~/admin/format";
import { Cell, Row, Table } from "~/admin/kit/table";
import { FormSection } from "~/admin/kit/section";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import type { Route } from "./+types/admin-blog";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "content.view");
  const [posts, pictures] = await Promise.all([context.blogConsole.posts(), context.blogConsole.images()]);
  return { posts, pictures, canChange: access.can("content.change"), timeZone: context.revocations.timeZone, blank: context.blogConsole.blank };
}

/** 'New post' (a draft, then its editor) and picture uploads. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "content.change");
  const form = await readForm(request, context.logger);
  if (form.get("intent") === "upload") {
    const answer = await context.blogConsole.upload(form, actor);
    return answer.ok ? answer : data(answer, { status: answer.status });
  }
  const answer = await context.blogConsole.act(form, actor, null);
  if (answer.ok && answer.slug) return redirect(`/admin/blog/${answer.slug}?saved=1`);
  return data(answer, { status: answer.ok ? 200 : answer.status });
}

const STATE_LABELS = { published: "Published", scheduled: "Scheduled", unpublished: "Unpublished", draft: "Draft only" } as const;

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, pictures, canChange, timeZone, blank } = loaderData;
  const answer = actionData;
  const creating = answer && !answer.ok && "values" in answer && answer.values ? (answer.values as BlogFormValues) : (blank as BlogFormValues);
  const errors = answer && !answer.ok && "errors" in answer ? (answer.errors ?? {}) : {};
  return (
    <>
      <AdminHeader title="Blog" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p className="text-slate-700">
          The blog's articles, without a deploy. Write a draft in Markdown, preview the real article page (only signed-in operators see a preview),
          then publish it now or schedule it: it appears on the blog, its page, the RSS feed and the sitemap at that time. Each change is a new version
          you can roll back to, and every change is in the audit log.
        </p>
        {answer ? (
          <p role={answer.ok ? "status" : "alert"} className={`font-semibold ${answer.ok ? "text-emerald-800" : "text-red-700"}`}>
            {answer.message}
          </p>
        ) : null}
        <section aria-labelledby="posts-title" className={adminCard}>
          <h2 id="posts-title" className="text-lg font-bold">
            Posts ({posts.length})
          </h2>
          <Table columns={["Title", "Category", "Date shown", "State"]} stacked>
            {posts.map((post) => (
              <Row key={post.slug} stacked data-slug={post.slug}>
                <Cell>
                  <a href={`/admin/blog/${post.slug}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                    {post.title}
                  </a>
                </Cell>
                <Cell>{post.category}</Cell>
                <Cell>{post.date}</Cell>
                <Cell>
                  {STATE_LABELS[post.state]}
                  {post.state === "scheduled" && post.publishAt ? `: appears ${operatorTime(post.publishAt, timeZone)}` : ""}
                  {post.hasDraft && post.state !== "draft" ? " (a draft is waiting)" : ""}
                </Cell>
              </Row>
            ))}
          </Table>
        </section>
        {canChange ? (
          <FormSection id="new-post" title="New post">
            <form method="post" noValidate className="space-y-4">
              <BlogPostFields values={creating} errors={errors} idPrefix="new" newPost />
              <button type="submit" name="intent" value="create" className={primaryButton}>
                Save draft
              </button>
            </form>
          </FormSection>
        ) : null}
        <FormSection id="pictures" title="Pictures">
          <BlogPictures pictures={pictures} canChange={canChange} timeZone={timeZone} />
        </FormSection>
      </main>
    </>
  );
}
