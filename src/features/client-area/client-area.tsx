import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../config/paths';
import AccessPage from './access-page';
import { clientApi } from '../../lib/pocketbase';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';

const FORM_TITLE = 'Formulário de Solicitação';
const loadForm = () => import('./pickup-request-page');
const PickupRequestPage = lazy(loadForm);
// A device with a session fetches the form at once rather than after the page went live.
if (typeof window !== 'undefined' && clientApi.authStore.isValid) void loadForm();

/**
 * /acesso-conta and /formulario-solicitacao, as one component. The form needs the corporate
 * client's session, which lives on the device: the page made at build time, and the browser
 * until it has adopted it, show the sign-in at the form's address. Without a session the visitor
 * is then sent to the sign-in's own address, where this same component shows the same sign-in:
 * the address and the title change, the elements on screen stay (nothing is drawn again).
 */
export default function ClientArea({ form = false }: { form?: boolean }) {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (form && hydrated && token) {
    return (
      // The sign-in (and its <title>) is gone as the form's code arrives: the tab keeps a title.
      <Suspense
        fallback={
          <>
            <PageTitle title={FORM_TITLE} hidden />
            <Loading />
          </>
        }
      >
        <PickupRequestPage />
      </Suspense>
    );
  }
  return (
    <>
      {form && hydrated && <Navigate to={paths.access} replace />}
      <AccessPage documentTitle={form ? FORM_TITLE : undefined} />
    </>
  );
}
