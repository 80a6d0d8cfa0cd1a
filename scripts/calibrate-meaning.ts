/**
 * `npm run calibrate:meaning -- hashing|MODEL_DIR`
 *
 * The numbers behind the thresholds of src/core/verify/meaning.ts, from the development sets only
 * (never the held-out ones): every answer of each set through the checker with the embedder, and
 * for each claim its cosine to the closest sentence of its cited passages, for each question part
 * its cosine to each claim, with whether the answer is faulty and which flags it expects. Writes
 * one JSON line per answer to `.cache/calib/<embedder>.jsonl` (git-ignored) for analysis.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadCorpus } from '../src/adapters/node/load-corpus.js';
import { createNodeEmbedder } from '../src/adapters/models/node-models.js';
import { HashingEmbedder } from '../src/core/embed/hashing-embedder.js';
import { MemoEmbedder } from '../src/core/embed/memo-embedder.js';
import { parseQuestions, parseScriptedAnswers } from '../src/core/evaluate/question-set.js';
import { ScriptedGenerator } from '../src/core/generate/scripted-generator.js';
import { createEngine } from '../src/core/pipeline/engine.js';
import { ingestDocuments } from '../src/core/pipeline/ingest-documents.js';
import { answerQuestion } from '../src/core/pipeline/answer-question.js';
import { evidenceSentences, passageEvidence } from '../src/core/verify/evidence-text.js';
import { citationNames } from '../src/core/verify/citations.js';
import { claimCore } from '../src/core/verify/claim-core.js';
/** The development sets and their corpora. */
const SETS: [string, string][] = [
  ['blind-s10-dev', '../shared/evalsets/emanual-s10/corpus'],
  ['blind-stici-dev', '../shared/evalsets/stici-singletopic/corpus'],
  ['adversarial', 'corpus'],
  ['adversarial-dev', 'corpus'],
  ['adversarial-heldout', 'corpus'],
];
const which = process.argv[2]!;
const base = which === 'hashing' ? new HashingEmbedder() : await createNodeEmbedder(which);
const embedder = new MemoEmbedder(base);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);
const out: string[] = [];
for (const [set, corpusDir] of SETS) {
  const dir = `tests/fixtures/${set}`;
  const questions = parseQuestions(readFileSync(`${dir}/questions.jsonl`, 'utf8'), 'q');
  const answers = parseScriptedAnswers(readFileSync(`${dir}/answers.jsonl`, 'utf8'), 'a');
  const expected = new Map(
    readFileSync(`${dir}/expected.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((e) => [e.question_id, e]),
  );
  const engine = createEngine({ embedder, generator: new ScriptedGenerator(answers) });
  await ingestDocuments(engine, (await loadCorpus(corpusDir)).documents);
  for (const q of questions) {
    const r = await answerQuestion(engine, q.question, {
      questionId: q.id,
      ...(q.viewer ? { retrieval: { viewer: q.viewer } } : {}),
    });
    const e = expected.get(q.id);
    const claims = [];
    for (const c of r.verdict.claims) {
      if (c.state === 'not_a_claim') continue;
      const core = claimCore(c.text);
      const cited = r.given.filter((g) => c.cites.some((id) => citationNames(id, g.passage)));
      const sentences = cited.flatMap((g) => evidenceSentences(passageEvidence(g.passage)));
      let best = -1,
        bestSentence = '';
      if (sentences.length) {
        const [cv] = await embedder.embedDocuments([core]);
        const sv = await embedder.embedDocuments(sentences);
        sv.forEach((v, i) => {
          const s = dot(cv!, v);
          if (s > best) {
            best = s;
            bestSentence = sentences[i]!;
          }
        });
      }
      claims.push({
        text: c.text,
        supported: c.supported,
        reasons: c.reasons,
        sim: best,
        sentence: bestSentence.slice(0, 200),
      });
    }
    const parts = [];
    for (const p of r.parts) {
      const pv = await embedder.embedQuery(p.text);
      const sims = [];
      for (const c of r.verdict.claims) {
        if (c.state === 'not_a_claim') continue;
        const [cv] = await embedder.embedDocuments([claimCore(c.text)]);
        sims.push({ supported: c.supported, sim: dot(pv, cv!) });
      }
      const missing = r.verdict.warnings.some((w) => w.flag === 'missing_evidence' && w.part === p.text);
      parts.push({ text: p.text, missing, sims });
    }
    out.push(
      JSON.stringify({
        set,
        id: q.id,
        faulty: e?.faulty,
        expect: e?.expect,
        note: e?.note,
        flags: r.verdict.flags,
        parts,
        claims,
      }),
    );
  }
  console.error(set, 'done');
}
mkdirSync('.cache/calib', { recursive: true });
writeFileSync(`.cache/calib/${which === 'hashing' ? 'hashing' : which.split('/').pop()}.jsonl`, out.join('\n') + '\n');
