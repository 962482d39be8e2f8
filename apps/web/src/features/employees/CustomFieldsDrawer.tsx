import { Link } from 'react-router';
import { useCanOpen } from '../../app/routing/PermissionContext.ts';
import { useEmployeeForm, useSaveEmployeeForm } from './employees.api.ts';
import { FormFieldsDrawer } from './FormFieldsDrawer.tsx';

/**
 * 字段设置: the company's custom employee fields (customForm, scene employee) — a quick list editor;
 * 编辑表单 opens the whole form in the form designer. Every save is a new version of the form; the
 * add form, the employee file and the roster filters show the new fields at once.
 */
export function CustomFieldsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const stored = useEmployeeForm();
  const save = useSaveEmployeeForm();
  const canDesign = useCanOpen()('modifyForm');
  const formId = stored.data?.formId;
  const designer = `/implement/customTable/modifyForm/${formId ?? 'new?scene=employee'}`;
  return (
    <FormFieldsDrawer
      open={open}
      onClose={onClose}
      source={{
        stored,
        save,
        title: '字段设置',
        hint: (
          <>
            自定义字段显示在新增员工、员工档案、花名册筛选、导入模板和导出中；修改保存后立即生效，每次保存生成新版本。
            {canDesign && (
              <>
                {' '}
                需要金额、日期区间、分组标题、员工自助填写等设置时，
                <Link to={designer} className="open-form-designer">
                  编辑表单
                </Link>
                。
              </>
            )}
          </>
        ),
        // designer-only types: their options are set in 编辑表单
        excludedTypes: ['money', 'dateRange', 'employee', 'department', 'section'],
        requiredLabel: '必填（新增和编辑员工时必须填写）',
        deleteHint: (label) => `删除后，「${label}」不再出现在新增员工、员工档案、花名册筛选、导入和导出中。员工已填写的内容仍保留在档案里，但不再显示。保存后生效。`,
      }}
    />
  );
}
