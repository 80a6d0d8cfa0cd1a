/**
 * The fake WebLLM engine the end-to-end tests put behind the answer-model picker (a test build
 * only, see `src/adapters/browser/models/test-engine.ts`). It is the unit tests' `FakeMLCEngine`
 * with a reply made from the prompt (it cites the first passage it was given) and a pause
 * between chunks, so that streaming and Stop can be watched in the page. Scripts:
 * - `stream`: a 40-word answer, 60 ms a word, in a 4,096-token window;
 * - `small-context`: the same in a 900-token window, so passages must be left out;
 * - `device-lost`: the GPU is lost after 6 words (`DeviceLostError`);
 * - `oom-on-load`: the GPU is lost while the model loads (`DeviceLostError` from `reload`);
 * - `evil`: a model that obeys every instruction it reads (the security tests'
 *   `EvilFakeLLM`, through the same `obey`), so the real pipeline, checker and renderer run
 *   against injected images, links, markup, invented citations and copied canaries.
 */
import { FakeMLCEngine, type FakeScript } from '../adapters/models/fake-mlc-engine.js';
import { obey } from '../fakes/evil-llm.js';
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
  failOnReload?: FakeScript['failOnReload'];
  /** The reply to a request (by default, one citing the first passage). */
  reply?: (request: ChatCompletionRequest) => string;
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
  'oom-on-load': {
    label: 'Fake WebLLM engine (test): GPU lost while loading',
    contextWindowSize: 4096,
    delayMs: 0,
    failOnReload: 'DeviceLostError: the GPU device was lost while loading the model (fake, out of memory)',
  },
  evil: {
    label: 'Fake WebLLM engine (test): obeys every instruction',
    contextWindowSize: 8192,
    delayMs: 0,
    reply: evilReply,
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

/**
 * What `EvilFakeLLM` writes for this request: it reads the passages (the user message) and the
 * citation ids the prompt gives them, as a model would.
 */
function evilReply(request: ChatCompletionRequest): string {
  const user = request.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n\n');
  const cites = [...user.matchAll(/^\[([^\]\s]+#[^\]\s]+)\] \(/gm)].map((match) => match[1] ?? '');
  return obey(user, cites).answer;
}

/** `FakeMLCEngine` with replies made from the prompt and a pause between chunks. */
class FakeWebLlmEngine implements MLCEngineLike {
  constructor(
    private readonly inner: FakeMLCEngine,
    private readonly delayMs: number,
    private readonly reply: (request: ChatCompletionRequest) => string = replyFor,
  ) {}

  readonly chat = {
    completions: {
      create: async (request: ChatCompletionRequest): Promise<AsyncIterable<ChatCompletionChunk>> => {
        this.inner.script.reply = this.reply(request);
        const stream = await this.inner.chat.completions.create(request);
        return this.slowed(stream);
      },
    },
  };

  private async *slowed(stream: AsyncIterable<ChatCompletionChunk>): AsyncGenerator<ChatCompletionChunk> {
    for await (const chunk of stream) {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
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
    ...(chosen.failOnReload ? { failOnReload: chosen.failOnReload } : {}),
  });
  return {
    engine: new FakeWebLlmEngine(inner, chosen.delayMs, chosen.reply),
    label: chosen.label,
    contextWindowSize: chosen.contextWindowSize,
  };
}
