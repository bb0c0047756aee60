import { RouterProvider } from 'react-router-dom';
import { AppErrorBoundary } from './error-screens';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  return (
    <Providers>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </Providers>
  );
}
