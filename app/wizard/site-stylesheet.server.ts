// The site's stylesheet as this build serves it: its fingerprinted URL (the version) and its text, which
// the consent page snapshot keeps so the page can be shown as it looked after later deploys.
// A .server module: the stylesheet's text never reaches a browser bundle.
import css from "~/app.css?inline";
import href from "~/app.css?url";

export const siteStylesheet = { href, css };
