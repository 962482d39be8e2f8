import { codeLabel, EDUCATIONS, EMPLOYMENT_TYPES, GENDERS, ID_TYPES, type SubmissionView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Form, Image, Input, Result, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useInvalidateEmployees } from '../employees/employees.api.ts';
import { DateText, DepartmentTreeSelect, PositionSelect } from '../employees/pickers.tsx';
import { usePrefilledEmployeeNo } from '../employees/use-employee-no.ts';
import { approveDefaults, reviewable, SUBMISSION_TONES } from './invite-helpers.ts';
import { onboardingCalls, useInvalidateOnboarding, useInvitePage } from './self-onboarding.api.ts';

/** An ID photo of the submission, read as a blob through the API (the file store is not public). */
function usePhoto(submissionId: number, side: 'front' | 'back', present: boolean): { url: string | null; loading: boolean } {
  const [state, setState] = useState<{ url: string | null; loading: boolean }>({ url: null, loading: present });
  useEffect(() => {
    if (!present) return;
    let live = true;
    let url: string | null = null;
    setState({ url: null, loading: true });
    onboardingCalls
      .photo(submissionId, side)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url, loading: false });
        else URL.revokeObjectURL(url);
      })
      .catch(() => live && setState({ url: null, loading: false }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [submissionId, side, present]);
  return present ? state : { url: null, loading: false };
}

