/**
 * The real models `npm run models:local` lays out, where they have been laid out (a fresh clone
 * has none: these tests are then skipped, and say so in their names). CI lays out MiniLM first.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEmbedder, MIN_COSINE } from '../../scripts/local-models/check-embedder.js';
import { DEFAULT_OUT, LOCAL_EMBEDDERS } from '../../scripts/local-models/manifest.js';

describe('real embedding models (npm run models:local)', () => {
  for (const recipe of LOCAL_EMBEDDERS) {
    const folder = join(DEFAULT_OUT, recipe.name);
    const here = existsSync(join(folder, 'footnote-source.json'));
    it.skipIf(!here)(
      `${recipe.name}${here ? '' : ' (skipped: not laid out; run npm run models:local)'}: fp32 and q8 agree, and each probe question is closest to its own answer`,
      async () => {
        const result = await checkEmbedder(folder);
        expect(result.minCosine).toBeGreaterThanOrEqual(MIN_COSINE);
        expect(result.pairsRight).toBe(result.pairs);
      },
      120_000,
    );
  }
});
