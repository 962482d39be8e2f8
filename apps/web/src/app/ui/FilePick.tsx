import { Button, Upload } from 'antd';
import type { ReactNode } from 'react';

/**
 * One file chosen for a dialog's upload: kept until the dialog submits (nothing is sent on choosing),
 * shown by name with a remove button; choosing again replaces it.
 */
export function FilePick({ value, onChange, accept, children }: { value: File | null; onChange: (file: File | null) => void; accept: string; /** The button's text. */ children: ReactNode }) {
  return (
    <Upload
      accept={accept}
      maxCount={1}
      beforeUpload={(f) => {
        onChange(f);
        return false;
      }}
      onRemove={() => onChange(null)}
      fileList={value ? [{ uid: '1', name: value.name, status: 'done' }] : []}
    >
      <Button>{children}</Button>
    </Upload>
  );
}
