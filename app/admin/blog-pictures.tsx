import { Table, Row, Cell } from "./kit/table";
import { primaryButton } from "./admin-header";
import { operatorTime } from "./format";

export interface BlogPicture {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

/** /admin/blog's pictures: the upload form (PNG, JPEG, WebP or GIF up to 2 MB) and the pictures uploaded, with the address to use. */
export function BlogPictures({ pictures, canChange, timeZone }: { pictures: BlogPicture[]; canChange: boolean; timeZone: string }) {
  return (
    <>
      {canChange ? (
        <form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload" />
          <div>
            <label htmlFor="picture" className="block font-semibold text-slate-800">
              Picture
            </label>
            <input id="picture" name="picture" type="file" accept="image/png,image/jpeg,image/webp,image/gif" required aria-describedby="picture-hint" className="mt-1 block min-h-11" />
            <p id="picture-hint" className="mt-1 text-sm text-slate-600">
              PNG, JPEG, WebP or GIF, at most 2 MB. SVG is not accepted.
            </p>
          </div>
          <button type="submit" className={primaryButton}>
            Upload
          </button>
        </form>
      ) : null}
      {pictures.length ? (
        <Table columns={["Address", "File", "Uploaded"]} stacked>
          {pictures.map((picture) => (
            <Row key={picture.path} stacked>
              <Cell className="break-all font-mono text-sm">{picture.path}</Cell>
              <Cell className="break-all">
                {picture.fileName} ({picture.contentType}, {Math.ceil(picture.size / 1024)} KB)
              </Cell>
              <Cell>{operatorTime(picture.uploadedAt, timeZone)}</Cell>
            </Row>
          ))}
        </Table>
      ) : (
        <p className="text-sm text-slate-700">No pictures uploaded yet.</p>
      )}
    </>
  );
}
