import { adminCard } from "~/admin/admin-header";
import { NOINDEX } from "~/admin/require-operator";
import { BuyerHeader } from "~/buyer/buyer-header";
import { requireBuyerPage } from "~/buyer/require-buyer";
import type { Route } from "./+types/buyer-statements";
import { StatementList } from "~/statements/statement-list";

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
            <StatementList statements={statements} hrefOf={(id) => `/buyer/statements/${id}`} numberLabel="Statement" salesLabel="Leads" numberText={(n) => `No. ${n}`} />
          )}
        </section>
      </main>
    </>
  );
}
