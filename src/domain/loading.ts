/**
 * 'Carregar veículo': the office loads a driver's van by reading labels one after another. What a
 * number read means for the chosen driver is decided here, before anything is queued, so each read
 * is answered at once (a sound, a line) without asking the server; the changes it makes are the
 * staff's usual ones ('assign', and a stage if one was picked), sent through the outbox.
 */
import { displayTrackingNumber } from './masks';
import { looksLikeShipmentNumber } from './shipment-numbers';
import { DELIVERED_STAGE, type TrackingStage } from './stages';
import {
  assignProblem,
  type AssignChange,
  type StageChange,
  type TrackingRow,
} from './tracking-changes';

/**
 * How long a number the camera keeps seeing stays answered: a label lies under the camera for many
 * frames, and each would otherwise be read again (and answered 'já carregada' with the refusal's
 * sound while the office reaches for the next parcel).
 */
export const REPEAT_MS = 2000;

export const LOADING_MESSAGES = {
  unknown: 'Número não encontrado na lista: confira a etiqueta.',
  again: 'Já carregada nesta sessão.',
  already: (driver: string) => `Já estava com ${driver}: não alterada.`,
  // Never taken from the driver who has it: the office moves it on purpose, in the list.
  other: (driver: string) => `Remessa de ${driver}: não alterada.`,
} as const;

/**
 * - `loaded`: given to the driver now (the changes to queue);
 * - `again`: loaded already in this session (read again later, or typed twice);
 * - `already`: the driver had it before this session;
 * - `other`: another driver's;
 * - `unknown`: not on the device's list;
 * - `refused`: delivered, returned, in 'Pendências' or with no shipment's details (`assignProblem`).
 */
export type LoadKind = 'loaded' | 'again' | 'already' | 'other' | 'unknown' | 'refused';

export interface LoadOutcome {
  kind: LoadKind;
  number: string;
  /** The line the office reads: 'Carregada: 1234 5678 9012 — Para Ana Souza'. */
  message: string;
  /** The same without the number ('Para Ana Souza', 'Remessa de Motorista Beta: não alterada.'). */
  reason: string;
  /** What to queue, in order: the driver, then the stage when one was picked and is not set. */
  changes: (AssignChange | StageChange)[];
}

export interface LoadTarget {
  /** The chosen driver's account id. */
  driver: string;
  /** A stage to set on each loaded shipment ('Encomenda enviada ao destino'), or null. */
  stage: TrackingStage | null;
}

/** '123456789012' → '1234 5678 9012': read at a glance against the label, four digits at a time. */
export function groupedNumber(number: string): string {
  return looksLikeShipmentNumber(number)
    ? number.replace(/(\d{4})(?=\d)/g, '$1 ')
    : displayTrackingNumber(number);
}

/**
 * What a number read means for the chosen driver. `row` is the device's row with that number (with
 * this device's waiting changes on top), `loadedHere` the numbers loaded in this session (known
 * before the list shows them), `at` the time of the read as it travels (ISO 8601).
 */
export function loadScan(
  number: string,
  row: TrackingRow | undefined,
  target: LoadTarget,
  context: { loadedHere: ReadonlySet<string>; driverName: (id: string) => string; at: string },
): LoadOutcome {
  const shown = groupedNumber(number);
  const refuse = (kind: Exclude<LoadKind, 'loaded'>, why: string): LoadOutcome => ({
    kind,
    number,
    message: `${shown}: ${why}`,
    reason: why,
    changes: [],
  });
  if (!row) return refuse('unknown', LOADING_MESSAGES.unknown);
  if (context.loadedHere.has(number)) return refuse('again', LOADING_MESSAGES.again);
  const problem = assignProblem(row);
  if (problem) return refuse('refused', problem);
  const name = context.driverName(target.driver);
  if (row.driver === target.driver) return refuse('already', LOADING_MESSAGES.already(name));
  if (row.driver) return refuse('other', LOADING_MESSAGES.other(context.driverName(row.driver)));

  const base = { record: row.id, number: row.number, at: context.at };
  const changes: LoadOutcome['changes'] = [{ ...base, op: 'assign', driver: target.driver }];
  // A delivery is recorded at the door, with who received it: never from a van being loaded.
  if (target.stage && target.stage !== DELIVERED_STAGE && !row.stages.includes(target.stage)) {
    changes.push({ ...base, op: 'stage', stage: target.stage, set: true });
  }
  return {
    kind: 'loaded',
    number,
    message: `Carregada: ${shown} — Para ${name}`,
    reason: `Para ${name}`,
    changes,
  };
}

/** Numbers the camera saw lately, each with when it was last seen (ms). */
export type RecentReads = ReadonlyMap<string, number>;

/**
 * Whether a number read by the camera is the same label still in view: seen within `REPEAT_MS`.
 * Each sighting counts, so a label left under the camera is answered once however long it stays;
 * several numbers are remembered, since a label's QR code and barcode, or two labels in one frame,
 * are read in turns. Answers the reads to keep for the next frame.
 */
export function seenLately(
  recent: RecentReads,
  number: string,
  now: number,
): { repeat: boolean; recent: RecentReads } {
  const last = recent.get(number);
  const repeat = last !== undefined && now - last < REPEAT_MS;
  const next = new Map([...recent].filter(([, at]) => now - at < REPEAT_MS));
  next.set(number, now);
  return { repeat, recent: next };
}
