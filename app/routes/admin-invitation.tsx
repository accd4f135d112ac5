import { data } from "react-router";
import { acceptInvitation, InvitationPage } from "~/admin/account-pages";
import { NOINDEX } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/admin-invitation";

export const meta: Route.MetaFunction = () => [{ title: "Accept your invitation" }, NOINDEX];

/** The one-time invitation link: the invitee chooses a name and password; a used or expired link says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await context.admin.accounts.invitation(params.token);
  if (invitation.state !== "open") return data({ closed: invitation.message, email: "", role: "" }, { status: 410 });
  return { closed: null, email: invitation.email, role: invitation.role };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  return acceptInvitation(form, context.visitor.ip, (name, password, ip) => context.admin.accounts.accept(params.token, name, password, ip), "/admin/login");
}

export default function AdminInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InvitationPage
      closed={loaderData.closed}
      answer={actionData}
      invitedAs={
        <>
          You are invited as <strong>{loaderData.role}</strong> with the e-mail address <strong>{loaderData.email}</strong>.
        </>
      }
    />
  );
}
