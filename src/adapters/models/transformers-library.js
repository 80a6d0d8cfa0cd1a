// The transformers.js functions this folder uses, re-exported so that TypeScript reads the small,
// hand-written types of transformers-library.d.ts instead of the package's own (which do not
// type-check under this project's lib ES2022 with skipLibCheck off). Bundlers and Node load the
// real package through this file.
export {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  ModelRegistry,
  env,
  pipeline,
} from '@huggingface/transformers';
