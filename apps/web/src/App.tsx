import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './api/queryClient';
import type { createAppRouter } from './routes/router';

/**
 * The app: the server-state cache (the app's own by default) and the router. antd's context comes
 * with the routes that use antd (routes/AntdLayout.tsx): the account pages load without it.
 */
export function App({
  router,
  client = queryClient,
}: {
  router: ReturnType<typeof createAppRouter>;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
