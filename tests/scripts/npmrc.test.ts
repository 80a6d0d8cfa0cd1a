/**
 * The project's `.npmrc` (README, Quick start): install scripts stay off (onnxruntime-node's would
 * download from a host CI cannot reach) through a setting npm knows, so no npm command warns about
 * the project's own configuration.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm config get ignore-scripts` in a folder, with no npm settings inherited from a parent npm run. */
function ignoreScripts(cwd: string): { value: string; warnings: string } {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
  const run = spawnSync('npm', ['config', 'get', 'ignore-scripts'], { cwd, env, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return { value: run.stdout.trim(), warnings: run.stderr.trim() };
}

describe(".npmrc (issue 15's npm warning)", () => {
  it('turns install scripts off with a setting npm knows, and npm prints no warning', () => {
    expect(ignoreScripts(ROOT)).toEqual({ value: 'true', warnings: '' });
  });

  it('an unknown key would be warned about (the check above can fail)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'npmrc-'));
    writeFileSync(join(folder, 'package.json'), '{"name":"probe","version":"0.0.0"}\n');
    writeFileSync(join(folder, '.npmrc'), 'onnxruntime-node-install=skip\n');
    const { value, warnings } = ignoreScripts(folder);
    expect(value).toBe('false');
    expect(warnings).toMatch(/Unknown project config "onnxruntime-node-install"/);
  });
});
