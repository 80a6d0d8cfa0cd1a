/**
 * HTML specifics: hidden elements are left out and reported; a table row stays one line even
 * when its cells hold paragraphs (as mammoth writes Word tables); a definition list entry is one
 * paragraph, its terms before its description; a page's navigation is left out.
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
  it('keeps a definition list entry on one line: its terms, then the first paragraph of its description', async () => {
    // As texinfo writes a manual's option list (GNU diffutils).
    const document = await parseFile(
      'invoking.html',
      '<p>Options:</p><dl compact="compact">' +
        '<dt><span><samp>-a</samp></span></dt>\n<dt><span><samp>--text</samp></span></dt>\n' +
        '<dd><p>Treat all files as text.  See <a href="Binary.html">Binary Files</a>.\n</p>\n</dd>\n' +
        '<dt><samp>-b</samp></dt><dd><p>Ignore changes in amount of white space.</p><p>A second paragraph.</p></dd>' +
        '<dt>-q</dt><dd>Report only whether the files differ.</dd>' +
        '<dd>A description with no term.</dd>' +
        '</dl><p>After.</p>',
    );
    expect(document.text).toBe(
      'Options:\n\n-a, --text: Treat all files as text. See Binary Files.\n\n' +
        '-b: Ignore changes in amount of white space.\n\nA second paragraph.\n\n' +
        '-q: Report only whether the files differ.\n\nA description with no term.\n\nAfter.\n',
    );
  });
  it("leaves out a page's navigation: a short block of next / previous / up links, <nav>, role=navigation", async () => {
    // As texinfo writes it above and below every node.
    const header =
      '<div class="header"><p>Next: <a href="Invoking-diff3.html" rel="next">Invoking <code>diff3</code></a>, ' +
      'Previous: <a href="Invoking-cmp.html" rel="prev">Invoking <code>cmp</code></a>, Up: <a href="index.html" rel="up">' +
      'Comparing and Merging Files</a> &nbsp; [<a href="index.html#SEC_Contents" rel="contents">Contents</a>]</p></div>';
    const document = await parseFile(
      'invoking.html',
      `${header}<h2>13 Invoking diff</h2><p>The format for running diff is simple.</p>` +
        '<nav><a href="/">Home</a></nav><div role="navigation">Site map</div>' +
        `${header}`,
    );
    expect(document.text).toBe('## 13 Invoking diff\n\nThe format for running diff is simple.\n');
    // Navigation is not hidden text: nothing is reported.
    expect(document.warnings ?? []).toEqual([]);
    // A long block that only mentions the next page is the page's text, not its navigation.
    const body = 'A long paragraph of the manual itself. '.repeat(10);
    const kept = await parseFile(
      'long.html',
      `<div><p>${body}</p>See <a href="b.html" rel="next">the next page</a>.</div>`,
    );
    expect(kept.text).toContain('A long paragraph of the manual itself.');
    expect(kept.text).toContain('See the next page.');
  });
});
