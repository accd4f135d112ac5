import { adminCard } from "~/admin/admin-header";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { signedCents } from "~/buyer/format";
import { requireBuyerPage } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-statements";
import { Cell, Row, Table } from "~/admin/kit/table";

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
            <Table className="mt-4" columns={["Statement", "Month", "Leads", "Total", "Balance"]}>
              {statements.map((s) => (
                <Row key={s.id} data-statement-id={s.id}>
                  <Cell>
                    <a href={`/buyer/statements/${s.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                      No. {s.number}
                    </a>
                  </Cell>
                  <Cell>{s.period}</Cell>
                  <Cell>{s.salesCount}</Cell>
                  <Cell>{signedCents(s.totalCents)}</Cell>
                  <Cell>{signedCents(s.balanceCents)}</Cell>
                </Row>
              ))}
            </Table>
          )}
        </section>
      </main>
    </>
  );
}
