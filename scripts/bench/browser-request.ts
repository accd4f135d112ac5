/** Headers of a desktop Chrome visit: the server treats bot user agents differently (no funnel events). */
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
} as const;
