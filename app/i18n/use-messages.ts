import { useRootData } from "~/components/use-site";
import { PAGE_MESSAGES, type PageMessages } from "./page-messages";

/** The page's words in the page's language (the root loader's, from the URL). */
export function usePageMessages(): PageMessages {
  return PAGE_MESSAGES[useRootData().locale];
}
