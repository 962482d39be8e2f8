import type { App } from 'antd';

type FeedbackApi = ReturnType<typeof App.useApp>;

let current: FeedbackApi | null = null;

/** Set by the provider tree so code outside components (the request client) can toast. */
export function setFeedbackApi(api: FeedbackApi | null): void {
  current = api;
}

export function feedbackApi(): FeedbackApi | null {
  return current;
}

/** An error toast; the same text shown twice at once is shown once. */
export function toastError(message: string): void {
  if (current) current.message.error({ content: message, key: `err:${message}` });
  else console.error(message);
}

export function toastSuccess(message: string): void {
  if (current) current.message.success({ content: message, key: `ok:${message}` });
}
