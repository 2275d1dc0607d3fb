import type { ConfirmationDecision } from "./decider.js";

export const DECISIONS: readonly ConfirmationDecision[] = ["confirmed", "denied", "unclear"];

/** One labelled reply and what a decider said about it. */
export interface LabelledDecision {
  readonly label: ConfirmationDecision;
  readonly decision: ConfirmationDecision;
  /** e.g. "plain_yes", "conditional", "injection". */
  readonly category?: string;
  readonly lang?: string;
}

export interface CategoryCounts {
  readonly n: number;
  readonly confirmed: number;
  readonly denied: number;
  readonly unclear: number;
}

export interface ConfusionMatrix {
  readonly total: number;
  /** counts[label][decision] */
  readonly counts: Readonly<Record<ConfirmationDecision, Readonly<Record<ConfirmationDecision, number>>>>;
  /** Replies labelled denied or unclear that the decider confirmed: the number that must be zero. */
  readonly falseConfirmed: number;
  /** Replies labelled confirmed that the decider did not confirm. */
  readonly missedConfirmed: number;
  readonly accuracy: number;
  /** Replies labelled confirmed that the decider confirmed, over all replies labelled confirmed (0 when there are none). */
  readonly confirmedRecall: number;
  readonly byCategory: Readonly<Record<string, CategoryCounts>>;
  readonly byLang: Readonly<Record<string, CategoryCounts>>;
}

function tally(rows: readonly LabelledDecision[], key: (r: LabelledDecision) => string | undefined): Record<string, CategoryCounts> {
  const out: Record<string, { n: number; confirmed: number; denied: number; unclear: number }> = {};
  for (const r of rows) {
    const k = key(r);
    if (k === undefined) continue;
    const c = (out[k] ??= { n: 0, confirmed: 0, denied: 0, unclear: 0 });
    c.n++;
    c[r.decision]++;
  }
  return out;
}

/** Rows are labels (true) × decisions (predicted). */
export function confusionMatrix(rows: readonly LabelledDecision[]): ConfusionMatrix {
  const counts = Object.fromEntries(DECISIONS.map((l) => [l, Object.fromEntries(DECISIONS.map((d) => [d, 0]))])) as Record<
    ConfirmationDecision,
    Record<ConfirmationDecision, number>
  >;
  for (const r of rows) counts[r.label][r.decision]++;
  const correct = DECISIONS.reduce((s, d) => s + counts[d][d], 0);
  return {
    total: rows.length,
    counts,
    falseConfirmed: counts.denied.confirmed + counts.unclear.confirmed,
    missedConfirmed: counts.confirmed.denied + counts.confirmed.unclear,
    accuracy: rows.length === 0 ? 0 : correct / rows.length,
    confirmedRecall:
      counts.confirmed.confirmed + counts.confirmed.denied + counts.confirmed.unclear === 0
        ? 0
        : counts.confirmed.confirmed / (counts.confirmed.confirmed + counts.confirmed.denied + counts.confirmed.unclear),
    byCategory: tally(rows, (r) => r.category),
    byLang: tally(rows, (r) => r.lang),
  };
}

const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)}%`);

/** The matrix and the per-category decisions as Markdown tables (for the README). */
export function formatConfusionMarkdown(m: ConfusionMatrix, title = "Rule-based decider"): string {
  const lines = [
    `**${title}** — ${m.total} labelled replies; false \`confirmed\`: **${m.falseConfirmed}**; recall on true confirmations ${m.counts.confirmed.confirmed}/${m.counts.confirmed.confirmed + m.counts.confirmed.denied + m.counts.confirmed.unclear} (${pct(m.counts.confirmed.confirmed, m.counts.confirmed.confirmed + m.counts.confirmed.denied + m.counts.confirmed.unclear)}); accuracy ${pct(Math.round(m.accuracy * m.total), m.total)}.`,
    "",
    "| label ↓ / decision → | confirmed | denied | unclear | total |",
    "|---|---:|---:|---:|---:|",
    ...DECISIONS.map(
      (l) =>
        `| ${l} | ${m.counts[l].confirmed} | ${m.counts[l].denied} | ${m.counts[l].unclear} | ${m.counts[l].confirmed + m.counts[l].denied + m.counts[l].unclear} |`,
    ),
  ];
  const cats = Object.entries(m.byCategory);
  if (cats.length > 0) {
    lines.push("", "| category | n | confirmed | denied | unclear | unclear rate |", "|---|---:|---:|---:|---:|---:|");
    for (const [k, c] of cats) lines.push(`| ${k} | ${c.n} | ${c.confirmed} | ${c.denied} | ${c.unclear} | ${pct(c.unclear, c.n)} |`);
  }
  const langs = Object.entries(m.byLang);
  if (langs.length > 0) lines.push("", `Languages: ${langs.map(([k, c]) => `${k} ${c.n}`).join(", ")}.`);
  return lines.join("\n") + "\n";
}
