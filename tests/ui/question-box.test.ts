// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import QuestionBox from '../../src/ui/components/QuestionBox.svelte';

describe('QuestionBox', () => {
  it('asks on Enter, and keeps Shift+Enter for a new line', async () => {
    const onask = vi.fn();
    render(QuestionBox, { asking: false, onask, onstop: vi.fn() });
    const box = screen.getByTestId('question');
    await fireEvent.input(box, { target: { value: 'How long is the warranty?' } });
    await fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onask).not.toHaveBeenCalled();
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(onask).toHaveBeenCalledWith('How long is the warranty?');
    expect(screen.getByLabelText('Your question')).toBe(box);
  });

  it('stops on Esc while a question runs', async () => {
    const onstop = vi.fn();
    render(QuestionBox, { asking: true, onask: vi.fn(), onstop });
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(onstop).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onstop).toHaveBeenCalledTimes(2);
  });

  it('cannot ask an empty question', async () => {
    const onask = vi.fn();
    render(QuestionBox, { asking: false, onask, onstop: vi.fn() });
    const box = screen.getByTestId('question');
    await fireEvent.input(box, { target: { value: '   ' } });
    expect((screen.getByTestId('ask') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(onask).not.toHaveBeenCalled();
  });

  it('while the library comes back, says a question asked now waits for it, and asks it', async () => {
    const onask = vi.fn();
    const view = render(QuestionBox, { asking: false, waiting: true, onask, onstop: vi.fn() });
    expect(screen.getByTestId('question-waits').textContent).toMatch(/still coming back.*waits for it/);
    expect(document.getElementById('question-help')?.textContent).toMatch(/waits for it\. Enter to ask/);
    const box = screen.getByTestId('question');
    await fireEvent.input(box, { target: { value: 'Anything?' } });
    await fireEvent.keyDown(box, { key: 'Enter' });
    expect(onask).toHaveBeenCalledWith('Anything?');
    await view.rerender({ waiting: false });
    expect(screen.queryByTestId('question-waits')).toBeNull();
  });
});
