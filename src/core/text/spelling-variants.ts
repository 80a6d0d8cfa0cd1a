/**
 * British and American spellings of one word ("colour" and "color", "programme" and "program",
 * "organise" and "organize", "travelled" and "traveled"): a reader, an answer and a document
 * often spell differently, and the index's stemmer keeps them apart. The checker and the
 * answerer compare terms through `americanStem` (via `canonicalTerm`), so either spelling meets
 * the other; the lexical index keeps its own tokens. Written from general English usage, not
 * from any corpus. Words whose American spelling is another common word are left out ("tyre":
 * "tire" is also to grow weary; "cheque": "check").
 */
import { contentTerms } from './terms.js';

/** British spelling, then American; inflected forms where the stemmer reduces the two differently. */
const PAIRS = `
colour color, coloured colored, favourite favorite, favour favor, behaviour behavior, honour honor,
labour labor, neighbour neighbor, flavour flavor, humour humor, harbour harbor, vapour vapor,
rumour rumor, odour odor, armour armor, endeavour endeavor, vigour vigor, rigour rigor,
centre center, metre meter, litre liter, fibre fiber, theatre theater, calibre caliber,
kilometre kilometer, millimetre millimeter, centimetre centimeter, millilitre milliliter,
catalogue catalog, dialogue dialog, analogue analog, licence license, defence defense,
offence offense, programme program, aluminium aluminum, grey gray, mould mold, plough plow,
jewellery jewelry, manoeuvre maneuver, ageing aging, sceptical skeptical, kerb curb,
enrol enroll, fulfil fulfill, skilful skillful, instalment installment, practise practice,
organise organize, organisation organization, realise realize, recognise recognize,
customise customize, customisation customization, optimise optimize, optimisation optimization,
prioritise prioritize, minimise minimize, maximise maximize, synchronise synchronize,
synchronisation synchronization, authorise authorize, authorisation authorization,
categorise categorize, initialise initialize, initialisation initialization, personalise personalize,
personalisation personalization, finalise finalize, utilise utilize, summarise summarize,
apologise apologize, memorise memorize, standardise standardize, visualise visualize,
visualisation visualization, normalise normalize, specialise specialize, localise localize,
localisation localization, digitise digitize, criticise criticize, emphasise emphasize,
stabilise stabilize, sterilise sterilize, neutralise neutralize, capitalise capitalize,
characterise characterize, familiarise familiarize, modernise modernize, analyse analyze,
analysed analyzed, paralyse paralyze, catalyse catalyze, travelled traveled, travelling traveling,
traveller traveler, cancelled canceled, cancelling canceling, labelled labeled, labelling labeling,
modelled modeled, modelling modeling, levelled leveled, signalled signaled, fuelled fueled,
channelled channeled, totalled totaled`;

function buildStems(): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of PAIRS.split(',')) {
    const [british, american] = pair.trim().split(/\s+/);
    const from = contentTerms(british ?? '')[0];
    const to = contentTerms(american ?? '')[0];
    if (from && to && from !== to) map.set(from, to);
  }
  return map;
}

const AMERICAN = buildStems();

/** The American spelling's stem of a British spelling's stem ("colour" → "color"); any other stem unchanged. */
export function americanStem(stem: string): string {
  return AMERICAN.get(stem) ?? stem;
}
