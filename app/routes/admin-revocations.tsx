import { AdminHeader, adminCard } from "~/admin/admin-header";
import { operatorTime, statusBadge } from "~/admin/format";
import { NOINDEX, requireOperatorPage } from "~/admin/require-operator";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin-revocations";

export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = () => [{ title: "Revocations | Admin" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperatorPage(request, context, "revocations.view");
  return { revocations: await context.revocations.list(), timeZone: context.revocations.timeZone };
}

const cell = "py-2 pr-3 align-top max-sm:block max-sm:p-0";

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
            <table className="mt-3 w-full text-left text-sm">
              <thead className="max-sm:sr-only">
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3">Recorded</th>
                  <th scope="col" className="py-2 pr-3">Method</th>
                  <th scope="col" className="py-2 pr-3">Value</th>
                  <th scope="col" className="py-2 pr-3">Leads revoked</th>
                  <th scope="col" className="py-2 pr-3">Events</th>
                </tr>
              </thead>
              <tbody>
                {revocations.map((revocation) => {
                  const events = Object.entries(revocation.events);
                  return (
                    <tr key={revocation.id} className="border-b border-slate-100 max-sm:block max-sm:py-3">
                      <td className={cell}>
                        {operatorTime(revocation.createdAt, timeZone)}
                        {revocation.revokedAt !== revocation.createdAt ? (
                          <span className="block text-slate-600">revoked {operatorTime(revocation.revokedAt, timeZone)}</span>
                        ) : null}
                      </td>
                      <td className={cell}>
                        {revocation.method}
                        {revocation.buyer ? <span className="block text-slate-600">by {revocation.buyer}</span> : null}
                      </td>
                      <td className={`${cell} break-all`}>
                        {revocation.channel} {revocation.maskedValue}
                      </td>
                      <td className={cell}>
                        <span className="sm:hidden">Leads revoked: </span>
                        {revocation.leadCount}
                      </td>
                      <td className={cell}>
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
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </>
  );
}
