/** A short, one-line quotation of a message for evidence. */
export function quote(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return `"${flat.length > max ? flat.slice(0, max - 1) + "…" : flat}"`;
}
