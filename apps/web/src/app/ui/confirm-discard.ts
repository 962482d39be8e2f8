import type { ModalFuncProps } from 'antd';

/** Leaving a form with unsaved changes asks first. */
export const DISCARD_CONFIRM = {
  title: '放弃未保存的修改?',
  content: '当前内容尚未保存，离开后修改将丢失。',
  okText: '放弃修改',
  cancelText: '继续编辑',
  type: 'warning',
} as const;

/** Closes at once when nothing changed; otherwise asks, and closes when the user confirms. */
export function closeWithGuard(modal: { confirm: (props: ModalFuncProps) => unknown }, dirty: boolean, close: () => void): void {
  if (!dirty) {
    close();
    return;
  }
  modal.confirm({ ...DISCARD_CONFIRM, onOk: close, focusable: { autoFocusButton: 'cancel' } });
}
