// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows storage notices with what to do: reload, free up space, keep storage (ST-02, ST-10, ST-13)', async () => {
    const connection = new FakeConnection();
    const persist = vi.fn(async () => true);
    const session = new Session(connection, undefined, undefined, {
      storage: { persist, persisted: async () => false },
      marker: undefined,
    });
    render(App, { session });
    const starting = session.start();
    connection.last('open').resolve({
      ...MEMORY,
      storage: {
        kind: 'indexeddb',
        restore: 'empty',
        restoreMs: 1,
        notice: { kind: 'full', message: 'Storage is full.' },
      },
    });
    await starting;
    await waitFor(() => expect(screen.getByTestId('storage-notice').dataset.kind).toBe('full'));
    expect(screen.getByTestId('storage-settings').textContent).toBe('Free up space');
    connection.onNotice?.({ kind: 'storage-lost', cause: 'upgraded', message: 'Footnote was updated in another tab.' });
    await waitFor(() => expect(screen.getByTestId('storage-notice').dataset.kind).toBe('upgraded'));
    expect(screen.getByTestId('storage-reload')).toBeTruthy();
    connection.onNotice?.({
      kind: 'storage-lost',
      cause: 'deleted',
      message: 'Your library was cleared.',
      library: {
        ...MEMORY,
        storage: { ...MEMORY.storage, notice: { kind: 'cleared', message: 'Your library was cleared.' } },
      },
    });
    await waitFor(() => expect(screen.getByTestId('storage-notice').dataset.kind).toBe('cleared'));
    screen.getByTestId('storage-keep').click();
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId('storage-keep')).toBeNull());
  });

  it('while the library comes back it says how far it is, and a question asked meanwhile waits for it', async () => {
    const connection = new FakeConnection();
    const session = new Session(connection);
    render(App, { session });
    const starting = session.start();
    const status = () => screen.getByTestId('library-restoring');
    await waitFor(() => expect(status().textContent).toMatch(/Opening your library/));
    expect(screen.getByRole('region', { name: /Library/ }).getAttribute('aria-busy')).toBe('true');
    const open = connection.last('open');
    open.options.onEvent?.({
      type: 'restore-progress',
      progress: { phase: 'reading', documentsDone: 0, documentsTotal: 0 },
    });
    await waitFor(() => expect(status().dataset.phase).toBe('reading'));
    open.options.onEvent?.({
      type: 'restore-progress',
      progress: { phase: 'rebuilding', documentsDone: 3, documentsTotal: 40 },
    });
    await waitFor(() => expect(status().textContent).toMatch(/Rebuilding the index .*: 3 of 40 documents/));
    expect((screen.getByLabelText('Bringing the library back') as HTMLProgressElement).value).toBe(3);

    // Asked before the library is back: the request goes to the engine, whose queue holds it
    // behind the open; nothing is refused.
    expect(screen.getByTestId('question-waits')).toBeTruthy();
    await fireEvent.input(screen.getByTestId('question'), { target: { value: 'How do I descale it?' } });
    await fireEvent.click(screen.getByTestId('ask'));
    expect(connection.last('ask').request).toMatchObject({ type: 'ask', question: 'How do I descale it?' });
    expect(connection.received.map((entry) => entry.request.type).slice(0, 2)).toEqual(['open', 'ask']);

    open.resolve({ ...MEMORY, storage: { kind: 'indexeddb', restore: 'rebuilt', restoreMs: 1 } });
    await starting;
    await waitFor(() => expect(screen.getByTestId('app').dataset.ready).toBe('true'));
    expect(screen.queryByTestId('library-restoring')).toBeNull();
    expect(screen.queryByTestId('question-waits')).toBeNull();
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
      statedSupersedes: [],
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

  it("shows, on a document's row, what its own text says it supersedes and the sentence that says so", async () => {
    const connection = new FakeConnection();
    const session = new Session(connection);
    render(App, { session });
    const starting = session.start();
    const sentence = 'This bulletin supersedes the filter interval given in section 5 of the HVAC manual.';
    connection.last('open').resolve({
      ...MEMORY,
      storage: { kind: 'indexeddb', restore: 'restored', restoreMs: 1 },
      documents: [
        {
          id: 'bulletin',
          title: 'Bulletin FB-12',
          revision: 'r1',
          date: '2025-06-02',
          access: 'public',
          supersedes: [],
          statedSupersedes: [
            { target: 'hvac-manual', cites: ['hvac-manual#5'], partial: true, sentence },
            {
              target: 'hvac-manual',
              cites: ['hvac-manual#6'],
              partial: true,
              sentence: 'Section 6 is superseded too.',
            },
          ],
          sourceName: 'bulletin.txt',
          passages: 1,
          format: 'text',
          warnings: [],
          partial: false,
        },
      ],
    });
    await starting;
    const [stated, second] = await screen.findAllByTestId('stated-supersedes');
    expect(stated?.textContent).toContain('says it supersedes hvac-manual#5');
    expect(stated?.textContent).toContain(sentence);
    // Two statements about one document are two lines.
    expect(second?.textContent).toContain('says it supersedes hvac-manual#6');
  });
});
