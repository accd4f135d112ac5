import { telHref } from "./tel-href";
import { useRootData } from "./use-site";

export function SiteFooter() {
  const root = useRootData();
  const name = root.site.name;
  return (
    <footer className="mt-16 bg-brand text-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm leading-relaxed">
        <nav aria-label="Footer" className="mb-6 flex flex-wrap gap-x-6 gap-y-2 font-semibold text-white">
          <a className="inline-flex min-h-11 items-center" href="/">Home</a>
          <a className="inline-flex min-h-11 items-center" href="/blog">Blog</a>
          <a className="inline-flex min-h-11 items-center" href="/opt-out">Opt out</a>
          {root.site.phone ? (
            <a className="inline-flex min-h-11 items-center" href={telHref(root.site.phone)}>
              {root.site.phone}
            </a>
          ) : null}
        </nav>
        <h2 className="font-semibold text-white">Important disclaimers</h2>
        <ul className="mt-2 list-disc space-y-2 pl-5">
          <li>This website is a paid attorney advertisement.</li>
          <li>{name} is not a law firm and is not an attorney referral service.</li>
          <li>
            Submitting information does not create an attorney-client relationship, and no attorney-client privilege is
            guaranteed for the information you submit.
          </li>
          <li>
            An automated system matches each request with a participating member attorney who practices in your
            geographic area.
          </li>
          <li>This site is not endorsed by, sponsored by or affiliated with any social media or video platform.</li>
          <li>Past results do not guarantee a similar outcome. Settlement figures are examples, not predictions.</li>
        </ul>
        {root.site.address ? (
          <address className="mt-6 whitespace-pre-line not-italic text-slate-300" data-testid="site-address">
            {root.site.name}
            {"\n"}
            {root.site.address}
          </address>
        ) : null}
        <p className="mt-6 text-slate-300">
          © {root.year} {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
