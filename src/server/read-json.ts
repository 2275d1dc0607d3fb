import type { IncomingMessage } from "node:http";
import { HttpError } from "./http-errors.js";

/**
 * Reads a request body as a JSON object: 413 past `limit` bytes, 400 for anything but a JSON
 * object (an empty body is `{}` when `optional`).
 * @internal
 */
export async function readJson(req: IncomingMessage, limit: number, optional: boolean): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > limit) throw new HttpError(413, "body_too_large", `The request body is larger than ${limit} bytes.`);
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") {
    if (optional) return {};
    throw new HttpError(400, "bad_request", "The request needs a JSON object body.");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, "bad_request", `The body is not valid JSON: ${(e as Error).message}.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new HttpError(400, "bad_request", "The body must be a JSON object.");
  return value as Record<string, unknown>;
}
