import { describe, expect, it } from 'vitest';
import { emptyReport, fail, messageOf } from '../../../src/adapters/browser/ingest-report.js';
import type { FileProgress } from '../../../src/adapters/browser/protocol.js';
import { RagError } from '../../../src/core/errors.js';

const progress = (name: string): FileProgress => ({ name, status: 'parsing', passagesDone: 0, passagesTotal: 0 });

describe('ingest failures', () => {
  it('OUT-16: a failure message from a worker or a store is cut to 300 characters in the report and the progress', () => {
    const report = emptyReport();
    const shown: FileProgress[] = [];
    const message = messageOf(new Error(`${'file content '.repeat(100)}<script>x()</script>`), 'notes.txt');
    expect(message.length).toBeGreaterThan(1000);
    fail(report, progress('notes.txt'), message, { onProgress: (file) => shown.push(file) });
    expect(report.failed[0]?.message).toHaveLength(300);
    expect(report.failed[0]?.message).toMatch(/^notes\.txt: file content .*…$/);
    expect(shown).toEqual([expect.objectContaining({ status: 'failed', message: report.failed[0]?.message })]);
  });

  it('OUT-16: names the file, and keeps a RagError message, which already names it, as it is', () => {
    expect(messageOf('not an Error', 'a.md')).toBe('a.md: not an Error');
    const error = new RagError('EMPTY_DOCUMENT', { file: 'a.md' });
    expect(messageOf(error, 'a.md')).toBe(error.message);
  });
});
