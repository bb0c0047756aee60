// What the pages that connect a company's own systems ('Chaves de API', 'Webhooks') share: the
// list read from the server (never kept on the device), the box that makes a new one, the secret
// shown only once with a button to copy it, and the confirmation before one is taken away.
import { Box, Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toaster } from '../../components/toaster';
import { failureKind, serverMessage } from '../../lib/pocketbase';

/**
 * One action at a time on the server: `busy` names the one under way (its button spins), and a
 * failure, after `onFailure`, is a toast: the page's `offline` words when there is no signal
 * (these pages only work with it), else the server's message or `fallback`.
 */
export function useServerAction(offline: { title: string; description: string }) {
  const [busy, setBusy] = useState('');
  const run = async (
    key: string,
    work: () => Promise<unknown>,
    fallback: string,
    onFailure?: (failure: unknown) => void,
  ) => {
    setBusy(key);
    try {
      await work();
    } catch (failure) {
      onFailure?.(failure);
      if (failureKind(failure) === 'offline') toaster.create({ ...offline, type: 'warning' });
      else toaster.create({ title: serverMessage(failure) || fallback, type: 'error' });
    } finally {
      setBusy('');
    }
  };
  return { busy, run };
}

/**
 * The company's list from the server (`fetchList`, a stable function), read again on `load()` and,
 * with `refreshMs`, every so often while the page is in view. `offline`/`failed`: what the page
 * says when it could not be read.
 */
export function useServerList<T>(
  fetchList: () => Promise<T[]>,
  offline: string,
  failed: string,
  refreshMs = 0,
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let gone = false;
    const fetchNow = () =>
      fetchList().then(
        (list) => {
          if (gone) return;
          setItems(list);
          setLoadError('');
        },
        (failure: unknown) => {
          if (gone) return;
          setLoadError(
            failureKind(failure) === 'offline' ? offline : serverMessage(failure) || failed,
          );
        },
      );
    void fetchNow();
    const timer = refreshMs
      ? window.setInterval(() => {
          if (document.visibilityState === 'visible') void fetchNow();
        }, refreshMs)
      : 0;
    return () => {
      gone = true;
      if (timer) window.clearInterval(timer);
    };
  }, [fetchList, offline, failed, refreshMs, version]);

  return { items, loadError, load: () => setVersion((v) => v + 1) };
}

/** The box that makes a new one: its heading, its field (`children`) and its submit button. */
export function CreateBox({
  title,
  submit,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  submit: string;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {children}
          <Button type="submit" colorPalette="brand" loading={busy} alignSelf="start">
            {submit}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

/**
 * The list as read: why it could not be read, `empty` when there is nothing yet, or one item
 * (named by `itemName`, drawn by `children`) a line.
 */
export function ServerList<T extends { id: string }>({
  items,
  loadError,
  empty,
  label,
  gap,
  itemName,
  opacity,
  children,
}: {
  items: T[] | null;
  loadError: string;
  empty: string;
  label: string;
  gap: string;
  itemName: (item: T) => string;
  opacity?: (item: T) => number;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {loadError && <Text color="orange.fg">{loadError}</Text>}
      {items && items.length === 0 && <Text>{empty}</Text>}
      {items && items.length > 0 && (
        <Stack as="ul" gap={gap} listStyleType="none" aria-label={label}>
          {items.map((item) => (
            <Box
              as="li"
              key={item.id}
              aria-label={itemName(item)}
              borderWidth="1px"
              borderRadius="lg"
              p="3"
              opacity={opacity?.(item)}
            >
              {children(item)}
            </Box>
          ))}
        </Stack>
      )}
    </>
  );
}

/** 'Criada em …' under an item: when it was made, and by whom when known. */
export function MadeAt({ label, at, by }: { label: string; at: string; by: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" mt="1">
      {label} {at}
      {by ? ` por ${by}` : ''}
    </Text>
  );
}

/** The second step of taking one away: what it does, then confirm or cancel. */
export function ConfirmRemoval({
  warning,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: {
  warning: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Flex gap="2" mt="2" wrap="wrap" align="center">
      <Text fontSize="sm">{warning}</Text>
      <Button size="sm" colorPalette="red" loading={busy} onClick={onConfirm}>
        {confirm}
      </Button>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancelar
      </Button>
    </Flex>
  );
}

/** The words of a secret's box, in the page's own terms (a key, a webhook's secret). */
export interface SecretTexts {
  /** The box's name (a region). */
  region: string;
  copy: string;
  copied: string;
  /** When the clipboard refuses: copying it by hand. */
  byHand: { title: string; description: string };
}

/**
 * What was just made, its secret shown this once (the server never shows it again), with a button
 * to copy it. `children`: what it is and what to do with it.
 */
export function SecretShownOnce({
  title,
  secret,
  testId,
  texts,
  onDone,
  children,
}: {
  title: ReactNode;
  secret: string;
  testId: string;
  texts: SecretTexts;
  onDone: () => void;
  children: ReactNode;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toaster.create({ title: texts.copied, type: 'success', duration: 3000 });
    } catch {
      toaster.create({ ...texts.byHand, type: 'info' });
    }
  };
  return (
    <Box
      role="region"
      aria-label={texts.region}
      borderWidth="2px"
      borderColor="green.solid"
      borderRadius="lg"
      p="4"
    >
      <Stack gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
        <Code
          data-testid={testId}
          p="2"
          fontSize="sm"
          wordBreak="break-all"
          whiteSpace="normal"
          userSelect="all"
        >
          {secret}
        </Code>
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={copy}>
            {texts.copy}
          </Button>
          <Button variant="outline" onClick={onDone}>
            Já copiei
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
