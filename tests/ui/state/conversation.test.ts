// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { AskOutcome } from '../../../src/adapters/browser/protocol.js';
import { Conversation } from '../../../src/ui/state/conversation.svelte.js';
import { FakeConnection } from '../fake-connection.js';

const retrieval = { viewer: 'public', mode: 'hybrid', topK: 6 } as const;

describe('Conversation', () => {
  it('streams the answer, then keeps the checked outcome and how long it took', async () => {
    const connection = new FakeConnection();
    const conversation = new Conversation(connection);
    const asking = conversation.ask('  How long?  ', retrieval);
    const received = connection.last('ask');
    expect(received.request).toEqual({ type: 'ask', question: 'How long?', retrieval });
    expect(conversation.status).toBe('asking');
    received.options.onEvent?.({ type: 'answer-delta', text: 'Two ' });
    received.options.onEvent?.({ type: 'answer-delta', text: 'years.' });
    expect(conversation.streaming).toBe('Two years.');
    const outcome = { result: { answer: { text: 'Two years.' } }, injections: {} } as unknown as AskOutcome;
    received.resolve(outcome);
    await asking;
    expect(conversation.status).toBe('done');
    expect(conversation.outcome).toBe(outcome);
    expect(conversation.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('stops a running question (Esc) through its signal', async () => {
    const connection = new FakeConnection();
    const conversation = new Conversation(connection);
    const asking = conversation.ask('How long?', retrieval);
    conversation.stop();
    await asking;
    expect(connection.last('ask').options.signal?.aborted).toBe(true);
    expect(conversation.status).toBe('stopped');
    expect(conversation.outcome).toBeUndefined();
  });

  it('drops the answer of a question asked over', async () => {
    const connection = new FakeConnection();
    const conversation = new Conversation(connection);
    const first = conversation.ask('First?', retrieval);
    const second = conversation.ask('Second?', retrieval);
    const [old, current] = connection.received;
    old?.resolve({ result: { answer: { text: 'old' } }, injections: {} });
    current?.resolve({ result: { answer: { text: 'new' } }, injections: {} });
    await Promise.all([first, second]);
    expect(conversation.asked).toBe('Second?');
    expect((conversation.outcome as unknown as { result: { answer: { text: string } } }).result.answer.text).toBe(
      'new',
    );
  });

  it('reports a failure as data', async () => {
    const connection = new FakeConnection();
    const conversation = new Conversation(connection);
    const asking = conversation.ask('How long?', retrieval);
    connection.last('ask').reject(new Error('worker failed'));
    await asking;
    expect(conversation.status).toBe('failed');
    expect(conversation.error).toBe('worker failed');
  });

  it('points at a passage, anew on every click', () => {
    const conversation = new Conversation(new FakeConnection());
    conversation.focus('a#1', 0);
    const first = conversation.active;
    conversation.focus('a#1', 0);
    expect(conversation.active).toMatchObject({ cite: 'a#1', claim: 0 });
    expect(conversation.active?.nonce).not.toBe(first?.nonce);
  });

  it('shows how far a CPU model has read its prompt, and a stop before it wrote anything is a plain stop', async () => {
    // The real worker answers a stop with the checked outcome of what was written (here nothing),
    // so this connection resolves after the abort instead of rejecting.
    let resolve: (value: AskOutcome) => void = () => undefined;
    let events: ((event: { type: 'answer-reading'; processed: number; total: number }) => void) | undefined;
    const connection = {
      onNotice: undefined,
      request: (_request: unknown, options: { onEvent?: typeof events }) => {
        events = options.onEvent;
        return new Promise<AskOutcome>((done) => (resolve = done));
      },
    } as unknown as ConstructorParameters<typeof Conversation>[0];
    const conversation = new Conversation(connection);
    const asking = conversation.ask('How often?', retrieval);
    events?.({ type: 'answer-reading', processed: 256, total: 1800 });
    expect(conversation.reading).toEqual({ processed: 256, total: 1800 });
    conversation.stop();
    resolve({ result: { answer: { text: '' } }, injections: {} } as unknown as AskOutcome);
    await asking;
    expect(conversation.status).toBe('stopped');
    expect(conversation.outcome).toBeUndefined();
  });
});
