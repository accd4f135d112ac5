import { AdminHeader, adminCard } from "~/admin/admin-header";
import { operatorTime, statusBadge } from "~/admin/format";
import { Cell, LabelledCell, Row, Table } from "~/admin/kit/table";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-revocations";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Revocations | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "revocations.view");
  return { revocations: await context.revocations.list(), timeZone: context.revocations.timeZone };
}

export default function AdminRevocations({ loaderData }: Route.ComponentProps) {
  const { revocations, timeZone } = loaderData;
  return (
    <>
      <AdminHeader title="Revocations" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <p className="text-slate-700">
          Requests to revoke consent, newest first: from the opt-out page and from buyers&apos; reports. The phone number or e-mail
          address is kept only masked and hashed. Each revoked lead&apos;s destinations are sent a signed lead.consent_revoked event.
        </p>
        <section aria-labelledby="revocations-title" className={adminCard}>
          <h2 id="revocations-title" className="text-lg font-bold">
            Latest {revocations.length === 1 ? "revocation" : `${revocations.length} revocations`}
          </h2>
          {revocations.length === 0 ? (
            <p className="mt-3 text-slate-700">No one has revoked consent yet.</p>
          ) : (
            <Table className="mt-3" stacked columns={["Recorded", "Method", "Value", "Leads revoked", "Events"]}>
              {revocations.map((revocation) => {
                const events = Object.entries(revocation.events);
                return (
                  <Row key={revocation.id} className="align-top">
                    <Cell>
                      {operatorTime(revocation.createdAt, timeZone)}
                      {revocation.revokedAt !== revocation.createdAt ? (
                        <span className="block text-slate-600">revoked {operatorTime(revocation.revokedAt, timeZone)}</span>
                      ) : null}
                    </Cell>
                    <Cell>
                      {revocation.method}
                      {revocation.buyer ? <span className="block text-slate-600">by {revocation.buyer}</span> : null}
                    </Cell>
                    <Cell className="break-all">
                      {revocation.channel} {revocation.maskedValue}
                    </Cell>
                    <LabelledCell label="Leads revoked">{revocation.leadCount}</LabelledCell>
                    <Cell>
                      {events.length ? (
                        <ul className="flex flex-wrap gap-1">
                          {events.map(([status, count]) => (
                            <li key={status} className={statusBadge(status)}>
                              {count} {status}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        "none"
                      )}
                    </Cell>
                  </Row>
                );
              })}
            </Table>
          )}
        </section>
      </main>
    </>
  );
}
