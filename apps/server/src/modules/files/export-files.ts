import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';

/** An export's file: the member it was made for, through the downloads centre. */
export const exportFileRule: FileAccessRule = {
  audited: true,
  allows: async (r, f) => f.uploadedBy === r.user.userId && (await readerHolds(r, 'downloadCenter')),
};
