/**
 * The evaluation page: a question set run with the loaded models on this machine, and the
 * results file (docs/formats.md §3) to download. The sample set runs on the sample manuals; an
 * uploaded corpus is parsed here (the supervised parse worker) and sent to the engine with its
 * questions.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import type { EvaluationOutcome, EvaluationRequest, ParsedFile } from '../../adapters/browser/protocol.js';
import type { FileParser } from './library.svelte.js';

/** Where the evaluation is. */
export type EvaluationStatus = 'idle' | 'parsing' | 'running' | 'done' | 'stopped' | 'failed';

/** See the module comment. */
export class Evaluation {
  status = $state<EvaluationStatus>('idle');
  done = $state(0);
  total = $state(0);
  outcome = $state.raw<EvaluationOutcome | undefined>(undefined);
  error = $state<string | undefined>(undefined);
  /** Files of the uploaded corpus that could not be read. */
  unreadable = $state.raw<string[]>([]);
  private controller: AbortController | undefined;

  constructor(
    private readonly connection: EngineConnection,
    private readonly parser: FileParser,
  ) {}

  /** Runs the sample set (no arguments) or a questions file over an uploaded corpus. */
  async run(questions?: File, corpus: readonly File[] = []): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.outcome = undefined;
    this.error = undefined;
    this.unreadable = [];
    this.done = 0;
    this.total = 0;
    try {
      const request: EvaluationRequest = {};
      if (questions) request.questions = { name: questions.name, text: await questions.text() };
      if (corpus.length > 0) {
        this.status = 'parsing';
        request.corpus = await this.parse(corpus, controller.signal);
      }
      this.status = 'running';
      this.outcome = await this.connection.request(
        { type: 'evaluate', evaluation: request },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.type !== 'evaluate-progress') return;
            this.done = event.done;
            this.total = event.total;
          },
        },
      );
      this.status = 'done';
    } catch (error) {
      this.status = controller.signal.aborted ? 'stopped' : 'failed';
      if (!controller.signal.aborted) this.error = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** Stops the run. */
  stop(): void {
    this.controller?.abort();
  }

  /** The results file as JSON text. */
  resultsText(): string {
    return this.outcome ? `${JSON.stringify(this.outcome.results, null, 2)}\n` : '';
  }

  private async parse(files: readonly File[], signal: AbortSignal): Promise<ParsedFile[]> {
    const parsed: ParsedFile[] = [];
    const unreadable: string[] = [];
    for (const file of files) {
      const result = await this.parser.parse({ name: file.name, bytes: await file.arrayBuffer() }, { signal });
      if (result.ok) parsed.push({ name: file.name, document: result.document });
      else unreadable.push(result.error.message);
    }
    this.unreadable = unreadable;
    if (parsed.length === 0) throw new Error('None of the corpus files could be read.');
    return parsed;
  }
}
