import { escapeToBuffer } from "hono/utils/html";

/** Text as HTML (& < > " ' escaped): hono's own escaper, the one its `html` templates use. */
export function escapeHtml(text: string): string {
  const buffer: [string] = [""];
  escapeToBuffer(text, buffer);
  return buffer[0];
}
