import { adminButton } from "~/admin/admin-header";

const navLink = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${active ? "bg-slate-100 text-brand" : "text-slate-700 hover:bg-slate-50"}`;

const PAGES = [
  { href: "/buyer/leads", label: "Leads" },
  { href: "/buyer/statements", label: "Statements" },
  { href: "/buyer/clients", label: "Clients" },
  { href: "/buyer/account", label: "Account" },
] as const;

/** Every portal page's header: the buyer's name, the page's title, the portal's pages and Log out. No script needed. */
export function BuyerHeader({ title, buyerName, current }: { title: string; buyerName: string; current: (typeof PAGES)[number]["href"] | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
        <div>
          <p className="text-sm font-semibold text-slate-600">Buyer portal · {buyerName}</p>
          <h1 className="text-2xl font-bold text-brand">{title}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label="Buyer portal">
            <ul className="flex flex-wrap gap-1">
              {PAGES.map((page) => (
                <li key={page.href}>
                  <a href={page.href} className={navLink(current === page.href)} aria-current={current === page.href ? "page" : undefined}>
                    {page.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <form method="post" action="/buyer/logout">
            <button type="submit" className={`${adminButton} bg-slate-800 text-white hover:bg-slate-700`}>
              Log out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
