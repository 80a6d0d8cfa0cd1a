import { describe, expect, it } from 'vitest';
import { plainUnitText } from '../../../src/core/text/sentences.js';

const sentence = (text: string) => plainUnitText({ kind: 'sentence', text });

describe('plainUnitText', () => {
  it('drops Markdown emphasis around words and code backticks', () => {
    expect(sentence('Press **Power** twice, then run `make`.')).toBe('Press Power twice, then run make.');
    expect(sentence('It is __not__ covered.')).toBe('It is not covered.');
  });

  it('keeps asterisks and underscores that emphasise nothing (the Bash manual, a table footnote, a Python name)', () => {
    expect(
      sentence('globstar If set, the pattern ‘**’ used in a filename expansion context will match all files.'),
    ).toBe('globstar If set, the pattern ‘**’ used in a filename expansion context will match all files.');
    expect(sentence('**: The resolution may not be supported depending on the model.')).toBe(
      '**: The resolution may not be supported depending on the model.',
    );
    expect(sentence('return OnlyCreatable(cls.__create_key, value)')).toBe(
      'return OnlyCreatable(cls.__create_key, value)',
    );
  });
});
