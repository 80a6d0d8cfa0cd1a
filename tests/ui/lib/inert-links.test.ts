import { describe, expect, it } from 'vitest';
import { inertPieces, webAddress } from '../../../src/ui/lib/inert-links.js';
import { EVIL_PAYLOADS } from '../../fakes/evil-payloads.js';

describe('inertPieces', () => {
  it('turns Markdown images, inline or by reference, into notices', () => {
    expect(inertPieces('See ![a](https://attacker.test/p.png?q=CANARY-7F3A91 "t") now ![x][r]')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'image', alt: 'a', source: 'https://attacker.test/p.png?q=CANARY-7F3A91' },
      { kind: 'text', text: ' now ' },
      { kind: 'image', alt: 'x', source: '[r]' },
    ]);
  });

  it('keeps web links as links to confirm, with their full address', () => {
    expect(inertPieces('[Click for details](https://attacker.test/?d=CANARY-7F3A91)')).toEqual([
      { kind: 'link', label: 'Click for details', href: 'https://attacker.test/?d=CANARY-7F3A91' },
    ]);
  });

  it('makes every other scheme inert text (OUT-02)', () => {
    for (const name of [
      'javascriptLink',
      'mixedCaseJavascript',
      'entityJavascript',
      'vbscriptLink',
      'dataHtmlLink',
      'fileLink',
    ] as const) {
      const pieces = inertPieces(EVIL_PAYLOADS[name]);
      expect(
        pieces.some((piece) => piece.kind === 'link'),
        name,
      ).toBe(false);
      expect(pieces.map((piece) => piece.kind)[0], name).toBe('inert');
    }
  });

  it('leaves text without Markdown as one text piece', () => {
    expect(inertPieces('The KT-100 holds 1.7 litres [kettle#1].')).toEqual([
      { kind: 'text', text: 'The KT-100 holds 1.7 litres [kettle#1].' },
    ]);
    expect(inertPieces('')).toEqual([]);
  });
});

describe('webAddress', () => {
  it('accepts only absolute http and https addresses', () => {
    expect(webAddress('https://example.org/a b')).toBe('https://example.org/a%20b');
    expect(webAddress(' javascript:alert(1)')).toBeUndefined();
    expect(webAddress('/relative')).toBeUndefined();
    expect(webAddress('&#106;avascript:x')).toBeUndefined();
  });

  it('never makes a live link of an address with a user name before its host', () => {
    expect(webAddress('https://bank.example@evil.test/')).toBeUndefined();
    expect(webAddress('https://user:pass@evil.test/')).toBeUndefined();
    expect(inertPieces('[my bank](https://bank.example@evil.test/login)')).toEqual([
      { kind: 'inert', label: 'my bank', destination: 'https://bank.example@evil.test/login' },
    ]);
  });
});

describe('linked images', () => {
  it('show the image notice, and the link to confirm goes where the link points, not to the image', () => {
    expect(inertPieces('[![a](https://attacker.test/p.png?q=CANARY)](https://evil.test/x)')).toEqual([
      { kind: 'image', alt: 'a', source: 'https://attacker.test/p.png?q=CANARY' },
      { kind: 'link', label: 'a', href: 'https://evil.test/x' },
    ]);
  });
});
