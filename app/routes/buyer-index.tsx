import { redirect } from "react-router";

/** /buyer is the portal's door: its lead list (which asks to log in first when needed). */
export function loader() {
  return redirect("/buyer/leads");
}
