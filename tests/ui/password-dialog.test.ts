// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import PasswordDialog from '../../src/ui/components/PasswordDialog.svelte';

const request = (wrong: boolean) => ({
  name: 'locked.pdf',
  wrong,
  message: 'locked.pdf: the PDF is password-protected.',
});

describe('PasswordDialog', () => {
  it('asks for the password of the file it names, hands it on once and empties the field', async () => {
    const answer = vi.fn();
    render(PasswordDialog, { pending: { request: request(false), answer } });
    const input = screen.getByLabelText('Password for locked.pdf') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('off');
    expect(screen.queryByTestId('password-wrong')).toBeNull();
    await fireEvent.input(input, { target: { value: 'kettle-7' } });
    await fireEvent.click(screen.getByTestId('password-submit'));
    expect(answer).toHaveBeenCalledWith('kettle-7');
    expect(input.value).toBe('');
  });

  it('says when the last password was wrong, and Skip answers with no password', async () => {
    const answer = vi.fn();
    render(PasswordDialog, { pending: { request: request(true), answer } });
    expect(screen.getByTestId('password-wrong').textContent).toMatch(/does not open locked\.pdf/);
    await fireEvent.click(screen.getByTestId('password-skip'));
    expect(answer).toHaveBeenCalledWith(undefined);
  });
});
