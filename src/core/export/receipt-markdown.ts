/**
 * An answer receipt as Markdown a person can read, print or paste: the question, the answer,
 * the verdict with its warnings and claims, each passage with its source, offsets and hash, the
 * exact prompt, the settings and timings. Every string from the receipt goes through
 * `inertInline`/`inertQuote`, so the document holds no live link, image or HTML whatever a
 * document or the model wrote (docs/reliability.md OUT-14).
 */
import type { AnswerReceipt, ReceiptPassage } from './answer-receipt.js';
import { inertInline, inertQuote } from './inert-markdown.js';

/** The receipt as inert Markdown. */
export function receiptToMarkdown(receipt: AnswerReceipt): string {
  return [
    '# Answer receipt',
    '',
    `**Question:** ${inertInline(receipt.question)}`,
    '',
    facts(receipt),
    '',
    '## Answer',
    '',
    inertQuote(receipt.answer.text || '(no answer)'),
    '',
    ...verdict(receipt),
    '## Passages',
    '',
    ...receipt.passages.flatMap(passage),
    '## Prompt',
    '',
    ...receipt.prompt.messages.flatMap((message) => [`### ${message.role}`, '', inertQuote(message.content), '']),
    '## Settings and timings',
    '',
    ...Object.entries(receipt.settings).map(([key, value]) => `- ${inertInline(`${key}: ${JSON.stringify(value)}`)}`),
    `- ${inertInline(receipt.trace.map((step) => `${step.stage} ${round(step.ms)} ms (${step.decidedBy})`).join(', '))}`,
    '',
    '---',
    '',
    'Links and images in this receipt are shown as text and never load. The JSON receipt holds the exact record.',
    '',
  ].join('\n');
}

function facts(receipt: AnswerReceipt): string {
  const { models } = receipt;
  const lines = [
    `Made ${receipt.created} (Footnote answer receipt, version ${receipt.version})`,
    `Answer written by ${models.generator} (${receipt.answer.decidedBy}), finish: ${receipt.answer.finishReason}`,
    `Embedder ${models.embedder}${models.reranker ? `, reranker ${models.reranker}` : ''}${models.judge ? `, claims checked with ${models.judge}` : ''}`,
    receipt.libraryHash ? `Library SHA-256 ${receipt.libraryHash}` : '',
  ];
  return lines
    .filter(Boolean)
    .map((line) => `- ${inertInline(line)}`)
    .join('\n');
}

function verdict(receipt: AnswerReceipt): string[] {
  const { status, flags, warnings, claims } = receipt.verdict;
  const lines = [`**Verdict:** ${inertInline(status)}${flags.length ? ` (${inertInline(flags.join(', '))})` : ''}`, ''];
  if (warnings.length > 0) {
    lines.push(
      '### Warnings',
      '',
      ...warnings.map((warning) => `- ${inertInline(`${warning.flag}: ${warning.message}`)}`),
      '',
    );
  }
  if (claims.length > 0) {
    lines.push('### Claims', '');
    claims.forEach((claim, index) => {
      const why = claim.reasons?.length ? `: ${claim.reasons.join('; ')}` : '';
      const state =
        claim.state === 'not_a_claim'
          ? 'not a claim: nothing to check'
          : claim.supported
            ? 'supported'
            : claim.state === 'contradicted'
              ? `contradicted, the passage says otherwise${why}`
              : `not found in the cited passage${why}`;
      const judgedOn = claim.evidence
        ? `, judged on ${claim.evidence.cite} characters ${claim.evidence.start}–${claim.evidence.end}`
        : '';
      const cites = claim.cites.length ? `, citing ${claim.cites.join(', ')}` : ', no citation';
      lines.push(`${index + 1}. ${inertInline(`"${claim.text}" (${state}${cites}${judgedOn})`)}`);
    });
    lines.push('');
  }
  return lines;
}

function passage(item: ReceiptPassage): string[] {
  const role = [item.given ? 'given to the writer' : 'retrieved, not given', item.cited ? 'cited' : ''].filter(Boolean);
  const where = [
    item.heading ? `section "${item.heading}"` : '',
    `characters ${item.start}–${item.end}`,
    item.page === undefined ? '' : `page ${item.page}`,
    `rank ${item.rank}`,
    `score ${round(item.score)}`,
    ...role,
    item.supersededBy.length ? `superseded by ${item.supersededBy.join(', ')}` : '',
  ].filter(Boolean);
  return [
    `### ${inertInline(`${item.rank}. ${item.title} — ${item.cite} (revision ${item.revision}, ${item.date})`)}`,
    '',
    `- ${inertInline(where.join(' · '))}`,
    `- ${inertInline(`access ${item.access} · text SHA-256 ${item.sha256} · short hash ${item.hash}`)}`,
    '',
    inertQuote(item.text),
    '',
  ];
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
