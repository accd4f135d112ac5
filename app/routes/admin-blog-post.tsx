import { readForm } from "~/site/read-form";
import { data } from "react-router";
import { AdminHeader, adminCard, primaryButton } from "~/admin/admin-header";
import { DraftPanel, IntentForm, secondaryButton, VersionHistory } from "~/admin/kit/draft-panel";
import { inputBase, TextField } from "~/admin/kit/field";
import { BlogPostFields, type BlogFormValues } from "~/admin/blog-post-fields";
import { operatorTime } from "~/admin/format";
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
            <IntentForm intent="unpublish" className="mt-4" buttonClassName={secondaryButton}>
              Unpublish
            </IntentForm>
          ) : null}
          {canChange && post.latest?.body.hidden && !post.draft ? (
            <IntentForm intent="publish" className="mt-4" buttonClassName={primaryButton}>
              Publish again
            </IntentForm>
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
            <DraftPanel draft={post.draft} previewPath={`/blog/${post.slug}`} timeZone={timeZone} canChange={canChange} publishLabel="Publish now">
              <form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                <TextField
                  id="publishAt"
                  name="publishAt"
                  type="datetime-local"
                  required
                  label={`Publish at (${timeZone})`}
                  labelClassName="block text-sm font-semibold text-slate-800"
                  error={errors.publishAt}
                  className={inputBase}
                />
                <button type="submit" name="intent" value="schedule" className={secondaryButton}>
                  Schedule
                </button>
              </form>
            </DraftPanel>
          ) : null}
        </section>

        <section aria-labelledby="history-title" className={adminCard}>
          <h2 id="history-title" className="text-lg font-bold">
            History ({post.history.length})
          </h2>
          <VersionHistory
            versions={post.history}
            current={post.latest?.number}
            currentLabel="current"
            subject={post.article.title}
            timeZone={timeZone}
            canChange={canChange}
            writtenHead="Written"
            note={(version) => (
              <span className="text-slate-600"> {version.body.hidden ? "(unpublished)" : `(appears ${operatorTime(version.body.publishAt, timeZone)})`}</span>
            )}
          />
        </section>
      </main>
    </>
  );
}
