/**
 * One question at a time: the text streaming in, the outcome when it is checked, and which
 * citation the person is looking at.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import type { ModelsState } from '../../adapters/browser/models/model-settings.js';
import type { AskOutcome, AskRetrieval } from '../../adapters/browser/protocol.js';

/** Where the current question is. */
export type AskStatus = 'idle' | 'asking' | 'done' | 'stopped' | 'failed';

/** The passage a citation chip points at, and the claim the chip belongs to. */
export interface ActiveCitation {
  cite: string;
  claim?: number;
  /** Bumped on every click so clicking the same chip again scrolls again. */
  nonce: number;
}

/** See the module comment. */
export class Conversation {
  asked = $state<string | undefined>(undefined);
  streaming = $state('');
  /** How far a CPU model has read its prompt, before it writes. */
  reading = $state.raw<{ processed: number; total: number } | undefined>(undefined);
  outcome = $state.raw<AskOutcome | undefined>(undefined);
  status = $state<AskStatus>('idle');
  error = $state<string | undefined>(undefined);
  /** From Enter to the checked answer, in the page. */
  elapsedMs = $state<number | undefined>(undefined);
  active = $state.raw<ActiveCitation | undefined>(undefined);
  private controller: AbortController | undefined;
  private nonce = 0;

  constructor(
    private readonly connection: EngineConnection,
    /** Hears the models after each answer (an answer model lost mid-answer is dropped). */
    private readonly onModels: (models: ModelsState) => void = () => undefined,
  ) {}

  /** Asks `question`; a question already running is stopped first. */
  async ask(question: string, retrieval: AskRetrieval): Promise<void> {
    const text = question.trim();
    if (!text) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const started = performance.now();
    this.asked = text;
    this.reset();
    this.status = 'asking';
    try {
      const outcome = await this.connection.request(
        { type: 'ask', question: text, retrieval },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.type === 'answer-delta') this.streaming += event.text;
            if (event.type === 'answer-reading') this.reading = { processed: event.processed, total: event.total };
          },
        },
      );
      if (outcome.models) this.onModels(outcome.models);
      if (this.controller !== controller) return;
      if (controller.signal.aborted && !outcome.result.answer.text.trim()) {
        // Stopped before the model wrote anything (while it read the passages): nothing to check.
        this.status = 'stopped';
        return;
      }
      this.outcome = outcome;
      this.elapsedMs = performance.now() - started;
      // A model stopped mid-answer still answers: with the part written so far, checked.
      this.status = controller.signal.aborted ? 'stopped' : 'done';
    } catch (error) {
      if (this.controller !== controller) return;
      const stopped = controller.signal.aborted;
      this.status = stopped ? 'stopped' : 'failed';
      this.error = stopped ? undefined : error instanceof Error ? error.message : String(error);
    }
  }

  /** Stops the running question (Esc). */
  stop(): void {
    if (this.status === 'asking') this.controller?.abort();
  }

  /** Forgets the answer (the library changed, or the viewer did). */
  clear(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.asked = undefined;
    this.reset();
    this.status = 'idle';
  }

  /** Points the evidence panel at a passage. */
  focus(cite: string, claim?: number): void {
    this.active = { cite, nonce: ++this.nonce, ...(claim === undefined ? {} : { claim }) };
  }

  private reset(): void {
    this.streaming = '';
    this.reading = undefined;
    this.outcome = undefined;
    this.error = undefined;
    this.elapsedMs = undefined;
    this.active = undefined;
  }
}
