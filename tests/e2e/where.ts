/**
 * Where a scenario is, for the message of one that runs out of time: the step it marked last
 * (`step`) and what it was waiting for then (`until` in app-page.ts records it, with the page's
 * last answer on the work it showed, or that the page stopped answering).
 */
let lastStep = '';
let waiting = '';

/** Marks where a scenario is: a scenario that runs out of time says the last step it reached. */
export function step(name: string): void {
  lastStep = name;
  waiting = '';
}

/** The last step `step` marked (empty before any). */
export function markedStep(): string {
  return lastStep;
}

/** Records what the scenario waits for now (empty: nothing). */
export function waitingFor(what: string): void {
  waiting = what;
}

/** The last step `step` marked and what it waited for, joined (empty before any). */
export function currentStep(): string {
  return [lastStep, waiting].filter(Boolean).join('; ');
}
