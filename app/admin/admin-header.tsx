import { NavLink } from "react-router";
import { useRootData } from "~/components/use-site";

export const adminButton = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold";
export const adminCard = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${isActive ? "bg-slate-100 text-brand" : "text-slate-700 hover:bg-slate-50"}`;

/** Every admin page's header: its title, the admin pages the operator's role may open, and Log out. */
export function AdminHeader({ title }: { title: string }) {
  // Unknown (a page rendered without the root loader): every link, and the pages refuse what the role may not see.
  const nav = useRootData().adminNav ?? { setup: true, audit: true, operators: true, checks: true, suppression: true };
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-brand">{title}</h1>
          <div className="flex items-center gap-2">
            <a href="/" className={`${adminButton} border border-slate-300 text-slate-800 hover:bg-slate-50`}>
              Back to Home
            </a>
            <form method="post" action="/admin/logout">
              <button type="submit" className={`${adminButton} bg-slate-800 text-white hover:bg-slate-700`}>
                Log out
              </button>
            </form>
          </div>
        </div>
        {/* The links on a row of their own under the title: with ten pages they no longer fit beside it. */}
        <nav aria-label="Admin" className="mt-3">
          <ul className="flex flex-wrap gap-1">
            <li>
              <NavLink to="/admin" end className={navLink}>
                Dashboard
              </NavLink>
            </li>
            {nav.setup ? (
              <li>
                <NavLink to="/admin/setup" className={navLink}>
                  Setup
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to="/admin/leads" className={navLink}>
                Leads
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/buyers" className={navLink}>
                Buyers
              </NavLink>
            </li>
            {nav.checks ? (
              <li>
                <NavLink to="/admin/checks" className={navLink}>
                  Checks
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to="/admin/returns" className={navLink}>
                Returns
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/content" className={navLink}>
                Content
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/revocations" className={navLink}>
                Revocations
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/suppliers" className={navLink}>
                Suppliers
              </NavLink>
            </li>
            {nav.suppression ? (
              <li>
                <NavLink to="/admin/suppression" className={navLink}>
                  Suppression
                </NavLink>
              </li>
            ) : null}
            {nav.audit ? (
              <li>
                <NavLink to="/admin/audit" className={navLink}>
                  Audit
                </NavLink>
              </li>
            ) : null}
            {nav.operators ? (
              <li>
                <NavLink to="/admin/operators" className={navLink}>
                  Operators
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to="/admin/account" className={navLink}>
                Account
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
