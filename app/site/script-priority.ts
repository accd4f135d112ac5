/**
 * Asks the browser to fetch the page's module scripts at low priority (`fetchpriority="low"` on React
 * Router's modulepreload links, which have no prop for it). At their default high priority a wizard
 * page's scripts competed with its stylesheet and Lighthouse counted them as render-blocking: the first
 * paint waited for all of them (docs/decisions/031). The server-rendered page needs no script to paint.
 */
export function withLowPriorityModuleScripts(html: string): string {
  return html.replace(/<link rel="modulepreload"([^>]*?)\/>/g, '<link rel="modulepreload"$1 fetchpriority="low"/>');
}
