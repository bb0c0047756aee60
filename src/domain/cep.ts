// The state (UF) a CEP belongs to, from the ranges the Correios give each state: known on the
// device with no signal, so an address form fills the UF as soon as the eight digits are typed
// and a UF that contradicts the CEP is caught before saving. Also the rules for a public
// service's answer (looked up by src/lib/cep-lookup.ts): which fields it may fill, and what a
// person typed that contradicts the CEP.
import { STATE_CODES } from './states';
import { foldText } from './text';

type StateCode = (typeof STATE_CODES)[number];

/** [first five digits, last five digits, UF], in CEP order. */
const RANGES: readonly [number, number, StateCode][] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF of a CEP (typed with or without its dash), or null for one that is not eight digits or in no range. */
export function ufFromCep(cep: string): StateCode | null {
  const digits = String(cep).replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const head = Number(digits.slice(0, 5));
  // A binary search over the ranges (in CEP order), by index: PocketBase's JS engine checks both
  // CEPs of every request this way, and there `find` with a destructured [from, to] (an iterator
  // per range) took some 60 µs a CEP.
  let low = 0;
  let high = RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = RANGES[middle]!;
    if (head < range[0]) high = middle - 1;
    else if (head > range[1]) low = middle + 1;
    else return range[2];
  }
  return null;
}

/** What is wrong when a UF contradicts its CEP ('Este CEP é de GO: confira a UF.'), or null. */
export function cepStateProblem(cep: string, uf: string): string | null {
  const expected = ufFromCep(cep);
  return expected && uf && uf !== expected ? `Este CEP é de ${expected}: confira a UF.` : null;
}

/**
 * The addresses the CEP lookup asks, those cep-promise calls from a browser (BrasilAPI, ViaCEP,
 * WideNet): the pages' Content-Security-Policy has to let the browser reach them.
 */
export const CEP_SERVICE_ORIGINS = [
  'https://brasilapi.com.br',
  'https://viacep.com.br',
  'https://cdn.apicep.com',
] as const;

/** A CEP's address as a public service gave it, checked (`cepAnswerOf`). */
export interface CepAnswer {
  /** Eight digits. */
  cep: string;
  street: string;
  district: string;
  city: string;
  state: StateCode;
}

export type CepPart = Exclude<keyof CepAnswer, 'cep'>;

const clean = (value: unknown, max: number) =>
  (typeof value === 'string' ? value : '').replace(/\s+/g, ' ').trim().slice(0, max);

/**
 * A service's answer ({ cep, state, city, neighborhood, street }) as the forms use it, or null when
 * it cannot be trusted: another CEP, no city, or a UF the CEP's range contradicts (the forms check
 * the UF against the range, so filling that one would only raise an error the person cannot fix).
 */
export function cepAnswerOf(raw: unknown, cep: string): CepAnswer | null {
  const digits = String(cep).replace(/\D/g, '');
  const uf = ufFromCep(digits);
  if (!uf || !raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const city = clean(r.city, 100);
  if (clean(r.cep, 20).replace(/\D/g, '') !== digits || !city || clean(r.state, 2) !== uf) {
    return null;
  }
  return {
    cep: digits,
    street: clean(r.street, 200),
    district: clean(r.neighborhood ?? r.district, 100),
    city,
    state: uf,
  };
}

/**
 * Where a form puts an answer: each field and the parts it shows, joined with ' - ' ('Rua 7 -
 * Setor Oeste', 'Goiânia - GO'). A field is filled only when its first part is known: with no
 * city, 'Cidade' stays empty rather than holding a bare 'GO'.
 */
export type CepLayout = Readonly<Record<string, readonly CepPart[]>>;

/**
 * The values to write once a CEP is answered: only into fields that are empty or still hold what
 * an earlier answer wrote there (`filled`), never over what the person typed. A field an earlier
 * CEP filled and this answer says nothing of is emptied (that street belonged to the other CEP),
 * unless the answer is `partial` (the UF known at once, the rest still being looked up).
 */
export function cepFill(
  layout: CepLayout,
  answer: Partial<Record<CepPart, string>>,
  values: Readonly<Record<string, string | undefined>>,
  filled: Readonly<Record<string, string>>,
  { partial = false }: { partial?: boolean } = {},
): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const [field, parts] of Object.entries(layout)) {
    const value = answer[parts[0]!]
      ? parts
          .map((part) => answer[part] ?? '')
          .filter(Boolean)
          .join(' - ')
      : '';
    const current = values[field] ?? '';
    const free = current.trim() === '' || current === filled[field];
    if (!free || value === current || (value === '' && partial)) continue;
    changes[field] = value;
  }
  return changes;
}

/** The UF a place names: 'GO', 'Goiânia - GO', 'Goiânia/GO', 'Goiânia, go'; null when none. */
export function placeUf(place: string): StateCode | null {
  const m = /(?:^|[-/,])\s*([A-Za-z]{2})\s*$/.exec(String(place).trim());
  const uf = m ? m[1]!.toUpperCase() : '';
  return (STATE_CODES as readonly string[]).includes(uf) ? (uf as StateCode) : null;
}

/**
 * What is wrong when a place contradicts its CEP: a UF field, or a city written with its UF
 * ('Curitiba - SP' for a CEP of PR). A city written without a UF says nothing the device can check.
 */
export function cepPlaceProblem(cep: string, place: string): string | null {
  return cepStateProblem(cep, placeUf(place) ?? '');
}

/**
 * A quiet note when the city typed is not the one the CEP's answer names ('Pelo CEP, a cidade é
 * Goiânia.'). Not an error: the services name some places otherwise than the people living there
 * (a district for its municipality), and only the browser knows the answer.
 */
export function cepCityNote(answer: Pick<CepAnswer, 'city'> | null, place: string): string | null {
  const city = String(place)
    .replace(/\s*[-/,]\s*[A-Za-z]{2}\s*$/, '')
    .trim();
  if (!answer || !city || foldText(city) === foldText(answer.city)) return null;
  return `Pelo CEP, a cidade é ${answer.city}.`;
}

/** How a lookup ended: an answer (from a service or kept on the device), or why there is none. */
export type CepOutcome = 'found' | 'offline' | 'failed' | 'not-found';

/** Under a complete CEP while its address is looked up (the answer's note takes its place). */
export const CEP_LOOKING_NOTE = 'Buscando o endereço deste CEP…';

/**
 * Lines kept under a CEP from the moment its lookup starts: the notes take up to two on a phone,
 * so the answer arriving seconds later moves nothing below it (a finger on the next field would
 * otherwise land on another one).
 */
export const CEP_NOTE_LINES = 2;

/**
 * What the person is told under the CEP, quietly: what was filled, or that the address is theirs
 * to type. `ufFilled`: the form has a UF field, filled from the CEP's range.
 */
export function cepNote(
  outcome: CepOutcome,
  { filledAddress, ufFilled }: { filledAddress: boolean; ufFilled: boolean },
): string | null {
  switch (outcome) {
    case 'found':
      return filledAddress ? 'Endereço preenchido pelo CEP: confira e complete o número.' : null;
    case 'offline':
      return ufFilled
        ? 'Sem conexão: preencha o endereço; a UF veio do CEP.'
        : 'Sem conexão: preencha o endereço e a cidade.';
    case 'failed':
      return ufFilled
        ? 'Não foi possível buscar o endereço agora: preencha-o; a UF veio do CEP.'
        : 'Não foi possível buscar o endereço agora: preencha-o.';
    case 'not-found':
      return 'Endereço deste CEP não encontrado: confira o número ou preencha o endereço.';
  }
}
