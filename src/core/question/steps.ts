/**
 * Questions that ask what to do, and sentences that say it. "How do I switch the phone into
 * emergency mode?" is answered by a step ("Press and hold the Power key…"), not by a sentence
 * about the mode; "where in Settings do I switch it on?" by a way through the menus ("From
 * Settings, tap Connections > NFC and payment"), not by what the setting does. Manuals of every
 * kind write steps alike: an imperative ("Tap…", "Press…", "Run…", "Go to…"), often after where
 * to start ("From Settings, tap…", "In the Gallery, select…"), or a menu path ("Settings >
 * General").
 */

/** What a part asks for by way of steps: how to do something, or where in the menus a thing is. */
export type StepsAsked = 'procedure' | 'navigation';

/** "Where in Settings…", "which menu…", "where do I find the … setting". */
const NAVIGATION =
  /\bwhere\s+(?:in|on|under)\s+(?:the\s+|my\s+|its\s+)?(?:settings?|menus?|app|options|preferences|control panel|screen)\b|\b(?:which|what)\s+(?:menu|settings?\s+(?:menu|screen|page))\b|\bwhere\s+(?:do|can|should|would)\s+(?:i|you|we|one)\s+(?:find|turn|switch|set|change|enable|disable|adjust|configure|access)\b/i;

/** "How do I…", "how can you…", "how to…", "what do I do to…", "what are the steps…". */
const PROCEDURE =
  /\bhow\s+(?:do|can|could|should|would|will|must)\s+(?:i|you|we|one)\b(?!\s+(?:know|tell|say)\b)|\bhow\s+to\b|\bwhat\s+(?:do|should|must)\s+(?:i|you|we)\s+(?:do|press|tap|select)\b|\bwhat\s+(?:are\s+)?the\s+steps\b/i;

/** What, if anything, the part asks for by way of steps. */
export function stepsAsked(part: string): StepsAsked | undefined {
  if (NAVIGATION.test(part)) return 'navigation';
  if (PROCEDURE.test(part)) return 'procedure';
  return undefined;
}

/** Verbs that open a step in manuals of devices and software. */
const STEP_VERBS =
  'tap|press|select|click|double-click|choose|touch|swipe|drag|open|go|navigate|turn|switch|set|enable|disable|' +
  'activate|deactivate|hold|insert|connect|disconnect|plug|unplug|remove|enter|type|run|install|launch|slide|push|' +
  'pull|follow|scroll|toggle|check|uncheck|move|place|attach|restart|reboot|reset|wait|log|sign|release|repeat|' +
  'close|save|copy|paste|download|clean|rinse|fill|empty|unscrew|screw|fit|lift|lower|rotate|twist|align|adjust|' +
  'add|clear|confirm|accept|make sure|ensure|replace|put|fold|start|stop|change|edit|delete|create|rename|write|' +
  'specify|configure|apply|pair|unpair|register|scan|hook|mount|fasten|tighten|loosen|wipe|dry|update';

/** Labels a manual puts before a step: "NOTE", "TIP", "Step 2:", "1.". */
const LABEL = /^(?:(?:note|tip|caution|important)\b[:\s]*|step\s+\d+[:.)]?\s*|\d{1,2}[.)]\s+)?/i;

/** Where a step starts before it says what to do: "From Settings,", "In the Gallery app,", "On the Home screen,". */
const STARTING_PLACE = new RegExp(
  `^(?:from|in|on|at|under|within|inside)\\s+(?:the\\s+)?[^,]{1,60},\\s*(?:then\\s+)?(?:${STEP_VERBS})\\b`,
  'i',
);
const IMPERATIVE = new RegExp(
  `^(?:to\\s+[^,]{1,80},\\s*)?(?:${STEP_VERBS})\\b(?!\\s+(?:is|are|was|were|has|have)\\b)`,
  'i',
);
/** A menu path: "Settings > Display", "General > Reset". */
const MENU_PATH = /[\p{L}\d)]\s+>\s+\p{L}/u;

/** True when the sentence tells the reader what to do (a step), and for `navigation`, where. */
export function givesSteps(sentence: string, asked: StepsAsked): boolean {
  const text = sentence.trim().replace(LABEL, '');
  if (STARTING_PLACE.test(text)) return true;
  // An option a manual lists with what it does ("Reset settings: Reset the camera settings") describes it.
  if (DEFINED_TERM.test(text)) return false;
  if (MENU_PATH.test(text)) return true;
  return asked === 'procedure' && (IMPERATIVE.test(text) || NAMES_THE_WAY.test(text));
}

/**
 * A sentence that names the option, command or tool that does it, as manuals of software give
 * their steps in prose: "…but if you use the -r or --recursive option, it compares every pair of
 * files", "…install it with a simple command: apt install ./package.deb", "use the
 * dpkg-reconfigure tool". Only for `procedure`: naming an option says nothing of where in the
 * menus a setting is.
 */
const NAMES_THE_WAY =
  /\b(?:use|using|run|running|type|typing|give|giving|add|adding|pass|passing|specify|specifying|with)\s+(?:the\s+|an?\s+)?(?:['‘"`]?--?\p{L}[\w-]*|[\w.-]+\s+(?:option|command|flag|switch|tool|utility|program)\b)|\b(?:command|option):\s*['‘"`]?[\w./-]/iu;

/** "Storage location: Select a memory location": a term, a colon, what it is or does. */
const DEFINED_TERM = /^[^:,.;]{1,40}:\s/u;

/** True when the sentence lists an option with what it does (after any "NOTE", "Step 2:" label). */
export function describesOption(sentence: string): boolean {
  return DEFINED_TERM.test(sentence.trim().replace(LABEL, ''));
}

/** "To enter service mode, hold…", "For pyrolytic cleaning, take out…": a sentence that says what its steps are for. */
export function statesPurpose(sentence: string): boolean {
  return /^(?:to|for)\s[^,]{1,80},/i.test(sentence.trim());
}
