import type { ContractBatchInitiate, SceneForm, SignOrder } from '@wfsaas/contracts';
import type { Dayjs } from 'dayjs';

/** The 发起签署 form's state and rules (no React; unit-tested). */

export type Source = 'package' | 'scene' | 'template';

export type InitiateState = {
  source: Source;
  packageId: number | null;
  templateId: number | null;
  /** The business whose signing scenes are offered (source 'scene'). */
  dealCode: number;
  sceneId: number | null;
  scenePackageId: number | null;
  signOrder: SignOrder;
  deadline: Dayjs | null;
  /** 1 electronic, 2 paper. */
  form: 1 | 2;
  term: [Dayjs | null, Dayjs | null] | null;
  notify: boolean;
};

export type SceneGroup = SceneForm['sceneGrouVoList'][number];

export type InitiateAction =
  | { type: 'set'; patch: Partial<InitiateState> }
  /** A scene chosen: its first package with it. */
  | { type: 'scene'; sceneId: number; groups: readonly SceneGroup[] }
  /** The business's scene form arrived: its chosen scene and package, else the first of each. */
  | { type: 'sceneForm'; form: SceneForm }
  /** A package chosen (or the scene's package): its sign order and deadline become the defaults. */
  | { type: 'package'; signOrder: SignOrder; deadlineDays: number; today: Dayjs };

export function initialInitiate(today: Dayjs): InitiateState {
  return { source: 'package', packageId: null, templateId: null, dealCode: 1000, sceneId: null, scenePackageId: null, signOrder: 1, deadline: today.add(7, 'day'), form: 1, term: null, notify: true };
}

const firstPackage = (groups: readonly SceneGroup[], sceneId: number | null) => groups.find((g) => g.sceneId === sceneId)?.children[0]?.signPackageId ?? null;

export function initiateReducer(s: InitiateState, a: InitiateAction): InitiateState {
  switch (a.type) {
    case 'set':
      return { ...s, ...a.patch };
    case 'scene':
      return { ...s, sceneId: a.sceneId, scenePackageId: firstPackage(a.groups, a.sceneId) };
    case 'sceneForm': {
      const groups = a.form.sceneGrouVoList;
      return { ...s, sceneId: a.form.signScenarioId ?? groups[0]?.sceneId ?? null, scenePackageId: a.form.signPackageId ?? groups[0]?.children[0]?.signPackageId ?? null };
    }
    case 'package':
      return { ...s, signOrder: a.signOrder, deadline: a.today.add(a.deadlineDays, 'day') };
  }
}

/** The package the contracts come from (none for a single template). */
export function chosenPackageId(s: InitiateState): number | null {
  return s.source === 'package' ? s.packageId : s.source === 'scene' ? s.scenePackageId : null;
}

/** Whether 发起签署 can be pressed: a package or template, someone to sign, a deadline. */
export function initiateReady(s: InitiateState, employees: number): boolean {
  return (s.source === 'template' ? s.templateId !== null : chosenPackageId(s) !== null) && employees > 0 && s.deadline !== null;
}

/** The initiate call's body without the employees. */
export function initiateBody(s: InitiateState): Omit<ContractBatchInitiate, 'employeeIds'> {
  const day = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');
  return {
    ...(s.source === 'template' ? { templateId: s.templateId! } : { packageId: chosenPackageId(s)! }),
    signOrder: s.signOrder,
    deadline: day(s.deadline)!,
    form: s.form,
    notify: s.notify,
    ...(s.term?.[0] ? { contractStart: day(s.term[0]) } : {}),
    ...(s.term?.[1] ? { contractEnd: day(s.term[1]) } : {}),
  };
}
