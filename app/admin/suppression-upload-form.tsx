import type { ReactNode } from "react";
import { SelectField, TextField } from "./kit/field";
import { UploadForm } from "./kit/upload-form";

/**
 * The upload of a suppression list's file, to an existing list or a new one: the operator's page adds
 * the new list's kind and buyer (`children`), a buyer's clients page needs neither.
 */
export function SuppressionUploadForm({ lists, newListLabel, children }: { lists: ReadonlyArray<{ id: number; name: string }>; newListLabel: string; children?: ReactNode }) {
  return (
    <UploadForm id="suppression" accept=".csv,.txt,text/csv,text/plain" submitLabel="Upload">
      <SelectField id="suppression-list" name="listId" label="Add to" defaultValue="">
        <option value="">{newListLabel}</option>
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </SelectField>
      <TextField id="suppression-name" name="name" label="New list's name" maxLength={100} />
      {children}
    </UploadForm>
  );
}
