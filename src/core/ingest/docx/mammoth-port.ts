/**
 * The part of mammoth (1.13) the DOCX parser uses, named here so that the core needs neither
 * mammoth's types (which mention Node's `Buffer`) nor a way to load it. Node and the browser
 * both hand in `import('mammoth')`; bundlers pick mammoth's browser files.
 */

/** mammoth's opaque image converter. */
export interface MammothImageConverter {
  __mammothBrand: 'ImageConverter';
}

/** Options of `convertToHtml` that the parser sets. */
export interface MammothOptions {
  /** False: mammoth never reads a file a document links to. */
  externalFileAccess?: boolean;
  convertImage?: MammothImageConverter;
  includeEmbeddedStyleMap?: boolean;
  styleMap?: string | string[];
}

/** A note of mammoth's about the conversion. */
export interface MammothMessage {
  type: string;
  message: string;
}

/** The mammoth module. */
export interface Mammoth {
  convertToHtml(
    input: { arrayBuffer: ArrayBuffer },
    options?: MammothOptions,
  ): Promise<{ value: string; messages: MammothMessage[] }>;
  images: {
    imgElement(convert: (image: unknown) => Promise<{ src: string }>): MammothImageConverter;
  };
}

/** Loads mammoth on first use. */
export type LoadMammoth = () => Promise<Mammoth>;
