import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import {
  displayTrackingNumber,
  historyLine,
  historyRowOf,
  HISTORY_MESSAGES,
  newestFirst,
  type HistoryRow,
} from '../../../domain';
import { failureKind, staffApi } from '../../../lib/pocketbase';
import { endedStaffSession } from './api';
import { look } from './row-parts';

type Shown =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'error' }
  /** `now`: when it was read (a row of another year shows its year). */
  | { state: 'done'; rows: HistoryRow[]; now: number };

/**
 * The shipment's history, read from the server each time it is opened: the rows live only there
 * (append-only, office only), so it is never kept on the device and says so with no signal.
 */
async function fetchHistory(recordId: string): Promise<HistoryRow[]> {
  const records = await staffApi.collection('shipment_history').getFullList({
    filter: staffApi.filter('tracking = {:id}', { id: recordId }),
    sort: '-at,-created',
    requestKey: null,
  });
  return newestFirst(records.map((r) => historyRowOf(r)));
}

/** 'Histórico': what happened to one shipment, newest first, who did it and when. */
export function HistoryButton({ recordId, number }: { recordId: string; number: string }) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState(false);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  // Only the answer to the latest opening is shown (one opened, closed and opened again).
  const asked = useRef(0);

  const load = async () => {
    const mine = ++asked.current;
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setShown({ state: 'offline' });
      return;
    }
    setShown({ state: 'loading' });
    try {
      const rows = await fetchHistory(recordId);
      if (mine === asked.current) setShown({ state: 'done', rows, now: Date.now() });
    } catch (error) {
      if (mine !== asked.current) return;
      if (endedStaffSession(error)) {
        setOpen(false);
        return;
      }
      setShown({ state: failureKind(error) === 'offline' ? 'offline' : 'error' });
    }
  };

  const title = number ? `Histórico de ${displayTrackingNumber(number)}` : 'Histórico';
  return (
    <>
      {/* A plain button in the list's styles, and the dialog made only once it is asked for: the
          office's list draws this in every card, and a search keystroke draws up to 25 new cards
          (a Chakra button and a dialog's state machine in each were a quarter of that keystroke). */}
      <button
        type="button"
        {...look('outline')}
        aria-label={`Histórico de ${number}`}
        onClick={() => {
          setMade(true);
          setOpen(true);
          void load();
        }}
      >
        Histórico
      </button>
      {made && (
        <Dialog.Root
          open={open}
          onOpenChange={(e) => setOpen(e.open)}
          lazyMount
          unmountOnExit
          scrollBehavior="inside"
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <HistoryBody shown={shown} />
                </Dialog.Body>
                <Dialog.Footer>
                  {(shown.state === 'offline' || shown.state === 'error') && (
                    <Button variant="outline" onClick={() => void load()}>
                      Tentar de novo
                    </Button>
                  )}
                  <Dialog.ActionTrigger asChild>
                    <Button>Fechar</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Fechar" />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </>
  );
}

function HistoryBody({ shown }: { shown: Shown }) {
  if (shown.state === 'loading') {
    return <Text color="fg.muted">Carregando...</Text>;
  }
  if (shown.state === 'offline') {
    return (
      <Text role="status" color="fg.muted">
        {HISTORY_MESSAGES.offline}
      </Text>
    );
  }
  if (shown.state === 'error') {
    return (
      <Text role="alert" color="fg.error">
        {HISTORY_MESSAGES.failed}
      </Text>
    );
  }
  if (shown.rows.length === 0) return <Text color="fg.muted">{HISTORY_MESSAGES.empty}</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" ps="0" fontSize="sm">
      {shown.rows.map((row) => (
        <li key={row.id}>{historyLine(row, shown.now)}</li>
      ))}
    </Stack>
  );
}
