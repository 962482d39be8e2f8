import type { EntityRow } from './entities.queries.ts';
import type { DeclarationRow, LineRow } from './declarations.queries.ts';

/**
 * The social-insurance portal, behind one adapter (docs/architecture.md "Outside services"). A
 * portal integration would send the lines and answer whether it took them; it never reports a
 * line's result — results come back through the result import or by hand.
 */
export type SiPortal = {
  submit(declaration: DeclarationRow & { entity: EntityRow }, lines: readonly LineRow[]): Promise<{ accepted: boolean; note: string }>;
};

/** The default: nothing leaves the product; HR downloads the bulk file, uploads it to the portal and imports the results. */
export const FilePortal: SiPortal = {
  async submit(declaration) {
    return { accepted: true, note: `请在下载中心下载申报文件，登录${declaration.entity.city}社保网上服务平台批量上传后导入办理结果` };
  },
};

let portal: SiPortal = FilePortal;

export function siPortal(): SiPortal {
  return portal;
}

/** Replaces the adapter (a portal integration, a test); null restores the file portal. */
export function setSiPortal(next: SiPortal | null): void {
  portal = next ?? FilePortal;
}
