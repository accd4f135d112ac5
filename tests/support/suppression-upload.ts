/** A multipart upload of a suppression list as the operator's or the buyer's page posts it. */
export function uploadRequest(fields: Record<string, string>, file?: { text: string; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new Blob([file.text], { type: "text/csv" }), file.name ?? "list.csv");
  return new Request("http://localhost/admin/suppression", { method: "POST", body: form });
}
