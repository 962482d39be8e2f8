import type { ModalFuncProps } from 'antd';

/** The delete-confirmation dialog every screen uses. */
export const DELETE_CONFIRM = {
  title: '确认是否删除?',
  okText: '确定',
  cancelText: '取消',
  type: 'warning',
} as const;

export function deleteConfirmProps(onOk: () => unknown, content?: string): ModalFuncProps {
  return { ...DELETE_CONFIRM, ...(content ? { content } : {}), onOk, okButtonProps: { danger: true }, focusable: { autoFocusButton: 'cancel' } };
}

/** Opens the dialog with antd's modal API (App.useApp().modal); onOk runs when the user confirms. */
export function confirmDelete(modal: { confirm: (props: ModalFuncProps) => unknown }, onOk: () => unknown, content?: string): void {
  modal.confirm(deleteConfirmProps(onOk, content));
}
