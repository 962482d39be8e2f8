import { App, Button, Drawer, Form, Modal, Space, type FormInstance, type FormProps } from 'antd';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { closeWithGuard } from './confirm-discard.ts';

type Common<T> = {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Runs with the validated values; the overlay shows it pending until it settles (errors were already shown). */
  onSubmit: (values: T) => Promise<unknown> | unknown;
  /** Pass one when the caller reads or sets fields; otherwise the overlay makes its own. */
  form?: FormInstance<T>;
  /** The form's starting values each time the overlay opens. */
  values?: Partial<T>;
  okText?: string;
  /** Class of the primary button (browser tests find it by it). */
  okClassName?: string;
  okDisabled?: boolean;
  /** A red primary button (驳回, 删除). */
  okDanger?: boolean;
  width?: number;
  /** Props of the antd Form (layout defaults to vertical). */
  formProps?: Omit<FormProps<T>, 'form' | 'onFinish'>;
  children: ReactNode;
  /** Extra content above the form. */
  intro?: ReactNode;
  className?: string;
};

/** The form, the pending flag and the guarded close shared by FormDrawer and FormModal. */
function useFormOverlay<T>({ onClose, onSubmit, form: given }: Pick<Common<T>, 'onClose' | 'onSubmit' | 'form'>) {
  const { modal } = App.useApp();
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const [pending, setPending] = useState(false);
  const finish = async (v: T) => {
    setPending(true);
    try {
      await onSubmit(v);
    } finally {
      setPending(false);
    }
  };
  const requestClose = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);
  return { form, pending, finish, requestClose };
}

/** The form is mounted on each open (the overlay destroys it when hidden), so `values` start it afresh. */
function FormBody<T>({ form, finish, values, formProps, children }: { form: FormInstance<T>; finish: (v: T) => Promise<void>; values?: Partial<T>; formProps?: Common<T>['formProps']; children: ReactNode }) {
  // the form instance outlives the body, and a new Form keeps the store's old values over `values`
  useLayoutEffect(() => form.resetFields(), [form]);
  return (
    <Form<T> layout="vertical" preserve={false} {...formProps} initialValues={values as FormProps<T>['initialValues']} form={form} onFinish={(v) => void finish(v)}>
      {children}
    </Form>
  );
}

/** A side drawer holding one form: 取消 / 确定 at the bottom right, unsaved changes confirmed before closing. */
export function FormDrawer<T>(props: Common<T> & { footerExtra?: ReactNode }) {
  const { title, open, okText = '确定', okClassName, okDisabled, okDanger, width = 480, formProps, children, intro, className, footerExtra } = props;
  const { form, pending, finish, requestClose } = useFormOverlay(props);
  return (
    <Drawer
      title={title}
      open={open}
      size={width}
      onClose={requestClose}
      mask={{ closable: false }}
      destroyOnHidden
      className={className}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {footerExtra}
          <Button onClick={requestClose}>取消</Button>
          <Button type="primary" danger={okDanger} loading={pending} disabled={okDisabled} onClick={() => form.submit()} className={okClassName}>
            {okText}
          </Button>
        </Space>
      }
    >
      {intro}
      <FormBody form={form} finish={finish} values={props.values} formProps={formProps}>
        {children}
      </FormBody>
    </Drawer>
  );
}

/** A dialog holding one form, with the same buttons and close guard as FormDrawer. */
export function FormModal<T>(props: Common<T>) {
  const { title, open, okText = '确定', okClassName, okDisabled, okDanger, width, formProps, children, intro, className } = props;
  const { form, pending, finish, requestClose } = useFormOverlay(props);
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={requestClose}
      onOk={() => form.submit()}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ loading: pending, disabled: okDisabled, danger: okDanger, className: okClassName }}
      destroyOnHidden
      mask={{ closable: false }}
      className={className}
    >
      {intro}
      <FormBody form={form} finish={finish} values={props.values} formProps={formProps}>
        {children}
      </FormBody>
    </Modal>
  );
}
