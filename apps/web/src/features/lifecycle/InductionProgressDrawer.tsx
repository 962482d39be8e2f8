import { INDUCTION_PROGRESS_PATH, type InductionProgress, type InductionStepState } from '@wfsaas/contracts';
import { Drawer, Empty, Skeleton, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { formatDateTime } from '../../app/ui/format.ts';

const STATUS: Record<InductionStepState, 'finish' | 'process' | 'wait' | 'error'> = { done: 'finish', current: 'process', todo: 'wait', closed: 'error' };
const STATE_TEXT: Record<InductionStepState, string> = { done: '已完成', current: '待办理', todo: '未开始', closed: '已终止' };

/** 入职进度: the onboarding's steps, done or to do, with who and when. */
export function InductionProgressDrawer({ employeeId, name, onClose }: { employeeId: number | null; name: string; onClose: () => void }) {
  const { companyId } = useSession();
  const progress = useQuery({
    queryKey: ['lifecycle', companyId, 'inductionProgress', employeeId],
    queryFn: () => api.post<InductionProgress>(INDUCTION_PROGRESS_PATH, { employeeId }),
    enabled: employeeId !== null,
    staleTime: 0,
  });
  return (
    <Drawer title={`入职进度 · ${name}`} open={employeeId !== null} onClose={onClose} size={420} destroyOnHidden className="induction-progress-drawer">
      {progress.data ? (
        <Steps
          direction="vertical"
          items={progress.data.steps.map((s) => ({
            title: `${s.title}（${STATE_TEXT[s.state]}）`,
            status: STATUS[s.state],
            description: (
              <div>
                {s.description && <div>{s.description}</div>}
                {(s.by || s.at) && (
                  <div style={{ color: 'rgba(0,0,0,0.45)' }}>
                    {s.by ?? ''} {s.at ? formatDateTime(s.at) : ''}
                  </div>
                )}
              </div>
            ),
          }))}
        />
      ) : progress.isError ? (
        <Empty description="暂时无法查看入职进度" />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
