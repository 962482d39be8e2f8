import { dealCodeLabel, type DealCode, type SceneForm, type SceneSave, type SceneView } from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './econtract-setup.queries.ts';
import { requirePackage } from './packages.service.ts';

/** Signing scenes (签署场景): which packages an onboarding, regularisation, transfer, renewal, change or resignation starts. */

export type SceneRow = q.SceneRow;

async function sceneViews(exec: Executor, companyId: number, rows: SceneRow[]): Promise<SceneView[]> {
  const names = await q.listPackageNames(exec, companyId, [...new Set(rows.flatMap((r) => r.packageIds))]);
  return rows.map((r) => ({
    id: r.id,
    dealCode: r.dealCode as DealCode,
    dealCodeLabel: dealCodeLabel(r.dealCode),
    name: r.name,
    enabled: r.enabled,
    packages: r.packageIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
  }));
}

export async function listScenes(exec: Executor, companyId: number, dealCode?: number, onlyEnabled = false): Promise<SceneView[]> {
  return sceneViews(exec, companyId, await q.listSceneRows(exec, companyId, dealCode, onlyEnabled));
}

export async function saveScene(c: ServiceCtx, input: SceneSave): Promise<SceneView> {
  const packageIds = [...new Set(input.packageIds)];
  for (const id of packageIds) await requirePackage(c.tx, c.companyId, id);
  const values = { dealCode: input.dealCode, name: input.name, packageIds, enabled: input.enabled, updatedAt: new Date() };
  let id: number;
  if (input.id) {
    const before = await q.findScene(c.tx, c.companyId, input.id);
    if (!before) throw notFound('签署场景');
    await q.updateScene(c.tx, c.companyId, input.id, values);
    id = input.id;
    await c.audit({ action: 'signScene.update', entity: 'sign_scene', entityId: id, before: { name: before.name, packageIds: before.packageIds, enabled: before.enabled }, after: values });
  } else {
    const [row] = await q.insertScenes(c.tx, [{ companyId: c.companyId, ...values }]);
    id = row!.id;
    await c.audit({ action: 'signScene.create', entity: 'sign_scene', entityId: id, after: values });
  }
  return (await listScenes(c.tx, c.companyId)).find((s) => s.id === id)!;
}

export async function removeScene(c: ServiceCtx, id: number): Promise<null> {
  const before = await q.findScene(c.tx, c.companyId, id);
  if (!before) throw notFound('签署场景');
  await q.updateScene(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'signScene.remove', entity: 'sign_scene', entityId: id, before: { name: before.name } });
  return null;
}

/** Scene package form: the enabled scenes of a deal code with their packages; first group and package chosen. */
export async function sceneForm(exec: Executor, companyId: number, dealCode: number): Promise<SceneForm> {
  const scenes = (await listScenes(exec, companyId, dealCode, true)).filter((s) => s.packages.length > 0);
  const groups = scenes.map((s) => ({ sceneId: s.id, sceneName: s.name, children: s.packages.map((p) => ({ signPackageId: p.id, signPackageName: p.name })) }));
  return {
    dealCode: dealCode as DealCode,
    sceneGrouVoList: groups,
    signScenarioId: groups[0]?.sceneId ?? null,
    signPackageId: groups[0]?.children[0]?.signPackageId ?? null,
  };
}
