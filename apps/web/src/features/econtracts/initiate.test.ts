import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { chosenPackageId, initialInitiate, initiateBody, initiateReady, initiateReducer, type InitiateState } from './initiate.ts';

const today = dayjs('2026-03-02');
const start = initialInitiate(today);
const groups = [
  { sceneId: 1, sceneName: '社招', children: [{ signPackageId: 11, signPackageName: 'A' }] },
  { sceneId: 2, sceneName: '校招', children: [{ signPackageId: 21, signPackageName: 'B' }, { signPackageId: 22, signPackageName: 'C' }] },
];
const set = (s: InitiateState, patch: Partial<InitiateState>) => initiateReducer(s, { type: 'set', patch });

describe('initiate form', () => {
  it('starts from a package, electronic, notified, due in a week', () => {
    expect(start).toMatchObject({ source: 'package', form: 1, notify: true, signOrder: 1 });
    expect(start.deadline?.format('YYYY-MM-DD')).toBe('2026-03-09');
  });

  it('takes the scene form’s choice, else its first scene and package; a chosen scene brings its first package', () => {
    const form = { dealCode: 1000 as const, sceneGrouVoList: groups, signScenarioId: null, signPackageId: null };
    expect(initiateReducer(start, { type: 'sceneForm', form })).toMatchObject({ sceneId: 1, scenePackageId: 11 });
    expect(initiateReducer(start, { type: 'sceneForm', form: { ...form, signScenarioId: 2, signPackageId: 22 } })).toMatchObject({ sceneId: 2, scenePackageId: 22 });
    expect(initiateReducer(start, { type: 'scene', sceneId: 2, groups })).toMatchObject({ sceneId: 2, scenePackageId: 21 });
  });

  it('takes a package’s sign order and deadline', () => {
    const s = initiateReducer(start, { type: 'package', signOrder: 2, deadlineDays: 14, today });
    expect(s.signOrder).toBe(2);
    expect(s.deadline?.format('YYYY-MM-DD')).toBe('2026-03-16');
  });

  it('is ready with a package or template, someone and a deadline', () => {
    expect(initiateReady(start, 1)).toBe(false);
    const pkg = set(start, { packageId: 5 });
    expect(initiateReady(pkg, 0)).toBe(false);
    expect(initiateReady(pkg, 1)).toBe(true);
    expect(initiateReady(set(pkg, { deadline: null }), 1)).toBe(false);
    expect(chosenPackageId(set(pkg, { source: 'scene', scenePackageId: 8 }))).toBe(8);
    expect(initiateReady(set(pkg, { source: 'template' }), 1)).toBe(false);
    expect(initiateReady(set(pkg, { source: 'template', templateId: 3 }), 1)).toBe(true);
  });

  it('sends the package or the template with the settings and the term given', () => {
    const s = set(start, { packageId: 5, term: [dayjs('2026-04-01'), null], form: 2, notify: false });
    expect(initiateBody(s)).toEqual({ packageId: 5, signOrder: 1, deadline: '2026-03-09', form: 2, notify: false, contractStart: '2026-04-01' });
    expect(initiateBody(set(s, { source: 'template', templateId: 3, term: null }))).toEqual({ templateId: 3, signOrder: 1, deadline: '2026-03-09', form: 2, notify: false });
  });
});
