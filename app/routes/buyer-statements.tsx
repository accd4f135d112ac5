import { adminCard } from "~/admin/admin-header";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { signedCents } from "~/buyer/format";
import { requireBuyerPage } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-statements";

export const meta: Route.MetaFunction = () => [{ title: "Statements | Buyer portal" }, NOINDEX];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireBuyerPage(request, context);
  return { buyerName: session.user.buyerName, statements: await context.statements.list(session.user.buyerId) };
}

export default function BuyerStatements({ loaderData }: Route.ComponentProps) {
  const { buyerName, statements } = loaderData;
  return (
    <>
      <BuyerHeader title="Statements" buyerName={buyerName} current="/buyer/statements" />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <section aria-labelledby="statements-title" className={adminCard}>
          <h2 id="statements-title" className="text-lg font-bold">
            Your monthly statements
          </h2>
          {statements.length === 0 ? (
            <p className="mt-4 text-slate-700">No statement has been issued yet: the first comes after the end of the month of your first purchase.</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-2 pr-3">Statement</th>
                    <th scope="col" className="py-2 pr-3">Month</th>
                    <th scope="col" className="py-2 pr-3">Leads</th>
                    <th scope="col" className="py-2 pr-3">Total</th>
                    <th scope="col" className="py-2 pr-3">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {statements.map((s) => (
                    <tr key={s.id} className="border-b border-slate-100" data-statement-id={s.id}>
                      <td className="py-2 pr-3">
                        <a href={`/buyer/statements/${s.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                          No. {s.number}
                        </a>
                      </td>
                      <td className="py-2 pr-3">{s.period}</td>
                      <td className="py-2 pr-3">{s.salesCount}</td>
                      <td className="py-2 pr-3">{signedCents(s.totalCents)}</td>
                      <td className="py-2 pr-3">{signedCents(s.balanceCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
    </>
  );
}
