/**
 * The rendering paths, checked on the source (docs/reliability.md OUT-05, OUT-06). Footnote renders no
 * HTML at all: answers, passages, names and messages reach the page as Svelte text, so there is
 * no Markdown → HTML → sanitiser chain whose order could go wrong. These tests keep it so: no
 * HTML-string sink anywhere in `src/`, and the lint rule against `{@html}` on, with its one
 * exception (`SafeHtml.svelte`) still unwritten.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

/** Every source file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|js|svelte)$/.test(entry.name) ? [path] : [];
  });
}

/** Ways to turn a string into live DOM (or script) without Svelte's escaping. */
const HTML_SINKS = [
  /\.innerHTML\b/,
  /\.outerHTML\b/,
  /\binsertAdjacentHTML\b/,
  /\bdocument\.write(?:ln)?\b/,
  /\bcreateContextualFragment\b/,
  /\bsetHTMLUnsafe\b|\bparseHTMLUnsafe\b/,
  /\bnew DOMParser\b/,
  /\bsrcdoc\b/,
  /\{@html\b/,
];

describe('rendering paths', () => {
  it('OUT-05 no file of src/ writes an HTML string into the page, so nothing can edit HTML after a sanitiser', () => {
    const files = sourceFiles(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (HTML_SINKS.some((sink) => sink.test(line)))
          found.push(`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('OUT-06 lint fails on {@html} in any component; the one allowed file, SafeHtml.svelte, does not exist', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const component =
      '<script lang="ts">\n  let { text }: { text: string } = $props();\n</script>\n\n<p>{@html text}</p>\n';
    const [result] = await eslint.lintText(component, { filePath: join(ROOT, 'src/ui/components/Answer.svelte') });
    const rules = result?.messages.map((message) => `${message.ruleId}:${message.severity}`);
    expect(rules).toContain('svelte/no-at-html-tags:2');
    // Should it be written, it must take only branded sanitised HTML: this test is the reminder.
    expect(existsSync(join(ROOT, 'src/ui/components/SafeHtml.svelte'))).toBe(false);
  });
});
