/** The response envelope every API answer uses. */
export type PageMessage = {
  nextPage: number;
  pageNum: number;
  pageSize: number;
  pages: number;
  prePage: number;
  total: number;
};

export type Envelope<T> = {
  code: number;
  data: T;
  message: string;
  pageMessage?: PageMessage;
};

/** Default page. */
export const DEFAULT_PAGE: PageMessage = {
  nextPage: 0,
  pageNum: 1,
  pageSize: 10,
  pages: 1,
  prePage: 0,
  total: 0,
};

export const MAX_PAGE_SIZE = 500;

export function buildPageMessage(pageNum: number, pageSize: number, total: number): PageMessage {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    pageNum,
    pageSize,
    total,
    pages,
    prePage: pageNum > 1 ? pageNum - 1 : 0,
    nextPage: pageNum < pages ? pageNum + 1 : 0,
  };
}
