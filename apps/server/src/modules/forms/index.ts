/** Custom forms: definitions designed in the form designer, their versions and the values filled in them. */
export { registerFormRoutes } from './forms.routes.ts';
export {
  checkFormValues,
  checkPickedRecords,
  loadFormVersion,
  loadSceneForm,
  recordFill,
  removeSceneForm,
  resolvedDefinition,
  saveSceneForm,
  type SceneForm,
} from './forms.service.ts';
