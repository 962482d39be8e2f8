import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';

/** An import's source file (many people's data): the member who uploaded it, or an administrator. */
export const importFileRule: FileAccessRule = {
  audited: true,
  allows: async (r, f) => r.isAdmin || (f.uploadedBy === r.user.userId && (await readerHolds(r, 'staffRoll.edit'))),
};
