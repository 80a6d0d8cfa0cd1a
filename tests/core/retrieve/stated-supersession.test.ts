/**
 * Supersession read from the documents' words (no front matter): bulletins naming a section and
 * a value, revisions replacing an earlier revision of the same title, errata sheets, passive
 * statements, document codes; and sentences that only look like it ("the new pump replaces the
 * old one") give nothing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRIEVAL_OPTIONS, retrieve } from '../../../src/core/retrieve/retrieve.js';
import { statedSupersessions } from '../../../src/core/retrieve/stated-supersession.js';
import { analyseQuestion } from '../../../src/core/question/analyse-question.js';
import { engineWith } from '../../helpers/engine.js';

const MANUAL = `# HVAC Operations Manual

Revision 2 — issued 2023-04-01

## 4. Fans

The supply fans run from 06:00 to 20:00 on working days.

## 5. Filters

Change the air-handling unit filters every 3 months. Record each change in the plant log.

## 6. Chillers

The chillers are serviced every spring by the contractor.
`;

const BULLETIN = `Facilities Bulletin FB-12
Issued: 2 June 2025

Filter changes

This bulletin supersedes the filter-change interval given in section 5 of the HVAC Operations Manual.
Air-handling unit filters are now changed every 2 months, because of construction dust.
`;

const POLICY_3 = `# Parking Policy

Revision 3, effective 2023-01-01

## 1. Permits

Permits cost 40 euros a month.

## 2. Visitors

Visitors park on level -1.
`;

const POLICY_4 = `# Parking Policy

Revision 4, effective 2025-03-01

This revision replaces Revision 3 in full.

## 1. Permits

Permits cost 45 euros a month.

## 2. Visitors

Visitors park on level -1.
`;

const ERRATA = `# Errata to the Elevator Maintenance Guide

Issued 2024-11-05

## Inspection interval

The guide states that the car doors are inspected every 6 months; they are inspected every 3 months.
`;

const ELEVATOR = `# Elevator Maintenance Guide

## 1. Car doors

The car doors are inspected every 6 months by the lift contractor.

## 2. Machine room

The machine room stays locked; keys are held at the reception desk.
`;

const PUMPS = `# Pump room notes

The new XL-2 pump replaces the old XL-1 pump in the basement. The pump room is cleaned weekly.
`;

async function relations(files: Record<string, string>) {
  const engine = await engineWith(files);
  return { engine, relations: statedSupersessions(engine.index) };
}

describe('statedSupersessions', () => {
  it('reads a bulletin that supersedes one value of a named section', async () => {
    const { relations: found } = await relations({ 'hvac-manual.md': MANUAL, 'bulletin-fb12.txt': BULLETIN });
    expect(found).toEqual([
      expect.objectContaining({ by: 'bulletin-fb12', target: 'hvac-manual', cites: ['hvac-manual#5'], partial: true }),
    ]);
  });

  it('reads a revision that replaces an earlier revision of the same title, as a whole', async () => {
    const { relations: found } = await relations({ 'parking-r3.md': POLICY_3, 'parking-r4.md': POLICY_4 });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ by: 'parking-r4', target: 'parking-r3', partial: false });
    expect(found[0]?.cites).toEqual(expect.arrayContaining(['parking-r3#1', 'parking-r3#2']));
  });

  it('reads an errata sheet as correcting only the passages it speaks of', async () => {
    const { relations: found } = await relations({ 'elevator.md': ELEVATOR, 'elevator-errata.md': ERRATA });
    expect(found).toEqual([
      expect.objectContaining({ by: 'elevator-errata', target: 'elevator', cites: ['elevator#1'], partial: true }),
    ]);
  });

  it('reads passive statements and document codes', async () => {
    const notice = `Notice N-7\n\nSection 6 of the HVAC Operations Manual is superseded by this notice: the chillers are serviced every autumn.\n`;
    const coded = `Memo\n\nThis memo replaces FB-12 with immediate effect: filters are changed every 10 weeks.\n`;
    const { relations: found } = await relations({
      'hvac-manual.md': MANUAL,
      'bulletin-fb12.txt': BULLETIN,
      'notice.txt': notice,
      'memo.txt': coded,
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by: 'notice', target: 'hvac-manual', cites: ['hvac-manual#6'] }),
        expect.objectContaining({ by: 'memo', target: 'bulletin-fb12' }),
      ]),
    );
  });

  it('finds nothing in sentences about things rather than documents, or naming no document held', async () => {
    const other = `Notice\n\nThis notice replaces the guidance in the landlord's lease handbook.\n`;
    const { relations: found } = await relations({ 'pumps.md': PUMPS, 'hvac-manual.md': MANUAL, 'notice.txt': other });
    expect(found).toEqual([]);
  });
});

describe('retrieval with stated supersession', () => {
  it('marks the superseded manual passage and brings in the bulletin beside it', async () => {
    const engine = await engineWith({ 'hvac-manual.md': MANUAL, 'bulletin-fb12.txt': BULLETIN, 'pumps.md': PUMPS });
    const result = await retrieve(
      engine.index,
      engine.embedder,
      analyseQuestion('How often are the AHU filters changed?'),
      {
        ...DEFAULT_RETRIEVAL_OPTIONS,
      },
    );
    const manual = result.passages.find((item) => item.passage.cite === 'hvac-manual#5');
    expect(manual?.supersededBy).toEqual(['bulletin-fb12']);
    expect(result.passages.some((item) => item.passage.docId === 'bulletin-fb12')).toBe(true);
    const fans = await retrieve(engine.index, engine.embedder, analyseQuestion('When do the supply fans run?'), {
      ...DEFAULT_RETRIEVAL_OPTIONS,
    });
    expect(fans.passages.find((item) => item.passage.cite === 'hvac-manual#4')?.supersededBy).toEqual([]);
  });
});
