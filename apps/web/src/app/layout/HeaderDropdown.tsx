import type { DropdownProps } from 'antd';
import { cloneElement, lazy, Suspense, useEffect, useState, type ReactElement } from 'react';

// antd's Dropdown is fetched once the header has shown (it only matters on a click); meanwhile the trigger is the bare button
const loadDropdown = () => import('antd/es/dropdown');
const Dropdown = lazy(loadDropdown);

type Props = { menu: DropdownProps['menu']; children: ReactElement<{ onClick?: () => void }> };

/** A click-opened header menu. A click that comes before antd's Dropdown has arrived opens it on arrival. */
export function HeaderDropdown({ menu, children }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void loadDropdown();
  }, []);
  return (
    <Suspense fallback={cloneElement(children, { onClick: () => setOpen(true) })}>
      <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </Suspense>
  );
}
