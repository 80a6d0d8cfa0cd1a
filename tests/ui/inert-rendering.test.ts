// @vitest-environment jsdom
/**
 * docs/reliability.md OUT-04, as it applies here: Footnote has no HTML sanitiser, because it never
 * renders HTML. The property a sanitiser would have to keep is checked on what the page really
 * renders untrusted text with (`InertText` for answers and claims, `PassageText` for passages):
 * for random strings mixed with the seed payloads, rendering never throws, makes no element
 * outside a short list, and no element carries anything that fetches or runs (`src`, `srcset`,
 * `href`, `poster`, `background`, a `style` with `url(`, an `on…` handler). Text without
 * Markdown brackets comes out exactly as it went in.
 */
import { cleanup, render } from '@testing-library/svelte';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import InertText from '../../src/ui/components/InertText.svelte';
import PassageText from '../../src/ui/components/PassageText.svelte';
import { EVIL_PAYLOADS } from '../fakes/evil-payloads.js';

/** The elements these components may make (a closed confirm dialog included). */
const ALLOWED = new Set(['DIV', 'SPAN', 'P', 'MARK', 'BUTTON', 'DIALOG', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD']);
const FETCHING = ['src', 'srcset', 'href', 'xlink:href', 'poster', 'background', 'action', 'formaction', 'data'];

/** Fragments a random text is built from: the payloads, their pieces and plain words. */
const FRAGMENTS = [
  ...Object.values(EVIL_PAYLOADS).map((payload) => payload.replace('{canary}', 'CANARY-7F3A91')),
  '<',
  '>',
  '"',
  "'",
  '![',
  '[',
  ']',
  '(',
  ')',
  '](',
  'javascript:',
  'https://attacker.test/?d=',
  'style="background:url(https://attacker.test/x)"',
  '&#106;',
  ' onerror=',
  '\n',
  '# ',
  '- ',
  '| a | b |\n',
  'text ',
];
const untrusted = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }).map((parts) => parts.join('')),
  fc
    .tuple(fc.string({ maxLength: 40 }), fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 }))
    .map((parts) => parts.join('')),
);

/** What could fetch or run in `root`: disallowed elements and attributes, as lines. */
function liveParts(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (!ALLOWED.has(element.tagName)) found.push(`element ${element.tagName}`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (FETCHING.includes(name) || name.startsWith('on')) found.push(`${element.tagName} ${name}`);
      if (name === 'style' && /url\s*\(/i.test(attribute.value)) found.push(`${element.tagName} style url(`);
    }
  }
  return found;
}

describe('rendering untrusted text (OUT-04)', () => {
  it('OUT-04 InertText: never throws, never makes a live element or attribute, and keeps bracket-free text exactly', () => {
    fc.assert(
      fc.property(untrusted, (text) => {
        const { container } = render(InertText, { text });
        try {
          expect(liveParts(container)).toEqual([]);
          if (!/[[\]]/.test(text)) expect(container.textContent).toBe(text);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 300, seed: 2026 },
    );
  });

  it('OUT-04 PassageText: never throws and never makes a live element or attribute', () => {
    fc.assert(
      fc.property(untrusted, (text) => {
        const { container } = render(PassageText, {
          text,
          marks: [{ start: 0, end: Math.min(5, text.length), kind: 'instruction' }],
        });
        try {
          expect(liveParts(container)).toEqual([]);
        } finally {
          cleanup();
        }
      }),
      { numRuns: 300, seed: 2026 },
    );
  });

  it('OUT-04 the check can fail: an element that fetches is reported', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<span style="background:url(https://attacker.test/x)"></span><img src="https://attacker.test/i.png">';
    expect(liveParts(root)).toEqual(['SPAN style url(', 'element IMG', 'IMG src']);
  });
});
