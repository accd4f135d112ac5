import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
        <p className="text-6xl font-extrabold text-brand">404</p>
        <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
        <a href="/" className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-slate-800">
          Return to Home
        </a>
      </main>
      <SiteFooter />
    </>
  );
}
