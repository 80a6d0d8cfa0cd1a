/**
 * The calibration set of the lexical judge: claims a careful reader would accept as stated by
 * the evidence (faithful paraphrases, not quotes) and claims they would reject (a topic the
 * evidence does not mention, a changed fact, an opposite polarity). Written for these tests,
 * not taken from the sample corpus.
 */
export const WARRANTY =
  'The KX-200 kettle is covered by a manufacturer warranty of three years from the date of purchase. The warranty covers parts and labour for faults in materials or manufacture. Register the kettle online within 60 days to extend the cover by one year.';
export const CARE =
  'Descale the kettle every 4 weeks in hard water areas. Use a descaler intended for kettles and rinse the kettle twice with fresh water afterwards. Never immerse the base in water.';
export const EXCLUSIONS =
  'The warranty does not cover:\n- damage caused by limescale;\n- broken lids or filters;\n- kettles used in offices or cafés.';

/** [claim, evidence] pairs that must be judged supported. */
export const SUPPORTED: ReadonlyArray<readonly [string, string]> = [
  ['The KX-200 has a three-year manufacturer warranty from purchase.', WARRANTY],
  ['The KX-200 warranty lasts 3 years from the date of purchase.', WARRANTY],
  ['The manufacturer warranty covers parts and labour for faults in materials or manufacture.', WARRANTY],
  ['Registering the kettle online within 60 days extends the cover by one year.', WARRANTY],
  ['In hard water areas the kettle should be descaled every four weeks.', CARE],
  ['After descaling, rinse the kettle twice with fresh water.', CARE],
  ['You should never immerse the base in water.', CARE],
  ['Damage caused by limescale is not covered by the warranty.', EXCLUSIONS],
  ['The warranty does not cover kettles used in offices.', EXCLUSIONS],
];

/** [claim, evidence] pairs that must be judged unsupported. */
export const UNSUPPORTED: ReadonlyArray<readonly [string, string]> = [
  ['The KX-200 warranty covers water damage to the kitchen worktop.', WARRANTY],
  ['The warranty lasts 5 years from the date of purchase.', WARRANTY],
  ['Registering the kettle online within 90 days extends the cover.', WARRANTY],
  ['The warranty covers accidental damage and theft.', WARRANTY],
  ['Descale the kettle every 2 weeks in hard water areas.', CARE],
  ['Use vinegar to descale the kettle and leave it overnight.', CARE],
  ['You can immerse the base in water.', CARE],
  ['Damage caused by limescale is covered by the warranty.', EXCLUSIONS],
  ['The warranty covers kettles used in offices or cafés.', EXCLUSIONS],
  ['The KX-300 is covered by a manufacturer warranty of three years.', WARRANTY],
];
