// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import UpdatePrompt from '../../src/ui/components/UpdatePrompt.svelte';
import { AppUpdate, updateFlow } from '../../src/ui/state/app-update.svelte.js';

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then reloads only when asked', async () => {
    const activate = vi.fn(() => Promise.resolve());
    const update = new AppUpdate(activate);
    render(UpdatePrompt, { update });
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    update.found();
    flushSync();
    expect(screen.getByTestId('update-prompt').textContent).toMatch(/new version of Footnote is ready/);
    expect(activate).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('Later keeps the current version', async () => {
    const activate = vi.fn(() => Promise.resolve());
    const update = new AppUpdate(activate);
    update.found();
    render(UpdatePrompt, { update });
    await fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(activate).not.toHaveBeenCalled();
  });

  it('another tab taking the new version never reloads this one: it says so and waits for Reload', async () => {
    const reload = vi.fn();
    const flow = updateFlow({ reload, onControllerChange: () => undefined });
    flow.needRefresh();
    render(UpdatePrompt, { update: flow.update });
    flow.needReload();
    flushSync();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByTestId('update-prompt').textContent).toMatch(/updated in another tab/);
    await fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Reload in this tab activates the waiting version and reloads once it takes control', async () => {
    const reload = vi.fn();
    let controllerChanged: () => void = () => undefined;
    const skipWaiting = vi.fn(() => Promise.resolve());
    const flow = updateFlow({ reload, onControllerChange: (listener) => (controllerChanged = listener) });
    flow.setSkipWaiting(skipWaiting);
    flow.needRefresh();
    await flow.update.reload();
    expect(skipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    controllerChanged();
    flow.needReload();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
