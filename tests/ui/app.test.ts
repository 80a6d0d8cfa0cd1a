// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { LibraryState } from '../../src/adapters/browser/protocol.js';
import App from '../../src/ui/App.svelte';
import { Session } from '../../src/ui/state/session.svelte.js';
import { FakeConnection } from './fake-connection.js';

const MEMORY: LibraryState = {
  documents: [],
  storage: {
    kind: 'memory',
    reason: 'IndexedDB could not be opened (SecurityError: insecure).',
    restore: 'empty',
    restoreMs: 1,
  },
  embeddedThisSession: 0,
};

describe('App', () => {
  it('says plainly when the library lives in memory only (ST-15)', async () => {
    const connection = new FakeConnection();
    const session = new Session(connection);
    render(App, { session });
    const starting = session.start();
    connection.last('open').resolve(MEMORY);
    await starting;
    await waitFor(() => expect(screen.getByTestId('app').dataset.ready).toBe('true'));
    expect(screen.getByTestId('storage-banner').textContent).toMatch(/won't be saved.*SecurityError/s);
    expect(screen.getByText(/Your library is empty\./, { selector: 'strong' })).toBeTruthy();
  });

  it('offers every access label in the library under "Viewing as", and asks again as the new viewer', async () => {
    const connection = new FakeConnection();
    const session = new Session(connection);
    render(App, { session });
    const starting = session.start();
    const summary = {
      title: 'Guide',
      revision: '1',
      date: '2026-01-01',
      supersedes: [],
      sourceName: 'g.md',
      passages: 1,
      format: 'markdown',
      warnings: [],
      partial: false,
    };
    connection.last('open').resolve({
      ...MEMORY,
      storage: { kind: 'indexeddb', restore: 'restored', restoreMs: 1 },
      documents: [
        { ...summary, id: 'a', access: 'public' },
        { ...summary, id: 'b', access: 'staff' },
      ],
    });
    await starting;
    await waitFor(() => expect(screen.getAllByTestId('document')).toHaveLength(1));
    const viewer = screen.getByTestId('viewer') as HTMLSelectElement;
    expect([...viewer.options].map((option) => option.value)).toEqual(['public', 'staff']);
    expect(screen.queryByTestId('storage-banner')).toBeNull();
    void session.ask('How do I reset it?');
    session.setViewer('staff');
    expect(
      connection.received.filter((entry) => entry.request.type === 'ask').map((entry) => entry.options.signal?.aborted),
    ).toEqual([true, false]);
    expect(connection.last('ask').request).toMatchObject({
      question: 'How do I reset it?',
      retrieval: { viewer: 'staff' },
    });
    await waitFor(() => expect(screen.getAllByTestId('document')).toHaveLength(2));
  });
});
