// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import EmbedderOffer from '../../src/ui/components/EmbedderOffer.svelte';
import {
  dismissOffer,
  offerDismissed,
  offeredChoice,
  OFFER_DISMISSED_KEY,
  showOffer,
} from '../../src/ui/lib/embedder-offer.js';

const base = {
  busy: false,
  online: true,
  offlineOnly: false,
  passages: 910,
  onaccept: () => undefined,
  ondismiss: () => undefined,
};

describe('EmbedderOffer', () => {
  it('says what the model changes and costs (size, time for this library), and fetches nothing until accepted', async () => {
    const onaccept = vi.fn();
    const ondismiss = vi.fn();
    render(EmbedderOffer, { ...base, onaccept, ondismiss });
    expect(screen.getByTestId('embedder-offer').textContent?.replace(/\s+/g, ' ')).toMatch(
      /95% of questions instead of 85%/,
    );
    // 910 passages at the slowest measured 8 passages/s: about 2 minutes.
    expect(screen.getByTestId('offer-cost').textContent?.replace(/\s+/g, ' ')).toMatch(
      /about 23 MB; it runs on this machine.*910 passages takes about 2 minutes/s,
    );
    expect(onaccept).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('offer-accept'));
    expect(onaccept).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('offer-dismiss'));
    expect(ondismiss).toHaveBeenCalledTimes(1);
  });

  it('offline, it says the download needs a connection once; while accepting it shows the progress, then any error', () => {
    const { unmount } = render(EmbedderOffer, { ...base, online: false });
    expect(screen.getByTestId('offer-cost').textContent?.replace(/\s+/g, ' ')).toMatch(/needs a connection once/);
    unmount();
    const busy = render(EmbedderOffer, {
      ...base,
      busy: true,
      download: { model: 'Xenova/all-MiniLM-L6-v2', loaded: 5_000_000, total: 23_000_000, percent: 21 },
    });
    expect(screen.getByRole('progressbar', { name: 'Model download' })).toBeTruthy();
    expect(screen.queryByTestId('offer-accept')).toBeNull();
    busy.unmount();
    render(EmbedderOffer, { ...base, error: 'A model file could not be downloaded.' });
    expect(screen.getByTestId('offer-error').textContent).toBe('A model file could not be downloaded.');
  });
});

describe('when the offer is shown', () => {
  it('only with documents, only on the built-in embedder, never once dismissed; while accepting, always', () => {
    const builtin = { kind: 'builtin' } as const;
    expect(showOffer({ documents: 0, embedding: builtin, dismissed: false, accepting: false })).toBe(false);
    expect(showOffer({ documents: 3, embedding: builtin, dismissed: false, accepting: false })).toBe(true);
    expect(showOffer({ documents: 3, embedding: builtin, dismissed: true, accepting: false })).toBe(false);
    expect(showOffer({ documents: 3, embedding: offeredChoice(), dismissed: false, accepting: false })).toBe(false);
    expect(showOffer({ documents: 3, embedding: offeredChoice(), dismissed: false, accepting: true })).toBe(true);
  });

  it('the dismissal is kept in local storage, and a store that throws is survived', () => {
    const values = new Map<string, string>();
    const store = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(offerDismissed(store)).toBe(false);
    dismissOffer(store);
    expect(values.get(OFFER_DISMISSED_KEY)).toBe('1');
    expect(offerDismissed(store)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(offerDismissed(broken)).toBe(false);
    expect(() => dismissOffer(broken)).not.toThrow();
  });
});
