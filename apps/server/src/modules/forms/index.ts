/** Custom forms: definitions designed in the form designer, their versions and the values filled in them. */
export { registerFormRoutes } from './forms.routes.ts';
