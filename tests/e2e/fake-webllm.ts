/**
 * The fake WebLLM engine the end-to-end tests put behind the answer-model picker (a test build
 * only, see `src/adapters/browser/models/test-engine.ts`). It is the unit tests' `FakeMLCEngine`
 * with a reply made from the prompt (it cites the first passage it was given) and a pause
 * between chunks, so that streaming and Stop can be watched in the page. Scripts:
 * - `stream`: a 40-word answer, 60 ms a word, in a 4,096-token window;
 * - `small-context`: the same in a 900-token window, so passages must be left out;
 * - `device-lost`: the GPU is lost after 6 words (`DeviceLostError`).
 */
import { FakeMLCEngine, type FakeScript } from '../adapters/models/fake-mlc-engine.js';
import type {
  ChatCompletionChunk,
  ChatCompletionRequest,
  MLCEngineLike,
  WebLlmAppConfig,
  WebLlmInitProgress,
} from '../../src/adapters/models/webllm-types.js';

interface Script {
  label: string;
  contextWindowSize: number;
  delayMs: number;
  failAfter?: FakeScript['failAfter'];
}

const SCRIPTS: Record<string, Script> = {
  stream: { label: 'Fake WebLLM engine (test): streaming', contextWindowSize: 4096, delayMs: 60 },
  'small-context': { label: 'Fake WebLLM engine (test): 900-token window', contextWindowSize: 900, delayMs: 5 },
  'device-lost': {
    label: 'Fake WebLLM engine (test): GPU lost mid-answer',
    contextWindowSize: 4096,
    delayMs: 20,
    failAfter: { chunks: 6, error: 'DeviceLostError: the GPU device was lost (fake, reason: unknown)' },
  },
};

const FILLER =
  'The passage gives the figure plainly and the other sources agree with it, so there is nothing more to add here beyond what it says about the appliance in question today.';

/** A reply citing the first passage of the prompt. */
function replyFor(request: ChatCompletionRequest): string {
  const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
  const cite = /^\[([^\]\s]+#[^\]\s]+)\] \(/m.exec(user)?.[1];
  return cite ? `According to the documents [${cite}]. ${FILLER}` : `The documents do not say. ${FILLER}`;
}

/** `FakeMLCEngine` with replies made from the prompt and a pause between chunks. */
class FakeWebLlmEngine implements MLCEngineLike {
  constructor(
    private readonly inner: FakeMLCEngine,
    private readonly delayMs: number,
  ) {}

  readonly chat = {
    completions: {
      create: async (request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunk>> => {
        this.inner.script.reply = replyFor(request);
        const stream = await this.inner.chat.completions.create(request);
        return this.slowed(stream);
      },
    },
  };

  private async *slowed(stream: AsyncIterable<ChatCompletionChunk>): AsyncGenerator<ChatCompletionChunk> {
    for await (const chunk of stream) {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      yield chunk;
    }
  }

  interruptGenerate(): void {
    this.inner.interruptGenerate();
  }

  reload(modelId: string): Promise<void> {
    return this.inner.reload(modelId);
  }

  unload(): Promise<void> {
    return this.inner.unload();
  }

  setAppConfig(appConfig: WebLlmAppConfig): void {
    this.inner.setAppConfig(appConfig);
  }

  setInitProgressCallback(callback: (report: WebLlmInitProgress) => void): void {
    this.inner.setInitProgressCallback(callback);
  }
}

/** The fake engine for `script`; throws for an unknown script. */
export function createFakeEngine(script: string): { engine: MLCEngineLike; label: string; contextWindowSize: number } {
  const chosen = SCRIPTS[script];
  if (!chosen) throw new Error(`No fake engine script "${script}".`);
  const inner = new FakeMLCEngine({
    reply: '',
    charsPerToken: 3.5,
    contextWindowSize: chosen.contextWindowSize,
    progress: [
      { progress: 0, timeElapsed: 0, text: 'Start to fetch params' },
      {
        progress: 0.5,
        timeElapsed: 0.1,
        text: 'Fetching param cache[1/2]: 10MB fetched. 50% completed, 0 secs elapsed.',
      },
      { progress: 1, timeElapsed: 0.2, text: 'Finish loading on WebGPU - fake' },
    ],
    ...(chosen.failAfter ? { failAfter: chosen.failAfter } : {}),
  });
  return {
    engine: new FakeWebLlmEngine(inner, chosen.delayMs),
    label: chosen.label,
    contextWindowSize: chosen.contextWindowSize,
  };
}
