/** The shape of a route table entry the e-signature prefix and the contract-reading keys (see routes.ts for the conventions). */

export type MenuType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9 | 998 | 999;

export type RouteMeta = {
  title: string;
  hasRole: boolean;
  keepAlive: boolean;
  level: number;
  parent?: string;
  icon?: string;
  menu?: boolean;
  badgeKey?: string;
};

export type RouteDef = {
  /** Unique camelCase route name; also the permission key the server grants. */
  name: string;
  path: string;
  redirect?: string;
  hide: boolean;
  type: MenuType;
  isEdit: boolean;
  public?: boolean;
  /**
   * Permission keys the screen's calls need, every one of them (the server's route `access`).
   * Default: the route's own name. A menu group needs none: it is usable when an entry under it is.
   */
  needs?: readonly string[];
  /** Permission keys of which the screen needs at least one (reading a contract: any contract screen's key). */
  anyOf?: readonly string[];
  meta: RouteMeta;
};

/** The value leaves open for the e-signature prefix `{esign}`. */
export const ESIGN_PREFIX = '/qszx-vite';

/**
 * Reading a contract (page, detail, evidence) takes any one of the contract screens' keys: the
 * server's EC_READ_ANY (econtracts.ts), written out here so the route table imports nothing.
 */
export const EC_READ_ANY_KEYS = ['signContract', 'signedContract', 'initiateSigning', 'employeeContractManagement'] as const;
