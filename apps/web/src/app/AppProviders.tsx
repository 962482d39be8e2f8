import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
// the ES build of the locale: the CommonJS one brings its own copies of the picker locales
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLayoutEffect, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';
import { SessionProvider } from './session/SessionProvider.tsx';
import { setFeedbackApi } from './ui/feedback.ts';

dayjs.locale('zh-cn');

/** Makes antd's message/modal (with the theme and locale) available to code outside components. */
function FeedbackBridge() {
  const api = App.useApp();
  useLayoutEffect(() => {
    setFeedbackApi(api);
    return () => setFeedbackApi(null);
  }, [api]);
  return null;
}

/** Who asked their system for less motion gets none: antd's opening and closing transitions are off. */
const reducedMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export const THEME = {
  token: { colorPrimary: '#1677ff', borderRadius: 6, colorBgLayout: '#f5f7fa', motion: !reducedMotion },
  components: { Layout: { siderBg: '#001529', headerBg: '#ffffff' } },
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <App>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
