import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";

/** 1 GiB: ten million SHA-256 hashes are about 650 MB; ten million phone numbers about 120 MB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 1024 ** 3;

export type ReceivedUpload =
  | { ok: true; fields: Record<string, string>; file: string; fileName: string; bytes: number; remove: () => Promise<void> }
  | { ok: false; status: 400 | 413 | 415; message: string };

export const NOT_MULTIPART = "Send the list as a file from the upload form (multipart/form-data).";
export const NO_FILE = "Choose a file to upload: a CSV, or one phone number, e-mail address or hash per line.";
export const EMPTY_FILE = "The file is empty.";
export const tooLarge = (maxBytes: number) => `The file is larger than ${Math.round(maxBytes / 1024 ** 2)} MB. Split it and upload the parts to the same list.`;

/**
 * Reads a multipart upload from the request as it arrives: text fields into memory (small, bounded),
 * the one file to a temporary file, never whole into memory. Past maxBytes the upload is refused.
 */
export async function receiveUpload(request: Request, { maxBytes = DEFAULT_UPLOAD_MAX_BYTES, fileField = "file" } = {}): Promise<ReceivedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) return { ok: false, status: 415, message: NOT_MULTIPART };
  const file = path.join(os.tmpdir(), `suppression-${randomUUID()}.upload`);
  const remove = () => fs.promises.rm(file, { force: true });
  const fields: Record<string, string> = {};
  let fileName = "";
  let sawFile = false;
  let truncated = false;
  let bytes = 0;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": type }, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000 } });
  } catch {
    return { ok: false, status: 400, message: NOT_MULTIPART };
  }
  const written: Promise<void>[] = [];
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== fileField || sawFile) {
      stream.resume();
      return;
    }
    sawFile = true;
    fileName = info.filename ?? "";
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.on("limit", () => (truncated = true));
    const writing = pipeline(stream, fs.createWriteStream(file));
    // A body cut off mid-file fails this before the parser's own pipeline is awaited below: handled
    // here, the process does not die of an unhandled rejection; the failure still comes through there.
    writing.catch(() => undefined);
    written.push(writing);
  });
  try {
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream), parser);
    await Promise.all(written);
  } catch {
    await remove();
    return { ok: false, status: 400, message: "The upload did not arrive whole. Please try again." };
  }
  if (truncated) {
    await remove();
    return { ok: false, status: 413, message: tooLarge(maxBytes) };
  }
  if (!sawFile || (!fileName && bytes === 0)) {
    await remove();
    return { ok: false, status: 400, message: NO_FILE };
  }
  if (bytes === 0) {
    await remove();
    return { ok: false, status: 400, message: EMPTY_FILE };
  }
  return { ok: true, fields, file, fileName, bytes, remove };
}
