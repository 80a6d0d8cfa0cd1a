/**
 * HTML specifics: hidden elements are left out and reported; a table row stays one line even
 * when its cells hold paragraphs (as mammoth writes Word tables).
 */
import { describe, expect, it } from 'vitest';
import { parseFile } from '../../helpers/documents.js';

describe('HTML parser', () => {
  it('reports hidden elements it left out', async () => {
    const document = await parseFile(
      'faq.html',
      '<h2>Salt</h2><p>Use salt.</p><p hidden>secret one</p><div aria-hidden="true">secret two</div><script>x()</script>',
    );
    expect(document.text).toBe('## Salt\n\nUse salt.\n');
    expect(document.warnings).toEqual(['2 hidden elements were left out (hidden text is not indexed).']);
  });

  it('keeps a table row on one line when its cells hold blocks', async () => {
    const document = await parseFile(
      'parts.html',
      '<table><tr><td><p>Part</p></td><td><p>Number</p><p>(new)</p></td></tr><tr><td><h3>Seal</h3></td><td><ul><li>KX-1</li></ul></td></tr></table><p>After.</p>',
    );
    expect(document.text).toBe('| Part | Number (new) |\n| Seal | KX-1 |\n\nAfter.\n');
    expect(document.sections.map((section) => section.id)).toEqual(['intro']);
  });
});
