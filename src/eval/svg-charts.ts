/**
 * Small inline-SVG charts for the self-contained HTML report (no scripts, no network).
 */
export interface Bar {
  readonly label: string;
  readonly value: number;
  /** Optional 95% interval on the same scale as `value`. */
  readonly low?: number;
  readonly high?: number;
  readonly color: string;
  readonly text?: string;
}

export interface BarGroup {
  readonly label: string;
  readonly bars: readonly Bar[];
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A grouped bar chart with optional interval whiskers; values in [0, max]. */
export function groupedBarChart(options: { readonly title: string; readonly groups: readonly BarGroup[]; readonly max: number; readonly unit?: string; readonly id: string }): string {
  const barW = 62;
  const gap = 10;
  const groupGap = 36;
  const left = 48;
  const top = 34;
  const plotH = 180;
  const bottom = 46;
  const widths = options.groups.map((g) => g.bars.length * barW + (g.bars.length - 1) * gap);
  const width = left + widths.reduce((a, b) => a + b, 0) + groupGap * options.groups.length + 20;
  const height = top + plotH + bottom;
  const y = (v: number): number => top + plotH - (Math.max(0, Math.min(options.max, v)) / options.max) * plotH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" id="${escapeXml(options.id)}" class="chart" role="img" aria-label="${escapeXml(options.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`);
  parts.push(`<title>${escapeXml(options.title)}</title>`);
  parts.push(`<text x="${left}" y="16" font-size="13" font-weight="600">${escapeXml(options.title)}</text>`);
  for (let i = 0; i <= 4; i++) {
    const v = (options.max * i) / 4;
    const yy = y(v);
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${yy}" y2="${yy}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 6}" y="${yy + 4}" text-anchor="end" fill="#555">${fmt(v)}${options.unit ?? ""}</text>`);
  }
  let x = left + groupGap / 2;
  options.groups.forEach((g, gi) => {
    const gx = x;
    for (const b of g.bars) {
      const yy = y(b.value);
      parts.push(`<rect class="bar" x="${x}" y="${yy}" width="${barW}" height="${top + plotH - yy}" fill="${b.color}"><title>${escapeXml(`${g.label} ${b.label}: ${b.text ?? fmt(b.value)}`)}</title></rect>`);
      if (b.low !== undefined && b.high !== undefined) {
        const cx = x + barW / 2;
        parts.push(`<line x1="${cx}" x2="${cx}" y1="${y(b.high)}" y2="${y(b.low)}" stroke="#222"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.high)}" y2="${y(b.high)}" stroke="#222"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.low)}" y2="${y(b.low)}" stroke="#222"/>`);
      }
      parts.push(`<text x="${x + barW / 2}" y="${yy - 4}" text-anchor="middle">${escapeXml(b.text ?? fmt(b.value))}</text>`);
      parts.push(`<text x="${x + barW / 2}" y="${top + plotH + 14}" text-anchor="middle" fill="#333">${escapeXml(b.label)}</text>`);
      x += barW + gap;
    }
    x += groupGap - gap;
    parts.push(`<text x="${gx + (widths[gi] as number) / 2}" y="${top + plotH + 32}" text-anchor="middle" font-weight="600">${escapeXml(g.label)}</text>`);
  });
  parts.push(`</svg>`);
  return parts.join("");
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 1 : 0);
}
