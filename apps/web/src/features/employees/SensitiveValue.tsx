import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { SensitiveField } from '@wfsaas/contracts';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { EMPTY_TEXT } from '../../app/ui/format.ts';
import { employeeCalls } from './employees.api.ts';
import { REVEAL_MS } from './roster.ts';

/**
 * A masked identifier. Holders of sensitive.view get an eye button that asks the server for the full
 * value (each reveal is audited there); it shows for 30 s, then is masked again.
 */
export function SensitiveValue({ employeeId, field, masked, canReveal }: { employeeId: number; field: SensitiveField; masked: string; canReveal: boolean }) {
  const [full, setFull] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    clearTimeout(timer.current);
    setFull(null);
  }, [employeeId, field]);

  if (!masked) return <span>{EMPTY_TEXT}</span>;

  const reveal = async () => {
    setLoading(true);
    try {
      const r = await employeeCalls.reveal(employeeId, field);
      setFull(r.value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setFull(null), REVEAL_MS);
    } catch {
      /* the request client has shown the error */
    } finally {
      setLoading(false);
    }
  };
  const hide = () => {
    clearTimeout(timer.current);
    setFull(null);
  };

  return (
    <span className={`sensitive-value sensitive-${field}`} data-revealed={full ? 'true' : 'false'}>
      <span className="sensitive-text" style={{ fontFamily: 'monospace' }}>
        {full ?? masked}
      </span>
      {canReveal && (
        <Tooltip title={full ? '隐藏' : '查看完整信息（将记录查看日志，30秒后自动隐藏）'}>
          <Button
            type="link"
            size="small"
            aria-label={full ? '隐藏' : '查看'}
            className="reveal-button"
            loading={loading}
            icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => (full ? hide() : void reveal())}
          >
            {full ? '隐藏' : '查看'}
          </Button>
        </Tooltip>
      )}
    </span>
  );
}
