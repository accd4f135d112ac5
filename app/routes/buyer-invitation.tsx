import { data } from "react-router";
import { acceptInvitation, InvitationPage } from "~/admin/account-pages";
import { NOINDEX } from "~/admin/require-operator";
import { readForm } from "~/site/read-form";
import type { Route } from "./+types/buyer-invitation";

export const meta: Route.MetaFunction = () => [{ title: "Accept your buyer portal invitation" }, NOINDEX];

/** A buyer's staff member's one-time invitation link: they choose a name and password; a used or expired link says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await context.buyerAuth.invitation(params.token);
  if (invitation.state !== "open") return data({ closed: invitation.message, email: "", buyerName: "" }, { status: 410 });
  return { closed: null, email: invitation.email, buyerName: invitation.buyerName };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request, context.logger);
  return acceptInvitation(form, context.visitor.ip, (name, password, ip) => context.buyerAuth.accept(params.token, name, password, ip), "/buyer/login");
}

export default function BuyerInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InvitationPage
      closed={loaderData.closed}
      answer={actionData}
      invitedAs={
        <>
          You are invited to the buyer portal of <strong>{loaderData.buyerName}</strong> with the e-mail address <strong>{loaderData.email}</strong>.
        </>
      }
    />
  );
}
