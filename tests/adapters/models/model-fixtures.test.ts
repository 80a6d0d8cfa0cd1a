// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../../scripts/make-model-fixtures.js';
import { FIXTURE_MODELS } from './fixture-models.js';

describe('tiny model fixtures', () => {
  it.each(['embed', 'rerank', 'nli'] as const)(
    'the committed tiny-%s files are what the generator writes',
    async (kind) => {
      let total = 0;
      for (const [path, content] of fixtureFiles(kind)) {
        const committed = await readFile(join(FIXTURE_MODELS, 'local', `tiny-${kind}`, path));
        const expected = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
        expect(committed.equals(expected), path).toBe(true);
        total += committed.length;
      }
      expect(total).toBeLessThan(16 * 1024);
    },
  );
});
