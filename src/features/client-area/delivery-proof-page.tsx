import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import {
  mapLink,
  positionText,
  PROOF_MESSAGES,
  type DeliveryProof,
} from '../../domain/delivery-proof';
import { formatDateTime, formatDateTimeBrasilia } from '../../domain/format';
import { displayTrackingNumber } from '../../domain/masks';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi, failureKind, serverMessage } from '../../lib/pocketbase';
import { ClientHeader } from './client-nav';
import { fetchDeliveryProof, fetchProofFile } from './company-shipments-api';
import { saveFile, SHEET_PRINT_CSS } from './print-sheet';

/** The delivery's photo and signature, in this page's memory only, with an address to show each. */
type Files = { foto?: Kept; assinatura?: Kept };
type Kept = { blob: Blob; url: string };

type State =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; proof: DeliveryProof; files: Files };

const TITLE = 'Comprovante de entrega';

/**
 * 'Comprovante de entrega' (`?numero=`): one of the company's delivered shipments, read from the
 * server each time it opens. Not kept on the device: it holds the receiver's whole name, the
 * doorway's photo and the signature, which a shared computer should not keep (the server answers
 * it `no-store`); with no signal the page says so.
 */
export default function DeliveryProofPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const number = (params.get('numero') ?? '').replace(/\D/g, '');
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  return (
    <Stack gap="5">
      <style>{SHEET_PRINT_CSS}</style>
      <ClientHeader title={TITLE} />
      {number ? (
        <Proof key={number} number={number} />
      ) : (
        <Text>Abra o comprovante pela lista de Minhas solicitações.</Text>
      )}
    </Stack>
  );
}

/** The proof and its files, read from the server; what the page shows when that fails. */
async function read(number: string): Promise<State> {
  try {
    const proof = await fetchDeliveryProof(number);
    const files: Files = {};
    const wanted = [
      ...(proof.photo ? (['foto'] as const) : []),
      ...(proof.signature ? (['assinatura'] as const) : []),
    ];
    await Promise.all(
      wanted.map(async (file) => {
        const blob = await fetchProofFile(number, file);
        files[file] = { blob, url: URL.createObjectURL(blob) };
      }),
    );
    return { kind: 'ready', proof, files };
  } catch (error) {
    return failureKind(error) === 'offline'
      ? { kind: 'offline' }
      : { kind: 'refused', message: serverMessage(error) || PROOF_MESSAGES.notFound };
  }
}

function Proof({ number }: { number: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // Each new read ('Tentar de novo', the signal back) shows 'loading' first.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let gone = false;
    void read(number).then((next) => {
      if (!gone) setState(next);
      else if (next.kind === 'ready') {
        for (const kept of Object.values(next.files)) URL.revokeObjectURL(kept.url);
      }
    });
    return () => {
      gone = true;
    };
  }, [number, attempt]);

  // The files' addresses go with the proof they were made for.
  useEffect(() => {
    if (state.kind !== 'ready') return;
    return () => {
      for (const kept of Object.values(state.files)) URL.revokeObjectURL(kept.url);
    };
  }, [state]);

  const again = () => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  useEffect(() => {
    const online = () => {
      setState((now) => (now.kind === 'offline' ? { kind: 'loading' } : now));
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'offline' || state.kind === 'refused') {
    return (
      <Stack gap="3" align="start">
        <Text role="alert" color={state.kind === 'offline' ? 'orange.fg' : undefined}>
          {state.kind === 'offline' ? PROOF_MESSAGES.offline : state.message}
        </Text>
        <Flex gap="2" wrap="wrap">
          {state.kind === 'offline' && (
            <Button colorPalette="brand" onClick={again}>
              Tentar de novo
            </Button>
          )}
          <Button asChild variant="outline">
            <RouterLink to={paths.myRequests}>Voltar para Minhas solicitações</RouterLink>
          </Button>
        </Flex>
      </Stack>
    );
  }
  return <ProofSheet proof={state.proof} files={state.files} />;
}

const extension = (blob: Blob) =>
  blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';

function ProofSheet({ proof, files }: { proof: DeliveryProof; files: Files }) {
  const photo = files.foto?.url;
  const signature = files.assinatura?.url;
  const [printedAt, setPrintedAt] = useState(() => formatDateTime(new Date()));
  useEffect(() => {
    const update = () => setPrintedAt(formatDateTime(new Date()));
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  const shown = displayTrackingNumber(proof.number);

  return (
    <Stack gap="4">
      <Flex gap="2" wrap="wrap">
        <Button colorPalette="brand" onClick={() => window.print()}>
          Imprimir ou salvar em PDF
        </Button>
        {files.foto && (
          <Button
            variant="outline"
            onClick={() =>
              saveFile(
                files.foto!.blob,
                `comprovante-${proof.number}-foto.${extension(files.foto!.blob)}`,
              )
            }
          >
            Baixar foto
          </Button>
        )}
        <Button asChild variant="outline">
          <RouterLink to={paths.myRequests}>Voltar para Minhas solicitações</RouterLink>
        </Button>
      </Flex>
      <section className="cs-sheet" data-print-sheet aria-label={`${TITLE} da remessa ${shown}`}>
        <div className="cs-head">
          <div>
            <div className="cs-company">{company.name}</div>
            <div className="cs-small">
              {company.phone} · {company.email}
            </div>
          </div>
          <h2 className="cs-title">{TITLE}</h2>
        </div>
        <dl>
          <dt>Remessa</dt>
          <dd className="cs-num">{shown}</dd>
          {proof.requestNumber > 0 && (
            <>
              <dt>Solicitação</dt>
              <dd>nº {proof.requestNumber}</dd>
            </>
          )}
          <dt>Cliente</dt>
          <dd>{proof.company || '—'}</dd>
          <dt>Destinatário</dt>
          <dd>{proof.recipient || '—'}</dd>
          <dt>Destino</dt>
          <dd>{proof.destination || '—'}</dd>
          <dt>Recebido por</dt>
          <dd>{proof.receiverName || '—'}</dd>
          <dt>Entregue em</dt>
          <dd>{formatDateTimeBrasilia(proof.deliveredAt)} (horário de Brasília)</dd>
          <dt>Local da entrega</dt>
          <dd>
            {proof.position ? (
              <>
                {positionText(proof.position)}
                <span className="cs-screen-only">
                  {' · '}
                  <a href={mapLink(proof.position)} target="_blank" rel="noreferrer">
                    Ver no mapa
                  </a>
                </span>
              </>
            ) : (
              'Não registrado (o celular do motorista não enviou a localização).'
            )}
          </dd>
        </dl>
        {(photo || signature) && (
          <div className="cs-figures">
            {photo && (
              <figure>
                <figcaption>Foto da entrega</figcaption>
                <img src={photo} alt={`Foto da entrega da remessa ${shown}`} />
              </figure>
            )}
            {signature && (
              <figure>
                <figcaption>Assinatura de quem recebeu</figcaption>
                <img src={signature} alt={`Assinatura de quem recebeu a remessa ${shown}`} />
              </figure>
            )}
          </div>
        )}
        {!proof.photo && !proof.signature && !proof.erased && (
          <p className="cs-note">Esta entrega foi registrada sem foto e sem assinatura.</p>
        )}
        {proof.erased && <p className="cs-note">{PROOF_MESSAGES.erased}</p>}
        <p className="cs-note">Emitido em {printedAt}.</p>
      </section>
    </Stack>
  );
}
