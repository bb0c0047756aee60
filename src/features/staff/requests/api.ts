import type { RecordModel } from 'pocketbase';
import {
  SUBMISSION_KIND_LIST,
  SUBMISSION_KINDS,
  type SubmissionKind,
} from '../../../domain/submissions';
import { onRealtimeReconnect, staffApi } from '../../../lib/pocketbase';

export type InboxState = 'open' | 'handled' | 'mail-failed' | 'all';
export type InboxKind = SubmissionKind | 'all';

export interface InboxItem {
  kind: SubmissionKind;
  record: RecordModel;
}

// An e-mail that needs someone: the company's or the requester's confirmation, failing (still
// retried) or refused by the mail server. A dismissed one no longer does.
const MAIL_PROBLEM =
  'mailStatus = "failed" || mailStatus = "refused" || ' +
  'confirmationStatus = "failed" || confirmationStatus = "refused"';

const STATE_FILTER: Record<InboxState, string> = {
  open: 'handledAt = ""',
  handled: 'handledAt != ""',
  'mail-failed': MAIL_PROBLEM,
  all: '',
};

const STUCK = ['failed', 'refused'];

/** Whether one of the request's e-mails fails or was refused (what 'Dispensar' gives up). */
export function hasMailProblem(record: RecordModel): boolean {
  return STUCK.includes(record.mailStatus) || STUCK.includes(record.confirmationStatus);
}

const kindsOf = (kind: InboxKind) =>
  kind === 'all' ? SUBMISSION_KIND_LIST : [SUBMISSION_KINDS[kind]];

/** Does a record belong in the list the staff member is looking at? (For live changes.) */
export function matches(item: InboxItem, kind: InboxKind, state: InboxState): boolean {
  if (kind !== 'all' && item.kind !== kind) return false;
  const r = item.record;
  if (state === 'open') return !r.handledAt;
  if (state === 'handled') return Boolean(r.handledAt);
  if (state === 'mail-failed') return hasMailProblem(r);
  return true;
}

export const byNewest = (a: InboxItem, b: InboxItem) =>
  a.record.created < b.record.created ? 1 : a.record.created > b.record.created ? -1 : 0;

/** The newest `limit` requests of the chosen kinds and state, newest first. */
export async function loadInbox(
  kind: InboxKind,
  state: InboxState,
  limit: number,
): Promise<{ items: InboxItem[]; more: boolean }> {
  const pages = await Promise.all(
    kindsOf(kind).map(async (def) => {
      const page = await staffApi.collection(def.collection).getList(1, limit, {
        sort: '-created,-id',
        filter: STATE_FILTER[state],
        requestKey: null,
      });
      return { def, page };
    }),
  );
  const items = pages
    .flatMap(({ def, page }) => page.items.map((record) => ({ kind: def.kind, record })))
    .sort(byNewest);
  const total = pages.reduce((n, { page }) => n + page.totalItems, 0);
  return { items: items.slice(0, limit), more: total > limit };
}

/** What needs attention, across every kind: requests not yet handled, and e-mails that fail or were refused. */
export async function loadCounts(): Promise<{ open: number; failed: number }> {
  const count = (collection: string, filter: string) =>
    staffApi
      .collection(collection)
      .getList(1, 1, { filter, fields: 'id', requestKey: null })
      .then((p) => p.totalItems);
  const per = await Promise.all(
    SUBMISSION_KIND_LIST.map(async ({ collection }) => ({
      open: await count(collection, STATE_FILTER.open),
      failed: await count(collection, STATE_FILTER['mail-failed']),
    })),
  );
  return per.reduce((a, b) => ({ open: a.open + b.open, failed: a.failed + b.failed }));
}

export async function setHandled(item: InboxItem, handled: boolean): Promise<RecordModel> {
  return staffApi
    .collection(SUBMISSION_KINDS[item.kind].collection)
    .update(item.record.id, { handled }, { requestKey: null });
}

/** 'Dispensar': the request's failing or refused e-mails are given up (not tried again). */
export async function dismissMail(item: InboxItem): Promise<void> {
  await staffApi.send(
    `/api/solicitacoes/${SUBMISSION_KINDS[item.kind].collection}/${item.record.id}/dispensar-email`,
    { method: 'POST', requestKey: null },
  );
}

export async function resendMail(item: InboxItem): Promise<void> {
  await staffApi.send(
    `/api/solicitacoes/${SUBMISSION_KINDS[item.kind].collection}/${item.record.id}/reenviar-email`,
    { method: 'POST', requestKey: null },
  );
}

/** Every change to any request, as it happens; `onReconnect` runs when a lost connection returns. */
export async function followInbox(
  onChange: (action: string, item: InboxItem) => void,
  onReconnect: () => void,
): Promise<() => void> {
  const stops = [await onRealtimeReconnect(staffApi, onReconnect)];
  for (const def of SUBMISSION_KIND_LIST) {
    stops.push(
      await staffApi
        .collection(def.collection)
        .subscribe('*', (e) => onChange(e.action, { kind: def.kind, record: e.record })),
    );
  }
  return () => stops.forEach((stop) => void stop());
}
