import type { ReactNode } from "react";
import { primaryButton } from "../admin-header";
import { TextField } from "./field";

/**
 * A form that uploads one file (a suppression list, campaign spend): the fields that say where it goes
 * (`children`), in two columns from `sm`, then the file and the button. The action reads it as it streams in.
 */
export function UploadForm({
  id,
  action,
  accept,
  submitLabel,
  children,
}: {
  /** The ids' prefix: the file's control is `<id>-file`. */
  id: string;
  action?: string;
  accept: string;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <form method="post" action={action} encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
      {children}
      <div className="sm:col-span-2">
        <TextField id={`${id}-file`} name="file" type="file" label="File" required accept={accept} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButton}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
