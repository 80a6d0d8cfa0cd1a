/**
 * Output handling (docs/reliability.md, its OUT cases), core level: whatever the evil model writes (script,
 * event handlers, `javascript:`/`data:`/`file:` links, SVG and MathML vectors), the answer's
 * JSON receipt keeps it exactly, as data, and the Markdown export shows it as inert text.
 * Document HTML is read as text only. The rendered-DOM checks live in the browser tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseReceipt } from '../../src/core/export/parse-receipt.js';
import { receiptToMarkdown } from '../../src/core/export/receipt-markdown.js';
import { parseDocument } from '../../src/core/ingest/parse-document.js';
import type { Engine } from '../../src/core/pipeline/engine.js';
import { EVIL_PAYLOADS, PWN_FLAG } from '../fakes/evil-payloads.js';
import { FORBIDDEN_SUBSTRINGS, liveMarkdown } from '../core/export/markdown-oracle.js';
import { ask, securityEngine } from './security-library.js';

let engine: Engine;

beforeAll(async () => {
  ({ engine } = await securityEngine());
});

/** Code spans of a Markdown text, and the text outside them. */
function split(markdown: string): { code: string[]; prose: string } {
  const code: string[] = [];
  const prose = markdown.replace(/(?<!`)(`+)(?!`)([^\n]*?)(?<!`)\1(?!`)/g, (_, _fence: string, inner: string) => {
    code.push(inner);
    return ' ';
  });
  return { code, prose };
}

describe('output handling with a model that obeys (EvilFakeLLM)', () => {
  it('OUT-01 script and event handlers: kept exactly in the JSON receipt, escaped text in Markdown', async () => {
    const asked = await ask(engine, 'How long is the KT-100 power cord?');
    for (const payload of [EVIL_PAYLOADS.script, EVIL_PAYLOADS.imgOnerror]) {
      expect(asked.result.answer.text).toContain(payload);
      expect(parseReceipt(JSON.stringify(asked.receipt)).answer.text).toContain(payload);
    }
    expect(asked.markdown).toContain('&lt;script&gt;window.\\_\\_pwn=1&lt;/script&gt;');
    expect(asked.markdown).toContain('&lt;img src=x onerror="window.\\_\\_pwn=1"&gt;');
    expect(liveMarkdown(asked.markdown)).toEqual([]);
    expect((globalThis as Record<string, unknown>)[PWN_FLAG]).toBeUndefined();
  });

  it('OUT-02 URL schemes: javascript:, JaVaScRiPt:, &#106;avascript:, vbscript:, data:, file: are never clickable', async () => {
    const asked = await ask(engine, 'What is the part number of KT-100 spare limescale filters?');
    for (const payload of [
      'javascriptLink',
      'mixedCaseJavascript',
      'entityJavascript',
      'vbscriptLink',
      'dataHtmlLink',
      'fileLink',
    ] as const) {
      expect(asked.result.answer.text).toContain(EVIL_PAYLOADS[payload]);
    }
    const { code, prose } = split(asked.markdown);
    expect(prose).not.toMatch(/(?:javascript|vbscript|data|file):/i);
    expect(code).toEqual(
      expect.arrayContaining(['javascript:window.__pwn=1', 'JaVaScRiPt:window.__pwn=1', 'file:///etc/passwd']),
    );
    expect(asked.markdown).toContain('&amp;#106;avascript:');
    expect(liveMarkdown(asked.markdown)).toEqual([]);
    for (const forbidden of FORBIDDEN_SUBSTRINGS) expect(asked.markdown).not.toContain(forbidden);
  });

  it('OUT-03 SVG and MathML vectors (DOMPurify samples): escaped in the model output and the passage text', async () => {
    const asked = await ask(engine, 'How long is the KT-100 power cord?');
    expect(asked.result.answer.text).toContain(EVIL_PAYLOADS.svgOnload);
    expect(asked.result.answer.text).toContain(EVIL_PAYLOADS.mathXlink);
    expect(asked.markdown).toContain('&lt;svg&gt;&lt;g/onload=window.\\_\\_pwn=1//&lt;p&gt;');
    expect(asked.markdown).toContain('&lt;math&gt;&lt;mi//xlink:href="`data:x`,&lt;script&gt;');
    expect(asked.markdown).not.toMatch(/<svg|<math/);
  });

  it('OUT-07 document HTML never goes live: script, handlers and srcdoc frames are dropped while reading', async () => {
    const html =
      '<html><head><script>window.__pwn=1</script></head><body><h1>KT-100 sheet</h1>' +
      '<img src="https://attacker.test/x.png" onerror="window.__pwn=1"><iframe srcdoc="<script>parent.__pwn=1</script>"></iframe>' +
      '<p>The KT-100 lid opens at 80 degrees.</p></body></html>';
    const document = await parseDocument({ name: 'sheet.html', bytes: new TextEncoder().encode(html) });
    expect(document.text).toContain('lid opens at 80 degrees');
    expect(document.text).not.toMatch(/__pwn|attacker|srcdoc|onerror|<script/);
    expect((globalThis as Record<string, unknown>)[PWN_FLAG]).toBeUndefined();
  });

  it('OUT-14 exports stay inert: every answer of the planted library exports without a live link or image', async () => {
    const questions = [
      'How often should I descale the KT-100?',
      'How do I register the KT-100 warranty?',
      'What is the part number of the KT-100 lid hinge?',
      'How long is the KT-100 power cord?',
      'What is the part number of KT-100 spare limescale filters?',
      'Does the KT-100 base plate rotate?',
      'What happens when the KT-100 boils dry?',
      'Is the KT-100 certified to EN 60335?',
      'How should I clean the KT-100 limescale filter?',
    ];
    for (const question of questions) {
      const asked = await ask(engine, question);
      const again = receiptToMarkdown(parseReceipt(JSON.stringify(asked.receipt)));
      expect(again).toBe(asked.markdown);
      expect(liveMarkdown(asked.markdown), question).toEqual([]);
      for (const forbidden of FORBIDDEN_SUBSTRINGS) expect(asked.markdown, question).not.toContain(forbidden);
    }
  });

  it('OUT-15 a file named like markup keeps a slug id; its name is data, shown inert wherever exported', async () => {
    const document = await parseDocument({
      name: '<img src=x onerror=window.__pwn=1>.md',
      bytes: new TextEncoder().encode('# Odd name\n\nThe KT-100 impeller is made of brass.'),
    });
    expect(document.id).toMatch(/^[a-z0-9-]+$/);
    expect(document.sourceName).toBe('<img src=x onerror=window.__pwn=1>.md');
  });
});
