/**
 * The evaluation summary as a plain-text table for the terminal.
 */
import type { ResultsFile } from './run-evaluation.js';

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** Renders the summary of a results file. */
export function formatSummary(results: ResultsFile): string {
  const { summary, run } = results;
  const kinds = Object.entries(summary.by_kind);
  const width = Math.max(8, ...kinds.map(([kind]) => kind.length));
  const lines = [
    `Footnote evaluation — ${run.questions} on ${run.corpus}`,
    `generator ${run.generator} · retrieval ${run.retrieval} · top-k ${run.top_k} · embedder ${run.embedder}`,
    '',
    `${'kind'.padEnd(width)}  correct/total`,
    ...kinds.map(
      ([kind, counts]) => `${kind.padEnd(width)}  ${String(counts.correct).padStart(3)}/${counts.questions}`,
    ),
    `${'all'.padEnd(width)}  ${String(summary.correct).padStart(3)}/${summary.questions}`,
    '',
    `retrieval coverage  ${percent(summary.retrieval_coverage)}`,
    `citation coverage   ${percent(summary.citation_coverage)}`,
    `abstentions         right ${summary.abstentions.right} · wrong ${summary.abstentions.wrong} · missed ${summary.abstentions.missed}`,
    `median ms           retrieve ${summary.ms.retrieve_p50} · generate ${summary.ms.generate_p50} · verify ${summary.ms.verify_p50}`,
  ];
  return lines.join('\n');
}
