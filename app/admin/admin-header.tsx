import { NavLink } from "react-router";
import { useRootData } from "~/components/use-site";

export const adminButton = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold";
/** The page's main action. */
export const primaryButton = `${adminButton} bg-brand text-white hover:bg-slate-800`;
export const adminCard = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${isActive ? "bg-slate-100 text-brand" : "text-slate-700 hover:bg-slate-50"}`;

/** The admin pages in the navigation's order; `only` names the role's permission a link needs. */
const PAGES = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/setup", label: "Setup", only: "setup" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/buyers", label: "Buyers" },
  { to: "/admin/checks", label: "Checks", only: "checks" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/claims", label: "Claims", only: "claims" },
  { to: "/admin/experiments", label: "Experiments" },
  { to: "/admin/blog", label: "Blog" },
  { to: "/admin/revocations", label: "Revocations" },
  { to: "/admin/suppliers", label: "Suppliers" },
  { to: "/admin/suppression", label: "Suppression", only: "suppression" },
  { to: "/admin/spend", label: "Spend", only: "spend" },
  { to: "/admin/visitor-mail", label: "Visitor e-mail", only: "visitorMail" },
  { to: "/admin/conversions", label: "Conversions" },
  { to: "/admin/audit", label: "Audit", only: "audit" },
  { to: "/admin/operators", label: "Operators", only: "operators" },
  { to: "/admin/account", label: "Account" },
] as const;

type AdminNav = Record<Extract<(typeof PAGES)[number], { only: string }>["only"], boolean>;

/**
 * Every admin page's header: a skip link to the page's main content (and `skipLinks` of its own, such
 * as the lead console's results), its title, the admin pages the operator's role may open, and Log
 * out. Under `sm` the links fold into a menu that opens without JavaScript (<details>), so a phone
 * sees the page rather than four rows of links.
 */
export function AdminHeader({ title, skipLinks = [] }: { title: string; skipLinks?: ReadonlyArray<{ href: string; label: string }> }) {
  // Unknown (a page rendered without the root loader): every link, and the pages refuse what the role may not see.
  const nav: AdminNav = useRootData().adminNav ?? { setup: true, audit: true, operators: true, checks: true, suppression: true, spend: true, visitorMail: true, claims: true };
  const pages = PAGES.filter((page) => !("only" in page) || nav[page.only]);
  const links = (className: string) => (
    <ul className={className}>
      {pages.map((page) => (
        <li key={page.to}>
          <NavLink to={page.to} end={"end" in page} className={navLink}>
            {page.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <header className="border-b border-slate-200 bg-white">
      {[{ href: "#main", label: "Skip to content" }, ...skipLinks].map((skip) => (
        <a key={skip.href} href={skip.href} className={skipLink}>
          {skip.label}
        </a>
      ))}
      <div className="mx-auto max-w-6xl px-4 py-3 sm:py-4">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h1 className="text-xl font-bold text-brand sm:text-2xl">{title}</h1>
          <div className="flex items-center gap-2">
            <a href="/" className={`${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50 max-sm:px-3`}>
              Back to Home
            </a>
            <form method="post" action="/admin/logout">
              <button type="submit" className={`${adminButton} bg-slate-800 text-white hover:bg-slate-700 max-sm:px-3`}>
                Log out
              </button>
            </form>
          </div>
        </div>
        <nav aria-label="Admin" className="mt-2 sm:mt-3">
          <details className="group sm:hidden">
            <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold text-slate-800">
              <span aria-hidden="true" className="group-open:rotate-90">▸</span>
              Menu
            </summary>
            {links("mt-2 grid grid-cols-2 gap-1")}
          </details>
          {links("flex flex-wrap gap-1 max-sm:hidden")}
        </nav>
      </div>
    </header>
  );
}

const skipLink =
  "sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:font-semibold focus:text-brand focus:ring-2";
