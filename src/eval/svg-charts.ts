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

/**
 * A grouped bar chart with optional interval whiskers; values in [0, max]. A legend under the
 * title names each series (one swatch per distinct bar label, in its colour) and the whisker;
 * each bar's value label sits above the higher of its bar and its whisker, so no whisker
 * crosses it.
 *
 * @example
 * groupedBarChart({ id: "c", title: "Success (%)", max: 100, unit: "%", groups: [{ label: "A", bars: [{ label: "on", value: 80, low: 70, high: 88, color: "#2e7d32" }] }] });
 * @param options - chart id, title, scale maximum, unit and the groups of bars
 * @returns a standalone `<svg>` element (no scripts, no external references)
 */
export function groupedBarChart(options: {
  readonly title: string;
  readonly groups: readonly BarGroup[];
  readonly max: number;
  readonly unit?: string;
  readonly id: string;
}): string {
  const barW = 62;
  const gap = 10;
  const groupGap = 36;
  const left = 48;
  const legendY = 34;
  const top = 62;
  const plotH = 180;
  const bottom = 46;
  const widths = options.groups.map((g) => g.bars.length * barW + (g.bars.length - 1) * gap);
  const series = [...new Map(options.groups.flatMap((g) => g.bars.map((b) => [b.label, b.color] as const))).entries()];
  const whiskers = options.groups.some((g) => g.bars.some((b) => b.low !== undefined && b.high !== undefined));
  const legendW = series.reduce((w, [label]) => w + 22 + label.length * 6.5 + 16, 0) + (whiskers ? 90 : 0);
  const width = Math.max(
    left + widths.reduce((a, b) => a + b, 0) + groupGap * options.groups.length + 20,
    left + legendW + 10,
    left + options.title.length * 8.5,
  );
  const height = top + plotH + bottom;
  const y = (v: number): number => top + plotH - (Math.max(0, Math.min(options.max, v)) / options.max) * plotH;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" id="${escapeXml(options.id)}" class="chart" role="img" aria-label="${escapeXml(options.title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
  );
  parts.push(`<title>${escapeXml(options.title)}</title>`);
  parts.push(`<text x="${left}" y="16" font-size="13" font-weight="600">${escapeXml(options.title)}</text>`);
  // legend: a swatch per series, then the whisker
  parts.push(`<g class="legend">`);
  let lx = left;
  for (const [label, color] of series) {
    parts.push(
      `<g class="legend-item" data-series="${escapeXml(label)}"><rect class="legend-swatch" x="${lx}" y="${legendY - 10}" width="14" height="12" fill="${color}"/><text x="${lx + 20}" y="${legendY}">${escapeXml(label)}</text></g>`,
    );
    lx += 22 + label.length * 6.5 + 16;
  }
  if (whiskers)
    parts.push(
      `<g class="legend-item legend-whisker"><line x1="${lx + 7}" x2="${lx + 7}" y1="${legendY - 11}" y2="${legendY + 1}" stroke="#222"/><line x1="${lx + 2}" x2="${lx + 12}" y1="${legendY - 11}" y2="${legendY - 11}" stroke="#222"/><line x1="${lx + 2}" x2="${lx + 12}" y1="${legendY + 1}" y2="${legendY + 1}" stroke="#222"/><text x="${lx + 20}" y="${legendY}">95% CI</text></g>`,
    );
  parts.push(`</g>`);
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
      parts.push(
        `<rect class="bar" x="${x}" y="${yy}" width="${barW}" height="${top + plotH - yy}" fill="${b.color}"><title>${escapeXml(`${g.label} ${b.label}: ${b.text ?? fmt(b.value)}`)}</title></rect>`,
      );
      let labelY = yy - 4;
      if (b.low !== undefined && b.high !== undefined) {
        const cx = x + barW / 2;
        parts.push(
          `<g class="whisker"><line x1="${cx}" x2="${cx}" y1="${y(b.high)}" y2="${y(b.low)}" stroke="#222"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.high)}" y2="${y(b.high)}" stroke="#222"/><line x1="${cx - 5}" x2="${cx + 5}" y1="${y(b.low)}" y2="${y(b.low)}" stroke="#222"/></g>`,
        );
        labelY = Math.min(labelY, y(b.high) - 5);
      }
      parts.push(`<text class="value-label" x="${x + barW / 2}" y="${labelY}" text-anchor="middle">${escapeXml(b.text ?? fmt(b.value))}</text>`);
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
