/**
 * The steps of a drop of files (`ingestBatch`) over the page's connections: parsing through the
 * parse supervisor, indexing and saving through the engine worker, passwords from the page.
 */
import type { EngineConnection } from '../../adapters/browser/engine-client.js';
import type { BatchSteps, PasswordRequest } from '../../adapters/browser/ingest-batch.js';
import type { ParseSupervisor } from '../../adapters/browser/parse/parse-supervisor.js';

/** Builds the steps; `askPassword` shows the prompt and resolves with the answer (undefined: skip). */
export function batchSteps(
  connection: EngineConnection,
  parser: Pick<ParseSupervisor, 'parse'>,
  askPassword: (request: PasswordRequest) => Promise<string | undefined>,
): BatchSteps {
  return {
    parse: (input, options) => parser.parse(input, options),
    index: (files, options) =>
      connection.request(
        { type: 'ingest-documents', files },
        {
          signal: options.signal,
          onEvent: (event) => {
            if (event.type === 'file-progress') options.onProgress(event.file);
          },
        },
      ),
    save: () => connection.request({ type: 'save-index' }),
    askPassword,
  };
}
