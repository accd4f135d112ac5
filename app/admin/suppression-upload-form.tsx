import type { ReactNode } from "react";
import { adminButton } from "./admin-header";
import { inputClass } from "./kit/field";

/**
 * The upload of a suppression list's file, to an existing list or a new one: the operator's page adds
 * the new list's kind and buyer (`children`), a buyer's clients page needs neither.
 */
export function SuppressionUploadForm({ lists, newListLabel, children }: { lists: ReadonlyArray<{ id: number; name: string }>; newListLabel: string; children?: ReactNode }) {
  return (
    <form method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
      <label className="block">
        <span className="font-semibold">Add to</span>
        <select name="listId" className={inputClass} defaultValue="">
          <option value="">{newListLabel}</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="font-semibold">New list&apos;s name</span>
        <input name="name" maxLength={100} className={inputClass} />
      </label>
      {children}
      <label className="block sm:col-span-2">
        <span className="font-semibold">File</span>
        <input type="file" name="file" required accept=".csv,.txt,text/csv,text/plain" className={inputClass} />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className={`${adminButton} bg-brand text-white hover:bg-slate-800`}>
          Upload
        </button>
      </div>
    </form>
  );
}