function Photo({ submissionId, side, present }: { submissionId: number; side: 'front' | 'back'; present: boolean }) {
  const label = side === 'front' ? '证件正面' : '证件反面';
  const { url, loading } = usePhoto(submissionId, side, present);
  return (
    <Flex vertical align="center" gap={6} style={{ flex: 1 }} className={`id-photo id-photo-${side}`}>
      <div style={{ width: '100%', height: 150, border: '1px solid #f0f0f0', borderRadius: 8, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', background: '#fafafa' }}>
        {loading ? <Spin /> : url ? <Image src={url} alt={label} height={148} style={{ objectFit: 'contain', maxWidth: '100%' }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传" />}
      </div>
      <span style={{ color: 'rgba(0,0,0,0.55)' }}>{label}</span>
    </Flex>
  );
}

type ApproveValues = { employeeNo?: string; departmentId?: number | null; positionId?: number | null; hireDate?: string | null; probationEndDate?: string | null; employmentType?: number };
type Mode = 'view' | 'approve' | 'reject' | 'approved';

/** 入职登记 detail: everything the candidate submitted, the ID photos, and for 待审核 the review (通过 / 驳回). */
export function SubmissionDrawer({ submission, canEdit, onClose }: { submission: SubmissionView | null; canEdit: boolean; onClose: () => void }) {
  return (
    <Drawer title={submission ? `入职登记 · ${submission.name}` : '入职登记'} open={submission !== null} size={640} destroyOnHidden onClose={onClose}>
      {submission && <SubmissionBody key={submission.id} s={submission} canEdit={canEdit} onClose={onClose} />}
    </Drawer>
  );
}

function SubmissionBody({ s, canEdit, onClose }: { s: SubmissionView; canEdit: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('view');
  const [approveForm] = Form.useForm<ApproveValues>();
  const [rejectForm] = Form.useForm<{ reason?: string }>();
  const canReview = canEdit && reviewable(s);
  const invites = useInvitePage({ pageNum: 1, pageSize: 500 }, canReview);
  const invite = invites.data?.data?.find((i) => i.id === s.inviteId) ?? null;
  const invalidate = useInvalidateOnboarding();
  const invalidateEmployees = useInvalidateEmployees();
  const departmentId = Form.useWatch('departmentId', approveForm);
  const employeeNo = usePrefilledEmployeeNo(approveForm, canReview && mode === 'approve');

  useEffect(() => {
    if (mode === 'approve' && invite) {
      const d = approveDefaults(invite, dayjs().format('YYYY-MM-DD'));
      if (!approveForm.isFieldsTouched()) approveForm.setFieldsValue(d);
    }
  }, [mode, invite, approveForm]);

  const approve = useAction(
    (v: ApproveValues) =>
      onboardingCalls.approve({
        submissionId: s.id,
        employeeNo: v.employeeNo?.trim() || undefined,
        departmentId: v.departmentId!,
        positionId: v.positionId ?? undefined,
        hireDate: v.hireDate!,
        probationEndDate: v.probationEndDate ?? undefined,
        employmentType: v.employmentType ?? 1,
      }),
    { success: '操作成功', invalidate: () => Promise.all([invalidate(), invalidateEmployees()]), onSuccess: () => setMode('approved') },
  );
  const reject = useAction((v: { reason?: string }) => onboardingCalls.reject(s.id, v.reason!.trim()), { success: '已驳回', invalidate, onSuccess: onClose });
  const busy = approve.pending || reject.pending;

  if (mode === 'approved') {
    return (
      <Result
        status="success"
        title="审核通过"
        subTitle="已生成待入职员工，可在入职列表确认入职"
        className="approve-result"
        extra={[
          <Button key="list" type="primary" onClick={() => void navigate('/selfOnboarding/list')}>
            前往入职列表
          </Button>,
          <Button key="close" onClick={onClose}>
            关闭
          </Button>,
        ]}
      />
    );
  }

  const text = (v: string | null | undefined) => (v ? v : EMPTY_TEXT);
  return (
    <Flex vertical gap={16} className="submission-detail">
      {s.status === 2 && s.rejectReason && <Alert type="error" showIcon title={`驳回原因：${s.rejectReason}`} />}
      {s.status === 1 && <Alert type="success" showIcon title="已通过审核，已生成待入职员工" action={<Link to="/selfOnboarding/list">入职列表</Link>} />}
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'name', label: '姓名', children: s.name },
          { key: 'status', label: '状态', children: <StatusTag tone={SUBMISSION_TONES[s.status]}>{s.statusLabel}</StatusTag> },
          { key: 'mobile', label: '手机号', children: s.mobile },
          { key: 'idType', label: '证件类型', children: text(codeLabel(ID_TYPES, s.idType as 1)) },
          { key: 'idNumber', label: '证件号码', children: s.idNumber, span: 2 },
          { key: 'gender', label: '性别', children: text(codeLabel(GENDERS, s.gender as 1 | null)) },
          { key: 'birthDate', label: '出生日期', children: formatDate(s.birthDate) },
          { key: 'email', label: '邮箱', children: text(s.email) },
          { key: 'education', label: '学历', children: text(codeLabel(EDUCATIONS, s.education as 1 | null)) },
          { key: 'address', label: '联系地址', children: text(s.address), span: 2 },
          { key: 'emergencyName', label: '紧急联系人', children: text(s.emergencyName) },
          { key: 'emergencyPhone', label: '紧急联系人电话', children: text(s.emergencyPhone) },
          { key: 'bankName', label: '开户银行', children: text(s.bankName) },
          { key: 'bankAccount', label: '银行卡号', children: text(s.bankAccount) },
          { key: 'invite', label: '邀请', children: s.inviteTitle, span: 2 },
          { key: 'submittedAt', label: '提交时间', children: formatDateTime(s.submittedAt) },
          { key: 'reviewedAt', label: '审核时间', children: s.reviewedAt ? `${formatDateTime(s.reviewedAt)}${s.reviewedByName ? `（${s.reviewedByName}）` : ''}` : EMPTY_TEXT },
        ]}
      />
      <Flex gap={12}>
        <Photo submissionId={s.id} side="front" present={s.hasIdFront} />
        <Photo submissionId={s.id} side="back" present={s.hasIdBack} />
      </Flex>

      {canReview && mode === 'view' && (
        <Flex justify="flex-end" gap={8} className="review-actions">
          <Button danger onClick={() => setMode('reject')}>
            驳回
          </Button>
          <Button type="primary" onClick={() => setMode('approve')}>
            通过
          </Button>
        </Flex>
      )}

      {canReview && mode === 'approve' && (
        <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}>
          <div style={{ fontWeight: 600, marginBottom: 12 }}>审核通过 · 入职信息</div>
          <Form<ApproveValues> form={approveForm} layout="vertical" className="approve-form" initialValues={approveDefaults(invite, dayjs().format('YYYY-MM-DD'))} onFinish={(v) => void approve.run(v)}>
            <Flex gap={16}>
              <Form.Item
                name="employeeNo"
                label="工号"
                style={{ flex: 1 }}
                extra={employeeNo.extra}
                rules={[...(employeeNo.required ? [{ required: true, whitespace: true, message: '请填写工号' }] : []), { pattern: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、下划线和短横线' }]}
              >
                <Input maxLength={32} placeholder={employeeNo.placeholder} />
              </Form.Item>
              <Form.Item name="employmentType" label="用工类型" style={{ flex: 1 }}>
                <Select options={EMPLOYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
              </Form.Item>
            </Flex>
            <Flex gap={16}>
              <Form.Item name="departmentId" label="部门" style={{ flex: 1 }} rules={[{ required: true, message: '请选择部门' }]}>
                <DepartmentTreeSelect />
              </Form.Item>
              <Form.Item name="positionId" label="岗位" style={{ flex: 1 }}>
                <PositionSelect departmentId={departmentId} placeholder="选填" />
              </Form.Item>
            </Flex>
            <Flex gap={16}>
              <Form.Item name="hireDate" label="预计入职日期" style={{ flex: 1 }} rules={[{ required: true, message: '请选择预计入职日期' }]}>
                <DateText />
              </Form.Item>
              <Form.Item name="probationEndDate" label="试用期结束日期" style={{ flex: 1 }} extra="不填则确认入职后为正式员工">
                <DateText />
              </Form.Item>
            </Flex>
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => setMode('view')}>取消</Button>
              <Button type="primary" htmlType="submit" loading={busy} className="approve-submit">
                确定通过
              </Button>
            </Flex>
          </Form>
        </div>
      )}

      {canReview && mode === 'reject' && (
        <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}>
          <Form form={rejectForm} layout="vertical" className="reject-form" onFinish={(v) => void reject.run(v)}>
            <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]} extra="候选人打开同一链接可看到原因并重新提交">
              <Input.TextArea maxLength={200} showCount rows={3} placeholder="如：证件照片不清晰，请重新拍摄上传" />
            </Form.Item>
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => setMode('view')}>取消</Button>
              <Button type="primary" danger htmlType="submit" loading={busy} className="reject-submit">
                确定驳回
              </Button>
            </Flex>
          </Form>
        </div>
      )}
    </Flex>
  );
}
