/**
 * The office list's filters, sort and search as they live in the address (a count of the panel is
 * a link, and 'Voltar' works), and the search as typed ahead of it.
 */
import { useState } from 'react';
import {
  PROMISES,
  SITUATIONS,
  SORT_COLUMNS,
  type OfficeFilters,
  type PromiseFilter,
  type Situation,
  type Sort,
  type SortColumn,
  type StageFilter,
} from '../../../domain/office-view';

/** The list's filters live in the address: a count of the panel is a link, and 'Voltar' works. */
export const PARAM = {
  situation: 'situacao',
  driver: 'motorista',
  stage: 'etapa',
  promise: 'prazo',
  city: 'cidade',
  text: 'busca',
} as const satisfies Record<keyof OfficeFilters, string>;

export function filtersOf(params: URLSearchParams): OfficeFilters {
  const pick = <T extends string>(name: string, allowed: readonly string[]) => {
    const value = params.get(name) ?? '';
    return allowed.includes(value) ? (value as T) : undefined;
  };
  return {
    situation: pick<Situation>(
      PARAM.situation,
      SITUATIONS.map((s) => s.key),
    ),
    driver: params.get(PARAM.driver) || undefined,
    stage: pick<StageFilter>(PARAM.stage, ['0', '1', '2', '3', '4']),
    promise: pick<PromiseFilter>(
      PARAM.promise,
      PROMISES.map((p) => p.key),
    ),
    city: params.get(PARAM.city) || undefined,
    text: params.get(PARAM.text) || undefined,
  };
}

export function sortOf(params: URLSearchParams): Sort | null {
  const value = params.get('ordem') ?? '';
  const column = value.replace(/^-/, '') as SortColumn;
  return SORT_COLUMNS.includes(column) ? { column, descending: value.startsWith('-') } : null;
}

/**
 * The search as typed, ahead of the address: each keystroke filters the list at once, and the
 * address (a navigation of the whole app, several times a keystroke's work) takes it on Enter
 * (`commit`), when the office asks to keep it. Not on a timer nor when the field is left: either
 * navigation could land in the middle of a click on a line or a link and undo it. A search set
 * elsewhere (a scanned label, 'Limpar filtros', 'Voltar') replaces what was typed; typing over a
 * search in the address takes it out of the address once.
 */
export function useTypedSearch(inAddress: string, toAddress: (value: string) => void) {
  const [typed, setTyped] = useState(inAddress);
  // The address as last seen, and the value this screen last wrote to it: a navigation lands a
  // moment after it is asked for, and its own write arriving must not undo what was typed since.
  const [seen, setSeen] = useState(inAddress);
  const [wrote, setWrote] = useState<string | null>(null);
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== wrote) setTyped(inAddress);
  }
  const write = (value: string) => {
    setWrote(value);
    toAddress(value);
  };
  const type = (value: string) => {
    setTyped(value);
    if (inAddress) write('');
  };
  const commit = () => {
    if (typed !== inAddress) write(typed);
  };
  return [typed, type, commit] as const;
}
