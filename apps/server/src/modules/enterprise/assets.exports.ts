/** What other modules and the app's wiring may use of the asset centre. */
export { registerAssetRoutes } from './assets.routes.ts';
export { assetsBlockQuit, unreturnedAssets, unreturnedMessage } from './assets.service.ts';
export { seedDemoAssets } from './assets.seed.ts';
export { registerAssetJobHandlers } from './assets.export.ts';
