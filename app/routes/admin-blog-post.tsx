import { readForm } from "~/site/read-form";
import { data } from "react-router";
import { AdminHeader, adminButton, adminCard } from "~/admin/admin-header";
import { BlogPostFields, type BlogFormValues } from "~/admin/blog-post-fields";
import { operatorTime } from "~/admin/format";
import { Cell, Row, Table } from "~/admin/kit/table";
import { NOINDEX, requireOperatorAction, requireOperatorPage } from "~/admin/require-operator";
import type { Route } from "./+types/admin-blog-post";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post?.article.title ?? "Post"} | Blog | Admin` }, NOINDEX];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const access = await requireOperatorPage(request, context, "content.view");
  const post = await context.blogConsole.post(params.slug);
  if (!post) throw data("There is no such post.", { status: 404 });
  return { post, canChange: access.can("content.change"), timeZone: context.revocations.timeZone, saved: new URL(request.url).searchParams.has("saved") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireOperatorAction(request, context, "content.change");
  const answer = await context.blogConsole.act(await readForm(request, context.logger), actor, params.slug);
  return answer.ok ? answer : data(answer, { status: answer.status });
}

const primaryButton = `${adminButton} bg-brand text-white hover:bg-slate-800`;
const secondaryButton = `${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50`;

const STATE_TEXT = {
  published: "Published: visitors see it.",
  scheduled: "Scheduled: visitors see it from the time below.",
  unpublished: "Unpublished: visitors do not see it.",
  draft: "Not published yet: only a draft.",
} as const;

export default function AdminBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, canChange, timeZone, saved } = loaderData;
  const answer = actionData;
  const values = (answer && !answer.ok && answer.values ? answer.values : post.article) as BlogFormValues;
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  return (
    <>
      <AdminHeader title={`Blog: ${post.article.title}`} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p>
          <a href="/admin/blog" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            All posts
          </a>
        </p>
        {answer ? (
          <p role={answer.ok ? "status" : "alert"} className={`font-semibold ${answer.ok ? "text-emerald-800" : "text-red-700"}`}>
            {answer.message}
          </p>
        ) : saved ? (
          <p role="status" className="font-semibold text-emerald-800">
            The draft is saved. Preview it, then publish or schedule it.
          </p>
        ) : null}
        <section aria-labelledby="state-title" className={adminCard} data-state={post.state}>
          <h2 id="state-title" className="text-lg font-bold">
            {STATE_TEXT[post.state]}
          </h2>
          {post.latest ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="published-version">
              Version {post.latest.number}, {post.latest.body.hidden ? "unpublished" : `appears ${operatorTime(post.latest.body.publishAt, timeZone)}`}; written{" "}
              {operatorTime(post.latest.publishedAt, timeZone)}
              {post.latest.publishedBy ? ` by ${post.latest.publishedBy}` : " (built in)"}.
              {post.state === "published" ? (
                <>
                  {" "}
                  <a href={`/blog/${post.slug}`} className="font-semibold text-brand underline">
                    See the page
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {canChange && post.latest && !post.latest.body.hidden ? (
            <form method="post" className="mt-4">
              <button type="submit" name="intent" value="unpublish" className={secondaryButton}>
                Unpublish
              </button>
            </form>
          ) : null}
          {canChange && post.latest?.body.hidden && !post.draft ? (
            <form method="post" className="mt-4">
              <button type="submit" name="intent" value="publish" className={primaryButton}>
                Publish again
              </button>
            </form>
          ) : null}
        </section>

        <section aria-labelledby="edit-title" className={adminCard}>
          <h2 id="edit-title" className="text-lg font-bold">
            {post.draft ? "The draft" : "Write a new version"}
          </h2>
          <form method="post" className="mt-4 space-y-4" noValidate>
            <fieldset disabled={!canChange} className="min-w-0">
              <legend className="sr-only">The article</legend>
              <BlogPostFields values={values} errors={errors} idPrefix="post" newPost={false} />
            </fieldset>
            {canChange ? (
              <button type="submit" name="intent" value="save" className={primaryButton}>
                Save draft
              </button>
            ) : null}
          </form>
          {post.draft ? (
            <div className="mt-4 space-y-3 rounded-xl bg-amber-50 p-3" data-testid="draft">
              <p className="text-sm text-amber-950">
                A draft, saved {operatorTime(post.draft.updatedAt, timeZone)}
                {post.draft.updatedBy ? ` by ${post.draft.updatedBy}` : ""}, is not published.
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <a href={`/blog/${post.slug}?preview=${post.draft.previewToken}`} className={secondaryButton} target="_blank" rel="noreferrer">
                  Preview the page
                </a>
                {canChange ? (
                  <>
                    <form method="post">
                      <button type="submit" name="intent" value="publish" className={primaryButton}>
                        Publish now
                      </button>
                    </form>
                    <form method="post">
                      <button type="submit" name="intent" value="discard" className={secondaryButton}>
                        Discard draft
                      </button>
                    </form>
                    <form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                      <div>
                        <label htmlFor="publishAt" className="block text-sm font-semibold text-slate-800">
                          Publish at ({timeZone})
                        </label>
                        <input
                          id="publishAt"
                          name="publishAt"
                          type="datetime-local"
                          required
                          aria-invalid={errors.publishAt ? true : undefined}
                          aria-describedby={errors.publishAt ? "publishAt-error" : undefined}
                          className="mt-1 block min-h-11 rounded-lg border border-slate-300 bg-white px-3"
                        />
                        {errors.publishAt ? (
                          <p id="publishAt-error" className="mt-1 text-sm font-semibold text-red-800">
                            {errors.publishAt}
                          </p>
                        ) : null}
                      </div>
                      <button type="submit" name="intent" value="schedule" className={secondaryButton}>
                        Schedule
                      </button>
                    </form>
                  </>
                ) : null}
              </div>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="history-title" className={adminCard}>
          <h2 id="history-title" className="text-lg font-bold">
            History ({post.history.length})
          </h2>
          {post.history.length ? (
            <Table columns={["Version", "Written", "By", { label: <span className="sr-only">Roll back</span> }]} stacked>
              {post.history.map((version) => (
                <Row key={version.id} stacked data-version={version.number}>
                  <Cell className="max-sm:block max-sm:p-0">
                    <span className="font-semibold">Version {version.number}</span>
                    {version.body.hidden ? <span className="text-slate-600"> (unpublished)</span> : <span className="text-slate-600"> (appears {operatorTime(version.body.publishAt, timeZone)})</span>}
                    {version.rolledBackFrom ? <span className="text-slate-600"> a copy of version {version.rolledBackFrom}</span> : null}
                    {version.number === post.latest?.number ? <span className="text-emerald-800"> current</span> : null}
                  </Cell>
                  <Cell className="max-sm:block max-sm:p-0">{operatorTime(version.publishedAt, timeZone)}</Cell>
                  <Cell className="break-all max-sm:block max-sm:p-0">{version.publishedBy ?? "built in"}</Cell>
                  <Cell className="max-sm:block max-sm:p-0">
                    {canChange && version.number !== post.latest?.number ? (
                      <form method="post">
                        <input type="hidden" name="version" value={version.number} />
                        <button type="submit" name="intent" value="rollback" className={secondaryButton} aria-label={`Roll back to version ${version.number}`}>
                          Roll back to this
                        </button>
                      </form>
                    ) : null}
                  </Cell>
                </Row>
              ))}
            </Table>
          ) : (
            <p className="mt-2 text-sm text-slate-700">Nothing published yet.</p>
          )}
        </section>
      </main>
    </>
  );
}
